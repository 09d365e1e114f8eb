import type { IHttpRequestOptions } from 'n8n-workflow';

/**
 * One attempt's signal and its connection options, shared by the pipeline (pipeline.ts, phpRank's
 * requests) and the site fetch (siteFetch.ts, a site's robots.txt and sitemaps): whatever ends
 * an attempt (the bound, the Timeout, Stop) closes its connection.
 */

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
export function attemptSignal(
	cancel: AbortSignal | undefined,
	attemptMs: number | undefined,
): { signal: AbortSignal; release: () => void; abort: () => void } {
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
		// ends the attempt now, its connection with it (the site fetch, once a reader is done)
		abort: () => attempt.abort(new Error('closed')),
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
export function attemptOptions(
	options: IHttpRequestOptions,
	signal?: AbortSignal,
): IHttpRequestOptions {
	if (!signal) return options;
	return {
		...options,
		abortSignal: signal,
		agentOptions: { ...options.agentOptions, signal } as IHttpRequestOptions['agentOptions'],
	};
}
