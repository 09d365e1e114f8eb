import type { IDataObject } from 'n8n-workflow';

import { diffReports } from '../report/reportChanges';
import type { ReportView } from '../report/reportView';
import type { CreateOrRerunOutcome } from './pageAttempt';

/**
 * What an item's output shows, read once from the operation's own fields by the operation
 * (createOrRerunOperation.ts; auditSite/auditSettings.ts for Audit Site's pages):
 * the rules read no field.
 */
export interface OutcomeOutput {
	/** The report as Simplify asks (report/reportView.ts `reportView`). */
	view: ReportView;
	/** Output Changes (Create or Re-Run's field; Audit Site has none): `changes` added. */
	changes: boolean;
}

/**
 * What Report → Create or Re-Run outputs for one item, and Project → Audit Site for each page: the
 * report (simplified when Simplify is on), its `action` (created, re-run or kept) and, with Output
 * Changes, `changes` as Update gives them. A kept report did not change (score_change 0); a created
 * one has nothing before it: its previous_* and score_change are null, label_changed is false and
 * there are no regressions.
 */
export function createOrRerunOutput(
	outcome: CreateOrRerunOutcome,
	{ view, changes }: OutcomeOutput,
): IDataObject {
	const { record, previous, action } = outcome;
	const output: IDataObject = { ...view(record), action };
	if (changes) {
		output.changes = previous
			? diffReports(previous, record)
			: { ...diffReports({}, record), label_changed: false };
	}
	return output;
}
