import { InvalidInput } from '../shared/inputChecks';
import { truncated } from '../shared/truncate';
import { modifiedSinceFrom, modifiedSinceKeeps } from './modifiedSince';
import type { SitePage } from './sitePageTypes';
import { MAX_PROGRAM_SIZE, ProgramTooLarge, urlPatternOf } from './urlPattern';
import { PatternRefused } from './urlPatternSyntax';
import type { RefusedConstruct } from './urlPatternSyntax';

/**
 * Audit Site's filters, read and checked before anything is sent: Include / Exclude URLs
 * Containing and Modified Since (a page whose `lastmod` is older is left out; one without
 * `lastmod`, or with one that is not a date, is kept: modifiedSince.ts, in the workflow's time zone).
 *
 * Include / Exclude are read the same in every node version (docs/usage.md, "Auditing a whole
 * site"): the field is a regular expression only when the whole of it is one JavaScript
 * regular-expression literal `/body/flags` (`regExpLiteralOf`) whose body is more than path text
 * (letters, digits, `-`, `_`, `.`, `~`) or that has flags: `/\/blog\/\d+/`, `/blog/i`. Anything
 * else is comma-separated text: `/tag/, /author/` is the texts `/tag/` and `/author/`, and `/blog/`
 * is the text `/blog/`. A text matches in any case; one ending in `/` also matches where the path
 * ends: `/blog/` keeps `https://a.test/blog`, `/en/blog/x` and `/Blog/Second`, not `/blogroll` or
 * `/weblog/old`. A regular expression is matched in a time linear in the URL's length
 * (urlPattern.ts); what that cannot match is refused, naming it.
 */

export interface PageFilterInput {
	include?: unknown;
	exclude?: unknown;
	modifiedSince?: unknown;
}

/** Characters of a body that is path text, not a pattern (`/blog/`). */
const PATH_TEXT = /^[A-Za-z0-9\-_.~]+$/;

/**
 * The field as one regular-expression literal, as JavaScript reads one: `/`, a body (not empty,
 * not beginning with `*`, no line break, no `/` unless escaped or inside `[…]`), `/`, flags (letters,
 * digits, `_`, `$`); undefined when the whole field is not one.
 */
export function regExpLiteralOf(text: string): { body: string; flags: string } | undefined {
	if (!text.startsWith('/') || /^\/(?:\*|\/)/.test(text)) return undefined;
	let inClass = false;
	for (let at = 1; at < text.length; at++) {
		const char = text[at];
		if (/[\n\r\u2028\u2029]/.test(char)) return undefined;
		if (char === '\\') at++;
		else if (inClass) inClass = char !== ']';
		else if (char === '[') inClass = true;
		else if (char === '/') {
			const flags = text.slice(at + 1);
			return /^[\w$]*$/.test(flags) ? { body: text.slice(1, at), flags } : undefined;
		}
	}
	return undefined;
}

function regExpOf(source: string, flags: string, field: string): RegExp {
	let problem = '';
	try {
		return new RegExp(source, flags);
	} catch (error) {
		problem = (error as Error).message;
	}
	throw new InvalidInput(
		field,
		`${field} is not a valid regular expression (${problem}): write it as /expression/ or give comma-separated text`,
	);
}

const REFUSED: Record<RefusedConstruct, { name: string; instead: string }> = {
	lookahead: {
		name: 'a lookahead',
		instead:
			'Write it without one: what a URL must not contain goes in Exclude URLs Containing, what it must contain in Include URLs Containing',
	},
	lookbehind: {
		name: 'a lookbehind',
		instead:
			'Write it without one: what a URL must not contain goes in Exclude URLs Containing, what it must contain in Include URLs Containing',
	},
	'back-reference': {
		name: 'a back-reference',
		instead: 'Write out the text it stands for, like (en|es)\\/(en|es) instead of (en|es)\\/\\1',
	},
	'v flag': { name: 'the v flag', instead: 'Write it with the u flag instead' },
};

/** Why a valid pattern cannot be matched, as the user reads it. */
function refusal(error: unknown, text: string, field: string): Error {
	const quoted = `${field} ${truncated(text, 80)}`;
	if (error instanceof PatternRefused) {
		const { name, instead } = REFUSED[error.construct];
		return new InvalidInput(
			field,
			`${quoted} uses ${name}, ${truncated(error.written, 40)}: URL filters are matched in a time bounded by the URL's length, which ${name} does not allow. ${instead}, or give comma-separated text`,
		);
	}
	if (error instanceof ProgramTooLarge) {
		return new InvalidInput(
			field,
			`${quoted} is too large to match: it may take ${error.size.toLocaleString('en-US')} steps per character of a URL, more than the ${MAX_PROGRAM_SIZE.toLocaleString('en-US')} allowed (a count like {100} repeats its part that many times, and a count inside a count multiplies). Write smaller counts, or + and * instead of large ones, or give comma-separated text`,
		);
	}
	return error as Error;
}

function patternMatcher(literal: { body: string; flags: string }, text: string, field: string) {
	const flags = literal.flags.replace(/[gy]/g, '');
	regExpOf(literal.body, flags, field);
	try {
		const pattern = urlPatternOf(literal.body, flags);
		return (url: string) => pattern.test(url);
	} catch (error) {
		throw refusal(error, text, field);
	}
}

/** Comma-separated text, in any case; a text ending in `/` also matches where the path ends. */
function textMatcher(text: string): (url: string) => boolean {
	const parts = text
		.split(',')
		.map((part) => part.trim().toLowerCase())
		.filter((part) => part !== '');
	// `/blog/` also matches a path that ends in `/blog` (the URL up to its `?` or `#`)
	const stems = parts.filter((part) => part.endsWith('/')).map((part) => part.slice(0, -1));
	return (url) => {
		const lower = url.toLowerCase();
		if (parts.some((part) => lower.includes(part))) return true;
		if (!stems.some((stem) => lower.includes(stem))) return false;
		const query = lower.indexOf('?');
		const fragment = lower.indexOf('#');
		let pathEnd = query === -1 ? lower.length : query;
		if (fragment !== -1 && fragment < pathEnd) pathEnd = fragment;
		return stems.some((stem) => lower.endsWith(stem, pathEnd));
	};
}

/** A URL test from the field's text; none when the field is empty. */
export function urlMatcherFrom(
	value: unknown,
	field: string,
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
	const literal = regExpLiteralOf(text);
	if (literal && !(literal.flags === '' && PATH_TEXT.test(literal.body))) {
		return patternMatcher(literal, text, field);
	}
	return textMatcher(text);
}

/** Whether a page passes the filters; `timeZone` is the workflow's (Modified Since is read in it). */
export function pageFilterFrom(
	input: PageFilterInput,
	timeZone: string,
): (page: SitePage) => boolean {
	const include = urlMatcherFrom(input.include, 'Include URLs Containing');
	const exclude = urlMatcherFrom(input.exclude, 'Exclude URLs Containing');
	const since = modifiedSinceFrom(input.modifiedSince, timeZone);
	return (page) => {
		if (include && !include(page.url)) return false;
		if (exclude?.(page.url)) return false;
		return since === undefined || page.lastmod === null || modifiedSinceKeeps(page.lastmod, since);
	};
}
