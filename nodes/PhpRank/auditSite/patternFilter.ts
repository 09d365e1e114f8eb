import { InvalidInput } from '../shared/inputChecks';
import { truncated } from '../shared/truncate';
import { MAX_PROGRAM_SIZE, ProgramTooLarge, urlPatternOf } from './urlPattern';
import { PatternRefused } from './urlPatternSyntax';
import type { RefusedConstruct } from './urlPatternSyntax';

/**
 * Include / Exclude URLs Containing as one regular expression (auditSite/pageFilter.ts decides when a
 * field is one): the literal a field is, checked as JavaScript checks it, then compiled by the
 * package's own engine (urlPattern.ts), which matches in a time linear in the URL's length; what
 * that cannot match is refused, naming it and what to write instead.
 */

/** A regular-expression literal `/body/flags`, or a pattern's source with its flags. */
export type Literal = { body: string; flags: string };

/**
 * The field as one regular-expression literal, as JavaScript reads one: `/`, a body (not empty,
 * not beginning with `*`, no line break, no `/` unless escaped or inside `[…]`), `/`, flags (letters,
 * digits, `_`, `$`); undefined when the whole field is not one.
 */
export function regExpLiteralOf(text: string): Literal | undefined {
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

/** What else a refused pattern's user can do: choose Match As Text, or (by shape) write text. */
const otherwiseFor = (withMatchAs: boolean) =>
	withMatchAs ? 'or set Match As to Text' : 'or give comma-separated text';

function regExpOf(source: string, flags: string, field: string, withMatchAs: boolean): RegExp {
	let problem = '';
	try {
		return new RegExp(source, flags);
	} catch (error) {
		problem = (error as Error).message;
	}
	const instead = withMatchAs ? 'correct it' : 'write it as /expression/';
	throw new InvalidInput(
		field,
		`${field} is not a valid regular expression (${problem}): ${instead} ${otherwiseFor(withMatchAs)}`,
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
function refusal(error: unknown, text: string, field: string, otherwise: string): Error {
	const quoted = `${field} ${truncated(text, 80)}`;
	if (error instanceof PatternRefused) {
		const { name, instead } = REFUSED[error.construct];
		return new InvalidInput(
			field,
			`${quoted} uses ${name}, ${truncated(error.written, 40)}: URL filters are matched in a time bounded by the URL's length, which ${name} does not allow. ${instead}, ${otherwise}`,
		);
	}
	if (error instanceof ProgramTooLarge) {
		return new InvalidInput(
			field,
			`${quoted} is too large to match: it may take ${error.size.toLocaleString('en-US')} steps per character of a URL, more than the ${MAX_PROGRAM_SIZE.toLocaleString('en-US')} allowed (a count like {100} repeats its part that many times, and a count inside a count multiplies). Write smaller counts, or + and * instead of large ones, ${otherwise}`,
		);
	}
	return error as Error;
}

/** Whether JavaScript takes these as a literal's flags (`blog` of `/en/blog` it does not). */
export function areFlags(flags: string): boolean {
	const once = new Set(flags).size === flags.length;
	return /^[dgimsuvy]*$/.test(flags) && once && !(flags.includes('u') && flags.includes('v'));
}

/**
 * A URL test from a pattern (flags g and y ignored), matched by the package's own engine; refused,
 * naming what, when JavaScript or that engine cannot take it. `withMatchAs`: read with Match As
 * Regular Expression, so the refusal's way out is Match As Text.
 */
export function patternMatcher(
	literal: Literal,
	text: string,
	field: string,
	withMatchAs: boolean,
) {
	const flags = literal.flags.replace(/[gy]/g, '');
	const otherwise = otherwiseFor(withMatchAs);
	regExpOf(literal.body, flags, field, withMatchAs);
	try {
		const pattern = urlPatternOf(literal.body, flags);
		return (url: string) => pattern.test(url);
	} catch (error) {
		throw refusal(error, text, field, otherwise);
	}
}
