// What an answer or a lost request means, and its one wording (transport/failures.ts,
// failureWording.ts, response.ts, secrets.ts), without a server.
const { answerFailure, transportFailure, retryKind, validationMessages } =
	require('../helpers/built').failures;
const { describeFailure } = require('../helpers/built').failureWording;
const { retryAfterMs, remainingRequests } = require('../helpers/built').response;
const { redactSecrets, formPassword } = require('../helpers/built').secrets;

const situation = { baseUrl: 'https://seo.example.com' };
const json = { 'content-type': 'application/json' };
const html = { 'content-type': 'text/html; charset=UTF-8' };

describe('retryAfterMs', () => {
	const now = Date.parse('2026-11-23T10:00:00Z');
	test.each([
		['30', 30_000],
		['0', 0],
		['1.5', 1500],
		['Mon, 23 Nov 2026 10:00:07 GMT', 7000],
		['Mon, 23 Nov 2026 09:59:00 GMT', 0],
		['soon', undefined],
		['', undefined],
		['-3', undefined],
		[undefined, undefined],
	])('%j → %j', (value, expected) => {
		expect(retryAfterMs(value === undefined ? {} : { 'retry-after': value }, now)).toBe(expected);
	});
});

test('remainingRequests reads X-RateLimit-Remaining, and nothing else', () => {
	expect(
		[
			{ 'x-ratelimit-remaining': '7' },
			{ 'x-ratelimit-remaining': ['0'] },
			{ 'x-ratelimit-remaining': 'x' },
			{},
		].map(remainingRequests),
	).toEqual([7, 0, undefined, undefined]);
});

describe('answerFailure', () => {
	test('a JSON object or list below 300 is no failure', () => {
		expect(
			answerFailure({ statusCode: 200, headers: json, body: { data: [] } }, '/reports'),
		).toBeUndefined();
	});
	test('a 2xx web page is a wrong Base URL; a 5xx web page is a server error', () => {
		expect(answerFailure({ statusCode: 200, headers: html, body: '<html>' }, '/reports')).toEqual({
			type: 'webPage',
			statusCode: 200,
		});
		expect(answerFailure({ statusCode: 502, headers: html, body: '<html>' }, '/reports')).toEqual({
			type: 'httpError',
			statusCode: 502,
			serverMessage: '',
			webPage: true,
			path: '/reports',
			subject: undefined,
		});
	});
	test('a 3xx is a redirect with its Location; a 429 carries Retry-After', () => {
		expect(
			answerFailure(
				{ statusCode: 308, headers: { location: 'https://b.test/' }, body: '' },
				'/reports',
			),
		).toEqual({ type: 'redirect', statusCode: 308, location: 'https://b.test/' });
		expect(
			answerFailure({ statusCode: 429, headers: { 'retry-after': '12' }, body: {} }, '/reports'),
		).toEqual({ type: 'rateLimited', retryAfterMs: 12_000 });
	});
	test('a 2xx body that is not JSON', () => {
		expect(answerFailure({ statusCode: 200, headers: {}, body: '' }, '/reports')).toEqual({
			type: 'notJson',
			statusCode: 200,
			bodyKind: 'an empty',
		});
	});
});

test('transportFailure: never sent (retried or a configuration error) or maybe processed', () => {
	const failure = (code) => transportFailure(Object.assign(new Error('x'), { code }));
	expect(failure('ECONNREFUSED')).toEqual({
		type: 'notSent',
		code: 'ECONNREFUSED',
		configuration: false,
	});
	expect(failure('ENOTFOUND')).toEqual({ type: 'notSent', code: 'ENOTFOUND', configuration: true });
	expect(failure('CERT_HAS_EXPIRED')).toEqual({
		type: 'notSent',
		code: 'CERT_HAS_EXPIRED',
		configuration: true,
	});
	expect(failure('ECONNRESET')).toEqual({ type: 'noAnswer', code: 'ECONNRESET' });
	expect(transportFailure({ cause: { code: 'ETIMEDOUT' } })).toEqual({
		type: 'noAnswer',
		code: 'ETIMEDOUT',
	});
	expect(transportFailure(new Error('socket hang up'))).toEqual({
		type: 'noAnswer',
		code: 'ECONNRESET',
	});
	expect(transportFailure(new TypeError('Invalid URL'))).toEqual({
		type: 'notSent',
		code: 'ERR_INVALID_URL',
		configuration: true,
	});
	expect(
		['ECONNREFUSED', 'ENOTFOUND', 'ECONNRESET'].map((code) => retryKind(failure(code))),
	).toEqual(['resend', 'final', 'resendIfRepeatable']);
});

