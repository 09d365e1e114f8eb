// What a response means (transport/response.ts): its headers, its status and body as a failure or
// not, without a server.
const {
	responseFailure: answerFailure,
	retryAfterMs,
	remainingRequests,
	validationMessages,
} = require('../helpers/built').response;

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

test('validationMessages: strings pass, objects flatten, others are empty', () => {
	expect(validationMessages('x')).toBe('x');
	expect(validationMessages({ url: ['a', 'b'], privacy: 'c' })).toBe('url: a; url: b; privacy: c');
	expect(validationMessages(null)).toBe('');
});
