// The first item of a Project → Audit Site (version 1.1) run: the run's summary of the site, every
// count 0 unless `counts` gives it (nodes/PhpRank/auditSite/auditRun.ts auditSummary). Used
// by the jest tests and by the real-n8n e2e suite alike.

/**
 * @param {string} siteUrl       the site's origin, like http://127.0.0.1:8787
 * @param {string[]} sitemaps    the sitemap files read, as full URLs
 * @param {object} [counts]      the counts that are not 0, and any other field (sitemapsSkipped, deleteSkipped)
 */
function auditSummary(siteUrl, sitemaps, counts = {}) {
	return {
		action: 'summary',
		site: siteUrl,
		project: new URL(siteUrl).hostname,
		pages_listed: 0,
		pages_fresh: 0,
		pages_audited: 0,
		pages_created: 0,
		pages_re_run: 0,
		pages_kept: 0,
		pages_failed: 0,
		pages_waiting: 0,
		pages_not_in_sitemaps: 0,
		pages_live_not_in_sitemaps: null,
		reports_deleted: 0,
		sitemaps,
		...counts,
	};
}

module.exports = { auditSummary };
