'use strict';

/**
 * Proves test/helpers/n8n-runner.js: a fixture declarative node (fixtures/echo-node.js) runs
 * through n8n-core's WorkflowExecute/RoutingNode against a local recording echo.server.
 * Several tests also pin down n8n-core behaviours a declarative node author relies on.
 * Requests and errors here; request options, credential variants, testCredential and the cost
 * of a run in n8n-runner-options.test.js.
 */
const { runNode, testCredential, PACKAGE_NAME } = require('./n8n-runner');
const { Echo, echoUsing } = require('./fixtures/echo-node');
const { EchoApi } = require('./fixtures/echo-credential');
const { useEchoServer } = require('./fixtures/echo-server');

jest.setTimeout(20000);

const echo = useEchoServer();
const credentialType = new EchoApi();
const nodeType = new Echo();

describe('runNode: requests', () => {
	test('generic authenticate, requestDefaults, preSend and postReceive all apply', async () => {
		const result = await runNode({
			nodeType,
			credentialType,
			credentials: echo.credentials,
			parameters: { operation: 'get', itemId: '2' },
		});

		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			{
				json: { id: 2, name: 'two', postProcessed: true, statusCode: 200 },
				pairedItem: { item: 0 },
			},
		]);
		expect(echo.server.requests).toHaveLength(1);
		const [request] = echo.server.requests;
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
		await runNode({
			nodeType,
			credentialType,
			credentials: echo.credentials,
			typeVersion: 1,
			parameters: { operation: 'get', itemId: '1' },
		});
		expect(echo.server.requests[0].headers['x-node-version']).toBe('1');
	});

	test('body and query routing (send.type body/query, dot notation, send.value expression)', async () => {
		const result = await runNode({
			nodeType,
			credentialType,
			credentials: echo.credentials,
			parameters: {
				operation: 'create',
				name: 'new thing',
				notify: true,
				additionalFields: { color: 'red' },
			},
		});

		expect(result.error).toBeUndefined();
		const [request] = echo.server.requests;
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/api/items');
		expect(request.body).toEqual({ name: 'new thing', meta: { color: 'red' } });
		expect(request.query).toEqual({ notify: 'yes', tenant: 'default-tenant' });
		expect(request.headers['content-type']).toMatch(/application\/json/);
		expect(result.items.map((i) => i.json)).toEqual([
			{ id: 99, name: 'new thing', meta: { color: 'red' } },
		]);
	});

	test('rootProperty postReceive splits the answer, limit goes to qs and maxResults', async () => {
		const result = await runNode({
			nodeType,
			credentialType,
			credentials: echo.credentials,
			parameters: { operation: 'getAll', search: 'o', returnAll: false, limit: 3 },
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.id)).toEqual([1, 2, 3]);
		// every item of one request is paired with the input item that caused it
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
		expect(echo.server.requests).toHaveLength(1);
		expect(echo.server.requests[0].query).toEqual({
			q: 'o',
			per_page: '3',
			tenant: 'default-tenant',
		});
	});

	test('an empty string parameter with routing.send is still sent (q=)', async () => {
		await runNode({
			nodeType,
			credentialType,
			credentials: echo.credentials,
			parameters: { operation: 'getAll', limit: 2 },
		});
		expect(echo.server.requests[0].query).toEqual({
			q: '',
			per_page: '2',
			tenant: 'default-tenant',
		});
	});

	test('a pagination function runs with makeRoutingRequest when send.paginate is true', async () => {
		const result = await runNode({
			nodeType,
			credentialType,
			credentials: echo.credentials,
			parameters: { operation: 'getAll', search: 'x', returnAll: true },
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.id)).toEqual([1, 2, 3, 4, 5]);
		expect(echo.server.requests.map((r) => r.query)).toEqual([
			{ q: 'x', page: '1', per_page: '2', tenant: 'default-tenant' },
			{ q: 'x', page: '2', per_page: '2', tenant: 'default-tenant' },
			{ q: 'x', page: '3', per_page: '2', tenant: 'default-tenant' },
		]);
		// auth is applied to every page
		expect(echo.server.requests.every((r) => r.headers.authorization === 'Bearer secret-key')).toBe(
			true,
		);
	});

	test('multiple input items give one request each, expressions resolved per item, order kept', async () => {
		const result = await runNode({
			nodeType,
			credentialType,
			credentials: echo.credentials,
			parameters: { operation: 'get', itemId: '={{ $json.id }}' },
			items: [{ id: 3 }, { id: 1 }, { id: 5 }],
		});

		expect(result.error).toBeUndefined();
		expect(echo.server.requests.map((r) => r.path).sort()).toEqual([
			'/api/items/1',
			'/api/items/3',
			'/api/items/5',
		]);
		expect(result.items.map((i) => [i.json.id, i.pairedItem.item])).toEqual([
			[3, 0],
			[1, 1],
			[5, 2],
		]);
		expect(echo.server.requests.map((r) => r.headers['x-trace']).sort()).toEqual([
			'item-0',
			'item-1',
			'item-2',
		]);
	});

	test('an answer without a body becomes an item whose json is ""', async () => {
		const result = await runNode({
			nodeType,
			credentialType,
			credentials: echo.credentials,
			parameters: { operation: 'empty', itemId: '1' },
		});
		expect(echo.server.requests[0].method).toBe('DELETE');
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([{ json: '', pairedItem: { item: 0 } }]);
	});

	test('runs can go in parallel', async () => {
		const results = await Promise.all(
			[1, 2, 3, 4].map((id) =>
				runNode({
					nodeType,
					credentialType,
					credentials: echo.credentials,
					parameters: { operation: 'get', itemId: String(id) },
				}),
			),
		);
		expect(results.map((r) => r.items[0].json.id)).toEqual([1, 2, 3, 4]);
	});
});

