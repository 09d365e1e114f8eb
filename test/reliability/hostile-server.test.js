// A misbehaving or hostile server, through the node, the trigger and the list searches: the
// sandbox misbehaves exactly that way, and each test asserts what reaches phpRank (and any other
// host) and what the user sees. One request pipeline: the same failure is worded the same way.
const { startSandbox } = require('../sandbox');
const { useFixture, startFixture, get, form, byId, API_KEY, FORM } = require('../node/fixture');
const { searchReports } = require('../helpers/built').listSearch;
const { PhpRankApi } = require('../helpers/built').credential;

const PASSWORD = 'pw-7c1e9a-secret';

const fixture = useFixture();
/** Another host: whatever reaches it has left the Base URL's origin. */
let otherHost;
beforeAll(async () => {
	otherHost = await startSandbox({ apiKeys: [API_KEY] });
});
afterAll(() => otherHost.close());

beforeEach(() => {
	fixture.sandbox.reset([{ url: 'https://example.com/', score: 91 }]);
	fixture.sandbox.setFaults({});
	otherHost.clearRequests();
});

const getReport = (extra) => ({
	resource: 'report',
	operation: 'get',
	reportId: byId(1),
	...extra,
});
const createReport = (extra) => ({
	resource: 'report',
	operation: 'create',
	url: 'https://a.test/',
	privacy: 2,
	password: PASSWORD,
	...extra,
});
const getMany = (extra) => ({ resource: 'report', operation: 'getAll', ...extra });

/** The fields of an n8n error a user sees. */
function shown(error) {
	return (
		error && { message: error.message, description: error.description, httpCode: error.httpCode }
	);
}

const pollSession = () => fixture.pollSession({ event: 'newReport' });

/**
 * The "From List" search as n8n's editor calls it: the credential's own authenticate(), then one
 * HTTP request that, like n8n's with the pipeline's options, does not follow redirects.
 */
function loadOptionsContext(baseUrl = fixture.sandbox.url) {
	const credentials = { baseUrl, apiKey: API_KEY };
	return {
		getNode: () => ({
			id: 'search',
			name: 'phpRank',
			type: 'phpRank',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
			credentials: { phpRankApi: { id: 'search-cred', name: 'c' } },
		}),
		getCredentials: async () => credentials,
		helpers: {
			async httpRequestWithAuthentication(_type, options) {
				expect(options.disableFollowRedirect).toBe(true);
				const sent = await new PhpRankApi().authenticate(credentials, { ...options });
				const url = new URL(`${sent.baseURL}${sent.url}`);
				for (const [key, value] of Object.entries(sent.qs ?? {}))
					url.searchParams.set(key, String(value));
				const response = await fetch(url, {
					method: sent.method,
					headers: sent.headers,
					redirect: 'manual',
				});
				const text = await response.text();
				let body = text;
				try {
					body = JSON.parse(text);
				} catch {}
				return { statusCode: response.status, headers: Object.fromEntries(response.headers), body };
			},
		},
	};
}

describe('1. secrets stay home: redirects are not followed', () => {
	test('a Create redirected with 307 sends neither key nor password to the other host, and says where it pointed', async () => {
		fixture.sandbox.failNext({
			status: 307,
			method: 'POST',
			headers: { Location: `${otherHost.url}/api/v1/reports` },
		});
		const { items, error } = await fixture.run(createReport());
		expect(items).toEqual([]);
		expect(shown(error)).toEqual({
			message: `The Base URL redirects to another address (HTTP 307 to ${otherHost.url}/api/v1/reports): if that is your phpRank site, set the credential's Base URL to ${otherHost.url}`,
			description:
				'The node does not follow redirects, so the API key and the request are never sent to another address. Nothing was sent there.',
			httpCode: '307',
		});
		expect(otherHost.requests).toEqual([]);
		expect(fixture.takeRequests()).toEqual([
			form(
				'POST',
				'/api/v1/reports',
				`url=${encodeURIComponent('https://a.test/')}&privacy=2&password=${PASSWORD}`,
			),
		]);
		expect(fixture.sandbox.createdCount('https://a.test/')).toBe(0);
	});

	test.each([301, 302, 308])(
		'a Get answered %i is not followed and not retried',
		async (status) => {
			fixture.sandbox.failNext({ status, headers: { Location: `${otherHost.url}/moved` } });
			const { error } = await fixture.run(getReport());
			expect(error.message).toBe(
				`The Base URL redirects to another address (HTTP ${status} to ${otherHost.url}/moved): if that is your phpRank site, set the credential's Base URL to ${otherHost.url}/moved`,
			);
			expect(fixture.takeRequests()).toEqual([get('/api/v1/reports/1')]);
			expect(otherHost.requests).toEqual([]);
		},
	);

	test('the trigger and the list search are not redirected either, and word it the same way', async () => {
		const location = `${otherHost.url}/api/v1/reports`;
		fixture.sandbox.failNext({ count: 2, status: 302, headers: { Location: location } });
		const polled = await pollSession().poll();
		await expect(searchReports.call(loadOptionsContext())).rejects.toThrow(polled.error.message);
		expect(polled.error.message).toBe(
			`The Base URL redirects to another address (HTTP 302 to ${location}): if that is your phpRank site, set the credential's Base URL to ${otherHost.url}`,
		);
		expect(otherHost.requests).toEqual([]);
	});
});

