// No answer can take n8n down: an answer far larger than any of phpRank's (a big download behind a
// wrong Base URL, a gzip bomb, a body that never ends) fails the item with a clear error, is not
// sent again, and its connection is closed, having read about the bound and no more. The sandbox
// misbehaves each way for a Get, a Create, a page of Return All, a trigger poll and a list search.
// Whatever else ends a request (the Timeout, Stop) closes its connection too.
const { useFixture, get, form, byId, API_KEY, FORM } = require('../node/fixture');
const { searchContext } = require('../helpers/list-search-runner');
const { searchReports } = require('../helpers/built').listSearch;
const { PhpRank } = require('../helpers/built').node;
const { PhpRankApi } = require('../helpers/built').credential;
const { MAX_RESPONSE_BYTES: MAX_ANSWER_BYTES } = require('../helpers/built').responseBody;

const MIB = 1024 * 1024;
const fixture = useFixture({ seed: [{ url: 'https://example.com/', score: 91 }] });
beforeEach(() => {
	fixture.sandbox.reset();
	fixture.sandbox.setFaults({});
});

const tooLargeMessage = () =>
	`phpRank's answer was larger than 16 MB, far more than any answer of phpRank's API: the Base URL (${fixture.sandbox.url}) may not point at your phpRank API; set the credential's Base URL to your phpRank site's address, like https://seo.example.com`;
const NOT_AGAIN = 'The request is not sent again: the answer would be as large.';
const STOPPED_READING = `The node stopped reading it there and closed the connection. ${NOT_AGAIN}`;

/** The ways an answer can be too large, as the sandbox sends them (`failNext({oversize})`). */
const ANSWERS = [
	['64 MB, chunked', { bytes: 64 * MIB }],
	['64 MB with its Content-Length', { bytes: 64 * MIB, declare: true }],
	['a gzip bomb (16 MB of gzip that inflates to 16 GB)', { bytes: 16 * 1024 * MIB, gzip: true }],
	['a body that never ends', { bytes: Infinity }],
];

/** What the description says: a declared length is refused before the body is read. */
const descriptionFor = (oversize) =>
	oversize.declare
		? `It declared ${64 * MIB} bytes: the node did not read it and closed the connection. ${NOT_AGAIN}`
		: STOPPED_READING;

/** Waits (at most `withinMs`) until the sandbox has no connection open; returns how many are left. */
async function openConnectionsAfter(withinMs = 1000) {
	const until = Date.now() + withinMs;
	while (fixture.sandbox.openConnections() > 0 && Date.now() < until) {
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	return fixture.sandbox.openConnections();
}

/** How much of the answer the sandbox got to write: about the bound, never the whole answer. */
function expectReadAboutTheBound(entry, oversize) {
	expect(entry.outcome).toBe('oversize');
	// Past the bound only what the sockets' buffers hold; a declared length is refused at its
	// first bytes; a gzip bomb's 16 MB inflate to 16 MB in about 16 kB.
	if (oversize.declare || oversize.gzip) {
		expect(entry.bytesWritten).toBeLessThan(8 * MIB);
	} else {
		expect(entry.bytesWritten).toBeGreaterThan(MAX_ANSWER_BYTES - MIB);
		expect(entry.bytesWritten).toBeLessThan(MAX_ANSWER_BYTES + 8 * MIB);
	}
}

const shown = (error) => ({ message: error.message, description: error.description });

/**
 * What every case shows: the error in the one wording, the failing request sent once, about the
 * bound read from it, and no connection left open.
 */
async function expectRefusedOnce(error, oversize, { failing = 0, requests = 1 } = {}) {
	expect(shown(error)).toEqual({
		message: tooLargeMessage(),
		description: descriptionFor(oversize),
	});
	expect(fixture.sandbox.requests).toHaveLength(requests);
	expectReadAboutTheBound(fixture.sandbox.requests[failing], oversize);
	expect(await openConnectionsAfter()).toBe(0);
}

test('the bound is 16 MB (MiB), far above the largest honest answer (a page of 100 full reports)', () => {
	expect(MAX_ANSWER_BYTES).toBe(16 * MIB);
});

describe.each(ANSWERS)('%s', (_name, oversize) => {
	test('Get: the item fails with the bound and the Base URL named, one request, the connection closed', async () => {
		fixture.sandbox.failNext({ oversize, method: 'GET' });
		const { items, error } = await fixture.run({
			resource: 'report',
			operation: 'get',
			reportId: byId(1),
		});
		expect(items).toEqual([]);
		expect(shown(error)).toEqual({
			message: tooLargeMessage(),
			description: descriptionFor(oversize),
		});
		expect(error.httpCode).toBe('none');
		expect(fixture.takeRequests()).toEqual([get('/api/v1/reports/1')]);
		expect(await openConnectionsAfter()).toBe(0);
	});

	test('Create: not sent again, and the user is told phpRank may have stored the report', async () => {
		fixture.sandbox.failNext({ oversize, method: 'POST' });
		const { items, error } = await fixture.run({
			resource: 'report',
			operation: 'create',
			url: 'https://a.test/',
		});
		expect(items).toEqual([]);
		expect(shown(error)).toEqual({
			message:
				'phpRank may have created the report, but its answer was lost: look for it (Report → Get Many with Search URL) before creating it again',
			description: `The request reached phpRank but no usable answer came back (its answer was larger than 16 MB). The node does not send a Create again, so no duplicate report is made. No phpRank answer is that large: check that the Base URL (${fixture.sandbox.url}) points at your phpRank API.`,
		});
		const [entry] = fixture.sandbox.requests;
		expectReadAboutTheBound(entry, oversize);
		expect(fixture.takeRequests()).toEqual([
			form('POST', '/api/v1/reports', 'url=https%3A%2F%2Fa.test%2F&privacy=1'),
		]);
		expect(await openConnectionsAfter()).toBe(0);
	});

	test('Return All: a later page that is too large stops the list, that page asked for once', async () => {
		fixture.sandbox.reset({ reports: 150 });
		fixture.sandbox.failNext({ oversize, path: /[?&]page=2(&|$)/ });
		const { items, error } = await fixture.run({
			resource: 'report',
			operation: 'getAll',
			returnAll: true,
		});
		expect(items).toEqual([]);
		const pages = fixture.sandbox.requests.map((request) => request.query.page);
		expect(pages).toEqual(['1', '2']);
		await expectRefusedOnce(error, oversize, { failing: 1, requests: 2 });
	});

	test('a trigger poll: fails with the same words, saves nothing, one request', async () => {
		const session = fixture.pollSession({ event: 'newReport' });
		fixture.sandbox.failNext({ oversize, method: 'GET' });
		const result = await session.poll();
		expect(result.committed).toBe(false);
		await expectRefusedOnce(result.error, oversize);
	});

	test('a list search ("From List"): fails with the same words, one request', async () => {
		const context = searchContext({
			nodeType: new PhpRank(),
			credentialType: new PhpRankApi(),
			credentials: { baseUrl: fixture.sandbox.url, apiKey: API_KEY },
		});
		fixture.sandbox.failNext({ oversize, method: 'GET' });
		const error = await searchReports.call(context, 'example').catch((thrown) => thrown);
		await expectRefusedOnce(error, oversize);
	});
});

test('Create or Re-Run: a Create whose answer is too large is handled as a lost answer (looked up again, never sent twice)', async () => {
	fixture.sandbox.failNext({ oversize: { bytes: 64 * MIB }, method: 'POST' });
	const { error } = await fixture.run({
		resource: 'report',
		operation: 'createOrRerun',
		url: 'https://a.test/',
	});
	expect(error.message).toBe(
		'phpRank may have created the report, but its answer was lost: look for it (Report → Get Many with Search URL) before creating it again',
	);
	// a.test is a site's root: its lookup reads in URL order (createOrRerun/pageLookup.ts), the whole search
	const lookup = get('/api/v1/reports', {
		search_by: 'url',
		search: 'a.test',
		sort_by: 'url',
		sort: 'asc',
		per_page: '100',
		page: '1',
	});
	expect(fixture.takeRequests()).toEqual([
		lookup,
		form('POST', '/api/v1/reports', 'url=https%3A%2F%2Fa.test%2F&privacy=1'),
		lookup,
	]);
	expect(await openConnectionsAfter()).toBe(0);
});

test('an answer just under the bound is read whole', async () => {
	const { MAX_RESPONSE_BYTES: bound } = require('../helpers/built').responseBody;
	const note = 'x'.repeat(bound - 4096);
	fixture.sandbox.failNext({ status: 200, method: 'GET', body: { data: { id: 1, note } } });
	const { items, error } = await fixture.run({
		resource: 'report',
		operation: 'get',
		reportId: byId(1),
		simplify: false,
	});
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json.note.length)).toEqual([note.length]);
});

