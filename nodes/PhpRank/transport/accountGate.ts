import type { INode } from 'n8n-workflow';

import { CREDENTIAL_NAME } from '../shared/constants';
import { abortableWait, canceledFailure } from './abort';

const SECOND_MS = 1000;
/** Spacing of single probes while the throttle's window is about to reopen. */
const PROBE_INTERVAL_MS = 200;
/** Probes at PROBE_INTERVAL_MS after a wait: the window reopens within about a second. */
const QUICK_PROBES = 5;
/** The pause after a 429 that says nothing usable (no Retry-After, 0, unreadable): then doubling. */
const NO_RETRY_AFTER_PAUSE_MS = SECOND_MS;
/** No pause chosen by the gate itself is longer (a Retry-After that asks for more is obeyed). */
const MAX_CHOSEN_PAUSE_MS = 30 * SECOND_MS;
/** phpRank's throttle window: a remaining-count older than this is stale. */
const REMAINING_VALID_MS = 60_000;

/** What `acquire` tells a request: admitted (after so long in pauses), or refused a pause past its deadline. */
export type Admission = { admitted: true; pausedMs: number } | { admitted: false; pauseMs: number };

/**
 * The pause after a 429. Retry-After counts whole seconds, so the window may open up to a second
 * before it says: wait a second less, then probe one request at a time. A server that keeps
 * responding 429 (or says 0, nothing, or nonsense) gets fewer and fewer requests: never more than
 * a few a second, whatever it says. `streak` counts the 429s since a response other than a 429.
 */
export function pauseAfterRateLimit(
	askedMs: number | undefined,
	streak: number,
	consumers = 1,
): number {
	if (askedMs !== undefined && askedMs >= 2 * SECOND_MS) return askedMs - SECOND_MS;
	const retryAfterGiven = askedMs !== undefined && askedMs > 0;
	// Clients sharing the key each probe that much less often: together, as often as one.
	const first = retryAfterGiven ? PROBE_INTERVAL_MS * consumers : NO_RETRY_AFTER_PAUSE_MS;
	const doublings = retryAfterGiven
		? Math.max(0, streak - 1 - QUICK_PROBES)
		: Math.max(0, streak - 1);
	return Math.min(first * 2 ** Math.min(doublings, 16), MAX_CHOSEN_PAUSE_MS);
}

/** Responses of one window before its count of clients is trusted (in-flight requests blur a few). */
const RESPONSES_FOR_ESTIMATE = 20;
/** A Remaining this much above the lowest seen is a new window, not responses arriving out of order. */
const REORDER_SLACK = 10;
const MAX_CONSUMERS = 8;

/**
 * How many clients use the account's throttle window, this gate included. phpRank's
 * `X-RateLimit-Remaining` falls with every request of the key: ours, and those of other n8n
 * processes (the workers of queue mode, each with its own gate) or other tools. Over one window,
 * its fall divided by our own responses is the number of clients taking an equal part; 1 when
 * alone. Only phpRank's headers are used: gates of different processes share nothing else.
 */
export class ThrottleShare {
	private firstRemaining: number | undefined;

	private lowestRemaining: number | undefined;

	private responses = 0;

	/** The estimate, carried from window to window (1 until a window gave enough responses). */
	consumers = 1;

	observe(remaining: number | undefined): void {
		const lowest = this.lowestRemaining;
		// No throttle heard, before or now: no window to start or count.
		if (remaining === undefined && lowest === undefined) return;
		if (remaining === undefined || lowest === undefined || remaining > lowest + REORDER_SLACK) {
			this.newWindow(remaining);
			return;
		}
		this.responses++;
		this.lowestRemaining = Math.min(lowest, remaining);
		if (this.responses >= RESPONSES_FOR_ESTIMATE) {
			const fall = (this.firstRemaining ?? remaining) - this.lowestRemaining;
			this.consumers = Math.min(MAX_CONSUMERS, Math.max(1, Math.round(fall / this.responses)));
		}
	}

	newWindow(remaining?: number): void {
		this.firstRemaining = remaining;
		this.lowestRemaining = remaining;
		this.responses = 0;
	}
}

/** What a queued request does when its execution is stopped. */
type LeaveQueue = () => void;

