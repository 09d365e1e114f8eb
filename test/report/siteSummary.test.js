// nodes/PhpRank/report/siteSummary.ts: the site summary's figures, folded page by page from each
// page's newest report (report/siteHealth.ts hands them on). What Get Issues outputs with it is
// tested in test/operations/project/getIssues.test.js.
const v8 = require('node:v8');
const { SiteFigures, SITE_SUMMARY_KIND } = require('../helpers/built').siteSummary;
const { SiteHealth } = require('../helpers/built').siteHealth;

const NO_ISSUES = { high: 0, medium: 0, low: 0 };
const AT = '2026-01-05T10:00:00.000Z';

const summaryOf = (pages, issues = NO_ISSUES) => {
	const figures = new SiteFigures();
	for (const [report, failsHigh] of pages) figures.addPage(report, failsHigh);
	return figures.summary('a.test', AT, issues);
};

test('no page: pages 0, no health, no average, no time (null, not 0 or 100)', () => {
	expect(summaryOf([])).toEqual({
		kind: 'site summary',
		project: 'a.test',
		checked_at: AT,
		pages: 0,
		health: null,
		score_average: null,
		pages_good: 0,
		pages_decent: 0,
		pages_bad: 0,
		issues_high: 0,
		issues_medium: 0,
		issues_low: 0,
		pages_failing_high: 0,
		newest_report_at: null,
		oldest_report_at: null,
	});
	expect(SITE_SUMMARY_KIND).toBe('site summary');
});

test('health: the share of pages failing no high check, a whole number; the average to one decimal; labels at 79 / 49', () => {
	const summary = summaryOf(
		[
			[{ result: 80 }, true],
			[{ result: 79 }, false],
			[{ result: 49 }, false],
			[{ result: 48 }, true],
			[{ result: 50 }, true],
			[{ result: 51 }, false],
		],
		{ high: 2, medium: 0, low: 7 },
	);
	expect(summary).toMatchObject({
		pages: 6,
		// 3 of 6 fail none
		health: 50,
		// 357 / 6 = 59.5
		score_average: 59.5,
		pages_good: 1,
		pages_decent: 4,
		pages_bad: 1,
		issues_high: 2,
		issues_medium: 0,
		issues_low: 7,
		pages_failing_high: 3,
	});
	// 2 of 3 fail none: 66.7 → 67; 50, 51, 51: 50.67 → 50.7
	expect(
		summaryOf([
			[{ result: 50 }, false],
			[{ result: 51 }, true],
			[{ result: 51 }, false],
		]),
	).toMatchObject({ health: 67, score_average: 50.7 });
});

test('the score as phpRank sends it (score, result, a number as text, or none: from the checks, phpRank 1.1); no score: in the page count, not in the average or a result; a label sent as text is believed', () => {
	const checks = {
		title: { passed: true, importance: 'high' },
		charset: { passed: false, importance: 'medium' },
	};
	const summary = summaryOf([
		[{ score: 90 }, false],
		[{ result: '40.00' }, false],
		// phpRank 1.1: 10 of 15 points, 67
		[{ result: null, results: checks }, false],
		[{ result: null }, false],
		[{ result: 'decent' }, false],
	]);
	expect(summary).toMatchObject({
		pages: 5,
		health: 100,
		// (90 + 40 + 67) / 3 = 65.67
		score_average: 65.7,
		pages_good: 1,
		pages_decent: 2,
		pages_bad: 1,
	});
});

test('freshness: the newest and the oldest generated_at of the pages, as ISO times; a page without a readable one is left out', () => {
	const summary = summaryOf([
		[{ result: 90, generated_at: '2026-01-05T08:00:00.000000Z' }, false],
		[{ result: 90, generated_at: '2025-12-29T07:30:00.000000Z' }, false],
		[{ result: 90, generated_at: '2026-01-01T00:00:00+01:00' }, false],
		[{ result: 90, generated_at: 'yesterday' }, false],
		[{ result: 90 }, false],
	]);
	expect(summary).toMatchObject({
		pages: 5,
		newest_report_at: '2026-01-05T08:00:00.000Z',
		oldest_report_at: '2025-12-29T07:30:00.000Z',
	});
	expect(summaryOf([[{ result: 1 }, false]])).toMatchObject({
		newest_report_at: null,
		oldest_report_at: null,
	});
});

// Through site health: which pages fail high, and the issues by importance.
const failing = (importance) => ({ passed: false, importance, errors: { missing: null } });
const report = (id, url, results, extra = {}) => ({ id, url, results, ...extra });

test('a page fails high when it fails a check whose issue is high (the importance the newest failing report says); issues by importance whatever was asked for, unknown in none', () => {
	const figures = new SiteFigures();
	const health = new SiteHealth(0, figures);
	// title: low in the newest report failing it, high in an older one: not high on either page
	health.add(report(9, 'a.test/x', { title: failing('low'), odd: { passed: false } }));
	health.add(report(8, 'a.test/y', { title: failing('high') }));
	health.add(report(7, 'a.test/z', { headings: failing('high'), favicon: failing('low') }));
	health.add(report(6, 'a.test/w', { charset: failing('medium') }));
	// an older report of a page met: not counted
	health.add(report(5, 'a.test/w', { headings: failing('high') }));
	expect(health.issuesByImportance()).toEqual({ high: 1, medium: 1, low: 2 });
	expect(health.issues('a.test', ['high']).map((issue) => issue.check)).toEqual([
		'headings',
		'odd',
	]);
	expect(figures.summary('a.test', AT, health.issuesByImportance())).toMatchObject({
		pages: 4,
		health: 75,
		pages_failing_high: 1,
		issues_high: 1,
		issues_medium: 1,
		issues_low: 2,
	});
});

test("counts, not reports: what the summary adds to Get Issues' state is the same few numbers for 10 and for 10,000 pages", () => {
	const page = (i) =>
		report(20_000 - i, `a.test/page-${i}`, i % 3 ? { title: failing('high') } : {}, {
			result: (i * 37) % 101,
			generated_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
		});
	const added = (pages) => {
		const without = new SiteHealth(3);
		const figures = new SiteFigures();
		const withSummary = new SiteHealth(3, figures);
		for (let i = 0; i < pages; i++) {
			without.add(page(i));
			withSummary.add(page(i));
		}
		expect(withSummary.issues('a.test', ['high'])).toEqual(without.issues('a.test', ['high']));
		return {
			bytes: v8.serialize(withSummary).length - v8.serialize(without).length,
			keys: JSON.stringify(figures),
		};
	};
	const few = added(10);
	const many = added(10_000);
	// the same fields, each a number; the difference in bytes only that of larger numbers
	expect(Object.keys(JSON.parse(many.keys))).toEqual(Object.keys(JSON.parse(few.keys)));
	expect(Math.abs(many.bytes - few.bytes)).toBeLessThanOrEqual(16);
	expect(many.bytes).toBeLessThan(256);
});
