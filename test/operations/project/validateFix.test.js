// Project → validateFix (nodes/PhpRank/resources/project/validateFix.ts): this operation's own
// tests, through n8n-core's engine against the sandbox. The sandbox's `repair` is the site owner's
// fix: later re-runs of the repaired pages pass the check. Plain http pages always fail
// https_encryption otherwise, so whether a page is fixed never depends on the sandbox's analysis.
const {
	useFixture,
	projectReports,
	rerun,
	fromList,
	byName,
	apiGet,
	CANCELED,
} = require('../../node/fixture');
const { checkReason } = require('../../helpers/built').checkReasons;
const { NOT_CHECKED_IN_A_ROW: N } = require('../../helpers/built').fixValidation;
const { DEFAULT_PAGES_PER_ISSUE } = require('../../helpers/built').fields;

const fixture = useFixture();

const SITE = 'site.test';
const CHECK = 'https_encryption';

const validateFix = (extra = {}) => ({
	resource: 'project',
	operation: 'validateFix',
	project: fromList(SITE),
	check: CHECK,
	...extra,
});

/** The list request of page `page`, as Validate Fix must send it (Get Issues' listing). */
const listing = (page, project = SITE) => projectReports(project, page);

/** `count` pages of the site, one report each (ids 1..count); every `httpEvery`-th page is plain http. */
const pages = (count, httpEvery = 2) =>
	Array.from({ length: count }, (_, i) => ({
		url: `${(i + 1) % httpEvery === 0 ? 'http' : 'https'}://${SITE}/page-${i + 1}`,
	}));

/** The ids of the seeded pages that fail https_encryption (plain http), newest first. */
const failingIds = (count, httpEvery = 2) =>
	Array.from({ length: count }, (_, i) => i + 1)
		.filter((id) => id % httpEvery === 0)
		.reverse();

const stored = (id) => fixture.sandbox.reports().find((report) => report.id === id);
const reasonOf = (id) => checkReason(CHECK, stored(id).results[CHECK]);
const jsonOf = (items) => items.map((item) => item.json);

const result = (fields) => ({
	project: SITE,
	check: CHECK,
	name: 'HTTPS Encryption',
	importance: 'high',
	reason: null,
	pages_not_checked: 0,
	...fields,
});

/**
 * How the node's transport words the real phpRank's answer to a re-run of a page it cannot fetch
 * (the sandbox's makeUnreachable: cURL error 28 "… (see …) for <href>"): the reason without
 * phpRank's note and address (transport/failureWording.ts). The re-run names no page: the
 * validation's reason names it.
 */
const couldNotFetch = () =>
	"phpRank could not fetch the page: cURL error 28: Operation timed out after 30001 milliseconds with 0 bytes received. Check that the page answers from phpRank's server";
/** How the node's transport words a 5xx after the retries. */
const SERVER_ERROR_503 =
	"phpRank had a server error (HTTP 503): try again later, or ask the phpRank site's administrator";

test('the fix worked: one read of 250 reports (3 requests), every failing page re-run newest first, passed', async () => {
	fixture.sandbox.reset(pages(250));
	fixture.sandbox.repair({ checks: CHECK, project: SITE });
	const { items, error } = await fixture.run(validateFix({ pagesPerIssue: 3 }));
	expect(error).toBeUndefined();
	const ids = failingIds(250);
	expect(fixture.takeRequests()).toEqual([
		listing(1),
		listing(2),
		listing(3),
		...ids.map((id) => rerun(id)),
	]);
	expect(jsonOf(items)).toEqual([
		result({
			validation: 'passed',
			pages_failing_before: 125,
			pages_rechecked: 125,
			pages_fixed: 125,
			pages_still_failing: 0,
			pages: ids.slice(0, 3).map((id) => ({
				id,
				url: `${SITE}/page-${id}`,
				fixed: true,
				reason: null,
			})),
		}),
	]);
	expect(items[0].pairedItem).toEqual({ item: 0 });
});

