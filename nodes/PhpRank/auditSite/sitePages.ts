/**
 * The reading of a site's sitemaps' limit, in a file of its own: the run (auditSiteRun.ts) and the
 * reading (readSite.ts) use it, and the docs' tests read it without loading the reading.
 */

/** The sitemap protocol's limit on the URLs of one file: the most pages a whole-site audit reads. */
export const MAX_SITE_PAGES = 50_000;
