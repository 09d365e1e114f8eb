import type { IDataObject, IExecuteSingleFunctions, INodePropertyRouting } from 'n8n-workflow';

import { limitFrom } from '../shared/inputChecks';
import type { ItemRequests } from '../transport';
import { operationRouting, planPages } from '../transport';

/**
 * A Get Many (reports or projects): the list at `path` with every filter and sort of the routed
 * query kept, paged as planned from Return All and Limit, each page shaped by `shape` as it
 * arrives (so a Return All never holds every raw record and every output record at once).
 */
async function getMany(
	context: IExecuteSingleFunctions,
	requests: ItemRequests,
	path: string,
	routedQuery: IDataObject,
	shape: (record: IDataObject) => IDataObject,
): Promise<IDataObject[]> {
	const returnAll = context.getNodeParameter('returnAll', false) as boolean;
	const limit = returnAll ? 0 : limitFrom(context.getNodeParameter('limit', 50));
	const { sort_by: sortBy, sort } = routedQuery;
	const newestFirst =
		(sortBy === undefined || sortBy === 'id') && (sort === undefined || sort === 'desc');
	return await requests.list(
		path,
		routedQuery,
		{ plan: planPages(returnAll, limit), newestFirst },
		(records) => records.map(shape),
	);
}

/**
 * The routing of a Get Many option: a GET of the list at `path`, whose filters and sort n8n routes
 * as query parameters from the operation's fields; `shapeOf` gives the item's output shape of a record
 * (loaded at the run's start, report/reportModules.ts, before the first request).
 */
export function getManyRouting(
	path: string,
	shapeOf: (context: IExecuteSingleFunctions) => Promise<(record: IDataObject) => IDataObject>,
): INodePropertyRouting {
	return operationRouting(
		async (context, requests, { query }) =>
			await getMany(context, requests, path, query, await shapeOf(context)),
	);
}
