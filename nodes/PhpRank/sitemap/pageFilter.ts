import { InvalidInput } from '../shared/inputChecks';
import { truncated } from '../shared/truncate';
import { modifiedSinceFrom, modifiedSinceKeeps } from './modifiedSince';
import { exponentialPart } from './patternCost';
import type { SitePage } from './sitePageTypes';

/**
 * Audit Site's filters, read and checked before anything is sent: Include / Exclude URLs
 * Containing (comma-separated text, matched in any case, or one `/regular expression/flags`, refused
 * when its matching time can grow exponentially: patternCost.ts) and
 * Modified Since (a page whose `lastmod` is older is left out; one without `lastmod`, or with one
 * that is not a date, is kept: modifiedSince.ts, in the workflow's time zone).
 */

export interface PageFilterInput {
	include?: unknown;
	exclude?: unknown;
	modifiedSince?: unknown;
}

function regExpOf(source: string, flags: string, field: string): RegExp {
	let problem = '';
	try {
		return new RegExp(source, flags.replace(/[gy]/g, ''));
	} catch (error) {
		problem = (error as Error).message;
	}
	throw new InvalidInput(
		field,
		`${field} is not a valid regular expression (${problem}): write it as /expression/ or give comma-separated text`,
	);
}

/**
 * A pattern whose matching can take hours on one URL (patternCost.ts), refused before anything is
 * read: the matching is synchronous, n8n would do nothing else and Stop could not end it.
 */
function checkedCost(expression: RegExp, text: string, field: string): RegExp {
	const part = exponentialPart(expression.source, expression.flags);
	if (part === undefined) return expression;
	throw new InvalidInput(
		field,
		`${field} ${truncated(text, 80)} could take hours on one URL: in ${truncated(part, 60)}, one text can be matched more than one way (a repetition inside a repetition, or alternatives that overlap under a repetition), and each more character doubles the time. Write it with one repetition of a character class, like [\\w-]+ instead of (\\w+-?)+, or give comma-separated text`,
	);
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
	const pattern = /^\/(.+)\/([a-z]*)$/s.exec(text);
	if (pattern) {
		const expression = checkedCost(regExpOf(pattern[1], pattern[2], field), text, field);
		return (url) => expression.test(url);
	}
	const parts = text
		.split(',')
		.map((part) => part.trim().toLowerCase())
		.filter((part) => part !== '');
	return (url) => {
		const lower = url.toLowerCase();
		return parts.some((part) => lower.includes(part));
	};
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
