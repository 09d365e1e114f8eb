import type {
	DeclarativeRestApiSettings,
	FunctionsBase,
	ICredentialTestFunctions,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INode,
	INodeExecutionData,
} from 'n8n-workflow';

import { apiBaseUrl } from '../shared/apiBaseUrl';
import { CREDENTIAL_NAME } from '../shared/constants';
import { untilAborted } from './abort';
import type { ChannelDeadline, RequestLimits } from './limits';
import { DEFAULT_LIMITS } from './limits';
import type { ApiChannel } from './pipeline';
import type { ApiResponse } from './response';
import { discardBody, readResponseBody } from './responseBody';

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

/** A response as the pipeline reads it, whichever way n8n sent the request. */
function capturedResponse(response: IN8nHttpFullResponse): ApiResponse {
	return {
		statusCode: response.statusCode,
		headers: (response.headers ?? {}) as IDataObject,
		body: response.body,
	};
}

/**
 * postReceive of every operation (index.ts `operationRouting`): hands the whole response (status,
 * headers, body) back from n8n's routing request to the pipeline, which reads every response itself.
 */
export async function captureResponse(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	return [{ json: capturedResponse(response) as unknown as IDataObject }];
}

function integerAtLeast(value: unknown, fallback: number, min: number): number {
	const number = Number(value);
	return Number.isFinite(number) && number >= min ? Math.floor(number) : fallback;
}

/** The node's "Options" as limits; absent or unusable values fall back to the defaults. */
export function limitsOf(context: IExecutePaginationFunctions): RequestLimits {
	const options = context.getNodeParameter('options', {}) as IDataObject;
	return {
		maxParallel: integerAtLeast(options.maxParallelRequests, DEFAULT_LIMITS.maxParallel, 1),
		retries: integerAtLeast(options.retries, DEFAULT_LIMITS.retries, 0),
		maxRateLimitWaitMs:
			integerAtLeast(options.maxRateLimitWait, DEFAULT_LIMITS.maxRateLimitWaitMs / 1000, 0) * 1000,
	};
}

/** n8n's default Timeout of a routed request (RoutingNode sets it when Request Options has none). */
const DEFAULT_TIMEOUT_MS = 300_000;

/**
 * Sends through n8n, waits at most until `signal` aborts, and reads the body within the bound
 * (responseBody.ts), which closes the connection whatever ends the read. The attempt's signal also
 * closes the connection itself (pipeline.ts `attemptOptions`), before or after the headers came;
 * a response that still arrives after the node gave up is closed as it arrives.
 */
async function sendUntil(
	work: Promise<ApiResponse>,
	signal: AbortSignal | undefined,
): Promise<ApiResponse> {
	if (!signal) return await readResponseBody(await work);
	const response = await untilAborted(work, signal).catch(async (error: unknown) => {
		void work.then(
			(late) => discardBody(late.body),
			() => undefined,
		);
		return await Promise.reject(error);
	});
	return await readResponseBody(response, signal);
}

/**
 * A routed operation's requests go through n8n's own routing request (`makeRoutingRequest`), so
 * what n8n adds to them stays: the node's Request Options (timeout, proxy, ignoring SSL issues)
 * and the credential it already decrypted. The Timeout bounds each attempt, body included; the
 * execution's cancel signal (where the host's n8n has `getExecutionCancelSignal`) stops it all.
 */
export function routedChannel(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	limits: RequestLimits,
): ApiChannel {
	const timeout = Number(requestData.options.timeout);
	const timeoutMs = Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS;
	return {
		node: context.getNode(),
		itemIndex: context.getItemIndex(),
		limits,
		cancelSignal: context.getExecutionCancelSignal?.(),
		deadline: { bound: 'timeout', limitMs: timeoutMs, attemptMs: timeoutMs },
		transmit: async (options, signal) =>
			await sendUntil(
				context
					.makeRoutingRequest({ ...requestData, options: { ...requestData.options, ...options } })
					.then(([item]) => item.json as unknown as ApiResponse),
				signal,
			),
		credential: async () => await context.getCredentials<IDataObject>(CREDENTIAL_NAME),
	};
}

/**
 * The trigger's polls and the list searches send through n8n's authenticated request helper.
 * n8n gives neither a cancel signal: `deadline` bounds them instead.
 */
export function codeChannel(
	context: ApiContext,
	deadline: ChannelDeadline,
	limits: RequestLimits = DEFAULT_LIMITS,
): ApiChannel {
	return {
		node: context.getNode(),
		itemIndex: 0,
		limits,
		deadline,
		transmit: async (options, signal) =>
			await sendUntil(
				context.helpers.httpRequestWithAuthentication
					.call(context, CREDENTIAL_NAME, options)
					.then((response) => capturedResponse(response as IN8nHttpFullResponse)),
				signal,
			),
		credential: async () => await context.getCredentials<IDataObject>(CREDENTIAL_NAME),
	};
}

/**
 * The node n8n's credential test runs for: none. The account's gate and the error's wording need
 * one; it names the credential's type, so every test shares one gate.
 */
const CREDENTIAL_TEST_NODE: INode = {
	id: 'phpRankApi-credential-test',
	name: 'phpRank credential test',
	type: CREDENTIAL_NAME,
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/**
 * The credential's Test button (methods/credentialTest.ts): n8n hands a credential test only its
 * legacy request helper and the credential's data, so this channel adds the API root and the
 * Bearer header itself (as the credential does for every other request) and asks for the body as
 * a stream (`useStream`), read within the bound like any other response. No redirect is followed.
 */
export function credentialTestChannel(
	context: ICredentialTestFunctions,
	credentials: IDataObject,
	deadline: ChannelDeadline,
	limits: RequestLimits,
): ApiChannel {
	return {
		node: CREDENTIAL_TEST_NODE,
		itemIndex: 0,
		limits,
		deadline,
		transmit: async (options, signal) =>
			await sendUntil(
				(async () => {
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
					return capturedResponse(response);
				})(),
				signal,
			),
		credential: async () => credentials,
	};
}
