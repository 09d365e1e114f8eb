// Every wait has an end: a server that sends its headers and then a byte at a time, or accepts the
// connection and never answers, or a list that ignores `page`. What the user sees, and how many
// requests the server got.
const { useFixture, byId } = require('../node/fixture');
const { pollDeadline } = require('../helpers/built').readReports;

const fixture = useFixture({ seed: { reports: 250 } });
beforeEach(() => {
	fixture.sandbox.reset();
	fixture.sandbox.setFaults({});
});

const getReport = (extra = {}) => ({
	resource: 'report',
	operation: 'get',
	reportId: byId(1),
	...extra,
});

async function timed(work) {
	const startedAt = Date.now();
	const result = await work();
	return { ...result, tookMs: Date.now() - startedAt };
}

describe('the Timeout bounds the whole request, body included', () => {
	test('a body sent a byte every 200 ms ends at the Timeout (1000 ms), saying so', async () => {
		fixture.sandbox.failNext({ trickleMs: 200, method: 'GET' });
		const result = await timed(() =>
			fixture.run(getReport({ options: { retries: 0 }, requestOptions: { timeout: 1000 } })),
		);
		expect(result.error.message).toBe(
			`phpRank did not answer within the Timeout (1000 ms, the whole answer included): check that the phpRank site at ${fixture.sandbox.url} is up, or raise Timeout under the node's Request Options`,
		);
		expect(result.error.description).toBe(
			"Each attempt may take at most the Timeout of the node's Request Options; 1 attempt, as Retries in the node's Options allow.",
		);
		expect(fixture.sandbox.requests.map((r) => r.outcome)).toEqual(['trickled']);
		// Without the deadline this request would take about ten minutes (3 kB at 5 bytes a second).
		expect(result.tookMs).toBeLessThan(5000);
	});

	test('with Retries 1: two attempts, each ended at the Timeout, then the same error', async () => {
		fixture.sandbox.failNext({ count: 2, trickleMs: 200, method: 'GET' });
		const result = await fixture.run(
			getReport({ options: { retries: 1 }, requestOptions: { timeout: 800 } }),
		);
		expect(result.error.message).toMatch(/^phpRank did not answer within the Timeout \(800 ms/);
		expect(result.error.description).toMatch(/; 2 attempts, as Retries/);
		expect(fixture.sandbox.requests).toHaveLength(2);
	});

	test('a Create that runs into the Timeout is not sent again (phpRank may have stored it)', async () => {
		fixture.sandbox.failNext({ trickleMs: 200, method: 'POST' });
		const result = await fixture.run({
			resource: 'report',
			operation: 'create',
			url: 'https://trickle.test/',
			requestOptions: { timeout: 800 },
		});
		expect(result.error.message).toBe(
			'phpRank may have created the report, but its answer was lost: look for it (Report → Get Many with Search URL) before creating it again',
		);
		expect(result.error.description).toBe(
			'The request reached phpRank but no usable answer came back (the Timeout of 800 ms was reached). The node does not send a Create again, so no duplicate report is made.',
		);
		expect(fixture.sandbox.requests).toHaveLength(1);
	});
});

describe('a poll has a deadline of its own', () => {
	const session = (options = {}) => fixture.pollSession({ event: 'newReport' }, options);

	test('a server that accepts and never answers: the poll ends at its deadline and saves nothing', async () => {
		const watcher = session({ pollBudgetMs: 2000 });
		expect((await watcher.poll()).error).toBeUndefined();
		const saved = JSON.parse(JSON.stringify(watcher.staticData));
		fixture.sandbox.clearRequests();

		fixture.sandbox.failNext({ count: 10, hang: true, method: 'GET' });
		const result = await timed(() => watcher.poll());
		expect(result.error.message).toBe(
			`phpRank did not answer before the poll's deadline (2 s): check that the phpRank site at ${fixture.sandbox.url} is up; the next poll tries again and misses nothing`,
		);
		expect(result.committed).toBe(false);
		expect(watcher.staticData).toEqual(saved);
		expect(fixture.sandbox.requests.map((r) => r.outcome)).toEqual(['hung']);
		// 80 % of n8n's poll budget of 2 s
		expect(result.tookMs).toBeGreaterThanOrEqual(1500);
		expect(result.tookMs).toBeLessThan(4000);
	});

	test("the deadline is 80 % of n8n's poll budget, or 45 s where n8n has none (1.x)", () => {
		expect(pollDeadline({ getPollBudgetMs: () => 300_000 })).toMatchObject({
			bound: 'poll',
			limitMs: 240_000,
			attemptMs: 240_000,
		});
		expect(pollDeadline({}).limitMs).toBe(45_000);
		expect(pollDeadline({ getPollBudgetMs: () => 0 }).limitMs).toBe(45_000);
	});
});

describe('paging that cannot loop', () => {
	const IDS = Array.from({ length: 100 }, (_, i) => i + 1);

	test('a list that ignores `page` and claims 1,000 pages: Return All stops at page 2 with the reason', async () => {
		fixture.sandbox.failNext({ count: 1000, pageIgnored: { ids: IDS }, path: '/api/v1/reports' });
		const result = await fixture.run({ resource: 'report', operation: 'getAll', returnAll: true });
		expect(result.error.message).toBe(
			`phpRank sent page 1 of /reports when page 2 was asked for, so the list cannot be read page by page: check that the credential's Base URL (${fixture.sandbox.url}) is your phpRank site and not a proxy or cache that drops the query, or use a Limit of 100 or less`,
		);
		expect(fixture.sandbox.requests.map((r) => r.query.page)).toEqual(['1', '2']);
	});

	test('the same when it names the page asked for: the page adding nothing new stops it', async () => {
		fixture.sandbox.failNext({
			count: 1000,
			pageIgnored: { ids: IDS, currentPage: 'echo' },
			path: '/api/v1/reports',
		});
		const result = await fixture.run({ resource: 'report', operation: 'getAll', returnAll: true });
		expect(result.error.message).toBe(
			`page 2 of /reports held only records of earlier pages, so the list cannot be read page by page: check that the credential's Base URL (${fixture.sandbox.url}) is your phpRank site and not a proxy or cache that drops the query, or use a Limit of 100 or less`,
		);
		expect(fixture.sandbox.requests.map((r) => r.query.page)).toEqual(['1', '2']);
	});

	test('Create or Re-Run over such a list fails before writing anything (no duplicate report)', async () => {
		fixture.sandbox.failNext({ count: 1000, pageIgnored: { ids: IDS }, path: '/api/v1/reports' });
		const result = await fixture.run({
			resource: 'report',
			operation: 'createOrRerun',
			url: 'https://page-ignored.test/',
		});
		expect(result.error.message).toMatch(
			/^phpRank sent page 1 of \/reports when page 2 was asked for/,
		);
		// the root's first read in URL order (createOrRerun/pageLookup.ts) says nothing of a list that claims
		// 1,000 pages; the read newest first then meets the loop
		expect(fixture.sandbox.requests.map((r) => [r.method, r.query.sort_by, r.query.page])).toEqual([
			['GET', 'url', '1'],
			['GET', 'id', '1'],
			['GET', 'id', '2'],
		]);
		expect(fixture.sandbox.createdCount('https://page-ignored.test/')).toBe(0);
	});
});