describe('runNode: errors', () => {
	test('a 404 with a JSON body surfaces as result.error (NodeApiError), not thrown', async () => {
		const result = await runNode({
			nodeType,
			credentialType,
			credentials: echo.credentials,
			parameters: { operation: 'get', itemId: '42' },
		});

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
			credentials: echo.credentials,
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
		const failing = await runNode({
			nodeType,
			credentialType,
			credentials: echo.credentials,
			parameters: { operation: 'reject', itemId: '1' },
		});
		expect(failing.error.name).toBe('NodeApiError');
		expect(failing.error.httpCode).toBe('none');
		expect(failing.error.message).toBe('Rejected in postReceive');
		expect(failing.error.description).toBe('Got 1 item(s)');

		const continuing = await runNode({
			nodeType,
			credentialType,
			credentials: echo.credentials,
			continueOnFail: true,
			parameters: { operation: 'reject', itemId: '1' },
		});
		expect(continuing.error).toBeUndefined();
		expect(continuing.items[0].json).toEqual({ error: 'Rejected in postReceive' });
		expect(continuing.items[0].error.name).toBe('NodeOperationError');
	});

	test('a missing required parameter stops the run before any request (WorkflowHasIssuesError)', async () => {
		const result = await runNode({
			nodeType,
			credentialType,
			credentials: echo.credentials,
			parameters: { operation: 'get' },
		});
		expect(echo.server.requests).toHaveLength(0);
		expect(result.error.name).toBe('WorkflowHasIssuesError');
		expect(result.error.message).toMatch(/Parameter "Item ID" is required/);
	});

	test('missing credentials fail the node; with continueOnFail the input items pass through', async () => {
		const failing = await runNode({
			nodeType,
			credentialType,
			parameters: { operation: 'get', itemId: '1' },
		});
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
		expect(echo.server.requests).toHaveLength(0);
	});

	test('a 401 is sent twice: n8n retries once after preAuthentication', async () => {
		const nodeForTest = echoUsing('echoApi', 'echoAuth');
		const result = await runNode({
			nodeType: nodeForTest,
			credentialType,
			credentials: { baseUrl: echo.server.baseUrl, apiKey: 'x' },
			parameters: { operation: 'empty', itemId: '1' },
		});
		// /api/items/1 DELETE answers 204 whatever the key: no retry
		expect(result.error).toBeUndefined();
		expect(echo.server.requests).toHaveLength(1);

		echo.server.reset();
		const check = await testCredential({
			credentialType,
			credentials: { baseUrl: echo.server.baseUrl, apiKey: 'wrong' },
		});
		expect(check.status).toBe('Error');
		expect(echo.server.requests.map((r) => r.path)).toEqual(['/api/me', '/api/me']);
	});
});
