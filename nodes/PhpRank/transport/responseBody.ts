import type { IDataObject } from 'n8n-workflow';

import type { ApiResponse } from './response';
import { headerValue } from './response';
import { PipelineFailure } from './failure';

/**
 * Reading a response's body within a bound. n8n reads whatever a server sends, whole, into the
 * one process that runs every workflow (docs/internals.md, "Bounds"): one wrong Base URL that
 * points at a big download could end them all. phpRank's largest honest response, a page of 100
 * full reports, is a few hundred kB, so every request of the package asks n8n for the body as a
 * stream (pipeline.ts `apiRequestOptions`) and reads it here: counted after decompression, stopped and
 * closed as soon as it passes the bound, and closed when the attempt's signal aborts (Stop, the
 * Timeout, a poll's deadline). Whatever ends the read closes the connection.
 */

/** The most a response may be, counted after decompression: far above any honest phpRank response. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** A response body as n8n hands it over for `encoding: 'stream'` (a Node readable stream). */
interface BodyStream extends AsyncIterable<Uint8Array | string> {
	on(event: 'error', listener: (error: Error) => void): unknown;
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

function ignoreError(): void {}

/** What a read that ended early throws: the attempt's end, the bound, or the connection cut short. */
function readFailure(error: unknown, signal: AbortSignal | undefined): unknown {
	if (signal?.aborted) return signal.reason ?? new Error('aborted');
	// Closed before its end without an error of its own: the response was cut short.
	if ((error as { code?: unknown } | undefined)?.code === 'ERR_STREAM_PREMATURE_CLOSE')
		return Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
	return error;
}

/**
 * The response with its body read within the bound: at most `limit` bytes, counted after
 * decompression, decoded as they come (so the bytes are not held twice) and parsed once at the
 * end; past the bound, on a stream error, or as soon as `signal` aborts, the read stops and the
 * stream is destroyed. A declared Content-Length above the bound fails at the body's first bytes:
 * n8n's HTTP client hands over a stream that closes its connection only once it has begun to read
 * (the attempt's signal closes it otherwise). A body n8n already read (an older n8n, a test
 * double) is measured as it is. Once read, nothing of the node listens to the stream: a listener
 * left on it would keep the text alive for as long as the stream lives.
 */
export async function readResponseBody(
	response: ApiResponse,
	signal?: AbortSignal,
	limit = MAX_RESPONSE_BYTES,
): Promise<ApiResponse> {
	const stream = response.body;
	if (!isBodyStream(stream)) {
		if (typeof stream === 'string' && stream.length > limit) throw tooLarge(limit);
		return response;
	}
	const declared = Number(headerValue(response.headers as IDataObject, 'content-length'));
	const declaredBytes = Number.isFinite(declared) && declared > limit ? declared : undefined;
	const onAbort = () => stream.destroy();
	if (signal?.aborted) onAbort();
	else signal?.addEventListener('abort', onAbort, { once: true });
	const decoder = new TextDecoder();
	const parts: string[] = [];
	// a declared size above the bound: refused at the first bytes
	const readLimit = declaredBytes === undefined ? limit : 0;
	let bytes = 0;
	try {
		for await (const chunk of stream) {
			const data = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
			bytes += data.byteLength;
			if (bytes > readLimit) throw tooLarge(limit, declaredBytes);
			parts.push(decoder.decode(data, { stream: true }));
		}
	} catch (error) {
		stream.destroy();
		throw readFailure(error, signal);
	} finally {
		signal?.removeEventListener('abort', onAbort);
		// An error after the end (a socket reset, say) has nobody to tell; unheard, it would crash n8n.
		stream.on('error', ignoreError);
	}
	parts.push(decoder.decode());
	const text = parts.join('');
	if (declaredBytes !== undefined) return { ...response, body: text };
	// phpRank's JSON, or the text itself when it is not JSON (a web page, an empty body)
	const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
	const start = body.trimStart()[0];
	if (start !== '{' && start !== '[') return { ...response, body };
	try {
		return { ...response, body: JSON.parse(body) as unknown };
	} catch {
		return { ...response, body };
	}
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
		for await (const chunk of stream) {
			yield typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
		}
	} finally {
		signal?.removeEventListener('abort', onAbort);
		stream.on('error', ignoreError);
		discardBody(stream);
	}
}