describe('whatever ends a request closes its connection', () => {
	test('the Timeout, during a body sent a byte at a time', async () => {
		fixture.sandbox.failNext({ trickleMs: 50, method: 'GET' });
		const { error } = await fixture.run({
			resource: 'report',
			operation: 'get',
			reportId: byId(1),
			options: { retries: 0 },
			requestOptions: { timeout: 500 },
		});
		expect(error.message).toMatch(/^phpRank did not answer within the Timeout \(500 ms/);
		expect(fixture.sandbox.requests.map((request) => request.outcome)).toEqual(['trickled']);
		expect(await openConnectionsAfter()).toBe(0);
		expect(fixture.sandbox.requests[0].clientAborted).toBe(true);
	});

	test('the Timeout, before any answer (a server that never answers)', async () => {
		fixture.sandbox.failNext({ hang: true, method: 'GET' });
		const { error } = await fixture.run({
			resource: 'report',
			operation: 'get',
			reportId: byId(1),
			options: { retries: 0 },
			requestOptions: { timeout: 500 },
		});
		expect(error.message).toMatch(/^phpRank did not answer within the Timeout \(500 ms/);
		expect(await openConnectionsAfter()).toBe(0);
	});

	test('Stop, while a body is still being read', async () => {
		let stop;
		const unsubscribe = fixture.sandbox.onRequest(() => setTimeout(() => stop(), 100));
		try {
			// A byte every millisecond: neither the bound nor the Timeout comes before Stop.
			fixture.sandbox.failNext({ trickleMs: 1, method: 'GET' });
			const { error, run } = await fixture.run(
				{ resource: 'report', operation: 'get', reportId: byId(1) },
				{ control: (started) => (stop = started.stop) },
			);
			expect(error.message).toBe(
				'The execution was canceled: the node stopped waiting for phpRank and sent nothing more',
			);
			expect(run.status).toBe('canceled');
		} finally {
			unsubscribe();
		}
		expect(fixture.sandbox.requests).toHaveLength(1);
		expect(await openConnectionsAfter()).toBe(0);
		expect(fixture.sandbox.requests[0].clientAborted).toBe(true);
	});

	test('an error answer: the connection is not left open', async () => {
		fixture.sandbox.failNext({ status: 404, method: 'GET' });
		const { error } = await fixture.run({
			resource: 'report',
			operation: 'get',
			reportId: byId(1),
		});
		expect(error.message).toMatch(/^Report 1 not found/);
		expect(await openConnectionsAfter()).toBe(0);
	});
});
