/**
 * Which page URLs a digest makes links of: only http(s) pages of the site itself (its host, with or
 * without "www."). A report's URL comes from a sitemap, which a third party may write: a link to
 * another host, or a `javascript:` URL, would be the digest's link to a place the site never was.
 * phpRank stores a page's URL without its scheme (`example.com/about`, report/storedUrl.ts): such a
 * URL is read with the site's scheme (Audit Site's `site`, else https).
 */

/** The longest URL a digest links (longer: shown cut, as text): what keeps a line within a chat's part. */
export const LINKED_URL_AT_MOST = 600;
/** The most characters of a page's URL a digest shows (its link keeps it whole). */
export const SHOWN_URL_AT_MOST = 120;

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

/** A URL with its scheme; a stored URL (host, optional port, path) given `scheme`; else undefined. */
function withScheme(url: string, scheme: string): string | undefined {
	if (/^https?:\/\//i.test(url)) return url;
	// any other scheme (javascript:, data:, mailto:) is none of the site's pages; host:port is
	const head = url.split(/[/?#]/, 1)[0];
	if (/^[^:]*(:\d+)?$/.test(head) && head !== '') return `${scheme}//${url}`;
	return undefined;
}

/** The page's URL as a link may carry it (parsed, normalised), or undefined when it may not be one. */
export function siteLink(url: string, project: string, scheme = 'https:'): string | undefined {
	const full = withScheme(url.trim(), scheme === 'http:' ? 'http:' : 'https:');
	if (full === undefined) return undefined;
	let parsed: URL;
	try {
		parsed = new URL(full);
	} catch {
		return undefined;
	}
	if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
	if (parsed.username !== '' || parsed.password !== '') return undefined;
	if (bareHost(parsed.hostname) !== bareHost(project)) return undefined;
	return parsed.href.length > LINKED_URL_AT_MOST ? undefined : parsed.href;
}

/** The scheme of the site's pages: that of Audit Site's `site` when it is the project's, else https. */
export function siteScheme(site: unknown, project: string): string {
	if (typeof site !== 'string') return 'https:';
	try {
		const parsed = new URL(site);
		return bareHost(parsed.hostname) === bareHost(project) && parsed.protocol === 'http:'
			? 'http:'
			: 'https:';
	} catch {
		return 'https:';
	}
}

/**
 * The page of a report in the agency's phpRank (Brand's Report Page URL, `{id}` its ID), or
 * undefined without a template or an ID. The template is the workflow's own, checked when read.
 */
export function reportPageLink(
	template: string,
	id: number | string | null | undefined,
): string | undefined {
	if (template === '' || id === null || id === undefined) return undefined;
	const link = template.split('{id}').join(encodeURIComponent(String(id)));
	return link.length > LINKED_URL_AT_MOST ? undefined : link;
}
