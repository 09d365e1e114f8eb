'use strict';

/**
 * Proves test/helpers/n8n-runner.js: a fixture declarative node (fixtures/echo-node.js) runs
 * through n8n-core's WorkflowExecute/RoutingNode against a local recording server.
 * Several tests also pin down n8n-core behaviours a declarative node author relies on.
 */
const { runNode, testCredential, PACKAGE_NAME } = require('./n8n-runner');
const { Echo } = require('./fixtures/echo-node');
const { EchoApi, EchoFnApi, EchoSessionApi } = require('./fixtures/echo-credential');
const { startEchoServer } = require('./fixtures/echo-server');

jest.setTimeout(20000);

let server;
const credentialType = new EchoApi();
const nodeType = new Echo();
let credentials;

/** Echo node whose only credential is `credentialName` (a separate node type). */
function echoUsing(credentialName, name) {
	const node = new Echo();
	node.description.name = name;
	node.description.credentials = [{ name: credentialName, required: true }];
	return node;
}

beforeAll(async () => {
	server = await startEchoServer();
	credentials = { baseUrl: server.baseUrl, apiKey: 'secret-key' };
});

afterAll(async () => {
	await server.close();
});

beforeEach(() => server.reset());

describe('runNode: requests', () => {
	test('generic authenticate, requestDefaults, preSend and postReceive all apply', async () => {
		const result = await runNode({
			nodeType,
			credentialType,
			credentials,
			parameters: { operation: 'get', itemId: '2' },
		});

		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			{ json: { id: 2, name: 'two', postProcessed: true, statusCode: 200 }, pairedItem: { item: 0 } },
		]);
		expect(server.requests).toHaveLength(1);
		const [request] = server.requests;
		expect(request.method).toBe('GET');
		// requestDefaults.baseURL '={{$credentials.baseUrl}}/api' + operation url
		expect(request.path).toBe('/api/items/2');
		// authenticate.properties.headers, expression resolved against the credential data
		expect(request.headers.authorization).toBe('Bearer secret-key');
		// authenticate.properties.qs, from a credential property default (tenant not given)
		expect(request.query).toEqual({ tenant: 'default-tenant' });
		// requestDefaults.headers (static and expression), preSend header
		expect(request.headers.accept).toBe('application/json');
		expect(request.headers['x-client']).toBe('harness');
		expect(request.headers['x-node-version']).toBe('2');
		expect(request.headers['x-trace']).toBe('item-0');
	});

	test('typeVersion defaults to the highest version and can be chosen', async () => {
		await runNode({ nodeType, credentialType, credentials, typeVersion: 1, parameters: { operation: 'get', itemId: '1' } });
		expect(server.requests[0].headers['x-node-version']).toBe('1');
	});

	test('body and query routing (send.type body/query, dot notation, send.value expression)', async () => {
		const result = await runNode({
			nodeType,
			credentialType,
			credentials,
			parameters: { operation: 'create', name: 'new thing', notify: true, additionalFields: { color: 'red' } },
		});

		expect(result.error).toBeUndefined();
		const [request] = server.requests;
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/api/items');
		expect(request.body).toEqual({ name: 'new thing', meta: { color: 'red' } });
		expect(request.query).toEqual({ notify: 'yes', tenant: 'default-tenant' });
		expect(request.headers['content-type']).toMatch(/application\/json/);
		expect(result.items.map((i) => i.json)).toEqual([{ id: 99, name: 'new thing', meta: { color: 'red' } }]);
	});

	test('rootProperty postReceive splits the answer, limit goes to qs and maxResults', async () => {
		const result = await runNode({
			nodeType,
			credentialType,
			credentials,
			parameters: { operation: 'getAll', search: 'o', returnAll: false, limit: 3 },
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.id)).toEqual([1, 2, 3]);
		// every item of one request is paired with the input item that caused it
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
		expect(server.requests).toHaveLength(1);
		expect(server.requests[0].query).toEqual({ q: 'o', per_page: '3', tenant: 'default-tenant' });
	});

	test('an empty string parameter with routing.send is still sent (q=)', async () => {
		await runNode({ nodeType, credentialType, credentials, parameters: { operation: 'getAll', limit: 2 } });
		expect(server.requests[0].query).toEqual({ q: '', per_page: '2', tenant: 'default-tenant' });
	});

	test('a pagination function runs with makeRoutingRequest when send.paginate is true', async () => {
		const result = await runNode({
			nodeType,
			credentialType,
			credentials,
			parameters: { operation: 'getAll', search: 'x', returnAll: true },
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.id)).toEqual([1, 2, 3, 4, 5]);
		expect(server.requests.map((r) => r.query)).toEqual([
			{ q: 'x', page: '1', per_page: '2', tenant: 'default-tenant' },
			{ q: 'x', page: '2', per_page: '2', tenant: 'default-tenant' },
			{ q: 'x', page: '3', per_page: '2', tenant: 'default-tenant' },
		]);
		// auth is applied to every page
		expect(server.requests.every((r) => r.headers.authorization === 'Bearer secret-key')).toBe(true);
	});

	test('multiple input items give one request each, expressions resolved per item, order kept', async () => {
		const result = await runNode({
			nodeType,
			credentialType,
			credentials,
			parameters: { operation: 'get', itemId: '={{ $json.id }}' },
			items: [{ id: 3 }, { id: 1 }, { id: 5 }],
		});

		expect(result.error).toBeUndefined();
		expect(server.requests.map((r) => r.path).sort()).toEqual(['/api/items/1', '/api/items/3', '/api/items/5']);
		expect(result.items.map((i) => [i.json.id, i.pairedItem.item])).toEqual([
			[3, 0],
			[1, 1],
			[5, 2],
		]);
		expect(server.requests.map((r) => r.headers['x-trace']).sort()).toEqual(['item-0', 'item-1', 'item-2']);
	});

	test('an answer without a body becomes an item whose json is ""', async () => {
		const result = await runNode({ nodeType, credentialType, credentials, parameters: { operation: 'empty', itemId: '1' } });
		expect(server.requests[0].method).toBe('DELETE');
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([{ json: '', pairedItem: { item: 0 } }]);
	});

	test('runs can go in parallel', async () => {
		const results = await Promise.all(
			[1, 2, 3, 4].map((id) =>
				runNode({ nodeType, credentialType, credentials, parameters: { operation: 'get', itemId: String(id) } }),
			),
		);
		expect(results.map((r) => r.items[0].json.id)).toEqual([1, 2, 3, 4]);
	});
});

