'use strict';
Object.defineProperty(exports, '__esModule', { value: true });
exports.EchoTestApi = void 0;

class EchoTestApi {
	constructor() {
		this.name = 'echoTestApi';
		this.displayName = 'Echo Test API';
		this.documentationUrl = 'https://example.invalid/echo-test';
		this.properties = [
			{
				displayName: 'Base URL',
				name: 'baseUrl',
				type: 'string',
				default: 'http://127.0.0.1:8080',
			},
			{
				displayName: 'API Key',
				name: 'apiKey',
				type: 'string',
				typeOptions: { password: true },
				default: '',
			},
		];
		this.authenticate = {
			type: 'generic',
			properties: { headers: { 'X-Api-Key': '={{$credentials.apiKey}}' } },
		};
		this.test = { request: { baseURL: '={{$credentials.baseUrl}}', url: '/echo' } };
	}
}
exports.EchoTestApi = EchoTestApi;