test('the fix did not work: it stops at the first page that still fails, one write', async () => {
	fixture.sandbox.reset(pages(30));
	const { items } = await fixture.run(validateFix());
	expect(fixture.takeRequests()).toEqual([listing(1), rerun(30)]);
	expect(jsonOf(items)).toEqual([
		result({
			validation: 'failed',
			reason: `1 page still fails HTTPS Encryption when re-run, so the validation stopped (14 pages not re-run). ${SITE}/page-30: ${reasonOf(30)}`,
			pages_failing_before: 15,
			pages_rechecked: 1,
			pages_fixed: 0,
			pages_still_failing: 1,
			pages: [{ id: 30, url: `${SITE}/page-30`, fixed: false, reason: reasonOf(30) }],
		}),
	]);
	expect(reasonOf(30)).toMatch(/^https_encryption: /);
});

test('fixed pages until one still fails: the validation stops there, that page listed first', async () => {
	fixture.sandbox.reset(pages(30));
	fixture.sandbox.repair({ checks: CHECK, url: `${SITE}/page-30` });
	fixture.sandbox.repair({ checks: CHECK, url: `${SITE}/page-28` });
	const { items } = await fixture.run(validateFix());
	expect(fixture.takeRequests()).toEqual([listing(1), rerun(30), rerun(28), rerun(26)]);
	const [output] = jsonOf(items);
	expect(output).toMatchObject({
		validation: 'failed',
		reason: `1 page still fails HTTPS Encryption when re-run, so the validation stopped (12 pages not re-run). ${SITE}/page-26: ${reasonOf(26)}`,
		pages_failing_before: 15,
		pages_rechecked: 3,
		pages_fixed: 2,
		pages_still_failing: 1,
	});
	expect(output.pages.map((page) => [page.id, page.fixed])).toEqual([
		[26, false],
		[30, true],
		[28, true],
	]);
});

test('Check All Pages: every failing page re-run, those still failing listed first, at most Pages per Issue', async () => {
	fixture.sandbox.reset(pages(30));
	for (const id of [30, 24, 12])
		fixture.sandbox.repair({ checks: CHECK, url: `${SITE}/page-${id}` });
	const { items } = await fixture.run(validateFix({ checkAllPages: true, pagesPerIssue: 14 }));
	const ids = failingIds(30);
	expect(fixture.takeRequests()).toEqual([listing(1), ...ids.map((id) => rerun(id))]);
	const [output] = jsonOf(items);
	expect(output).toMatchObject({
		validation: 'failed',
		reason: `12 pages still fail HTTPS Encryption when re-run. The first, ${SITE}/page-28: ${reasonOf(28)}`,
		pages_failing_before: 15,
		pages_rechecked: 15,
		pages_fixed: 3,
		pages_still_failing: 12,
		pages_not_checked: 0,
	});
	const stillFailing = ids.filter((id) => ![30, 24, 12].includes(id));
	expect(output.pages).toEqual([
		...stillFailing.map((id) => ({
			id,
			url: `${SITE}/page-${id}`,
			fixed: false,
			reason: reasonOf(id),
		})),
		{ id: 30, url: `${SITE}/page-30`, fixed: true, reason: null },
		{ id: 24, url: `${SITE}/page-24`, fixed: true, reason: null },
	]);
});

test('nothing to validate: no page fails the check, the listing only, no write', async () => {
	fixture.sandbox.reset(pages(120, 1000));
	const { items } = await fixture.run(validateFix({ project: byName(SITE) }));
	expect(fixture.takeRequests()).toEqual([listing(1), listing(2)]);
	expect(jsonOf(items)).toEqual([
		result({
			validation: 'nothing to validate',
			pages_failing_before: 0,
			pages_rechecked: 0,
			pages_fixed: 0,
			pages_still_failing: 0,
			pages: [],
		}),
	]);
});

