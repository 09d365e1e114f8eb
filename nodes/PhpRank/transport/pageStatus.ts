import type { IN8nHttpFullResponse } from 'n8n-workflow';

import { canceledFailure, throwIfCanceled } from './abort';
import { attemptSignal } from './attemptSignal';
import { discardBody } from './responseBody';
import type { SiteSending } from './siteFetch';

/**
 * Asking a site's page what it answers (Project → Audit Site, before a report of a page no sitemap
 * lists is deleted: resources/project/pagesNotListed.ts). Only the site can say that a page is
 * gone; its sitemaps say only what it lists. Sent as the site's files are (siteFetch.ts): n8n's
 * plain HTTP helper, so no credential and no cookie travels, with the node's Proxy and Ignore SSL
 * Issues; redirects are not followed (a 301 is itself the answer); the body is not read at all,
 * the connection is closed once the status came; the node's Timeout bounds each request, Stop
 * ends every wait.
 */

/** The status a page answered, or null when none came (a timeout, a refused connection, TLS, DNS). */
export type PageStatus = number | null;

/** Asks `url` (GET) once; Stop rejects with the `canceled` failure. */
export async function pageStatus(sending: SiteSending, url: string): Promise<PageStatus> {
	throwIfCanceled(sending.cancel);
	const hop = attemptSignal(sending.cancel, sending.timeoutMs, {
		method: 'GET',
		url,
		headers: { Accept: 'text/html, */*;q=0.5' },
		disableFollowRedirect: true,
		ignoreHttpStatusErrors: true,
		returnFullResponse: true,
		encoding: 'stream',
		timeout: sending.timeoutMs,
		...sending.connection,
	});
	try {
		const response: IN8nHttpFullResponse = await Promise.race([
			sending.send(hop.options),
			hop.aborted,
		]);
		discardBody(response.body);
		return typeof response.statusCode === 'number' ? response.statusCode : null;
	} catch {
		if (sending.cancel?.aborted) throw canceledFailure();
		return null;
	} finally {
		// the answer is the status alone: the connection goes with the attempt
		hop.abort();
		hop.release();
	}
}

/**
 * Each of `urls` asked, at most `parallel` at once, in the order given; the statuses in that
 * order. Stop rejects with the `canceled` failure (the requests in flight end with it).
 */
export async function pageStatuses(
	sending: SiteSending,
	urls: string[],
	parallel: number,
): Promise<PageStatus[]> {
	const statuses: PageStatus[] = new Array<PageStatus>(urls.length).fill(null);
	let next = 0;
	const worker = async () => {
		while (next < urls.length) {
			const at = next++;
			statuses[at] = await pageStatus(sending, urls[at]);
		}
	};
	const workers = Array.from({ length: Math.max(1, Math.min(parallel, urls.length)) }, worker);
	await Promise.all(workers);
	return statuses;
}
