import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { diffReports } from '../report/reportChanges';
import { reportView } from '../report/reportView';
import { OUTPUT_CHANGES_PARAMETER } from '../shared/fields';
import type { CreateOrRerunOutcome } from './pageAttempt';

/**
 * What Report → Create or Re-Run outputs for one item, and Project → Audit Site for each page: the
 * report (simplified when Simplify is on), its `action` (created, re-run or kept) and, with Output
 * Changes, `changes` as Update gives them. A kept report did not change (score_change 0); a created
 * one has nothing before it: its previous_* and score_change are null, label_changed is false and
 * there are no regressions.
 */
export function createOrRerunOutput(
	context: IExecuteSingleFunctions,
	outcome: CreateOrRerunOutcome,
): IDataObject {
	const { record, previous, action } = outcome;
	const output: IDataObject = { ...reportView(context)(record), action };
	if (context.getNodeParameter(OUTPUT_CHANGES_PARAMETER, false) === true) {
		output.changes = previous
			? diffReports(previous, record)
			: { ...diffReports({}, record), label_changed: false };
	}
	return output;
}
