// Project → getIssues (nodes/PhpRank/resources/project/getIssues.ts): this operation's own tests,
// through n8n-core's engine against the sandbox. Expected issues and site summaries are worked out
// here from the sandbox's own stored reports (an oracle independent of report/siteHealth.ts and
// report/siteSummary.ts). The runs are of the node's default version (1.3, Get Issues as in 1.2): the site summary first,
// then the issues; versions 1 and 1.1 give the issues alone.
const {
	useFixture,
	projectReports,
	fromList,
	byName,
	apiGet,
	CANCELED,
} = require('../../node/fixture');
const { checkReason } = require('../../helpers/built').checkReasons;
const { CHECK_CATALOGUE } = require('../../helpers/built').checkCatalogue;
const { DEFAULT_PAGES_PER_ISSUE } = require('../../helpers/built').fields;
const {
	expectedIssues: oracle,
	expectedSummary: summaryOracle,
	RANK,
} = require('../../helpers/site-issues-oracle');

const fixture = useFixture();

const SITE = 'site.test';

const getIssues = (extra = {}) => ({
	resource: 'project',
	operation: 'getIssues',
	project: fromList(SITE),
	...extra,
});

/** The list request of page `page`, as Get Issues must send it. */
const listing = (page, project = SITE) => projectReports(project, page);

/** `count` pages of the site, each with one report; scores spread so that checks differ. */
const pages = (count, site = SITE) =>
	Array.from({ length: count }, (_, i) => ({
		url: `https://${site}/page-${i + 1}`,
		score: (i * 37) % 101,
	}));

/** What Get Issues must output for `project`, from the sandbox's stored reports. */
const expectedIssues = (project, options) =>
	oracle(fixture.sandbox.reports(), project, options, {
		checkReason,
		CHECK_CATALOGUE,
		DEFAULT_PAGES_PER_ISSUE,
	});

const jsonOf = (items) => items.map((item) => item.json);

/** Runs the node, noting when the run started and ended (the summary's `checked_at` is between). */
async function run(parameters, options) {
	const startedAt = Date.now();
	const result = await fixture.run(parameters, options);
	return { ...result, startedAt, endedAt: Date.now() };
}

/** The run's `checked_at`, checked: an ISO time within the run. */
function checkedAtOf(result, summary) {
	expect(summary.checked_at).toBe(new Date(Date.parse(summary.checked_at)).toISOString());
	expect(Date.parse(summary.checked_at)).toBeGreaterThanOrEqual(result.startedAt);
	expect(Date.parse(summary.checked_at)).toBeLessThanOrEqual(result.endedAt);
	return summary.checked_at;
}

/** What the site summary of `project` must be, from the sandbox's stored reports. */
const expectedSummary = (project, checkedAt) =>
	summaryOracle(fixture.sandbox.reports(), project, { checkedAt }, { CHECK_CATALOGUE });

/** A 1.2 run's items: the first is the site summary the store says (checked here), the issues follow. */
function issuesOf(result, project = SITE) {
	expect(result.error).toBeUndefined();
	const [summary, ...issues] = jsonOf(result.items);
	expect(summary).toEqual(expectedSummary(project, checkedAtOf(result, summary)));
	return issues;
}

test('250 reports: 3 requests of 100, newest first, one item per failing check, as the sandbox data says', async () => {
	fixture.sandbox.reset([...pages(250), { url: 'https://other.test/' }]);
	const result = await run(getIssues());
	const issues = issuesOf(result);
	expect(fixture.takeRequests()).toEqual([listing(1), listing(2), listing(3)]);
	const expected = expectedIssues(SITE);
	expect(expected.length).toBeGreaterThan(20);
	expect(issues).toEqual(expected);
	expect(result.items.every((item) => item.pairedItem.item === 0)).toBe(true);
	// the order: importance, then the most pages, then the check
	const order = issues.map((issue) => [RANK[issue.importance], -issue.pages_failing]);
	expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
	// the default Pages per Issue, as the first issue fails on more pages
	expect(issues[0].pages).toHaveLength(DEFAULT_PAGES_PER_ISSUE);
	expect(issues[0].pages_failing).toBeGreaterThan(DEFAULT_PAGES_PER_ISSUE);
});

