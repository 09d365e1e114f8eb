// A site summary as Get Issues makes it (nodes/PhpRank/report/siteSummary.ts), for the tests of
// Project → Digest's pure modules that build their inputs by hand (test/digest/digest*.test.js):
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

module.exports = { siteSummaryOf };
