import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { CHECK_CATALOGUE, CHECK_OPTIONS } from '../../report/checkCatalogue';
import type { FailingPage, RecheckOutcome, recheckOutcome } from '../../report/fixValidation';
import { NOT_CHECKED_IN_A_ROW, OPERATION, RESOURCE } from '../../shared/constants';
import { pagesPerIssueField, projectLocator, showFor } from '../../shared/fields';
import { checkKeyFrom } from '../../shared/inputChecks';
import { rerunRequest } from '../../shared/reportRequests';
import type { ItemRequests } from '../../transport';
import { operationRouting } from '../../transport';
import { reportModules } from '../../report/reportModules';
import { pagesPerIssueOf, projectOf, readProjectReports } from '../../transport/projectReports';

/**
 * Project → Validate Fix: after a fix, re-check the pages that failed a check, as Search Console's
 * "Validate fix" does. One read of the project's reports (projectReports.ts: newest first, the
 * page loop of Get Issues), then the re-runs of the pages whose newest report fails the check, one
 * at a time in the listing's order, each as Update's re-run (PATCH results=1). By default it stops
 * at the first page that still fails, so a fix that did not work costs one re-run, or after
 * NOT_CHECKED_IN_A_ROW pages in a row phpRank could not re-check (a site down costs that many, not
 * one per page). One item out (report/fixValidation.ts). The descriptions state that number from
 * the constant, so changing it changes them.
 */

/** How the descriptions say the stop on pages phpRank could not re-check. */
const NOT_CHECKED_STOP = `${NOT_CHECKED_IN_A_ROW} pages in a row phpRank could not re-check`;

/** The re-run of one page's newest report, as Report → Update's Re-Run Analysis sends it. */
async function recheck(
	requests: ItemRequests,
	outcomeOf: typeof recheckOutcome,
	check: string,
	page: FailingPage,
): Promise<RecheckOutcome> {
	const answer = await requests.recordOrFailure(rerunRequest(page.id));
	// A page deleted meanwhile, a page phpRank cannot fetch (422) or a server error (after the
	// retries) is this page's: it is counted as not checked, in the transport's words, and the
	// validation goes on (FixValidation.settled: at most NOT_CHECKED_IN_A_ROW in a row by default).
	// Stop, the rate limit or a wrong key end it.
	if ('failure' in answer) return { kind: 'notChecked', reason: answer.failure };
	return outcomeOf(check, answer.record);
}

export const validateFixOption: INodePropertyOptions = {
	name: 'Validate Fix',
	value: OPERATION.validateFix,
	action: 'Validate the fix of a check on a site',
	description: `After a fix, re-run the reports of the pages whose newest report fails a check, one at a time, and say whether the fix worked: passed, failed, or nothing to validate. Stops at the first page that still fails, or after ${NOT_CHECKED_STOP}, unless Check All Pages is on. Use it for 'I fixed the meta descriptions of example.com, check again'.`,
	routing: operationRouting(async (context, requests) => {
		// Every parameter read and checked before anything is sent.
		const project = projectOf(context);
		const check = checkKeyFrom(context.getNodeParameter('check', ''), CHECK_CATALOGUE);
		const checkAllPages = context.getNodeParameter('checkAllPages', false) === true;
		const pagesListed = pagesPerIssueOf(context);
		const { FailingPages, FixValidation, recheckOutcome } = await reportModules.fixValidation();
		const failing = new FailingPages(check);
		await readProjectReports(requests, project, (report) => failing.add(report));
		const validation = new FixValidation(failing, pagesListed);
		for (const page of failing.pages) {
			const outcome = await recheck(requests, recheckOutcome, check, page);
			validation.record(page, outcome);
			if (validation.settled && !checkAllPages) break;
		}
		return [validation.result(project)];
	}),
};

export const validateFixFields: INodeProperties[] = [
	projectLocator({
		required: true,
		description: 'The project (site) whose pages to re-check',
		displayOptions: showFor(RESOURCE.project, [OPERATION.validateFix]),
	}),
	{
		displayName: 'Check',
		name: 'check',
		type: 'options',
		required: true,
		default: 'meta_description',
		description: 'The check that was fixed: the pages whose newest report fails it are re-checked',
		options: [...CHECK_OPTIONS],
		displayOptions: showFor(RESOURCE.project, [OPERATION.validateFix]),
	},
	{
		displayName: 'Check All Pages',
		name: 'checkAllPages',
		type: 'boolean',
		default: false,
		description: `Whether to re-check every page that failed. Off: stop at the first page that still fails, as Search Console does (a fix that did not work costs one re-run), or after ${NOT_CHECKED_STOP} (the site down or behind a firewall).`,
		displayOptions: showFor(RESOURCE.project, [OPERATION.validateFix]),
	},
	pagesPerIssueField(
		OPERATION.validateFix,
		'How many re-checked pages the output lists (ID, URL, whether fixed, and why not), those still failing first. 0 lists none, only the counts.',
	),
];
