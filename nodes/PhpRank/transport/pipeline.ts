import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import type { ApiRequest } from '../shared/apiRequest';
import { abortableWait, canceledFailure } from './abort';
import { attemptSignal } from './attemptSignal';
import type { AccountGate } from './accountGate';
import { gateFor } from './accountGate';
import type { Failure, ResponseShape } from './failure';
import { failedForItsRecordOnly, PipelineFailure, retryKind, transportFailure } from './failure';
import { failureTextOf } from './itemFailure';
import { DEFAULT_TIMEOUT_MS } from './limits';
import type { CollectOptions, ListEnvelope, PagePosition } from './paging';
import { atPage, collectPages } from './paging';
import type { ApiChannel, ConnectionOptions, RequestHooks } from './request';
import type { ApiResponse, RateLimitedResponse } from './response';
import { bodyOfExpectedShape, remainingRequests, responseFailure } from './response';
import { discardBody, readResponseBody } from './responseBody';

/**
 * The one way a request of this package travels: the routed operations, the trigger's polls and
 * the list searches all come here, each with the channel the entry point (index.ts) made for it
 * (how n8n is asked to send). It owns the headers, the account's gate and the retries, reading
 * the response (response.ts) and paging (paging.ts). What fails is thrown as a PipelineFailure,
 * data, and turned into n8n's error once, at the entry point (index.ts `nodeErrorOf`, with the
 * words of `failureTextOf`). This module is the transport at run time: the entry point loads it
 * at the first request (its one deferred load), and with it the rest. docs/internals.md, "A Get of
 * a report, function by function", walks through it.
 */

export { failureTextOf };

const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;

/** Backoff before retry `attempt` (1-based): 0.5 s, 1 s, 2 s, ... at most 8 s. */
export function backoffMs(attempt: number): number {
	return Math.min(FIRST_BACKOFF_MS * 2 ** (attempt - 1), MAX_BACKOFF_MS);
}

/**
 * The options of every attempt. Redirects are never followed: n8n would send the Authorization
 * header (and a Create's form, password included) to wherever a server points. Every status
 * reaches the pipeline, which words it. The body comes as a stream, which the attempt reads
 * within the bound on a response's size (responseBody.ts). (A site's files: siteFetch.ts
 * `siteRequestOptions`.)
 */
