/**
 * A JavaScript regular expression (Include / Exclude URLs Containing, pageFilter.ts) read into the
 * tree urlPattern.ts compiles. The pattern was accepted by `new RegExp` first, so only what that
 * check leaves open is decided here: which characters form one atom, and the constructs a matching
 * linear in the URL's length cannot have (a lookahead, a lookbehind, a back-reference: refused with
 * `PatternRefused`). An atom is one character as the pattern writes it (`a`, `\/`, `\d`, `[^/?#]`,
 * `.`, `\u00e9`, with the u flag `\p{L}`): urlPattern.ts asks JavaScript which characters it
 * matches, one character at a time, so case folding and classes mean what they mean in JavaScript.
 */

/** Flags that change how an atom or an assertion reads: i, m, s (a `(?i:…)` group changes them), u. */
export type Flags = string;

export type Assertion = 'start' | 'end' | 'boundary' | 'notBoundary';

export type PatternNode =
	| { kind: 'atom'; source: string; flags: Flags }
	| { kind: 'assert'; assertion: Assertion; flags: Flags }
	| { kind: 'seq'; items: PatternNode[] }
	| { kind: 'alt'; options: PatternNode[] }
	| { kind: 'repeat'; body: PatternNode; min: number; max: number };

/** What a pattern uses that the matching cannot do, as the pattern writes it. */
export type RefusedConstruct = 'lookahead' | 'lookbehind' | 'back-reference' | 'v flag';

export class PatternRefused extends Error {
	constructor(
		readonly construct: RefusedConstruct,
		readonly written: string,
	) {
		super(`${construct} ${written}`);
		this.name = 'PatternRefused';
	}
}

const LOOKAROUND: Record<string, RefusedConstruct> = {
	'(?=': 'lookahead',
	'(?!': 'lookahead',
	'(?<=': 'lookbehind',
	'(?<!': 'lookbehind',
};

