/**
 * `text` read as a web address (against `base` when it is relative), or undefined when it is not one.
 *
 * The node's one way to ask "is this a URL?". Not `URL.canParse`: once V8 has optimised the call
 * (a sitemap or a Get Many of many reports repeats it thousands of times), Node 20's fast path of it
 * answers false for some addresses with a non-ASCII host (`https://bücher.example/p`) that
 * `new URL` reads: pages of such a site were skipped and a valid URL field refused
 * (test/shared/webAddress.test.js repeats the call until that path is taken).
 */
export function webAddress(text: string, base?: string): URL | undefined {
	try {
		return new URL(text, base);
	} catch {
		return undefined;
	}
}
