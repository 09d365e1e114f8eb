// Stop means stop: pressed while the node pages, waits in the account's queue, backs off before a
// retry, or waits out a 429, the run ends at once as canceled, and phpRank gets no request after
// it. Stop is pressed the way n8n does it (the run's cancel(): the execution's AbortController),
// at the moment the sandbox receives a chosen request. (Its own file: the last test leaves the
// account's gate paused for half a minute.)
const { useFixture, get, byId, CANCELED } = require('../node/fixture');

const fixture = useFixture({ seed: { reports: 1000 } });
beforeEach(() => {
	fixture.sandbox.clearRequests();
	fixture.sandbox.setFaults({});
});

/**
 * fixture.runAndStop (Stop pressed when the sandbox receives the request `when` picks, after
 * `delayMs`), with how long the run took after Stop and the requests that arrived after it.
 */
async function runAndStop(parameters, when, options) {
	const result = await fixture.runAndStop(parameters, when, options);
	return {
		...result,
		afterStopMs: Date.now() - result.stoppedAt,
		requestsAfterStop: fixture.sandbox.requests.slice(result.requestsAtStop),
	};
}

test('Stop while Return All pages: no page is asked for after it, and the run ends as canceled', async () => {
	const result = await runAndStop(
		{ resource: 'report', operation: 'getAll', returnAll: true },
		(entry) => entry.query.page === '3',
	);
	expect(result.requestsAfterStop).toEqual([]);
	expect(fixture.sandbox.requests.map((r) => r.query.page)).toEqual(['1', '2', '3']);
	expect(result.error.message).toBe(CANCELED);
	expect(result.run.status).toBe('canceled');
	expect(result.afterStopMs).toBeLessThan(2000);
});

test('Stop while items wait in the queue behind a slow request: they leave it at once, sending nothing', async () => {
	fixture.sandbox.failNext({ slowMs: 10_000, method: 'GET' });
	const result = await runAndStop(
		{
			resource: 'report',
			operation: 'get',
			reportId: byId('={{ $json.id }}'),
			options: { maxParallelRequests: 1 },
		},
		() => true,
		{ items: [{ id: 1 }, { id: 2 }, { id: 3 }] },
	);
	expect(fixture.sandbox.requests).toHaveLength(1);
	expect(result.requestsAfterStop).toEqual([]);
	expect(result.error.message).toBe(CANCELED);
	expect(result.run.status).toBe('canceled');
	// n8n aborts the slow request itself; the queued items end with it.
	expect(result.afterStopMs).toBeLessThan(2000);
	await new Promise((resolve) => setTimeout(resolve, 100));
	expect(fixture.sandbox.requests[0].clientAborted).toBe(true);
});

test('Stop during the backoff before a retry: nothing is sent again', async () => {
	fixture.sandbox.failNext({ status: 503, method: 'GET' });
	const result = await runAndStop(
		{ resource: 'report', operation: 'get', reportId: byId(1), options: { retries: 5 } },
		(entry) => entry.path === '/api/v1/reports/1',
		// the 503 has come back and the node sleeps its backoff (0.5 s) by then
		{ delayMs: 200 },
	);
	expect(fixture.sandbox.requests.map((r) => r.status)).toEqual([503]);
	expect(result.requestsAfterStop).toEqual([]);
	expect(result.error.message).toBe(CANCELED);
	expect(result.run.status).toBe('canceled');
});

test('Stop while waiting out a 429 with Retry-After 30: the run ends within a second, nothing sent after', async () => {
	fixture.sandbox.failNext({ status: 429, headers: { 'Retry-After': '30' }, method: 'GET' });
	const result = await runAndStop(
		{ resource: 'report', operation: 'get', reportId: byId(1) },
		(entry) => entry.path === '/api/v1/reports/1',
		{ delayMs: 300 },
	);
	expect(fixture.sandbox.requests.map((r) => [r.status, get(r.path).path])).toEqual([
		[429, '/api/v1/reports/1'],
	]);
	expect(result.requestsAfterStop).toEqual([]);
	expect(result.error.message).toBe(CANCELED);
	expect(result.error.description).toBe(
		'The execution was stopped (Stop, or its timeout). A request phpRank had already received may still have been carried out: look before running the workflow again.',
	);
	expect(result.run.status).toBe('canceled');
	expect(result.afterStopMs).toBeLessThan(1000);
});
