import { InvalidInput } from '../shared/inputChecks';
import { modifiedSinceFrom, modifiedSinceKeeps } from './modifiedSince';
import type { SitePage } from './sitePages';

/**
 * Audit Site's filters, read and checked before anything is sent: Include / Exclude URLs
 * Containing (comma-separated text, matched in any case, or one `/regular expression/flags`) and
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
		const expression = regExpOf(pattern[1], pattern[2], field);
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
