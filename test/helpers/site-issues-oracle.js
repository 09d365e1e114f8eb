// What Project → Get Issues must output for a project, worked out from a phpRank store's reports
// (the sandbox's `reports()`: every stored report with its results and deleted_at), independently
// of nodes/PhpRank/report/siteHealth.ts and siteSummary.ts: its issues (`expectedIssues`) and its
// site summary (`expectedSummary`). The check catalogue and the one-line reason come from the
// package under test (built or installed): `checkReason(check, result)` and `CHECK_CATALOGUE`, and
// with them its `DEFAULT_PAGES_PER_ISSUE` (shared/fields.ts) when no Pages per Issue is given.
const RANK = { high: 0, medium: 1, low: 2 };

/** Each page's newest report of `project` (the store's URL is the page), not deleted. */
function newestReports(reports, project) {
	const newest = new Map();
	for (const report of reports) {
		if (report.project !== project || report.deleted_at) continue;
		const known = newest.get(report.url);
		if (!known || known.id < report.id) newest.set(report.url, report);
	}
	return [...newest.values()];
}

/**
 * The site summary Get Issues outputs first (version 1.2), as docs/usage.md defines it; `checkedAt`
 * is the run's, which the caller checks on its own. A check's importance is what the newest report
 * failing it says (the catalogue's where it says none), as in the issues.
 */
function expectedSummary(reports, project, { checkedAt }, { CHECK_CATALOGUE }) {
	const info = new Map(CHECK_CATALOGUE.map((check) => [check.key, check]));
	const pages = newestReports(reports, project).sort((a, b) => b.id - a.id);
	const importance = new Map();
	for (const report of pages) {
		for (const [check, result] of Object.entries(report.results)) {
			if (result.passed === false && !importance.has(check))
				importance.set(check, result.importance ?? info.get(check).importance);
		}
	}
	const failsHigh = pages.filter((report) =>
		Object.entries(report.results).some(
			([check, result]) => result.passed === false && importance.get(check) === 'high',
		),
	).length;
	const scores = pages.map((report) => Number(report.result));
	const times = pages.map((report) => Date.parse(report.generated_at));
	const issues = (level) => [...importance.values()].filter((x) => x === level).length;
	const iso = (time) => (pages.length ? new Date(time).toISOString() : null);
	return {
		kind: 'site summary',
		project,
		checked_at: checkedAt,
		pages: pages.length,
		health: pages.length ? Math.round((100 * (pages.length - failsHigh)) / pages.length) : null,
		score_average: pages.length
			? Math.round((10 * scores.reduce((sum, score) => sum + score, 0)) / scores.length) / 10
			: null,
		pages_good: scores.filter((score) => score > 79).length,
		pages_decent: scores.filter((score) => score >= 49 && score <= 79).length,
		pages_bad: scores.filter((score) => score < 49).length,
		issues_high: issues('high'),
		issues_medium: issues('medium'),
		issues_low: issues('low'),
		pages_failing_high: failsHigh,
		newest_report_at: iso(times.reduce((a, b) => Math.max(a, b), -Infinity)),
		oldest_report_at: iso(times.reduce((a, b) => Math.min(a, b), Infinity)),
	};
}

function expectedIssues(
	reports,
	project,
	{ pagesPerIssue, importance = ['high', 'medium', 'low'] } = {},
	{ checkReason, CHECK_CATALOGUE, DEFAULT_PAGES_PER_ISSUE },
) {
	const listed = pagesPerIssue ?? DEFAULT_PAGES_PER_ISSUE;
	if (listed === undefined)
		throw new Error("expectedIssues: give pagesPerIssue, or the package's DEFAULT_PAGES_PER_ISSUE");
	const info = new Map(CHECK_CATALOGUE.map((check) => [check.key, check]));
	const newestFirst = newestReports(reports, project).sort((a, b) => b.id - a.id);
	const byCheck = new Map();
	for (const report of newestFirst) {
		for (const [check, result] of Object.entries(report.results)) {
			if (result.passed !== false) continue;
			if (!byCheck.has(check)) byCheck.set(check, []);
			byCheck
				.get(check)
				.push({ id: report.id, url: report.url, reason: checkReason(check, result), result });
		}
	}
	return [...byCheck.entries()]
		.map(([check, failing]) => ({
			project,
			check,
			name: info.get(check).name,
			category: info.get(check).category,
			// what the newest report failing the check says; the catalogue only where it says nothing
			importance: failing[0].result.importance ?? info.get(check).importance,
			pages_failing: failing.length,
			pages_audited: newestFirst.length,
			pages: failing.slice(0, listed).map(({ id, url, reason }) => ({ id, url, reason })),
			how_to_fix: info.get(check).howToFix,
		}))
		.filter((issue) => importance.includes(issue.importance))
		.sort(
			(a, b) =>
				RANK[a.importance] - RANK[b.importance] ||
				b.pages_failing - a.pages_failing ||
				a.check.localeCompare(b.check),
		);
}

module.exports = { expectedIssues, expectedSummary, RANK };