/**
 * The queued requests of each execution's cancel signal, with one 'abort' listener per signal.
 * Every release wakes all waiters and each goes back in line until it may start; an event target
 * searches its listeners on every add and remove, so a listener per request (or per wake-up) made
 * each release cost the square of the queue's length (measured: bench/findings.md, "Stop").
 */
class CancelListeners {
	private readonly bySignal = new Map<
		AbortSignal,
		{ leave: Set<LeaveQueue>; onAbort: () => void }
	>();

	/** Calls `leave` when `signal` aborts, until the returned function is called. */
	add(signal: AbortSignal, leave: LeaveQueue): () => void {
		let entry = this.bySignal.get(signal);
		if (!entry) {
			const waiting = new Set<LeaveQueue>();
			const onAbort = () => {
				this.bySignal.delete(signal);
				for (const leaveNow of waiting) leaveNow();
			};
			entry = { leave: waiting, onAbort };
			this.bySignal.set(signal, entry);
			signal.addEventListener('abort', onAbort, { once: true });
		}
		const { leave: waiting, onAbort } = entry;
		waiting.add(leave);
		return () => {
			waiting.delete(leave);
			if (waiting.size === 0 && this.bySignal.get(signal) === entry) {
				this.bySignal.delete(signal);
				signal.removeEventListener('abort', onAbort);
			}
		};
	}
}

/**
 * One phpRank account's requests: at most `maxParallel` in flight, all paused while phpRank's
 * throttle says wait, and only one probe at a time while its `X-RateLimit-Remaining` is 0.
 * n8n starts the requests of all input items at once; this is what spaces them.
 */
export class AccountGate {
	private active = 0;

	private readonly waiting: Array<() => void> = [];

	private readonly cancelListeners = new CancelListeners();

	private pausedUntil = 0;

	private remaining: number | undefined;

	private remainingSeenAt = 0;

	/** Waiting for the throttle's window to reopen: one request at a time. */
	private probing = false;

	/** 429s in a row since a response other than a 429. */
	private streak = 0;

	private readonly share = new ThrottleShare();

	/** When a request of this account last asked for a place or gave it back (ms since the epoch). */
	lastUsedAt = Date.now();

	/** Nothing in flight, nothing queued, no pause to keep: the gate can be dropped and made anew. */
	isIdle(now = Date.now()): boolean {
		return this.active === 0 && this.waiting.length === 0 && this.pausedUntil <= now;
	}

	/**
	 * Resolves when this request may be sent, with the time it spent in the account's pauses; or
	 * at once, refused, when the current pause ends after `deadline` (ms since the epoch). When
	 * `signal` aborts (the execution was stopped), it rejects at once with the `canceled` failure,
	 * whether paused or queued behind other requests, and takes no place.
	 */
	async acquire(
		maxParallel: number,
		deadline = Infinity,
		signal?: AbortSignal,
	): Promise<Admission> {
		let pausedMs = 0;
		this.lastUsedAt = Date.now();
		let wake: (() => void) | undefined;
		let canceled: ((failure: Error) => void) | undefined;
		// One registration for the whole wait in the queue, however often this request is woken;
		// none for a request that never waits there.
		let stopListening: (() => void) | undefined;
		try {
			for (;;) {
				if (signal?.aborted) throw canceledFailure();
				const pause = this.pausedUntil - Date.now();
				if (pause > 0) {
					if (Date.now() + pause > deadline) return { admitted: false, pauseMs: pause };
					await abortableWait(pause, signal);
					pausedMs += pause;
					continue;
				}
				if (this.active === 0 || this.mayStart(maxParallel)) {
					this.active++;
					return { admitted: true, pausedMs };
				}
				stopListening ??= signal
					? this.cancelListeners.add(signal, () => {
							const at = wake === undefined ? -1 : this.waiting.indexOf(wake);
							if (at !== -1) this.waiting.splice(at, 1);
							canceled?.(canceledFailure());
						})
					: undefined;
				// Woken by a release or a response; a stopped execution leaves the queue at once.
				await new Promise<void>((resolve, reject) => {
					wake = resolve;
					canceled = reject;
					this.waiting.push(resolve);
				});
			}
		} finally {
			stopListening?.();
		}
	}

