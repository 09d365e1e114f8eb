import type { IDataObject, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';

import { canceledFailure, throwIfCanceled } from '../transport/abort';
import type { Attempt } from '../transport/attemptSignal';
import { attemptSignal } from '../transport/attemptSignal';
import type { SiteProblem } from '../transport/failureWording';
import { describeSiteProblem } from '../transport/failureWording';
import { headerValue } from '../transport/response';
import type { ConnectionOptions } from '../transport/request';
import { bodyChunks, discardBody } from '../transport/responseBody';
import { webAddress } from '../shared/webAddress';

/**
 * Reading a file of a site (its robots.txt, its sitemaps) for Project → Audit Site. This is not
 * phpRank's API: it goes through n8n's plain HTTP helper, so no credential travels (the API key
 * never reaches the site), and not through the account's gate or the pipeline's retries. What
 * it shares with phpRank's requests: the node's Request Options (the Timeout, the Proxy, Ignore
 * SSL Issues: `SiteSending`), one signal per file (attemptSignal.ts: Stop and the Timeout close
 * the connection, body included) and the body read as a stream (responseBody.ts `bodyChunks`),
 * which the reader stops as soon as it has what it needs. Redirects are followed here, at most
 * MAX_REDIRECTS, and only where `follow` allows (the site itself, a file not read yet).
 */

export const MAX_REDIRECTS = 5;

/** A file that could not be read: its URL and what happened, nothing of what the site sent. */
export class SiteFileFailure extends Error {
	constructor(
		readonly url: string,
		readonly problem: SiteProblem,
	) {
		super(describeSiteProblem(url, problem));
		this.name = 'SiteFileFailure';
	}
}

/** A file being read: where it was found (after redirects) and its bytes as they arrive. */
export interface SiteFile {
	url: string;
	chunks: AsyncGenerator<Uint8Array, void, undefined>;
	/**
	 * Closes the connection now, whatever is still waiting for its next bytes (a reader that
	 * stopped inside a gzip file leaves a read pending): call it once done with the file.
	 */
	close(): void;
}

/** Whether a redirect to `url` may be followed: yes, or why not. */
export type FollowVerdict = 'follow' | 'offSite' | 'alreadyRead';

export interface SiteFetch {
	/** Opens `url` (GET); a status other than 2xx, or a redirect `follow` refuses, fails. */
	open(url: string, follow: (url: URL) => FollowVerdict): Promise<SiteFile>;
}

/** How n8n is asked to send: its plain HTTP helper (`this.helpers.httpRequest`), no credential. */
export type SiteSender = (options: IHttpRequestOptions) => Promise<IN8nHttpFullResponse>;

/**
 * What an item's requests to its site are made of (Audit Site hands it to the reader,
 * auditSite/readSite.ts, which makes the fetch when it loads, and to pageStatus.ts): the sender,
 * the execution's cancel signal (Stop) and the node's Request Options, as the item's requests to
 * phpRank have them: the Timeout, the Proxy and Ignore SSL Issues (`connection`).
 */
export interface SiteSending {
	send: SiteSender;
	cancel: AbortSignal | undefined;
	timeoutMs: number;
	connection: ConnectionOptions;
}

/** What a site's file is asked as; a page (pageStatus.ts) is asked as HTML. */
const FILE_ACCEPT = 'application/xml, text/xml;q=0.9, text/plain;q=0.8, */*;q=0.5';

/**
 * The options of a request to the site, for a file or a page (pageStatus.ts): GET, no redirect
 * followed by n8n (the caller decides), any status, the body a stream, the item's Timeout and
 * connection (the pipeline's for phpRank: pipeline.ts `apiRequestOptions`).
 */
export function siteRequestOptions(
	url: string,
	sending: SiteSending,
	accept = FILE_ACCEPT,
): IHttpRequestOptions {
	return {
		method: 'GET',
		url,
		headers: { Accept: accept },
		disableFollowRedirect: true,
		ignoreHttpStatusErrors: true,
		returnFullResponse: true,
		encoding: 'stream',
		timeout: sending.timeoutMs,
		...sending.connection,
	};
}

/** What went wrong while a file was asked for or read, as the user reads it. */
function failureOf(
	error: unknown,
	url: string,
	signal: AbortSignal,
	cancel: AbortSignal | undefined,
): Error {
	if (cancel?.aborted) return canceledFailure();
	if (error instanceof SiteFileFailure) return error;
	if (signal.aborted) return new SiteFileFailure(url, { kind: 'timedOut' });
	const code = (error as { code?: unknown } | undefined)?.code;
	return new SiteFileFailure(url, {
		kind: 'noAnswer',
		code: typeof code === 'string' ? code : 'no answer',
	});
}

async function* chunksUntilDone(
	body: unknown,
	url: string,
	signals: { signal: AbortSignal; release: () => void; cancel?: AbortSignal },
): AsyncGenerator<Uint8Array, void, undefined> {
	try {
		yield* bodyChunks(body, signals.signal);
	} catch (error) {
		throw failureOf(error, url, signals.signal, signals.cancel);
	} finally {
		signals.release();
	}
}

/** The redirect's target, when `response` is a redirect; refused targets fail. */
function redirectTarget(
	response: IN8nHttpFullResponse,
	current: string,
	follow: (url: URL) => FollowVerdict,
	hop: { abort: () => void; release: () => void },
): string | undefined {
	const location = headerValue(response.headers as IDataObject, 'location');
	if (response.statusCode < 300 || response.statusCode >= 400 || !location) return undefined;
	discardBody(response.body);
	// this request is over: its connection closed, its signal let go
	hop.abort();
	hop.release();
	const next = webAddress(location, current);
	if (!next) {
		throw new SiteFileFailure(current, { kind: 'status', status: response.statusCode });
	}
	const verdict = follow(next);
	if (verdict !== 'follow') throw new SiteFileFailure(current, { kind: verdict, to: next.href });
	return next.href;
}

/**
 * The site fetch of one item: each file under its own signal, the execution's cancel signal
 * (Stop) and the node's Timeout (for the whole file, body included).
 */
export function siteFetch(sending: SiteSending): SiteFetch {
	const { send, cancel, timeoutMs } = sending;
	return {
		async open(url, follow) {
			throwIfCanceled(cancel);
			// The file's signal (Stop, the Timeout for the whole file); each request of it (a redirect
			// is one more) has its own, ended with it: Node keeps a connection's 'abort' listener on
			// its signal until that aborts, so one signal for every hop would gather them.
			const file = attemptSignal(cancel, timeoutMs);
			let current = url;
			try {
				for (let redirects = 0; ; redirects++) {
					const hop = attemptSignal(file.signal, undefined, siteRequestOptions(current, sending));
					const response = await Promise.race([send(hop.options), hop.aborted]).catch(
						async (error: unknown) => {
							hop.release();
							return await Promise.reject(error);
						},
					);
					const next = redirectTarget(response, current, follow, hop);
					if (next === undefined) return openedFile(response, current, file, hop, cancel);
					if (redirects >= MAX_REDIRECTS) {
						throw new SiteFileFailure(url, { kind: 'tooManyRedirects', limit: MAX_REDIRECTS });
					}
					current = next;
				}
			} catch (error) {
				file.release();
				throw failureOf(error, current, file.signal, cancel);
			}
		},
	};
}

/** The file once its last request answered: a status other than 2xx fails, else its body. */
function openedFile(
	response: IN8nHttpFullResponse,
	url: string,
	file: Attempt,
	hop: Attempt,
	cancel: AbortSignal | undefined,
): SiteFile {
	if (response.statusCode < 200 || response.statusCode >= 300) {
		discardBody(response.body);
		hop.abort();
		hop.release();
		throw new SiteFileFailure(url, { kind: 'status', status: response.statusCode });
	}
	const release = () => {
		hop.release();
		file.release();
	};
	const chunks = chunksUntilDone(response.body, url, { signal: file.signal, release, cancel });
	// the hop's signal is on the connection itself (attemptSignal.ts): aborting it closes it
	const close = () => {
		hop.abort();
		discardBody(response.body);
	};
	return { url, chunks, close };
}
