// The phpRank sandbox must answer like the real server (docs/phprank-api.md):
// exact statuses, bodies and envelopes, the quirks, and every fault mode.
const http = require('node:http');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { startSandbox, CHECK_NAMES } = require('./index');
const { parseArgs } = require('./cli');
const { windowElements } = require('./paginator');

const KEY = 'key-one';
const OTHER = 'key-two';
const JSON_TYPE = 'application/json';
const HTML_TYPE = 'text/html; charset=UTF-8';
const NOT_FOUND = { message: 'Resource not found.', status: 404 };
const REPORT_FIELDS = [
	'id',
	'url',
	'project',
	'result',
	'results',
	'privacy',
	'password',
	'generated_at',
	'created_at',
	'updated_at',
];
const ERROR_KEYS = [
	'missing',
	'length',
	'too_many',
	'duplicate',
	'bad_format',
	'too_slow',
	'too_large',
	'too_few',
	'too_small',
	'bad_tags',
	'failed',
];
const POINTS = { high: 10, medium: 5, low: 0 };

/**
 * One HTTP request with full control of the raw path and headers (fetch would add
 * Accept: *\/* and normalise paths). Resolves {status, headers, text, json} or {error}.
 */
function call(
	sb,
	method,
	rawPath,
	{ key = KEY, accept = JSON_TYPE, headers = {}, form, json, timeout } = {},
) {
	const sent = { ...headers };
	if (key !== null) sent.Authorization = `Bearer ${key}`;
	if (accept !== null) sent.Accept = accept;
	let body;
	if (form !== undefined) {
		body = typeof form === 'string' ? form : new URLSearchParams(form).toString();
		sent['Content-Type'] = 'application/x-www-form-urlencoded';
	}
	if (json !== undefined) {
		body = JSON.stringify(json);
		sent['Content-Type'] = JSON_TYPE;
	}
	const { port } = new URL(sb.url);
	return new Promise((resolve) => {
		const req = http.request(
			{ host: '127.0.0.1', port, method, path: rawPath, headers: sent, agent: false },
			(res) => {
				let text = '';
				res.setEncoding('utf8');
				res.on('data', (chunk) => (text += chunk));
				res.on('end', () =>
					resolve({ status: res.statusCode, headers: res.headers, text, json: parseJson(text) }),
				);
				res.on('error', (error) => resolve({ error }));
			},
		);
		req.on('error', (error) => resolve({ error }));
		if (timeout) req.setTimeout(timeout, () => req.destroy(new Error('client timeout')));
		req.end(body);
	});
}

