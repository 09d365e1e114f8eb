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
	INodePropertyRouting,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { apiBaseUrl } from '../shared/apiBaseUrl';
import { CREDENTIAL_NAME } from '../shared/constants';
import { InvalidInput } from '../shared/inputChecks';
import { loadedOnce } from '../shared/loadedOnce';
import { pageRefusalOf, PipelineFailure } from './failure';
import type { ErrorSituation } from './itemFailure';
import type { ChannelDeadline, RequestLimits } from './limits';
import { DEFAULT_LIMITS, DEFAULT_TIMEOUT_MS } from './limits';
import type { CollectOptions, ListEnvelope, PagePosition } from './paging';
import type { ItemRequests } from './pipeline';
import { withoutUserinfo } from './redaction';
import type { ApiChannel, RequestHooks } from './request';
import type { ApiResponse } from './response';

/**
 * The transport's entry point for every request to phpRank (a site's own files and pages are
 * fetched by Audit Site with the transport's parts: auditSite/siteFetch.ts, pageStatus.ts). An
 * operation declares its routing with `operationRouting` and runs with the item's requests; the trigger's polls and the list searches run with
 * `sendFromCode`, the credential's Test with `sendForCredentialTest`. Each makes its channel here,
 * the way n8n is asked to send one attempt (the rest of a request is the pipeline's), and every
 * request goes through the pipeline (pipeline.ts: the account's gate, retries, deadlines, Stop;
 * paging.ts: the one page loop). Whatever fails becomes n8n's error once, here, where the run
 * meets n8n (`nodeErrorOf`: the words of failureWording.ts, without secrets by redaction.ts).
 * The routed and the code channels leave the base URL to the credential, which sets its site's
 * API root and the Bearer header (credentials/PhpRankApi.credentials.ts). docs/architecture.md,
 * "A declarative node with one routing hook", says why; docs/internals.md walks through a Get.
 */

export type {
	ChannelDeadline,
	CollectOptions,
	ErrorSituation,
	ItemRequests,
	ListEnvelope,
	PagePosition,
	RequestLimits,
};
export { DEFAULT_LIMITS, DEFAULT_TIMEOUT_MS, deadlineFrom } from './limits';
export { withoutUserinfo };
export { collectPages, firstPageOf, isLastPage, LARGEST_PAGE_SIZE, planPages } from './paging';
export { untilCanceled } from './abort';
export { failedForItsRecordOnly } from './failure';

/**
 * The transport at run time (pipeline.ts, and with it the account's gate, the reading of
 * responses and the wording of failures), loaded at the first request, once
 * (shared/loadedOnce.ts): n8n loads every installed package when it starts, and showing the node
 * needs only the routing below (bench section 4, the cold require()).
 */
const pipelineModule = loadedOnce(async () => await import('./pipeline'));

/** The n8n contexts that make their own requests: list searches, the trigger's polls. */
export type ApiContext = FunctionsBase & {
	helpers: {
		httpRequestWithAuthentication(
			credentialsType: string,
			requestOptions: IHttpRequestOptions,
		): Promise<unknown>;
	};
};

/** What an item's errors name: its node, its index, and its credential when a message needs it. */
export function itemSituation(
	context: Pick<ApiContext, 'getNode' | 'getCredentials'>,
	itemIndex: number,
): ErrorSituation {
	return {
		node: context.getNode(),
		itemIndex,
		credential: async () => await context.getCredentials<IDataObject>(CREDENTIAL_NAME),
	};
}

/**
 * One page's failure in a run of many (Audit Site): the message of its n8n error, for the page's
 * item; a failure every page would meet (`failsEveryPage`) is thrown again, and fails the run.
 */
export async function pageFailureMessage(
	context: IExecutePaginationFunctions,
	error: unknown,
): Promise<string> {
	if (failsEveryPage(error)) throw error;
	return (await nodeErrorOf(itemSituation(context, context.getItemIndex()), error)).message;
}

/**
 * Where the run meets n8n: the n8n error an item shows for what went wrong while its requests ran,
 * made once. A Failure becomes a NodeApiError in the words of failureWording.ts, naming the Base
 * URL, without secrets (itemFailure.ts `failureTextOf`); a refused parameter (InvalidInput) a
 * NodeOperationError naming the field to correct. Other errors pass unchanged.
 */
