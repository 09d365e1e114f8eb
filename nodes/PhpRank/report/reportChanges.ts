import type { IDataObject } from 'n8n-workflow';

import { checkReason } from './checkReasons';
import type { Category, Label } from './score';
import {
	byImportance,
	categoryOf,
	checksOf,
	importanceOf,
	isPassed,
	reportLabel,
	reportScore,
} from './score';

/** Before and after a re-run of one report: Update's `changes` output (Output Changes). */

export interface CheckChange extends IDataObject {
	check: string;
	category: Category;
	importance: string | null;
}

export interface ReportDiff extends IDataObject {
	previous_score: number | null;
	score: number | null;
	/** after minus before; null when either score is unknown. */
	score_change: number | null;
	previous_label: Label | null;
	label: Label | null;
	label_changed: boolean;
	previous_generated_at: string | null;
	generated_at: string | null;
	/** Checks that passed before and fail now, with the reason. */
	regressions: CheckChange[];
	/** Checks that failed before and pass now. */
	fixed: CheckChange[];
}

/**
 * What changed between two states of one report (before and after a re-run). A check only
 * counts as a regression when it passed before; checks missing on one side are not compared.
 */
export function diffReports(before: IDataObject, after: IDataObject): ReportDiff {
	const previousScore = reportScore(before);
	const score = reportScore(after);
	const previousLabel = reportLabel(before);
	const label = reportLabel(after);
	const beforeChecks = new Map(checksOf(before.results));
	const regressions: CheckChange[] = [];
	const fixed: CheckChange[] = [];
	for (const [name, check] of checksOf(after.results)) {
		const old = beforeChecks.get(name);
		if (!old) continue;
		const was = isPassed(old);
		const now = isPassed(check);
		const change = {
			check: name,
			category: categoryOf(name),
			importance: importanceOf(check) ?? importanceOf(old),
		};
		if (was === true && now === false)
			regressions.push({ ...change, reason: checkReason(name, check) });
		if (was === false && now === true) fixed.push(change);
	}
	regressions.sort(byImportance);
	fixed.sort(byImportance);
	return {
		previous_score: previousScore,
		score,
		score_change: previousScore === null || score === null ? null : score - previousScore,
		previous_label: previousLabel,
		label,
		label_changed: previousLabel !== label,
		previous_generated_at: typeof before.generated_at === 'string' ? before.generated_at : null,
		generated_at: typeof after.generated_at === 'string' ? after.generated_at : null,
		regressions,
		fixed,
	};
}
