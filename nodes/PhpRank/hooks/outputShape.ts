import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import {
	OUTPUT_CHANGES_PARAMETER,
	SIMPLIFY_DEFAULT,
	SIMPLIFY_PARAMETER,
} from '../shared/outputFields';
import { diffReports, projectWithAverage, simplifyReport } from './simplify';

/** Report operations whose output is a report, and so can be simplified. */
const REPORT_OUTPUTS = new Set(['get', 'getAll', 'create', 'update']);

function isRecord(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function parameter(context: IExecuteSingleFunctions, name: string, fallback: unknown): unknown {
	return context.getNodeParameter(name, fallback);
}

/** Update with Re-Run Analysis and Output Changes on: the output compares before and after. */
function wantsChanges(context: IExecuteSingleFunctions, operation: string): boolean {
	return (
		operation === 'update' &&
		parameter(context, 'resource', 'report') === 'report' &&
		parameter(context, 'rerunAnalysis', false) === true &&
		parameter(context, OUTPUT_CHANGES_PARAMETER, false) === true
	);
}

/**
 * What the node outputs for the records an operation produced. The request executor calls this
 * last, for every operation; it is the one place where output options (such as a simplified
 * view) apply.
 *
 * - Report Get, Get Many, Create, Update: the simplified report when Simplify is on (the
 *   default), else the record exactly as phpRank sent it.
 * - Update with Output Changes: the same, plus `changes` (before and after, regressions, fixes).
 * - Project Get Many: each project plus `average_score` and its `label`.
 *
 * `previous` is the record as it was before an Update, when `needsPreviousState` asked for it.
 */
export function finishOutput(
	context: IExecuteSingleFunctions,
	operation: string,
	records: IDataObject[],
	previous?: IDataObject,
): IDataObject[] {
	const resource = parameter(context, 'resource', 'report');
	if (resource === 'project') {
		return operation === 'getAll'
			? records.map((record) => (isRecord(record) ? projectWithAverage(record) : record))
			: records;
	}
	if (resource !== 'report' || !REPORT_OUTPUTS.has(operation)) return records;
	const simplify = parameter(context, SIMPLIFY_PARAMETER, SIMPLIFY_DEFAULT) !== false;
	const before = isRecord(previous) && wantsChanges(context, operation) ? previous : undefined;
	return records.map((record) => {
		if (!isRecord(record)) return record;
		const view = simplify ? simplifyReport(record) : record;
		return before ? { ...view, changes: diffReports(before, record) } : view;
	});
}

/** Whether the executor must read the record before the operation changes it (Update's diff). */
export function needsPreviousState(context: IExecuteSingleFunctions, operation: string): boolean {
	return wantsChanges(context, operation);
}
