// phpRank's throttle: many items against a small window finish with nothing failed, nothing
// sent twice, and not before the least time the throttle allows; no waiting without a throttle.
// How close to that least time they finish is a figure, not a check (on a busy machine it says
// more about the machine): `npm run reliability` prints it (scripts/throttle-scenario.js).
const { useFixture, byId } = require('../node/fixture');

const fixture = useFixture({ seed: null });
beforeEach(() => {
	fixture.sandbox.reset(null);
	fixture.sandbox.setFaults({});
});

const pages = (count) =>
	Array.from({ length: count }, (_, i) => ({ page: `https://site${i}.test/page` }));
const create = { resource: 'report', operation: 'create', url: '={{ $json.page }}' };

/** The least time R requests per window of W ms allow for N requests: full windows to wait. */
function minimumMs(items, perWindow, windowMs) {
	return (Math.ceil(items / perWindow) - 1) * windowMs;
}

test('30 Creates against 10 per 4 s: 0 failed, none stored twice, not before the minimum', async () => {
	fixture.sandbox.setFaults({ throttle: { limit: 10, windowMs: 4000 } });
	const input = pages(30);
	const started = Date.now();
	const { items, error } = await fixture.run(create, { items: input });
	const elapsed = Date.now() - started;

	expect(error).toBeUndefined();
	expect(items.map((item) => item.json.url)).toEqual(
		input.map((i) => i.page.replace('https://', '')),
	);
	expect(input.map((i) => fixture.sandbox.createdCount(i.page))).toEqual(input.map(() => 1));
	const stored = fixture.sandbox.requests.filter((r) => r.method === 'POST' && r.status === 200);
	expect(stored).toHaveLength(30);
	expect(
		fixture.sandbox.requests
			.filter((r) => r.outcome === 'throttled')
			.every((r) => r.processed === false),
	).toBe(true);
	const minimum = minimumMs(30, 10, 4000);
	expect(elapsed).toBeGreaterThanOrEqual(minimum);
}, 30000);

test('without a throttle nothing waits or repeats: 40 Creates, 40 requests, all answered 200', async () => {
	const { items } = await fixture.run(create, { items: pages(40) });
	expect(items).toHaveLength(40);
	expect(fixture.sandbox.requests.map((r) => r.status)).toEqual(Array(40).fill(200));
});

test('Max Parallel Requests bounds what is in flight at once', async () => {
	fixture.sandbox.addReport({ url: 'https://example.com/' });
	// One request first: its answer (no throttle headers) replaces what earlier tests left known.
	await fixture.run({ resource: 'report', operation: 'get', reportId: byId(1) });
	fixture.sandbox.clearRequests();
	fixture.sandbox.setFaults({ latencyMs: 100 });
	const { items } = await fixture.run(
		{
			resource: 'report',
			operation: 'get',
			reportId: byId(1),
			options: { maxParallelRequests: 2 },
		},
		{ items: Array.from({ length: 6 }, () => ({})) },
	);
	expect(items.map((item) => item.json.id)).toEqual([1, 1, 1, 1, 1, 1]);
	// Two at a time, each answered after 100 ms: requests 3 and 5 can only start a round later.
	const arrived = fixture.sandbox.requests.map((r) => r.receivedAt).sort((a, b) => a - b);
	expect(arrived[2] - arrived[0]).toBeGreaterThanOrEqual(90);
	expect(arrived[4] - arrived[2]).toBeGreaterThanOrEqual(90);
	expect(arrived[1] - arrived[0]).toBeLessThan(90);
});
