// Every error answer of phpRank, and every transport failure, becomes an n8n error that names
// the cause; with Continue On Fail each failed item is an error item in its own place.
const { useFixture, startFixture, get, byId, API_KEY, OTHER_KEY, byName } = require('./fixture');

const fixture = useFixture();

beforeEach(() => {
	fixture.sandbox.reset([
		{ url: 'https://example.com/', score: 91 },
		{ url: 'https://other.test/', owner: OTHER_KEY },
	]);
	fixture.sandbox.setFaults({});
});

const getReport = (id) => ({ resource: 'report', operation: 'get', reportId: byId(id) });

/** The fields of an n8n error a user sees. */
function shown(error) {
	return { message: error.message, description: error.description, httpCode: error.httpCode };
}

test('401: a wrong key names the key and the base URL', async () => {
	const { items, error } = await fixture.run(getReport(1), {
		credentials: { apiKey: 'wrong-key-123' },
	});
	expect(items).toEqual([]);
	expect(shown(error)).toEqual({
		message:
			'phpRank rejected the API key: check the API key in the phpRank credential and that the Base URL is the site the key belongs to',
		description: 'HTTP 401. phpRank said: "Unauthenticated."',
		httpCode: '401',
	});
	expect(fixture.takeRequests()).toHaveLength(1);
});

test('404: a missing report is named', async () => {
	const { error } = await fixture.run(getReport(99));
	expect(shown(error)).toEqual({
		message: 'Report 99 not found: check the Report ID (it may have been deleted)',
		description:
			'phpRank has no report with this ID for this API key. phpRank said: "Resource not found."',
		httpCode: '404',
	});
});

test("404: another account's report is not found either", async () => {
	const { error } = await fixture.run(getReport(2));
	expect(error.message).toBe('Report 2 not found: check the Report ID (it may have been deleted)');
});

test("403: updating another account's report", async () => {
	const { error } = await fixture.run({
		resource: 'report',
		operation: 'update',
		reportId: byId(2),
		rerunAnalysis: true,
	});
	expect(shown(error)).toEqual({
		message: 'Report 2 does not exist or belongs to another account: check the Report ID',
		description:
			'phpRank refused the request (HTTP 403). phpRank said: "This action is unauthorized."',
		httpCode: '403',
	});
});

test('422: a page phpRank cannot fetch: what phpRank said, in the words of a page to check, not an input to correct', async () => {
	const { error } = await fixture.run({
		resource: 'report',
		operation: 'create',
		url: 'https://nowhere.invalid/page',
	});
	expect(error.httpCode).toBe('422');
	expect(error.message).toBe(
		"phpRank could not fetch https://nowhere.invalid/page: cURL error 6: Could not resolve host: nowhere.invalid. Check that the page answers from phpRank's server",
	);
	expect(error.description).toBe(
		'phpRank fetches the page itself when it creates or re-runs a report, and could not. phpRank said: "url: cURL error 6: Could not resolve host: nowhere.invalid (see https://curl.haxx.se/libcurl/c/libcurl-errors.html) for https://nowhere.invalid/page"',
	);
});

test('422: the plan limit', async () => {
	const limited = await startFixture({ maxReports: 1 });
	try {
		const first = await limited.run({
			resource: 'report',
			operation: 'create',
			url: 'https://a.test/',
		});
		expect(first.error).toBeUndefined();
		const { error } = await limited.run({
			resource: 'report',
			operation: 'create',
			url: 'https://b.test/',
		});
		expect(shown(error)).toEqual({
			message:
				"The phpRank account's plan allows no more reports: delete reports (Report → Delete, Project → Delete) or raise the plan",
			description: 'HTTP 422. phpRank said: "url: You created too many reports."',
			httpCode: '422',
		});
	} finally {
		await limited.sandbox.close();
	}
});

