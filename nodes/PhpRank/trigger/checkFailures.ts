import type { IDataObject } from 'n8n-workflow';

import { checkIndex, checkInfo } from '../report/checkCatalogue';
import { checkReason } from '../report/checkReasons';
import type { Category } from '../report/score';
import { asObject, byImportance, categoryOf, importanceOf, isPassed } from '../report/score';

/**
 * Check Failed: which of the chosen checks a report fails, as one number per report in the
 * trigger's state (bit i set: the i-th chosen check fails; at most 33 checks, so the number stays
 * below 2^33 and exact). 1,000 watched reports take 8.8 kB of state with the default checks, 17 kB
 * at most (bench section 7).
 */

/** The chosen checks, each once, in phpRank's order: the bit of a check never depends on how it was picked. */
export function chosenChecks(checks: readonly string[]): string[] {
	const unique = [...new Set(checks)];
	const order = (key: string) => checkIndex(key) ?? Number.MAX_SAFE_INTEGER;
	return unique.sort((a, b) => order(a) - order(b) || a.localeCompare(b));
}

export const bit = (index: number) => 2 ** index;
export const hasBit = (mask: number, index: number) => Math.floor(mask / bit(index)) % 2 === 1;

/**
 * The chosen checks the report fails, as a mask. A check the report does not grade (missing, or
 * no `passed`: still being generated) keeps what `previous` said about it.
 */
export function failingMask(report: IDataObject, checks: readonly string[], previous = 0): number {
	const results = asObject(report.results);
	let mask = 0;
	checks.forEach((key, index) => {
		const check = asObject(results?.[key]);
		const passed = check ? isPassed(check) : null;
		const fails = passed === null ? hasBit(previous, index) : !passed;
		if (fails) mask += bit(index);
	});
	return mask;
}

/** A chosen check as the check events name it (Check Fixed's `fixed` entries). */
export interface NamedCheck extends IDataObject {
	check: string;
	category: Category;
	importance: string | null;
}

/** One chosen check that broke: the shape of Update's Output Changes regressions. */
export interface Regression extends NamedCheck {
	reason: string;
}

/**
 * The chosen checks whose bit is set in `set` and not in `unset`, most important first: what broke
 * (Check Failed: set now, not before) or what passes again (Check Fixed: set before, not now).
 * `named` adds what an event says of each (a regression's reason).
 */
export function flippedChecks<T extends NamedCheck>(
	report: IDataObject,
	checks: readonly string[],
	set: number,
	unset: number,
	named: (entry: NamedCheck, check: IDataObject) => T,
): T[] {
	const results = asObject(report.results);
	const flipped: T[] = [];
	checks.forEach((key, index) => {
		if (!hasBit(set, index) || hasBit(unset, index)) return;
		const check = asObject(results?.[key]) ?? {};
		const entry: NamedCheck = {
			check: key,
			category: categoryOf(key),
			importance: importanceOf(check) ?? checkInfo(key)?.importance ?? null,
		};
		flipped.push(named(entry, check));
	});
	return flipped.sort(byImportance);
}

/** The chosen checks failing in `now` and not in `before` (0 for a new report: every failing one), most important first. */
export function regressionsOf(
	report: IDataObject,
	checks: readonly string[],
	before: number,
	now: number,
): Regression[] {
	return flippedChecks(report, checks, now, before, (entry, check) => ({
		...entry,
		reason: checkReason(entry.check, check),
	}));
}
