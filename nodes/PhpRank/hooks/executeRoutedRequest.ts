import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isOwnError, markOwnError } from './apiErrors';
import type { ListEnvelope } from './pagePlan';
import { planPages } from './pagePlan';
import { collectPages } from './pagedList';
import { transportFailure } from '../transport/apiRequest';

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
 * Get Many: pages through the list with every filter and sort of the routed request kept (the
 * query is copied and extended, never replaced), as planned from Return All and Limit.
 */
async function fetchList(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const returnAll = this.getNodeParameter('returnAll', false) as boolean;
	const limit = returnAll ? 0 : (this.getNodeParameter('limit', 50) as number);
	const fetchPage = async (page: number, perPage: number) => {
		const [answer] = await this.makeRoutingRequest({
			...requestData,
			options: { ...requestData.options, qs: { ...requestData.options.qs, per_page: perPage, page } },
		});
		return asEnvelope(answer?.json, this);
	};
	const records = await collectPages(fetchPage, { plan: planPages(returnAll, limit) });
	const pairedItem = { item: this.getItemIndex() };
	return records.map((json) => ({ json, pairedItem }));
}

/** Delete answers `{id, object, deleted, status}`; the item keeps what a workflow uses. */
function deletionResult(json: IDataObject): IDataObject {
	return { id: json.id, deleted: json.deleted === true };
}

/** Single-record answers wrap the record in `data`; the item is the record itself. */
function singleResult(json: IDataObject): IDataObject {
	return (json.data ?? json) as IDataObject;
}

/** Errors this package worded pass unchanged; anything else is reworded without its request data. */
function safeError(
	context: IExecutePaginationFunctions,
	error: unknown,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeOperationError) return error;
	if (error instanceof NodeApiError && isOwnError(error)) return error;
	return transportFailure(context, error, context.getItemIndex());
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
