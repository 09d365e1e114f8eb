// Server errors, dropped connections and timeouts: safe requests are retried, a Create that
// phpRank may have processed is never sent again, and Continue On Fail keeps N items for N.
const { useFixture, byId } = require('../node/fixture');

const fixture = useFixture();
beforeEach(() => {
	fixture.sandbox.reset([
		{ url: 'https://example.com/' },
		{ url: 'https://example.com/a' },
		{ url: 'https://example.com/b' },
	]);
	fixture.sandbox.setFaults({});
});

const getReport = (id, extra = {}) => ({
	resource: 'report',
	operation: 'get',
	reportId: byId(id),
	...extra,
});
const MAY_EXIST =
	'phpRank may have created the report, but its answer was lost: look for it (Report → Get Many with Search URL) before creating it again';

test('30 Gets through 25 % server errors (500/502/503) all succeed, each in its place', async () => {
	fixture.sandbox.setFaults({ errorRate: 0.25, faultSeed: 7 });
	const ids = Array.from({ length: 30 }, (_, i) => (i % 3) + 1);
	const { items, error } = await fixture.run(
		{ ...getReport('={{ $json.id }}'), options: { retries: 5 } },
		{ items: ids.map((id) => ({ id })) },
	);
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json.id)).toEqual(ids);
	const faulted = fixture.sandbox.requests.filter((r) => r.outcome === 'fault');
	expect(faulted.length).toBeGreaterThan(0);
	expect(fixture.sandbox.requests).toHaveLength(30 + faulted.length);
}, 30000);

test('a Get whose connection drops (before or after processing) is retried', async () => {
	fixture.sandbox.failNext({ count: 1, drop: 'before' });
	fixture.sandbox.failNext({ count: 1, drop: 'after' });
	const { items } = await fixture.run(getReport(2));
	expect(items.map((item) => item.json.id)).toEqual([2]);
	expect(fixture.sandbox.requests.map((r) => r.outcome)).toEqual([
		'dropped-before',
		'dropped-after',
		'ok',
	]);
});

test('a Create whose answer is lost after phpRank stored it is not sent again', async () => {
	fixture.sandbox.failNext({ count: 1, drop: 'after', method: 'POST' });
	const { items, error } = await fixture.run({
		resource: 'report',
		operation: 'create',
		url: 'https://new.test/',
	});
	expect(items).toEqual([]);
	expect(error.message).toBe(MAY_EXIST);
	expect(error.description).toBe(
		'The request reached phpRank but no usable answer came back (ECONNRESET). The node does not send a Create again, so no duplicate report is made.',
	);
	expect(fixture.sandbox.createdCount('https://new.test/')).toBe(1);
	expect(fixture.sandbox.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
});

test('a Create that times out is not sent again; a Get that times out is', async () => {
	fixture.sandbox.failNext({ count: 1, slowMs: 1500, method: 'POST' });
	const created = await fixture.run({
		resource: 'report',
		operation: 'create',
		url: 'https://slow.test/',
		requestOptions: { timeout: 300 },
	});
	expect(created.error.message).toBe(MAY_EXIST);
	expect(created.error.description).toMatch(
		/no usable answer came back \(the Timeout of 300 ms was reached\)/,
	);
	expect(fixture.sandbox.createdCount('https://slow.test/')).toBe(1);

	fixture.sandbox.clearRequests();
	fixture.sandbox.failNext({ count: 1, slowMs: 1500, method: 'GET' });
	const read = await fixture.run({ ...getReport(1), requestOptions: { timeout: 300 } });
	expect(read.items.map((item) => item.json.id)).toEqual([1]);
	// The slow answer is still on its way when the retry has been answered.
	expect(fixture.sandbox.requests.map((r) => [r.method, r.processed])).toEqual([
		['GET', true],
		['GET', true],
	]);
	expect(fixture.sandbox.requests[1].outcome).toBe('ok');
});

test('a Create that meets a 503 is not sent again (phpRank may have stored it)', async () => {
	fixture.sandbox.failNext({ count: 1, status: 503, method: 'POST' });
	const { error } = await fixture.run({
		resource: 'report',
		operation: 'create',
		url: 'https://busy.test/',
	});
	expect(error.message).toBe(MAY_EXIST);
	expect(error.httpCode).toBe('503');
	expect(fixture.sandbox.requests).toHaveLength(1);
});

test('a Create is sent again after a 429 (phpRank did not process it)', async () => {
	fixture.sandbox.failNext({
		count: 1,
		status: 429,
		method: 'POST',
		headers: { 'Retry-After': '1' },
	});
	const { items } = await fixture.run({
		resource: 'report',
		operation: 'create',
		url: 'https://again.test/',
	});
	expect(items.map((item) => item.json.url)).toEqual(['again.test']);
	expect(fixture.sandbox.requests.map((r) => r.status)).toEqual([429, 200]);
	expect(fixture.sandbox.createdCount('https://again.test/')).toBe(1);
});

test('a Delete whose answer was lost is retried, and its 404 then means deleted', async () => {
	fixture.sandbox.failNext({ count: 1, drop: 'after', method: 'DELETE' });
	const { items } = await fixture.run({
		resource: 'report',
		operation: 'delete',
		reportId: byId(3),
	});
	expect(items.map((item) => item.json)).toEqual([{ id: 3, deleted: true }]);
	expect(fixture.sandbox.requests.map((r) => [r.outcome, r.status])).toEqual([
		['dropped-after', null],
		['ok', 404],
	]);
});

test('a plain 404 on Delete is still an error', async () => {
	const { error } = await fixture.run({
		resource: 'report',
		operation: 'delete',
		reportId: byId(99),
	});
	expect(error.message).toBe('Report 99 not found: check the Report ID (it may have been deleted)');
});

test('Continue On Fail: N Creates in, N items out, each error in its place', async () => {
	const input = [0, 1, 2, 3].map((i) => ({ page: `https://site${i}.test/` }));
	// One request at a time, so the first POST (item 0) is the one that meets the 500.
	fixture.sandbox.failNext({ count: 1, status: 500, method: 'POST' });
	const { items } = await fixture.run(
		{
			resource: 'report',
			operation: 'create',
			url: '={{ $json.page }}',
			options: { maxParallelRequests: 1 },
		},
		{ items: input, continueOnFail: true },
	);
	expect(items.map((item) => [item.json.url ?? item.json.error, item.pairedItem])).toEqual([
		[MAY_EXIST, { item: 0 }],
		['site1.test', { item: 1 }],
		['site2.test', { item: 2 }],
		['site3.test', { item: 3 }],
	]);
	expect(input.map((i) => fixture.sandbox.createdCount(i.page))).toEqual([0, 1, 1, 1]);
});
