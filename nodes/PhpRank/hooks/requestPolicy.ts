import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IN8nHttpFullResponse,
	INode,
	INodeExecutionData,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { CREDENTIAL_NAME } from '../shared/constants';
import { errorCode, headerValue, isOwnError } from './apiErrors';

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

const FIRST_BACKOFF_MS = 500;

const SECOND_MS = 1000;
/** Spacing of single probes while the throttle's window is about to reopen. */
const PROBE_INTERVAL_MS = 200;
/** Wait after a 429 without Retry-After. */
const FALLBACK_RATE_LIMIT_WAIT_MS = 5 * SECOND_MS;

/** phpRank's throttle window: a remaining-count older than this is stale. */
const REMAINING_VALID_MS = 60_000;
const MAX_BACKOFF_MS = 8_000;

/** Codes of failures where the request never reached phpRank: safe to send again, even a Create. */
const NOT_SENT_CODES = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'ENETUNREACH',
	'EHOSTUNREACH',
]);

/** How one failed attempt may be handled. */
export type FailureKind =
	| { kind: 'rateLimited'; retryAfterMs: number | undefined }
	| { kind: 'notSent' }
	| { kind: 'mayBeProcessed'; reason: string }
	| { kind: 'final' };

function httpCodeOf(error: unknown): number | undefined {
	const code = Number((error as { httpCode?: string | null })?.httpCode);
	return Number.isFinite(code) ? code : undefined;
}

/** The transport code of an error thrown by n8n's HTTP layer (axios underneath). */
export function transportCode(error: unknown): string | undefined {
	const code = errorCode(error);
	if (code) return code;
	const cause = (error as { cause?: { message?: string } })?.cause;
	const message = `${cause?.message ?? ''} ${(error as Error)?.message ?? ''}`.toLowerCase();
	if (message.includes('socket hang up')) return 'ECONNRESET';
	if (message.includes('timeout')) return 'ETIMEDOUT';
	return undefined;
}

/** Sorts a failed attempt: rate limited (never processed), never sent, maybe processed, or final. */
export function classifyFailure(error: unknown): FailureKind {
	if (isOwnError(error)) {
		const status = httpCodeOf(error);
		if (status === 429) {
			const seconds = Number(
				(error as { context?: { retryAfterSeconds?: number } }).context?.retryAfterSeconds,
			);
			return {
				kind: 'rateLimited',
				retryAfterMs: Number.isFinite(seconds) ? seconds * 1000 : undefined,
			};
		}
		if (status !== undefined && status >= 500)
			return { kind: 'mayBeProcessed', reason: `HTTP ${status}` };
		return { kind: 'final' };
	}
	const code = transportCode(error);
	if (code && NOT_SENT_CODES.has(code)) return { kind: 'notSent' };
	if (code) return { kind: 'mayBeProcessed', reason: code };
	return { kind: 'final' };
}

/** Backoff before retry `attempt` (1-based): 0.5 s, 1 s, 2 s, ... at most 8 s. */
export function backoffMs(attempt: number): number {
	return Math.min(FIRST_BACKOFF_MS * 2 ** (attempt - 1), MAX_BACKOFF_MS);
}

/**
 * One phpRank account's requests: at most `maxParallel` in flight, all paused while phpRank's
 * throttle says wait, and only one probe at a time while its `X-RateLimit-Remaining` is 0.
 * n8n starts the requests of all input items at once; this is what spaces them.
 */
export class AccountGate {
	private active = 0;

	private readonly waiting: Array<() => void> = [];

	private pausedUntil = 0;

	private remaining: number | undefined;

	private remainingSeenAt = 0;

	/** Waiting for the throttle's window to reopen: one request at a time. */
	private probing = false;

	/** Resolves when this request may be sent. */
	async acquire(maxParallel: number): Promise<void> {
		for (;;) {
			const pause = this.pausedUntil - Date.now();
			if (pause > 0) {
				await sleep(pause);
				continue;
			}
			if (this.mayStart(maxParallel)) {
				this.active++;
				return;
			}
			await new Promise<void>((resolve) => this.waiting.push(resolve));
		}
	}

	private mayStart(maxParallel: number): boolean {
		if (this.active === 0) return true;
		if (this.probing || this.active >= maxParallel) return false;
		// A count older than phpRank's window (a minute) says nothing about the current one.
		if (Date.now() - this.remainingSeenAt > REMAINING_VALID_MS) this.remaining = undefined;
		return this.remaining === undefined || this.remaining > this.active;
	}

	/** Called when a request of this account has its answer (or failed). */
	release(): void {
		this.active--;
		this.wakeAll();
	}

