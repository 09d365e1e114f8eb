/**
 * What Audit Site's description needs of the reading of a site's sitemaps at n8n's start: its
 * limit. The reading itself (readSite.ts) loads at its first read (auditSite.ts `readSiteModule`).
 */

/** The sitemap protocol's limit on the URLs of one file: the most pages a whole-site audit reads. */
export const MAX_SITE_PAGES = 50_000;