test('a page counts by its newest report: an older failing report of a fixed page is not re-run', async () => {
	fixture.sandbox.reset([
		{ url: `http://${SITE}/old` },
		{ url: `http://${SITE}/` },
		{ url: `https://${SITE}/old` },
	]);
	fixture.sandbox.repair({ checks: CHECK, project: SITE });
	const { items } = await fixture.run(validateFix());
	// page "old": its newest report (3) passes; the home page's only report (2) fails
	expect(fixture.takeRequests()).toEqual([listing(1), rerun(2)]);
	expect(jsonOf(items)[0]).toMatchObject({
		validation: 'passed',
		pages_failing_before: 1,
		pages: [{ id: 2, url: SITE, fixed: true, reason: null }],
	});
});

test('a re-run that fails (a report deleted meanwhile, a server error after the retries): not checked, the validation goes on, never passed', async () => {
	fixture.sandbox.reset(pages(10));
	fixture.sandbox.repair({ checks: CHECK, project: SITE });
	fixture.sandbox.failNext({ status: 403, method: 'PATCH', path: '/api/v1/reports/8' });
	fixture.sandbox.failNext({ status: 500, count: 4, method: 'PATCH', path: '/api/v1/reports/4' });
	const { items, error } = await fixture.run(validateFix());
	expect(error).toBeUndefined();
	expect(fixture.takeRequests()).toEqual([
		listing(1),
		rerun(10),
		rerun(8),
		rerun(6),
		rerun(4),
		rerun(4),
		rerun(4),
		rerun(4),
		rerun(2),
	]);
	const [output] = jsonOf(items);
	expect(output).toMatchObject({
		validation: 'failed',
		pages_failing_before: 5,
		pages_rechecked: 3,
		pages_fixed: 3,
		pages_still_failing: 0,
		pages_not_checked: 2,
	});
	expect(output.pages.map((page) => [page.id, page.fixed])).toEqual([
		[8, null],
		[4, null],
		[10, true],
		[6, true],
		[2, true],
	]);
	expect(output.pages[0].reason).toMatch(/^Report 8 /);
	expect(output.pages[1].reason).toMatch(/500/);
	// two pages not checked, not in a row: the validation went on to the last page
	expect(output.reason).toBe(
		`phpRank could not re-check 2 pages. The first, ${SITE}/page-8: ${output.pages[0].reason}`,
	);
	for (const page of output.pages.slice(0, 2)) expect(page.reason).not.toContain('test-key');
});

// The stop after pages phpRank could not re-check: every figure follows from NOT_CHECKED_IN_A_ROW (N).
test(`phpRank cannot fetch the site (down, or behind a firewall): ${N} re-runs, then the validation stops, failed, saying why`, async () => {
	fixture.sandbox.reset(pages(60));
	fixture.sandbox.makeUnreachable({ project: SITE });
	const { items, error } = await fixture.run(validateFix());
	expect(error).toBeUndefined();
	const tried = failingIds(60).slice(0, N);
	expect(fixture.takeRequests()).toEqual([listing(1), ...tried.map((id) => rerun(id))]);
	const notChecked = (id) => ({
		id,
		url: `${SITE}/page-${id}`,
		fixed: null,
		reason: couldNotFetch(`http://${SITE}/page-${id}`),
	});
	expect(jsonOf(items)).toEqual([
		result({
			validation: 'failed',
			reason: `phpRank could not re-check ${N} pages in a row, so the validation stopped (${30 - N} pages not re-run). The first, ${SITE}/page-60: ${couldNotFetch(`http://${SITE}/page-60`)}`,
			pages_failing_before: 30,
			pages_rechecked: 0,
			pages_fixed: 0,
			pages_still_failing: 0,
			pages_not_checked: N,
			pages: tried.slice(0, DEFAULT_PAGES_PER_ISSUE).map(notChecked),
		}),
	]);
});

