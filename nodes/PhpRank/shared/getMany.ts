import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import type { ItemRequests } from '../transport';
import { planPages } from '../transport';
import { limitFrom } from './inputChecks';

/**
 * A Get Many (reports or projects): the list at `path` with every filter and sort of the routed
 * query kept, paged as planned from Return All and Limit, each page shaped by `shape` as it
 * arrives (so a Return All never holds every raw record and every output record at once).
 */
export async function getMany(
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
