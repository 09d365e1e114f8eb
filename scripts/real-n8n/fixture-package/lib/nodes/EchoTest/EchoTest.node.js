'use strict';
Object.defineProperty(exports, '__esModule', { value: true });
exports.EchoTest = void 0;

// A tiny declarative node: GET {baseUrl}/echo?message=... with the credential's X-Api-Key header.
class EchoTest {
	constructor() {
		this.description = {
			displayName: 'Echo Test',
			name: 'echoTest',
			icon: 'fa:bullhorn',
			group: ['transform'],
			version: 1,
			subtitle: '={{$parameter["message"]}}',
			description: 'Fixture node for the real-n8n self-test',
			defaults: { name: 'Echo Test' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'echoTestApi', required: true }],
			requestDefaults: {
				baseURL: '={{$credentials.baseUrl}}',
				headers: { Accept: 'application/json' },
			},
			properties: [
				{
					displayName: 'Message',
					name: 'message',
					type: 'string',
					default: 'hello',
					routing: {
						request: { method: 'GET', url: '/echo', qs: { message: '={{$value}}' } },
					},
				},
			],
		};
	}
}
exports.EchoTest = EchoTest;
