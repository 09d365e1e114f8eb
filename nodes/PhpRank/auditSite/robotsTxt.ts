import { webAddress } from '../shared/webAddress';

/**
 * The `Sitemap:` lines of a robots.txt (RFC 9309 and sitemaps.org): any case, CRLF or LF, after
 * a byte-order mark, with comments; a relative address is read against the robots.txt's own URL.
 * An answer that is a web page (a site that answers every path with its home page) has none.
 */

const SITEMAP_LINE = /^\s*sitemap\s*:\s*(\S+)/i;

export function sitemapsOfRobotsTxt(text: string, robotsUrl: string): string[] {
	const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
	if (body.trimStart().startsWith('<')) return [];
	const sitemaps: string[] = [];
	for (const line of body.split(/\r\n|\r|\n/)) {
		const match = SITEMAP_LINE.exec(line.replace(/#.*$/, ''));
		const url = match ? webAddress(match[1], robotsUrl) : undefined;
		if (url) {
			url.hash = '';
			if (!sitemaps.includes(url.href)) sitemaps.push(url.href);
		}
	}
	return sitemaps;
}
