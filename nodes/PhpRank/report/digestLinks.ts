/**
 * Which page URLs a digest makes links of: only http(s) pages of the site itself (its host, with or
 * without "www."). A report's URL comes from a sitemap, which a third party may write: a link to
 * another host, or a `javascript:` URL, would be the digest's link to a place the site never was.
 */

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

/** The page's URL as a link may carry it (parsed, normalised), or undefined when it may not be one. */
export function siteLink(url: string, project: string): string | undefined {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return undefined;
	}
	if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
	if (parsed.username !== '' || parsed.password !== '') return undefined;
	if (bareHost(parsed.hostname) !== bareHost(project)) return undefined;
	return parsed.href;
}
