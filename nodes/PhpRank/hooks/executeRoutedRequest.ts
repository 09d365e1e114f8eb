import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
	NodeApiError,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { CreateOrRerunApi, ReportListPage } from '../operations/createOrRerun';
import { createOrRerunOnce, isAnswerLost, markAnswerLost } from '../operations/createOrRerun';
import { apiFailureError, ownOrTransportError, RATE_LIMIT_MESSAGE } from './apiErrors';
import { maxAgeHoursFrom } from './inputChecks';
import { createOrRerunOutput, finishOutput, needsPreviousState } from './outputShape';
import { collectPages } from './pagedList';
import type { ListEnvelope } from './pagePlan';
import { planPages } from './pagePlan';
import type { PolicyTrace, RequestLimits } from './requestPolicy';
import { DEFAULT_LIMITS, gateFor, sendWithPolicy } from './requestPolicy';

type RequestData = DeclarativeRestApiSettings.ResultOptions;

function whole(value: unknown, fallback: number, min: number): number {
	const number = Number(value);
	return Number.isFinite(number) && number >= min ? Math.floor(number) : fallback;
}

/** The node's "Options" as limits; absent or unusable values fall back to the defaults. */
function limitsOf(context: IExecutePaginationFunctions): RequestLimits {
	const options = context.getNodeParameter('options', {}) as IDataObject;
	return {
		maxParallel: whole(options.maxParallelRequests, DEFAULT_LIMITS.maxParallel, 1),
		retries: whole(options.retries, DEFAULT_LIMITS.retries, 0),
		maxRateLimitWaitMs:
			whole(options.maxRateLimitWait, DEFAULT_LIMITS.maxRateLimitWaitMs / 1000, 0) * 1000,
	};
}

/** An error worded here, for the item being run. */
function ownError(
	context: IExecutePaginationFunctions,
	message: string,
	description: string,
	httpCode: string,
): NodeApiError {
	return apiFailureError(
		context.getNode(),
		{ message, description, httpCode },
		context.getItemIndex(),
	);
}

/** Sends one routed request under the account's gate and the retry rules (hooks/requestPolicy.ts). */
async function send(
	context: IExecutePaginationFunctions,
	requestData: RequestData,
	limits: RequestLimits,
	trace?: PolicyTrace,
): Promise<INodeExecutionData[]> {
	const method = (requestData.options.method ?? 'GET') as IHttpRequestMethods;
	return await sendWithPolicy(
		gateFor(context.getNode()),
		method,
		limits,
		async () => await context.makeRoutingRequest(requestData),
		{
			// Marked, so Create or Re-Run can tell this case apart (operations/createOrRerun.ts).
			notResent: (_error, reason) =>
				markAnswerLost(
					ownError(
						context,
						'phpRank may have created the report, but its answer was lost',
						`The request reached phpRank but no usable answer came back (${reason}). The node does not send a Create again, so no duplicate report is made: look for the report (Get Many with Search URL) before creating it again.`,
						reason.startsWith('HTTP ') ? reason.slice(5) : 'none',
					),
				),
			waitedTooLong: () =>
				ownError(
					context,
					RATE_LIMIT_MESSAGE,
					`Waited ${limits.maxRateLimitWaitMs / 1000} s in total for phpRank's rate limit (Options → Max Wait for Rate Limit) and gave up; phpRank did not process this request.`,
					'429',
				),
		},
		trace,
	);
}

function asEnvelope(json: unknown, context: IExecutePaginationFunctions): ListEnvelope {
	const envelope = json as ListEnvelope | undefined;
	if (!envelope || !Array.isArray(envelope.data)) {
		throw new NodeOperationError(
			context.getNode(),
			'phpRank sent a list without its "data" array',
			{
				itemIndex: context.getItemIndex(),
				description: 'The answer does not look like a phpRank list; check the Base URL.',
			},
		);
	}
	return envelope;
}

/**
 * Get Many: pages through the list with every filter and sort of the routed request kept (the
 * query is copied and extended, never replaced), as planned from Return All and Limit.
 */
async function fetchList(
	context: IExecutePaginationFunctions,
	requestData: RequestData,
	limits: RequestLimits,
): Promise<IDataObject[]> {
	const returnAll = context.getNodeParameter('returnAll', false) as boolean;
	const limit = returnAll ? 0 : (context.getNodeParameter('limit', 50) as number);
	const fetchPage = async (page: number, perPage: number) => {
		const qs = { ...requestData.options.qs, per_page: perPage, page };
		const [answer] = await send(
			context,
			{ ...requestData, options: { ...requestData.options, qs } },
			limits,
		);
		const envelope = asEnvelope(answer?.json, context);
		// Each page in its output shape as it arrives (Simplify, project averages): a Return All
		// then never holds every raw record and every output record at once.
		return { ...envelope, data: finishOutput(context, 'getAll', envelope.data as IDataObject[]) };
	};
	const { sort_by: sortBy, sort } = requestData.options.qs ?? {};
	const newestFirst =
		(sortBy === undefined || sortBy === 'id') && (sort === undefined || sort === 'desc');
	return await collectPages(fetchPage, { plan: planPages(returnAll, limit), newestFirst });
}

/** Single-record answers wrap the record in `data`; the item is the record itself. */
function singleResult(json: IDataObject): IDataObject {
	return (json.data ?? json) as IDataObject;
}

