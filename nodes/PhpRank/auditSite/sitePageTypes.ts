import type { PageSet } from '../report/pageSet';

/**
 * What a reading of a site's sitemaps is asked (SitePagesRequest) and gives (SitePages): the types
 * the reader (sitePages.ts), the reading (readSite.ts), the filters (pageFilter.ts) and Audit Site
 * share, in a module of their own so that none of those imports another back.
 */

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
	/**
	 * What could not be read, or was read only in part (cut off, a `<loc>` that is no address), and
	 * why; robots.txt included.
	 */
	skipped: SkippedSitemap[];
	/**
	 * The standard places that do not exist (robots.txt, /sitemap.xml, /sitemap_index.xml answering
	 * 404 or 410): no failed read, named only when no sitemap was found at all.
	 */
	absent: SkippedSitemap[];
	/** Pages listed on another host, not kept. */
	offSitePages: number;
	/** Every page of the site listed, whether the filters kept it or not. */
	listed: PageSet;
	/** The pages kept by the filters whose URL is too long for phpRank (not in `pages`). */
	tooLong: TooLongPages;
	/** Reading stopped at Max Pages: the sitemaps may list more pages. */
	cutShort: boolean;
}

/**
 * Pages whose URL as the sitemap writes it is longer than phpRank stores (readSite.ts
 * MAX_PAGE_URL_LENGTH): listed, so their reports are not taken as gone, but not audited.
 */
export interface TooLongPages {
	/** The first of them (at most MAX_TOO_LONG_PAGES), in the sitemaps' order. */
	pages: SitePage[];
	/** All of them. */
	count: number;
}

export interface SitePagesRequest {
	/** The site's origin, like `https://example.com`. */
	site: URL;
	/** The one sitemap to start from; none: the site's own (robots.txt, then the default places). */
	sitemapUrl?: string;
	/**
	 * The pages to read at most: reading stops once this many passed the filters (Audit Site's Max
	 * Pages in version 1 and List Only; MAX_SITE_PAGES when version 1.1 reads the whole site).
	 */
	pagesToRead: number;
	/** Whether a page passes the user's filters. */
	keep(page: SitePage): boolean;
}