function parseJson(text) {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

const api = (sb, method, p, options) => call(sb, method, `/api/v1${p}`, options);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(predicate, timeoutMs = 2000) {
	const end = Date.now() + timeoutMs;
	while (!predicate()) {
		if (Date.now() > end) throw new Error('condition not met in time');
		await sleep(10);
	}
}

/** Score from the checks, as phpRank computes it. */
function scoreOf(results) {
	let passed = 0;
	let total = 0;
	for (const check of Object.values(results)) {
		total += POINTS[check.importance];
		if (check.passed) passed += POINTS[check.importance];
	}
	return Math.round((passed / total) * 100);
}

let sb;
beforeAll(async () => {
	sb = await startSandbox({ apiKeys: [KEY, OTHER] });
});
afterAll(() => sb.close());
beforeEach(() => {
	sb.reset(null);
	sb.setFaults({});
});

/* ------------------------------------------------------------------ routing */

describe('routing', () => {
	test.each(['/', '/login', '/foo/api/v1/reports', '/api/reports', '/reports'])(
		'%s outside /api/v1 is the HTML login page',
		async (p) => {
			const res = await call(sb, 'GET', p);
			expect(res.status).toBe(200);
			expect(res.headers['content-type']).toBe(HTML_TYPE);
			expect(res.text).toMatch(/^<!DOCTYPE html>/);
			expect(res.text).toContain('<title>Login - phpRank</title>');
		},
	);

	test.each([
		'/api/v1/api/v1/reports',
		'/api/v1/nope',
		'/api/v1',
		'/api/v1//reports',
		'/api/v1/reports/1/extra',
	])('%s is an unknown API route: 404 JSON', async (p) => {
		const res = await call(sb, 'GET', p);
		expect(res.status).toBe(404);
		expect(res.headers['content-type']).toBe(JSON_TYPE);
		expect(res.json).toEqual(NOT_FOUND);
	});

	test('unknown API routes are 404 before any auth check', async () => {
		const res = await call(sb, 'GET', '/api/v1/nope', { key: null, accept: null });
		expect(res.status).toBe(404);
		expect(res.json).toEqual(NOT_FOUND);
	});

	test('a trailing slash reaches the same route', async () => {
		const res = await api(sb, 'GET', '/reports/');
		expect(res.status).toBe(200);
		expect(res.json.meta.path).toBe(`${sb.url}/api/v1/reports`);
	});

	test('a wrong method on a known route is 405 with Allow', async () => {
		const res = await api(sb, 'POST', '/account');
		expect(res.status).toBe(405);
		expect(res.headers.allow).toBe('GET, HEAD');
		expect(res.json).toEqual({
			message:
				'The POST method is not supported for route api/v1/account. Supported methods: GET, HEAD.',
		});
		expect((await api(sb, 'POST', '/reports/1')).headers.allow).toBe(
			'GET, HEAD, PUT, PATCH, DELETE',
		);
		expect((await api(sb, 'GET', '/projects/x')).headers.allow).toBe('DELETE');
	});

	test('JSON is encoded like PHP: slashes escaped', async () => {
		sb.addReport({ url: 'https://example.com/a/b' });
		const res = await api(sb, 'GET', '/reports/1');
		expect(res.text).toContain('"url":"example.com\\/a\\/b"');
		expect(res.json.data.url).toBe('example.com/a/b');
	});
});

/* ------------------------------------------------------------------ auth */

describe('authentication', () => {
	test.each([
		['no key', null],
		['an unknown key', 'nope'],
	])('%s with Accept: application/json: 401 {"message":"Unauthenticated."}', async (_, key) => {
		const res = await api(sb, 'GET', '/reports', { key });
		expect(res.status).toBe(401);
		expect(res.headers['content-type']).toBe(JSON_TYPE);
		expect(res.json).toEqual({ message: 'Unauthenticated.' });
	});

	test.each([
		['no Accept', null],
		['Accept: */*', '*/*'],
		['HTML first', 'text/html, application/json'],
	])('a bad key with %s is redirected to /login', async (_, accept) => {
		const res = await api(sb, 'DELETE', '/reports/1', { key: 'nope', accept });
		expect(res.status).toBe(302);
		expect(res.headers.location).toBe(`${sb.url}/login`);
		expect(res.headers['content-type']).toBe(HTML_TYPE);
		expect(res.text).toContain(`Redirecting to <a href="${sb.url}/login">`);
	});

	test('Accept lists JSON first (axios style): 401 JSON', async () => {
		const res = await api(sb, 'GET', '/reports', {
			key: 'nope',
			accept: 'application/json, text/plain, */*',
		});
		expect(res.status).toBe(401);
	});

	test('the scheme word is case-sensitive like Laravel', async () => {
		const res = await api(sb, 'GET', '/account', {
			key: null,
			headers: { Authorization: `bearer ${KEY}` },
		});
		expect(res.status).toBe(401);
	});

	test('the token guard also reads ?api_token=', async () => {
		const res = await api(sb, 'GET', `/account?api_token=${KEY}`, { key: null });
		expect(res.status).toBe(200);
	});

	test("GET /account is the key's own account", async () => {
		const one = await api(sb, 'GET', '/account');
		const two = await api(sb, 'GET', '/account', { key: OTHER });
		expect(one.status).toBe(200);
		expect(one.json).toEqual({
			data: {
				id: 1,
				name: 'Sandbox User 1',
				email: 'user1@sandbox.phprank.test',
				locale: 'en',
				timezone: 'UTC',
				created_at: '2025-12-06T09:00:00.000000Z',
				updated_at: '2025-12-06T09:00:00.000000Z',
			},
			status: 200,
		});
		expect(two.json.data.id).toBe(2);
	});

	test('a plan without API access: 403', async () => {
		const restricted = await startSandbox({ apiKeys: [{ key: 'basic', apiAccess: false }] });
		try {
			const res = await api(restricted, 'GET', '/reports', { key: 'basic' });
			expect(res.status).toBe(403);
			expect(res.json).toEqual({ message: "You don't have access to this feature.", status: 403 });
		} finally {
			await restricted.close();
		}
	});
});

/* ------------------------------------------------------------------ store */

describe('POST /reports', () => {
	const store = (form, options) => api(sb, 'POST', '/reports', { form, ...options });

	test('stores and returns the single-report envelope', async () => {
		const res = await store({ url: 'https://www.Example.com/About/', privacy: '1' });
		expect(res.status).toBe(200);
		expect(res.json.status).toBe(200);
		const report = res.json.data;
		expect(Object.keys(report)).toEqual(REPORT_FIELDS);
		expect(report).toMatchObject({
			id: 1,
			url: 'example.com/About',
			project: 'example.com',
			privacy: 1,
			password: false,
			generated_at: '2026-01-05T09:00:00.000000Z',
			created_at: '2026-01-05T09:00:00.000000Z',
			updated_at: '2026-01-05T09:00:00.000000Z',
		});
		expect(Number.isInteger(report.result)).toBe(true);
		expect(report.result).toBe(scoreOf(report.results));
		const second = await store({ url: 'https://example.com/', privacy: '0' });
		expect(second.json.data).toMatchObject({
			id: 2,
			url: 'example.com',
			created_at: '2026-01-05T09:01:00.000000Z',
		});
	});

	test('results carry every check of the four categories with a valid shape', async () => {
		const { results } = (await store({ url: 'http://plain-http.test/page', privacy: '0' })).json
			.data;
		expect(Object.keys(results)).toEqual(CHECK_NAMES);
		expect(CHECK_NAMES).toHaveLength(33);
		for (const check of Object.values(results)) {
			expect(typeof check.passed).toBe('boolean');
			expect(['high', 'medium', 'low']).toContain(check.importance);
			expect(check).toHaveProperty('value');
			if (check.passed) expect(check).not.toHaveProperty('errors');
			else expect(Object.keys(check.errors).every((k) => ERROR_KEYS.includes(k))).toBe(true);
		}
		expect(results.https_encryption).toEqual({
			passed: false,
			importance: 'high',
			value: 'http',
			errors: { missing: null },
		});
	});

	test('missing privacy is stored as 0 (Public), the real-server quirk', async () => {
		const res = await store({ url: 'https://example.com/' });
		expect(res.json.data.privacy).toBe(0);
	});

	test('privacy 2 with a password: password is true and never returned', async () => {
		const res = await store({ url: 'https://example.com/', privacy: '2', password: 's3cret' });
		expect(res.json.data).toMatchObject({ privacy: 2, password: true });
		expect(res.text).not.toContain('s3cret');
	});

	test('a JSON body is accepted too', async () => {
		const res = await api(sb, 'POST', '/reports', {
			json: { url: 'https://example.com/json', privacy: 1 },
		});
		expect(res.json.data).toMatchObject({ url: 'example.com/json', privacy: 1 });
	});

	test.each([
		['no url', {}, { url: ['The url field is required.'] }],
		['an empty url', { url: '' }, { url: ['The url field is required.'] }],
		['not a URL', { url: 'not a url' }, { url: ['The url must be a valid URL.'] }],
		['an ftp URL', { url: 'ftp://example.com/' }, { url: ['The url must be a valid URL.'] }],
		[
			'a 2049-character URL',
			{ url: `https://example.com/${'a'.repeat(2029)}` },
			{ url: ['The url must not be greater than 2048 characters.'] },
		],
		[
			'privacy 5',
			{ url: 'https://a.test/', privacy: '5' },
			{ privacy: ['The selected privacy is invalid.'] },
		],
		[
			'privacy abc',
			{ url: 'https://a.test/', privacy: 'abc' },
			{ privacy: ['The privacy must be an integer.', 'The selected privacy is invalid.'] },
		],
		[
			'privacy 2 without password',
			{ url: 'https://a.test/', privacy: '2' },
			{ password: ['The password field is required when privacy is 2.'] },
		],
		[
			'a 129-character password',
			{ url: 'https://a.test/', privacy: '2', password: 'p'.repeat(129) },
			{ password: ['The password must not be greater than 128 characters.'] },
		],
		[
			'several fields',
			{ privacy: '7' },
			{ url: ['The url field is required.'], privacy: ['The selected privacy is invalid.'] },
		],
	])('422 for %s', async (_, form, message) => {
		expect(`https://example.com/${'a'.repeat(2029)}`).toHaveLength(2049);
		const res = await store(form);
		expect(res.status).toBe(422);
		expect(res.json).toEqual({ message, status: 422 });
		expect(Object.keys(res.json.message)).toEqual(Object.keys(message));
		expect(sb.reports()).toHaveLength(0);
	});

	test('a page that cannot be fetched: 422 with the fetch error under url', async () => {
		const res = await store({ url: 'https://nowhere.invalid/page', privacy: '1' });
		expect(res.status).toBe(422);
		expect(res.json).toEqual({
			message: {
				url: [
					'cURL error 6: Could not resolve host: nowhere.invalid (see https://curl.haxx.se/libcurl/c/libcurl-errors.html) for https://nowhere.invalid/page',
				],
			},
			status: 422,
		});
	});

	test('the plan limit: 422 "You created too many reports." (deleted reports free a slot)', async () => {
		const limited = await startSandbox({ apiKeys: [KEY], maxReports: 2 });
		try {
			for (const url of ['https://a.test/', 'https://b.test/'])
				expect((await api(limited, 'POST', '/reports', { form: { url } })).status).toBe(200);
			const refused = await api(limited, 'POST', '/reports', { form: { url: 'https://c.test/' } });
			expect(refused.status).toBe(422);
			expect(refused.json).toEqual({
				message: { url: ['You created too many reports.'] },
				status: 422,
			});
			await api(limited, 'DELETE', '/reports/1');
			expect(
				(await api(limited, 'POST', '/reports', { form: { url: 'https://c.test/' } })).status,
			).toBe(200);
		} finally {
			await limited.close();
		}
	});

	test('the same URL twice makes two reports; createdCount counts POST stores only', async () => {
		sb.addReport({ url: 'https://example.com/a' });
		await store({ url: 'https://example.com/a' });
		await store({ url: 'https://www.example.com/a/' });
		expect(sb.reports().map((r) => r.url)).toEqual([
			'example.com/a',
			'example.com/a',
			'example.com/a',
		]);
		expect(sb.createdCount('https://example.com/a')).toBe(2);
		expect(sb.createdCount('example.com/a')).toBe(2);
		expect(sb.createdCount('https://example.com/other')).toBe(0);
	});

	test('setChecks flips chosen checks (or all) as a re-run would: score and generated_at follow', async () => {
		const before = sb.addReport({ url: 'https://flip.test/', score: 100 });
		const failed = sb.setChecks(before.id, { noindex: false });
		expect(failed.results.noindex).toMatchObject({ passed: false, importance: 'high' });
		expect(failed.results.title).toEqual(before.results.title);
		expect(failed.generated_at > before.generated_at).toBe(true);
		const all = sb.setChecks(before.id, 'all');
		expect(Object.values(all.results).every((check) => check.passed === true)).toBe(true);
		expect(all.result).toBe(100);
		expect(Object.values(sb.setChecks(before.id, 'none').results).some((c) => c.passed)).toBe(
			false,
		);
		expect(() => sb.setChecks(before.id, { nonsense: true })).toThrow('Unknown check: nonsense');
	});

	test('repair: re-runs and new stores of the repaired pages pass the check; stored reports and other pages keep theirs', async () => {
		// Plain http pages always fail https_encryption, so only a repair can make them pass it.
		const a = sb.addReport({ url: 'http://fixed.test/a' });
		const b = sb.addReport({ url: 'http://fixed.test/b' });
		const other = sb.addReport({ url: 'http://other.test/' });
		sb.setChecks(a.id, { meta_description: false });
		expect(sb.repair({ checks: 'meta_description', project: 'fixed.test' })).toEqual([a.id, b.id]);
		expect(sb.repair({ checks: ['https_encryption'], url: 'fixed.test/a' })).toEqual([a.id]);
		expect(sb.reports()[0].results.meta_description.passed).toBe(false);
		for (let run = 0; run < 4; run++) {
			const rerunA = (await api(sb, 'PATCH', `/reports/${a.id}`, { form: { results: '1' } })).json
				.data;
			expect(rerunA.results.meta_description).toMatchObject({ passed: true, importance: 'high' });
			expect(rerunA.results.https_encryption.passed).toBe(true);
			expect(rerunA.result).toBe(scoreOf(rerunA.results));
			const rerunB = (await api(sb, 'PATCH', `/reports/${b.id}`, { form: { results: '1' } })).json
				.data;
			expect(rerunB.results.meta_description.passed).toBe(true);
			expect(rerunB.results.https_encryption.passed).toBe(false);
			const rerunOther = (
				await api(sb, 'PATCH', `/reports/${other.id}`, { form: { results: '1' } })
			).json.data;
			expect(rerunOther.results.https_encryption.passed).toBe(false);
		}
		const stored = await api(sb, 'POST', '/reports', { form: { url: 'http://fixed.test/a' } });
		expect(stored.json.data.results.https_encryption.passed).toBe(true);
		expect(() => sb.repair({ checks: 'nonsense', project: 'fixed.test' })).toThrow(
			'Unknown check: nonsense',
		);
		expect(() => sb.repair({ checks: 'favicon' })).toThrow('repair needs a project or a url');
		sb.reset(null);
		const again = sb.addReport({ url: 'http://fixed.test/a' });
		expect(again.results.https_encryption.passed).toBe(false);
	});

	test('breakChecks: re-runs and new stores of those pages fail the check until a later repair; stored reports and other pages keep theirs', async () => {
		const a = sb.addReport({ url: 'https://broken.test/a' });
		const b = sb.addReport({ url: 'https://broken.test/b' });
		expect(sb.repair({ checks: 'noindex', project: 'broken.test' })).toEqual([a.id, b.id]);
		const rerun = async (id) =>
			(await api(sb, 'PATCH', `/reports/${id}`, { form: { results: '1' } })).json.data;
		expect((await rerun(a.id)).results.noindex.passed).toBe(true);
		// the later rule wins: broken on page a after the site's repair
		expect(sb.breakChecks({ checks: ['noindex'], url: 'broken.test/a' })).toEqual([a.id]);
		const storedBefore = sb.reports().find((x) => x.id === a.id).results.noindex;
		expect(storedBefore.passed).toBe(true);
		for (let run = 0; run < 3; run++) {
			const broken = await rerun(a.id);
			expect(broken.results.noindex).toMatchObject({ passed: false, importance: 'high' });
			expect(broken.results.noindex.errors).toBeDefined();
			expect(broken.result).toBe(scoreOf(broken.results));
			expect((await rerun(b.id)).results.noindex.passed).toBe(true);
		}
		const stored = await api(sb, 'POST', '/reports', { form: { url: 'https://broken.test/a' } });
		expect(stored.json.data.results.noindex.passed).toBe(false);
		// repaired again: passes from the next re-run on
		sb.repair({ checks: 'noindex', url: 'https://broken.test/a' });
		expect((await rerun(a.id)).results.noindex.passed).toBe(true);
		expect(() => sb.breakChecks({ checks: 'nonsense', project: 'broken.test' })).toThrow(
			'Unknown check: nonsense',
		);
		expect(() => sb.breakChecks({ checks: 'noindex' })).toThrow(
			'breakChecks needs a project or a url',
		);
	});

	test('makeUnreachable: stores and re-runs of those pages answer 422 with the fetch timeout, nothing changes; other pages answer', async () => {
		const a = sb.addReport({ url: 'https://down.test/a' });
		const b = sb.addReport({ url: 'https://down.test/b' });
		const up = sb.addReport({ url: 'https://up.test/' });
		const timeout = (href) => ({
			message: {
				url: [
					`cURL error 28: Operation timed out after 30001 milliseconds with 0 bytes received (see https://curl.haxx.se/libcurl/c/libcurl-errors.html) for ${href}`,
				],
			},
			status: 422,
		});
		expect(sb.makeUnreachable({ url: 'down.test/b/' })).toEqual([b.id]);
		expect(sb.makeUnreachable({ project: 'down.test' })).toEqual([a.id, b.id]);
		const before = sb.reports();
		const rerun = await api(sb, 'PATCH', `/reports/${a.id}`, { form: { results: '1' } });
		expect(rerun.status).toBe(422);
		expect(rerun.json).toEqual(timeout('https://down.test/a'));
		const stored = await api(sb, 'POST', '/reports', { form: { url: 'http://www.down.test/c' } });
		expect(stored.json).toEqual(timeout('http://www.down.test/c'));
		expect(sb.reports()).toEqual(before);
		const other = await api(sb, 'PATCH', `/reports/${up.id}`, { form: { results: '1' } });
		expect(other.status).toBe(200);
		expect(() => sb.makeUnreachable({})).toThrow('makeUnreachable needs a project or a url');
		sb.reset(null);
		const again = sb.addReport({ url: 'https://down.test/a' });
		expect(
			(await api(sb, 'PATCH', `/reports/${again.id}`, { form: { results: '1' } })).status,
		).toBe(200);
	});

	test('analysisDelayMs makes the store take that long', async () => {
		const slow = await startSandbox({ apiKeys: [KEY], analysisDelayMs: 150 });
		try {
			const started = Date.now();
			const res = await api(slow, 'POST', '/reports', { form: { url: 'https://a.test/' } });
			expect(res.status).toBe(200);
			expect(Date.now() - started).toBeGreaterThanOrEqual(140);
		} finally {
			await slow.close();
		}
	});
});

/* ------------------------------------------------------------------ show / update / delete */

describe('show, update and delete a report', () => {
	beforeEach(() => {
		sb.reset([
			{ url: 'https://example.com/', score: 91, privacy: 1 },
			{ url: 'https://other.test/', owner: OTHER },
			{ url: 'https://example.com/gone' },
		]);
	});

	test('show: the single-report envelope', async () => {
		const res = await api(sb, 'GET', '/reports/1');
		expect(res.status).toBe(200);
		expect(Object.keys(res.json)).toEqual(['data', 'status']);
		expect(res.json.status).toBe(200);
		expect(res.json.data).toMatchObject({
			id: 1,
			url: 'example.com',
			project: 'example.com',
			result: 91,
			privacy: 1,
			password: false,
		});
	});

	test.each([
		['missing', '99'],
		['foreign', '2'],
		['not a number', 'abc'],
	])('show a %s report: 404', async (_, id) => {
		const res = await api(sb, 'GET', `/reports/${id}`);
		expect(res.status).toBe(404);
		expect(res.json).toEqual(NOT_FOUND);
	});

	test('update with PUT: privacy 2 and a password', async () => {
		const before = (await api(sb, 'GET', '/reports/1')).json.data;
		const res = await api(sb, 'PUT', '/reports/1', { form: { privacy: '2', password: 'pw' } });
		expect(res.status).toBe(200);
		expect(res.json.status).toBe(200);
		expect(res.json.data).toMatchObject({
			id: 1,
			privacy: 2,
			password: true,
			generated_at: before.generated_at,
		});
		expect(res.json.data.updated_at).toBe('2026-01-05T09:00:00.000000Z');
		expect(res.json.data.results).toEqual(before.results);
	});

	test('update with PATCH: back to public clears the password', async () => {
		await api(sb, 'PATCH', '/reports/1', { form: { privacy: '2', password: 'pw' } });
		const res = await api(sb, 'PATCH', '/reports/1', { form: { privacy: '0' } });
		expect(res.json.data).toMatchObject({ privacy: 0, password: false });
	});

	test('POST with _method=PATCH is an update (Laravel method spoofing)', async () => {
		const res = await api(sb, 'POST', '/reports/1', { form: { _method: 'PATCH', privacy: '0' } });
		expect(res.status).toBe(200);
		expect(res.json.data.privacy).toBe(0);
	});

	test('results=1 re-runs the analysis: new generated_at, re-computed checks and score', async () => {
		const before = (await api(sb, 'GET', '/reports/1')).json.data;
		const scores = new Set([before.result]);
		let last = before;
		for (let i = 0; i < 6; i++) {
			const res = await api(sb, 'PUT', '/reports/1', { form: { results: '1' } });
			expect(res.status).toBe(200);
			expect(res.json.data.generated_at > last.generated_at).toBe(true);
			expect(res.json.data.updated_at).toBe(res.json.data.generated_at);
			expect(res.json.data.result).toBe(scoreOf(res.json.data.results));
			expect(res.json.data.created_at).toBe(before.created_at);
			scores.add(res.json.data.result);
			last = res.json.data;
		}
		expect(scores.size).toBeGreaterThan(1);
	});

	test.each([
		['foreign', '2'],
		['missing', '99'],
		['deleted', '3'],
	])(
		'update a %s report: 403 "This action is unauthorized." (even with an invalid body)',
		async (_, id) => {
			await api(sb, 'DELETE', '/reports/3');
			for (const form of [{ privacy: '1' }, { privacy: 'bad' }]) {
				const res = await api(sb, 'PUT', `/reports/${id}`, { form });
				expect(res.status).toBe(403);
				expect(res.json).toEqual({ message: 'This action is unauthorized.' });
			}
			const theirs = sb.reports().find((r) => r.id === 2);
			expect(theirs.updated_at).toBe(theirs.created_at);
		},
	);

	test.each([
		[{ privacy: '9' }, { privacy: ['The selected privacy is invalid.'] }],
		[{ results: '2' }, { results: ['The selected results is invalid.'] }],
		[{ privacy: '2' }, { password: ['The password field is required when privacy is 2.'] }],
	])('update validation %j: 422', async (form, message) => {
		const res = await api(sb, 'PATCH', '/reports/1', { form });
		expect(res.status).toBe(422);
		expect(res.json).toEqual({ message, status: 422 });
	});

	test('delete: soft delete with the delete envelope, then 404', async () => {
		const res = await api(sb, 'DELETE', '/reports/1');
		expect(res.status).toBe(200);
		expect(res.json).toEqual({ id: 1, object: 'report', deleted: true, status: 200 });
		const stored = sb.reports().find((r) => r.id === 1);
		expect(stored.deleted_at).toBe('2026-01-05T09:00:00.000000Z');
		expect((await api(sb, 'GET', '/reports/1')).json).toEqual(NOT_FOUND);
		expect((await api(sb, 'DELETE', '/reports/1')).status).toBe(404);
		expect((await api(sb, 'GET', '/reports')).json.data.map((r) => r.id)).toEqual([3]);
	});

	test("delete another account's report: 404 and nothing deleted", async () => {
		const res = await api(sb, 'DELETE', '/reports/2');
		expect(res.status).toBe(404);
		expect(res.json).toEqual(NOT_FOUND);
		expect(sb.reports().find((r) => r.id === 2).deleted_at).toBeNull();
	});
});

/* ------------------------------------------------------------------ list reports */

describe('GET /reports', () => {
	const list = async (query = '', options) =>
		(await api(sb, 'GET', `/reports${query}`, options)).json;
	const ids = async (query) => (await list(query)).data.map((r) => r.id);

	beforeEach(() => {
		sb.reset(
			Array.from({ length: 23 }, (_, i) => ({
				url: `https://site${i % 3}.test/page-${i}`,
				score: 30 + i * 3,
			})),
		);
	});

	test('the Laravel paginator envelope, page 2', async () => {
		const body = await list('?page=2');
		const base = `${sb.url}/api/v1/reports`;
		expect(Object.keys(body)).toEqual(['data', 'links', 'meta', 'status']);
		expect(body.status).toBe(200);
		expect(body.links).toEqual({
			first: `${base}?page=1`,
			last: `${base}?page=3`,
			prev: `${base}?page=1`,
			next: `${base}?page=3`,
		});
		expect(body.meta).toEqual({
			current_page: 2,
			from: 11,
			last_page: 3,
			links: [
				{ url: `${base}?page=1`, label: '&laquo; Previous', active: false },
				{ url: `${base}?page=1`, label: '1', active: false },
				{ url: `${base}?page=2`, label: '2', active: true },
				{ url: `${base}?page=3`, label: '3', active: false },
				{ url: `${base}?page=3`, label: 'Next &raquo;', active: false },
			],
			path: base,
			per_page: 10,
			to: 20,
			total: 23,
		});
		expect(body.data.map((r) => r.id)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
		expect(Object.keys(body.data[0])).toEqual(REPORT_FIELDS);
	});

	test('the links keep the other query parameters, page last', async () => {
		const body = await list('?search=site&per_page=10&sort=asc&page=1');
		expect(body.links.next).toBe(
			`${sb.url}/api/v1/reports?search=site&per_page=10&sort=asc&page=2`,
		);
		const spaced = await list('?search=a%20b&page=1');
		expect(spaced.links.first).toBe(`${sb.url}/api/v1/reports?search=a+b&page=1`);
	});

	test('past the last page: empty data, from/to null, current_page as asked', async () => {
		const body = await list('?page=9');
		expect(body.data).toEqual([]);
		expect(body.meta).toMatchObject({
			current_page: 9,
			from: null,
			to: null,
			last_page: 3,
			total: 23,
		});
		expect(body.links.next).toBeNull();
		expect(body.links.prev).toBe(`${sb.url}/api/v1/reports?page=8`);
	});

	test('an empty list has last_page 1', async () => {
		sb.reset(null);
		const body = await list();
		expect(body.data).toEqual([]);
		expect(body.meta).toMatchObject({
			current_page: 1,
			from: null,
			to: null,
			last_page: 1,
			total: 0,
			per_page: 10,
		});
		expect(body.meta.links.map((l) => l.label)).toEqual(['&laquo; Previous', '1', 'Next &raquo;']);
	});

	test.each([
		['7', 10],
		['25', 25],
		['50', 50],
		['100', 100],
		['abc', 10],
		['1000', 10],
	])('per_page=%s gives %i', async (perPage, expected) => {
		expect((await list(`?per_page=${perPage}`)).meta.per_page).toBe(expected);
	});

	test.each([['abc'], ['0'], ['-2'], ['1.5']])('page=%s falls back to 1', async (page) => {
		expect((await list(`?page=${page}`)).meta.current_page).toBe(1);
	});

	test('search is LIKE %term%, case-insensitive, with SQL wildcards', async () => {
		expect(await ids('?search=PAGE-2')).toEqual([23, 22, 21, 3]);
		expect(await ids('?search=page-1_')).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11]);
		expect((await list('?search=site0%25page-9')).data.map((r) => r.url)).toEqual([
			'site0.test/page-9',
		]);
		expect(await ids('?search=page-2&search_by=project')).toEqual([23, 22, 21, 3]);
	});

	test('project is an exact match', async () => {
		sb.addReport({ url: 'https://sub.site1.test/' });
		const body = await list('?project=site1.test&per_page=25');
		expect(body.data.every((r) => r.project === 'site1.test')).toBe(true);
		expect(body.meta.total).toBe(8);
	});

	test('result filter: good > 79, decent 49..79, bad < 49', async () => {
		sb.reset(
			['80', '79', '49', '48', '100', '0'].map((s, i) => ({
				url: `https://r${i}.test/`,
				score: Number(s),
			})),
		);
		const scores = async (result) => (await list(`?result=${result}`)).data.map((r) => r.result);
		expect(await scores('good')).toEqual([100, 80]);
		expect(await scores('decent')).toEqual([49, 79]);
		expect(await scores('bad')).toEqual([0, 48]);
		expect(await scores('ugly')).toHaveLength(6);
	});

	test('sort_by url, result; generated_at silently sorts by id; bad values fall back', async () => {
		// Re-run report 1 so that generated_at order differs from id order.
		await api(sb, 'PUT', '/reports/1', { form: { results: '1' } });
		const urls = (await list('?sort_by=url&sort=asc&per_page=25')).data.map((r) => r.url);
		expect(urls).toEqual([...urls].sort());
		const results = (await list('?sort_by=result&sort=desc&per_page=25')).data.map((r) => r.result);
		expect(results).toEqual([...results].sort((a, b) => b - a));
		const byId = Array.from({ length: 23 }, (_, i) => 23 - i);
		expect((await list('?sort_by=generated_at&per_page=25')).data.map((r) => r.id)).toEqual(byId);
		expect((await list('?sort_by=bogus&sort=sideways&per_page=25')).data.map((r) => r.id)).toEqual(
			byId,
		);
		expect((await list('?sort=asc&per_page=25')).data.map((r) => r.id)).toEqual(
			[...byId].reverse(),
		);
	});

	test('the fault sortByIgnored: sort_by=url sorts by id, in the direction sort asks; projects keep their sort', async () => {
		sb.setFaults({ sortByIgnored: true });
		const byId = Array.from({ length: 23 }, (_, i) => i + 1);
		expect(await ids('?sort_by=url&sort=asc&per_page=25')).toEqual(byId);
		expect(await ids('?sort_by=result&sort=desc&per_page=25')).toEqual([...byId].reverse());
		expect(await ids('?search=page-2&sort_by=url&sort=asc')).toEqual([3, 21, 22, 23]);
		const projects = (await api(sb, 'GET', '/projects?sort_by=project&sort=asc')).json.data;
		expect(projects.map((p) => p.project)).toEqual(['site0.test', 'site1.test', 'site2.test']);
	});

	test("only the key's own, non-deleted reports", async () => {
		sb.addReport({ url: 'https://theirs.test/', owner: OTHER });
		await api(sb, 'DELETE', '/reports/5');
		expect((await list()).meta.total).toBe(22);
		expect((await list('', { key: OTHER })).data.map((r) => r.url)).toEqual(['theirs.test']);
	});

	test('10,000 reports: page links are windowed with "..."', async () => {
		sb.reset({ reports: 10000 });
		const body = await list('?page=500');
		expect(body.meta).toMatchObject({ total: 10000, last_page: 1000, from: 4991, to: 5000 });
		expect(body.meta.links.map((l) => l.label)).toEqual([
			'&laquo; Previous',
			'1',
			'2',
			'...',
			'497',
			'498',
			'499',
			'500',
			'501',
			'502',
			'503',
			'...',
			'999',
			'1000',
			'Next &raquo;',
		]);
		expect(body.meta.links.find((l) => l.label === '...').url).toBeNull();
	});

	test("the page window near the ends, as Laravel's UrlWindow", () => {
		expect(windowElements(1, 13)).toEqual([[1, 13]]);
		expect(windowElements(1, 20)).toEqual([[1, 10], '...', [19, 20]]);
		expect(windowElements(7, 20)).toEqual([[1, 10], '...', [19, 20]]);
		expect(windowElements(8, 20)).toEqual([[1, 2], '...', [5, 11], '...', [19, 20]]);
		expect(windowElements(14, 20)).toEqual([[1, 2], '...', [11, 20]]);
		expect(windowElements(99, 20)).toEqual([[1, 2], '...', [11, 20]]);
	});
});

