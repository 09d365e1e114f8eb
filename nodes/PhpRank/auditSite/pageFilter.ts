import { MATCH_AS } from '../shared/constants';
import type { MatchAs } from '../shared/constants';
import { InvalidInput } from '../shared/inputChecks';
import { modifiedSinceFrom, modifiedSinceKeeps } from './modifiedSince';
import { areFlags, patternMatcher, regExpLiteralOf } from './patternFilter';
import type { Literal } from './patternFilter';
import type { SitePage } from './sitePageTypes';
import { textMatcher } from './textFilter';

// the test suites and the benchmark read the literal from here, where the filters are read
export { regExpLiteralOf };

/**
 * Audit Site's filters, read and checked before anything is sent: Include / Exclude URLs
 * Containing and Modified Since (a page whose `lastmod` is older is left out; one without
 * `lastmod`, or with one that is not a date, is kept: modifiedSince.ts, in the workflow's time zone).
 *
 * Include / Exclude (docs/usage.md, "Include and Exclude URLs Containing"), from version 1.3 as
 * Match As says: Text (its default), comma-separated text (textFilter.ts, the URL also
 * percent-decoded), or Regular Expression, the whole field one pattern: `/body/flags` read as that
 * literal, anything else the pattern's source without flags (`\/blog\/\d+`). Versions 1 to 1.2
 * (saved workflows) read a field by its shape: a regular expression only when the whole of it is
 * one literal `/body/flags` (`regExpLiteralOf`) whose flags are flags and whose body is more than
 * path text (letters, digits, `-`, `_`, `.`, `~`) or that has flags: `/\/blog\/\d+/`, `/blog/i`;
 * anything else is text as the sitemap wrote it: `/tag/, /author/`, `/blog/`, and `/en/blog`
 * (`blog` is no flags: it was refused before, so no saved workflow meant it otherwise). A regular
 * expression is matched in a time linear in the URL's length (urlPattern.ts); what that cannot
 * match is refused, naming it.
 */

/** The filters, each an option of Audit Site (auditSite/auditSite.ts `pageFilterFields`). */
export interface PageFilters {
	include?: unknown;
	exclude?: unknown;
	modifiedSince?: unknown;
}

/** What pageFilterFrom reads of Audit Site's Options: the filters and Match As (version 1.3 on). */
export interface PageFilterInput extends PageFilters {
	matchAs?: unknown;
}

/** How Include / Exclude are read: Match As's choice (1.3 on), or by shape (versions 1 to 1.2). */
export type FieldReading = MatchAs | 'byShape';

/** Characters of a body that is path text, not a pattern (`/blog/`). */
const PATH_TEXT = /^[A-Za-z0-9\-_.~]+$/;

/**
 * The field as a pattern, or undefined when it is text: with Match As Regular Expression always
 * (a literal, else the field is the source); by shape, a literal more than path text.
 */
function patternOf(text: string, reading: FieldReading): Literal | undefined {
	if (reading === MATCH_AS.text) return undefined;
	const found = regExpLiteralOf(text);
	const literal = found && areFlags(found.flags) ? found : undefined;
	if (reading === MATCH_AS.regex) return literal ?? { body: text, flags: '' };
	return literal && !(literal.flags === '' && PATH_TEXT.test(literal.body)) ? literal : undefined;
}

/**
 * A URL test from the field's text; none when the field is empty. `reading` by shape by default:
 * the benchmark calls this with two arguments, on older builds too (bench/lib/url-filter-child.js).
 */
export function urlMatcherFrom(
	value: unknown,
	field: string,
	reading: FieldReading = 'byShape',
): ((url: string) => boolean) | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'string') {
		throw new InvalidInput(
			field,
			`${field} must be text, like /blog/, /shop/ (got ${typeof value})`,
		);
	}
	const text = value.trim();
	if (text === '') return undefined;
	const pattern = patternOf(text, reading);
	if (pattern) return patternMatcher(pattern, text, field, reading === MATCH_AS.regex);
	return textMatcher(text, reading === MATCH_AS.text ? 'decoded' : 'asWritten');
}

/** Match As, from version 1.3 (Text when not set); before it, a field is read by its shape. */
function readingOf(matchAs: unknown, version: number): FieldReading {
	if (!(version >= 1.3)) return 'byShape';
	const value = matchAs ?? MATCH_AS.text;
	if (value === MATCH_AS.text || value === MATCH_AS.regex) return value;
	throw new InvalidInput(
		'Match As',
		`Match As must be "${MATCH_AS.text}" or "${MATCH_AS.regex}" (got ${JSON.stringify(value)})`,
	);
}

/**
 * Whether a page passes the filters; `timeZone` is the workflow's (Modified Since is read in it),
 * `version` the node's (Match As is read from 1.3).
 */
export function pageFilterFrom(
	input: PageFilterInput,
	timeZone: string,
	version: number,
): (page: SitePage) => boolean {
	const reading = readingOf(input.matchAs, version);
	const include = urlMatcherFrom(input.include, 'Include URLs Containing', reading);
	const exclude = urlMatcherFrom(input.exclude, 'Exclude URLs Containing', reading);
	const since = modifiedSinceFrom(input.modifiedSince, timeZone);
	return (page) => {
		if (include && !include(page.url)) return false;
		if (exclude?.(page.url)) return false;
		return since === undefined || page.lastmod === null || modifiedSinceKeeps(page.lastmod, since);
	};
}
