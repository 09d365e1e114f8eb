import type { Importance } from './constants';
import { IMPORTANCES, MAX_PASSWORD_LENGTH, MAX_URL_LENGTH, PRIVACY } from './constants';
import { truncated } from './truncate';
import { webAddress } from './webAddress';

/** A parameter value the node refuses before sending anything; `field` is its display name. */
export class InvalidInput extends Error {
	constructor(
		readonly field: string,
		message: string,
	) {
		super(message);
		this.name = 'InvalidInput';
	}
}

/** Shows what the user gave without flooding the error (an expression may yield a whole page). */
export function quotedValue(value: unknown): string {
	const text = typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value));
	return truncated(text, 60);
}

function kindOf(value: unknown): string {
	if (value === null) return 'null';
	if (value === undefined) return 'nothing';
	if (Array.isArray(value)) return 'a list';
	return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * The page to analyse: an absolute http(s) URL within phpRank's length limit. The errors name
 * `field` and show `example` (Create's URL by default; Audit Site's Site and Sitemap URL give theirs).
 */
export function pageUrlFrom(
	value: unknown,
	field = 'URL',
	example = 'https://example.com/page',
): string {
	if (typeof value !== 'string') {
		throw new InvalidInput(field, `${field} must be text, like ${example} (got ${kindOf(value)})`);
	}
	const url = value.trim();
	if (url === '') throw new InvalidInput(field, `${field} is required, like ${example}`);
	if (url.length > MAX_URL_LENGTH) {
		throw new InvalidInput(
			field,
			`${field} must be at most ${MAX_URL_LENGTH} characters (got ${url.length})`,
		);
	}
	const parsed = webAddress(url);
	if (!parsed) {
		throw new InvalidInput(
			field,
			`${field} must be a full web address starting with http:// or https://, like ${example} (got ${quotedValue(url)})`,
		);
	}
	if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '') {
		throw new InvalidInput(
			field,
			`${field} must start with http:// or https:// and name a host, like ${example} (got ${quotedValue(url)})`,
		);
	}
	return url;
}

/** Get Many's Limit: a whole number of 1 or more (an expression or an AI agent may give anything). */
export function limitFrom(value: unknown): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number === 'number' && Number.isSafeInteger(number) && number >= 1) return number;
	throw new InvalidInput(
		'Limit',
		`Limit must be a whole number of 1 or more, like 50 (got ${value === '' ? 'nothing' : quotedValue(value)})`,
	);
}

const PRIVACY_BY_NAME = new Map<string, number>(Object.entries(PRIVACY));
const PRIVACY_NAMES = '0 (Public), 1 (Private) or 2 (Password), or one of those names';

/**
 * Privacy as phpRank's integer. Accepts the integer, its digit, or the option's name in any case
 * ("private"): an expression or a model (an AI tool's argument) may give any of them.
 */
export function privacyFrom(value: unknown): number {
	const byName =
		typeof value === 'string' ? PRIVACY_BY_NAME.get(value.trim().toLowerCase()) : undefined;
	const number =
		byName ?? (typeof value === 'string' && /^\s*[0-2]\s*$/.test(value) ? Number(value) : value);
	if (number === PRIVACY.public || number === PRIVACY.private || number === PRIVACY.password) {
		return number;
	}
	throw new InvalidInput('Privacy', `Privacy must be ${PRIVACY_NAMES} (got ${quotedValue(value)})`);
}

/** The report page's password. Never echoed: errors say only what is wrong with it. */
export function passwordFrom(value: unknown): string {
	if (value === undefined || value === null || value === '') {
		throw new InvalidInput('Password', 'Password is required when Privacy is Password');
	}
	if (typeof value !== 'string') {
		throw new InvalidInput('Password', `Password must be text (got ${kindOf(value)})`);
	}
	if (value.length > MAX_PASSWORD_LENGTH) {
		throw new InvalidInput(
			'Password',
			`Password must be 1 to ${MAX_PASSWORD_LENGTH} characters (got ${value.length})`,
		);
	}
	return value;
}

/** A project name: text, not empty. */
export function projectNameFrom(value: unknown): string {
	if (typeof value !== 'string') {
		throw new InvalidInput(
			'Project',
			`Project must be a project name as text (got ${kindOf(value)})`,
		);
	}
	if (value.trim() === '')
		throw new InvalidInput('Project', 'Project is required, like example.com');
	return value;
}

/**
 * A project name as one path segment. Percent-encoding keeps `/`, `?`, `#`, `%` and spaces
 * inside the segment; "." and ".." cannot be kept there (URL parsers resolve them, even
 * encoded, to another path), and no phpRank project (a host name) is called that.
 */
export function projectPathSegment(value: unknown): string {
	const name = projectNameFrom(value);
	if (name === '.' || name === '..') {
		throw new InvalidInput(
			'Project',
			`Project cannot be "${name}": name a project, like example.com`,
		);
	}
	return encodeURIComponent(name);
}

/** Create or Re-Run's Max Age: hours, 0 or more (0 = always re-run); a number-like string from an expression is fine. */
export function maxAgeHoursFrom(value: unknown): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : (value ?? 0);
	if (typeof number === 'number' && Number.isFinite(number) && number >= 0) return number;
	throw new InvalidInput(
		'Max Age (Hours)',
		`Max Age (Hours) must be a number of hours, 0 or more, like 24; 0 always re-runs (got ${quotedValue(value)})`,
	);
}

/** Get Issues' Pages per Issue: a whole number of 0 or more (0: counts only). */
export function pagesPerIssueFrom(value: unknown): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number === 'number' && Number.isSafeInteger(number) && number >= 0) return number;
	throw new InvalidInput(
		'Pages per Issue',
		`Pages per Issue must be a whole number of 0 or more, like 10 (0 lists no pages, only counts) (got ${value === '' ? 'nothing' : quotedValue(value)})`,
	);
}

/**
 * Get Issues' Importance: one or more of high, medium, low, as the multi-select gives them (a list),
 * or as text an expression or a model may give ("high, medium"), in any case.
 */
export function importancesFrom(value: unknown): Importance[] {
	const parts = Array.isArray(value)
		? value
		: typeof value === 'string'
			? value.split(',').filter((part) => part.trim() !== '')
			: [value];
	const words = parts.map((part) => (typeof part === 'string' ? part.trim().toLowerCase() : part));
	const chosen = IMPORTANCES.filter((word) => words.includes(word));
	if (chosen.length > 0 && chosen.length === new Set(words).size) return chosen;
	throw new InvalidInput(
		'Importance',
		`Importance must be one or more of high, medium and low (got ${words.length === 0 ? 'nothing' : quotedValue(value)})`,
	);
}

/**
 * Validate Fix's Check: one of `checks` (phpRank's, from the catalogue), by its key as the list
 * gives it, or by its key or readable name in any case, as an expression or a model may give it
 * ("Meta Description"). The key is returned.
 */
export function checkKeyFrom(
	value: unknown,
	checks: ReadonlyArray<{ key: string; name: string }>,
): string {
	const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
	const found = checks.find(
		(check) =>
			check.key === text || check.key.toLowerCase() === text || check.name.toLowerCase() === text,
	);
	if (found) return found.key;
	throw new InvalidInput(
		'Check',
		`Check must be one of phpRank's checks, by key like meta_description or by name like Meta Description (got ${value === '' ? 'nothing' : quotedValue(value)})`,
	);
}
