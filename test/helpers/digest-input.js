// A site summary as Get Issues makes it (nodes/PhpRank/report/siteSummary.ts), and a site's whole
// digest input, for the tests of Project → Digest's pure modules that build their inputs by hand
// (test/digest/digest*.test.js, the e2e's long-reason digest in test/e2e/lib/portfolioDigest.js):
// 20 pages, health 75, average score 71.5, 5 pages failing a high check; `figures` override.

function siteSummaryOf(project, figures = {}) {
	return {
		kind: 'site summary',
		project,
		checked_at: '2026-11-30T06:00:00.000Z',
		pages: 20,
		health: 75,
		score_average: 71.5,
		pages_good: 5,
		pages_decent: 10,
		pages_bad: 5,
		issues_high: 1,
		issues_medium: 0,
		issues_low: 0,
		pages_failing_high: 5,
		...figures,
	};
}

/**
 * One site's digest input as the digest channels' tests build it: its summary (siteSummaryOf), one
 * high Title issue failing on `pages` (id, url, reason), last week's History row (health 80, 4
 * pages failing high), no audit; `extra` overrides.
 */
function siteInputOf(project, pages, extra = {}) {
	return {
		project,
		week: '2026-11-30',
		summary: siteSummaryOf(project),
		issues: [
			{
				project,
				check: 'title',
				name: 'Title',
				importance: 'high',
				pages_failing: 5,
				pages_audited: 20,
				pages,
				how_to_fix: 'Fix it.',
			},
		],
		history: [
			{ project, week: '2026-11-23', health: 80, pages: 20, pages_failing_high: 4, issues: '[]' },
		],
		audit: [],
		...extra,
	};
}

module.exports = { siteSummaryOf, siteInputOf };
