// Project → getIssues (nodes/PhpRank/resources/project/getIssues.ts): this operation's own tests,
// through n8n-core's engine against the sandbox. Expected issues are worked out here from the
// sandbox's own stored reports (an oracle independent of report/siteHealth.ts).
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
const { expectedIssues: oracle, RANK } = require('../../helpers/site-issues-oracle');

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

test('250 reports: 3 requests of 100, newest first, one item per failing check, as the sandbox data says', async () => {
	fixture.sandbox.reset([...pages(250), { url: 'https://other.test/' }]);
	const { items, error } = await fixture.run(getIssues());
	expect(error).toBeUndefined();
	expect(fixture.takeRequests()).toEqual([listing(1), listing(2), listing(3)]);
	const expected = expectedIssues(SITE);
	expect(expected.length).toBeGreaterThan(20);
	expect(jsonOf(items)).toEqual(expected);
	expect(items.every((item) => item.pairedItem.item === 0)).toBe(true);
	// the order: importance, then the most pages, then the check
	const order = jsonOf(items).map((issue) => [RANK[issue.importance], -issue.pages_failing]);
	expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
	// the default Pages per Issue, as the first issue fails on more pages
	expect(jsonOf(items)[0].pages).toHaveLength(DEFAULT_PAGES_PER_ISSUE);
	expect(jsonOf(items)[0].pages_failing).toBeGreaterThan(DEFAULT_PAGES_PER_ISSUE);
});

test('exactly 100 and exactly 1 report: one request each', async () => {
	fixture.sandbox.reset(pages(100));
	await fixture.run(getIssues({ project: byName(SITE) }));
	expect(fixture.takeRequests()).toEqual([listing(1)]);
	fixture.sandbox.reset(pages(1));
	const { items } = await fixture.run(getIssues());
	expect(fixture.takeRequests()).toEqual([listing(1)]);
	expect(jsonOf(items)).toEqual(expectedIssues(SITE));
});

test('a page with several reports counts once, by its newest report (id and reason of that one)', async () => {
	fixture.sandbox.reset([
		{ url: `https://${SITE}/`, score: 10 },
		{ url: `https://${SITE}/about`, score: 10 },
		{ url: `https://${SITE}/`, score: 10 },
	]);
	fixture.sandbox.setChecks(3, 'all');
	const { items } = await fixture.run(getIssues());
	const issues = jsonOf(items);
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
	const issues = jsonOf((await fixture.run(getIssues())).items);
	expect(issues.length).toBeGreaterThan(0);
	for (const issue of issues) {
		expect(issue.pages_audited).toBe(2);
		expect(issue.pages_failing).toBe(1);
		expect(issue.pages.map((page) => [page.id, page.url])).toEqual([[4, `${SITE}/about`]]);
	}
});

test('Importance: only the chosen levels, in the same order', async () => {
	fixture.sandbox.reset(pages(40));
	const { items } = await fixture.run(getIssues({ importance: ['low', 'high'] }));
	const issues = jsonOf(items);
	expect(issues).toEqual(expectedIssues(SITE, { importance: ['high', 'low'] }));
	expect(new Set(issues.map((issue) => issue.importance))).toEqual(new Set(['high', 'low']));
	const medium = jsonOf((await fixture.run(getIssues({ importance: ['medium'] }))).items);
	expect(medium).toEqual(expectedIssues(SITE, { importance: ['medium'] }));
	expect(medium.every((issue) => issue.importance === 'medium')).toBe(true);
});

test('Pages per Issue 0: counts only; N: at most N pages each, newest report first', async () => {
	fixture.sandbox.reset(pages(40));
	const counts = jsonOf((await fixture.run(getIssues({ pagesPerIssue: 0 }))).items);
	expect(counts).toEqual(expectedIssues(SITE, { pagesPerIssue: 0 }));
	expect(counts.every((issue) => issue.pages.length === 0 && issue.pages_failing > 0)).toBe(true);
	const three = jsonOf((await fixture.run(getIssues({ pagesPerIssue: 3 }))).items);
	expect(three).toEqual(expectedIssues(SITE, { pagesPerIssue: 3 }));
	expect(Math.max(...three.map((issue) => issue.pages.length))).toBe(3);
	for (const issue of three) {
		const ids = issue.pages.map((page) => page.id);
		expect(ids).toEqual([...ids].sort((a, b) => b - a));
	}
});

test('every page passes every check: no items, no error', async () => {
	fixture.sandbox.reset([{ url: `https://${SITE}/` }, { url: `https://${SITE}/a` }]);
	fixture.sandbox.setChecks(1, 'all');
	fixture.sandbox.setChecks(2, 'all');
	const { items, error } = await fixture.run(getIssues());
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
	const { items } = await fixture.run(getIssues({ importance: '={{ "High, medium" }}' }));
	expect(jsonOf(items)).toEqual(expectedIssues(SITE, { importance: ['high', 'medium'] }));
});

test("under phpRank's throttle: no error, and exactly 3 accepted requests for 250 reports", async () => {
	fixture.sandbox.reset(pages(250));
	fixture.sandbox.setFaults({ throttle: { limit: 1, windowMs: 1000 } });
	try {
		const { items, error } = await fixture.run(getIssues());
		expect(error).toBeUndefined();
		expect(jsonOf(items)).toEqual(expectedIssues(SITE));
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
	const all = jsonOf((await fixture.run(getIssues())).items);
	expect(all.find((issue) => issue.check === 'title')).toMatchObject({
		importance: 'low',
		pages_failing: failingTitle.length,
	});
	const high = jsonOf((await fixture.run(getIssues({ importance: ['high'] }))).items);
	expect(high.map((issue) => issue.check)).not.toContain('title');
	expect(high.length).toBeGreaterThan(0);
	const low = jsonOf((await fixture.run(getIssues({ importance: ['low'] }))).items);
	expect(low.map((issue) => issue.check)).toContain('title');
	expect(low.every((issue) => issue.importance === 'low')).toBe(true);
});
