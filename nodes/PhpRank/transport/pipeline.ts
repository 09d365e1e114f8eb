import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions, INode } from 'n8n-workflow';

import { abortableWait, throwIfCanceled } from './abort';
import { attemptOptions, attemptSignal } from './attemptSignal';
import type { AccountGate } from './accountGate';
import { gateFor } from './accountGate';
import type { ApiResponse } from './response';
import { responseFailure, bodyOfExpectedShape, remainingRequests } from './response';
import type { Failure, FailureSubject, ResponseShape } from './failure';
import { PipelineFailure, retryKind, transportFailure } from './failure';
import type { ChannelDeadline, RequestLimits } from './limits';
import type { CollectOptions, ListEnvelope, PagePosition } from './paging';
import { atPage, collectPages } from './paging';

/**
 * The one way a request of this package travels: the routed operations, the trigger's polls and
 * the list searches all come here (channels.ts says how each asks n8n to send), through the
 * transport's entry point (index.ts). It owns the headers, the account's gate and the retries,
 * reading the response (response.ts) and paging (paging.ts). What fails is thrown as a
 * PipelineFailure, data, and turned into n8n's error once, at the entry point
 * (index.ts `nodeErrorOf`). docs/architecture.md walks through it.
 */

/** One request to phpRank's API. */
export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below the API root, e.g. `/reports/12`: the credential adds its site's API root. */
	url: string;
	qs?: IDataObject;
	/** A form body (`application/x-www-form-urlencoded`), already encoded. */
	body?: string;
	/** What the request is about, for "Report 12 not found". */
	subject?: FailureSubject;
	/** The web page a Create or a re-run makes phpRank fetch, for "phpRank could not fetch <page>". */
	page?: string;
	/** What the request carries that no error may show: a report's password. */
	secrets?: string[];
	/**
	 * Called once the request has its place at the gate, right before each attempt is sent: what it
	 * throws (a PipelineFailure) ends the request unsent. A Create once phpRank said in the run that
	 * the plan is full (resources/report/createOrRerun.ts): a Create that waited at the gate is not sent.
	 */
	beforeSend?: () => void;
	/**
	 * Called with the failure an answer stands for (not a 429), before the request's place at the
	 * gate goes to the next one: so a request waiting there sees at once what this answer said.
	 */
	onRefusal?: (failure: Failure) => void;
}

/** How one attempt goes on the wire, and what the wording of a failure may read. */
export interface ApiChannel {
	node: INode;
	itemIndex: number;
	limits: RequestLimits;
	/**
	 * The execution's cancel signal (Stop, the execution timeout), where n8n gives one: every wait
	 * ends on it at once, and nothing is sent or retried after it.
	 */
	cancelSignal?: AbortSignal;
	deadline?: ChannelDeadline;
	/**
	 * Sends one attempt; resolves with the response whatever its status, throws when none came
	 * back, or as soon as `signal` (the cancel signal and the attempt's deadline) aborts.
	 */
	transmit(options: IHttpRequestOptions, signal?: AbortSignal): Promise<ApiResponse>;
	/** The credential, read only when a failure is described: its Base URL is named, its key removed. */
	credential(): Promise<IDataObject>;
}

const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;

/** Backoff before retry `attempt` (1-based): 0.5 s, 1 s, 2 s, ... at most 8 s. */
export function backoffMs(attempt: number): number {
	return Math.min(FIRST_BACKOFF_MS * 2 ** (attempt - 1), MAX_BACKOFF_MS);
}

/**
 * The options of every attempt. Redirects are never followed: n8n would send the Authorization
 * header (and a Create's form, password included) to wherever a server points. Every status
 * reaches the pipeline, which words it. The body comes as a stream, which the channel reads
 * within the bound on a response's size (responseBody.ts).
 */
