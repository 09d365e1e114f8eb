import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isOwnError, markOwnError } from './apiErrors';
import type { ListEnvelope } from './pagePlan';
import { isLastPage, planPages } from './pagePlan';

/** The key that tells two list records apart: reports by id, projects by name. */
function recordKey(record: IDataObject): string {
	return String(record.id ?? record.project ?? JSON.stringify(record));
}

function asEnvelope(json: unknown, context: IExecutePaginationFunctions): ListEnvelope {
	const envelope = json as ListEnvelope | undefined;
	if (!envelope || !Array.isArray(envelope.data)) {
		throw markOwnError(
			new NodeOperationError(context.getNode(), 'phpRank sent a list without its "data" array', {
				itemIndex: context.getItemIndex(),
				description: 'The answer does not look like a phpRank list; check the Base URL.',
			}),
		);
	}
	return envelope;
}

/**
 * Get Many: requests page after page with every filter and sort of the first request kept (the
 * query is copied, never replaced), until the limit or the last page. A record seen on an
 * earlier page (the list moved while we read it) is not output twice.
 */
async function fetchList(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const returnAll = this.getNodeParameter('returnAll', false) as boolean;
	const limit = returnAll ? 0 : (this.getNodeParameter('limit', 50) as number);
	const plan = planPages(returnAll, limit);
	const pairedItem = { item: this.getItemIndex() };
	const seen = new Set<string>();
	const items: INodeExecutionData[] = [];

	for (let page = 1; ; page++) {
		const [answer] = await this.makeRoutingRequest({
			...requestData,
			options: {
				...requestData.options,
				qs: { ...requestData.options.qs, per_page: plan.perPage, page },
			},
		});
		const envelope = asEnvelope(answer?.json, this);
		let added = 0;
		for (const record of envelope.data as IDataObject[]) {
			const key = recordKey(record);
			if (seen.has(key)) continue;
			seen.add(key);
			added++;
			items.push({ json: record, pairedItem });
			if (plan.maxItems !== undefined && items.length >= plan.maxItems) return items;
		}
		// A page of nothing new means the server ignores `page`: stop instead of looping.
		if (isLastPage(envelope, page, plan.perPage) || added === 0) return items;
	}
}

/** Delete answers `{id, object, deleted, status}`; the item keeps what a workflow uses. */
function deletionResult(json: IDataObject): IDataObject {
	return { id: json.id, deleted: json.deleted === true };
}

/** Single-record answers wrap the record in `data`; the item is the record itself. */
function singleResult(json: IDataObject): IDataObject {
	return (json.data ?? json) as IDataObject;
}

/** Errors from the HTTP layer (resets, timeouts, DNS) carry the request config: keep only a safe text. */
function transportError(context: IExecutePaginationFunctions, error: unknown): NodeApiError {
	const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
	const code = cause?.code ?? (error as { code?: string })?.code;
	const reason = code ?? cause?.message ?? (error as Error)?.message ?? 'unknown error';
	// The code goes in the description: n8n rewrites any message that contains one.
	return markOwnError(
		new NodeApiError(context.getNode(), { message: 'Could not reach phpRank' } as JsonObject, {
			message: 'Could not reach phpRank',
			description: `The request got no answer (${reason}). Check the credential's Base URL and that the phpRank site is up.`,
			httpCode: 'none',
			itemIndex: context.getItemIndex(),
		}),
	);
}

/** Errors this package worded pass unchanged; anything else is reworded without its request data. */
function safeError(
	context: IExecutePaginationFunctions,
	error: unknown,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeOperationError) return error;
	if (error instanceof NodeApiError && isOwnError(error)) return error;
	return transportError(context, error);
}

/**
 * n8n calls this for every request of the node (each operation sets `paginate`), so one place
 * owns how requests are made: paging for Get Many, the shape of single answers, and errors.
 */
export async function executeRoutedRequest(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	try {
		const operation = this.getNodeParameter('operation') as string;
		if (operation === 'getAll') return await fetchList.call(this, requestData);
		const [answer] = await this.makeRoutingRequest(requestData);
		const json = (answer?.json ?? {}) as IDataObject;
		const result = operation === 'delete' ? deletionResult(json) : singleResult(json);
		return [{ json: result, pairedItem: { item: this.getItemIndex() } }];
	} catch (error) {
		throw safeError(this, error);
	}
}
