import { sleep } from 'n8n-workflow';

import { PipelineFailure } from './failure';

/**
 * Waits that end at once when the execution is stopped. n8n hands a node the execution's cancel
 * signal (Stop in the editor, the execution timeout) through `getExecutionCancelSignal()`, where
 * the host has it; polls and list searches get none and rely on deadlines instead (pipeline.ts).
 * The lint forbids timers in node code, and n8n-workflow's `sleep` takes an abort signal only in
 * newer versions (the package runs against the host's copy): each wait below also races the
 * signal's 'abort' event, so it ends on Stop whatever version runs it.
 */

/** The failure of everything still waiting or about to be sent after the execution was stopped. */
export function canceledFailure(): PipelineFailure {
	return new PipelineFailure({ type: 'canceled' });
}

export function throwIfCanceled(signal: AbortSignal | undefined): void {
	if (signal?.aborted) throw canceledFailure();
}

/** Settles with `work`, or rejects with the signal's reason as soon as `signal` aborts. */
export async function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
	if (signal.aborted) {
		work.catch(() => undefined);
		throw signal.reason;
	}
	let onAbort = () => {};
	const aborted = new Promise<never>((_resolve, reject) => {
		onAbort = () => reject(signal.reason);
		signal.addEventListener('abort', onAbort, { once: true });
	});
	// The request may still settle after the abort: nobody waits for it then.
	work.catch(() => undefined);
	try {
		return await Promise.race([work, aborted]);
	} finally {
		signal.removeEventListener('abort', onAbort);
	}
}

/** Settles with `work`, or rejects with the `canceled` failure as soon as `signal` aborts. */
export async function untilCanceled<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
	if (!signal) return await work;
	return await untilAborted(work, signal).catch(async (error: unknown) =>
		signal.aborted ? await Promise.reject(canceledFailure()) : await Promise.reject(error),
	);
}

/** Waits `ms`, or rejects with the `canceled` failure as soon as `signal` aborts. */
export async function abortableWait(ms: number, signal?: AbortSignal): Promise<void> {
	throwIfCanceled(signal);
	if (!signal) {
		await sleep(ms);
		return;
	}
	// Newer n8n-workflow versions clear their timer on abort (and reject); older ones ignore it.
	const slept = sleep(ms, signal).catch(() => undefined);
	try {
		await untilAborted(slept, signal);
	} catch {
		throw canceledFailure();
	}
}