test('exactly 100 and exactly 1 report: one request each', async () => {
	fixture.sandbox.reset(pages(100));
	issuesOf(await run(getIssues({ project: byName(SITE) })));
	expect(fixture.takeRequests()).toEqual([listing(1)]);
	fixture.sandbox.reset(pages(1));
	const issues = issuesOf(await run(getIssues()));
	expect(fixture.takeRequests()).toEqual([listing(1)]);
	expect(issues).toEqual(expectedIssues(SITE));
});

test('a page with several reports counts once, by its newest report (id and reason of that one)', async () => {
	fixture.sandbox.reset([
		{ url: `https://${SITE}/`, score: 10 },
		{ url: `https://${SITE}/about`, score: 10 },
		{ url: `https://${SITE}/`, score: 10 },
	]);
	fixture.sandbox.setChecks(3, 'all');
	const issues = issuesOf(await run(getIssues()));
	expect(issues).toEqual(expectedIssues(SITE));
	// the home page's newest report (3) passes every check: only /about (2) fails anything
	expect(issues.length).toBeGreaterThan(0);
	for (const issue of issues) {
		expect(issue.pages_audited).toBe(2);
		expect(issue.pages_failing).toBe(1);
		expect(issue.pages.map((page) => [page.id, page.url])).toEqual([[2, `${SITE}/about`]]);
	}
});

test('a page counts once in any spelling (report/storedUrl.ts): %c3%a9 and é, :443 and no port', async () => {
	fixture.sandbox.reset([
		{ url: `https://${SITE}/caf%c3%a9`, score: 10 },
		{ url: `https://${SITE}/café`, score: 10 },
		{ url: `http://${SITE}:443/about`, score: 10 },
		{ url: `https://${SITE}/about`, score: 10 },
	]);
	expect(fixture.sandbox.reports().map((r) => r.url)).toEqual([
		`${SITE}/caf%c3%a9`,
		`${SITE}/caf%C3%A9`,
		`${SITE}:443/about`,
		`${SITE}/about`,
	]);
	// the newest report of the café page (2) passes every check: only /about's newest (4) fails
	fixture.sandbox.setChecks(2, 'all');
	const [summary, ...issues] = jsonOf((await fixture.run(getIssues())).items);
	// two pages in the summary too (the oracle counts spellings apart: not used here)
	expect(summary).toMatchObject({
		pages: 2,
		health: 50,
		pages_good: 1,
		pages_decent: 0,
		pages_bad: 1,
		pages_failing_high: 1,
	});
	expect(issues.length).toBeGreaterThan(0);
	for (const issue of issues) {
		expect(issue.pages_audited).toBe(2);
		expect(issue.pages_failing).toBe(1);
		expect(issue.pages.map((page) => [page.id, page.url])).toEqual([[4, `${SITE}/about`]]);
	}
});

test('Importance: only the chosen levels, in the same order', async () => {
	fixture.sandbox.reset(pages(40));
	const issues = issuesOf(await run(getIssues({ importance: ['low', 'high'] })));
	expect(issues).toEqual(expectedIssues(SITE, { importance: ['high', 'low'] }));
	expect(new Set(issues.map((issue) => issue.importance))).toEqual(new Set(['high', 'low']));
	const medium = issuesOf(await run(getIssues({ importance: ['medium'] })));
	expect(medium).toEqual(expectedIssues(SITE, { importance: ['medium'] }));
	expect(medium.every((issue) => issue.importance === 'medium')).toBe(true);
});

test('Pages per Issue 0: counts only; N: at most N pages each, newest report first', async () => {
	fixture.sandbox.reset(pages(40));
	const counts = issuesOf(await run(getIssues({ pagesPerIssue: 0 })));
	expect(counts).toEqual(expectedIssues(SITE, { pagesPerIssue: 0 }));
	expect(counts.every((issue) => issue.pages.length === 0 && issue.pages_failing > 0)).toBe(true);
	const three = issuesOf(await run(getIssues({ pagesPerIssue: 3 })));
	expect(three).toEqual(expectedIssues(SITE, { pagesPerIssue: 3 }));
	expect(Math.max(...three.map((issue) => issue.pages.length))).toBe(3);
	for (const issue of three) {
		const ids = issue.pages.map((page) => page.id);
		expect(ids).toEqual([...ids].sort((a, b) => b - a));
	}
});

