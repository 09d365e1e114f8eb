// What Project → Get Issues must output for a project, worked out from a phpRank store's reports
// (the sandbox's `reports()`: every stored report with its results and deleted_at), independently
// of nodes/PhpRank/report/siteHealth.ts. The check catalogue and the one-line reason come from the
// package under test (built or installed): `checkReason(check, result)` and `CHECK_CATALOGUE`, and
// with them its `DEFAULT_PAGES_PER_ISSUE` (shared/fields.ts) when no Pages per Issue is given.
const RANK = { high: 0, medium: 1, low: 2 };

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
	const newest = new Map();
	for (const report of reports) {
		if (report.project !== project || report.deleted_at) continue;
		const known = newest.get(report.url);
		if (!known || known.id < report.id) newest.set(report.url, report);
	}
	const byCheck = new Map();
	const newestFirst = [...newest.values()].sort((a, b) => b.id - a.id);
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
			pages_audited: newest.size,
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

module.exports = { expectedIssues, RANK };