	/** Requests in flight and requests waiting for a place (for tests and the idle check). */
	get load(): { active: number; waiting: number } {
		return { active: this.active, waiting: this.waiting.length };
	}

	/** Whether one more request may start while others are in flight. */
	private mayStart(maxParallel: number): boolean {
		if (this.probing || this.active >= maxParallel) return false;
		// A count older than phpRank's window (a minute) says nothing about the current one.
		if (Date.now() - this.remainingSeenAt > REMAINING_VALID_MS) this.remaining = undefined;
		// Other clients of the key (other workers) take their part of what is left too.
		return (
			this.remaining === undefined ||
			Math.floor(this.remaining / this.share.consumers) > this.active
		);
	}

	/** Called when a request of this account has its response (or failed). */
	release(): void {
		this.active--;
		this.lastUsedAt = Date.now();
		if (this.waiting.length > 0) this.wakeAll();
	}

	/**
	 * A response other than a 429: records the throttle's word on how many requests this window
	 * still takes; a response without it (no throttle) clears what was known.
	 */
	notRateLimited(remaining: number | undefined): void {
		this.remaining = remaining;
		this.remainingSeenAt = Date.now();
		this.share.observe(remaining);
		this.streak = 0;
		// A response other than a 429 (or there is no throttle): the window is open again.
		if (this.remaining !== 0) this.probing = false;
		if (this.waiting.length > 0) this.wakeAll();
	}

	/** A 429: holds every request of the account (pauseAfterRateLimit), then probes. Returns the pause. */
	rateLimited(askedMs: number | undefined): number {
		this.streak++;
		const pauseMs = pauseAfterRateLimit(askedMs, this.streak, this.share.consumers);
		this.share.newWindow();
		this.probing = true;
		this.pausedUntil = Math.max(this.pausedUntil, Date.now() + pauseMs);
		// After the pause the window may be new: the old count no longer holds.
		this.remaining = undefined;
		this.wakeAll();
		return pauseMs;
	}

	private wakeAll(): void {
		for (const wake of this.waiting.splice(0)) wake();
	}
}

/**
 * Gates per account: the key is the credential's id, so one key's requests share one gate. The
 * map lives as long as the n8n process, which may serve many credentials over months: a gate
 * idle for IDLE_DROP_MS is dropped (by then phpRank's throttle window, a minute, is long over,
 * so a new gate knows as much), and past MAX_GATES the least recently used idle gates go first,
 * once idle for a throttle window. A gate in use, or holding a pause phpRank asked for, is kept.
 */
const gates = new Map<string, AccountGate>();

const IDLE_DROP_MS = 10 * 60_000;
const MAX_GATES = 500;
/** Under MAX_GATES pressure, a gate idle for less than a throttle window is kept all the same. */
const MIN_IDLE_MS = 60_000;
/** Idle gates are looked for at most this often (and whenever the map is over MAX_GATES). */
const SWEEP_EVERY_MS = 60_000;
let lastSweepAt = 0;

function sweep(now: number, keep: AccountGate): void {
	lastSweepAt = now;
	// Map order is least recently used first (gateFor moves a gate to the end).
	for (const [key, gate] of gates) {
		if (gate === keep || !gate.isIdle(now)) continue;
		const idleMs = now - gate.lastUsedAt;
		if (idleMs >= IDLE_DROP_MS || (gates.size > MAX_GATES && idleMs >= MIN_IDLE_MS))
			gates.delete(key);
	}
}

export function gateFor(node: INode, now = Date.now()): AccountGate {
	const credential = node.credentials?.[CREDENTIAL_NAME];
	const key = credential?.id ?? credential?.name ?? `node:${node.id}`;
	let gate = gates.get(key);
	if (gate) gates.delete(key);
	else gate = new AccountGate();
	gates.set(key, gate);
	gate.lastUsedAt = Math.max(gate.lastUsedAt, now);
	if (now - lastSweepAt >= SWEEP_EVERY_MS || gates.size > MAX_GATES) sweep(now, gate);
	return gate;
}

/** How many gates the process holds (for tests of the bound). */
export function gateCount(): number {
	return gates.size;
}