describe('runNode: errors', () => {
	test('a 404 with a JSON body surfaces as result.error (NodeApiError), not thrown', async () => {
		const result = await runNode({ nodeType, credentialType, credentials, parameters: { operation: 'get', itemId: '42' } });

		expect(result.items).toEqual([]);
		expect(result.error).toBeDefined();
		expect(result.error.name).toBe('NodeApiError');
		expect(result.error.httpCode).toBe('404');
		// n8n replaces the message by a generic one per status code; the API's own message
		// ends up in `description`
		expect(result.error.message).toBe('The resource you are requesting could not be found');
		expect(result.error.description).toBe('Item 42 not found');
		expect(result.error.itemIndex).toBe(0);
		expect(result.error.context.itemIndex).toBe(0);
		// the parsed JSON error body is kept
		expect(result.error.context.data).toEqual({ message: 'Item 42 not found', code: 'not_found' });
		expect(result.error.node.name).toBe('Echo');
		expect(result.error.node.type).toBe(`${PACKAGE_NAME}.echo`);
		expect(result.taskData.executionStatus).toBe('error');
	});

	test('continueOnFail: the failing item becomes an error item in place', async () => {
		const result = await runNode({
			nodeType,
			credentialType,
			credentials,
			continueOnFail: true,
			parameters: { operation: 'get', itemId: '={{ $json.id }}' },
			items: [{ id: 1 }, { id: 42 }, { id: 3 }],
		});

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items[0].json.id).toBe(1);
		expect(result.items[2].json.id).toBe(3);
		const failed = result.items[1];
		// WorkflowExecute.normalizeNodeErrors turns {json: {}, error} into json {error: message}
		expect(failed.json).toEqual({ error: 'The resource you are requesting could not be found' });
		expect(failed.pairedItem).toEqual({ item: 1 });
		expect(failed.error.name).toBe('NodeApiError');
		expect(failed.error.httpCode).toBe('404');
		expect(failed.error.description).toBe('Item 42 not found');
		// errors of the request phase carry no itemIndex when continued: pairedItem says which
		expect(failed.error.context.itemIndex).toBeUndefined();
	});

	test('an error thrown in postReceive: NodeApiError with httpCode "none"; with continueOnFail the original error', async () => {
		const failing = await runNode({ nodeType, credentialType, credentials, parameters: { operation: 'reject', itemId: '1' } });
		expect(failing.error.name).toBe('NodeApiError');
		expect(failing.error.httpCode).toBe('none');
		expect(failing.error.message).toBe('Rejected in postReceive');
		expect(failing.error.description).toBe('Got 1 item(s)');

		const continuing = await runNode({
			nodeType,
			credentialType,
			credentials,
			continueOnFail: true,
			parameters: { operation: 'reject', itemId: '1' },
		});
		expect(continuing.error).toBeUndefined();
		expect(continuing.items[0].json).toEqual({ error: 'Rejected in postReceive' });
		expect(continuing.items[0].error.name).toBe('NodeOperationError');
	});

	test('a missing required parameter stops the run before any request (WorkflowHasIssuesError)', async () => {
		const result = await runNode({ nodeType, credentialType, credentials, parameters: { operation: 'get' } });
		expect(server.requests).toHaveLength(0);
		expect(result.error.name).toBe('WorkflowHasIssuesError');
		expect(result.error.message).toMatch(/Parameter "Item ID" is required/);
	});

	test('missing credentials fail the node; with continueOnFail the input items pass through', async () => {
		const failing = await runNode({ nodeType, credentialType, parameters: { operation: 'get', itemId: '1' } });
		expect(failing.error.name).toBe('NodeOperationError');
		expect(failing.error.message).toBe('Node does not have any credentials set');

		const continuing = await runNode({
			nodeType,
			credentialType,
			continueOnFail: true,
			parameters: { operation: 'get', itemId: '1' },
			items: [{ a: 1 }],
		});
		// a node-level error (not per item) with continueOnFail: n8n outputs the input unchanged
		expect(continuing.items).toEqual([{ json: { a: 1 }, pairedItem: { item: 0 } }]);
		expect(continuing.error.message).toBe('Node does not have any credentials set');
		expect(server.requests).toHaveLength(0);
	});

	test('a 401 is sent twice: n8n retries once after preAuthentication', async () => {
		const nodeForTest = echoUsing('echoApi', 'echoAuth');
		const result = await runNode({
			nodeType: nodeForTest,
			credentialType,
			credentials: { baseUrl: server.baseUrl, apiKey: 'x' },
			parameters: { operation: 'empty', itemId: '1' },
		});
		// /api/items/1 DELETE answers 204 whatever the key: no retry
		expect(result.error).toBeUndefined();
		expect(server.requests).toHaveLength(1);

		server.reset();
		const check = await testCredential({ credentialType, credentials: { baseUrl: server.baseUrl, apiKey: 'wrong' } });
		expect(check.status).toBe('Error');
		expect(server.requests.map((r) => r.path)).toEqual(['/api/me', '/api/me']);
	});
});

