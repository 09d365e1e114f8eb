// The one wording of every failure (transport/failureWording.ts), without a server.
const { describeFailure } = require('../helpers/built').failureWording;

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