	/**
	 * Records the throttle's word on how many requests this window still takes; an answer
	 * without it (no throttle, or a server that stopped sending it) clears what was known.
	 */
	observeRemaining(remaining: number | undefined): void {
		this.remaining = remaining !== undefined && Number.isFinite(remaining) ? remaining : undefined;
		this.remainingSeenAt = Date.now();
		// A request was let through (or there is no throttle): the window is open again.
		if (this.remaining !== 0) this.probing = false;
		this.wakeAll();
	}

	/** Holds every request of the account for `ms`. */
	pause(ms: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms);
		// After the pause the window may be new: the old count no longer holds.
		this.remaining = undefined;
		this.wakeAll();
	}

	/**
	 * After a 429: Retry-After counts whole seconds, so the window may open up to a second
	 * before it says. Wait a second less, then probe one request at a time, a little apart,
	 * until one is let through (429s are not processed, so probes are harmless). Returns the wait.
	 */
	rateLimited(retryAfterMs: number | undefined): number {
		const waitMs =
			retryAfterMs === undefined
				? FALLBACK_RATE_LIMIT_WAIT_MS
				: retryAfterMs >= 2 * SECOND_MS
					? retryAfterMs - SECOND_MS
					: Math.min(retryAfterMs, PROBE_INTERVAL_MS);
		this.probing = true;
		this.pause(waitMs);
		return waitMs;
	}

	private wakeAll(): void {
		for (const wake of this.waiting.splice(0)) wake();
	}
}

/** Gates per account: the key is the credential's id, so one key's requests share one gate. */
const gates = new Map<string, AccountGate>();

export function gateFor(node: INode): AccountGate {
	const credential = node.credentials?.[CREDENTIAL_NAME];
	const key = credential?.id ?? credential?.name ?? `node:${node.id}`;
	let gate = gates.get(key);
	if (!gate) {
		gate = new AccountGate();
		gates.set(key, gate);
	}
	return gate;
}

export interface PolicyCallbacks {
	/** Error to throw when a request phpRank may have processed must not be sent again. */
	notResent(error: unknown, reason: string): Error;
	/** Error to throw when the rate limit asks for more waiting than allowed. */
	waitedTooLong(error: unknown): Error;
}

/** What happened on the way, for callers that read a later answer in its light. */
export interface PolicyTrace {
	/** A repeat was sent after an attempt phpRank may have processed (a DELETE's 404 then means done). */
	resentAfterPossibleSuccess: boolean;
}

/**
 * Sends one request under the account's gate and the retry rules: a 429 waits for Retry-After
 * and tries again (phpRank did not process it); a request that never reached phpRank is sent
 * again; after a server error, reset or timeout only requests that are safe to repeat are sent
 * again (GET, PUT, PATCH, DELETE), with backoff, `retries` times. A Create is then not re-sent.
 */
export async function sendWithPolicy<T>(
	gate: AccountGate,
	method: IHttpRequestMethods,
	limits: RequestLimits,
	send: () => Promise<T>,
	callbacks: PolicyCallbacks,
	trace: PolicyTrace = { resentAfterPossibleSuccess: false },
): Promise<T> {
	const repeatable = method !== 'POST';
	let retries = 0;
	let waitedMs = 0;
	for (;;) {
		await gate.acquire(limits.maxParallel);
		let failed: unknown;
		try {
			return await send();
		} catch (error) {
			failed = error;
		} finally {
			gate.release();
		}
		const failure = classifyFailure(failed);
		if (failure.kind === 'rateLimited') {
			if (waitedMs + (failure.retryAfterMs ?? 0) > limits.maxRateLimitWaitMs) {
				throw callbacks.waitedTooLong(failed);
			}
			waitedMs += gate.rateLimited(failure.retryAfterMs);
			continue;
		}
		if (failure.kind === 'mayBeProcessed' && !repeatable)
			throw callbacks.notResent(failed, failure.reason);
		if (failure.kind === 'final' || retries >= limits.retries) throw failed;
		retries++;
		if (failure.kind === 'mayBeProcessed') trace.resentAfterPossibleSuccess = true;
		await sleep(backoffMs(retries));
	}
}

function headerNumber(headers: IDataObject | undefined, name: string): number | undefined {
	const value = headerValue(headers, name);
	if (value === undefined || value === '') return undefined;
	const number = Number(value);
	return Number.isFinite(number) ? number : undefined;
}

/** Feeds an answer's `X-RateLimit-Remaining` to its account's gate. */
export function observeRateLimitHeaders(node: INode, headers: IDataObject | undefined): void {
	gateFor(node).observeRemaining(headerNumber(headers, 'x-ratelimit-remaining'));
}

/** postReceive hook of every operation: lets the gate see how much of the window is left. */
export async function observeRateLimit(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	observeRateLimitHeaders(this.getNode(), response.headers);
	return items;
}