describe('runNode: request options, credential variants', () => {
	test('the "requestOptions" collection is added once, like n8n\'s loader does', async () => {
		const fresh = new Echo();
		await runNode({ nodeType: fresh, credentialType, credentials, parameters: { operation: 'get', itemId: '1' } });
		await runNode({ nodeType: fresh, credentialType, credentials, parameters: { operation: 'get', itemId: '1' } });
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
			credentials,
			parameters: { operation: 'slow', requestOptions: { timeout: 50 } },
		});
		expect(result.error).toBeDefined();
		expect(result.error.name).toBe('NodeApiError');
		// axios' ECONNABORTED, with n8n's wording
		expect(result.error.message).toBe('The connection was aborted, perhaps the server is offline');
		expect(result.error.cause.code).toBe('ECONNABORTED');
		expect(server.requests.map((r) => r.path)).toEqual(['/api/slow']);
	});

	test('requestOptions.batching spaces out the requests of the items', async () => {
		const started = Date.now();
		const result = await runNode({
			nodeType,
			credentialType,
			credentials,
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
			credentials: { baseUrl: server.baseUrl, apiKey: 'abc' },
			parameters: { operation: 'get', itemId: '1' },
		});
		expect(result.error).toBeUndefined();
		expect(server.requests[0].headers['x-api-key']).toBe('fn:abc');
		expect(server.requests[0].headers.authorization).toBeUndefined();
	});

	test('preAuthentication fills an empty expirable property before the request', async () => {
		const result = await runNode({
			nodeType: echoUsing('echoSessionApi', 'echoSession'),
			credentialType: new EchoSessionApi(),
			credentials: { baseUrl: server.baseUrl, user: 'ann' },
			parameters: { operation: 'get', itemId: '1' },
		});
		expect(result.error).toBeUndefined();
		expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/token', 'GET /api/items/1']);
		expect(server.requests[1].headers['x-session']).toBe('session-ann');
		expect(result.credentialsHelper.updates).toEqual([
			{ type: 'echoSessionApi', data: { baseUrl: server.baseUrl, user: 'ann', sessionToken: 'session-ann' } },
		]);
	});
});

