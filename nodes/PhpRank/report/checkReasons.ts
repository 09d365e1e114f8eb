import type { IDataObject } from 'n8n-workflow';

import { ownEntry } from '../shared/ownEntry';
import { truncated } from '../shared/truncate';
import type { Category } from './score';
import {
	asObject,
	byImportance,
	categoryOf,
	CATEGORIES,
	checksOf,
	isPassed,
	reportedImportance,
	toNumber,
} from './score';

/**
 * The one-line reason of each failed check, built from the check's errors, e.g.
 * "load_time: 2.41 s, max 2 s", and a report's failed checks grouped by category.
 */

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
	return truncated(text, MAX_ITEM_LENGTH);
}

/** "a, b, c and 2 more" */
function listText(items: unknown[]): string {
	const listed = items.slice(0, MAX_LISTED).map(shortText).join(', ');
	const rest = items.length - MAX_LISTED;
	return rest > 0 ? `${listed} and ${rest} more` : listed;
}

function limitOf(detail: unknown, key: 'min' | 'max'): number | null {
	return toNumber(asObject(detail)?.[key]);
}

/** The words for one error key of one check. */
function errorText(check: string, key: string, detail: unknown, value: unknown): string {
	const unit = ownEntry(UNITS, check);
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
			const words =
				ownEntry(LIST_PHRASES, `${check}.${key}`) ??
				ownEntry(KEY_WORDS, key) ??
				key.replace(/_/g, ' ');
			if (Array.isArray(detail) && detail.length > 0) return `${words}: ${listText(detail)}`;
			if (key === 'failed') {
				const phrase = ownEntry(FAILED_PHRASES, check) ?? 'failed';
				return typeof value === 'string' && value.trim() !== ''
					? `${phrase}: ${shortText(value)}`
					: phrase;
			}
			if (detail === null || detail === undefined || Array.isArray(detail))
				return ownEntry(KEY_WORDS, key) ?? words;
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
			importance: reportedImportance(name, check),
			reason: checkReason(name, check),
		});
	}
	for (const category of CATEGORIES) grouped[category].sort(byImportance);
	return grouped;
}
