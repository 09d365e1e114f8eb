import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { SIMPLIFY_DEFAULT, SIMPLIFY_PARAMETER } from '../shared/fields';
import { isRecord } from '../shared/isRecord';
import { simplifyReport } from './simplify';

/** How an item's output shows each report (`reportView`). */
export type ReportView = (record: IDataObject) => IDataObject;

/**
 * How an operation that outputs reports shows each one, Simplify read once for the item: the
 * simplified report when Simplify is on (the default), else the record exactly as phpRank sent
 * it. Anything that is not a record passes unchanged.
 */
export function reportView(context: IExecuteSingleFunctions): ReportView {
	const simplify = context.getNodeParameter(SIMPLIFY_PARAMETER, SIMPLIFY_DEFAULT) !== false;
	return (record) => (simplify && isRecord(record) ? simplifyReport(record) : record);
}