test('every page passes every check: the summary alone (health 100), no error; version 1.1: no items', async () => {
	fixture.sandbox.reset([{ url: `https://${SITE}/` }, { url: `https://${SITE}/a` }]);
	fixture.sandbox.setChecks(1, 'all');
	fixture.sandbox.setChecks(2, 'all');
	const result = await run(getIssues());
	expect(issuesOf(result)).toEqual([]);
	expect(result.items[0].json).toMatchObject({ pages: 2, health: 100, score_average: 100 });
	expect(fixture.takeRequests()).toEqual([listing(1)]);
	const { items, error } = await fixture.run(getIssues(), { typeVersion: 1.1 });
	expect(error).toBeUndefined();
	expect(items).toEqual([]);
	expect(fixture.takeRequests()).toEqual([listing(1)]);
});

test('refused before any request: an empty Importance, or Importance as text with an unknown word', async () => {
	fixture.sandbox.reset(pages(5));
	const cases = [
		[{ importance: [] }, 'Importance must be one or more of high, medium and low (got nothing)'],
		[
			{ importance: '={{ "high, urgent" }}' },
			'Importance must be one or more of high, medium and low (got "high, urgent")',
		],
	];
	for (const [extra, message] of cases) {
		const { error } = await fixture.run(getIssues(extra));
		expect(error.message).toBe(message);
	}
	expect(fixture.takeRequests()).toEqual([]);
});

test('Importance as text from an expression or a model: "High, medium"', async () => {
	fixture.sandbox.reset(pages(20));
	const issues = issuesOf(await run(getIssues({ importance: '={{ "High, medium" }}' })));
	expect(issues).toEqual(expectedIssues(SITE, { importance: ['high', 'medium'] }));
});

test("under phpRank's throttle: no error, and exactly 3 accepted requests for 250 reports", async () => {
	fixture.sandbox.reset(pages(250));
	fixture.sandbox.setFaults({ throttle: { limit: 1, windowMs: 1000 } });
	try {
		expect(issuesOf(await run(getIssues()))).toEqual(expectedIssues(SITE));
		const accepted = fixture.sandbox.requests.filter((request) => request.status === 200);
		expect(accepted.map((request) => request.query.page)).toEqual(['1', '2', '3']);
		expect(fixture.sandbox.requests.some((request) => request.status === 429)).toBe(true);
	} finally {
		fixture.sandbox.setFaults({});
	}
});

test('Stop between two pages: the run ends as canceled, nothing is sent after it', async () => {
	fixture.sandbox.reset(pages(350));
	const result = await fixture.runAndStop(getIssues(), (entry) => entry.query.page === '2');
	expect(result.error.message).toBe(CANCELED);
	expect(result.run.status).toBe('canceled');
	const requests = fixture.takeRequests();
	expect(requests).toHaveLength(result.requestsAtStop);
	expect(requests).toEqual([listing(1), listing(2)]);
});

test("importance as phpRank says it: where the reports' importance differs from the catalogue's, the newest failing report's wins, and Importance filters by it", async () => {
	fixture.sandbox.reset(pages(30));
	const listed = await apiGet(
		fixture.sandbox,
		`/reports?project=${SITE}&sort_by=id&sort=desc&per_page=100&page=1`,
	);
	const failingTitle = listed.data.filter((report) => !report.results.title.passed);
	expect(failingTitle.length).toBeGreaterThan(1);
	// this phpRank grades title low (the catalogue: high) in the newest report failing it, medium in the others
	for (const report of failingTitle) report.results.title.importance = 'medium';
	failingTitle[0].results.title.importance = 'low';
	const served = { count: 3, status: 200, body: listed, method: 'GET', path: '/api/v1/reports' };
	fixture.sandbox.failNext(served);
	const [summary, ...all] = jsonOf((await fixture.run(getIssues())).items);
	expect(all.find((issue) => issue.check === 'title')).toMatchObject({
		importance: 'low',
		pages_failing: failingTitle.length,
	});
	// the summary counts the issues by the importance they show: title among the low ones
	const shown = (level) => all.filter((issue) => issue.importance === level).length;
	expect([summary.issues_high, summary.issues_medium, summary.issues_low]).toEqual([
		shown('high'),
		shown('medium'),
		shown('low'),
	]);
	const high = jsonOf((await fixture.run(getIssues({ importance: ['high'] }))).items).slice(1);
	expect(high.map((issue) => issue.check)).not.toContain('title');
	expect(high.length).toBeGreaterThan(0);
	const low = jsonOf((await fixture.run(getIssues({ importance: ['low'] }))).items).slice(1);
	expect(low.map((issue) => issue.check)).toContain('title');
	expect(low.every((issue) => issue.importance === 'low')).toBe(true);
});