/* ------------------------------------------------------------------ projects */

describe('projects', () => {
	const projects = async (query = '', options) =>
		(await api(sb, 'GET', `/projects${query}`, options)).json;

	beforeEach(() => sb.reset('demo'));

	test('aggregates the reports per project: count, SUM of scores as a decimal string, first created_at', async () => {
		const body = await projects();
		expect(body.status).toBe(200);
		expect(body.meta).toMatchObject({
			total: 6,
			per_page: 10,
			current_page: 1,
			last_page: 1,
			from: 1,
			to: 6,
			path: `${sb.url}/api/v1/projects`,
		});
		const lumen = body.data.find((p) => p.project === 'lumen-studio.design');
		const own = sb.reports().filter((r) => r.project === 'lumen-studio.design');
		expect(lumen).toEqual({
			project: 'lumen-studio.design',
			reports: 7,
			result: '633.00',
			created_at: own[0].created_at,
		});
		for (const project of body.data) {
			const reports = sb.reports().filter((r) => r.project === project.project);
			expect(project.reports).toBe(reports.length);
			expect(project.result).toBe(reports.reduce((sum, r) => sum + r.result, 0).toFixed(2));
		}
	});

	test('sorted by created_at desc by default; by project; search LIKE', async () => {
		const created = (await projects()).data.map((p) => p.created_at);
		expect(created).toEqual([...created].sort().reverse());
		expect((await projects('?sort_by=project&sort=asc')).data.map((p) => p.project)).toEqual([
			'acme-plumbing.co.uk',
			'blog.trailrunner.io',
			'docs.tinycms.dev',
			'greenleaf-market.org',
			'lumen-studio.design',
			'northwind-coffee.com',
		]);
		expect((await projects('?search=COFFEE&search_by=url')).data.map((p) => p.project)).toEqual([
			'northwind-coffee.com',
		]);
		const paged = await projects('?per_page=abc&page=2&sort_by=project&sort=bad');
		expect(paged.meta).toMatchObject({ per_page: 10, current_page: 2, from: null, to: null });
		expect(paged.links.first).toBe(
			`${sb.url}/api/v1/projects?per_page=abc&sort_by=project&sort=bad&page=1`,
		);
	});

	test('delete a project soft-deletes every report of it', async () => {
		const res = await api(sb, 'DELETE', '/projects/acme-plumbing.co.uk');
		expect(res.status).toBe(200);
		expect(res.json).toEqual({
			id: 'acme-plumbing.co.uk',
			object: 'report',
			deleted: true,
			status: 200,
		});
		const acme = sb.reports().filter((r) => r.project === 'acme-plumbing.co.uk');
		expect(acme).toHaveLength(6);
		expect(acme.every((r) => r.deleted_at !== null)).toBe(true);
		expect((await projects()).data.map((p) => p.project)).not.toContain('acme-plumbing.co.uk');
		expect((await api(sb, 'GET', '/reports?project=acme-plumbing.co.uk')).json.meta.total).toBe(0);
		expect((await api(sb, 'DELETE', '/projects/acme-plumbing.co.uk')).json).toEqual(NOT_FOUND);
	});

	test('delete an unknown or foreign project: 404', async () => {
		expect((await api(sb, 'DELETE', '/projects/nope.test')).json).toEqual(NOT_FOUND);
		expect((await api(sb, 'DELETE', '/projects/lumen-studio.design', { key: OTHER })).status).toBe(
			404,
		);
		expect((await projects('', { key: OTHER })).meta.total).toBe(0);
	});

	test('the project segment is matched raw, then percent-decoded', async () => {
		sb.reset([
			{ url: 'https://x.test/', project: 'a/b' },
			{ url: 'https://y.test/', project: 'my site' },
			{ url: 'https://z.test/' },
		]);
		expect((await api(sb, 'DELETE', '/projects/a/b')).json).toEqual(NOT_FOUND);
		expect(sb.reports()[0].deleted_at).toBeNull();
		expect((await api(sb, 'DELETE', '/projects/a%2Fb')).json).toEqual({
			id: 'a/b',
			object: 'report',
			deleted: true,
			status: 200,
		});
		expect((await api(sb, 'DELETE', '/projects/my%20site')).json.id).toBe('my site');
		expect((await api(sb, 'DELETE', '/projects/z%2Etest')).json.id).toBe('z.test');
	});
});

