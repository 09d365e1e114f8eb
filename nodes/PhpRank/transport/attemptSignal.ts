import type { IHttpRequestOptions } from 'n8n-workflow';

/**
 * One attempt's signal and its connection options, shared by the pipeline (pipeline.ts, phpRank's
 * requests) and the site fetch (siteFetch.ts, a site's robots.txt and sitemaps): whatever ends
 * an attempt (the bound, the Timeout, Stop) closes its connection.
 */

/** One attempt: its signal, and the options that carry it to n8n and to the connection. */
export interface Attempt {
	signal: AbortSignal;
	/** The request's options with the signal (`attemptSignal`'s `options`, when given). */
	options: IHttpRequestOptions;
	/** Detaches the signal from the cancel signal and the deadline: call it once the attempt is over. */
	release: () => void;
	/** Ends the attempt now, its connection with it (the site fetch, once a reader is done). */
	abort: () => void;
	/**
	 * Rejects with the signal's reason as soon as the attempt aborts (never settles otherwise): what
	 * a wait for n8n's answer races, so that the attempt ends at its signal whatever n8n does.
	 */
	aborted: Promise<never>;
}

function ignore(): void {}

/**
 * The signal one attempt runs under: it aborts when the execution's cancel signal or the
 * attempt's deadline does; `release` detaches it from both once the attempt is over. With
 * `options`, the request's options carrying it: the signal as n8n's `abortSignal`, and on the
 * connection itself. n8n builds an HTTP agent per request from `agentOptions`, and Node closes a
 * socket made with a `signal` when it aborts: whatever ends the attempt (the bound, the Timeout,
 * Stop) closes its connection, even where n8n puts the execution's cancel signal in place of
 * `abortSignal`, and even after the headers came, when n8n's HTTP client no longer listens to
 * either.
 *
 * Its own AbortController, not `AbortSignal.any` or the deadline's timeout signal itself: Node
 * keeps those two kinds alive for as long as they have an 'abort' listener and may still abort,
 * and the socket made with this signal adds one that Node removes only on abort. A pending
 * `AbortSignal.any` held every answer's socket, response and text until its deadline passed:
 * minutes, for every page of a Return All (bench/findings.md, "Memory"). A controller's signal
 * is an ordinary object: once the attempt is over nothing refers to it, and it goes with its
 * listeners.
 */
export function attemptSignal(
	cancel: AbortSignal | undefined,
	attemptMs: number | undefined,
	options: IHttpRequestOptions = {} as IHttpRequestOptions,
): Attempt {
	const attempt = new AbortController();
	const { signal } = attempt;
	const onCancel = () => attempt.abort(cancel?.reason);
	// The deadline keeps a listener of its own while the attempt runs: a timeout signal without
	// one can be collected before it fires (test/transport/pipeline.test.js forces that collection).
	const deadline =
		attemptMs === undefined ? undefined : AbortSignal.timeout(Math.max(1, attemptMs));
	const onDeadline = () => attempt.abort(deadline?.reason);
	if (cancel?.aborted) onCancel();
	else cancel?.addEventListener('abort', onCancel, { once: true });
	deadline?.addEventListener('abort', onDeadline, { once: true });
	const aborted = new Promise<never>((_resolve, reject) => {
		if (signal.aborted) reject(signal.reason);
		else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
	});
	// a race already settled leaves it unheard: not an unhandled rejection
	aborted.catch(ignore);
	return {
		signal,
		aborted,
		options: {
			...options,
			abortSignal: signal,
			agentOptions: { ...options.agentOptions, signal } as IHttpRequestOptions['agentOptions'],
		},
		abort: () => attempt.abort(new Error('closed')),
		// (removed one by one: a listener's `signal` option costs a controller and weak references
		// per attempt, 4 % of a Get's CPU time in-process)
		release: () => {
			cancel?.removeEventListener('abort', onCancel);
			deadline?.removeEventListener('abort', onDeadline);
		},
	};
}