describe('testCredential', () => {
	test('OK when the test request succeeds (auth applied, expressions resolved)', async () => {
		const result = await testCredential({ credentialType, credentials: { baseUrl: `${server.baseUrl}/`, apiKey: 'good' } });
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(server.requests[0].path).toBe('/api/me');
		expect(server.requests[0].headers.authorization).toBe('Bearer good');
	});

	test('Error with the status text for a non-2xx answer', async () => {
		const result = await testCredential({ credentialType, credentials: { baseUrl: server.baseUrl, apiKey: 'bad' } });
		expect(result.status).toBe('Error');
		expect(result.message).toBe('Unauthorized');
	});

	test('rules: responseCode and responseSuccessBody', async () => {
		const forbidden = await testCredential({ credentialType, credentials: { baseUrl: server.baseUrl, apiKey: 'forbidden' } });
		expect(forbidden).toMatchObject({ status: 'Error', message: 'The API key has no access' });

		const rejected = await testCredential({ credentialType, credentials: { baseUrl: server.baseUrl, apiKey: 'rejected' } });
		expect(rejected).toEqual({ status: 'Error', message: 'Key was rejected' });
	});

	test('Error with the network error code when the server cannot be reached', async () => {
		const result = await testCredential({ credentialType, credentials: { baseUrl: 'http://127.0.0.1:1', apiKey: 'good' } });
		expect(result).toMatchObject({ status: 'Error', message: 'ECONNREFUSED' });
	});

	test('Error when the credential has no test', async () => {
		const result = await testCredential({ credentialType: new EchoFnApi(), credentials: {} });
		expect(result).toEqual({ status: 'Error', message: 'No testing function found for this credential.' });
	});
});

describe('performance', () => {
	test('a run costs a few milliseconds plus the request', async () => {
		const runs = 100;
		const started = process.hrtime.bigint();
		for (let i = 0; i < runs; i++) {
			await runNode({ nodeType, credentialType, credentials, parameters: { operation: 'get', itemId: '1' } });
		}
		const perRunMs = Number(process.hrtime.bigint() - started) / 1e6 / runs;
		// typically ~4 ms on a laptop-class machine; generous bound for slow CI
		expect(perRunMs).toBeLessThan(50);
	});
});