/** Delete answers `{id, object, deleted, status}`; the item keeps what a workflow uses. */
function deletionResult(json: IDataObject): IDataObject {
	return { id: json.id, deleted: json.deleted === true };
}

/** The record before an Update changes it: the same path, read with GET. */
async function readCurrent(
	context: IExecutePaginationFunctions,
	requestData: RequestData,
	limits: RequestLimits,
): Promise<IDataObject> {
	const headers = { ...(requestData.options.headers as IDataObject) };
	delete headers['Content-Type'];
	const readOptions = { ...requestData.options, method: 'GET' as const, body: undefined, headers };
	const [answer] = await send(context, { ...requestData, options: readOptions }, limits);
	return singleResult((answer?.json ?? {}) as IDataObject);
}

/**
 * Deletes; when a repeat follows an attempt phpRank may have carried out, its 404 means the
 * first attempt deleted the record.
 */
async function deleteRecord(
	context: IExecutePaginationFunctions,
	requestData: RequestData,
	limits: RequestLimits,
): Promise<IDataObject> {
	const trace: PolicyTrace = { resentAfterPossibleSuccess: false };
	try {
		const [answer] = await send(context, requestData, limits, trace);
		return deletionResult((answer?.json ?? {}) as IDataObject);
	} catch (error) {
		const deletedEarlier =
			trace.resentAfterPossibleSuccess && (error as { httpCode?: string }).httpCode === '404';
		if (!deletedEarlier) throw safeError(context, error);
		const path = String(requestData.options.url ?? '');
		const id = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
		// Report ids are numbers in phpRank's answers; project ids are names.
		return { id: /^[0-9]+$/.test(id) ? Number(id) : id, deleted: true };
	}
}

/**
 * Create or Re-Run's requests (operations/createOrRerun.ts) as this executor sends them: the
 * routed request is the item's Create (its form built and checked by sendCreateForm).
 */
function createOrRerunApi(
	context: IExecutePaginationFunctions,
	requestData: RequestData,
	limits: RequestLimits,
): CreateOrRerunApi {
	const sendOne = async (options: Partial<RequestData['options']>) => {
		const [answer] = await send(
			context,
			{ ...requestData, options: { ...requestData.options, ...options } },
			limits,
		);
		return answer?.json;
	};
	return {
		listPage: async (search, page, perPage) => {
			const headers = { ...(requestData.options.headers as IDataObject) };
			delete headers['Content-Type'];
			const qs = { search_by: 'url', search, sort_by: 'id', sort: 'desc', per_page: perPage, page };
			const json = await sendOne({ method: 'GET', url: '/reports', qs, body: undefined, headers });
			return asEnvelope(json, context) as ReportListPage;
		},
		create: async () => {
			try {
				return { created: singleResult((await sendOne({})) as IDataObject) };
			} catch (error) {
				if (isAnswerLost(error)) return { answerLost: error as Error };
				throw safeError(context, error);
			}
		},
		// The routed Create's headers already carry the form content type.
		rerun: async (id) =>
			singleResult(
				(await sendOne({
					method: 'PATCH',
					url: `/reports/${id}`,
					body: 'results=1',
				})) as IDataObject,
			),
		now: () => Date.now(),
	};
}

/** The records an operation outputs, shaped by the output options (hooks/outputShape.ts). */
async function runOperation(
	context: IExecutePaginationFunctions,
	operation: string,
	requestData: RequestData,
): Promise<IDataObject[]> {
	const limits = limitsOf(context);
	// Get Many shapes page by page; a deletion's record has no output options.
	if (operation === 'getAll') return await fetchList(context, requestData, limits);
	if (operation === 'delete') return [await deleteRecord(context, requestData, limits)];
	if (operation === 'createOrRerun') {
		// One run's items naming the same page share one outcome; the run's execute data scopes them.
		const url = new URLSearchParams(String(requestData.options.body)).get('url') ?? '';
		const maxAgeHours = maxAgeHoursFrom(context.getNodeParameter('maxAgeHours', 0));
		const api = createOrRerunApi(context, requestData, limits);
		const outcome = await createOrRerunOnce(
			context.getExecuteData() ?? {},
			{ url, maxAgeHours },
			api,
		);
		return [createOrRerunOutput(context, outcome)];
	}
	const previous = needsPreviousState(context, operation)
		? await readCurrent(context, requestData, limits)
		: undefined;
	const [answer] = await send(context, requestData, limits);
	const record = singleResult((answer?.json ?? {}) as IDataObject);
	return finishOutput(context, operation, [record], previous);
}

/** Errors this package worded pass unchanged; anything else is reworded without its request data. */
function safeError(context: IExecutePaginationFunctions, error: unknown): Error {
	if (error instanceof NodeOperationError) return error;
	return ownOrTransportError(context.getNode(), error, context.getItemIndex());
}

/**
 * n8n calls this for every request of the node (each operation sets `paginate`), so one place
 * owns how requests are made: spacing and retries, paging for Get Many, the shape of answers,
 * and errors free of request data.
 */
export async function executeRoutedRequest(
	this: IExecutePaginationFunctions,
	requestData: RequestData,
): Promise<INodeExecutionData[]> {
	const operation = this.getNodeParameter('operation') as string;
	let records: IDataObject[];
	try {
		records = await runOperation(this, operation, requestData);
	} catch (error) {
		throw safeError(this, error);
	}
	const pairedItem = { item: this.getItemIndex() };
	return records.map((json) => ({
		json,
		pairedItem,
	}));
}
