const {
	describeApiFailure,
	isOwnError,
	transportFailureError,
	validationMessages,
} = require('../../dist/nodes/PhpRank/hooks/apiErrors');

const json = { 'content-type': 'application/json' };

describe('describeApiFailure', () => {
	test('a JSON object answer below 400 is no failure', () => {
		expect(describeApiFailure(200, json, { data: {} })).toBeUndefined();
	});

	test('an HTML page (wrong base URL) says so, whatever its status', () => {
		const expected = (code) => ({
			message: 'The Base URL does not lead to the phpRank API',
			description: `The server answered with a web page (HTTP ${code}) where phpRank's API answers JSON. Set the credential's Base URL to your phpRank site's address, for example https://seo.example.com.`,
			httpCode: String(code),
		});
		expect(describeApiFailure(200, { 'content-type': 'text/html; charset=UTF-8' }, '<!DOCTYPE html>')).toEqual(
			expected(200),
		);
		expect(describeApiFailure(404, {}, '  <html><body>Not Found</body></html>')).toEqual(expected(404));
	});

	test('a 2xx answer that is not a JSON object', () => {
		expect(describeApiFailure(200, {}, '')).toEqual({
			message: 'phpRank sent an answer that is not JSON',
			description:
				"HTTP 200 with a string body. Set the credential's Base URL to your phpRank site's address, for example https://seo.example.com.",
			httpCode: '200',
		});
	});

	test('401 names the key and the base URL', () => {
		expect(describeApiFailure(401, json, { message: 'Unauthenticated.' })).toEqual({
			message: 'phpRank rejected the API key',
			description:
				'Check the API key in the phpRank credential and that the Base URL is the site the key belongs to. phpRank said: "Unauthenticated."',
			httpCode: '401',
		});
	});

	test('403 of an update names the report; 403 of a plan without API says that', () => {
		expect(
			describeApiFailure(403, json, { message: 'This action is unauthorized.' }, { resource: 'report', id: 12 }),
		).toEqual({
			message: 'Report 12 does not exist or belongs to another account',
			description: 'phpRank refused the request (HTTP 403). phpRank said: "This action is unauthorized."',
			httpCode: '403',
		});
		expect(
			describeApiFailure(403, json, { message: "You don't have access to this feature.", status: 403 }),
		).toEqual({
			message: "This phpRank account's plan has no API access",
			description: 'phpRank refused the request (HTTP 403). phpRank said: "You don\'t have access to this feature."',
			httpCode: '403',
		});
	});

	test('404 names the record', () => {
		const body = { message: 'Resource not found.', status: 404 };
		expect(describeApiFailure(404, json, body, { resource: 'report', id: 12 })).toEqual({
			message: 'Report 12 not found',
			description:
				'phpRank has no report with this ID for this API key (it may have been deleted). phpRank said: "Resource not found."',
			httpCode: '404',
		});
		expect(describeApiFailure(404, json, body, { resource: 'project', id: 'example.com' }).message).toBe(
			'Project "example.com" not found',
		);
		expect(describeApiFailure(404, json, body)).toEqual({
			message: 'phpRank answered "not found"',
			description:
				'Set the credential\'s Base URL to your phpRank site\'s address, for example https://seo.example.com. phpRank said: "Resource not found."',
			httpCode: '404',
		});
	});

	test('422 flattens the messages object into field: text', () => {
		const body = {
			message: { url: ['The url field is required.'], password: ['The password field is required when privacy is 2.'] },
			status: 422,
		};
		expect(describeApiFailure(422, json, body)).toEqual({
			message:
				'phpRank rejected the input: url: The url field is required.; password: The password field is required when privacy is 2.',
			description: 'Correct the field named above and run the node again.',
			httpCode: '422',
		});
	});

	test('429 carries Retry-After', () => {
		expect(describeApiFailure(429, { ...json, 'retry-after': '17' }, { message: 'Too Many Attempts.' })).toEqual({
			message: "phpRank's rate limit was reached",
			description: 'Too many requests for this API key. phpRank asked to wait 17 s. phpRank said: "Too Many Attempts."',
			httpCode: '429',
			retryAfterSeconds: 17,
		});
	});

	test('5xx and other codes', () => {
		expect(describeApiFailure(503, json, {})).toEqual({
			message: 'phpRank had a server error (HTTP 503)',
			description: 'phpRank gave no reason.',
			httpCode: '503',
		});
		expect(describeApiFailure(409, json, { message: 'Conflict' })).toEqual({
			message: 'phpRank answered HTTP 409',
			description: 'phpRank said: "Conflict"',
			httpCode: '409',
		});
	});
});

describe('validationMessages', () => {
	test('strings pass, objects flatten, others are empty', () => {
		expect(validationMessages('Too Many Attempts.')).toBe('Too Many Attempts.');
		expect(validationMessages({ url: ['a', 'b'], privacy: 'c' })).toBe('url: a; url: b; privacy: c');
		expect(validationMessages(null)).toBe('');
		expect(validationMessages(3)).toBe('');
	});
});

describe('transportFailureError', () => {
	const node = { id: 'n1', name: 'phpRank', type: 'n8n-nodes-phprank.phpRank', typeVersion: 1, position: [0, 0], parameters: {} };
	// What axios throws: the request config, with the Authorization header, rides along.
	const thrown = (code, message) =>
		Object.assign(new Error(message), {
			code,
			config: { headers: { Authorization: 'Bearer secret-key-123' } },
		});

	test('keeps only the code, in the description, and marks the error as worded here', () => {
		const error = transportFailureError(node, thrown('ECONNRESET', 'socket hang up'), 4);
		expect(error.message).toBe('Could not reach phpRank');
		expect(error.description).toBe(
			"The request got no answer (ECONNRESET). Check the credential's Base URL and that the phpRank site is up.",
		);
		expect(error.httpCode).toBe('none');
		expect(error.context.itemIndex).toBe(4);
		expect(isOwnError(error)).toBe(true);
		expect(JSON.stringify({ ...error, message: error.message, description: error.description })).not.toContain(
			'secret-key-123',
		);
	});

	test("prefers the cause's code, then falls back to the message", () => {
		const wrapped = Object.assign(new Error('fetch failed'), { cause: { code: 'ENOTFOUND' } });
		expect(transportFailureError(node, wrapped, 0).description).toContain('(ENOTFOUND)');
		expect(transportFailureError(node, new Error('boom'), 0).description).toContain('(boom)');
		expect(transportFailureError(node, undefined, 0).description).toContain('(unknown error)');
	});
});