export function apiRequestOptions(request: ApiRequest): IHttpRequestOptions {
	const headers: IDataObject = { Accept: 'application/json' };
	if (request.body !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
	return {
		method: request.method,
		url: request.url,
		qs: request.qs,
		body: request.body,
		headers,
		disableFollowRedirect: true,
		ignoreHttpStatusErrors: true,
		returnFullResponse: true,
		encoding: 'stream',
	};
}

/** n8n's own Timeout (axios' `timeout`) gives these codes; the node's deadline words them alike. */
const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT']);

/** A page of a list must be the page asked for: a server that ignores `page` cannot be paged. */
function pageMismatch(request: ApiRequest, body: unknown): Failure | undefined {
	const asked = Number(request.qs?.page);
	const meta = (body as { meta?: { current_page?: unknown } } | undefined)?.meta;
	const sent = meta?.current_page;
	if (!Number.isFinite(asked) || sent === undefined || sent === null || sent === '') return;
	if (Number(sent) === asked) return;
	return {
		type: 'pagingBroken',
		path: request.url,
		page: asked,
		sentPage: Number.isFinite(Number(sent)) ? Number(sent) : undefined,
	};
}

/** One request on its way through its attempts: what each step reads and what it keeps. */
interface Sending {
	channel: ApiChannel;
	request: ApiRequest;
	hooks: RequestHooks | undefined;
	expect: ResponseShape;
	gate: AccountGate;
	/** When every request of the channel must be done (Infinity: never). */
	endsAt: number;
	/** Attempts sent so far. */
	attempts: number;
	/** Retries after a failure so far (429s not counted: they are waited out). */
	retries: number;
	/** Time spent in the account's pauses, against Max Wait for Rate Limit. */
	rateLimitWaitMs: number;
	/** Whether this request itself got a 429 (the pause it waits in is then its own). */
	rateLimitedHere: boolean;
	/** Whether it was sent again after an attempt phpRank may have carried out. */
	resentAfterPossibleSuccess: boolean;
}

/**
 * What one attempt gave: a response (whatever its status) and what it stands for (a failure, a
 * 429 to wait out, or nothing: usable), or a failure without one.
 */
type AttemptResult =
	| { response: ApiResponse; verdict: Failure | RateLimitedResponse | undefined }
	| { failure: Failure };

/** What follows a failed attempt: done with a body after all, or another attempt (after a wait). */
type NextStep = { done: true; body: unknown } | { done: false };

/**
 * Sends a request through the retry loop and returns its body, checked to be of `expect`'s shape.
 * Its steps, top-down: **admit** the request under the account's throttle (a place at its gate,
 * within what is left of Max Wait for Rate Limit and of the channel's deadline), **attempt** one
 * send, **decide** what follows: done; a 429 waits (Retry-After, within Max Wait for Rate Limit)
 * and tries again, as phpRank did not process it; a request that never reached phpRank is sent
 * again unless the configuration is wrong; after a server error, reset or timeout only requests
 * that are safe to repeat (not a Create) are sent again, with backoff; or fail. A failure takes
 * the request's secrets with it, for whoever words it (index.ts `nodeErrorOf`).
 */
export async function send(
	channel: ApiChannel,
	expect: ResponseShape,
	request: ApiRequest,
	hooks?: RequestHooks,
): Promise<unknown> {
	const { limits, cancelSignal } = channel;
	const sending: Sending = {
		channel,
		request,
		hooks,
		expect,
		gate: gateFor(channel.node),
		endsAt: channel.deadline?.endsAt ?? Infinity,
		attempts: 0,
		retries: 0,
		rateLimitWaitMs: 0,
		rateLimitedHere: false,
		resentAfterPossibleSuccess: false,
	};
	const options = apiRequestOptions(request);
	try {
		for (;;) {
			// admit
			if (cancelSignal?.aborted) throw canceledFailure();
			const rateLimitDeadline = Date.now() + limits.maxRateLimitWaitMs - sending.rateLimitWaitMs;
			const admission = await sending.gate.acquire(
				limits.maxParallel,
				Math.min(rateLimitDeadline, sending.endsAt),
				cancelSignal,
			);
			if (!admission.admitted) throw notAdmitted(sending, admission.pauseMs, rateLimitDeadline);
			sending.rateLimitWaitMs += admission.pausedMs;
			// attempt
			const result = await attempt(sending, options);
			// decide
			let next: NextStep;
			if ('failure' in result) next = await retryOrFail(sending, result.failure);
			else if (result.verdict?.type === 'rateLimited')
				next = waitForRateLimit(sending, result.verdict.retryAfterMs);
			else {
				// (a 429 pauses the gate in waitForRateLimit, once it is clear that this request waits)
				sending.gate.notRateLimited(remainingRequests(result.response.headers));
				if (!result.verdict) {
					// the body of the shape expected; a list's page must be the one asked for
					const body = bodyOfExpectedShape(result.response.body, expect, request.url);
					const wrongPage = expect === 'list' ? pageMismatch(request, body) : undefined;
					if (wrongPage) throw new PipelineFailure(wrongPage);
					return body;
				}
				next = await retryOrFail(sending, result.verdict);
			}
			if (next.done) return next.body;
		}
	} catch (error) {
		if (error instanceof PipelineFailure && request.secrets) error.secrets.push(...request.secrets);
		// thrown as it is: the entry point makes it n8n's error (index.ts `nodeErrorOf`)
		return await Promise.reject(error);
	}
}

/** The `timedOut` failure of this request's deadline, counting the attempts sent. */
function timedOut(sending: Sending): PipelineFailure {
	const { deadline } = sending.channel;
	return new PipelineFailure({
		type: 'timedOut',
		bound: deadline?.bound ?? 'timeout',
		limitMs: deadline?.limitMs ?? 0,
		attempts: sending.attempts,
	});
}

/** Refused a place at the gate: the failure of the bound that comes first. */
function notAdmitted(
	sending: Sending,
	pauseMs: number,
	rateLimitDeadline: number,
): PipelineFailure {
	const { maxRateLimitWaitMs } = sending.channel.limits;
	// The poll's (or search's) own end comes before Max Wait: that is the bound reached.
	if (sending.endsAt < rateLimitDeadline) return timedOut(sending);
	return new PipelineFailure(
		sending.rateLimitedHere
			? {
					type: 'rateLimitWaitedOut',
					waitedMs: sending.rateLimitWaitMs,
					maxWaitMs: maxRateLimitWaitMs,
				}
			: { type: 'rateLimitTooLong', askedMs: pauseMs, maxWaitMs: maxRateLimitWaitMs },
	);
}

/**
 * One attempt, under its signal (the cancel signal and what is left of the deadline), its place
 * at the gate given back whatever happens: sent through the channel, waited for and its body read
 * (within the bound) until the signal aborts. Stopped, or out of time before anything was sent:
 * thrown at once. An answer that stands for a failure is told to the sending's `onRefusal` before
 * the place at the gate goes to the next request.
 */
async function attempt(sending: Sending, options: IHttpRequestOptions): Promise<AttemptResult> {
	const { channel, request, hooks } = sending;
	const { cancelSignal: cancel, deadline } = channel;
	const attemptMs =
		deadline === undefined ? undefined : Math.min(deadline.attemptMs, sending.endsAt - Date.now());
	const {
		signal,
		options: sentOptions,
		release,
		aborted,
	} = attemptSignal(cancel, attemptMs, options);
	let result: AttemptResult;
	try {
		// Stopped while the place was given, or no time left: nothing is sent.
		if (cancel?.aborted) throw canceledFailure();
		if (attemptMs !== undefined && attemptMs <= 0) throw timedOut(sending);
		hooks?.beforeSend?.();
		sending.attempts++;
		const sent = channel.transmit(sentOptions, signal);
		const answered = await Promise.race([sent, aborted]).catch(async (error: unknown) => {
			// An answer that still arrives after the node gave up is closed as it arrives.
			void sent.then(
				(late) => discardBody(late?.body),
				() => undefined,
			);
			return await Promise.reject(error);
		});
		if (answered) {
			const response = await readResponseBody(answered, signal);
			const verdict = responseFailure(response, request.url, request.subject, request.page);
			if (verdict && verdict.type !== 'rateLimited') hooks?.onRefusal?.(verdict);
			result = { response, verdict };
		} else {
			// A channel that resolved without a response: no response came back.
			result = { failure: { type: 'noAnswer', code: 'no response' } };
		}
	} catch (error) {
		result = { failure: failureOfAttempt(sending, error, signal) };
	} finally {
		release();
		sending.gate.release();
	}
	if ('failure' in result) {
		const { failure } = result;
		if (failure.type === 'canceled' || (failure.type === 'timedOut' && sending.attempts === 0))
			throw new PipelineFailure(failure);
	}
	return result;
}

/** What an attempt that threw means: stopped, a deadline reached, or the transport's failure. */
function failureOfAttempt(sending: Sending, error: unknown, signal: AbortSignal): Failure {
	const { cancelSignal, deadline } = sending.channel;
	if (error instanceof PipelineFailure) return error.failure;
	if (cancelSignal?.aborted) return { type: 'canceled' };
	const failure = transportFailure(error);
	const ranOut =
		signal.aborted ||
		(deadline?.bound === 'timeout' &&
			failure.type === 'noAnswer' &&
			TIMEOUT_CODES.has(failure.code));
	return deadline && ranOut ? timedOut(sending).failure : failure;
}

/**
 * A 429: phpRank did not process the request. Longer than Max Wait allows at all: fail at once.
 * Otherwise the account's gate pauses, and the pause counts against what is left of Max Wait
 * (the gate's acquire refuses a pause past the deadline).
 */
function waitForRateLimit(sending: Sending, askedMs: number | undefined): NextStep {
	const { maxRateLimitWaitMs } = sending.channel.limits;
	sending.rateLimitedHere = true;
	if (askedMs !== undefined && askedMs > maxRateLimitWaitMs) {
		throw new PipelineFailure({
			type: 'rateLimitTooLong',
			askedMs,
			maxWaitMs: maxRateLimitWaitMs,
		});
	}
	sending.gate.rateLimited(askedMs);
	return { done: false };
}

/**
 * A failure other than a 429: a Create phpRank may have carried out is never sent again (its
 * answer is lost); a failure that is final, or the last retry, is thrown; otherwise the request
 * waits its backoff and goes again.
 */
async function retryOrFail(sending: Sending, failure: Failure): Promise<NextStep> {
	const { channel, request } = sending;
	const kind = retryKind(failure);
	const maybeProcessed = kind === 'resendIfRepeatable' || kind === 'finalMaybeProcessed';
	if (maybeProcessed && request.method === 'POST') {
		throw new PipelineFailure({ type: 'answerLost', cause: failure });
	}
	if (
		kind === 'final' ||
		kind === 'finalMaybeProcessed' ||
		sending.retries >= channel.limits.retries
	) {
		if (deletedEarlier(sending, failure)) {
			return { done: true, body: { id: request.subject?.id, deleted: true } };
		}
		throw new PipelineFailure(failure);
	}
	sending.retries++;
	if (kind === 'resendIfRepeatable') sending.resentAfterPossibleSuccess = true;
	const pauseMs = backoffMs(sending.retries);
	// No time for another attempt before the poll's end: the failure as it is.
	if (Date.now() + pauseMs >= sending.endsAt) throw new PipelineFailure(failure);
	await abortableWait(pauseMs, channel.cancelSignal);
	return { done: false };
}

/** A repeated DELETE whose first attempt phpRank may have carried out: its 404 means done. */
function deletedEarlier(sending: Sending, failure: Failure): boolean {
	return (
		sending.expect === 'deletion' &&
		sending.resentAfterPossibleSuccess &&
		failure.type === 'httpError' &&
		failure.statusCode === 404
	);
}

/** The requests one item may send, each through the pipeline. A failure is thrown as a PipelineFailure. */
export interface ItemRequests {
	/**
	 * A single record (Get, Create, Update): the report or project itself. `hooks`: what the
	 * sending calls (a Create within the plan, index.ts `withinPlan`).
	 */
	record(request: ApiRequest, hooks?: RequestHooks): Promise<IDataObject>;
	/** A deletion: `{ id, deleted }`. */
	deletion(request: ApiRequest): Promise<IDataObject>;
	/**
	 * One page of a list, as phpRank's paginator sends it: as `request` asks, or, with `at`, page
	 * `at.page` of `at.perPage` records (for a caller's own fetcher of collectPages).
	 */
	page(request: ApiRequest, at?: PagePosition): Promise<ListEnvelope>;
	/**
	 * A whole list (or as much as `options.plan` asks for), every filter on every page (paging.ts
	 * `collectPages`); `shapePage` turns each page's records into what is kept, as they arrive, so
	 * a Return All never holds every raw record and every output record at once.
	 */
	list(
		url: string,
		qs: IDataObject | undefined,
		options: CollectOptions,
		shapePage?: (records: IDataObject[]) => IDataObject[],
	): Promise<IDataObject[]>;
	/**
	 * A single record, or, when its request failed for that record only (`failedForItsRecordOnly`,
	 * after the retries), what the item's error would say of it (failureWording.ts, no secrets): for
	 * an operation that reports one record's failure in its output and goes on (Validate Fix). Any
	 * other failure is thrown, as by `record`.
	 */
	recordOrFailure(request: ApiRequest): Promise<{ record: IDataObject } | { failure: string }>;
	/**
	 * The longest time of one attempt (for an operation's item, the node's Timeout, as the routing
	 * read it): the bound of what else the item reads, Audit Site's files of the site.
	 */
	attemptMs: number;
	/**
	 * The node's Proxy and Ignore SSL Issues, as the routing read them (none for the trigger's polls
	 * and the list searches): what else the item reads is sent with them, Audit Site's files and pages of the site.
	 */
	connection: ConnectionOptions;
	/** Max Parallel Requests (the node's Options): also the bound of Audit Site's requests to the site's pages. */
	maxParallel: number;
}

/**
 * The requests one item may send through `channel`, each through the retry loop (`send`). A
 * failure is thrown as a PipelineFailure; `recordOrFailure` words a failure of its record only.
 */
export function itemRequests(channel: ApiChannel): ItemRequests {
	return {
		// `send` itself, bound to the channel and the shape: no layer between the run and the loop
		record: send.bind(undefined, channel, 'record') as ItemRequests['record'],
		deletion: send.bind(undefined, channel, 'deletion') as ItemRequests['deletion'],
		page: async (request, at) =>
			(await send(channel, 'list', at ? atPage(request, at) : request)) as ListEnvelope,
		list: async (url, qs, options, shapePage) =>
			await collectPages(
				async (page, perPage) =>
					(await send(
						channel,
						'list',
						atPage({ method: 'GET', url, qs }, { page, perPage }),
					)) as ListEnvelope,
				{ ...options, path: url, shapePage },
			),
		recordOrFailure: async (request) =>
			await send(channel, 'record', request).then(
				(record) => ({ record: record as IDataObject }),
				async (error: unknown) => {
					if (!failedForItsRecordOnly(error)) throw error;
					return { failure: (await failureTextOf(channel, error)).message };
				},
			),
		attemptMs: channel.deadline?.attemptMs ?? DEFAULT_TIMEOUT_MS,
		connection: channel.connection ?? {},
		maxParallel: channel.limits.maxParallel,
	};
}
