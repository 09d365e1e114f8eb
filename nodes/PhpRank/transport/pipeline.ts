import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions, INode } from 'n8n-workflow';

import { abortableWait, throwIfCanceled } from './abort';
import { gateFor } from './accountGate';
import type { ApiResponse } from './answer';
import { answerFailure, bodyOfExpectedShape, remainingRequests } from './answer';
import type { DeadlineBound, Failure, FailureSubject, ResponseShape } from './failure';
import { lostReason, PipelineFailure, retryKind, transportFailure } from './failure';
import type { CollectOptions, ListEnvelope } from './paging';
import { collectPages } from './paging';

/**
 * The one way a request of this package travels: the routed operations, the trigger's polls and
 * the list searches all come here (channels.ts says how each asks n8n to send), through the
 * transport's entry point (index.ts). It owns the headers, the account's gate and the retries,
 * reading the response (answer.ts) and paging (paging.ts). What fails is thrown as a
 * PipelineFailure, data, and turned into n8n's error once, at the entry point's edge
 * (errorMessage.ts). docs/architecture.md walks through it.
 */

/** The user's limits for one node run (the node's "Options"). */
export interface RequestLimits {
	/** Requests of one account in flight at once, across all items of the node. */
	maxParallel: number;
	/** Further attempts after a server error, reset or timeout (never for a Create phpRank may have received). */
	retries: number;
	/** Longest total wait for phpRank's rate limit, per request, before giving up. */
	maxRateLimitWaitMs: number;
}

export const DEFAULT_LIMITS: RequestLimits = {
	maxParallel: 5,
	retries: 3,
	maxRateLimitWaitMs: 600_000,
};

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
	/** What the request carries that no error may show: a report's password. */
	secrets?: string[];
}

/**
 * The deadline of a channel's requests. n8n's own Timeout only bounds the silence on the
 * connection (a server sending a byte a second never times out): this one bounds the whole
 * attempt, body included, and, for a poll or a list search, all of its requests together.
 */
