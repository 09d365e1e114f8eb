/**
 * One page, one identity. phpRank does not keep a page's URL as it was typed: it stores it without
 * the scheme, without a leading `www.` and without trailing slashes (`https://www.example.com/about/`
 * is stored as `example.com/about`), and otherwise as it was sent. So one page can be stored in
 * several spellings (`a.test/café`, `a.test/caf%C3%A9`, `a.test/caf%c3%a9`, `a.test:443/p`,
 * `a.test/docs/../p`). `storedUrl` gives every spelling of a page the same text; docs/usage.md
 * ("Which URLs are one page") lists what is one page and what stays apart.
 */

import { webAddress } from '../shared/webAddress';

const SCHEME = /^https?:\/\//i;
const LEADING_WWW = /^www\./i;
const TRAILING_SLASHES = /\/+$/;
const PERCENT_TRIPLET = /%([0-9a-fA-F]{2})/g;
/** RFC 3986's unreserved characters: their percent-encoding is the same URI (6.2.2.2). */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
/** Characters a URI cannot hold as they are (RFC 3986: all but unreserved, reserved, and `%` of a triplet). */
const NOT_URI_CHARACTER = /[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/u;
const NOT_URI_CHARACTERS = /[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/gu;
/** Ports the node treats as no port: http and https are one page, so each one's default is dropped. */
const DEFAULT_PORTS = new Set(['80', '443']);

/**
 * Path and query in RFC 3986's normal form (6.2.2.1, 6.2.2.2): a percent-encoded unreserved
 * character decoded, every other triplet in upper case, and any character a URI cannot hold as it
 * is (RFC 3987's mapping: non-ASCII as the UTF-8 percent-encoding, a space as `%20`) encoded.
 */
function normalForm(text: string): string {
	// Most URLs are in normal form already (a sitemap of 50,000 pages asks 50,000 times): each step
	// runs only where its characters are there.
	const encoded = NOT_URI_CHARACTER.test(text)
		? text.replace(NOT_URI_CHARACTERS, (char) => encodeURIComponent(char))
		: text;
	if (!encoded.includes('%')) return encoded;
	return encoded.replace(PERCENT_TRIPLET, (_triplet, hex: string) => {
		const char = String.fromCharCode(parseInt(hex, 16));
		return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
	});
}

/**
 * A page URL in its one identity: the form phpRank stores it in, normalised. Also accepts a URL
 * already stored (as phpRank answers it), so both sides of a comparison go through the same steps:
 * the address is read as a web address (scheme and host in lower case, an internationalised host
 * in its ASCII form, dot segments removed, the fragment dropped, non-ASCII characters and spaces
 * percent-encoded), ports 80 and 443 dropped, percent-encoding put in normal form (`normalForm`),
 * then scheme, leading `www.` and trailing slashes removed. The path's case and the query's order
 * are kept: a server may serve different pages for them.
 */
export function storedUrl(url: string): string {
	const text = String(url).trim();
	const withScheme = SCHEME.test(text) ? text : `http://${text}`;
	const parsed = webAddress(withScheme);
	let address = withScheme;
	if (parsed) {
		parsed.hash = '';
		if (DEFAULT_PORTS.has(parsed.port)) parsed.port = '';
		// set only when changed: each setter parses the URL again
		const pathname = normalForm(parsed.pathname);
		if (pathname !== parsed.pathname) parsed.pathname = pathname;
		const search = normalForm(parsed.search);
		if (search !== parsed.search) parsed.search = search;
		address = parsed.href;
	}
	return address.replace(SCHEME, '').replace(LEADING_WWW, '').replace(TRAILING_SLASHES, '');
}

/**
 * A web address's site: its host without a leading `www.`, with its port (a site and its `www.` twin
 * are one, on http and https alike); undefined for any other scheme.
 */
export function siteKey(url: URL): string | undefined {
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
	return `${url.hostname.replace(LEADING_WWW, '').toLowerCase()}:${url.port}`;
}

/** Whether a report's stored URL is exactly this page (in any spelling of it). */
export function isStoredUrlOf(reportUrl: unknown, pageStoredUrl: string): boolean {
	return typeof reportUrl === 'string' && storedUrl(reportUrl) === pageStoredUrl;
}

/**
 * Runs of characters every spelling of a page writes the same: ASCII letters, digits, `-`, `.`
 * and `_` (a percent-encoded letter is taken not to happen). Percent-encoded and non-ASCII
 * characters, `~` (also `%7E`) and the separators end a run.
 */
const STABLE_RUN = /[A-Za-z0-9\-._]+/g;

/** The host of a stored URL without port and userinfo, and what follows it. */
function split(pageStoredUrl: string): { host: string; rest: string } {
	const slash = pageStoredUrl.search(/[/?]/);
	const authority = slash < 0 ? pageStoredUrl : pageStoredUrl.slice(0, slash);
	const rest = slash < 0 ? '' : pageStoredUrl.slice(slash);
	const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '');
	return { host, rest };
}

/**
 * What to search for (phpRank's `search`, a case-insensitive substring match on the URL as it was
 * stored) to list every report of a site, in any spelling: the host's longest run of labels that
 * are written the same in every spelling (an internationalised label, `xn--…`, may be stored in
 * Unicode, a port may be there or not).
 */
export function siteSearchTerm(pageStoredUrl: string): string {
	const { host } = split(pageStoredUrl);
	const runs = host.split(/\.?xn--[^.]*\.?/i).filter((run) => run !== '');
	return runs.reduce((best, run) => (run.length > best.length ? run : best), '') || host;
}

/**
 * What to search for to list every report of one page, in any spelling: the longest run of the path
 * and query every spelling writes the same (with its `/` when it begins a path segment: dot
 * segments or a port in a spelling never come between a segment and its `/`); for a page without
 * such a run (the site's root), the site's term. Each listed report is then compared exactly.
 */
export function pageSearchTerm(pageStoredUrl: string): string {
	return pathTerm(pageStoredUrl) || siteSearchTerm(pageStoredUrl);
}

/** The longest run of the path and query every spelling writes the same, or '' (the site's root). */
function pathTerm(pageStoredUrl: string): string {
	const { rest } = split(pageStoredUrl);
	let best = '';
	// A triplet's hex digits are no part of a run (same length, so the indices hold).
	for (const match of rest.replace(PERCENT_TRIPLET, '%%%').matchAll(STABLE_RUN)) {
		const index = match.index ?? 0;
		const term = rest[index - 1] === '/' ? `/${match[0]}` : match[0];
		if (term.length > best.length) best = term;
	}
	return best;
}

/**
 * Whether a page (stored form) is its site's root, or has no path or query run every spelling
 * writes the same: its lookup searches for the site's term, which lists every page of the site.
 */
export function isSiteRoot(pageStoredUrl: string): boolean {
	return pathTerm(pageStoredUrl) === '';
}

/**
 * What a page's lookup searches for: the site's term, then `%`, then the page's path term
 * (`example.com%/about`). phpRank hands the term to SQL's `LIKE '%term%'` as it is, where `%`
 * matches any text (docs/phprank-api.md), so this lists every spelling of the page (a port or
 * dot segments between host and path, any project) and, of the account's other sites, only those
 * whose host contains the site's: on an account of many sites that each have `/about`, the page's
 * reports and a few neighbours, not every site's `/about`. The site's root: the site's term.
 */
export function pageLookupTerm(pageStoredUrl: string): string {
	const path = pathTerm(pageStoredUrl);
	const site = siteSearchTerm(pageStoredUrl);
	return path ? `${site}%${path}` : site;
}

/**
 * Where a site's report's page is asked for (Audit Site, before it is deleted): the Site's scheme
 * and host, the report's path and query (a stored URL has no scheme; its host may be the `www.`
 * twin or hold a port that is the site's). Undefined when that address is not the site's (a path
 * read as another host): nothing is sent elsewhere.
 */
export function pageAddressOn(site: URL, reportUrl: string): string | undefined {
	const { rest } = split(String(reportUrl).trim().replace(SCHEME, ''));
	const pathAndQuery = rest === '' ? '/' : rest.startsWith('?') ? `/${rest}` : rest;
	const address = webAddress(`${site.origin}${pathAndQuery}`);
	if (!address || address.origin !== site.origin) return undefined;
	address.hash = '';
	return address.href;
}
