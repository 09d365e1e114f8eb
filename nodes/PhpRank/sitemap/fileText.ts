import { PipelineFailure } from '../transport/failure';
import { SiteFileFailure } from '../transport/siteFetch';

/**
 * A sitemap file's text as it arrives. Compressed or not is told by its first bytes (gzip's
 * 1F 8B), not by its name or headers: a `.gz` that the server or n8n's HTTP client already
 * decoded, or that was plain XML all along, is read as it is. Decompression goes through the
 * global `DecompressionStream` (n8n's rules for community nodes allow no zlib import). The bytes
 * are counted once decompressed: past `limitBytes` (a gzip bomb) the read stops and fails.
 */

/** A gzip file's first two bytes. */
const GZIP_MAGIC = [0x1f, 0x8b];

/** Thrown when a file that starts as gzip cannot be decompressed. */
export class CorruptGzip extends Error {}

type Chunks = AsyncGenerator<Uint8Array, void, undefined>;

async function* prefixed(first: Uint8Array, rest: Chunks): Chunks {
	try {
		yield first;
		for (;;) {
			const next = await rest.next();
			if (next.done) return;
			yield next.value;
		}
	} finally {
		await rest.return();
	}
}

/**
 * A failure of the read itself as it is: Stop (the transport's `canceled` PipelineFailure) or what
 * the site fetch says went wrong with the file (SiteFileFailure: the Timeout, the connection). Any
 * other: the gzip is broken.
 */
function corruptOr(error: unknown): Error {
	return error instanceof PipelineFailure || error instanceof SiteFileFailure
		? error
		: new CorruptGzip();
}

/** The decompressed bytes: a pump writes the compressed chunks while the reader takes the output. */
async function* gunzipped(compressed: Chunks): Chunks {
	const stream = new DecompressionStream('gzip');
	const writer = stream.writable.getWriter();
	const reader = stream.readable.getReader();
	let pumpFailure: unknown;
	const pump = (async () => {
		for await (const chunk of compressed) await writer.write(chunk);
		await writer.close();
	})().catch(async (error: unknown) => {
		pumpFailure = error;
		await writer.abort(error).catch(() => undefined);
	});
	try {
		for (;;) {
			const next = await reader.read().then(
				(read) => read as { done: boolean; value?: Uint8Array; error?: undefined },
				(error: unknown) => ({ done: true, value: undefined, error: error ?? 'failed' }),
			);
			if (next.error !== undefined) throw corruptOr(pumpFailure ?? next.error);
			if (next.done) return;
			if (next.value) yield next.value;
		}
	} finally {
		// Not waited for: the compressed side may wait for bytes that never come; whoever opened the
		// file closes it (siteFetch.ts SiteFile.close), which ends that wait.
		void reader.cancel().catch(() => undefined);
		void compressed.return().catch(() => undefined);
		void pump;
	}
}

/**
 * The file's text, decoded as UTF-8 chunk by chunk; stops (and closes the file) when the reader
 * stops. More than `limitBytes` once decompressed: `onTooLarge()` is thrown.
 */
export async function* fileText(
	chunks: Chunks,
	limitBytes: number,
	onTooLarge: () => Error,
): AsyncGenerator<string, void, undefined> {
	let first = await chunks.next();
	while (!first.done && first.value.byteLength < 2) {
		const more = await chunks.next();
		if (more.done) break;
		first = { done: false, value: concat(first.value, more.value) };
	}
	if (first.done) return;
	const head = first.value;
	const gzip = head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
	const raw = prefixed(head, chunks);
	const source = gzip ? gunzipped(raw) : raw;
	const decoder = new TextDecoder();
	let bytes = 0;
	try {
		for await (const data of source) {
			bytes += data.byteLength;
			if (bytes > limitBytes) throw onTooLarge();
			yield decoder.decode(data, { stream: true });
		}
		yield decoder.decode();
	} finally {
		await source.return();
	}
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
	const joined = new Uint8Array(a.byteLength + b.byteLength);
	joined.set(a);
	joined.set(b, a.byteLength);
	return joined;
}