/* ------------------------------------------------------------------ options and seeds */

describe('options and seeds', () => {
	test.each([
		['score', { score: 90 }, 'score'],
		['null', { result: null }, 'result'],
	])("resultField '%s'", async (resultField, expected, field) => {
		const other = await startSandbox({
			apiKeys: [KEY],
			resultField,
			seed: [{ url: 'https://a.test/', score: 90 }],
		});
		try {
			const shown = (await api(other, 'GET', '/reports/1')).json.data;
			expect(shown).toMatchObject(expected);
			expect(Object.keys(shown)).toEqual(REPORT_FIELDS.map((f) => (f === 'result' ? field : f)));
			expect((await api(other, 'GET', '/reports?result=good')).json.meta.total).toBe(1);
		} finally {
			await other.close();
		}
	});

	test("the 'demo' seed: 40 reports, 6 projects, all score bands and privacies", async () => {
		sb.reset('demo');
		const reports = sb.reports();
		expect(reports).toHaveLength(40);
		expect(new Set(reports.map((r) => r.project)).size).toBe(6);
		const band = (s) => (s > 79 ? 'good' : s >= 49 ? 'decent' : 'bad');
		for (const b of ['good', 'decent', 'bad'])
			expect(reports.filter((r) => band(r.result) === b).length).toBeGreaterThanOrEqual(5);
		expect(new Set(reports.map((r) => r.privacy))).toEqual(new Set([0, 1, 2]));
		expect(reports.every((r) => r.created_at < '2026-01-05T09:00:00.000000Z')).toBe(true);
		expect(reports.every((r) => r.owner === KEY)).toBe(true);
	});

	test('seeds are deterministic', async () => {
		const other = await startSandbox({ apiKeys: [KEY, OTHER], seed: 'demo' });
		try {
			sb.reset('demo');
			expect(other.reports()).toEqual(sb.reports());
		} finally {
			await other.close();
		}
	});

	test('{reports: N}: fast, full results, about 20 projects, natural scores consistent with the checks', async () => {
		sb.reset({ reports: 1000 });
		const reports = sb.reports();
		expect(reports).toHaveLength(1000);
		expect(new Set(reports.map((r) => r.project)).size).toBe(20);
		for (const r of reports.slice(0, 50)) {
			expect(Object.keys(r.results)).toEqual(CHECK_NAMES);
			expect(r.result).toBe(scoreOf(r.results));
		}
	});

	test('reset(): without argument the start-up seed again; it clears the request log', async () => {
		const seeded = await startSandbox({ apiKeys: [KEY], seed: [{ url: 'https://a.test/' }] });
		try {
			await api(seeded, 'POST', '/reports', { form: { url: 'https://b.test/' } });
			expect(seeded.requests).toHaveLength(1);
			seeded.reset();
			expect(seeded.requests).toHaveLength(0);
			expect(seeded.reports().map((r) => r.url)).toEqual(['a.test']);
			seeded.reset(null);
			expect(seeded.reports()).toEqual([]);
		} finally {
			await seeded.close();
		}
	});

	test('addReport forces a score and returns the API view; clock and owners', async () => {
		const clocked = await startSandbox({ apiKeys: [KEY, OTHER], clock: '2030-02-03T04:05:06Z' });
		try {
			const added = clocked.addReport({
				url: 'example.com/x',
				score: 42,
				privacy: 2,
				password: 'pw',
				owner: OTHER,
			});
			expect(added).toMatchObject({
				id: 1,
				url: 'example.com/x',
				result: 42,
				privacy: 2,
				password: true,
				created_at: '2030-02-03T04:05:06.000000Z',
			});
			expect(Math.abs(scoreOf(added.results) - 42)).toBeLessThanOrEqual(4);
			expect(clocked.reports()[0].owner).toBe(OTHER);
			expect(() => clocked.addReport({ url: 'https://a.test/', owner: 'stranger' })).toThrow(
				/Unknown owner/,
			);
			expect(() => clocked.addReport({ url: 'not a url' })).toThrow(/Invalid/);
		} finally {
			await clocked.close();
		}
	});

	test('unknown options are refused', async () => {
		await expect(startSandbox({ apiKey: 'typo' })).rejects.toThrow(/Unknown sandbox option/);
	});
});