export async function nodeErrorOf(situation: ErrorSituation, error: unknown): Promise<Error> {
	const { node, itemIndex } = situation;
	if (error instanceof InvalidInput) {
		return new NodeOperationError(node, error.message, {
			itemIndex,
			description: `Check the "${error.field}" field of this node.`,
		});
	}
	if (!(error instanceof PipelineFailure)) return error as Error;
	const text = await (await pipelineModule()).failureTextOf(situation, error);
	return new NodeApiError(node, { message: text.message } as JsonObject, { ...text, itemIndex });
}

/**
 * What an operation does for one item: reads its parameters once, checks them (a refused value
 * is thrown as InvalidInput, shared/inputChecks.ts), sends its requests and returns its output
 * records. `item` is what the routing has already read of the item, handed down so that no
 * parameter is read twice: `query`, the query n8n's routing built from the operation's routed
 * fields, and `options`, the item's Options collection (its limits are the transport's, the rest
 * the operation's).
 */
export type OperationRun = (
	context: IExecutePaginationFunctions,
	requests: ItemRequests,
	item: RoutedItem,
) => Promise<IDataObject[]>;

/** What the routing read of an item before its operation's run. */
export interface RoutedItem {
	query: IDataObject;
	options: IDataObject;
}

/** The node's "Options" that are limits: option, limit, the least value, the unit in ms (or 1). */
const LIMIT_OPTIONS: ReadonlyArray<[string, keyof RequestLimits, number, number]> = [
	['maxParallelRequests', 'maxParallel', 1, 1],
	['retries', 'retries', 0, 1],
	['maxRateLimitWait', 'maxRateLimitWaitMs', 0, 1000],
];

/**
 * The routing of one operation option. n8n merges an option's `routing.operations` into the
 * item's request operations, and because of `paginate` hands the routed request (the routed
 * query, the node's Request Options) to `pagination`: here, the item's channel and the
 * operation's run, whose records become the item's output, paired with its input item. The run
 * states each request's method and path itself (an `ApiRequest`, shared/apiRequest.ts), once: the pipeline sends
 * exactly that (pipeline.ts `apiRequestOptions`), so the routing declares none. The requests go
 * through n8n's own routing request (`makeRoutingRequest`), so what n8n adds to them stays: the
 * node's Request Options (timeout, proxy, ignoring SSL issues) and the credential it already
 * decrypted; `captureResponse` hands back the whole response of each attempt. The Timeout bounds
 * each attempt, body included; the execution's cancel signal (where the host's n8n has
 * `getExecutionCancelSignal`) stops it all. The node's Options are the limits: a whole number at
 * least its least value, else the default.
 */
export function operationRouting(run: OperationRun): INodePropertyRouting {
	return {
		send: { paginate: true },
		operations: {
			async pagination(
				this: IExecutePaginationFunctions,
				requestData: DeclarativeRestApiSettings.ResultOptions,
			): Promise<INodeExecutionData[]> {
				const situation = itemSituation(this, this.getItemIndex());
				try {
					const options = this.getNodeParameter('options', {}) as IDataObject;
					const limits = { ...DEFAULT_LIMITS };
					for (const [option, limit, least, unitMs] of LIMIT_OPTIONS) {
						const value = Number(options[option]);
						if (Number.isFinite(value) && value >= least)
							limits[limit] = Math.floor(value) * unitMs;
					}
					// the node's Timeout (Request Options), read once for the item: its requests' and its
					// run's (ItemRequests.attemptMs: Audit Site's files and pages of the site)
					const timeout = Number(requestData.options.timeout);
					const timeoutMs = Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS;
					// its Proxy and Ignore SSL Issues, as n8n's routing checked and read them for the item
					// (an invalid Proxy fails there, before this): the run's too (ItemRequests.connection)
					const { proxy, skipSslCertificateValidation: skipSsl } = requestData.options;
					const channel: ApiChannel = {
						...situation,
						limits,
						cancelSignal: this.getExecutionCancelSignal?.(),
						deadline: { bound: 'timeout', limitMs: timeoutMs, attemptMs: timeoutMs },
						connection: { proxy, skipSslCertificateValidation: skipSsl === true },
						transmit: async (sent) => {
							const request = { ...requestData, options: { ...requestData.options, ...sent } };
							return (await this.makeRoutingRequest(request))[0].json as unknown as ApiResponse;
						},
					};
					const requests = (await pipelineModule()).itemRequests(channel);
					const query = (requestData.options.qs ?? {}) as IDataObject;
					const records = await run(this, requests, { query, options });
					const pairedItem = { item: situation.itemIndex };
					const items: INodeExecutionData[] = [];
					for (const json of records) items.push({ json, pairedItem });
					return items;
				} catch (error) {
					throw await nodeErrorOf(situation, error);
				}
			},
		},
		output: { postReceive: [captureResponse] },
	};
}

