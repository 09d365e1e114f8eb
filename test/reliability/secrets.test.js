// The API key and the report password never appear in an output item, an error's message,
// description or context, or a log line, across every error the node can meet.
const { LoggerProxy } = require('n8n-workflow');
const { useFixture, byId, API_KEY } = require('../node/fixture');

const PASSWORD = 'pw-4e8a1c-hidden';
const lines = [];
const capture = (level) => (message, meta) =>
	lines.push(`${level} ${message} ${JSON.stringify(meta ?? {})}`);

beforeAll(async () => {
	LoggerProxy.init({
		error: capture('error'),
		warn: capture('warn'),
		info: capture('info'),
		debug: capture('debug'),
		verbose: capture('verbose'),
	});
});
const fixture = useFixture({ seed: [{ url: 'https://example.com/' }] });

const create = (extra) => ({
	resource: 'report',
	operation: 'create',
	url: 'https://a.test/',
	privacy: 2,
	password: PASSWORD,
	...extra,
});
const update = (extra) => ({
	resource: 'report',
	operation: 'update',
	reportId: byId(1),
	privacy: 2,
	password: PASSWORD,
	...extra,
});

/** Each case: what to run, and the sandbox set-up that produces the error. */
const CASES = [
	['created with a password', () => fixture.run(create())],
	['wrong key', () => fixture.run(create(), { credentials: { apiKey: `${API_KEY}x` } })],
	['404', () => fixture.run({ resource: 'report', operation: 'get', reportId: byId(404) })],
	['403', () => fixture.run(update({ reportId: byId(999) }))],
	['422 fetch error', () => fixture.run(create({ url: 'https://nowhere.invalid/' }))],
	[
		'422 from the server',
		() => (
			fixture.sandbox.failNext({
				status: 422,
				body: { message: { password: ['bad'] }, status: 422 },
			}),
			fixture.run(create())
		),
	],
	[
		'429 past the wait',
		() => (
			fixture.sandbox.failNext({ status: 429, headers: { 'Retry-After': '30' } }),
			fixture.run(update({ options: { maxRateLimitWait: 1 } }))
		),
	],
	[
		'500 after retries',
		() => (
			fixture.sandbox.failNext({ count: 2, status: 500 }),
			fixture.run(update({ options: { retries: 1 } }))
		),
	],
	[
		'lost Create',
		() => (fixture.sandbox.failNext({ drop: 'after', method: 'POST' }), fixture.run(create())),
	],
	[
		'timeout',
		() => (
			fixture.sandbox.failNext({ slowMs: 800, method: 'POST' }),
			fixture.run(create({ requestOptions: { timeout: 200 } }))
		),
	],
	[
		'HTML page',
		() => fixture.run(create(), { credentials: { baseUrl: `${fixture.sandbox.url}/app` } }),
	],
	['no server', () => fixture.run(create(), { credentials: { baseUrl: 'http://127.0.0.1:9' } })],
	['bad URL', () => fixture.run(create({ url: 'nope' }))],
	['password too long', () => fixture.run(create({ password: PASSWORD.repeat(9) }))],
	[
		'Continue On Fail',
		() =>
			fixture.run(create({ url: '={{ $json.u }}' }), {
				items: [{ u: 'x' }, { u: 'https://b.test/' }],
				continueOnFail: true,
			}),
	],
];

/** Everything a run produced that a user or a log could see; `error.node` is the workflow's own node definition, which n8n stores with the workflow. */
function visible(result) {
	const { error } = result;
	return JSON.stringify({
		items: result.items,
		error: error && {
			message: error.message,
			description: error.description,
			messages: error.messages,
			context: error.context,
			cause: error.cause && String(error.cause),
			stack: error.stack,
		},
	});
}

test.each(CASES)('%s: no key, no password', async (_name, run) => {
	lines.length = 0;
	const result = await run();
	const text = visible(result) + lines.join('\n');
	expect(text).not.toContain(API_KEY);
	expect(text).not.toContain(PASSWORD);
});

test('the cases do produce errors (so the search above means something)', async () => {
	const results = [];
	for (const [name, run] of CASES.slice(1, -1)) results.push([name, Boolean((await run()).error)]);
	expect(results.filter(([, failed]) => !failed)).toEqual([]);
});

test('the key is only ever sent in the Authorization header', async () => {
	fixture.sandbox.clearRequests();
	await fixture.run(create());
	await fixture.run({ resource: 'report', operation: 'getAll', returnAll: true });
	for (const request of fixture.sandbox.requests) {
		expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
		const rest = JSON.stringify({
			...request,
			headers: { ...request.headers, authorization: undefined },
		});
		expect(rest).not.toContain(API_KEY);
	}
});

describe('a Base URL with userinfo (https://user:password@host) is refused, and its userinfo never shows', () => {
	const USER = 'basic-user-7f3e';
	const SECRET = 'basic-pass-0c9d2b';
	const withUserinfo = (url) => url.replace('://', `://${USER}:${SECRET}@`);
	const runWith = (parameters, baseUrl = withUserinfo(fixture.sandbox.url)) =>
		fixture.run(parameters, { credentials: { baseUrl } });
	const list = { resource: 'report', operation: 'getAll', returnAll: false, limit: 5 };
	const poll = async (baseUrl = withUserinfo(fixture.sandbox.url)) =>
		await fixture.pollSession({ event: 'newReport' }, { credentials: { baseUrl } }).poll();
	const refusal = (siteUrl) => ({
		message: `The credential's Base URL has a user name or password in it (user:password@ before the host): remove them, so that it reads like ${siteUrl}; phpRank's API takes the API key, not a password in the address`,
		description:
			'Nothing was sent to phpRank. n8n would send the user name and password in place of the API key.',
	});
	const shownError = ({ error }) => ({ message: error.message, description: error.description });

	const USERINFO_CASES = [
		['node: Get Many', () => runWith(list)],
		['node: Create', () => runWith(create())],
		['trigger: a poll', () => poll()],
		['node: refused port', () => runWith(list, withUserinfo('http://127.0.0.1:9'))],
	];

	test.each(USERINFO_CASES)(
		'%s: refused with what to do, nothing sent, no part of the userinfo shown',
		async (_n, run) => {
			lines.length = 0;
			fixture.sandbox.clearRequests();
			const result = await run();
			expect(result.error).toBeDefined();
			const text = visible(result) + lines.join('\n');
			expect(text).not.toContain(USER);
			expect(text).not.toContain(SECRET);
			expect(text).not.toContain(API_KEY);
			expect(fixture.sandbox.requests).toEqual([]);
		},
	);

	test('the refusal names the Base URL without its userinfo', async () => {
		expect(shownError(await runWith(list))).toEqual(refusal(fixture.sandbox.url));
		expect(shownError(await poll())).toEqual(refusal(fixture.sandbox.url));
	});

	test('a redirect whose Location carries userinfo is named without it', async () => {
		fixture.sandbox.failNext({
			status: 301,
			headers: { Location: `${withUserinfo('https://new.example.com')}/api/v1/reports` },
			path: '/api/v1/reports',
		});
		const { error: redirected } = await fixture.run(list);
		expect(redirected.message).toBe(
			"The Base URL redirects to another address (HTTP 301 to https://new.example.com/api/v1/reports): if that is your phpRank site, set the credential's Base URL to https://new.example.com",
		);
		expect(visible({ error: redirected })).not.toContain(SECRET);
	});
});