/* ------------------------------------------------------------------ request log */

test('the request log records raw path, decoded query, lower-case headers, body, form, status, outcome', async () => {
	await api(sb, 'DELETE', '/projects/a%2Fb?x=1%202&y=%C3%A9');
	await api(sb, 'POST', '/reports', { form: { url: 'https://a.test/?q=1', privacy: '1' } });
	const [del, post] = sb.requests;
	expect(del).toMatchObject({
		method: 'DELETE',
		path: '/api/v1/projects/a%2Fb?x=1%202&y=%C3%A9',
		pathname: '/api/v1/projects/a%2Fb',
		query: { x: '1 2', y: 'é' },
		rawBody: '',
		form: null,
		status: 404,
		outcome: 'ok',
	});
	expect(del.headers).toMatchObject({ authorization: `Bearer ${KEY}`, accept: JSON_TYPE });
	expect(post).toMatchObject({
		method: 'POST',
		rawBody: 'url=https%3A%2F%2Fa.test%2F%3Fq%3D1&privacy=1',
		form: { url: 'https://a.test/?q=1', privacy: '1' },
		status: 200,
		outcome: 'ok',
		processed: true,
	});
	sb.clearRequests();
	expect(sb.requests).toEqual([]);
});

/* ------------------------------------------------------------------ faults */

