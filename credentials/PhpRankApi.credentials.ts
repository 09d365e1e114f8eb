import type {
	Icon,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { API_BASE_URL_EXPRESSION, apiBaseUrl } from '../nodes/PhpRank/shared/apiBaseUrl';

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

	// Lists one page of reports: an endpoint of the API, through the node's own base-URL handling.
	test: ICredentialTestRequest = {
		request: {
			baseURL: API_BASE_URL_EXPRESSION,
			url: '/reports',
			qs: { per_page: 10 },
			headers: { Accept: 'application/json' },
		},
		// n8n takes one kind of rule per test: a 401 or 404 already fails with its status text, but a
		// wrong Base URL that answers 200 with a web page would pass without this one.
		rules: [
			{
				// A wrong Base URL often answers 200 with a web page: a list answer always has "data".
				type: 'responseSuccessBody',
				properties: {
					key: 'data',
					value: undefined,
					message:
						'The Base URL answered with a web page, not the phpRank API: use the address of your phpRank site',
				},
			},
		],
	};
}
