import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { OPERATION, RESOURCE } from '../../shared/constants';
import { passwordField, reportPrivacyField, showFor, simplifyField } from '../../shared/fields';
import { createRequest } from '../../shared/reportRequests';
import { operationRouting } from '../../transport';
import { reportModules } from '../../report/reportModules';

/**
 * Report → Create: analyse a page and store its report. Its form (URL, Privacy, Password) is
 * also what Create or Re-Run and Project → Audit Site send when they create (shared/reportRequests.ts).
 */

/** URL, Privacy and Password: Create's form, also sent by Create or Re-Run when it creates. */
const FORM_OPERATIONS = [OPERATION.create, OPERATION.createOrRerun];

export const createOption: INodePropertyOptions = {
	name: 'Create',
	value: OPERATION.create,
	action: 'Create a report',
	description:
		'Analyse a web page (a full http:// or https:// address) and store its report. Returns the report: score from 0 to 100, label (good, decent or bad) and the failed checks with a reason each.',
	routing: operationRouting(async (context, requests) => {
		const record = await requests.record(createRequest(context).request);
		const { reportView } = await reportModules.reportView();
		return [reportView(context)(record)];
	}),
};

export const createFields: INodeProperties[] = [
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/about',
		description:
			'The web page to analyse, as a full address starting with http:// or https://, like https://example.com/about. phpRank fetches it while creating the report.',
		displayOptions: showFor(RESOURCE.report, FORM_OPERATIONS),
		// Not routed: createRequest (shared/reportRequests.ts) reads URL, Privacy and Password once.
	},
	{
		// always sent (reportPrivacyField says why)
		...reportPrivacyField(
			'Who can open the report page: Public (0), Private (1) or Password (2). Create or Re-Run sends it only when it creates the report.',
		),
		displayOptions: showFor(RESOURCE.report, FORM_OPERATIONS),
	},
	passwordField(FORM_OPERATIONS),
	simplifyField(showFor(RESOURCE.report, [OPERATION.create])),
];
