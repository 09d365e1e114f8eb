// The pipeline's retry rules (transport/pipeline.ts) through a scripted channel: which failures are sent again, which
// never, and what the item's error says. (The real wire is tested against the sandbox in
// test/reliability and test/node.)
const { NodeApiError } = require('n8n-workflow');
const pipeline = require('../helpers/built').pipeline;
const { nodeErrorOf } = require('../helpers/built').transport;

const { backoffMs, apiRequestOptions } = pipeline;
/** Each request as the transport's entry point (transport/index.ts) sends it: a failure becomes n8n's error. */
const withNodeErrors = (send) => async (channel, request) =>
	await send(channel, request).catch(async (error) => {
		throw await nodeErrorOf(channel, error);
	});
const readRecord = withNodeErrors((channel, r) => pipeline.itemRequests(channel).record(r));
const deleteRecord = withNodeErrors((channel, r) => pipeline.itemRequests(channel).deletion(r));
const readPage = withNodeErrors((channel, r) => pipeline.itemRequests(channel).page(r));

let nodeCount = 0;
/** A channel whose attempts answer in turn from `script` (a response, or an error to throw). */
function scriptedChannel(
	script,
	limits = { maxParallel: 2, retries: 2, maxRateLimitWaitMs: 10_000 },
) {
	const sent = [];
	const node = {
		id: `n${++nodeCount}`,
		name: 'phpRank',
		type: 'x',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	return {
		sent,
		channel: {
			node,
			itemIndex: 3,
			limits,
			async transmit(options) {
				sent.push(options);
				const next = script.shift();
				if (next instanceof Error) throw next;
				return next;
			},
			credential: async () => ({ baseUrl: 'https://seo.example.com/', apiKey: 'key-123456' }),
		},
	};
}

const ok = (body) => ({ statusCode: 200, headers: { 'content-type': 'application/json' }, body });
const status = (statusCode, body = { message: 'x' }) => ({ statusCode, headers: {}, body });
const transport = (code) => Object.assign(new Error(`request failed: ${code}`), { code });
const report = { data: { id: 12, url: 'example.com' } };
const GET = { method: 'GET', url: '/reports/12', subject: { resource: 'report', id: 12 } };
const POST = { method: 'POST', url: '/reports', body: 'url=https%3A%2F%2Fa.test&privacy=1' };

test('backoff doubles from 0.5 s up to 8 s', () => {
	expect([1, 2, 3, 4, 5, 6, 9].map(backoffMs)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
});

test('every attempt asks for JSON as a stream (read within the bound), never follows a redirect and sees every status', () => {
	expect(apiRequestOptions(POST)).toEqual({
		method: 'POST',
		url: '/reports',
		qs: undefined,
		body: 'url=https%3A%2F%2Fa.test&privacy=1',
		headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
		disableFollowRedirect: true,
		ignoreHttpStatusErrors: true,
		returnFullResponse: true,
		encoding: 'stream',
	});
	expect(apiRequestOptions(GET).headers).toEqual({ Accept: 'application/json' });
});

test('a GET is retried after a 5xx and a reset, and gives the record', async () => {
	const { channel, sent } = scriptedChannel([status(502), transport('ECONNRESET'), ok(report)]);
	expect(await readRecord(channel, GET)).toEqual({ id: 12, url: 'example.com' });
	expect(sent).toHaveLength(3);
});

test('a GET gives up after its retries with the last failure, worded for its item', async () => {
	const { channel, sent } = scriptedChannel([
		status(500),
		status(500),
		status(503, { message: 'Down' }),
	]);
	const error = await readRecord(channel, GET).catch((e) => e);
	expect(error).toBeInstanceOf(NodeApiError);
	expect([error.message, error.description, error.httpCode, error.context.itemIndex]).toEqual([
		"phpRank had a server error (HTTP 503): try again later, or ask the phpRank site's administrator",
		'The node retried as its Options allow. phpRank said: "Down"',
		'503',
		3,
	]);
	expect(sent).toHaveLength(3);
});

test.each([
	['a reset', transport('ECONNRESET'), 'ECONNRESET', 'none'],
	['a timeout', transport('ETIMEDOUT'), 'ETIMEDOUT', 'none'],
	['a 5xx', status(500), 'HTTP 500', '500'],
])('a POST is never sent again after %s', async (_name, failure, reason, httpCode) => {
	const { channel, sent } = scriptedChannel([failure, ok(report)]);
	const error = await readRecord(channel, POST).catch((e) => e);
	expect([error.message, error.description, error.httpCode]).toEqual([
		'phpRank may have created the report, but its answer was lost: look for it (Report → Get Many with Search URL) before creating it again',
		`The request reached phpRank but no usable answer came back (${reason}). The node does not send a Create again, so no duplicate report is made.`,
		httpCode,
	]);
	expect(sent).toHaveLength(1);
});

test('a POST is sent again after a 429 and after a refused connection (neither was processed)', async () => {
	const { channel, sent } = scriptedChannel([
		{
			statusCode: 429,
			headers: { 'retry-after': '0.01' },
			body: { message: 'Too Many Attempts.' },
		},
		transport('ECONNREFUSED'),
		ok(report),
	]);
	expect(await readRecord(channel, POST)).toEqual({ id: 12, url: 'example.com' });
	expect(sent).toHaveLength(3);
});

test.each([
	[
		'404',
		status(404, { message: 'Resource not found.' }),
		'Report 12 not found: check the Report ID (it may have been deleted)',
	],
	[
		'422',
		status(422, { message: { url: ['The url field is required.'] } }),
		'phpRank rejected the input: url: The url field is required.',
	],
	[
		'a redirect',
		{
			statusCode: 301,
			headers: { location: 'https://new.example.com/api/v1/reports/12' },
			body: '',
		},
		"The Base URL redirects to another address (HTTP 301 to https://new.example.com/api/v1/reports/12): if that is your phpRank site, set the credential's Base URL to https://new.example.com",
	],
	[
		'an unknown host',
		transport('ENOTFOUND'),
		"Could not connect to phpRank at https://seo.example.com/ (its host name was not found): check the credential's Base URL",
	],
	[
		'an invalid URL',
		new TypeError('Invalid URL'),
		'The credential\'s Base URL "https://seo.example.com/" is not a web address: it must start with https:// or http://, like https://seo.example.com',
	],
])('%s is not sent again', async (_name, failure, message) => {
	const { channel, sent } = scriptedChannel([failure, ok(report)]);
	const error = await readRecord(channel, GET).catch((e) => e);
	expect(error.message).toBe(message);
	expect(sent).toHaveLength(1);
});

test('a DELETE repeated after an attempt phpRank may have carried out: its 404 means deleted', async () => {
	const { channel } = scriptedChannel([
		transport('ECONNRESET'),
		status(404, { message: 'Resource not found.' }),
	]);
	expect(
		await deleteRecord(channel, {
			method: 'DELETE',
			url: '/reports/12',
			subject: { resource: 'report', id: 12 },
		}),
	).toEqual({ id: 12, deleted: true });
	const plain = scriptedChannel([status(404)]);
	await expect(
		deleteRecord(plain.channel, {
			method: 'DELETE',
			url: '/reports/12',
			subject: { resource: 'report', id: 12 },
		}),
	).rejects.toThrow('Report 12 not found');
});

test('a failure that echoes the key and the form loses both in the error', async () => {
	const echoed = {
		message: 'Bad: Authorization: Bearer key-123456 body url=x&privacy=2&password=hunter22',
	};
	const { channel } = scriptedChannel([status(400, echoed)]);
	const error = await readRecord(channel, {
		...POST,
		body: 'url=x&privacy=2&password=hunter22',
	}).catch((e) => e);
	expect(error.description).toBe(
		'phpRank said: "Bad: Authorization: Bearer [redacted] body url=x&privacy=2&password=[redacted]"',
	);
});

test('answers are checked for their shape: a list needs "data" as a list', async () => {
	const { channel } = scriptedChannel([ok({ data: {} })]);
	await expect(readPage(channel, { method: 'GET', url: '/reports' })).rejects.toThrow(
		'phpRank sent a list without its "data" array (got an object with "data", "data": an object)',
	);
});

test('a list search that gets no answer ends at its deadline, saying which bound it reached', async () => {
	const { channel, sent } = scriptedChannel([]);
	channel.transmit = async (options, signal) => {
		sent.push(options);
		// never answers; gives up only when the attempt's signal aborts
		await new Promise((_resolve, reject) =>
			signal.addEventListener('abort', () => reject(signal.reason)),
		);
	};
	channel.deadline = { bound: 'search', limitMs: 1000, attemptMs: 1000, endsAt: Date.now() + 1000 };
	const started = Date.now();
	const error = await readPage(channel, { method: 'GET', url: '/reports', qs: { page: 1 } }).catch(
		(e) => e,
	);
	expect(Date.now() - started).toBeLessThan(2000);
	expect(sent).toHaveLength(1);
	expect(sent[0].abortSignal).toBeInstanceOf(AbortSignal);
	expect(error.message).toBe(
		'phpRank did not answer the list search within 1 s: check that the phpRank site at https://seo.example.com/ is up, or enter the value By ID or By Name',
	);
});

test('the deadline fires even when a garbage collection runs while the attempt waits', async () => {
	// Node 20 collects an AbortSignal.timeout reachable only through AbortSignal.any: the attempt
	// then never ends. Force collections while it waits.
	require('node:v8').setFlagsFromString('--expose_gc');
	const gc = require('node:vm').runInNewContext('gc');
	const stop = new AbortController();
	const { channel } = scriptedChannel([]);
	channel.cancelSignal = stop.signal;
	channel.transmit = (_options, signal) =>
		new Promise((_resolve, reject) =>
			signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
		);
	channel.deadline = { bound: 'timeout', limitMs: 400, attemptMs: 400 };
	channel.limits = { maxParallel: 1, retries: 0, maxRateLimitWaitMs: 1000 };
	const outcome = readRecord(channel, GET).catch((e) => e);
	for (let i = 0; i < 5; i++) {
		gc();
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	const error = await Promise.race([
		outcome,
		new Promise((resolve) => setTimeout(() => resolve('still waiting after 3 s'), 3000)),
	]);
	expect(error.message).toMatch(/^phpRank did not answer within the Timeout \(400 ms/);
});