describe('3. not sent means not sent', () => {
	test('a Base URL without http(s):// fails before anything is sent, Create included, without retries', async () => {
		for (const parameters of [createReport(), getReport()]) {
			const { error } = await fixture.run(parameters, {
				credentials: { baseUrl: fixture.sandbox.url.replace('http://', '') },
			});
			expect(shown(error)).toEqual({
				message: `The credential's Base URL "${fixture.sandbox.url.replace('http://', '')}" is not a web address: it must start with https:// or http://, like https://seo.example.com`,
				description: 'Nothing was sent to phpRank.',
				httpCode: 'none',
			});
		}
		expect(fixture.takeRequests()).toEqual([]);
	});

	test('an unknown host is a configuration error: named, never "may have created"', async () => {
		const { error } = await fixture.run(createReport(), {
			credentials: { baseUrl: 'http://phprank.invalid' },
		});
		expect(shown(error)).toEqual({
			message:
				"Could not connect to phpRank at http://phprank.invalid (its host name was not found): check the credential's Base URL",
			description: 'Nothing was sent to phpRank. (ENOTFOUND)',
			httpCode: 'none',
		});
	});

	test('a TLS failure names the Base URL and is not retried', async () => {
		const baseUrl = fixture.sandbox.url.replace('http://', 'https://');
		const { error } = await fixture.run(createReport(), { credentials: { baseUrl } });
		expect(error.message).toBe(
			`Could not connect to phpRank at ${baseUrl} (the secure https connection failed): check the credential's Base URL`,
		);
		// The TLS handshake met a plain HTTP server: no request was ever made.
		expect(fixture.takeRequests()).toEqual([]);
	});
});

describe('4. a 5xx is a server error, whatever its body', () => {
	test.each([
		[
			502,
			undefined,
			'The answer was a web page (from phpRank or a proxy in front of it); the node retried as its Options allow.',
		],
		[503, undefined, 'The node retried as its Options allow. phpRank said: "Service Unavailable"'],
		[
			504,
			'<html><body><h1>504 Gateway Time-out</h1></body></html>',
			'The answer was a web page (from phpRank or a proxy in front of it); the node retried as its Options allow.',
		],
	])('HTTP %i is retried, then "phpRank had a server error"', async (status, body, description) => {
		fixture.sandbox.failNext({ count: 2, status, body });
		const { error } = await fixture.run(getReport({ options: { retries: 1 } }));
		expect(shown(error)).toEqual({
			message: `phpRank had a server error (HTTP ${status}): try again later, or ask the phpRank site's administrator`,
			description,
			httpCode: String(status),
		});
		expect(fixture.takeRequests()).toEqual([get('/api/v1/reports/1'), get('/api/v1/reports/1')]);
	});

	test('only a 2xx web page means a wrong Base URL', async () => {
		const { error } = await fixture.run(getReport(), {
			credentials: { baseUrl: `${fixture.sandbox.url}/app` },
		});
		expect(shown(error)).toEqual({
			message:
				"The Base URL does not lead to the phpRank API (it answered with a web page): set the credential's Base URL to your phpRank site's address, like https://seo.example.com",
			description: `${fixture.sandbox.url}/app answered HTTP 200 with a web page where phpRank's API answers JSON.`,
			httpCode: '200',
		});
	});
});

