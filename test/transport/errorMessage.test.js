// The one wording of every failure, without secrets, and n8n's error at the transport's edge
// (transport/errorMessage.ts), without a server.
const { NodeApiError, NodeOperationError } = require('n8n-workflow');
const { describeFailure, redactSecrets, nodeErrorOf } = require('../helpers/built').errorMessage;
const { PipelineFailure } = require('../helpers/built').failure;
const { InvalidInput } = require('../helpers/built').inputChecks;

const situation = { baseUrl: 'https://seo.example.com' };

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
});

describe('nodeErrorOf: the transport edge', () => {
	const node = {
		id: 'n',
		name: 'phpRank',
		type: 'x',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const edge = (
		credential = { baseUrl: 'https://u:pw-secret@seo.example.com/', apiKey: 'key-123456' },
	) => ({
		node,
		itemIndex: 2,
		credential: async () => credential,
	});

	test("a failure becomes n8n's API error for the item, without the key, the request's password or the userinfo", async () => {
		const failure = new PipelineFailure({
			type: 'httpError',
			statusCode: 422,
			serverMessage: 'bad password p@ss-word-1 for key-123456 at pw-secret',
			webPage: false,
			path: '/reports',
		});
		failure.secrets.push('p@ss-word-1');
		const error = await nodeErrorOf(edge(), failure);
		expect(error).toBeInstanceOf(NodeApiError);
		expect([error.message, error.description, error.context.itemIndex]).toEqual([
			'phpRank rejected the input: bad password [redacted] for [redacted] at [redacted]',
			expect.any(String),
			2,
		]);
		expect(JSON.stringify([error.message, error.description])).not.toMatch(
			/p@ss|key-123|pw-secret/,
		);
	});

	test("a refused parameter becomes n8n's operation error naming the field", async () => {
		const error = await nodeErrorOf(
			edge(),
			new InvalidInput('URL', 'URL is required, like https://example.com/page'),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect([error.message, error.description, error.context.itemIndex]).toEqual([
			'URL is required, like https://example.com/page',
			'Check the "URL" field of this node.',
			2,
		]);
	});

	test('any other error passes unchanged', async () => {
		const other = new Error('x');
		expect(await nodeErrorOf(edge(), other)).toBe(other);
	});
});