test(`every re-run answers 503: each page tried 1 + Retries times, ${N} pages, then the validation stops`, async () => {
	fixture.sandbox.reset(pages(60));
	fixture.sandbox.repair({ checks: CHECK, project: SITE });
	fixture.sandbox.failNext({ count: 60, status: 503, method: 'PATCH' });
	const { items, error } = await fixture.run(
		validateFix({ pagesPerIssue: 1, options: { retries: 1 } }),
	);
	expect(error).toBeUndefined();
	expect(fixture.takeRequests()).toEqual([
		listing(1),
		...failingIds(60)
			.slice(0, N)
			.flatMap((id) => [rerun(id), rerun(id)]),
	]);
	expect(jsonOf(items)).toEqual([
		result({
			validation: 'failed',
			reason: `phpRank could not re-check ${N} pages in a row, so the validation stopped (${30 - N} pages not re-run). The first, ${SITE}/page-60: ${SERVER_ERROR_503}`,
			pages_failing_before: 30,
			pages_rechecked: 0,
			pages_fixed: 0,
			pages_still_failing: 0,
			pages_not_checked: N,
			pages: [{ id: 60, url: `${SITE}/page-60`, fixed: null, reason: SERVER_ERROR_503 }],
		}),
	]);
});

test('Check All Pages goes on past pages phpRank cannot fetch: every failing page re-run', async () => {
	fixture.sandbox.reset(pages(12));
	fixture.sandbox.makeUnreachable({ project: SITE });
	fixture.sandbox.repair({ checks: CHECK, url: `${SITE}/page-6` });
	fixture.sandbox.makeUnreachable({ url: `${SITE}/page-6` });
	const { items } = await fixture.run(validateFix({ checkAllPages: true, pagesPerIssue: 0 }));
	expect(fixture.takeRequests()).toEqual([listing(1), ...failingIds(12).map((id) => rerun(id))]);
	expect(jsonOf(items)).toEqual([
		result({
			validation: 'failed',
			reason: `phpRank could not re-check 6 pages. The first, ${SITE}/page-12: ${couldNotFetch(`http://${SITE}/page-12`)}`,
			pages_failing_before: 6,
			pages_rechecked: 0,
			pages_fixed: 0,
			pages_still_failing: 0,
			pages_not_checked: 6,
			pages: [],
		}),
	]);
});

test(`pages not checked, never ${N} in a row: the validation goes on, to the first page that still fails`, async () => {
	// newest first: N - 1 unreachable, one fixed, N - 1 unreachable, one fixed, one still failing, 3 left
	const ids = failingIds(4 * N + 8);
	const firstRun = ids.slice(0, N - 1);
	const secondRun = ids.slice(N, 2 * N - 1);
	const fixedIds = [ids[N - 1], ids[2 * N - 1]];
	const still = ids[2 * N];
	fixture.sandbox.reset(pages(4 * N + 8));
	for (const id of [...firstRun, ...secondRun])
		fixture.sandbox.makeUnreachable({ url: `${SITE}/page-${id}` });
	for (const id of fixedIds) fixture.sandbox.repair({ checks: CHECK, url: `${SITE}/page-${id}` });
	const { items } = await fixture.run(validateFix());
	expect(fixture.takeRequests()).toEqual([
		listing(1),
		...ids.slice(0, 2 * N + 1).map((id) => rerun(id)),
	]);
	const page = (id, fixed, reason) => ({ id, url: `${SITE}/page-${id}`, fixed, reason });
	const unreachable = (id) => page(id, null, couldNotFetch(`http://${SITE}/page-${id}`));
	expect(jsonOf(items)).toEqual([
		result({
			validation: 'failed',
			reason: `1 page still fails HTTPS Encryption when re-run, so the validation stopped (3 pages not re-run). ${SITE}/page-${still}: ${reasonOf(still)}`,
			pages_failing_before: 2 * N + 4,
			pages_rechecked: 3,
			pages_fixed: 2,
			pages_still_failing: 1,
			pages_not_checked: 2 * (N - 1),
			pages: [
				page(still, false, reasonOf(still)),
				...[...firstRun, ...secondRun].map(unreachable),
				...fixedIds.map((id) => page(id, true, null)),
			].slice(0, DEFAULT_PAGES_PER_ISSUE),
		}),
	]);
});

