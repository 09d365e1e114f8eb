/**
 * Include / Exclude URLs Containing as comma-separated text (sitemap/pageFilter.ts decides when a
 * field is text). A text matches in any case, every character as itself (`+`, `?`, `%`, `*` are no
 * wildcards); a text ending in `/` also matches where the path ends (the URL up to its `?` or
 * `#`): `/blog/` keeps `https://a.test/blog`, `/en/blog/x` and `/Blog/Second`, not `/blogroll`.
 *
 * Two readings: versions 1 to 1.2 compare the text with the URL as the sitemap wrote it, lower-cased
 * (`asWritten`: what saved workflows were made with); from 1.3 (`decoded`) both sides are also
 * NFC-normalised and the text is compared with the URL as written and percent-decoded as UTF-8, so
 * `/café/` keeps `/caf%C3%A9/` and `/Café/`, and `/50%25-off/` still keeps a URL written
 * `/50%25-off/`.
 */

export type TextReading = 'asWritten' | 'decoded';

/** One spelling of a URL a text is compared with, and where its path ends in it. */
interface UrlForm {
	text: string;
	pathEnd: number;
}

/** A run of `%XX` sequences decoded as UTF-8; a sequence that is not UTF-8 stays as written. */
function decodedRun(run: string): string {
	try {
		return decodeURIComponent(run);
	} catch {
		// a malformed sequence in the run: below, one character's bytes at a time
	}
	let decoded = '';
	for (let at = 0; at < run.length; ) {
		const lead = parseInt(run.slice(at + 1, at + 3), 16);
		const bytes = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
		const character = run.slice(at, at + bytes * 3);
		try {
			decoded += decodeURIComponent(character);
			at += character.length;
		} catch {
			decoded += run.slice(at, at + 3);
			at += 3;
		}
	}
	return decoded;
}

/** The text percent-decoded where it can be: it never throws. */
export function percentDecoded(text: string): string {
	return text.includes('%') ? text.replace(/(?:%[0-9A-Fa-f]{2})+/g, decodedRun) : text;
}

/** Where the URL's path ends: its first `?` or `#`, else its end. */
function pathEndOf(url: string): number {
	const end = url.search(/[?#]/);
	return end === -1 ? url.length : end;
}

const comparable = (text: string) => text.normalize('NFC').toLowerCase();

/** One spelling of a URL: its path and the rest, compared in NFC and lower case. */
function formOf(path: string, rest: string): UrlForm {
	const spelt = comparable(path);
	return { text: spelt + comparable(rest), pathEnd: spelt.length };
}

/** The URL's spellings a text is compared with, in the reading's case and form. */
function formsOf(url: string, reading: TextReading): UrlForm[] {
	if (reading === 'asWritten') {
		const lower = url.toLowerCase();
		return [{ text: lower, pathEnd: pathEndOf(lower) }];
	}
	// the path and the rest decoded apart: a decoded %3F is no `?` ending the path
	const end = pathEndOf(url);
	const [path, rest] = [url.slice(0, end), url.slice(end)];
	const written = formOf(path, rest);
	return url.includes('%')
		? [written, formOf(percentDecoded(path), percentDecoded(rest))]
		: [written];
}

/** A URL test from comma-separated text, read as `reading` says. */
export function textMatcher(text: string, reading: TextReading): (url: string) => boolean {
	const parts = text
		.split(',')
		.map((part) => part.trim())
		.filter((part) => part !== '')
		.map((part) => (reading === 'asWritten' ? part.toLowerCase() : comparable(part)));
	// `/blog/` also matches a path that ends in `/blog`
	const stems = parts.filter((part) => part.endsWith('/')).map((part) => part.slice(0, -1));
	const matches = ({ text: url, pathEnd }: UrlForm) =>
		parts.some((part) => url.includes(part)) || stems.some((stem) => url.endsWith(stem, pathEnd));
	return (url) => formsOf(url, reading).some(matches);
}