describe('faults', () => {
	test('throttle: fixed window per key, headers on every API answer, 429 is not processed', async () => {
		sb.setFaults({ throttle: { limit: 3, windowMs: 400 } });
		const remaining = [];
		for (let i = 0; i < 3; i++) {
			const res = await api(sb, 'POST', '/reports', { form: { url: `https://t${i}.test/` } });
			expect(res.headers['x-ratelimit-limit']).toBe('3');
			remaining.push(res.headers['x-ratelimit-remaining']);
		}
		expect(remaining).toEqual(['2', '1', '0']);
		const refused = await api(sb, 'POST', '/reports', { form: { url: 'https://over.test/' } });
		expect(refused.status).toBe(429);
		expect(refused.json).toEqual({ message: 'Too Many Attempts.' });
		expect(refused.headers['retry-after']).toBe('1');
		expect(refused.headers['x-ratelimit-remaining']).toBe('0');
		expect(sb.createdCount('https://over.test/')).toBe(0);
		expect(sb.requests.map((r) => r.outcome)).toEqual(['ok', 'ok', 'ok', 'throttled']);
		expect((await api(sb, 'GET', '/account', { key: OTHER })).status).toBe(200);
		expect((await call(sb, 'GET', '/')).headers).not.toHaveProperty('x-ratelimit-limit');
		await sleep(420);
		const again = await api(sb, 'GET', '/account');
		expect(again.status).toBe(200);
		expect(again.headers['x-ratelimit-remaining']).toBe('2');
	});

	test('throttle: Retry-After is the whole seconds left in the window', async () => {
		sb.setFaults({ throttle: { limit: 0, windowMs: 60000 } });
		const res = await api(sb, 'GET', '/reports');
		expect(res.status).toBe(429);
		expect(['59', '60']).toContain(res.headers['retry-after']);
	});

	test('errorRate: faulted requests are answered with an error status and not processed', async () => {
		sb.setFaults({ errorRate: 1, errorStatuses: [503] });
		const res = await api(sb, 'POST', '/reports', { form: { url: 'https://a.test/' } });
		expect(res.status).toBe(503);
		expect(res.json).toEqual({ message: 'Service Unavailable' });
		expect(sb.reports()).toHaveLength(0);
		expect(sb.requests[0]).toMatchObject({ status: 503, outcome: 'fault', processed: false });
		sb.setFaults({ errorRate: 1, errorStatuses: [502] });
		const gateway = await api(sb, 'GET', '/reports');
		expect(gateway.status).toBe(502);
		expect(gateway.text).toContain('<center><h1>502 Bad Gateway</h1></center>');
	});

	test('errorRate with faultSeed is repeatable', async () => {
		const statuses = async (sandbox) => {
			const seen = [];
			for (let i = 0; i < 20; i++) seen.push((await api(sandbox, 'GET', '/account')).status);
			return seen;
		};
		const faults = { errorRate: 0.4, errorStatuses: [500, 502, 503], faultSeed: 42 };
		sb.setFaults(faults);
		const first = await statuses(sb);
		sb.setFaults(faults);
		expect(await statuses(sb)).toEqual(first);
		expect(first).toContain(200);
		expect(first.some((s) => s >= 500)).toBe(true);
	});

	test('latencyMs delays every answer', async () => {
		sb.setFaults({ latencyMs: 120 });
		const started = Date.now();
		expect((await api(sb, 'GET', '/account')).status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(110);
	});

	test('drop before processing: no answer, store unchanged', async () => {
		sb.setFaults({ dropRate: 1, dropWhen: 'before' });
		const res = await api(sb, 'POST', '/reports', { form: { url: 'https://a.test/' } });
		expect(res.error).toBeDefined();
		expect(sb.createdCount('https://a.test/')).toBe(0);
		expect(sb.requests[0]).toMatchObject({
			outcome: 'dropped-before',
			status: null,
			processed: false,
		});
	});

	test('drop after processing: no answer, but the report was stored', async () => {
		sb.setFaults({ dropRate: 1, dropWhen: 'after' });
		const res = await api(sb, 'POST', '/reports', { form: { url: 'https://a.test/' } });
		expect(res.error).toBeDefined();
		expect(sb.createdCount('https://a.test/')).toBe(1);
		expect(sb.requests[0]).toMatchObject({
			outcome: 'dropped-after',
			status: null,
			processed: true,
		});
	});

	test('slowMs: processed at once, answered late; a client timeout leaves the change in place', async () => {
		sb.setFaults({ slowMs: 250 });
		const res = await api(sb, 'POST', '/reports', {
			form: { url: 'https://a.test/' },
			timeout: 60,
		});
		expect(res.error.message).toBe('client timeout');
		expect(sb.createdCount('https://a.test/')).toBe(1);
		await waitFor(() => sb.requests[0].outcome !== null);
		expect(sb.requests[0]).toMatchObject({
			outcome: 'slow',
			status: 200,
			processed: true,
			clientAborted: true,
		});
		const patient = await api(sb, 'GET', '/account');
		expect(patient.status).toBe(200);
	});

	test('clientAbortedAt: when a client left before the answer, null for one answered in full', async () => {
		sb.setFaults({ slowMs: 5000 });
		const left = Date.now();
		const cut = await api(sb, 'GET', '/reports', { timeout: 80 });
		expect(cut.error.message).toBe('client timeout');
		await waitFor(() => sb.requests[0].clientAborted);
		const [aborted] = sb.requests;
		expect(aborted.outcome).toBe(null); // the slow answer is still pending
		expect(aborted.clientAbortedAt).toBeGreaterThanOrEqual(aborted.receivedAt);
		expect(aborted.clientAbortedAt).toBeGreaterThanOrEqual(left);
		sb.setFaults({});
		expect((await api(sb, 'GET', '/account')).status).toBe(200);
		expect(sb.requests[1]).toMatchObject({ clientAborted: false, clientAbortedAt: null });
	});

	test('failNext: one-shot faults consumed in order by matching requests', async () => {
		sb.failNext({ count: 2, status: 500, method: 'POST', path: '/api/v1/reports' });
		sb.failNext({ status: 429, path: /^\/api\/v1\/account/ });
		expect((await api(sb, 'GET', '/reports')).status).toBe(200);
		const first = await api(sb, 'POST', '/reports', { form: { url: 'https://a.test/' } });
		expect(first.status).toBe(500);
		expect(first.json).toEqual({ message: 'Server Error' });
		expect((await api(sb, 'POST', '/reports', { form: { url: 'https://a.test/' } })).status).toBe(
			500,
		);
		expect((await api(sb, 'POST', '/reports', { form: { url: 'https://a.test/' } })).status).toBe(
			200,
		);
		const limited = await api(sb, 'GET', '/account');
		expect(limited.status).toBe(429);
		expect(limited.json).toEqual({ message: 'Too Many Attempts.' });
		expect(limited.headers['retry-after']).toBe('1');
		expect((await api(sb, 'GET', '/account')).status).toBe(200);
		expect(sb.createdCount('https://a.test/')).toBe(1);
		expect(sb.requests.map((r) => r.outcome)).toEqual([
			'ok',
			'fault',
			'fault',
			'ok',
			'fault',
			'ok',
		]);
	});

	test('failNext: drop after, slow, custom headers and body', async () => {
		sb.failNext({ drop: 'after', method: 'DELETE' });
		sb.addReport({ url: 'https://a.test/' });
		expect((await api(sb, 'DELETE', '/reports/1')).error).toBeDefined();
		expect(sb.reports()[0].deleted_at).not.toBeNull();
		sb.failNext({
			status: 503,
			headers: { 'Retry-After': '7' },
			body: { message: 'Down for maintenance' },
		});
		const custom = await api(sb, 'GET', '/reports');
		expect(custom.status).toBe(503);
		expect(custom.headers['retry-after']).toBe('7');
		expect(custom.json).toEqual({ message: 'Down for maintenance' });
		sb.failNext({ slowMs: 80 });
		const started = Date.now();
		expect((await api(sb, 'GET', '/account')).status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(70);
		expect(() => sb.failNext({ count: 1 })).toThrow(
			/one of status, drop, slowMs, hang, trickleMs, pageIgnored, oversize/,
		);
	});

	test('failNext: hang accepts and never answers; trickle sends the body a byte at a time', async () => {
		sb.failNext({ hang: true, path: '/api/v1/account' });
		const hung = await api(sb, 'GET', '/account', { timeout: 300 });
		expect(hung.error.message).toBe('client timeout');
		expect(sb.requests.at(-1)).toMatchObject({ outcome: 'hung', status: null });

		sb.failNext({ trickleMs: 5, path: '/api/v1/account' });
		const started = Date.now();
		const trickled = await api(sb, 'GET', '/account');
		expect(trickled.status).toBe(200);
		expect(trickled.json.data.email).toBeDefined();
		// every byte after its own pause: the body takes (bytes × 5 ms)
		expect(Date.now() - started).toBeGreaterThanOrEqual(Buffer.byteLength(trickled.text) * 4);
		expect(sb.requests.at(-1).outcome).toBe('trickled');
	}, 20000);

	test('failNext: oversize sends as much as asked, plain, declared or gzip, and counts what the client read', async () => {
		const zlib = require('node:zlib');
		const read = (spec) =>
			new Promise((resolve) => {
				sb.failNext({ oversize: spec, path: '/api/v1/reports' });
				http.get(
					`${sb.url}/api/v1/reports`,
					{ headers: { authorization: `Bearer ${KEY}` } },
					(res) => {
						const source =
							res.headers['content-encoding'] === 'gzip' ? res.pipe(zlib.createGunzip()) : res;
						const chunks = [];
						source.on('data', (chunk) => chunks.push(chunk));
						source.on('end', () =>
							resolve({ headers: res.headers, text: Buffer.concat(chunks).toString() }),
						);
					},
				);
			});
		// in whole pieces of 64 KiB: 200 KiB asked, 256 KiB sent
		const plain = await read({ bytes: 200 * 1024 });
		expect(plain.text.length).toBe(256 * 1024);
		expect(plain.text.startsWith('{"data":[{"id":1,"url":"xxx')).toBe(true);
		expect(plain.headers['transfer-encoding']).toBe('chunked');
		expect(sb.requests.at(-1)).toMatchObject({
			outcome: 'oversize',
			status: 200,
			bytesWritten: 256 * 1024,
		});
		const declared = await read({ bytes: 128 * 1024, declare: true });
		expect(declared.headers['content-length']).toBe(String(128 * 1024));
		expect(declared.text.length).toBe(128 * 1024);
		const bomb = await read({ bytes: 3 * 1024 * 1024, gzip: true });
		expect(bomb.text.length).toBe(3 * 1024 * 1024);
		// 3 MiB inflated from a few kB on the wire
		expect(sb.requests.at(-1).bytesWritten).toBeLessThan(16 * 1024);
	});

	test('openConnections counts the open connections; an endless oversize body ends when the client closes', async () => {
		sb.failNext({ oversize: { bytes: Infinity }, path: '/api/v1/reports' });
		const request = http.get(`${sb.url}/api/v1/reports`, {
			headers: { authorization: `Bearer ${KEY}` },
		});
		await new Promise((resolve) => request.on('response', resolve));
		expect(sb.openConnections()).toBe(1);
		request.destroy();
		while (sb.openConnections() > 0) await new Promise((resolve) => setTimeout(resolve, 10));
		expect(sb.requests.at(-1)).toMatchObject({ outcome: 'oversize', clientAborted: true });
	});

	test('failNext: pageIgnored answers the same ids in a new order, claiming 1,000 pages', async () => {
		const ids = [1, 2, 3, 4];
		sb.failNext({ count: 2, pageIgnored: { ids }, path: '/api/v1/reports' });
		const first = await api(sb, 'GET', '/reports?page=1');
		const second = await api(sb, 'GET', '/reports?page=7');
		const idsOf = (res) => res.json.data.map((r) => r.id);
		expect([...idsOf(first)].sort()).toEqual(ids);
		expect([...idsOf(second)].sort()).toEqual(ids);
		expect(idsOf(second)).not.toEqual(idsOf(first));
		expect(second.json.meta).toEqual({
			current_page: 1,
			last_page: 1000,
			per_page: 4,
			total: 4000,
		});
		sb.failNext({ pageIgnored: { ids, currentPage: 'echo' }, path: '/api/v1/reports' });
		expect((await api(sb, 'GET', '/reports?page=7')).json.meta.current_page).toBe(7);
	});

	test('reinstall: no report left, IDs from 1 again, the clock goes on', async () => {
		sb.reset(null);
		const before = [sb.addReport({ url: 'a.test' }), sb.addReport({ url: 'b.test' })];
		sb.reinstall();
		expect((await api(sb, 'GET', '/reports')).json.data).toEqual([]);
		const after = sb.addReport({ url: 'c.test' });
		expect(after.id).toBe(1);
		expect(Date.parse(after.created_at)).toBeGreaterThan(Date.parse(before[1].created_at));
	});

	test('onRequest tells of every request as it arrives, before it is answered', async () => {
		const seen = [];
		const unsubscribe = sb.onRequest((entry) => seen.push([entry.path, entry.status]));
		await api(sb, 'GET', '/account');
		unsubscribe();
		await api(sb, 'GET', '/account');
		expect(seen).toEqual([['/api/v1/account', null]]);
	});

	test('faults given to startSandbox apply from the first request', async () => {
		const faulty = await startSandbox({
			apiKeys: [KEY],
			faults: { throttle: { limit: 1, windowMs: 60000 } },
		});
		try {
			expect((await api(faulty, 'GET', '/account')).status).toBe(200);
			expect((await api(faulty, 'GET', '/account')).status).toBe(429);
		} finally {
			await faulty.close();
		}
	});
});

/* ------------------------------------------------------------------ CLI */

describe('cli', () => {
	test('parseArgs maps the flags to options', () => {
		expect(
			parseArgs([
				'--port',
				'9000',
				'--key',
				'a,b',
				'--seed',
				'50',
				'--throttle',
				'60/60',
				'--error-rate',
				'0.1',
				'--latency',
				'50',
				'--drop-rate=0.2',
				'--drop-when',
				'after',
				'--slow',
				'900',
				'--fault-seed',
				'7',
				'--max-reports',
				'5',
				'--result-field',
				'score',
			]),
		).toEqual({
			port: 9000,
			apiKeys: ['a', 'b'],
			seed: { reports: 50 },
			faultSeed: 7,
			maxReports: 5,
			resultField: 'score',
			faults: {
				throttle: { limit: 60, windowMs: 60000 },
				errorRate: 0.1,
				latencyMs: 50,
				dropRate: 0.2,
				dropWhen: 'after',
				slowMs: 900,
			},
		});
		expect(parseArgs(['--throttle', '5/500ms']).faults.throttle).toEqual({
			limit: 5,
			windowMs: 500,
		});
		expect(() => parseArgs(['--nope', '1'])).toThrow(/Unknown option --nope/);
	});

	test('starts, prints one line, serves the demo and stops on SIGTERM', async () => {
		const child = spawn(
			process.execPath,
			[
				path.join(__dirname, 'cli.js'),
				'--port',
				'0',
				'--key',
				'demo-key',
				'--seed',
				'demo',
				'--throttle',
				'100/60',
			],
			{ stdio: ['ignore', 'pipe', 'pipe'] },
		);
		try {
			const line = await new Promise((resolve, reject) => {
				let out = '';
				child.stdout.on('data', (chunk) => {
					out += chunk;
					if (out.includes('\n')) resolve(out);
				});
				child.on('error', reject);
				child.on('exit', (code) => reject(new Error(`exited with ${code}`)));
			});
			const m =
				/^phpRank sandbox listening on (http:\/\/127\.0\.0\.1:\d+) \(key: demo-key\)\n$/.exec(line);
			expect(m).not.toBeNull();
			const res = await call({ url: m[1] }, 'GET', '/api/v1/reports', { key: 'demo-key' });
			expect(res.json.meta.total).toBe(40);
			expect(res.headers['x-ratelimit-limit']).toBe('100');
		} finally {
			if (child.exitCode === null) {
				const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
				child.kill('SIGTERM');
				expect(await exited).toBe(0);
			}
		}
	});
});

describe("the sandbox's own site: a '*' rule of the whole site (test/sandbox/site.js)", () => {
	test('is asked first for every path but the API, and leaves what it does not answer to the paths', async () => {
		const sandbox = await startSandbox({ apiKeys: [KEY], seed: [] });
		try {
			const asked = [];
			sandbox.siteFiles = {
				'*': ({ path: p, host }) => {
					asked.push([p, host]);
					return p.endsWith('/') || p.includes('.')
						? undefined
						: { status: 301, location: `${p}/` };
				},
				'/robots.txt': 'User-agent: *\n',
				'/shop/item/': 'the page',
			};
			const get = (p) => fetch(`${sandbox.url}${p}`, { redirect: 'manual' });
			const slashless = await get('/shop/item?x=1');
			expect([slashless.status, slashless.headers.get('location')]).toEqual([
				301,
				'/shop/item?x=1/',
			]);
			const page = await get('/shop/item/');
			expect([page.status, await page.text()]).toEqual([200, 'the page']);
			expect((await get('/robots.txt')).status).toBe(200);
			// a path the rule leaves and no file has: phpRank's own web pages, as before
			expect((await get('/missing/')).status).toBe(200);
			const api = await call(sandbox, 'GET', '/api/v1/reports', { key: KEY });
			expect(api.status).toBe(200);
			const host = new URL(sandbox.url).host;
			// the site's answers are logged with their status, as the API's are
			expect(sandbox.requests.map((entry) => entry.status)).toEqual([301, 200, 200, 200, 200]);
			expect(asked).toEqual([
				['/shop/item?x=1', host],
				['/shop/item/', host],
				['/robots.txt', host],
				['/missing/', host],
			]);
		} finally {
			await sandbox.close();
		}
	});
});
