import type {
	DeclarativeRestApiSettings,
	FunctionsBase,
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';

import { CREDENTIAL_NAME } from '../shared/constants';
import type { ApiChannel, RequestLimits } from './pipeline';
import { DEFAULT_LIMITS } from './pipeline';
import type { ApiResponse } from './response';

/**
 * The two ways n8n can be asked to send a request; everything else about a request is the
 * pipeline's (pipeline.ts). Both leave the base URL to the credential, which sets its site's API
 * root and the Bearer header (credentials/PhpRankApi.credentials.ts).
 */

/** The n8n contexts that make their own requests: list searches, the trigger's polls. */
export type ApiContext = FunctionsBase & {
	helpers: {
		httpRequestWithAuthentication(
			credentialsType: string,
			requestOptions: IHttpRequestOptions,
		): Promise<unknown>;
	};
};

/** What the `captureResponse` postReceive hook makes of a routed response: one item holding it. */
export function capturedResponse(response: IN8nHttpFullResponse): ApiResponse {
	return {
		statusCode: response.statusCode,
		headers: (response.headers ?? {}) as IDataObject,
		body: response.body,
	};
}

/**
 * A routed operation's requests go through n8n's own routing request (`makeRoutingRequest`), so
 * what n8n adds to them stays: the node's Request Options (timeout, proxy, ignoring SSL issues)
 * and the credential it already decrypted.
 */
export function routedChannel(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	limits: RequestLimits,
): ApiChannel {
	return {
		node: context.getNode(),
		itemIndex: context.getItemIndex(),
		limits,
		transmit: async (options) => {
			const [item] = await context.makeRoutingRequest({
				...requestData,
				options: { ...requestData.options, ...options },
			});
			return item.json as unknown as ApiResponse;
		},
		credential: async () => await context.getCredentials<IDataObject>(CREDENTIAL_NAME),
	};
}

/** The trigger's polls and the list searches send through n8n's authenticated request helper. */
export function codeChannel(
	context: ApiContext,
	limits: RequestLimits = DEFAULT_LIMITS,
): ApiChannel {
	return {
		node: context.getNode(),
		itemIndex: 0,
		limits,
		transmit: async (options) =>
			capturedResponse(
				(await context.helpers.httpRequestWithAuthentication.call(
					context,
					CREDENTIAL_NAME,
					options,
				)) as IN8nHttpFullResponse,
			),
		credential: async () => await context.getCredentials<IDataObject>(CREDENTIAL_NAME),
	};
}
