import type { IDataObject, IExecuteSingleFunctions, IHttpRequestMethods } from 'n8n-workflow';

import type { ApiRequest } from './apiRequest';
import { PRIVACY, RESOURCE } from './constants';
import { pageUrlFrom, passwordFrom, privacyFrom } from './inputChecks';

/**
 * The requests to phpRank's reports, built in one place for every operation and the rules that
 * send them (createOrRerun/): the Create (`POST /reports`) and the requests to one report
 * (`/reports/{id}`: Get, Update's PATCH, a re-run, Delete). The transport sends them as they are
 * (transport/pipeline.ts `apiRequestOptions`).
 */

/**
 * A report's form as phpRank requires it: `application/x-www-form-urlencoded`, the fields in the
 * order given (a predictable body), none for an absent value, and booleans as phpRank reads them
 * (`results` is 0/1; n8n's boolean parameter gives true/false).
 */
function encodedForm(fields: IDataObject): string {
	const encoded = new URLSearchParams();
	for (const [name, value] of Object.entries(fields)) {
		if (value === undefined || value === null) continue;
		encoded.append(name, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
	}
	return encoded.toString();
}

/**
 * The Create request of a page whose form was read and checked: Report → Create and Create or
 * Re-Run send it for the item's page (`createRequest`), Project → Audit
 * Site for each page of a site. The password travels as a secret no error may show.
 */
export function createFormRequest(url: string, privacy: number, password?: string): ApiRequest {
	return {
		method: 'POST',
		url: '/reports',
		body: encodedForm({ url, privacy, password }),
		page: url,
		secrets: password === undefined ? undefined : [password],
	};
}

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

/**
 * A request to report `id`, naming its report for the failure's words ("Report 12 not found").
 * Get, Update and Delete take the ID from the Report field (resources/report/reportById.ts);
 * Create or Re-Run, Validate Fix and Audit Site from a report they listed.
 */
export function reportRequest(method: IHttpRequestMethods, id: number | string): ApiRequest {
	return { method, url: `/reports/${id}`, subject: { resource: RESOURCE.report, id } };
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