// ------------------------------------------------------------------------------ the site summary

const KNOWN = 'known.test';

test('the site summary of a site with known reports: health, average, pages by result, issues by importance, freshness; flat, its keys in order', async () => {
	// ids 1..6 on known.test (6: the home page's newer report), 7 on another site
	fixture.sandbox.reset(
		['/', '/a', '/b', '/c', '/d', '/']
			.map((path) => ({ url: `https://${KNOWN}${path}` }))
			.concat([{ url: 'https://other.test/x' }]),
	);
	// each change is a re-run: the sandbox's clock starts at 09:00 and moves a minute a write
	fixture.sandbox.setChecks(1, 'none'); // 09:00 the home page's older report fails everything: not counted
	const outcomes = [
		[6, {}], // 09:02 home: passes every check, score 100
		[2, { title: false }], // 09:04 /a: fails a high check, 145 of 155 points, 94
		[3, { favicon: false, charset: false }], // 09:06 /b: a low and a medium check, 150 of 155, 97
		[4, 'none'], // 09:08 /c: fails every check, 0
		[5, { title: false, meta_description: false, headings: false, content_keywords: false }], // 09:10 /d: 4 high, 74
	];
	for (const [id, changed] of outcomes) {
		fixture.sandbox.setChecks(id, 'all');
		fixture.sandbox.setChecks(id, changed);
	}
	expect(fixture.sandbox.reports().map((report) => report.result)).toEqual([
		0, 94, 97, 0, 74, 100, 90,
	]);
	// /c fails every check: every check is an issue, counted by the importance its report says
	const everyCheck = Object.values(fixture.sandbox.reports()[3].results);
	const ofImportance = (level) => everyCheck.filter((check) => check.importance === level).length;
	const result = await run(getIssues({ project: byName(KNOWN) }));
	expect(result.error).toBeUndefined();
	expect(fixture.takeRequests()).toEqual([listing(1, KNOWN)]);
	const [summary, ...issues] = jsonOf(result.items);
	expect(summary).toEqual({
		kind: 'site summary',
		project: KNOWN,
		checked_at: checkedAtOf(result, summary),
		pages: 5,
		// /a, /c and /d fail a high check: 2 of 5 pages fail none
		health: 40,
		// (100 + 94 + 97 + 0 + 74) / 5
		score_average: 73,
		pages_good: 3,
		pages_decent: 1,
		pages_bad: 1,
		issues_high: ofImportance('high'),
		issues_medium: ofImportance('medium'),
		issues_low: ofImportance('low'),
		pages_failing_high: 3,
		newest_report_at: '2026-01-05T09:10:00.000Z',
		oldest_report_at: '2026-01-05T09:02:00.000Z',
	});
	expect([ofImportance('high'), ofImportance('medium'), ofImportance('low')]).toEqual([8, 15, 10]);
	expect(Object.keys(summary)).toEqual([
		'kind',
		'project',
		'checked_at',
		'pages',
		'health',
		'score_average',
		'pages_good',
		'pages_decent',
		'pages_bad',
		'issues_high',
		'issues_medium',
		'issues_low',
		'pages_failing_high',
		'newest_report_at',
		'oldest_report_at',
	]);
	// then the issues exactly as without the summary; none of them has a kind
	expect(issues).toEqual(expectedIssues(KNOWN));
	expect(issues).toHaveLength(33);
	expect(issues.some((issue) => 'kind' in issue)).toBe(false);
	expect(summary).toEqual(expectedSummary(KNOWN, summary.checked_at));
});

