import type { IExecuteSingleFunctions, IHttpRequestMethods } from 'n8n-workflow';

import { RESOURCE } from '../../shared/constants';
import { reportIdFrom } from '../../shared/inputChecks';
import type { ApiRequest } from '../../transport';

/**
 * The request to `/reports/{id}` of Get, Update and Delete: the Report field ("From List" and
 * "By ID" alike) read once and checked (a positive whole number), before any request.
 */
export function reportById(
	context: IExecuteSingleFunctions,
	method: IHttpRequestMethods,
): ApiRequest {
	const id = reportIdFrom(context.getNodeParameter('reportId', undefined, { extractValue: true }));
	return { method, url: `/reports/${id}`, subject: { resource: RESOURCE.report, id } };
}
