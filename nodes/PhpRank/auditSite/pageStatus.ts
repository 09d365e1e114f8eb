import type { IDataObject, IN8nHttpFullResponse } from 'n8n-workflow';

import { canceledFailure, throwIfCanceled } from '../transport/abort';
import { attemptSignal } from '../transport/attemptSignal';
import { headerValue } from '../transport/response';
import { discardBody } from '../transport/responseBody';
import type { SiteSending } from './siteFetch';
import { siteRequestOptions } from './siteFetch';

/**
 * Asking a site's page what it answers (Project → Audit Site, before a report of a page no sitemap
 * lists is deleted: auditSite/pageAnswer.ts follows the redirects, one hop at a time). Sent
 * as the site's files are (siteFetch.ts): n8n's plain HTTP helper, so no credential and no cookie
 * travels, with the node's Proxy and Ignore SSL Issues; one request is one hop (a redirect is not
 * followed here: where it leads is the caller's rule); the body is not read at all, the connection is
 * closed once the status came; the node's Timeout bounds each request, Stop ends every wait.
 */

/** The status a page answered, or null when none came (a timeout, a refused connection, TLS, DNS). */
export type PageStatus = number | null;

/** One request's answer: its status and, for a redirect, its Location header as sent. */
export interface PageHop {
	status: PageStatus;
	location?: string;
}

/** Asks `url` (GET) once; Stop rejects with the `canceled` failure. */
export async function pageHop(sending: SiteSending, url: string): Promise<PageHop> {
	throwIfCanceled(sending.cancel);
	const hop = attemptSignal(
		sending.cancel,
		sending.timeoutMs,
		siteRequestOptions(url, sending, 'text/html, */*;q=0.5'),
	);
	try {
		const response: IN8nHttpFullResponse = await Promise.race([
			sending.send(hop.options),
			hop.aborted,
		]);
		discardBody(response.body);
		if (typeof response.statusCode !== 'number') return { status: null };
		const location = headerValue(response.headers as IDataObject, 'location');
		return location === undefined
			? { status: response.statusCode }
			: { status: response.statusCode, location };
	} catch {
		if (sending.cancel?.aborted) throw canceledFailure();
		return { status: null };
	} finally {
		// the answer is the status alone: the connection goes with the attempt
		hop.abort();
		hop.release();
	}
}
