import { PipelineFailure } from '../transport/failure';
import { SiteFileFailure } from './siteFetch';

/**
 * A sitemap file's text as it arrives. Compressed or not is told by its first bytes (gzip's
 * 1F 8B), not by its name or headers: a `.gz` that the server or n8n's HTTP client already
 * decoded, or that was plain XML all along, is read as it is. Decompression goes through the
 * global `DecompressionStream` (n8n's rules for community nodes allow no zlib import). The bytes
 * are counted once decompressed: past `limitBytes` (a gzip bomb) the read stops and fails. The
 * text is decoded as the XML declaration says (`encoding`, `fileEncoding`).
 */

/** A gzip file's first two bytes. */
const GZIP_MAGIC = [0x1f, 0x8b];
/**
 * The last compressed bytes, written one at a time: bytes after a gzip member's end (a stray
 * newline, padding) fail the stream where they begin, and what came before is then whole.
 */
const TAIL_BYTES = 1024;
/** How far into the file the XML declaration is looked for (after a byte-order mark, blank lines). */
const DECLARATION_BYTES = 1024;

/** Thrown when a file that starts as gzip cannot be decompressed. */
export class CorruptGzip extends Error {}

/** Thrown when the XML declaration names an encoding other than UTF-8 and windows-1252's. */
export class UnreadEncoding extends Error {
	constructor(readonly encoding: string) {
		super(encoding);
	}
}

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

async function* bytesOf(data: Uint8Array): Chunks {
	yield data;
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

let crcTable: Uint32Array | undefined;

/** CRC-32 (gzip's, RFC 1952) of `data`, continued from `crc`. */
function crc32(crc: number, data: Uint8Array): number {
	if (!crcTable) {
		crcTable = new Uint32Array(256);
		for (let n = 0; n < 256; n++) {
			let c = n;
			for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
			crcTable[n] = c;
		}
	}
	let c = ~crc;
	for (let i = 0; i < data.length; i++) c = crcTable[(c ^ data[i]) & 0xff] ^ (c >>> 8);
	return ~c >>> 0;
}

/** What the compressed side wrote: its last bytes, once every byte came. */
interface Pumped {
	tail?: Uint8Array;
	failure?: unknown;
}

/** Writes the compressed chunks, the last TAIL_BYTES one at a time. */
async function pumpInto(
	writer: WritableStreamDefaultWriter<Uint8Array>,
	compressed: Chunks,
	pumped: Pumped,
): Promise<void> {
	let held = new Uint8Array(0);
	for await (const chunk of compressed) {
		const joined = concat(held, chunk);
		const cut = Math.max(0, joined.byteLength - TAIL_BYTES);
		if (cut > 0) await writer.write(joined.slice(0, cut));
		held = joined.slice(cut);
	}
	pumped.tail = held;
	for (let at = 0; at < held.byteLength; at++) await writer.write(held.slice(at, at + 1));
	await writer.close();
}

/**
 * Where a member ends in the file's tail when the output so far is that whole member: the 8 bytes
 * of its trailer there (RFC 1952: the output's CRC-32, then its length). Undefined: the file is
 * broken or cut off, or the failure came before its tail.
 */
function memberEnd(tail: Uint8Array | undefined, crc: number, length: number): number | undefined {
	if (!tail) return undefined;
	const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
	for (let end = tail.byteLength; end >= 8; end--) {
		if (view.getUint32(end - 4, true) === length >>> 0 && view.getUint32(end - 8, true) === crc)
			return end;
	}
	return undefined;
}

/**
 * The decompressed bytes, as `gzip -d` reads them: a pump writes the compressed chunks while the
 * reader takes the output. When the stream fails after a whole member (bytes after it: a newline,
 * padding, or a second member where the runtime's DecompressionStream refuses one), the member's
 * trailer says so: the member is the file's text, and a further member is read the same way.
 */
async function* gunzipped(compressed: Chunks): Chunks {
	const stream = new DecompressionStream('gzip');
	const writer = stream.writable.getWriter();
	const reader = stream.readable.getReader();
	const pumped: Pumped = {};
	const pump = pumpInto(writer, compressed, pumped).catch(async (error: unknown) => {
		pumped.failure = error;
		await writer.abort(error).catch(() => undefined);
	});
	let crc = 0;
	let length = 0;
	try {
		for (;;) {
			const next = await reader.read().then(
				(read) => read as { done: boolean; value?: Uint8Array; error?: undefined },
				(error: unknown) => ({ done: true, value: undefined, error: error ?? 'failed' }),
			);
			if (next.error !== undefined) {
				const end = memberEnd(pumped.tail, crc, length);
				if (end === undefined) throw corruptOr(pumped.failure ?? next.error);
				const rest = pumped.tail!.subarray(end);
				if (rest[0] === GZIP_MAGIC[0] && rest[1] === GZIP_MAGIC[1]) yield* gunzipped(bytesOf(rest));
				return;
			}
			if (next.done) return;
			if (next.value) {
				crc = crc32(crc, next.value);
				length += next.value.byteLength;
				yield next.value;
			}
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
 * The encoding the XML declaration names in the file's first bytes (`<?xml version="1.0"
 * encoding="ISO-8859-1"?>`), as WHATWG's Encoding standard reads its label: ISO-8859-1, latin1,
 * US-ASCII and windows-1252 are all windows-1252 there, a superset of each. None, or UTF-8: UTF-8.
 * Any other (UTF-16, Shift_JIS…) is UnreadEncoding: read as UTF-8 it would be other pages.
 */
function fileEncoding(head: Uint8Array): 'utf-8' | 'windows-1252' {
	const start = String.fromCharCode(...head.subarray(0, DECLARATION_BYTES));
	// a byte-order mark says UTF-8 whatever follows
	if (start.startsWith('\xef\xbb\xbf')) return 'utf-8';
	const declared = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([^"']*)["']/.exec(start);
	if (!declared) return 'utf-8';
	const encoding = knownEncoding(declared[1]);
	if (encoding === 'utf-8' || encoding === 'windows-1252') return encoding;
	throw new UnreadEncoding(declared[1]);
}

/** An encoding's name as WHATWG's Encoding standard reads the label; undefined when it knows none. */
function knownEncoding(label: string): string | undefined {
	try {
		return new TextDecoder(label).encoding;
	} catch {
		return undefined;
	}
}

/**
 * The decompressed bytes, the first holding the file's first tag whole (its `>`: the declaration,
 * when there is one), or DECLARATION_BYTES of it.
 */
async function* withHead(source: Chunks): Chunks {
	let head: Uint8Array | undefined = new Uint8Array(0);
	for await (const data of source) {
		if (!head) {
			yield data;
			continue;
		}
		head = concat(head, data);
		if (head.byteLength < DECLARATION_BYTES && !head.includes(0x3e)) continue;
		yield head;
		head = undefined;
	}
	if (head && head.byteLength > 0) yield head;
}

/**
 * The file's text, decoded chunk by chunk as its declaration says (`fileEncoding`); stops (and
 * closes the file) when the reader stops. More than `limitBytes` once decompressed: `onTooLarge()`
 * is thrown.
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
	const source = withHead(gzip ? gunzipped(raw) : raw);
	let decoder: InstanceType<typeof TextDecoder> | undefined;
	let bytes = 0;
	try {
		for await (const data of source) {
			bytes += data.byteLength;
			if (bytes > limitBytes) throw onTooLarge();
			decoder ??= new TextDecoder(fileEncoding(data));
			yield decoder.decode(data, { stream: true });
		}
		if (decoder) yield decoder.decode();
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
