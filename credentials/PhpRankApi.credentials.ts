import type {
	Icon,
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { apiBaseUrl } from '../nodes/PhpRank/shared/apiBaseUrl';

export class PhpRankApi implements ICredentialType {
	name = 'phpRankApi';

	displayName = 'phpRank API';

	icon: Icon = {
		light: 'file:../nodes/PhpRank/phpRank.svg',
		dark: 'file:../nodes/PhpRank/phpRank.dark.svg',
	};

	documentationUrl = 'https://github.com/n8n-nodes-phprank/n8n-nodes-phprank#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://seo.example.com',
			description:
				'Address of your phpRank site (its home page). A pasted API address ending in /api/v1 works too.',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: "The account's API key, shown in phpRank under Account → API",
		},
	];

	// Its Test is the nodes' (`testedBy`, nodes/PhpRank/methods/credentialTest.ts): n8n would read a
	// declarative test's answer whole, whatever its size.

	/**
	 * Code rather than a generic block: n8n evaluates a generic block's expression
	 * (`=Bearer {{$credentials.apiKey}}`) for every request, one call into its expression VM each.
	 * It also gives the node's requests (a path only) the API root of this site: as
	 * `requestDefaults.baseURL` that was an expression n8n evaluated twice per item.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		requestOptions.headers = {
			...requestOptions.headers,
			Authorization: `Bearer ${String(credentials.apiKey)}`,
		};
		const isPath =
			typeof requestOptions.url === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(requestOptions.url);
		if (requestOptions.baseURL === undefined && isPath) {
			requestOptions.baseURL = apiBaseUrl(String(credentials.baseUrl));
		}
		return requestOptions;
	}
}
