// n8n's error where the run meets n8n (transport/index.ts `nodeErrorOf`): worded, without
// secrets, once, without a server.
const { NodeApiError, NodeOperationError } = require('n8n-workflow');
const { nodeErrorOf } = require('../helpers/built').transport;
const { PipelineFailure } = require('../helpers/built').failure;
const { InvalidInput } = require('../helpers/built').inputChecks;

describe('nodeErrorOf: where the run meets n8n', () => {
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