describe('describeFailure: every message stands alone and says what to do', () => {
	const http = (statusCode, serverMessage = '', subject) => ({
		type: 'httpError',
		statusCode,
		serverMessage,
		webPage: false,
		path: '/reports/12',
		subject,
	});
	test.each([
		[
			http(401, 'Unauthenticated.'),
			'phpRank rejected the API key: check the API key in the phpRank credential and that the Base URL is the site the key belongs to',
		],
		[
			http(403, 'This action is unauthorized.', { resource: 'report', id: 12 }),
			'Report 12 does not exist or belongs to another account: check the Report ID',
		],
		[
			http(403, 'Your plan does not include this feature.'),
			"This phpRank account's plan has no API access: use an API key of an account whose plan includes the API",
		],
		[
			http(404, '', { resource: 'project', id: 'a.test' }),
			'Project "a.test" not found: check the Project name (it may have been deleted)',
		],
		[
			http(404),
			"No phpRank API at the Base URL (HTTP 404 for /reports/12): set the credential's Base URL to your phpRank site's address, like https://seo.example.com",
		],
		[http(418), "phpRank answered HTTP 418: check the node's fields and the credential's Base URL"],
		[
			{ type: 'rateLimitTooLong', askedMs: 90_000, maxWaitMs: 60_000 },
			"phpRank's rate limit was reached: phpRank asks to wait 90 s, more than Max Wait for Rate Limit allows (60 s); raise Max Wait for Rate Limit in the node's Options, or run the workflow later",
		],
		[
			{ type: 'rateLimitWaitedOut', waitedMs: 61_400, maxWaitMs: 60_000 },
			"phpRank's rate limit was reached: waited 61 s of Max Wait for Rate Limit (60 s) and phpRank still refused; raise Max Wait for Rate Limit in the node's Options, or run the workflow later",
		],
		[
			{ type: 'notSent', code: 'ECONNREFUSED', configuration: false },
			"Could not connect to phpRank at https://seo.example.com (the connection was refused): check the credential's Base URL and that the phpRank site is up",
		],
		[
			{ type: 'noAnswer', code: 'ETIMEDOUT' },
			'phpRank did not answer (the request timed out): check that the phpRank site at https://seo.example.com is up, then run the node again',
		],
		[
			{ type: 'redirect', statusCode: 302, location: '' },
			"The Base URL redirects to another address (HTTP 302 to an address it did not name): set the credential's Base URL to your phpRank site's address, like https://seo.example.com",
		],
	])('%j', (failure, message) => {
		expect(describeFailure(failure, situation).message).toBe(message);
	});
});

test('validationMessages: strings pass, objects flatten, others are empty', () => {
	expect(validationMessages('x')).toBe('x');
	expect(validationMessages({ url: ['a', 'b'], privacy: 'c' })).toBe('url: a; url: b; privacy: c');
	expect(validationMessages(null)).toBe('');
});

describe('redactSecrets', () => {
	test('a secret in every spelling a server may echo', () => {
		const key = 'k3y/with spaces+';
		const text = `${key} ${encodeURIComponent(key)} ${encodeURIComponent(key).replace(/%20/g, '+')} ${JSON.stringify(key)}`;
		expect(redactSecrets(text, [key])).toBe('[redacted] [redacted] [redacted] "[redacted]"');
	});
	test('password fields and Bearer headers whatever their length; ordinary words stay', () => {
		expect(redactSecrets('password=ab&x=1 "password":"cd" Authorization: Bearer zz', [])).toBe(
			'password=[redacted]&x=1 "password":"[redacted]" Authorization: Bearer [redacted]',
		);
		expect(redactSecrets('Password is required when Privacy is Password', ['ab'])).toBe(
			'Password is required when Privacy is Password',
		);
	});
	test('formPassword reads the form body', () => {
		expect(formPassword('url=x&privacy=2&password=p%40ss')).toBe('p@ss');
		expect(formPassword('url=x&privacy=1')).toBeUndefined();
		expect(formPassword(undefined)).toBeUndefined();
	});
});
