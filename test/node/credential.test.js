// The credential: its Bearer header, and its test request through the node's base-URL handling.
const { startFixture, get, API_KEY } = require('./fixture');
const { PhpRankApi } = require('../../dist/credentials/PhpRankApi.credentials.js');

let fixture;
let sandbox;
beforeAll(async () => ({ sandbox } = fixture = await startFixture({ seed: [{ url: 'https://example.com/' }] })));
afterAll(() => sandbox.close());

test('the credential is described as n8n expects', () => {
	const credential = new PhpRankApi();
	expect(credential.name).toBe('phpRankApi');
	expect(credential.properties.map((p) => [p.name, p.type, p.typeOptions])).toEqual([
		['baseUrl', 'string', undefined],
		['apiKey', 'string', { password: true }],
	]);
	expect(credential.authenticate).toEqual({
		type: 'generic',
		properties: { headers: { Authorization: '=Bearer {{$credentials.apiKey}}' } },
	});
});

describe('credential test', () => {
	test.each(['', '/', '/api/v1', '/api/v1/'])('site URL + %p: OK, one list request', async (suffix) => {
		const result = await fixture.testCredential({ baseUrl: `${sandbox.url}${suffix}` });
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(fixture.takeRequests()).toEqual([get('/api/v1/reports', { per_page: '10' })]);
	});

	test('a wrong key fails', async () => {
		const result = await fixture.testCredential({ apiKey: 'not-the-key' });
		expect(result.status).toBe('Error');
		expect(result.message).toBe('Unauthorized');
		expect(fixture.takeRequests()[0].headers.authorization).toBe('Bearer not-the-key');
	});

	test('a Base URL that answers web pages fails with a reason', async () => {
		const result = await fixture.testCredential({ baseUrl: `${sandbox.url}/seo` });
		expect(result).toEqual({
			status: 'Error',
			message:
				'The Base URL answered with a web page, not the phpRank API: use the address of your phpRank site',
		});
	});

	test('no server at the Base URL fails', async () => {
		const result = await fixture.testCredential({ baseUrl: 'http://127.0.0.1:9' });
		expect(result.status).toBe('Error');
		expect(result.message).toBe('ECONNREFUSED');
	});

	test('the key is sent only in the Authorization header', async () => {
		await fixture.testCredential({});
		const [request] = sandbox.requests;
		sandbox.clearRequests();
		expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
		const elsewhere = JSON.stringify({ ...request, headers: { ...request.headers, authorization: '' } });
		expect(elsewhere).not.toContain(API_KEY);
	});
});
