import type { IDataObject } from 'n8n-workflow';

import { isRecord } from '../shared/isRecord';

/**
 * Readable views of phpRank answers: pure functions, no n8n context, so every rule is unit-tested.
 *
 * What the real server varies, and what is tolerated here:
 * - the score is `result` (v1.5), `score` (newer builds) or `null` (v1.1); numbers may come as strings;
 * - with no score at all it is computed from the checks the way phpRank does
 *   (passed points / total points x 100; high 10, medium 5, low 0 points);
 * - checks this package does not know (a newer server) are kept, under "miscellaneous".
 */

export type Category = 'seo' | 'performance' | 'security' | 'miscellaneous';
export type Label = 'good' | 'decent' | 'bad';

const CATEGORIES: readonly Category[] = ['seo', 'performance', 'security', 'miscellaneous'];

/** phpRank's checks by category, in the order its report page lists them. */
const CHECKS_BY_CATEGORY: Record<Category, string[]> = {
	seo: [
		'title',
		'meta_description',
		'headings',
		'content_keywords',
		'image_keywords',
		'seo_friendly_url',
		'404_page',
		'robots',
		'noindex',
		'in_page_links',
		'language',
		'favicon',
	],
	performance: [
		'text_compression',
		'load_time',
		'page_size',
		'http_requests',
		'image_format',
		'defer_javascript',
		'dom_size',
	],
	security: [
		'https_encryption',
		'mixed_content',
		'server_signature',
		'unsafe_cross_origin_links',
		'plaintext_email',
	],
	miscellaneous: [
		'structured_data',
		'meta_viewport',
		'charset',
		'sitemap',
		'social',
		'content_length',
		'text_html_ratio',
		'inline_css',
		'deprecated_html_tags',
	],
};

const CATEGORY_OF = new Map<string, Category>();
const CHECK_ORDER = new Map<string, number>();
for (const category of CATEGORIES) {
	for (const check of CHECKS_BY_CATEGORY[category]) {
		CATEGORY_OF.set(check, category);
		CHECK_ORDER.set(check, CHECK_ORDER.size);
	}
}

