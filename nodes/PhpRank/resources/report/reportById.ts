import type { IExecuteSingleFunctions, IHttpRequestMethods } from 'n8n-workflow';

import { RESOURCE } from '../../shared/constants';
import { reportIdFrom } from '../../shared/inputChecks';
import { encodedForm } from '../../shared/reportForm';
import type { ApiRequest } from '../../transport';

/**
 * The requests to `/reports/{id}`: each names its report, for the failure's words ("Report 12 not
 * found"). Get, Update and Delete take the ID from the Report field (`reportFieldId`); Create or
 * Re-Run, Validate Fix and Audit Site from a report they listed.
 */

/** A request to report `id`. */
export function reportRequest(method: IHttpRequestMethods, id: number | string): ApiRequest {
	return { method, url: `/reports/${id}`, subject: { resource: RESOURCE.report, id } };
}

/**
 * The report of Get, Update and Delete: the Report field ("From List" and "By ID" alike) read once
 * and checked (a positive whole number), before any request.
 */
export function reportFieldId(context: IExecuteSingleFunctions): number {
	return reportIdFrom(context.getNodeParameter('reportId', undefined, { extractValue: true }));
}

/** The fields of a report phpRank changes (PATCH): only those given are sent. */
export interface ReportChange {
	privacy?: number;
	/** Sent with Privacy Password; carried as a secret no error may show. */
	password?: string;
	/** Whether phpRank analyses the page again (`results`, 0 or 1). */
	results: boolean;
}

/**
 * Update's PATCH of report `id`: its form in phpRank's order (privacy, password, results). `page`:
 * the web page a re-run makes phpRank fetch, named when it cannot.
 */
export function reportChange(id: number | string, change: ReportChange, page?: string): ApiRequest {
	const { privacy, password, results } = change;
	return {
		...reportRequest('PATCH', id),
		body: encodedForm({ privacy, password, results }),
		secrets: password === undefined ? undefined : [password],
		page,
	};
}

/** The re-run of report `id` (`results=1`), as Update's Re-Run Analysis sends it. */
export function rerunRequest(id: number | string, page?: string): ApiRequest {
	return reportChange(id, { results: true }, page);
}