/**
 * postReceive of every operation: hands the whole response of n8n's routing request (status,
 * headers, body) back to the pipeline, which reads every response itself.
 */
async function captureResponse(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const { statusCode, headers, body } = response;
	return [{ json: { statusCode, headers: headers ?? {}, body } as unknown as IDataObject }];
}

/**
 * The trigger's polls and the list searches: `work` sends through n8n's authenticated request
 * helper, all of it within `deadline` (n8n gives neither a cancel signal).
 */
export async function sendFromCode<T>(
	context: ApiContext,
	deadline: ChannelDeadline,
	work: (requests: ItemRequests) => Promise<T>,
	limits?: RequestLimits,
): Promise<T> {
	const situation = itemSituation(context, 0);
	const channel: ApiChannel = {
		...situation,
		limits: limits ?? DEFAULT_LIMITS,
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
	try {
		return await work((await pipelineModule()).itemRequests(channel));
	} catch (error) {
		throw await nodeErrorOf(situation, error);
	}
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
 * The credential's Test button (methods/credentialTest.ts): `work` sends with the credential's data,
 * all of it within `deadline`. n8n hands a credential test only its legacy request helper and the
 * credential's data, so this channel adds the API root and the Bearer header itself (as the
 * credential does for every other request) and asks for the body as a stream (`useStream`), read
 * within the bound like any other response. No redirect is followed. What fails is n8n's error,
 * worded as everywhere.
 */
export async function sendForCredentialTest<T>(
	context: ICredentialTestFunctions,
	credentials: IDataObject,
	deadline: ChannelDeadline,
	limits: RequestLimits,
	work: (requests: ItemRequests) => Promise<T>,
): Promise<T> {
	const situation: ErrorSituation = {
		node: CREDENTIAL_TEST_NODE,
		itemIndex: 0,
		credential: async () => credentials,
	};
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
	try {
		return await work((await pipelineModule()).itemRequests(channel));
	} catch (error) {
		throw await nodeErrorOf(situation, error);
	}
}

/**
 * Whether a Create failed after phpRank may have stored the report (its answer was lost): Create
 * or Re-Run looks the page up again then, before the failure becomes the item's error.
 */
export function isAnswerLost(error: unknown): error is PipelineFailure {
	return error instanceof PipelineFailure && error.failure.type === 'answerLost';
}

/** Whether a request failed because its execution was stopped (Stop, the execution's timeout). */
export function isCanceled(error: unknown): error is PipelineFailure {
	return error instanceof PipelineFailure && error.failure.type === 'canceled';
}

/** What a run knows of the account's plan: whether phpRank has answered that it is full. */
export interface PlanState {
	full: boolean;
}

/**
 * A Create's hooks (pipeline.ts `beforeSend`, `onRefusal`) that keep it within the plan: its
 * answer "You created too many reports." marks the plan full before the next request gets its
 * place at the gate, and a Create is not sent once it is (it fails with the same words).
 */
export function withinPlan(plan: PlanState): RequestHooks {
	return {
		beforeSend: () => {
			if (plan.full) throw new PipelineFailure({ type: 'planFull' });
		},
		onRefusal: (failure) => {
			if (pageRefusalOf(failure)?.kind === 'planFull') plan.full = true;
		},
	};
}

/** Failures that every page's request would meet alike: the run, not one page, fails. */
const EVERY_REQUEST: ReadonlySet<string> = new Set([
	'canceled',
	'notSent',
	'redirect',
	'webPage',
	'rateLimitTooLong',
	'rateLimitWaitedOut',
]);

/**
 * Whether a failure of one page's requests would be every page's (Project → Audit Site): Stop, the
 * credential (401, a plan without API access), the Base URL (phpRank unreachable, a redirect, a web
 * page or no API there), the rate limit beyond its wait, a field refused before anything was sent.
 * Anything else is the page's own: phpRank could not fetch it, its plan is full, a server error
 * after the retries, a lost answer, a report deleted meanwhile.
 */
export function failsEveryPage(error: unknown): boolean {
	if (error instanceof InvalidInput) return true;
	if (!(error instanceof PipelineFailure)) return true;
	const { failure } = error;
	if (EVERY_REQUEST.has(failure.type)) return true;
	if (failure.type !== 'httpError') return false;
	const { statusCode, webPage, serverMessage, subject } = failure;
	if (statusCode === 401 || webPage) return true;
	if (statusCode === 403) return serverMessage.includes('feature') || !subject;
	return statusCode === 404 && subject?.id === undefined;
}
