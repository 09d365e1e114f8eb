'use strict';

/**
 * Proves test/helpers/n8n-runner.js, continued from n8n-runner.test.js: the "Request Options"
 * collection n8n adds, credential variants (function authenticate, preAuthentication),
 * testCredential, and what a run costs.
 */
const { runNode, testCredential } = require('./n8n-runner');
const { Echo, echoUsing } = require('./fixtures/echo-node');
const { EchoApi, EchoFnApi, EchoSessionApi } = require('./fixtures/echo-credential');
const { useEchoServer } = require('./fixtures/echo-server');

jest.setTimeout(20000);

const echo = useEchoServer();
const credentialType = new EchoApi();
const nodeType = new Echo();

describe('runNode: request options, credential variants', () => {
	test('the "requestOptions" collection is added once, like n8n\'s loader does', async () => {
		const fresh = new Echo();
		await runNode({
			nodeType: fresh,
			credentialType,
			credentials: echo.credentials,
			parameters: { operation: 'get', itemId: '1' },
		});
		await runNode({
			nodeType: fresh,
			credentialType,
			credentials: echo.credentials,
			parameters: { operation: 'get', itemId: '1' },
		});
		const requestOptions = fresh.description.properties.filter((p) => p.name === 'requestOptions');
		expect(requestOptions).toHaveLength(1);
		expect(requestOptions[0].options.map((o) => o.name).sort()).toEqual([
			'allowUnauthorizedCerts',
			'batching',
			'proxy',
			'timeout',
		]);
	});

	test('requestOptions.timeout is honoured', async () => {
		const slowNode = new Echo();
		slowNode.description.name = 'echoSlow';
		slowNode.description.properties[0].options.push({
			name: 'Slow',
			value: 'slow',
			action: 'Slow call',
			routing: { request: { method: 'GET', url: '/slow' } },
		});
		const result = await runNode({
			nodeType: slowNode,
			credentialType,
			credentials: echo.credentials,
			// long enough for the request to reach the server on a loaded machine (it answers after 10 s)
			parameters: { operation: 'slow', requestOptions: { timeout: 1000 } },
		});
		expect(result.error).toBeDefined();
		expect(result.error.name).toBe('NodeApiError');
		// axios' ECONNABORTED, with n8n's wording
		expect(result.error.message).toBe('The connection was aborted, perhaps the server is offline');
		expect(result.error.cause.code).toBe('ECONNABORTED');
		expect(echo.server.requests.map((r) => r.path)).toEqual(['/api/slow']);
	});

	test('requestOptions.batching spaces out the requests of the items', async () => {
		const started = Date.now();
		const result = await runNode({
			nodeType,
			credentialType,
			credentials: echo.credentials,
			parameters: {
				operation: 'get',
				itemId: '={{ $json.id }}',
				requestOptions: { batching: { batch: { batchSize: 2, batchInterval: 100 } } },
			},
			items: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }],
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.id)).toEqual([1, 2, 3, 4, 5]);
		// a pause before item 2 and before item 4
		expect(Date.now() - started).toBeGreaterThanOrEqual(190);
	});

	test('function-style authenticate is applied', async () => {
		const result = await runNode({
			nodeType: echoUsing('echoFnApi', 'echoFn'),
			credentialType: new EchoFnApi(),
			credentials: { baseUrl: echo.server.baseUrl, apiKey: 'abc' },
			parameters: { operation: 'get', itemId: '1' },
		});
		expect(result.error).toBeUndefined();
		expect(echo.server.requests[0].headers['x-api-key']).toBe('fn:abc');
		expect(echo.server.requests[0].headers.authorization).toBeUndefined();
	});

	test('preAuthentication fills an empty expirable property before the request', async () => {
		const result = await runNode({
			nodeType: echoUsing('echoSessionApi', 'echoSession'),
			credentialType: new EchoSessionApi(),
			credentials: { baseUrl: echo.server.baseUrl, user: 'ann' },
			parameters: { operation: 'get', itemId: '1' },
		});
		expect(result.error).toBeUndefined();
		expect(echo.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /api/token',
			'GET /api/items/1',
		]);
		expect(echo.server.requests[1].headers['x-session']).toBe('session-ann');
		expect(result.credentialsHelper.updates).toEqual([
			{
				type: 'echoSessionApi',
				data: { baseUrl: echo.server.baseUrl, user: 'ann', sessionToken: 'session-ann' },
			},
		]);
	});
});

describe('testCredential', () => {
	test('OK when the test request succeeds (auth applied, expressions resolved)', async () => {
		const result = await testCredential({
			credentialType,
			credentials: { baseUrl: `${echo.server.baseUrl}/`, apiKey: 'good' },
		});
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(echo.server.requests[0].path).toBe('/api/me');
		expect(echo.server.requests[0].headers.authorization).toBe('Bearer good');
	});

	test('Error with the status text for a non-2xx answer', async () => {
		const result = await testCredential({
			credentialType,
			credentials: { baseUrl: echo.server.baseUrl, apiKey: 'bad' },
		});
		expect(result.status).toBe('Error');
		expect(result.message).toBe('Unauthorized');
	});

	test('rules: responseCode and responseSuccessBody', async () => {
		const forbidden = await testCredential({
			credentialType,
			credentials: { baseUrl: echo.server.baseUrl, apiKey: 'forbidden' },
		});
		expect(forbidden).toMatchObject({ status: 'Error', message: 'The API key has no access' });

		const rejected = await testCredential({
			credentialType,
			credentials: { baseUrl: echo.server.baseUrl, apiKey: 'rejected' },
		});
		expect(rejected).toEqual({ status: 'Error', message: 'Key was rejected' });
	});

	test('Error with the network error code when the server cannot be reached', async () => {
		const result = await testCredential({
			credentialType,
			credentials: { baseUrl: 'http://127.0.0.1:1', apiKey: 'good' },
		});
		expect(result).toMatchObject({ status: 'Error', message: 'ECONNREFUSED' });
	});

	test('Error when the credential has no test', async () => {
		const result = await testCredential({ credentialType: new EchoFnApi(), credentials: {} });
		expect(result).toEqual({
			status: 'Error',
			message: 'No testing function found for this credential.',
		});
	});
});

describe('performance', () => {
	test('a run costs a few milliseconds plus the request', async () => {
		const runs = 100;
		const started = process.hrtime.bigint();
		for (let i = 0; i < runs; i++) {
			await runNode({
				nodeType,
				credentialType,
				credentials: echo.credentials,
				parameters: { operation: 'get', itemId: '1' },
			});
		}
		const perRunMs = Number(process.hrtime.bigint() - started) / 1e6 / runs;
		// typically ~4 ms on a laptop-class machine; generous bound for slow CI
		expect(perRunMs).toBeLessThan(50);
	});
});