test('429 beyond the allowed wait: the rate limit is named', async () => {
	fixture.sandbox.setFaults({ throttle: { limit: 1, windowMs: 60000 } });
	await fixture.run(getReport(1));
	const { error } = await fixture.run({ ...getReport(1), options: { maxRateLimitWait: 5 } });
	expect(shown(error)).toEqual({
		message:
			"phpRank's rate limit was reached: phpRank asks to wait 60 s, more than Max Wait for Rate Limit allows (5 s); raise Max Wait for Rate Limit in the node's Options, or run the workflow later",
		description: 'phpRank did not process this request (HTTP 429).',
		httpCode: '429',
	});
	expect(fixture.sandbox.requests.map((r) => r.status)).toEqual([200, 429]);
});

test('500 after the retries: a server error', async () => {
	fixture.sandbox.failNext({ count: 2, status: 500 });
	const { error } = await fixture.run({ ...getReport(1), options: { retries: 1 } });
	expect(shown(error)).toEqual({
		message:
			"phpRank had a server error (HTTP 500): try again later, or ask the phpRank site's administrator",
		description: 'The node retried as its Options allow. phpRank said: "Server Error"',
		httpCode: '500',
	});
	expect(fixture.sandbox.requests.map((r) => r.status)).toEqual([500, 500]);
});

test('a Base URL that leads to web pages says so', async () => {
	const { error } = await fixture.run(getReport(1), {
		credentials: { baseUrl: `${fixture.sandbox.url}/seo` },
	});
	expect(fixture.takeRequests().map((r) => r.path)).toEqual(['/seo/api/v1/reports/1']);
	expect(shown(error)).toEqual({
		message:
			"The Base URL does not lead to the phpRank API (it answered with a web page): set the credential's Base URL to your phpRank site's address, like https://seo.example.com",
		description: `${fixture.sandbox.url}/seo answered HTTP 200 with a web page where phpRank's API answers JSON.`,
		httpCode: '200',
	});
});

test('no server at the Base URL', async () => {
	const { error } = await fixture.run(getReport(1), {
		credentials: { baseUrl: 'http://127.0.0.1:9' },
	});
	expect(shown(error)).toEqual({
		message:
			"Could not connect to phpRank at http://127.0.0.1:9 (the connection was refused): check the credential's Base URL and that the phpRank site is up",
		description: 'Nothing was sent to phpRank. (ECONNREFUSED)',
		httpCode: 'none',
	});
});