test('versions 1 and 1.1 output the issues alone, as before, and so does 1.2 with Output Site Summary off; 1.1 can turn it on; the same 3 requests every time', async () => {
	fixture.sandbox.reset(pages(250));
	const expected = expectedIssues(SITE);
	const three = [listing(1), listing(2), listing(3)];
	for (const [options, extra] of [
		[{ typeVersion: 1 }, {}],
		[{ typeVersion: 1.1 }, {}],
		[{}, { siteSummary: false }],
	]) {
		const { items, error } = await fixture.run(getIssues(extra), options);
		expect(error).toBeUndefined();
		expect(jsonOf(items)).toEqual(expected);
		expect(fixture.takeRequests()).toEqual(three);
	}
	const optedIn = await run(getIssues({ siteSummary: true }), { typeVersion: 1.1 });
	expect(issuesOf(optedIn)).toEqual(expected);
	expect(fixture.takeRequests()).toEqual(three);
});

test('the summary describes the whole site whatever Importance and Pages per Issue say', async () => {
	fixture.sandbox.reset(pages(120));
	const whole = await run(getIssues());
	const narrow = await run(getIssues({ importance: ['low'], pagesPerIssue: 0 }));
	expect(fixture.takeRequests()).toEqual([listing(1), listing(2), listing(1), listing(2)]);
	const lowOnly = issuesOf(narrow);
	expect(lowOnly).toEqual(expectedIssues(SITE, { importance: ['low'], pagesPerIssue: 0 }));
	expect(lowOnly.every((issue) => issue.importance === 'low' && issue.pages.length === 0)).toBe(
		true,
	);
	const [all] = jsonOf(whole.items);
	const [some] = jsonOf(narrow.items);
	expect({ ...some, checked_at: null }).toEqual({ ...all, checked_at: null });
	// health counts the high checks though none is output
	expect(some.issues_high).toBeGreaterThan(0);
	expect(some.pages_failing_high).toBeGreaterThan(0);
	expect(some.health).toBe(Math.round((100 * (120 - some.pages_failing_high)) / 120));
});

test('a project with no report: the summary alone (pages 0; no health, score or time) after one request; without the summary the error as before', async () => {
	fixture.sandbox.reset(pages(5));
	const result = await run(getIssues({ project: byName('empty.test') }));
	expect(result.error).toBeUndefined();
	expect(fixture.takeRequests()).toEqual([listing(1, 'empty.test')]);
	const [summary] = jsonOf(result.items);
	expect(jsonOf(result.items)).toEqual([
		{
			kind: 'site summary',
			project: 'empty.test',
			checked_at: checkedAtOf(result, summary),
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
		},
	]);
	expect(issuesOf(result, 'empty.test')).toEqual([]);
	for (const [options, extra] of [
		[{ typeVersion: 1.1 }, {}],
		[{}, { siteSummary: false }],
	]) {
		const { error } = await fixture.run(
			getIssues({ project: byName('empty.test'), ...extra }),
			options,
		);
		expect(error.message).toBe(
			'Project "empty.test" has no reports: check its name (phpRank names a project by its site\'s host, like example.com; Project → Get Many lists them)',
		);
		expect(fixture.takeRequests()).toEqual([listing(1, 'empty.test')]);
	}
});

test('10,000 reports of one site: 100 requests, the summary and the issues as the store says', async () => {
	fixture.sandbox.reset(pages(10_000));
	const result = await run(getIssues({ pagesPerIssue: 3 }));
	expect(issuesOf(result)).toEqual(expectedIssues(SITE, { pagesPerIssue: 3 }));
	expect(fixture.takeRequests()).toEqual(Array.from({ length: 100 }, (_, i) => listing(i + 1)));
	const [summary] = jsonOf(result.items);
	expect(summary.pages).toBe(10_000);
	expect(summary.pages_good + summary.pages_decent + summary.pages_bad).toBe(10_000);
}, 60_000);
