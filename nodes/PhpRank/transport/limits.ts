import type { DeadlineBound } from './failure';

/**
 * A run's limits: the node's Options and the deadline of a poll or search. Apart from the
 * pipeline (pipeline.ts) because the list searches, the credential test and the trigger name them
 * when n8n loads the package, while the pipeline loads at the first request (index.ts).
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

/**
 * n8n's default Timeout of a request (RoutingNode sets it when Request Options has none): the
 * bound of each attempt when the routed request has no timeout, and of each file Audit Site reads.
 */
export const DEFAULT_TIMEOUT_MS = 300_000;

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

/** A deadline for all requests of one poll or search, starting now. */
export function deadlineFrom(
	bound: DeadlineBound,
	totalMs: number,
	now = Date.now(),
): ChannelDeadline {
	return { bound, limitMs: totalMs, attemptMs: totalMs, endsAt: now + totalMs };
}
