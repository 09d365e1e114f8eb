import type { SiteFetch, SiteSending } from '../transport/siteFetch';
import type { PageFilterInput } from './pageFilter';
import type { SitePage, SitePages, SitePagesRequest } from './sitePageTypes';

/**
 * A site's pages from its own sitemaps (Project → Audit Site). Where the sitemaps are: the
 * `Sitemap:` lines of robots.txt, or where it names none (or cannot be read) `/sitemap.xml`, then
 * `/sitemap_index.xml`; or the one sitemap the user named. Index files are followed up to 3 deep,
 * each file read at most once (an index that lists itself, A → B → A, a redirect back to a parent
 * end there), at most MAX_SITEMAP_FILES a run (the bounds of a reading: readSite.ts). Only the
 * site's own host and its `www.` twin count: a sitemap elsewhere is not fetched, a page elsewhere is
 * not kept. Pages are kept in the
 * sitemaps' order, once each (by the URL as phpRank stores it, report/storedUrl.ts), after the
 * caller's filter, until Max Pages (Audit Site's first version; the later one reads up to
 * MAX_SITE_PAGES, report/auditPlan.ts chooses from them): then every read stops, the file being read is closed. A file
 * that fails is skipped, named with why; the others go on.
 */

/** The sitemap protocol's limit on the URLs of one file: the most pages a whole-site audit reads. */
export const MAX_SITE_PAGES = 50_000;

/**
 * The reader of one item's site, with the item's site fetch or what it is made of (a
 * `SiteSending`). What it reads with (readSite.ts: the sitemap scanner, gzip, robots.txt, the site
 * fetch and its wording) loads at its first read: n8n loads every installed package when it
 * starts, and showing the node needs none of it (bench section 4, the cold require()).
 */
export class SitePagesReader {
	constructor(
		private readonly fetch: SiteFetch | SiteSending,
		private readonly request: SitePagesRequest,
	) {}

	async pagesOfSite(): Promise<SitePages> {
		const { readSitePages } = await import('./readSite');
		return await readSitePages(this.fetch, this.request);
	}
}

/**
 * Audit Site's filters (pageFilter.ts), read and checked: what a page must pass. Loaded at the first
 * run, as the reader is: the pattern and date checks are no part of the node's description.
 */
export async function pageFilterOf(
	input: PageFilterInput,
	timeZone: string,
): Promise<(page: SitePage) => boolean> {
	const { pageFilterFrom } = await import('./pageFilter');
	return pageFilterFrom(input, timeZone);
}
