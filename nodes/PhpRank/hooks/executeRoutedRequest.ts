import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
} from 'n8n-workflow';

import type { CreateOrRerunApi } from '../operations/createOrRerun';
import { createOrRerunOnce } from '../operations/createOrRerun';
import { routedChannel } from '../transport/channels';
import type { FailureSubject } from '../transport/failures';
import { failureTypeOf } from '../transport/failureError';
import { planPages } from '../transport/pagePlan';
import type { ApiChannel, ApiRequest, RequestLimits } from '../transport/pipeline';
import {
	DEFAULT_LIMITS,
	deleteRecord,
	readList,
	readPage,
	readRecord,
} from '../transport/pipeline';
import { limitFrom, maxAgeHoursFrom } from './inputChecks';
import { createOrRerunOutput, finishOutput, needsPreviousState } from './outputShape';
import { withInputCheck } from './requestInput';

type RequestData = DeclarativeRestApiSettings.ResultOptions;

function integerAtLeast(value: unknown, fallback: number, min: number): number {
	const number = Number(value);
	return Number.isFinite(number) && number >= min ? Math.floor(number) : fallback;
}

/** The node's "Options" as limits; absent or unusable values fall back to the defaults. */
function limitsOf(context: IExecutePaginationFunctions): RequestLimits {
	const options = context.getNodeParameter('options', {}) as IDataObject;
	return {
		maxParallel: integerAtLeast(options.maxParallelRequests, DEFAULT_LIMITS.maxParallel, 1),
		retries: integerAtLeast(options.retries, DEFAULT_LIMITS.retries, 0),
		maxRateLimitWaitMs:
			integerAtLeast(options.maxRateLimitWait, DEFAULT_LIMITS.maxRateLimitWaitMs / 1000, 0) * 1000,
	};
}

/**
 * What a request is about, from its path (set by the preSend hooks from the checked Report or
 * Project field): reports by their numeric ID, projects by name.
 */
function subjectOf(resource: string, url: string): FailureSubject | undefined {
	const match = /^\/(reports|projects)\/([^/?#]+)$/.exec(url);
	if (!match) return undefined;
	const id = decodeURIComponent(match[2]);
	return resource === 'project'
		? { resource: 'project', id }
		: { resource: 'report', id: Number(id) };
}

/** The routed request as the pipeline takes it: what routing and the preSend hooks made of the fields. */
function pipelineRequest(resource: string, requestData: RequestData): ApiRequest {
	const { method, url, qs, body } = requestData.options;
	const path = String(url ?? '');
	return {
		method: (method ?? 'GET') as IHttpRequestMethods,
		url: path,
		qs: qs as IDataObject | undefined,
		body: typeof body === 'string' ? body : undefined,
		subject: subjectOf(resource, path),
	};
}

/**
 * Get Many: pages through the list with every filter and sort of the routed request kept, as
 * planned from Return All and Limit; each page in its output shape as it arrives.
 */
async function fetchList(
	context: IExecutePaginationFunctions,
	channel: ApiChannel,
	request: ApiRequest,
): Promise<IDataObject[]> {
	const returnAll = context.getNodeParameter('returnAll', false) as boolean;
	const limit = returnAll
		? 0
		: withInputCheck(context, () => limitFrom(context.getNodeParameter('limit', 50)));
	const { sort_by: sortBy, sort } = request.qs ?? {};
	const newestFirst =
		(sortBy === undefined || sortBy === 'id') && (sort === undefined || sort === 'desc');
	return await readList(
		channel,
		request.url,
		request.qs,
		{ plan: planPages(returnAll, limit), newestFirst },
		(records) => finishOutput(context, 'getAll', records),
	);
}

/**
 * Create or Re-Run's requests (operations/createOrRerun.ts) through the pipeline: the lookup, the
 * item's routed Create (its form built and checked by sendCreateForm), and a re-run. A Create
 * whose response was lost is handed back as such, told apart by its failure, not its text.
 */
function createOrRerunApi(channel: ApiChannel, create: ApiRequest): CreateOrRerunApi {
	return {
		listPage: async (search, page, perPage) =>
			await readPage(channel, {
				method: 'GET',
				url: '/reports',
				qs: { search_by: 'url', search, sort_by: 'id', sort: 'desc', per_page: perPage, page },
			}),
		create: async () =>
			await readRecord(channel, create).then(
				(created) => ({ created }),
				async (error: Error) =>
					failureTypeOf(error) === 'answerLost'
						? { answerLost: error }
						: await Promise.reject(error),
			),
		rerun: async (id) =>
			await readRecord(channel, {
				method: 'PATCH',
				url: `/reports/${id}`,
				body: 'results=1',
				subject: { resource: 'report', id },
			}),
		now: () => Date.now(),
	};
}

/** The records an operation outputs, shaped by the output options (hooks/outputShape.ts). */
async function runOperation(
	context: IExecutePaginationFunctions,
	requestData: RequestData,
): Promise<IDataObject[]> {
	const operation = context.getNodeParameter('operation') as string;
	const resource = context.getNodeParameter('resource') as string;
	const channel = routedChannel(context, requestData, limitsOf(context));
	const request = pipelineRequest(resource, requestData);
	if (operation === 'getAll') return await fetchList(context, channel, request);
	if (operation === 'delete') return [await deleteRecord(channel, request)];
	if (operation === 'createOrRerun') {
		// One run's items naming the same page share one outcome; the run's execute data scopes them.
		const url = new URLSearchParams(request.body).get('url') ?? '';
		const maxAgeHours = maxAgeHoursFrom(context.getNodeParameter('maxAgeHours', 0));
		const outcome = await createOrRerunOnce(
			context.getExecuteData() ?? {},
			{ url, maxAgeHours },
			createOrRerunApi(channel, request),
		);
		return [createOrRerunOutput(context, outcome)];
	}
	// Update with Output Changes compares with the record as it was: the same path, read first.
	const previous = needsPreviousState(context, operation)
		? await readRecord(channel, { ...request, method: 'GET', body: undefined })
		: undefined;
	const record = await readRecord(channel, request);
	return finishOutput(context, operation, [record], previous);
}

/**
 * n8n calls this for every request of the node (each operation sets `paginate`): the operation
 * runs through the request pipeline, and its records become the item's output.
 */
export async function executeRoutedRequest(
	this: IExecutePaginationFunctions,
	requestData: RequestData,
): Promise<INodeExecutionData[]> {
	const records = await runOperation(this, requestData);
	const pairedItem = { item: this.getItemIndex() };
	return records.map((json) => ({ json, pairedItem }));
}
