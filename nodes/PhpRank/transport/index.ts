import type {
	DeclarativeRestApiSettings,
	ICredentialTestFunctions,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INode,
	INodeExecutionData,
	INodePropertyRouting,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { InvalidInput } from '../shared/inputChecks';
import type { ApiContext } from './channels';
import { pageRefusalOf, PipelineFailure } from './failure';
import type { ChannelDeadline, RequestLimits } from './limits';
import type { CollectOptions, ListEnvelope, PagePosition } from './paging';
import type { ApiChannel, ApiRequest } from './pipeline';
import { redactSecrets, userinfoSecrets, withoutUserinfo } from './redaction';
import type { SiteFetch, SiteSender } from './siteFetch';

/**
 * The transport's one entry point. An operation declares its routing with `operationRouting`
 * and runs with the item's requests; the trigger's polls and the list searches run with
 * `sendFromCode`. Either way every request goes through the pipeline (pipeline.ts: the account's
 * gate, retries, deadlines, Stop; paging.ts: the one page loop), and whatever fails becomes
 * n8n's error once, here, where the run meets n8n (`nodeErrorOf`: the words of
 * failureWording.ts, without secrets by redaction.ts). docs/architecture.md walks through it.
 *
 * The channels and the pipeline (channels.ts, pipeline.ts, accountGate.ts) are imported where a
 * request is about to go, not at the top: n8n loads every installed package when it starts, and
 * showing the node needs only the routing below (bench section 4, the cold require()).
 */

export type {
	ApiRequest,
	ChannelDeadline,
	CollectOptions,
	ListEnvelope,
	PagePosition,
	RequestLimits,
};
export { DEFAULT_LIMITS, deadlineFrom } from './limits';
export { withoutUserinfo };
export { collectPages, firstPageOf, isLastPage, LARGEST_PAGE_SIZE, planPages } from './paging';
export { untilCanceled } from './abort';
export type { SiteFetch, SiteSender };

/**
 * The pipeline and the channels, imported at the first request and then kept: every request and
 * response of every item asks for them (a cached `import()` still resolves its path, about 7 µs).
 */
let pipelineModule: Promise<typeof import('./pipeline')> | undefined;
let channelsModule: Promise<typeof import('./channels')> | undefined;
const pipeline = async () => await (pipelineModule ??= import('./pipeline'));
const channels = async () => await (channelsModule ??= import('./channels'));

/** The requests one item may send, each through the pipeline. A failure is thrown as a PipelineFailure. */
export interface ItemRequests {
	/** A single record (Get, Create, Update): the report or project itself. */
	record(request: ApiRequest): Promise<IDataObject>;
	/** A deletion: `{ id, deleted }`. */
	deletion(request: ApiRequest): Promise<IDataObject>;
	/**
	 * One page of a list, as phpRank's paginator sends it: as `request` asks, or, with `at`, page
	 * `at.page` of `at.perPage` records (for a caller's own fetcher of collectPages).
	 */
	page(request: ApiRequest, at?: PagePosition): Promise<ListEnvelope>;
	/**
	 * A whole list (or as much as `options.plan` asks for), every filter on every page;
	 * `shapePage` turns each page's records into what is kept, as they arrive.
	 */
	list(
		url: string,
		qs: IDataObject | undefined,
		options: CollectOptions,
		shapePage?: (records: IDataObject[]) => IDataObject[],
	): Promise<IDataObject[]>;
	/**
	 * A single record, or, when its request failed for that record only (`failedForItsRecordOnly`,
	 * after the retries), what the item's error would say of it (failureWording.ts, no secrets): for
	 * an operation that reports one record's failure in its output and goes on (Validate Fix). Any
	 * other failure is thrown, as by `record`.
	 */
	recordOrFailure(request: ApiRequest): Promise<{ record: IDataObject } | { failure: string }>;
}

function itemRequests(channel: ApiChannel): ItemRequests {
	return {
		record: async (request) => await (await pipeline()).readRecord(channel, request),
		deletion: async (request) => await (await pipeline()).deleteRecord(channel, request),
		page: async (request, at) => await (await pipeline()).readPage(channel, request, at),
		list: async (url, qs, options, shapePage) =>
			await (await pipeline()).readList(channel, url, qs, options, shapePage),
		recordOrFailure: async (request) =>
			await (await pipeline()).readRecord(channel, request).then(
				(record) => ({ record }),
				async (error: unknown) => {
					if (!failedForItsRecordOnly(error)) throw error;
					return { failure: (await nodeErrorOf(channel, error)).message };
				},
			),
	};
}

/** Where a failure happened, for its wording: the node, the item, and the credential it used. */
export interface ErrorSituation {
	node: INode;
	itemIndex: number;
	/** The credential, read only when a failure is described: its Base URL is named, its key removed. */
	credential(): Promise<IDataObject>;
}

/**
 * Where the run meets n8n: the n8n error an item shows for what went wrong while its requests ran,
 * made once. A Failure becomes a NodeApiError in the words of failureWording.ts, naming the Base
 * URL; a refused parameter (InvalidInput) a NodeOperationError naming the field to correct. What
 * a Failure shows passes through the secret filter: phpRank (or a proxy) may echo the request,
 * key and password included (the failure carries its request's secrets). Other errors pass
 * unchanged.
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
	let credential: IDataObject = {};
	try {
		credential = await situation.credential();
	} catch {
		// Without the credential the wording names no Base URL; the failure itself still shows.
	}
	const typedBaseUrl = String(credential.baseUrl ?? '').trim();
	// The Base URL is named without its userinfo (`https://user:password@host`), whose parts are
	// removed wherever else they appear.
	const allSecrets = [
		typeof credential.apiKey === 'string' ? credential.apiKey : undefined,
		...error.secrets,
		...userinfoSecrets(typedBaseUrl),
	];
	const { describeFailure } = await import('./failureWording');
	const text = describeFailure(error.failure, { baseUrl: withoutUserinfo(typedBaseUrl) });
	const message = redactSecrets(text.message, allSecrets);
	return new NodeApiError(node, { message } as JsonObject, {
		message,
		description: redactSecrets(text.description, allSecrets),
		httpCode: text.httpCode,
		itemIndex,
	});
}

/** Runs `work` with the channel's requests; what fails becomes n8n's error for the item, once. */
async function withNodeErrors<T>(
	channel: ApiChannel,
	work: (requests: ItemRequests) => Promise<T>,
) {
	try {
		return await work(itemRequests(channel));
	} catch (error) {
		throw await nodeErrorOf(channel, error);
	}
}

/**
 * What an operation does for one item: reads its parameters once, checks them (a refused value
 * is thrown as InvalidInput, shared/inputChecks.ts), sends its requests and returns its output
 * records. `routedQuery` is the query n8n's routing built from the operation's routed fields.
 */
export type OperationRun = (
	context: IExecutePaginationFunctions,
	requests: ItemRequests,
	routedQuery: IDataObject,
) => Promise<IDataObject[]>;

/**
 * The routing of one operation option. n8n merges an option's `routing.operations` into the
 * item's request operations, and because of `paginate` hands the routed request (the routed
 * query, the node's Request Options) to `pagination`: here, the operation's run, whose records
 * become the item's output, paired with its input item. The run states each request's method and
 * path itself (an `ApiRequest`), once: the pipeline sends exactly that (pipeline.ts `wireOptions`),
 * so the routing declares none. `captureResponse` gives the pipeline the whole response of each
 * attempt sent through n8n's routing request.
 */
export function operationRouting(run: OperationRun): INodePropertyRouting {
	return {
		send: { paginate: true },
		operations: {
			async pagination(
				this: IExecutePaginationFunctions,
				requestData: DeclarativeRestApiSettings.ResultOptions,
			): Promise<INodeExecutionData[]> {
				const { limitsOf, routedChannel } = await channels();
				const channel = routedChannel(this, requestData, limitsOf(this));
				const routedQuery = (requestData.options.qs ?? {}) as IDataObject;
				const records = await withNodeErrors(
					channel,
					async (requests) => await run(this, requests, routedQuery),
				);
				const pairedItem = { item: this.getItemIndex() };
				return records.map((json) => ({ json, pairedItem }));
			},
		},
		output: { postReceive: [captureResponse] },
	};
}

/** channels.ts `captureResponse`, a function when n8n reads the description, loaded when called. */
async function captureResponse(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	return await (await channels()).captureResponse.call(this, items, response);
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
	const { codeChannel } = await channels();
	return await withNodeErrors(codeChannel(context, deadline, limits), work);
}

/**
 * The credential's Test button: `work` sends with the credential's data through n8n's credential-test
 * helper, all of it within `deadline`. What fails is n8n's error, worded as everywhere.
 */
export async function sendForCredentialTest<T>(
	context: ICredentialTestFunctions,
	credentials: IDataObject,
	deadline: ChannelDeadline,
	limits: RequestLimits,
	work: (requests: ItemRequests) => Promise<T>,
): Promise<T> {
	const { credentialTestChannel } = await channels();
	return await withNodeErrors(credentialTestChannel(context, credentials, deadline, limits), work);
}

/**
 * siteFetch.ts's fetch of a site's files (Audit Site), loaded at the first file it opens: it is
 * made when an item runs, and holds nothing but its arguments.
 */
export function siteFetch(
	send: SiteSender,
	cancel: AbortSignal | undefined,
	timeoutMs: number,
): SiteFetch {
	return {
		open: async (url, follow) =>
			await (await import('./siteFetch')).siteFetch(send, cancel, timeoutMs).open(url, follow),
	};
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

/** Failures of one record's request that the next record's request would not share. */
const RECORD_ONLY: ReadonlySet<string> = new Set([
	'httpError',
	'noAnswer',
	'timedOut',
	'tooLarge',
	'notJson',
	'unexpectedShape',
]);

/**
 * Whether a request failed for its record only (after the pipeline's retries): the record is gone
 * or its answer failed (a 403 or 404 for a report deleted meanwhile, a 5xx, a reset, the Timeout).
 * Stop, the rate limit, a wrong key (401) or a wrong Base URL would fail every next request too.
 */
export function failedForItsRecordOnly(error: unknown): error is PipelineFailure {
	if (!(error instanceof PipelineFailure)) return false;
	const { failure } = error;
	if (failure.type === 'httpError') return failure.statusCode !== 401;
	return RECORD_ONLY.has(failure.type);
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
export function withinPlan(plan: PlanState): Pick<ApiRequest, 'beforeSend' | 'onRefusal'> {
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
