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