describe('5. every answer is checked in one place', () => {
	const LIST_MESSAGE = (got) =>
		`phpRank sent a list without its "data" array (got ${got}): check that the credential's Base URL (${fixture.sandbox.url}) is your phpRank site and not a proxy or another service`;

	test('a list without "data": Get Many, the trigger (poll and test event) and the list search say the same', async () => {
		fixture.sandbox.failNext({ count: 4, status: 200, body: { items: [], total: 0 } });
		const many = await fixture.run(getMany({ returnAll: true }));
		const polled = await pollSession().poll();
		const tested = await pollSession().poll({ mode: 'manual' });
		const searched = searchReports.call(loadOptionsContext());
		const expected = LIST_MESSAGE('an object with "items", "total"');
		expect(many.error.message).toBe(expected);
		expect(polled.error.message).toBe(expected);
		expect(tested.error.message).toBe(expected);
		await expect(searched).rejects.toThrow(expected);
		expect(polled.committed).toBe(false);
	});

	test('a Get answered {"data": null} fails instead of outputting an item of nulls', async () => {
		fixture.sandbox.failNext({ status: 200, body: { data: null } });
		const { items, error } = await fixture.run(getReport());
		expect(items).toEqual([]);
		expect(shown(error)).toEqual({
			message: `phpRank sent an answer without the record in "data" (got an object with "data", "data": null): check that the credential's Base URL (${fixture.sandbox.url}) is your phpRank site and not a proxy or another service`,
			description: "The answer to /reports/1 does not have the shape of phpRank's API.",
			httpCode: '200',
		});
	});

	test('a deletion answer that does not say "deleted" is not taken for one', async () => {
		fixture.sandbox.failNext({ status: 200, method: 'DELETE', body: { ok: true } });
		const { error } = await fixture.run({
			resource: 'report',
			operation: 'delete',
			reportId: byId(1),
		});
		expect(error.message).toBe(
			`phpRank answered the deletion without saying "deleted" (got an object with "ok"): check that the credential's Base URL (${fixture.sandbox.url}) is your phpRank site and not a proxy or another service`,
		);
	});

	test('a body that is not JSON', async () => {
		fixture.sandbox.failNext({
			status: 200,
			headers: { 'Content-Type': 'text/plain' },
			body: 'OK',
		});
		const { error } = await fixture.run(getReport());
		expect(error.message).toBe(
			`phpRank sent an answer that is not JSON (HTTP 200 with a string body): check that the credential's Base URL (${fixture.sandbox.url}) is your phpRank site`,
		);
	});
});

describe('6. no secret in any error, even when the server echoes the request', () => {
	test.each([400, 403, 422])(
		'HTTP %i echoing headers and body: key and password are removed',
		async (status) => {
			fixture.sandbox.failNext({ count: 4, status, echoRequest: true });
			const { error } = await fixture.run(createReport());
			const text = JSON.stringify(shown(error));
			expect(text).toContain('[redacted]');
			expect(text).not.toContain(API_KEY);
			expect(text).not.toContain(PASSWORD);
			expect(text).not.toContain(encodeURIComponent(PASSWORD));
		},
	);

	test('in the trigger too', async () => {
		fixture.sandbox.failNext({ status: 418, echoRequest: true });
		const { error } = await pollSession().poll();
		expect(error.description).toContain('Bearer [redacted]');
		expect(JSON.stringify(shown(error))).not.toContain(API_KEY);
	});
});

describe('7. Limit from an expression or an AI agent', () => {
	test.each([
		['={{ 0 }}', '0'],
		['={{ -2 }}', '-2'],
		['={{ 2.5 }}', '2.5'],
		['={{ "many" }}', '"many"'],
	])('Limit %s is refused before any request', async (limit, got) => {
		const { error } = await fixture.run(getMany({ limit }));
		expect(shown(error)).toEqual({
			message: `Limit must be a whole number of 1 or more, like 50 (got ${got})`,
			description: 'Check the "Limit" field of this node.',
			httpCode: 'none',
		});
		expect(fixture.takeRequests()).toEqual([]);
	});
});

describe('8. paging without last_page', () => {
	const seed = Array.from({ length: 130 }, (_, i) => ({ url: `https://site.test/p${i + 1}` }));

	test.each(['simple', 'total-only'])(
		"a %s paginator: Return All reads on while total or links.next say so, never calling the link's host",
		async (listMeta) => {
			const paged = await startFixture({ seed, publicUrl: otherHost.url, faults: { listMeta } });
			try {
				const { items, error } = await paged.run(getMany({ returnAll: true, simplify: false }));
				expect(error).toBeUndefined();
				expect(items.map((item) => item.json.id)).toEqual(
					Array.from({ length: 130 }, (_, i) => 130 - i),
				);
				expect(paged.takeRequests()).toEqual([
					get('/api/v1/reports', { per_page: '100', page: '1' }),
					get('/api/v1/reports', { per_page: '100', page: '2' }),
				]);
				expect(otherHost.requests).toEqual([]);
			} finally {
				await paged.sandbox.close();
			}
		},
	);
});

test('the form of a Create is still sent as before (the pipeline sets the same headers)', async () => {
	const { error } = await fixture.run(createReport({ privacy: 1 }));
	expect(error).toBeUndefined();
	const [request] = fixture.takeRequests();
	expect(request.headers['content-type']).toBe(FORM);
});
