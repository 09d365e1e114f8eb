/**
 * Include / Exclude URLs Containing as comma-separated text (auditSite/pageFilter.ts decides when a
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

const NOT_ASCII = /[\u0080-\uffff]/;
/** Characters a URL holds as they are, never percent-encoded (RFC 3986's unreserved, and `/`). */
const WRITTEN_AS_IS = /^[a-z0-9\-._~/]*$/;

/** In NFC and lower case (an ASCII text is in NFC already: most URLs skip the normalisation). */
const comparable = (text: string) =>
	NOT_ASCII.test(text) ? text.normalize('NFC').toLowerCase() : text.toLowerCase();

/** A test of one spelling of a URL, compared in the texts' case and form. */
type FormTest = (form: string, pathEnd?: number) => boolean;

/**
 * Whether a spelling of a URL holds one of `parts`; a part ending in `/` also where the path ends,
 * found only when such a part's stem is in the URL at all (a sitemap of 50,000 pages asks 50,000
 * times).
 */
function formTest(parts: string[]): FormTest {
	const stems = parts.filter((part) => part.endsWith('/')).map((part) => part.slice(0, -1));
	return (form, pathEnd) => {
		if (parts.some((part) => form.includes(part))) return true;
		if (!stems.some((stem) => form.includes(stem))) return false;
		const end = pathEnd ?? pathEndOf(form);
		return stems.some((stem) => form.endsWith(stem, end));
	};
}

/** A URL test from comma-separated text, read as `reading` says. */
export function textMatcher(text: string, reading: TextReading): (url: string) => boolean {
	const parts = text
		.split(',')
		.map((part) => part.trim())
		.filter((part) => part !== '')
		.map((part) => (reading === 'asWritten' ? part.toLowerCase() : comparable(part)));
	const matches = formTest(parts);
	if (reading === 'asWritten') return (url) => matches(url.toLowerCase());
	// a text of letters, digits, - . _ ~ and / finds nothing more in the decoded URL: a sitemap writes
	// those as they are (report/storedUrl.ts keeps an encoded / apart, as another page); only a text
	// holding another character (é, +, ?, %, a space) is also compared with the URL decoded
	const decodingParts = parts.filter((part) => !WRITTEN_AS_IS.test(part));
	if (decodingParts.length === 0) return (url) => matches(comparable(url));
	const matchesDecoded = formTest(decodingParts);
	return (url) =>
		matches(comparable(url)) || (url.includes('%') && decodedMatches(url, matchesDecoded));
}

/** The URL percent-decoded, its path and the rest apart: a decoded %3F is no `?` ending the path. */
function decodedMatches(url: string, matches: FormTest): boolean {
	const end = pathEndOf(url);
	const path = comparable(decoded(url.slice(0, end)));
	return matches(path + comparable(decoded(url.slice(end))), path.length);
}

/** The text percent-decoded: JavaScript's own decoding, or where a sequence is malformed, run by run. */
function decoded(text: string): string {
	if (!text.includes('%')) return text;
	try {
		return decodeURIComponent(text);
	} catch {
		return percentDecoded(text);
	}
}
