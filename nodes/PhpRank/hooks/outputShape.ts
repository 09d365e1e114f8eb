import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import type { CreateOrRerunOutcome } from '../operations/createOrRerun';
import {
	OUTPUT_CHANGES_PARAMETER,
	SIMPLIFY_DEFAULT,
	SIMPLIFY_PARAMETER,
} from '../shared/outputFields';
import { diffReports } from '../report/reportChanges';
import { projectWithAverage } from '../report/score';
import { simplifyReport } from '../report/simplify';
import { isRecord } from '../shared/isRecord';

/** Report operations whose output is a report, and so can be simplified. */
const REPORT_OUTPUTS = new Set(['get', 'getAll', 'create', 'update']);

/**
 * Whether the executor must read the record before the operation changes it: Update with
 * Re-Run Analysis and Output Changes on, whose output compares before and after.
 */
export function needsPreviousState(context: IExecuteSingleFunctions, operation: string): boolean {
	return (
		operation === 'update' &&
		context.getNodeParameter('resource', 'report') === 'report' &&
		context.getNodeParameter('rerunAnalysis', false) === true &&
		context.getNodeParameter(OUTPUT_CHANGES_PARAMETER, false) === true
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
	const resource = context.getNodeParameter('resource', 'report');
	if (resource === 'project') {
		return operation === 'getAll'
			? records.map((record) => (isRecord(record) ? projectWithAverage(record) : record))
			: records;
	}
	if (resource !== 'report' || !REPORT_OUTPUTS.has(operation)) return records;
	const simplify = context.getNodeParameter(SIMPLIFY_PARAMETER, SIMPLIFY_DEFAULT) !== false;
	const before =
		isRecord(previous) && needsPreviousState(context, operation) ? previous : undefined;
	return records.map((record) => {
		if (!isRecord(record)) return record;
		const view = simplify ? simplifyReport(record) : record;
		return before ? { ...view, changes: diffReports(before, record) } : view;
	});
}

/**
 * What Create or Re-Run outputs for one item: the report (simplified when Simplify is on), its
 * `action` (created, re-run or kept) and, with Output Changes, `changes` as Update gives them. A
 * kept report did not change (score_change 0); a created one has nothing before it: its
 * previous_* and score_change are null, label_changed is false and there are no regressions.
 */
export function createOrRerunOutput(
	context: IExecuteSingleFunctions,
	outcome: CreateOrRerunOutcome,
): IDataObject {
	const { record, previous, action } = outcome;
	const simplify = context.getNodeParameter(SIMPLIFY_PARAMETER, SIMPLIFY_DEFAULT) !== false;
	const output: IDataObject = { ...(simplify ? simplifyReport(record) : record), action };
	if (context.getNodeParameter(OUTPUT_CHANGES_PARAMETER, false) === true) {
		output.changes = previous
			? diffReports(previous, record)
			: { ...diffReports({}, record), label_changed: false };
	}
	return output;
}
