// The row Project → Digest must output (nodes/PhpRank/digest/digest.ts digestRow), worked out from
// Get Issues' own site summary and issues (3 pages an issue, every importance): the jest tests and
// the real-n8n e2e suite compare Digest's `row`, and the Data table's rows, with it.

/**
 * @param {object} summary   Get Issues' site summary (test/helpers/site-issues-oracle.js expectedSummary)
 * @param {object[]} issues  its issues, 3 pages each, most urgent first
 * @param {string} week      the week's Monday, yyyy-mm-dd
 */
function expectedDigestRow(summary, issues, week) {
	const { kind, newest_report_at, oldest_report_at, ...figures } = summary;
	return {
		project: figures.project,
		week,
		...figures,
		issues: JSON.stringify(
			issues.map((issue) => ({
				check: issue.check,
				name: issue.name,
				importance: issue.importance,
				pages_failing: issue.pages_failing,
				pages: issue.pages.map((page) => page.url),
			})),
		),
	};
}

module.exports = { expectedDigestRow };
