import type { IDataObject } from 'n8n-workflow';

import { ownEntry } from '../shared/ownEntry';
import { isRecord } from '../shared/isRecord';
import type { Category } from './checkCatalogue';
import { checkIndex, checkInfo } from './checkCatalogue';

/**
 * What a phpRank report's numbers mean (the check catalogue: checkCatalogue.ts): the score and its label, privacy.
 * Pure functions, no n8n context, so every rule is unit-tested. What the real server varies,
 * and what is tolerated here:
 * - the score is `result` (v1.5), `score` (newer builds) or `null` (v1.1); numbers may come as strings;
 * - with no score at all it is computed from the checks the way phpRank does
 *   (passed points / total points x 100; high 10, medium 5, low 0 points);
 * - checks this package does not know (a newer server) are kept, under "miscellaneous".
 */

export type { Category } from './checkCatalogue';
export { CATEGORIES } from './checkCatalogue';
export type Label = 'good' | 'decent' | 'bad';

/** The category of a check; checks of newer servers that this package does not know: miscellaneous. */
export function categoryOf(check: string): Category {
	return checkInfo(check)?.category ?? 'miscellaneous';
}

const IMPORTANCE_POINTS: Record<string, number> = { high: 10, medium: 5, low: 0 };
const IMPORTANCE_RANK: Record<string, number> = { high: 0, medium: 1, low: 2 };

/** Scores above this are "good" (phpRank: good > 79). */
const GOOD_ABOVE = 79;
/** Scores below this are "bad" (phpRank: bad < 49); the rest, 49 to 79, "decent". */
const BAD_BELOW = 49;

const PRIVACY_WORDS = ['public', 'private', 'password'] as const;

const NUMERIC_TEXT = /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/;

/** A finite number from a number or a number-like string ("863.00"); otherwise null. */
export function toNumber(value: unknown): number | null {
	if (typeof value === 'number') return Number.isFinite(value) ? value : null;
	if (typeof value === 'string' && NUMERIC_TEXT.test(value)) return Number(value);
	return null;
}

/** phpRank's label for a score: good > 79, decent 49..79, bad < 49; null without a score. */
export function scoreLabel(score: number | null | undefined): Label | null {
	if (score === null || score === undefined || !Number.isFinite(score)) return null;
	if (score > GOOD_ABOVE) return 'good';
	if (score < BAD_BELOW) return 'bad';
	return 'decent';
}

/** A JSON object, or undefined: checks and their details are read only when they are objects. */
export function asObject(value: unknown): IDataObject | undefined {
	return isRecord(value) ? value : undefined;
}

/** The checks of a report as [name, check] pairs; non-object entries are skipped. */
export function checksOf(results: unknown): Array<[string, IDataObject]> {
	const object = asObject(results);
	if (!object) return [];
	const pairs: Array<[string, IDataObject]> = [];
	for (const [name, check] of Object.entries(object)) {
		const checkObject = asObject(check);
		if (checkObject) pairs.push([name, checkObject]);
	}
	return pairs;
}

/** Whether a check passed: true, false, or null when the report does not say. */
export function isPassed(check: IDataObject): boolean | null {
	const passed = check.passed;
	if (typeof passed === 'boolean') return passed;
	// PHP may send 1/0 or "1"/"0".
	const number = toNumber(passed);
	return number === null ? null : number !== 0;
}

/** The score phpRank would give these checks, or null when no check carries points. */
export function computeScore(results: unknown): number | null {
	let total = 0;
	let passed = 0;
	for (const [, check] of checksOf(results)) {
		const points = ownEntry(IMPORTANCE_POINTS, String(check.importance)) ?? 0;
		total += points;
		if (isPassed(check) === true) passed += points;
	}
	return total === 0 ? null : Math.round((passed / total) * 100);
}

/**
 * A report's score 0..100: `score` (newer builds), else `result` (v1.5), else computed from the
 * checks (v1.1 sends `result: null`); null when none of them is there.
 */
export function reportScore(report: IDataObject): number | null {
	return toNumber(report.score) ?? toNumber(report.result) ?? computeScore(report.results);
}

/** The label of a report: from its score; a server that sends the label itself as `result` is believed. */
export function reportLabel(report: IDataObject): Label | null {
	const fromScore = scoreLabel(reportScore(report));
	if (fromScore) return fromScore;
	const labelSent = typeof report.result === 'string' ? report.result.trim().toLowerCase() : '';
	return labelSent === 'good' || labelSent === 'decent' || labelSent === 'bad' ? labelSent : null;
}

/** Privacy as a word: public (0), private (1), password (2); null when missing or unknown. */
export function privacyWord(value: unknown): string | null {
	const number = toNumber(value);
	return number !== null && Number.isInteger(number) && number >= 0 && number <= 2
		? PRIVACY_WORDS[number]
		: null;
}

/** A check's importance (high, medium, low) as phpRank sends it; null when it sends none. */
export function importanceOf(check: IDataObject): string | null {
	return typeof check.importance === 'string' ? check.importance : null;
}

/**
 * A check's importance as the report says it; the catalogue's (checkCatalogue.ts) only where the
 * report carries none. Every output that names an importance takes it from here, so one report
 * never says `high` in one output and `medium` in another.
 */
export function reportedImportance(key: string, check: IDataObject): string | null {
	return importanceOf(check) ?? checkInfo(key)?.importance ?? null;
}

/** Most important first, then in phpRank's order; unknown checks last, by name. */
export function byImportance(a: { check: string; importance: string | null }, b: typeof a): number {
	const rank = (x: typeof a) => ownEntry(IMPORTANCE_RANK, x.importance ?? '') ?? 3;
	const order = (x: typeof a) => checkIndex(x.check) ?? Number.MAX_SAFE_INTEGER;
	return rank(a) - rank(b) || order(a) - order(b) || a.check.localeCompare(b.check);
}

/**
 * A project list item with its average score and label. phpRank sends the sum of the scores as
 * `result` (often a decimal string, "863.00") and the number of reports as `reports`.
 * The average keeps one decimal; the label follows the report thresholds.
 */
export function projectWithAverage(project: IDataObject): IDataObject {
	const sum = toNumber(project.result) ?? toNumber(project.score);
	const reports = toNumber(project.reports);
	const average =
		sum === null || reports === null || reports <= 0 ? null : Math.round((sum / reports) * 10) / 10;
	return { ...project, average_score: average, label: scoreLabel(average) };
}