export interface ChannelDeadline {
	bound: DeadlineBound;
	/** The bound as the user knows it, for the failure's wording (the Timeout, the poll's budget). */
	limitMs: number;
	/** Longest time of one attempt, body included. */
	attemptMs: number;
	/** When every request of the channel must be done (ms since the epoch), if ever. */
	endsAt?: number;
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
 * within the bound on an answer's size (answerBody.ts).
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
 * request's secrets with it, for whoever words it (errorMessage.ts `nodeErrorOf`).
 */
async function exchange(
	channel: ApiChannel,
	request: ApiRequest,
	expect: ResponseShape,
): Promise<unknown> {
	return await sendWithRetries(channel, request, expect).catch(async (error: unknown) => {
		if (error instanceof PipelineFailure && request.secrets) error.secrets.push(...request.secrets);
		return await Promise.reject(error);
	});
}

/**
 * The signal one attempt runs under: it aborts when the execution's cancel signal or the
 * attempt's deadline does; `release` detaches it from both once the attempt is over.
 *
 * Its own AbortController, not `AbortSignal.any` or the deadline's timeout signal itself: Node
 * keeps those two kinds alive for as long as they have an 'abort' listener and may still abort,
 * and the socket made with this signal (`attemptOptions`) adds one that Node removes only on
 * abort. A pending `AbortSignal.any` held every answer's socket, response and text until its
 * deadline passed: minutes, for every page of a Return All (bench/findings.md, "Memory"). A
 * controller's signal is an ordinary object: once the attempt is over nothing refers to it, and
 * it goes with its listeners.
 */
function attemptSignal(
	cancel: AbortSignal | undefined,
	attemptMs: number | undefined,
): { signal: AbortSignal; release: () => void } {
	const attempt = new AbortController();
	const onCancel = () => attempt.abort(cancel?.reason);
	// The deadline keeps a listener of its own while the attempt runs: a timeout signal without
	// one can be collected before it fires (test/transport/pipeline.test.js forces that collection).
	const deadline =
		attemptMs === undefined ? undefined : AbortSignal.timeout(Math.max(1, attemptMs));
	const onDeadline = () => attempt.abort(deadline?.reason);
	if (cancel?.aborted) onCancel();
	else cancel?.addEventListener('abort', onCancel, { once: true });
	deadline?.addEventListener('abort', onDeadline, { once: true });
	return {
		signal: attempt.signal,
		release: () => {
			cancel?.removeEventListener('abort', onCancel);
			deadline?.removeEventListener('abort', onDeadline);
		},
	};
}

/**
 * One attempt's options: its signal as n8n's `abortSignal`, and on its connection itself. n8n
 * builds an HTTP agent per request from `agentOptions`, and Node closes a socket made with a
 * `signal` when it aborts: whatever ends the attempt (the bound, the Timeout, Stop) closes its
 * connection, even where n8n puts the execution's cancel signal in place of `abortSignal`, and
 * even after the headers came, when n8n's HTTP client no longer listens to either.
 */
function attemptOptions(options: IHttpRequestOptions, signal?: AbortSignal): IHttpRequestOptions {
	if (!signal) return options;
	return {
		...options,
		abortSignal: signal,
		agentOptions: { ...options.agentOptions, signal } as IHttpRequestOptions['agentOptions'],
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

/**
 * The account's gate and the retry rules: a 429 waits (Retry-After, within Max Wait for Rate
 * Limit) and tries again, as phpRank did not process it; a request that never reached phpRank is
 * sent again unless the configuration is wrong; after a server error, reset or timeout only
 * requests that are safe to repeat (not a Create) are sent again, with backoff.
 */
async function sendWithRetries(
	channel: ApiChannel,
	request: ApiRequest,
	expect: ResponseShape,
): Promise<unknown> {
	const gate = gateFor(channel.node);
	const { limits, cancelSignal: cancel, deadline } = channel;
	const endsAt = deadline?.endsAt ?? Infinity;
	const timedOut = (): PipelineFailure =>
		new PipelineFailure({
			type: 'timedOut',
			bound: deadline?.bound ?? 'timeout',
			limitMs: deadline?.limitMs ?? 0,
			attempts,
		});
	const options = wireOptions(request);
	const repeatable = request.method !== 'POST';
	let attempts = 0;
	let retries = 0;
	let rateLimitWaitMs = 0;
	let rateLimitedHere = false;
	let resentAfterPossibleSuccess = false;
	for (;;) {
		throwIfCanceled(cancel);
		const rateLimitDeadline = Date.now() + limits.maxRateLimitWaitMs - rateLimitWaitMs;
		const admission = await gate.acquire(
			limits.maxParallel,
			Math.min(rateLimitDeadline, endsAt),
			cancel,
		);
		if (!admission.admitted) {
			// The poll's (or search's) own end comes before Max Wait: that is the bound reached.
			if (endsAt < rateLimitDeadline) throw timedOut();
			throw new PipelineFailure(
				rateLimitedHere
					? {
							type: 'rateLimitWaitedOut',
							waitedMs: rateLimitWaitMs,
							maxWaitMs: limits.maxRateLimitWaitMs,
						}
					: {
							type: 'rateLimitTooLong',
							askedMs: admission.pauseMs,
							maxWaitMs: limits.maxRateLimitWaitMs,
						},
			);
		}
		rateLimitWaitMs += admission.pausedMs;
		let response: ApiResponse | undefined;
		let failure: Failure | undefined;
		const attemptMs =
			deadline === undefined ? undefined : Math.min(deadline.attemptMs, endsAt - Date.now());
		const { signal, release } = attemptSignal(cancel, attemptMs);
		try {
			// Stopped while the place was given, or no time left: nothing is sent.
			throwIfCanceled(cancel);
			if (attemptMs !== undefined && attemptMs <= 0) throw timedOut();
			attempts++;
			response = await channel.transmit(attemptOptions(options, signal), signal);
		} catch (error) {
			if (cancel?.aborted || error instanceof PipelineFailure) {
				failure = error instanceof PipelineFailure ? error.failure : { type: 'canceled' };
			} else {
				failure = transportFailure(error);
				const ranOut =
					signal?.aborted ||
					(deadline?.bound === 'timeout' &&
						failure.type === 'noAnswer' &&
						TIMEOUT_CODES.has(failure.code));
				if (deadline && ranOut) failure = timedOut().failure;
			}
		} finally {
			release();
			gate.release();
		}
		if (failure?.type === 'canceled' || (failure?.type === 'timedOut' && attempts === 0))
			throw new PipelineFailure(failure);
		if (response) {
			failure = answerFailure(response, request.url, request.subject);
			// A 429 pauses the gate below, once it is clear that this request will wait for it.
			if (failure?.type !== 'rateLimited') gate.letThrough(remainingRequests(response.headers));
			if (!failure) {
				const body = bodyOfExpectedShape(response.body, expect, request.url);
				const wrongPage = expect === 'list' ? pageMismatch(request, body) : undefined;
				if (wrongPage) throw new PipelineFailure(wrongPage);
				return body;
			}
		}
		// A channel that resolved without a response got no answer either.
		failure ??= { type: 'noAnswer', code: 'no response' };
		if (failure.type === 'rateLimited') {
			rateLimitedHere = true;
			const asked = failure.retryAfterMs;
			// Longer than Max Wait allows at all: fail at once. Otherwise the pause counts against
			// what is left of it (the gate's acquire refuses a pause past the deadline).
			if (asked !== undefined && asked > limits.maxRateLimitWaitMs) {
				throw new PipelineFailure({
					type: 'rateLimitTooLong',
					askedMs: asked,
					maxWaitMs: limits.maxRateLimitWaitMs,
				});
			}
			gate.rateLimited(asked);
			continue;
		}
		const kind = retryKind(failure);
		const maybeProcessed = kind === 'resendIfRepeatable' || kind === 'finalMaybeProcessed';
		if (maybeProcessed && !repeatable) {
			throw new PipelineFailure({
				type: 'answerLost',
				reason: lostReason(failure),
				tooLarge: failure.type === 'tooLarge' || undefined,
			});
		}
		if (kind === 'final' || kind === 'finalMaybeProcessed' || retries >= limits.retries) {
			// A repeated DELETE whose first attempt phpRank may have carried out: its 404 means done.
			const deletedEarlier =
				expect === 'deletion' &&
				resentAfterPossibleSuccess &&
				failure.type === 'httpError' &&
				failure.statusCode === 404;
			if (deletedEarlier) return { id: request.subject?.id, deleted: true };
			throw new PipelineFailure(failure);
		}
		retries++;
		if (kind === 'resendIfRepeatable') resentAfterPossibleSuccess = true;
		// No time for another attempt before the poll's end: the failure as it is.
		if (Date.now() + backoffMs(retries) >= endsAt) throw new PipelineFailure(failure);
		await abortableWait(backoffMs(retries), cancel);
	}
}

/** A single record (Get, Create, Update): the report or project itself. */
export async function readRecord(channel: ApiChannel, request: ApiRequest): Promise<IDataObject> {
	return (await exchange(channel, request, 'record')) as IDataObject;
}

/** A deletion: `{ id, deleted }`. */
export async function deleteRecord(channel: ApiChannel, request: ApiRequest): Promise<IDataObject> {
	return (await exchange(channel, request, 'deletion')) as IDataObject;
}

/** One page of a list, as phpRank's paginator sends it. */
export async function readPage(channel: ApiChannel, request: ApiRequest): Promise<ListEnvelope> {
	return (await exchange(channel, request, 'list')) as ListEnvelope;
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
	shapePage: (records: IDataObject[]) => IDataObject[] = (records) => records,
): Promise<IDataObject[]> {
	const fetchPage = async (page: number, perPage: number) => {
		const envelope = await readPage(channel, {
			method: 'GET',
			url,
			qs: { ...qs, per_page: perPage, page },
		});
		return { ...envelope, data: shapePage(envelope.data as IDataObject[]) };
	};
	return await collectPages(fetchPage, { ...options, path: url });
}
