// nodes/PhpRank/report/siteHealth.ts: a project's reports folded page by page into issues. What it
// outputs through the node is tested in test/operations/project/getIssues.test.js.
const { SiteHealth } = require('../helpers/built').siteHealth;

const failing = (importance, errors = { missing: null }) => ({ passed: false, importance, errors });
const passing = (importance) => ({ passed: true, importance, value: 'ok' });
const report = (id, url, results) => ({ id, url, results });

test('a page counts once, by its newest report; an older one read after it is skipped', () => {
	const health = new SiteHealth(5);
	health.add(report(9, 'a.test/x', { title: failing('high') }));
	health.add(report(4, 'a.test/x', { title: passing('high'), favicon: failing('low') }));
	health.add(report(8, 'a.test/y', { title: failing('high') }));
	expect(health.pagesAudited).toBe(2);
	const issues = health.issues('a.test', ['high', 'medium', 'low']);
	expect(issues).toEqual([
		{
			project: 'a.test',
			check: 'title',
			name: 'Title',
			category: 'seo',
			importance: 'high',
			pages_failing: 2,
			pages_audited: 2,
			pages: [
				{ id: 9, url: 'a.test/x', reason: 'title: missing' },
				{ id: 8, url: 'a.test/y', reason: 'title: missing' },
			],
			how_to_fix:
				'Give the page one <title> of 1 to 60 characters that says what the page is about.',
		},
	]);
});

test('a page is counted by the first of its reports met (the list is read newest first), whatever its ID', () => {
	const health = new SiteHealth(5);
	health.add(report(4, 'a.test/x', { title: failing('high'), charset: failing('medium') }));
	health.add(report(9, 'a.test/x', { title: passing('high'), charset: failing('medium') }));
	const issues = health.issues('a.test', ['high', 'medium', 'low']);
	expect(
		issues.map((issue) => [issue.check, issue.pages_failing, issue.pages.map((p) => p.id)]),
	).toEqual([
		['title', 1, [4]],
		['charset', 1, [4]],
	]);
	expect(health.pagesAudited).toBe(1);
});

test('checks of a newer phpRank: kept with the importance sent, a generic fix; none sent: every filter', () => {
	const health = new SiteHealth(1);
	health.add(report(2, 'a.test/', { ai_summary: failing('medium'), odd: { passed: 0 } }));
	health.add(report(1, 'a.test/b', { ai_summary: failing('medium') }));
	const all = health.issues('a.test', ['high', 'medium', 'low']);
	expect(all.map((issue) => [issue.check, issue.name, issue.category, issue.importance])).toEqual([
		['ai_summary', 'ai_summary', 'miscellaneous', 'medium'],
		['odd', 'odd', 'miscellaneous', null],
	]);
	expect(all[0].pages).toEqual([{ id: 2, url: 'a.test/', reason: 'ai_summary: missing' }]);
	expect(all[0].pages_failing).toBe(2);
	expect(all[0].how_to_fix).toMatch(/^A check this package does not know yet/);
	expect(health.issues('a.test', ['high']).map((issue) => issue.check)).toEqual(['odd']);
});

test('order: importance, then most pages, then check key; 0 pages per issue lists none', () => {
	const health = new SiteHealth(0);
	health.add(
		report(3, 'p/1', {
			favicon: failing('low'),
			charset: failing('medium'),
			title: failing('high'),
		}),
	);
	health.add(report(2, 'p/2', { favicon: failing('low'), social: failing('low') }));
	health.add(report(1, 'p/3', { social: failing('low'), sitemap: failing('low') }));
	const issues = health.issues('p', ['high', 'medium', 'low']);
	expect(issues.map((issue) => [issue.check, issue.pages_failing, issue.pages.length])).toEqual([
		['title', 1, 0],
		['charset', 1, 0],
		['favicon', 2, 0],
		['social', 2, 0],
		['sitemap', 1, 0],
	]);
});

test("importance as phpRank says it: the newest failing report's, where it differs from the catalogue; the filter follows it", () => {
	const health = new SiteHealth(5);
	health.add(report(9, 'a.test/x', { title: failing('low'), favicon: failing(undefined) }));
	health.add(report(8, 'a.test/y', { title: failing('medium'), favicon: failing('high') }));
	const all = health.issues('a.test', ['high', 'medium', 'low']);
	// the catalogue says title: high, favicon: low
	expect(all.map((issue) => [issue.check, issue.importance])).toEqual([
		['favicon', 'low'],
		['title', 'low'],
	]);
	expect(health.issues('a.test', ['high']).map((issue) => issue.check)).toEqual([]);
	expect(health.issues('a.test', ['low']).map((issue) => issue.check)).toEqual([
		'favicon',
		'title',
	]);
});
