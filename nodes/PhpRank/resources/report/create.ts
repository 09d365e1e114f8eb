import type { IExecuteSingleFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { ApiRequest } from '../../shared/apiRequest';
import { OPERATION, PRIVACY, RESOURCE } from '../../shared/constants';
import { passwordField, reportPrivacyField, showFor, simplifyField } from '../../shared/fields';
import { pageUrlFrom, passwordFrom, privacyFrom } from '../../shared/inputChecks';
import { createFormRequest } from '../../shared/reportRequests';
import { operationRouting } from '../../transport';
import { runModules } from '../../runModules';

/**
 * Report → Create: analyse a page and store its report. Its form (URL, Privacy, Password) is
 * also what Create or Re-Run and Project → Audit Site send when they create (shared/reportRequests.ts).
 */

/** URL, Privacy and Password: Create's form, also sent by Create or Re-Run when it creates. */
const FORM_OPERATIONS = [OPERATION.create, OPERATION.createOrRerun];

/**
 * The Create request of the item: URL, Privacy and, for Privacy Password, the password, each read
 * once and checked the way phpRank validates them, so a bad item fails before a request (and
 * before a slow page analysis). They have no `routing`: n8n reads a routed parameter once more
 * per item and evaluates it each time when it is an expression such as `{{ $json.url }}`.
 * `url` is the page as checked (trimmed).
 */
export function createRequest(context: IExecuteSingleFunctions): {
	url: string;
	request: ApiRequest;
} {
	const url = pageUrlFrom(context.getNodeParameter('url', ''));
	const privacy = privacyFrom(context.getNodeParameter('privacy', PRIVACY.private));
	const password =
		privacy === PRIVACY.password
			? passwordFrom(context.getNodeParameter('password', ''))
			: undefined;
	return { url, request: createFormRequest(url, privacy, password) };
}

export const createOption: INodePropertyOptions = {
	name: 'Create',
	value: OPERATION.create,
	action: 'Create a report',
	description:
		'Analyse a web page (a full http:// or https:// address) and store its report. Returns the report: score from 0 to 100, label (good, decent or bad) and the failed checks with a reason each.',
	routing: operationRouting(async (context, requests) => {
		const record = await requests.record(createRequest(context).request);
		const { reportView } = await runModules.reportView();
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
		// Not routed: createRequest reads URL, Privacy and Password once.
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