export function wireOptions(request: ApiRequest): IHttpRequestOptions {
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

/**
 * Sends a request and returns its body, checked to be of `expect`'s shape. A failure takes the
 * request's secrets with it, for whoever words it (the entry point, index.ts `nodeErrorOf`).
 */
async function send(
	channel: ApiChannel,
	request: ApiRequest,
	expect: ResponseShape,
): Promise<unknown> {
	return await sendWithRetries(channel, request, expect).catch(async (error: unknown) => {
		if (error instanceof PipelineFailure && request.secrets) error.secrets.push(...request.secrets);
		return await Promise.reject(error);
	});
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

/** What one attempt gave: a response (whatever its status), or a failure without one. */
type AttemptResult = { response?: ApiResponse } | { failure: Failure };

/**
 * The retry loop, top-down: admit the request under the account's throttle, send one attempt,
 * decide what follows (done, wait for the rate limit, retry after a pause, or fail). A 429 waits
 * (Retry-After, within Max Wait for Rate Limit) and tries again, as phpRank did not process it; a
 * request that never reached phpRank is sent again unless the configuration is wrong; after a
 * server error, reset or timeout only requests that are safe to repeat (not a Create) are sent
 * again, with backoff.
 */
async function sendWithRetries(
	channel: ApiChannel,
	request: ApiRequest,
	expect: ResponseShape,
): Promise<unknown> {
	const sending: Sending = {
		channel,
		request,
		expect,
		gate: gateFor(channel.node),
		endsAt: channel.deadline?.endsAt ?? Infinity,
		attempts: 0,
		retries: 0,
		rateLimitWaitMs: 0,
		rateLimitedHere: false,
		resentAfterPossibleSuccess: false,
	};
	const options = wireOptions(request);
	for (;;) {
		await admit(sending);
		const next = await decide(sending, await attempt(sending, options));
		if (next.done) return next.body;
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

/**
 * Admit under the throttle: a place at the account's gate, within what is left of Max Wait for
 * Rate Limit and of the channel's deadline. Refused: the failure of the bound that comes first.
 */
async function admit(sending: Sending): Promise<void> {
	const { limits, cancelSignal } = sending.channel;
	throwIfCanceled(cancelSignal);
	const rateLimitDeadline = Date.now() + limits.maxRateLimitWaitMs - sending.rateLimitWaitMs;
	const admission = await sending.gate.acquire(
		limits.maxParallel,
		Math.min(rateLimitDeadline, sending.endsAt),
		cancelSignal,
	);
	if (admission.admitted) {
		sending.rateLimitWaitMs += admission.pausedMs;
		return;
	}
	// The poll's (or search's) own end comes before Max Wait: that is the bound reached.
	if (sending.endsAt < rateLimitDeadline) throw timedOut(sending);
	throw new PipelineFailure(
		sending.rateLimitedHere
			? {
					type: 'rateLimitWaitedOut',
					waitedMs: sending.rateLimitWaitMs,
					maxWaitMs: limits.maxRateLimitWaitMs,
				}
			: {
					type: 'rateLimitTooLong',
					askedMs: admission.pauseMs,
					maxWaitMs: limits.maxRateLimitWaitMs,
				},
	);
}

/** Tells the request's `onRefusal` what its answer stands for, when that is a failure. */
function noteRefusal(request: ApiRequest, response: ApiResponse): void {
	const verdict = responseFailure(response, request.url, request.subject, request.page);
	if (verdict && verdict.type !== 'rateLimited') request.onRefusal?.(verdict);
}

/**
 * One attempt, under its signal (the cancel signal and what is left of the deadline), its place
 * at the gate given back whatever happens. Stopped, or out of time before anything was sent:
 * thrown at once.
 */
async function attempt(sending: Sending, options: IHttpRequestOptions): Promise<AttemptResult> {
	const { channel } = sending;
	const { cancelSignal: cancel, deadline } = channel;
	const attemptMs =
		deadline === undefined ? undefined : Math.min(deadline.attemptMs, sending.endsAt - Date.now());
	const { signal, release } = attemptSignal(cancel, attemptMs);
	let result: AttemptResult;
	try {
		// Stopped while the place was given, or no time left: nothing is sent.
		throwIfCanceled(cancel);
		if (attemptMs !== undefined && attemptMs <= 0) throw timedOut(sending);
		sending.request.beforeSend?.();
		sending.attempts++;
		const response = await channel.transmit(attemptOptions(options, signal), signal);
		if (sending.request.onRefusal) noteRefusal(sending.request, response);
		result = { response };
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
function failureOfAttempt(sending: Sending, error: unknown, signal?: AbortSignal): Failure {
	const { cancelSignal, deadline } = sending.channel;
	if (error instanceof PipelineFailure) return error.failure;
	if (cancelSignal?.aborted) return { type: 'canceled' };
	const failure = transportFailure(error);
	const ranOut =
		signal?.aborted ||
		(deadline?.bound === 'timeout' &&
			failure.type === 'noAnswer' &&
			TIMEOUT_CODES.has(failure.code));
	return deadline && ranOut ? timedOut(sending).failure : failure;
}

/** What follows an attempt: done with a body, or another attempt (after a wait). */
type NextStep = { done: true; body: unknown } | { done: false };

/**
 * Decide what follows: a usable response is done; a 429 waits for the rate limit; any other
 * failure is retried after a pause, or thrown.
 */
async function decide(sending: Sending, result: AttemptResult): Promise<NextStep> {
	const { request, expect, gate } = sending;
	if ('response' in result && result.response) {
		const { response } = result;
		const verdict = responseFailure(response, request.url, request.subject, request.page);
		// A 429 pauses the gate below, once it is clear that this request will wait for it.
		if (verdict?.type !== 'rateLimited') gate.notRateLimited(remainingRequests(response.headers));
		if (verdict?.type === 'rateLimited') return waitForRateLimit(sending, verdict.retryAfterMs);
		if (!verdict) return { done: true, body: checkedBody(request, expect, response.body) };
		return await retryOrFail(sending, verdict);
	}
	// A channel that resolved without a response: no response came back.
	return await retryOrFail(
		sending,
		'failure' in result ? result.failure : { type: 'noAnswer', code: 'no response' },
	);
}

/** The body of a usable response, of the shape expected; a list's page must be the one asked for. */
function checkedBody(request: ApiRequest, expect: ResponseShape, body: unknown): unknown {
	const checked = bodyOfExpectedShape(body, expect, request.url);
	const wrongPage = expect === 'list' ? pageMismatch(request, checked) : undefined;
	if (wrongPage) throw new PipelineFailure(wrongPage);
	return checked;
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

/** A single record (Get, Create, Update): the report or project itself. */
export async function readRecord(channel: ApiChannel, request: ApiRequest): Promise<IDataObject> {
	return (await send(channel, request, 'record')) as IDataObject;
}

/** A deletion: `{ id, deleted }`. */
export async function deleteRecord(channel: ApiChannel, request: ApiRequest): Promise<IDataObject> {
	return (await send(channel, request, 'deletion')) as IDataObject;
}

/** One page of a list, as phpRank's paginator sends it; `at`: which page, of what size. */
export async function readPage(
	channel: ApiChannel,
	request: ApiRequest,
	at?: PagePosition,
): Promise<ListEnvelope> {
	return (await send(channel, at ? atPage(request, at) : request, 'list')) as ListEnvelope;
}

/**
 * A whole list (or as much as `options.plan` asks for), page by page, every filter on every page
 * (paging.ts). `shapePage` turns each page's records into what is kept, as they arrive, so a
 * Return All never holds every raw record and every output record at once.
 */
export async function readList(
	channel: ApiChannel,
	url: string,
	qs: IDataObject | undefined,
	options: CollectOptions,
	shapePage?: (records: IDataObject[]) => IDataObject[],
): Promise<IDataObject[]> {
	const fetchPage = async (page: number, perPage: number) =>
		await readPage(channel, { method: 'GET', url, qs }, { page, perPage });
	return await collectPages(fetchPage, { ...options, path: url, shapePage });
}
