import type { PageSet } from '../report/pageSet';
import type { SiteFetch, SiteSending } from '../transport/siteFetch';
import type { PageFilterInput } from './pageFilter';

/**
 * A site's pages from its own sitemaps (Project → Audit Site). Where the sitemaps are: the
 * `Sitemap:` lines of robots.txt, or where it names none (or cannot be read) `/sitemap.xml`, then
 * `/sitemap_index.xml`; or the one sitemap the user named. Index files are followed up to 3 deep,
 * each file read at most once (an index that lists itself, A → B → A, a redirect back to a parent
 * end there), at most MAX_SITEMAP_FILES a run. Only the site's own host and its `www.` twin count:
 * a sitemap elsewhere is not fetched, a page elsewhere is not kept. Pages are kept in the
 * sitemaps' order, once each (by the URL as phpRank stores it, report/storedUrl.ts), after the
 * caller's filter, until Max Pages (Audit Site's first version; the later one reads up to
 * MAX_SITE_PAGES, report/auditPlan.ts chooses from them): then every read stops, the file being read is closed. A file
 * that fails is skipped, named with why; the others go on.
 */

/** RFC 9309: a crawler reads at least 500 KiB of robots.txt; the rest is not read. */
export const MAX_ROBOTS_BYTES = 500 * 1024;
/** The sitemap protocol's limit on one file, uncompressed. */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
export const MAX_SITEMAP_FILES = 100;
/** The longest URL phpRank stores (its validation of a Create): a longer page is not listed. */
export const MAX_PAGE_URL_LENGTH = 2048;
/** The sitemap protocol's limit on the URLs of one file: the most pages a whole-site audit reads. */
export const MAX_SITE_PAGES = 50_000;
/** Index files below the first one. */
export const MAX_INDEX_DEPTH = 3;

export interface SitePage {
	url: string;
	/** The sitemap file that listed the page (after redirects). */
	sitemap: string;
	lastmod: string | null;
}

export interface SkippedSitemap {
	sitemap: string;
	error: string;
}

export interface SitePages {
	pages: SitePage[];
	/** Sitemaps read (wholly, or until Max Pages). */
	sitemaps: string[];
	/** What could not be read, and why; robots.txt included. */
	skipped: SkippedSitemap[];
	/** Pages listed on another host, not kept. */
	offSitePages: number;
	/** Every page of the site listed, whether the filters kept it or not. */
	listed: PageSet;
	/** Reading stopped at Max Pages: the sitemaps may list more pages. */
	cutShort: boolean;
}

export interface SitePagesRequest {
	/** The site's origin, like `https://example.com`. */
	site: URL;
	/** The one sitemap to start from; none: the site's own (robots.txt, then the default places). */
	sitemapUrl?: string;
	maxPages: number;
	/** Whether a page passes the user's filters. */
	keep(page: SitePage): boolean;
}

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
