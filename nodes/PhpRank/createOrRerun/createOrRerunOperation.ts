import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { OPERATION, RESOURCE } from '../shared/constants';
import {
	CHECK_AFTER_CREATE_PARAMETER,
	checkAfterCreateField,
	maxAgeHoursField,
	OUTPUT_CHANGES_PARAMETER,
	outputChangesField,
	showFor,
	simplifyField,
} from '../shared/fields';
import { maxAgeHoursFrom } from '../shared/inputChecks';
import { loadedOnce } from '../shared/loadedOnce';
import { createRequest } from '../shared/reportRequests';
import { operationRouting } from '../transport';
import { reportModules } from '../report/reportModules';
import type { OutcomeOutput, PageRules } from './index';

/**
 * Report → Create or Re-Run: keep one up-to-date report per page. The operation: its option, its
 * fields and its run, which reads the item's fields once and hands the page to the rules it
 * shares with Project → Audit Site (index.ts `createOrRerunOnce`: the lookup, the site's
 * listing, the overlap guard, the read after a Create, Max Age), then outputs the outcome
 * (`createOrRerunOutput`, with what the fields said the item shows). URL, Privacy and Password
 * are Create's fields (resources/report/create.ts), read by shared/reportRequests.ts
 * `createRequest`.
 */

/**
 * The rules, loaded at the first run, once (shared/loadedOnce.ts): showing the node needs none of
 * them. Audit Site's run imports them itself (auditSite/auditRun.ts), being loaded at its run.
 */
const createOrRerunRules = loadedOnce(async () => await import('./index'));

/**
 * n8n's lint checks actions with a sentence-case converter that drops hyphens ("re-run" becomes
 * "re run"); n8n writes "re-run". Held in a constant, which that rule does not read: a unit test
 * (test/unit/nodeDescription.test.js) checks every action's case instead.
 */
const CREATE_OR_RERUN_ACTION = 'Create or re-run a report';

export const createOrRerunOption: INodePropertyOptions = {
	name: 'Create or Re-Run',
	value: OPERATION.createOrRerun,
	action: CREATE_OR_RERUN_ACTION,
	description:
		"Keep one up-to-date report per page: re-run the newest report of the URL, or create one when it has none. Returns the report (score from 0 to 100, label, failed checks) and 'action': created, re-run or kept.",
	// The run looks the URL up first and sends the Create only when no report has it.
	routing: operationRouting(async (context, requests) => {
		// Every field read once: the page's Create, what the rules get, what the item shows.
		const create = createRequest(context);
		const rules: PageRules = {
			maxAgeHours: maxAgeHoursFrom(context.getNodeParameter('maxAgeHours', 0)),
			checkAfterCreate: context.getNodeParameter(CHECK_AFTER_CREATE_PARAMETER, true) !== false,
		};
		const output: OutcomeOutput = {
			view: (await reportModules.reportView()).reportView(context),
			changes: context.getNodeParameter(OUTPUT_CHANGES_PARAMETER, false) === true,
		};
		const { createOrRerunOnce, createOrRerunOutput, rulesApiOf } = await createOrRerunRules();
		const apiFor = rulesApiOf(context, requests);
		// One run's items naming the same page share one outcome; the run's execute data scopes them.
		const outcome = await createOrRerunOnce(
			context.getExecuteData() ?? {},
			{ url: create.url, ...rules },
			apiFor(create.request),
		);
		return [createOrRerunOutput(outcome, output)];
	}),
};

/**
 * Create or Re-Run's own fields. URL, Privacy and Password are Create's (resources/report/create.ts):
 * Privacy and Password are sent only when the report is created.
 */
export const createOrRerunFields: INodeProperties[] = [
	maxAgeHoursField(showFor(RESOURCE.report, [OPERATION.createOrRerun])),
	outputChangesField(
		"Whether to add what the re-run changed under 'changes': score and label before and after ('score_change' is negative when the score dropped), 'regressions' (checks that passed before and fail now, with the reason) and 'fixed'. No extra request: the report found by the lookup is the one before. A kept report shows no change; a created one has no previous values.",
		showFor(RESOURCE.report, [OPERATION.createOrRerun]),
	),
	checkAfterCreateField(
		"Whether to read the page's reports once more after creating one (one more request per Create): when another n8n process (a queue-mode worker, another n8n) created the same page at the same time, the newer report is deleted and the older one output, so every run ends on one report. Turn off only when runs for one page never overlap across n8n processes.",
		showFor(RESOURCE.report, [OPERATION.createOrRerun]),
	),
	simplifyField(showFor(RESOURCE.report, [OPERATION.createOrRerun])),
];
