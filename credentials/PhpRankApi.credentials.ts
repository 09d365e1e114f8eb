import type {
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	Icon,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { API_BASE_URL_EXPRESSION, apiBaseUrl } from '../nodes/PhpRank/shared/apiBaseUrl';

/**
 * What the credential test says when the list request fails or answers the wrong thing. Without a
 * rule n8n shows only the status text ("Unauthorized"), and a wrong Base URL that answers 200 with
 * a web page would pass.
 */
const FAILED_TEST_RULES: IAuthenticateRuleResponseCode[] = [
	{
		type: 'responseCode',
		properties: {
			value: 401,
			message:
				'phpRank rejected the API key: copy it again from phpRank (Account → API), and check that the Base URL is the site the key belongs to',
		},
	},
	{
		type: 'responseCode',
		properties: {
			value: 403,
			message: "phpRank refused the API key: this account's plan may have no API access",
		},
	},
	...[301, 302, 303, 307, 308].map(
		(value): IAuthenticateRuleResponseCode => ({
			type: 'responseCode',
			properties: {
				value,
				message: `The Base URL redirects to another address (HTTP ${value}): use the address it redirects to (your phpRank site) as the Base URL`,
			},
		}),
	),
	{
		type: 'responseCode',
		properties: {
			value: 404,
			message:
				'No phpRank API at this Base URL (HTTP 404 for /api/v1/reports): use the address of your phpRank site',
		},
	},
];

const ANSWERED_TEST_RULES: IAuthenticateRuleResponseSuccessBody[] = [
	{
		// A wrong Base URL often answers 200 with a web page: a list response always has "data".
		type: 'responseSuccessBody',
		properties: {
			key: 'data',
			value: undefined,
			message:
				'The Base URL answered with a web page, not the phpRank API: use the address of your phpRank site',
		},
	},
];

/**
 * n8n's type lists one kind of rule per test, but its credential tester reads each rule by its own
 * `type`: responseCode rules when the request failed, responseSuccessBody rules when it answered.
 * n8n 2.40.7 applies both kinds (proven by the end-to-end suite). n8n 1.123.81 applies the
 * responseSuccessBody rule only: for a failed request it shows its own text.
 */
const CREDENTIAL_TEST_RULES = [
	...FAILED_TEST_RULES,
	...ANSWERED_TEST_RULES,
] as IAuthenticateRuleResponseCode[];

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
			// As every request of the package: a redirect is a response, never followed with the key.
			disableFollowRedirect: true,
		},
		rules: CREDENTIAL_TEST_RULES,
	};
}
