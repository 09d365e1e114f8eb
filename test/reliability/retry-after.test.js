// Retry-After in every form a server may send (seconds, an HTTP date, 0, nothing, nonsense), and
// Max Wait for Rate Limit: never more than a few requests a second to one account, every wait
// counted, and an error that says how long phpRank asked for and what Max Wait is. (Its own file:
// the account's gate is per process, and these tests leave it paused.)
const { useFixture, get, byId } = require('../node/fixture');

const fixture = useFixture({ seed: [{ url: 'https://example.com/', score: 91 }] });
beforeEach(() => {
	fixture.sandbox.clearRequests();
	fixture.sandbox.setFaults({});
});

const getReport = (options) => ({
	resource: 'report',
	operation: 'get',
	reportId: byId(1),
	options,
});
const TOO_MANY = (headers) => ({ count: 1000, status: 429, headers });

// Each test leaves the gate's streak of 429s behind; a good answer resets it.
afterEach(async () => {
	fixture.sandbox.reset();
	await new Promise((resolve) => setTimeout(resolve, 1100));
	await fixture.run(getReport());
	fixture.sandbox.clearRequests();
});

test.each([
	['0', { 'Retry-After': '0' }],
	['unreadable', { 'Retry-After': 'soon' }],
	['missing', { 'Retry-After': '' }],
])(
	'Retry-After %s on every answer: pauses of 1 s, 2 s, 4 s... counted against Max Wait',
	async (_name, headers) => {
		fixture.sandbox.failNext(TOO_MANY(headers));
		const { error } = await fixture.run(getReport({ maxRateLimitWait: 4 }));
		expect(error.message).toBe(
			"phpRank's rate limit was reached: waited 3 s of Max Wait for Rate Limit (4 s) and phpRank still refused; raise Max Wait for Rate Limit in the node's Options, or run the workflow later",
		);
		// 1 s after the first 429, 2 s after the second; the next pause (4 s) would pass Max Wait.
		const requests = fixture.sandbox.requests;
		expect(requests.map((r) => r.status)).toEqual([429, 429, 429]);
		expect(requests[1].receivedAt - requests[0].receivedAt).toBeGreaterThanOrEqual(950);
		expect(requests[2].receivedAt - requests[1].receivedAt).toBeGreaterThanOrEqual(1950);
	},
	15000,
);

test('Retry-After as an HTTP date is read: a date beyond Max Wait fails at once, naming both', async () => {
	fixture.sandbox.failNext(
		TOO_MANY({ 'Retry-After': new Date(Date.now() + 120_000).toUTCString() }),
	);
	const { error } = await fixture.run(getReport({ maxRateLimitWait: 30 }));
	expect(error.message).toMatch(
		/^phpRank's rate limit was reached: phpRank asks to wait 1(19|20) s, more than Max Wait for Rate Limit allows \(30 s\); raise Max Wait for Rate Limit in the node's Options, or run the workflow later$/,
	);
	expect(error.description).toBe('phpRank did not process this request (HTTP 429).');
	expect(fixture.sandbox.requests).toHaveLength(1);
});

test('Retry-After as an HTTP date within Max Wait is waited for (less the rounding), then the request goes through', async () => {
	fixture.sandbox.failNext({
		status: 429,
		// written before the run starts: on a loaded machine the run may take a second or two to get
		// there, and a date under 2 s ahead by then is probed sooner (accountGate.ts pauseAfterRateLimit)
		headers: { 'Retry-After': new Date(Date.now() + 6000).toUTCString() },
	});
	const { items, error } = await fixture.run(getReport());
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json.id)).toEqual([1]);
	const [limited, through] = fixture.sandbox.requests;
	expect([limited.status, through.status]).toEqual([429, 200]);
	// HTTP dates have whole seconds: the date is at most 6 s ahead, the gate waits that less a second.
	expect(through.receivedAt - limited.receivedAt).toBeGreaterThanOrEqual(900);
}, 15000);

test('Retry-After in seconds beyond Max Wait fails at once and says how long phpRank asked for', async () => {
	fixture.sandbox.failNext({ status: 429, headers: { 'Retry-After': '900' } });
	const { error } = await fixture.run(getReport({ maxRateLimitWait: 600 }));
	expect({ message: error.message, httpCode: error.httpCode }).toEqual({
		message:
			"phpRank's rate limit was reached: phpRank asks to wait 900 s, more than Max Wait for Rate Limit allows (600 s); raise Max Wait for Rate Limit in the node's Options, or run the workflow later",
		httpCode: '429',
	});
	expect(fixture.sandbox.requests.map((r) => r.status)).toEqual([429]);
});

test('Retry-After: 1 forever: a few probes close together, then ever fewer (never a flood)', async () => {
	fixture.sandbox.failNext(TOO_MANY({ 'Retry-After': '1' }));
	const started = Date.now();
	const { error } = await fixture.run(getReport({ maxRateLimitWait: 5 }));
	expect(error.message).toMatch(
		/^phpRank's rate limit was reached: waited \d s of Max Wait for Rate Limit \(5 s\)/,
	);
	// Five probes 200 ms apart, then 400, 800, 1600 ms...: about 10 requests in 5 s, not thousands.
	const count = fixture.sandbox.requests.length;
	expect(count).toBeGreaterThanOrEqual(8);
	expect(count).toBeLessThanOrEqual(12);
	expect(count / ((Date.now() - started) / 1000)).toBeLessThan(5);
}, 15000);

test('the exact request is repeated after a 429, nothing else', async () => {
	fixture.sandbox.failNext({ status: 429, headers: { 'Retry-After': '1' } });
	await fixture.run(getReport());
	expect(fixture.takeRequests()).toEqual([get('/api/v1/reports/1'), get('/api/v1/reports/1')]);
});
