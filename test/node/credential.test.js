// The credential: its Bearer header, and its Test (the nodes' method, through the transport).
const http = require('node:http');
const { useFixture, startFixture, get, expectedHeaders, API_KEY } = require('./fixture');
const { PhpRankApi } = require('../helpers/built').credential;

const fixture = useFixture({ seed: [{ url: 'https://example.com/' }] });

test('the credential is described as n8n expects', () => {
	const credential = new PhpRankApi();
	expect(credential.name).toBe('phpRankApi');
	expect(credential.properties.map((p) => [p.name, p.type, p.typeOptions])).toEqual([
		['baseUrl', 'string', undefined],
		['apiKey', 'string', { password: true }],
	]);
});

test('authenticate is code: the Bearer header, and the API root for a request with a path only', async () => {
	const credential = new PhpRankApi();
	const credentials = { baseUrl: 'https://seo.example.com/api/v1/', apiKey: 'k1' };
	expect(
		await credential.authenticate(credentials, {
			url: '/reports',
			headers: { Accept: 'application/json' },
		}),
	).toEqual({
		url: '/reports',
		baseURL: 'https://seo.example.com/api/v1',
		headers: { Accept: 'application/json', Authorization: 'Bearer k1' },
	});
	// an absolute URL or a baseURL of its own is left as it is
	expect(await credential.authenticate(credentials, { url: 'https://other.test/x' })).toEqual({
		url: 'https://other.test/x',
		headers: { Authorization: 'Bearer k1' },
	});
	expect(
		await credential.authenticate(credentials, {
			baseURL: 'https://b.test/api/v1',
			url: '/reports',
		}),
	).toEqual({
		baseURL: 'https://b.test/api/v1',
		url: '/reports',
		headers: { Authorization: 'Bearer k1' },
	});
});