/** The category of a check; checks of newer servers that this package does not know: miscellaneous. */
export function categoryOf(check: string): Category {
	return CATEGORY_OF.get(check) ?? 'miscellaneous';
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

function asObject(value: unknown): IDataObject | undefined {
	return isRecord(value) ? value : undefined;
}

/** The checks of a report as [name, check] pairs; non-object entries are skipped. */
function checksOf(results: unknown): Array<[string, IDataObject]> {
	const object = asObject(results);
	if (!object) return [];
	const pairs: Array<[string, IDataObject]> = [];
	for (const [name, check] of Object.entries(object)) {
		const checkObject = asObject(check);
		if (checkObject) pairs.push([name, checkObject]);
	}
	return pairs;
}

function isPassed(check: IDataObject): boolean | null {
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
		const points = IMPORTANCE_POINTS[String(check.importance)] ?? 0;
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
	const said = typeof report.result === 'string' ? report.result.trim().toLowerCase() : '';
	return said === 'good' || said === 'decent' || said === 'bad' ? said : null;
}

/** Privacy as a word: public (0), private (1), password (2); null when missing or unknown. */
export function privacyWord(value: unknown): string | null {
	const number = toNumber(value);
	return number !== null && Number.isInteger(number) && number >= 0 && number <= 2
		? PRIVACY_WORDS[number]
		: null;
}

// ------------------------------------------------------------------------------------------------
// One-line reasons for failed checks
// ------------------------------------------------------------------------------------------------

type Unit = 'seconds' | 'bytes' | 'percent' | string;

/** What a check's measured value counts, so reasons say "2.41 s" or "175 links", not "2.41". */
const UNITS: Record<string, Unit> = {
	title: 'characters',
	meta_description: 'characters',
	in_page_links: 'links',
	load_time: 'seconds',
	page_size: 'bytes',
	http_requests: 'requests',
	dom_size: 'elements',
	content_length: 'words',
	text_html_ratio: 'percent',
};

/** How a list under an error key is introduced, per check (default: the error key in words). */
const LIST_PHRASES: Record<string, string> = {
	'content_keywords.missing': 'keywords missing from the content',
	'image_keywords.missing': 'images without alt text',
	'defer_javascript.missing': 'scripts not deferred',
	'image_format.bad_format': 'images in an old format',
	'mixed_content.failed': 'insecure resources',
	'unsafe_cross_origin_links.failed': 'links without rel="noopener"',
	'plaintext_email.failed': 'e-mail addresses in plain text',
	'inline_css.failed': 'inline styles',
};

/** What a failed check without details means, per check (default: "failed"). */
const FAILED_PHRASES: Record<string, string> = {
	robots: 'blocked by robots.txt',
	noindex: 'noindex set',
	server_signature: 'server signature shown',
};

const KEY_WORDS: Record<string, string> = {
	missing: 'missing',
	duplicate: 'duplicate',
	bad_format: 'bad format',
	failed: 'failed',
	bad_tags: 'deprecated tags',
};

const MAX_LISTED = 3;
const MAX_ITEM_LENGTH = 60;

/** 2 → "2", 2.414 → "2.41". */
function formatNumber(value: number): string {
	return String(Math.round(value * 100) / 100);
}

function formatBytes(bytes: number): string {
	if (Math.abs(bytes) < 1000) return `${formatNumber(bytes)} B`;
	if (Math.abs(bytes) < 1_000_000) return `${Math.round(bytes / 100) / 10} kB`;
	return `${Math.round(bytes / 100_000) / 10} MB`;
}

/** A measured amount with its unit: "2.41 s", "612.7 kB", "6.2 %", "175 links". */
function amount(value: number, unit: Unit | undefined): string {
	switch (unit) {
		case undefined:
			return formatNumber(value);
		case 'seconds':
			return `${formatNumber(value)} s`;
		case 'bytes':
			return formatBytes(value);
		case 'percent':
			return `${formatNumber(value)} %`;
		default:
			return `${formatNumber(value)} ${unit}`;
	}
}

/** A limit: with the unit for measures (s, kB, %), bare for counts ("175 links, max 150"). */
function limit(value: number, unit: Unit | undefined): string {
	return unit === 'seconds' || unit === 'bytes' || unit === 'percent'
		? amount(value, unit)
		: formatNumber(value);
}

/** How many things a check's value holds: a number, a list's length, or the sum over an object. */
export function countOf(value: unknown): number | null {
	const number = toNumber(value);
	if (number !== null) return number;
	if (Array.isArray(value)) return value.length;
	const object = asObject(value);
	if (!object) return null;
	let sum = 0;
	for (const part of Object.values(object)) {
		const count = countOf(part);
		if (count === null) return null;
		sum += count;
	}
	return sum;
}

function shortText(value: unknown): string {
	const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
	return text.length > MAX_ITEM_LENGTH ? `${text.slice(0, MAX_ITEM_LENGTH - 3)}...` : text;
}

/** "a, b, c and 2 more" */
function listText(items: unknown[]): string {
	const shown = items.slice(0, MAX_LISTED).map(shortText).join(', ');
	const rest = items.length - MAX_LISTED;
	return rest > 0 ? `${shown} and ${rest} more` : shown;
}

function limitOf(detail: unknown, key: 'min' | 'max'): number | null {
	return toNumber(asObject(detail)?.[key]);
}

/** The words for one error key of one check. */
function errorText(check: string, key: string, detail: unknown, value: unknown): string {
	const unit = UNITS[check];
	const max = limitOf(detail, 'max');
	const min = limitOf(detail, 'min');
	switch (key) {
		case 'length': {
			const length = typeof value === 'string' ? [...value].length : null;
			if (length === null) {
				return min !== null && max !== null
					? `length not ${min} to ${max} characters`
					: 'bad length';
			}
			if (max !== null && length > max) return `${length} characters, max ${max}`;
			if (min !== null && length < min) return `${length} characters, min ${min}`;
			return `${length} characters`;
		}
		case 'too_many':
		case 'too_slow':
		case 'too_large': {
			const measured = key === 'too_many' ? countOf(value) : toNumber(value);
			const word = key === 'too_many' ? 'too many' : key === 'too_slow' ? 'too slow' : 'too large';
			const head = measured === null ? word : amount(measured, unit);
			return max === null ? head : `${head}, max ${limit(max, unit)}`;
		}
		case 'too_few':
		case 'too_small': {
			const measured = key === 'too_few' ? countOf(value) : toNumber(value);
			const head =
				measured === null ? (key === 'too_few' ? 'too few' : 'too small') : amount(measured, unit);
			return min === null ? head : `${head}, min ${limit(min, unit)}`;
		}
		case 'bad_tags': {
			const tags = asObject(detail);
			if (!tags || Object.keys(tags).length === 0) return KEY_WORDS.bad_tags;
			const listed = Object.entries(tags).map(([tag, count]) => `${tag} (${shortText(count)})`);
			return `${KEY_WORDS.bad_tags}: ${listText(listed)}`;
		}
		default: {
			const words = LIST_PHRASES[`${check}.${key}`] ?? KEY_WORDS[key] ?? key.replace(/_/g, ' ');
			if (Array.isArray(detail) && detail.length > 0) return `${words}: ${listText(detail)}`;
			if (key === 'failed') {
				const phrase = FAILED_PHRASES[check] ?? 'failed';
				return typeof value === 'string' && value.trim() !== ''
					? `${phrase}: ${shortText(value)}`
					: phrase;
			}
			if (detail === null || detail === undefined || Array.isArray(detail))
				return KEY_WORDS[key] ?? words;
			return `${words}: ${shortText(detail)}`;
		}
	}
}

/** One line saying why a check failed, e.g. "load_time: 2.41 s, max 2 s". */
export function checkReason(name: string, check: IDataObject): string {
	const errors = asObject(check.errors);
	const parts = errors
		? Object.entries(errors).map(([key, detail]) => errorText(name, key, detail, check.value))
		: [];
	return `${name}: ${parts.length > 0 ? parts.join('; ') : 'failed'}`;
}

export interface FailedCheck extends IDataObject {
	check: string;
	importance: string | null;
	reason: string;
}

export interface CheckChange extends IDataObject {
	check: string;
	category: Category;
	importance: string | null;
}

function importanceOf(check: IDataObject): string | null {
	return typeof check.importance === 'string' ? check.importance : null;
}

/** Most important first, then in phpRank's order; unknown checks last, by name. */
function byImportance(a: { check: string; importance: string | null }, b: typeof a): number {
	const rank = (x: typeof a) => IMPORTANCE_RANK[x.importance ?? ''] ?? 3;
	const order = (x: typeof a) => CHECK_ORDER.get(x.check) ?? Number.MAX_SAFE_INTEGER;
	return rank(a) - rank(b) || order(a) - order(b) || a.check.localeCompare(b.check);
}

/** The failed checks of a report by category (all four always present), most important first. */
export function failedChecks(results: unknown): Record<Category, FailedCheck[]> {
	const grouped: Record<Category, FailedCheck[]> = {
		seo: [],
		performance: [],
		security: [],
		miscellaneous: [],
	};
	for (const [name, check] of checksOf(results)) {
		if (isPassed(check) !== false) continue;
		grouped[categoryOf(name)].push({
			check: name,
			importance: importanceOf(check),
			reason: checkReason(name, check),
		});
	}
	for (const category of CATEGORIES) grouped[category].sort(byImportance);
	return grouped;
}

/**
 * The simplified report: what monitoring needs, at most 10 fields, failed checks with reasons.
 * `results` (dozens of checks, a few kB) is reduced to its failed checks.
 */
export function simplifyReport(report: IDataObject): IDataObject {
	const score = reportScore(report);
	return {
		id: toNumber(report.id) ?? report.id ?? null,
		url: report.url ?? null,
		project: report.project ?? null,
		score,
		label: reportLabel(report),
		generated_at: report.generated_at ?? null,
		privacy: privacyWord(report.privacy),
		failed_checks: failedChecks(report.results) as unknown as IDataObject,
	};
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

// ------------------------------------------------------------------------------------------------
// Before and after a re-run
// ------------------------------------------------------------------------------------------------

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