/** The capturing groups a pattern has, and whether one is named (then `\k<name>` is a reference). */
function groupsOf(source: string): { count: number; named: boolean } {
	let count = 0;
	let named = false;
	let inClass = false;
	for (let at = 0; at < source.length; at++) {
		const char = source[at];
		if (char === '\\') at++;
		else if (inClass) inClass = char !== ']';
		else if (char === '[') inClass = true;
		else if (char === '(' && source[at + 1] !== '?') count++;
		else if (char === '(' && /^\(\?<[^=!]/.test(source.slice(at, at + 4))) {
			count++;
			named = true;
		}
	}
	return { count, named };
}

/** Flags as a `(?ims-ims:…)` group changes them. */
function modifiedFlags(flags: Flags, group: string): Flags {
	const change = /^\(\?([ims]*)(?:-([ims]*))?:$/.exec(group);
	if (!change) return flags;
	const [, added, removed = ''] = change;
	const kept = [...flags].filter((flag) => !removed.includes(flag)).join('');
	return kept + [...added].filter((flag) => !kept.includes(flag)).join('');
}

const QUANTIFIER = /^(?:([*+?])|\{(\d+)(?:(,)(\d*))?\})\??/;

/** Reads a pattern `new RegExp(source, flags)` accepted into its tree. */
export class PatternReader {
	private at = 0;
	private readonly unicode: boolean;
	private readonly groups: { count: number; named: boolean };

	private constructor(
		private readonly source: string,
		flags: Flags,
	) {
		this.unicode = flags.includes('u');
		this.groups = groupsOf(source);
	}

	static read(source: string, flags: Flags): PatternNode {
		if (flags.includes('v')) throw new PatternRefused('v flag', `/${source}/${flags}`);
		const scope = [...flags].filter((flag) => 'imsu'.includes(flag)).join('');
		return new PatternReader(source, flags).alternation(scope);
	}

	private alternation(flags: Flags): PatternNode {
		const options = [this.sequence(flags)];
		while (this.source[this.at] === '|') {
			this.at++;
			options.push(this.sequence(flags));
		}
		return options.length === 1 ? options[0] : { kind: 'alt', options };
	}

	private sequence(flags: Flags): PatternNode {
		const items: PatternNode[] = [];
		while (this.at < this.source.length && this.source[this.at] !== '|') {
			if (this.source[this.at] === ')') break;
			items.push(this.quantified(this.term(flags)));
		}
		return items.length === 1 ? items[0] : { kind: 'seq', items };
	}

	private quantified(term: PatternNode): PatternNode {
		const quantifier = QUANTIFIER.exec(this.source.slice(this.at));
		if (!quantifier) return term;
		this.at += quantifier[0].length;
		const [, sign, low, comma, high] = quantifier;
		if (sign)
			return {
				kind: 'repeat',
				body: term,
				min: sign === '+' ? 1 : 0,
				max: sign === '?' ? 1 : Infinity,
			};
		const min = Number(low);
		const max = comma === undefined ? min : high === '' ? Infinity : Number(high);
		return { kind: 'repeat', body: term, min, max };
	}

	private term(flags: Flags): PatternNode {
		const char = this.source[this.at];
		if (char === '(') return this.group(flags);
		if (char === '\\') return this.escape(flags);
		if (char === '^' || char === '$') {
			this.at++;
			return { kind: 'assert', assertion: char === '^' ? 'start' : 'end', flags };
		}
		if (char === '[') return this.atom(this.classLength(), flags);
		const code = this.source.codePointAt(this.at) ?? 0;
		return this.atom(this.unicode && code > 0xffff ? 2 : 1, flags);
	}

	private atom(length: number, flags: Flags): PatternNode {
		const source = this.source.slice(this.at, this.at + length);
		this.at += length;
		return { kind: 'atom', source, flags };
	}

	private group(flags: Flags): PatternNode {
		const head =
			/^\((?:\?(?:[:=!]|<[=!]|<[^>]*>|[ims]*(?:-[ims]*)?:))?/.exec(
				this.source.slice(this.at),
			)?.[0] ?? '(';
		const refused = LOOKAROUND[head];
		if (refused) throw new PatternRefused(refused, this.groupText());
		this.at += head.length;
		const body = this.alternation(modifiedFlags(flags, head));
		this.at++; // its `)`
		return body;
	}

	/** The group that begins here, as written (to its `)`). */
	private groupText(): string {
		let depth = 0;
		let inClass = false;
		for (let at = this.at; at < this.source.length; at++) {
			const char = this.source[at];
			if (char === '\\') at++;
			else if (inClass) inClass = char !== ']';
			else if (char === '[') inClass = true;
			else if (char === '(') depth++;
			else if (char === ')' && --depth === 0) return this.source.slice(this.at, at + 1);
		}
		return this.source.slice(this.at);
	}

	/** A `[…]` class's length: to its first `]` not escaped (`[]` and `[^]` included). */
	private classLength(): number {
		let at = this.at + 1;
		if (this.source[at] === '^') at++;
		while (at < this.source.length && this.source[at] !== ']')
			at += this.source[at] === '\\' ? 2 : 1;
		return at + 1 - this.at;
	}

	private escape(flags: Flags): PatternNode {
		const rest = this.source.slice(this.at);
		const next = rest[1];
		if (next === 'b' || next === 'B') {
			this.at += 2;
			return { kind: 'assert', assertion: next === 'b' ? 'boundary' : 'notBoundary', flags };
		}
		const reference = this.reference(rest);
		if (reference) throw new PatternRefused('back-reference', reference);
		// without the u flag, `\c` not followed by a letter is a backslash, then the `c` (Annex B)
		if (next === 'c' && !/^\\c[A-Za-z]/.test(rest)) return this.backslash(flags);
		return this.atom(this.escapeLength(rest), flags);
	}

	private backslash(flags: Flags): PatternNode {
		this.at++;
		return { kind: 'atom', source: '\\\\', flags };
	}

	/** A back-reference written here (`\1`, `\k<name>`), if this escape is one. */
	private reference(rest: string): string | undefined {
		const numbered = /^\\([1-9]\d*)/.exec(rest);
		if (numbered && (this.unicode || Number(numbered[1]) <= this.groups.count)) return numbered[0];
		const named = /^\\k<[^>]*>/.exec(rest);
		if (named && (this.unicode || this.groups.named)) return named[0];
		return undefined;
	}

	/** How many characters of `rest` (beginning with `\`) make one character's escape. */
	private escapeLength(rest: string): number {
		const forms = this.unicode
			? [
					/^\\[pP]\{[^}]*\}/,
					/^\\u\{[0-9a-fA-F]+\}/,
					/^\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}/,
					/^\\u[0-9a-fA-F]{4}/,
					/^\\x[0-9a-fA-F]{2}/,
					/^\\c[A-Za-z]/,
				]
			: [
					/^\\u[0-9a-fA-F]{4}/,
					/^\\x[0-9a-fA-F]{2}/,
					/^\\c[A-Za-z]/,
					// a legacy octal escape (Annex B): \0 to \377
					/^\\(?:[0-3][0-7]{0,2}|[4-7][0-7]?)/,
				];
		for (const form of forms) {
			const found = form.exec(rest);
			if (found) return found[0].length;
		}
		const code = rest.codePointAt(1) ?? 0;
		return this.unicode && code > 0xffff ? 3 : 2;
	}
}

/** The character an atom stands for when it is one literal character (`a`, `\/`, `\.`), else undefined. */
export function literalOf(source: string): string | undefined {
	if (source.length === 1 && !'.[\\^$'.includes(source)) return source;
	if (/^\\[/.\-\\*+?()[\]{}|^$]$/.test(source)) return source[1];
	if (source.length === 2 && source.codePointAt(0)! > 0xffff) return source;
	return undefined;
}

/** Nested sequences as one (a group's items are contiguous in the sequence around it). */
function flattened(items: PatternNode[]): PatternNode[] {
	return items.flatMap((item) => (item.kind === 'seq' ? flattened(item.items) : [item]));
}

/** Whether a literal run under the i flag can be found in the lowercased URL (`requiredText`). */
function foldsAsLowercase(text: string, flags: Flags): boolean {
	// without u, only ASCII letters match an ASCII letter; with u also U+017F (ſ) for s, which
	// lowercasing keeps (U+212A, the Kelvin sign, lowercases to k)
	return /^[\x20-\x7e]*$/.test(text) && !(flags.includes('u') && /s/i.test(text));
}

/**
 * Text every match contains (the longest run of literal characters in the pattern's top-level
 * sequence), to be looked for with `includes` before the matching: in the URL as it is, or
 * lowercased (`folded`) under the i flag. Undefined when there is none, or when lowercasing could
 * miss a match.
 */
export function requiredText(tree: PatternNode): { text: string; folded: boolean } | undefined {
	const items = tree.kind === 'seq' ? flattened(tree.items) : [tree];
	let best: { text: string; flags: Flags } | undefined;
	let run: { text: string; flags: Flags } | undefined;
	for (const item of [...items, undefined]) {
		const literal = item?.kind === 'atom' ? literalOf(item.source) : undefined;
		const flags = item?.kind === 'atom' ? item.flags.replace(/[ms]/g, '') : '';
		if (literal !== undefined && run && run.flags === flags) run.text += literal;
		else {
			if (run && run.text.length > (best?.text.length ?? 0)) best = run;
			run = literal === undefined ? undefined : { text: literal, flags };
		}
	}
	if (!best) return undefined;
	if (!best.flags.includes('i')) return { text: best.text, folded: false };
	if (!foldsAsLowercase(best.text, best.flags)) return undefined;
	return { text: best.text.toLowerCase(), folded: true };
}