describe('credential test', () => {
	test.each(['', '/', '/api/v1', '/api/v1/'])(
		'site URL + %p: OK, one list request',
		async (suffix) => {
			const result = await fixture.testCredential({ baseUrl: `${fixture.sandbox.url}${suffix}` });
			expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
			expect(fixture.takeRequests()).toEqual([get('/api/v1/reports', { per_page: '10' })]);
		},
	);

	// n8n's tester also returns the thrown error; the user sees status and message.
	const shown = ({ status, message }) => ({ status, message });

	test('a wrong key fails with what to do about it', async () => {
		const result = await fixture.testCredential({ apiKey: 'not-the-key' });
		expect(shown(result)).toEqual({
			status: 'Error',
			message:
				'phpRank rejected the API key: check the API key in the phpRank credential and that the Base URL is the site the key belongs to',
		});
		// once: the test does not send a refused key again
		expect(fixture.takeRequests()).toEqual([
			{
				...get('/api/v1/reports', { per_page: '10' }),
				headers: expectedHeaders(undefined, 'not-the-key'),
			},
		]);
	});

	test('a key whose plan has no API access fails with that reason', async () => {
		const restricted = await startFixture({ apiKeys: [{ key: API_KEY, apiAccess: false }] });
		try {
			expect(shown(await restricted.testCredential({}))).toEqual({
				status: 'Error',
				message:
					"This phpRank account's plan has no API access: use an API key of an account whose plan includes the API",
			});
			expect(restricted.takeRequests()).toEqual([get('/api/v1/reports', { per_page: '10' })]);
		} finally {
			await restricted.sandbox.close();
		}
	});

	test('a Base URL where another server answers 404 fails with a reason', async () => {
		const paths = [];
		const other = http.createServer((request, response) => {
			paths.push(request.url);
			response.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not Found</h1>');
		});
		await new Promise((resolve) => other.listen(0, '127.0.0.1', resolve));
		try {
			const result = await fixture.testCredential({
				baseUrl: `http://127.0.0.1:${other.address().port}`,
			});
			expect(shown(result)).toEqual({
				status: 'Error',
				message:
					"The Base URL does not lead to the phpRank API (it answered HTTP 404 with a web page): set the credential's Base URL to your phpRank site's address, like https://seo.example.com",
			});
			expect(paths).toEqual(['/api/v1/reports?per_page=10']);
		} finally {
			await new Promise((resolve) => other.close(resolve));
		}
	});

	test('a Base URL that answers web pages fails with a reason', async () => {
		const result = await fixture.testCredential({ baseUrl: `${fixture.sandbox.url}/seo` });
		expect(result).toEqual({
			status: 'Error',
			message:
				"The Base URL does not lead to the phpRank API (it answered with a web page): set the credential's Base URL to your phpRank site's address, like https://seo.example.com",
		});
	});

	test('a Base URL that redirects elsewhere fails with a reason, and the key never goes there', async () => {
		const elsewhere = await startFixture();
		fixture.takeRequests();
		try {
			fixture.sandbox.failNext({
				status: 301,
				headers: { Location: `${elsewhere.sandbox.url}/api/v1/reports?per_page=10` },
			});
			expect(shown(await fixture.testCredential({}))).toEqual({
				status: 'Error',
				message: `The Base URL redirects to another address (HTTP 301 to ${elsewhere.sandbox.url}/api/v1/reports?per_page=10): if that is your phpRank site, set the credential's Base URL to ${elsewhere.sandbox.url}`,
			});
			expect(fixture.takeRequests()).toEqual([get('/api/v1/reports', { per_page: '10' })]);
			expect(elsewhere.sandbox.requests).toEqual([]);
		} finally {
			await elsewhere.sandbox.close();
		}
	});

	test('no server at the Base URL fails', async () => {
		const result = await fixture.testCredential({ baseUrl: 'http://127.0.0.1:9' });
		expect(shown(result)).toEqual({
			status: 'Error',
			message:
				"Could not connect to phpRank at http://127.0.0.1:9 (the connection was refused): check the credential's Base URL and that the phpRank site is up",
		});
	});

	test('a Base URL with user:password@ is refused, nothing sent, no part of it shown', async () => {
		const result = await fixture.testCredential({
			baseUrl: fixture.sandbox.url.replace('://', '://basic-user:basic-pass@'),
		});
		expect(shown(result)).toEqual({
			status: 'Error',
			message: `The credential's Base URL has a user name or password in it (user:password@ before the host): remove them, so that it reads like ${fixture.sandbox.url}; phpRank's API takes the API key, not a password in the address`,
		});
		expect(fixture.takeRequests()).toEqual([]);
	});

	const MIB = 1024 * 1024;
	test.each([
		['64 MB, chunked', { bytes: 64 * MIB }],
		['64 MB with its Content-Length', { bytes: 64 * MIB, declare: true }],
		['a gzip bomb', { bytes: 16 * 1024 * MIB, gzip: true }],
		['a body that never ends', { bytes: Infinity }],
	])(
		'an answer far too large (%s): the bound named, one request, the connection closed',
		async (_name, oversize) => {
			fixture.sandbox.failNext({ oversize });
			const result = await fixture.testCredential({});
			expect(shown(result)).toEqual({
				status: 'Error',
				message: `phpRank's answer was larger than 16 MB, far more than any answer of phpRank's API: the Base URL (${fixture.sandbox.url}) may not point at your phpRank API; set the credential's Base URL to your phpRank site's address, like https://seo.example.com`,
			});
			const [request] = fixture.sandbox.requests;
			expect(request.outcome).toBe('oversize');
			expect(request.bytesWritten).toBeLessThan(16 * MIB + 8 * MIB);
			expect(fixture.takeRequests()).toEqual([get('/api/v1/reports', { per_page: '10' })]);
			const until = Date.now() + 1000;
			while (fixture.sandbox.openConnections() > 0 && Date.now() < until)
				await new Promise((resolve) => setTimeout(resolve, 10));
			expect(fixture.sandbox.openConnections()).toBe(0);
		},
	);

	test('the key is sent only in the Authorization header', async () => {
		await fixture.testCredential({});
		const [request] = fixture.sandbox.requests;
		fixture.sandbox.clearRequests();
		expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
		const elsewhere = JSON.stringify({
			...request,
			headers: { ...request.headers, authorization: '' },
		});
		expect(elsewhere).not.toContain(API_KEY);
	});
});