describe('Base URL forms all reach /api/v1', () => {
	test.each(['', '/', '//', '/api/v1', '/api/v1/', '/API/V1'])('site URL + %p', async (suffix) => {
		const { error } = await fixture.run(getReport(1), {
			credentials: { baseUrl: `${fixture.sandbox.url}${suffix}` },
		});
		expect(error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([get('/api/v1/reports/1')]);
	});
});

describe('input refused before any request', () => {
	// Literal values are first checked by n8n itself (required fields, the locator's pattern);
	// the node's own checks catch what only shows once expressions are resolved.
	test.each([
		[
			{ resource: 'report', operation: 'get', reportId: byId('abc') },
			"The 'phpRank' node has issues:\n- A report ID is a positive whole number",
		],
		[
			{ resource: 'report', operation: 'create', url: '', privacy: 1 },
			'The \'phpRank\' node has issues:\n- Parameter "URL" is required.',
		],
		[
			{ resource: 'report', operation: 'create', url: 'https://a.test/', privacy: 2, password: '' },
			'The \'phpRank\' node has issues:\n- Parameter "Password" is required.',
		],
	])('n8n refuses %j', async (parameters, message) => {
		const { error } = await fixture.run(parameters);
		expect(fixture.takeRequests()).toEqual([]);
		expect(error.message).toBe(message);
	});

	test.each([
		[
			{ resource: 'report', operation: 'get', reportId: byId('={{ "abc" }}') },
			'Report ID must be a positive whole number, like 12 (got "abc")',
			'Report',
		],
		[
			{ resource: 'report', operation: 'delete', reportId: byId('={{ -1 }}') },
			'Report ID must be a positive whole number, like 12 (got -1)',
			'Report',
		],
		[
			{ resource: 'report', operation: 'update', reportId: byId('={{ 2.5 }}') },
			'Report ID must be a positive whole number, like 12 (got 2.5)',
			'Report',
		],
		[
			{ resource: 'report', operation: 'create', url: 'not a url' },
			'URL must be a full web address starting with http:// or https://, like https://example.com/page (got "not a url")',
			'URL',
		],
		[
			{ resource: 'report', operation: 'create', url: '={{ $json.nothing }}' },
			'URL must be text, like https://example.com/page (got nothing)',
			'URL',
		],
		[
			{ resource: 'report', operation: 'create', url: '={{ 42 }}' },
			'URL must be text, like https://example.com/page (got a number)',
			'URL',
		],
		[
			{
				resource: 'report',
				operation: 'create',
				url: 'https://a.test/',
				privacy: '={{ 5 }}',
				password: 'x',
			},
			'Privacy must be 0 (Public), 1 (Private) or 2 (Password), or one of those names (got 5)',
			'Privacy',
		],
		[
			{
				resource: 'report',
				operation: 'create',
				url: 'https://a.test/',
				privacy: 2,
				password: '={{ "" }}',
			},
			'Password is required when Privacy is Password',
			'Password',
		],
		[
			{
				resource: 'report',
				operation: 'update',
				reportId: byId(1),
				privacy: 2,
				password: 'x'.repeat(129),
			},
			'Password must be 1 to 128 characters (got 129)',
			'Password',
		],
		[
			{ resource: 'project', operation: 'delete', project: byName('={{ 7 }}') },
			'Project must be a project name as text (got a number)',
			'Project',
		],
	])('the node refuses %j', async (parameters, message, field) => {
		const { error } = await fixture.run(parameters);
		expect(fixture.takeRequests()).toEqual([]);
		expect(error.message).toBe(message);
		expect(error.description).toBe(`Check the "${field}" field of this node.`);
	});
});

test('Continue On Fail: each failed item is an error item in its place', async () => {
	const { items, error } = await fixture.run(
		{ resource: 'report', operation: 'get', reportId: byId('={{ $json.id }}') },
		{ items: [{ id: 1 }, { id: 99 }, { id: 'x' }, { id: 1 }], continueOnFail: true },
	);
	expect(error).toBeUndefined();
	expect(items.map((item) => [item.json.id ?? item.json.error, item.pairedItem])).toEqual([
		[1, { item: 0 }],
		['Report 99 not found: check the Report ID (it may have been deleted)', { item: 1 }],
		['Report ID must be a positive whole number, like 12 (got "x")', { item: 2 }],
		[1, { item: 3 }],
	]);
	expect(
		fixture
			.takeRequests()
			.map((r) => r.path)
			.sort(),
	).toEqual(['/api/v1/reports/1', '/api/v1/reports/1', '/api/v1/reports/99']);
});

test('the API key and report password appear in no error or output', async () => {
	const password = 'pw-7c1e0b-secret';
	const runs = [
		await fixture.run(getReport(99)),
		await fixture.run(getReport(1), { credentials: { apiKey: `${API_KEY}-wrong` } }),
		await fixture.run({
			resource: 'report',
			operation: 'create',
			url: 'https://a.test/',
			privacy: 2,
			password,
		}),
		await fixture.run({
			resource: 'report',
			operation: 'create',
			url: 'bad',
			privacy: 2,
			password,
		}),
		await fixture.run({
			resource: 'report',
			operation: 'create',
			url: 'https://x.invalid/',
			privacy: 2,
			password,
		}),
		await fixture.run(getReport(1), { credentials: { baseUrl: 'http://127.0.0.1:9' } }),
	];
	for (const { items, error } of runs) {
		// `error.node` is the workflow's own node (its parameters are the workflow's, stored and
		// shown as such by n8n anyway); everything else of the error is what the node produced.
		const produced = error && {
			...error,
			node: undefined,
			message: error.message,
			stack: error.stack,
		};
		const text = JSON.stringify({ items, error: produced });
		expect(text).not.toContain(API_KEY);
		expect(text).not.toContain(password);
	}
});
