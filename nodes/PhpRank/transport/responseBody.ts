import type { IDataObject } from 'n8n-workflow';

import type { ApiResponse } from './response';
import { headerValue } from './response';
import { PipelineFailure } from './failure';

/**
 * Reading a response's body within a bound. n8n reads whatever a server sends, whole, into the
 * one process that runs every workflow (docs/architecture.md, "Bounds"): one wrong Base URL that
 * points at a big download could end them all. phpRank's largest honest response, a page of 100
 * full reports, is a few hundred kB, so every request of the package asks n8n for the body as a
 * stream (pipeline.ts `wireOptions`) and reads it here: counted after decompression, stopped and
 * closed as soon as it passes the bound, and closed when the attempt's signal aborts (Stop, the
 * Timeout, a poll's deadline). Whatever ends the read closes the connection.
 */

/** The most a response may be, counted after decompression: far above any honest phpRank response. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** A response body as n8n hands it over for `encoding: 'stream'` (a Node readable stream). */
interface BodyStream {
	on(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
	on(event: 'end' | 'close', listener: () => void): unknown;
	on(event: 'error', listener: (error: Error) => void): unknown;
	removeListener(event: 'data' | 'end' | 'close' | 'error', listener: () => void): unknown;
	destroy(error?: Error): unknown;
	readonly destroyed?: boolean;
}

function isBodyStream(body: unknown): body is BodyStream {
	const candidate = body as Partial<BodyStream> | null | undefined;
	return (
		typeof candidate?.on === 'function' &&
		typeof candidate.destroy === 'function' &&
		typeof (body as { pipe?: unknown }).pipe === 'function'
	);
}

/** Closes a body nobody will read (its connection with it). Anything else is left as it is. */
export function discardBody(body: unknown): void {
	if (isBodyStream(body) && !body.destroyed) body.destroy();
}

function tooLarge(limitBytes: number, declaredBytes?: number): PipelineFailure {
	return new PipelineFailure({ type: 'tooLarge', limitBytes, declaredBytes });
}

/** Text as phpRank's JSON, or the text itself when it is not JSON (a web page, an empty body). */
function parsedBody(text: string): unknown {
	const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
	const start = body.trimStart()[0];
	if (start !== '{' && start !== '[') return body;
	try {
		return JSON.parse(body) as unknown;
	} catch {
		return body;
	}
}

function ignoreError(): void {}

/**
 * Reads the stream to its end, at most `limit` bytes; rejects (and closes it) past the bound,
 * on a stream error, or as soon as `signal` aborts. Chunks are decoded as they come, so the
 * bytes are not held twice. Once settled it lets go of the stream: a listener left on it would
 * keep the text alive for as long as the stream lives.
 */
async function readText(
	stream: BodyStream,
	limit: number,
	signal: AbortSignal | undefined,
	refused?: { limit: number; declaredBytes: number },
): Promise<string> {
	return await new Promise<string>((resolve, reject) => {
		const decoder = new TextDecoder();
		const parts: string[] = [];
		let bytes = 0;
		let settled = false;
		const finish = (error?: unknown) => {
			if (settled) return;
			settled = true;
			signal?.removeEventListener('abort', onAbort);
			stream.removeListener('data', onData as () => void);
			stream.removeListener('end', onEnd);
			stream.removeListener('error', onError as () => void);
			stream.removeListener('close', onClose);
			// An error after the end (a socket reset, say) has nobody to tell; unheard, it would crash n8n.
			stream.on('error', ignoreError);
			if (error === undefined) {
				parts.push(decoder.decode());
				resolve(parts.join(''));
				return;
			}
			stream.destroy();
			reject(error);
		};
		const onAbort = () => finish(signal?.reason ?? new Error('aborted'));
		const onData = (chunk: Uint8Array | string) => {
			const data = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
			bytes += data.byteLength;
			if (bytes > limit)
				return finish(refused ? tooLarge(refused.limit, refused.declaredBytes) : tooLarge(limit));
			parts.push(decoder.decode(data, { stream: true }));
		};
		const onEnd = () => finish();
		const onError = (error: Error) => finish(error);
		// Closed before its end without an error of its own: the response was cut short.
		const onClose = () =>
			finish(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
		if (signal?.aborted) return onAbort();
		signal?.addEventListener('abort', onAbort, { once: true });
		stream.on('data', onData);
		stream.on('end', onEnd);
		stream.on('error', onError);
		stream.on('close', onClose);
	});
}

/**
 * The response with its body read within the bound: a declared Content-Length above it fails
 * before the body is read. A body n8n already read (an older n8n, a test double) is measured
 * as it is.
 */
export async function readResponseBody(
	response: ApiResponse,
	signal?: AbortSignal,
	limit = MAX_RESPONSE_BYTES,
): Promise<ApiResponse> {
	const { body } = response;
	if (!isBodyStream(body)) {
		if (typeof body === 'string' && body.length > limit) throw tooLarge(limit);
		return response;
	}
	const declared = Number(headerValue(response.headers as IDataObject, 'content-length'));
	if (Number.isFinite(declared) && declared > limit) {
		// Refused at its first bytes: n8n's HTTP client hands over a stream that closes its
		// connection only once it has begun to read (the attempt's signal closes it otherwise).
		return {
			...response,
			body: await readText(body, 0, signal, { limit, declaredBytes: declared }),
		};
	}
	return { ...response, body: parsedBody(await readText(body, limit, signal)) };
}

/**
 * A body read chunk by chunk as it arrives, for a reader that stops early (a site's sitemap read
 * until Max Pages: siteFetch.ts). The stream is closed when the reader stops, when it ends, and as
 * soon as `signal` aborts (then the signal's reason is thrown). A body n8n already read is one chunk.
 */
export async function* bodyChunks(
	body: unknown,
	signal?: AbortSignal,
): AsyncGenerator<Uint8Array, void, undefined> {
	if (!isBodyStream(body)) {
		if (typeof body === 'string') yield new TextEncoder().encode(body);
		else if (body instanceof Uint8Array) yield body;
		return;
	}
	const stream = body;
	const onAbort = () => stream.destroy(signal?.reason as Error);
	if (signal?.aborted) {
		stream.destroy();
		throw signal.reason;
	}
	signal?.addEventListener('abort', onAbort, { once: true });
	try {
		for await (const chunk of stream as unknown as AsyncIterable<Uint8Array | string>) {
			yield typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
		}
	} finally {
		signal?.removeEventListener('abort', onAbort);
		stream.on('error', ignoreError);
		discardBody(stream);
	}
}
