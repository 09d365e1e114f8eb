import type {
	DeclarativeRestApiSettings,
	FunctionsBase,
	ICredentialTestFunctions,
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';

import { apiBaseUrl } from '../shared/apiBaseUrl';
import { CREDENTIAL_NAME } from '../shared/constants';
import type { ErrorSituation } from './itemFailure';
import { failureTextOf } from './itemFailure';
import type { ChannelDeadline, RequestLimits } from './limits';
import { DEFAULT_LIMITS } from './limits';
import type { ItemRequests } from './pipeline';
import { itemRequests } from './pipeline';
import type { ApiChannel } from './request';
import type { ApiResponse } from './response';

/**
 * The transport at run time: what the entry point (index.ts) loads at the first request, its one
 * deferred load (with it the pipeline, the account's gate, the reading of responses and the
 * wording of failures). Here: the three ways n8n can be asked to send a request, each with the
 * run that uses it: an operation's item (`runOperation`), the trigger's polls and the list
 * searches (`runFromCode`), the credential's Test (`runCredentialTest`). Everything else about a
 * request is the pipeline's (pipeline.ts). The routed and the code channels leave the base URL to
 * the credential, which sets its site's API root and the Bearer header
 * (credentials/PhpRankApi.credentials.ts). A run throws what failed as it is: the entry point
 * makes it n8n's error (index.ts `nodeErrorOf`, with `failureTextOf`'s words).
 */

export { failureTextOf };

/** The n8n contexts that make their own requests: list searches, the trigger's polls. */
export type ApiContext = FunctionsBase & {
	helpers: {
		httpRequestWithAuthentication(
			credentialsType: string,
			requestOptions: IHttpRequestOptions,
		): Promise<unknown>;
	};
};

/** What an operation does for one item (index.ts `OperationRun`). */
type Run = (
	context: IExecutePaginationFunctions,
	requests: ItemRequests,
	routedQuery: IDataObject,
) => Promise<IDataObject[]>;

/** The node's "Options" that are limits: option, limit, the least value, the unit in ms (or 1). */
const LIMIT_OPTIONS: ReadonlyArray<[string, keyof RequestLimits, number, number]> = [
	['maxParallelRequests', 'maxParallel', 1, 1],
	['retries', 'retries', 0, 1],
	['maxRateLimitWait', 'maxRateLimitWaitMs', 0, 1000],
];

/** n8n's default Timeout of a routed request (RoutingNode sets it when Request Options has none). */
const DEFAULT_TIMEOUT_MS = 300_000;

/**
 * One item of an operation (index.ts `operationRouting`): its channel, its run, its output items.
 * Its requests go through n8n's own routing request (`makeRoutingRequest`), so what n8n adds to
 * them stays: the node's Request Options (timeout, proxy, ignoring SSL issues) and the credential
 * it already decrypted; the routing's postReceive (index.ts `captureResponse`) hands back the
 * whole response. The Timeout bounds each attempt, body included; the execution's cancel signal
 * (where the host's n8n has `getExecutionCancelSignal`) stops it all. The node's Options are the
 * limits: a whole number at least its least value, else the default.
 */
export async function runOperation(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	situation: ErrorSituation,
	run: Run,
): Promise<INodeExecutionData[]> {
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const limits = { ...DEFAULT_LIMITS };
	for (const [option, limit, least, unitMs] of LIMIT_OPTIONS) {
		const value = Number(options[option]);
		if (Number.isFinite(value) && value >= least) limits[limit] = Math.floor(value) * unitMs;
	}
	const timeout = Number(requestData.options.timeout);
	const timeoutMs = Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS;
	const channel: ApiChannel = {
		...situation,
		limits,
		cancelSignal: context.getExecutionCancelSignal?.(),
		deadline: { bound: 'timeout', limitMs: timeoutMs, attemptMs: timeoutMs },
		async transmit(sent) {
			const request = { ...requestData, options: { ...requestData.options, ...sent } };
			const [item] = await context.makeRoutingRequest(request);
			return item.json as unknown as ApiResponse;
		},
	};
	const routedQuery = (requestData.options.qs ?? {}) as IDataObject;
	const records = await run(context, itemRequests(channel), routedQuery);
	const pairedItem = { item: situation.itemIndex };
	const items: INodeExecutionData[] = [];
	for (const json of records) items.push({ json, pairedItem });
	return items;
}

/** A response as the pipeline reads it, from n8n's full response. */
function apiResponseOf(response: IN8nHttpFullResponse): ApiResponse {
	return {
		statusCode: response.statusCode,
		headers: (response.headers ?? {}) as IDataObject,
		body: response.body,
	};
}

/**
 * The trigger's polls and the list searches: `work` sends through n8n's authenticated request
 * helper. n8n gives neither a cancel signal: `deadline` bounds them instead.
 */
export async function runFromCode<T>(
	context: ApiContext,
	situation: ErrorSituation,
	deadline: ChannelDeadline,
	work: (requests: ItemRequests) => Promise<T>,
	limits: RequestLimits = DEFAULT_LIMITS,
): Promise<T> {
	const channel: ApiChannel = {
		...situation,
		limits,
		deadline,
		async transmit(options) {
			const response = await context.helpers.httpRequestWithAuthentication.call(
				context,
				CREDENTIAL_NAME,
				options,
			);
			return apiResponseOf(response as IN8nHttpFullResponse);
		},
	};
	return await work(itemRequests(channel));
}

/**
 * The credential's Test button (methods/credentialTest.ts): n8n hands a credential test only its
 * legacy request helper and the credential's data, so this channel adds the API root and the
 * Bearer header itself (as the credential does for every other request) and asks for the body as
 * a stream (`useStream`), read within the bound like any other response. No redirect is followed.
 */
export async function runCredentialTest<T>(
	context: ICredentialTestFunctions,
	situation: ErrorSituation,
	credentials: IDataObject,
	deadline: ChannelDeadline,
	limits: RequestLimits,
	work: (requests: ItemRequests) => Promise<T>,
): Promise<T> {
	const channel: ApiChannel = {
		...situation,
		limits,
		deadline,
		async transmit(options) {
			const response = (await context.helpers.request({
				method: options.method,
				uri: `${apiBaseUrl(String(credentials.baseUrl ?? ''))}${options.url}`,
				qs: options.qs,
				body: options.body,
				headers: {
					...(options.headers as IDataObject),
					Authorization: `Bearer ${String(credentials.apiKey ?? '')}`,
				},
				followRedirect: false,
				followAllRedirects: false,
				simple: false,
				resolveWithFullResponse: true,
				useStream: true,
				timeout: deadline.attemptMs,
				agentOptions: options.agentOptions,
			})) as IN8nHttpFullResponse;
			return apiResponseOf(response);
		},
	};
	return await work(itemRequests(channel));
}