test('Check by readable name or key in any case (an expression, a model); anything else refused before any request', async () => {
	fixture.sandbox.reset(pages(4));
	const byReadableName = await fixture.run(validateFix({ check: '={{ "HTTPS Encryption" }}' }));
	expect(jsonOf(byReadableName.items)[0].check).toBe(CHECK);
	expect(fixture.takeRequests()).toEqual([listing(1), rerun(4)]);
	const { error } = await fixture.run(validateFix({ check: '={{ "https" }}' }));
	expect(error.message).toBe(
		'Check must be one of phpRank\'s checks, by key like meta_description or by name like Meta Description (got "https")',
	);
	expect(fixture.takeRequests()).toEqual([]);
});

test("under phpRank's throttle every re-run waits and none fails", async () => {
	fixture.sandbox.reset(pages(8));
	fixture.sandbox.repair({ checks: CHECK, project: SITE });
	fixture.sandbox.setFaults({ throttle: { limit: 2, windowMs: 1000 } });
	try {
		const { items, error } = await fixture.run(validateFix());
		expect(error).toBeUndefined();
		expect(jsonOf(items)[0]).toMatchObject({ validation: 'passed', pages_fixed: 4 });
		const accepted = fixture.sandbox.requests.filter((request) => request.status === 200);
		expect(accepted.map((request) => `${request.method} ${request.pathname}`)).toEqual([
			'GET /api/v1/reports',
			...failingIds(8).map((id) => `PATCH /api/v1/reports/${id}`),
		]);
		expect(fixture.sandbox.requests.some((request) => request.status === 429)).toBe(true);
	} finally {
		fixture.sandbox.setFaults({});
		fixture.sandbox.clearRequests();
	}
});

test('Stop during a re-run: the run ends as canceled, nothing is sent after it', async () => {
	fixture.sandbox.reset(pages(20));
	fixture.sandbox.repair({ checks: CHECK, project: SITE });
	const run = await fixture.runAndStop(
		validateFix({ checkAllPages: true }),
		(entry) => entry.pathname === '/api/v1/reports/16',
	);
	expect(run.error.message).toBe(CANCELED);
	expect(run.run.status).toBe('canceled');
	const requests = fixture.takeRequests();
	expect(requests).toHaveLength(run.requestsAtStop);
	expect(requests).toEqual([listing(1), rerun(20), rerun(18), rerun(16)]);
});

test("importance as phpRank says it: the newest failing report's, where it differs from the catalogue's", async () => {
	fixture.sandbox.reset(pages(6));
	const listed = await apiGet(
		fixture.sandbox,
		`/reports?project=${SITE}&sort_by=id&sort=desc&per_page=100&page=1`,
	);
	// this phpRank grades HTTPS medium (the catalogue: high); the newest failing report (6) says it
	for (const report of listed.data) report.results[CHECK].importance = 'low';
	listed.data.find((report) => report.id === 6).results[CHECK].importance = 'medium';
	fixture.sandbox.failNext({ status: 200, body: listed, method: 'GET', path: '/api/v1/reports' });
	const { items } = await fixture.run(validateFix());
	expect(fixture.takeRequests()).toEqual([listing(1), rerun(6)]);
	expect(jsonOf(items)[0]).toMatchObject({ importance: 'medium', validation: 'failed' });
});

test('a failure every next re-run would share (the key refused): the item fails with it, nothing sent after', async () => {
	fixture.sandbox.reset(pages(10));
	fixture.sandbox.repair({ checks: CHECK, project: SITE });
	fixture.sandbox.failNext({ status: 401, method: 'PATCH', path: '/api/v1/reports/8' });
	const { items, error } = await fixture.run(validateFix());
	expect(items).toEqual([]);
	expect(error.message).toMatch(/^phpRank rejected the API key/);
	expect(fixture.takeRequests()).toEqual([listing(1), rerun(10), rerun(8)]);
});
