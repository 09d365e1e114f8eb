/**
 * Whether a regular expression's matching time can grow exponentially with the text (Include /
 * Exclude URLs Containing, pageFilter.ts). JavaScript's regular expressions backtrack: when one text
 * can go through a repetition in more than one way (a repeated group that itself repeats,
 * `(\w+-?)+`; alternatives that overlap under a repetition, `(a|ab)+`), a URL that fails the
 * pattern is tried every way, twice as many for each more character: 3 s for a 27-character path
 * segment, hours for a few more, all of it synchronous (n8n does nothing else, Stop cannot end it).
 *
 * How it is told (Glushkov's construction, kept per way through the pattern): every character the
 * pattern matches is a position; for each position, the positions that may follow it are listed once
 * for each way the pattern leads there. A repetition is refused when, inside it, two entries of one
 * such list can match the same character (the same position twice included): that character can
 * then be taken two ways, and a text of them 2ⁿ ways. Where every list inside a repetition is of
 * characters apart (`(\/\w+)+`: after a word character another one or a `/`), a text has one way
 * through it. Ambiguity outside repetitions (`.*\.pdf`, `\d+\w*`) is not refused: its cost grows
 * with a power of the URL's length, not exponentially. Lookarounds are checked inside; a
 * back-reference, a character past U+FFFF or a class of strings counts as any character.
 */

/** A character of the pattern: its source alone (`a`, `\w`, `[^/]`), or undefined for any character. */
interface Position {
	source: string | undefined;
	flags: string;
}

type PatternNode =
	| { kind: 'char'; position: Position }
	| { kind: 'empty' }
	| { kind: 'look'; body: PatternNode }
	| { kind: 'seq'; items: PatternNode[] }
	| { kind: 'alt'; options: PatternNode[] }
	| { kind: 'repeat'; body: PatternNode; min: number; max: number; text: string };

type Repeat = Extract<PatternNode, { kind: 'repeat' }>;

const EMPTY: PatternNode = { kind: 'empty' };
const LOOKAROUND = new Set(['?=', '?!', '?<=', '?<!']);

/** Flags as a `(?ims-ims:…)` group changes them (the pattern's own `g` and `y` never matter here). */
function modifiedFlags(flags: string, group: string): string {
	const change = /^\?([ims]*)(?:-([ims]*))?:$/.exec(group);
	if (!change) return flags;
	const [, added, removed = ''] = change;
	const kept = [...flags].filter((flag) => !removed.includes(flag)).join('');
	return kept + [...added].filter((flag) => !kept.includes(flag)).join('');
}

/** Reads a pattern that `new RegExp` accepted into its tree; each repetition keeps its text. */
class PatternReader {
	private at = 0;
	private readonly unicode: boolean;
	private readonly classSets: boolean;

	private constructor(
		private readonly source: string,
		flags: string,
	) {
		this.unicode = /[uv]/.test(flags);
		this.classSets = flags.includes('v');
	}

	static read(source: string, flags: string): PatternNode {
		return new PatternReader(source, flags).alternation(flags.replace(/[gdy]/g, ''));
	}

	private alternation(flags: string): PatternNode {
		const options = [this.sequence(flags)];
		while (this.source[this.at] === '|') {
			this.at++;
			options.push(this.sequence(flags));
		}
		return options.length === 1 ? options[0] : { kind: 'alt', options };
	}

	private sequence(flags: string): PatternNode {
		const items: PatternNode[] = [];
		while (this.at < this.source.length && !'|)'.includes(this.source[this.at])) {
			const start = this.at;
			items.push(this.quantified(this.atom(flags), start));
		}
		return { kind: 'seq', items };
	}

	private quantified(atom: PatternNode, start: number): PatternNode {
		const quantifier = /^(?:([*+?])|\{(\d+)(,(\d*))?\})\??/.exec(this.source.slice(this.at));
		if (!quantifier) return atom;
		this.at += quantifier[0].length;
		const [, sign, low, comma, high] = quantifier;
		const min = sign ? Number(sign === '+') : Number(low);
		const max = sign
			? sign === '?'
				? 1
				: Infinity
			: comma === undefined
				? min
				: high === ''
					? Infinity
					: Number(high);
		return { kind: 'repeat', body: atom, min, max, text: this.source.slice(start, this.at) };
	}

	private atom(flags: string): PatternNode {
		const char = this.source[this.at];
		if (char === '(') return this.group(flags);
		if (char === '[') return this.position(this.classText(), flags);
		if (char === '\\') return this.escape(flags);
		this.at++;
		if (char === '^' || char === '$') return EMPTY;
		const code = this.source.codePointAt(this.at - 1) ?? 0;
		if (this.unicode && code > 0xffff) {
			this.at++;
			return this.position(undefined, flags);
		}
		return this.position(char, flags);
	}

	private group(flags: string): PatternNode {
		const head = /^\((\?(?:[:=!]|<[=!]|<[^>]+>|[ims]*(?:-[ims]*)?:))?/.exec(
			this.source.slice(this.at),
		);
		const kind = head?.[1] ?? '';
		this.at += head?.[0].length ?? 1;
		const body = this.alternation(modifiedFlags(flags, kind));
		this.at++; // its `)`
		return LOOKAROUND.has(kind) ? { kind: 'look', body } : body;
	}

	/** A `[…]` class (nested ones with the v flag), as it is written. */
	private classText(): string {
		const start = this.at;
		let depth = 0;
		while (this.at < this.source.length) {
			const char = this.source[this.at];
			this.at += char === '\\' ? 2 : 1;
			if (char === '[' && (depth === 0 || this.classSets)) depth++;
			else if (char === ']' && --depth === 0) break;
		}
		return this.source.slice(start, this.at);
	}

	private escape(flags: string): PatternNode {
		const rest = this.source.slice(this.at);
		const boundary = /^\\[bB]/.exec(rest);
		// a back-reference (without the u flag perhaps an octal escape): any text, to be safe
		const reference = /^\\(?:[1-9]\d*|k<[^>]*>)/.exec(rest);
		// with the u or v flag: a Unicode property, a code point in braces, a surrogate pair
		const unicode = this.unicode
			? /^\\(?:[pP]\{[^}]*\}|u\{[0-9a-fA-F]+\}|u[dD][89abAB][0-9a-fA-F]{2}\\u[0-9a-fA-F]{4})/.exec(
					rest,
				)
			: null;
		const plain = /^\\(?:u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[A-Za-z]|0[0-7]{0,2}|[\s\S])/.exec(rest);
		const escape = boundary ?? reference ?? unicode ?? plain;
		this.at += escape?.[0].length ?? 2;
		if (boundary) return EMPTY;
		return this.position(reference ? undefined : escape?.[0], flags);
	}

	private position(source: string | undefined, flags: string): PatternNode {
		// a class of strings, or naming a character past U+FFFF: any character, to be safe (only
		// U+0000–U+FFFF and a few beyond are compared one by one)
		const beyond =
			source !== undefined &&
			this.unicode &&
			(/\\q|\\u\{[0-9a-fA-F]{5}|\\u[dD][89abAB]/.test(source) || /[\uD800-\uDFFF]/.test(source));
		return { kind: 'char', position: { source: beyond ? undefined : source, flags } };
	}
}

interface Shape {
	nullable: boolean;
	first: Position[];
	last: Position[];
}

const NOTHING: Shape = { nullable: true, first: [], last: [] };

/** The positions that may follow each position, one entry per way there; each repetition's positions. */
class FollowLists {
	readonly next = new Map<Position, Position[]>();
	/** Each repetition's positions. */
	readonly inside = new Map<Repeat, Set<Position>>();

	shapeOf(node: PatternNode): Shape {
		switch (node.kind) {
			case 'char':
				return { nullable: false, first: [node.position], last: [node.position] };
			case 'empty':
				return NOTHING;
			case 'look':
				this.shapeOf(node.body);
				return NOTHING;
			case 'alt':
				return node.options.map((option) => this.shapeOf(option)).reduce(alternative, NEVER);
			case 'seq':
				return node.items.reduce((before, item) => this.then(before, item), NOTHING);
			case 'repeat':
				return this.repeat(node);
		}
	}

	private then(before: Shape, item: PatternNode): Shape {
		const after = this.shapeOf(item);
		this.link(before.last, after.first);
		return {
			nullable: before.nullable && after.nullable,
			first: before.nullable ? [...before.first, ...after.first] : before.first,
			last: after.nullable ? [...after.last, ...before.last] : after.last,
		};
	}

	private repeat(node: Repeat): Shape {
		const body = this.shapeOf(node.body);
		this.inside.set(node, new Set(positionsOf(node.body)));
		if (node.max === 0) return NOTHING;
		if (node.max > 1) this.link(body.last, body.first);
		return { ...body, nullable: body.nullable || node.min === 0 };
	}

	private link(from: Position[], to: Position[]): void {
		for (const position of from) {
			const list = this.next.get(position) ?? [];
			list.push(...to);
			this.next.set(position, list);
		}
	}
}

/** The positions a repetition goes through: a lookaround's are matched apart (and checked apart). */
function positionsOf(node: PatternNode, found: Position[] = []): Position[] {
	if (node.kind === 'char') found.push(node.position);
	else if (node.kind === 'repeat') positionsOf(node.body, found);
	else if (node.kind === 'seq') node.items.forEach((item) => positionsOf(item, found));
	else if (node.kind === 'alt') node.options.forEach((option) => positionsOf(option, found));
	return found;
}

const NEVER: Shape = { nullable: false, first: [], last: [] };

function alternative(one: Shape, other: Shape): Shape {
	return {
		nullable: one.nullable || other.nullable,
		first: [...one.first, ...other.first],
		last: [...one.last, ...other.last],
	};
}

/** Characters compared one by one: U+0000–U+FFFF, and with the u or v flag a few beyond. */
const BEYOND_BMP = ['\u{10000}', '\u{1F600}', '\u{20000}', '\u{E0001}', '\u{10FFFF}'];

/** Which characters a position matches (computed once, when a comparison needs it). */
class CharacterSets {
	private readonly sets = new Map<Position, Uint8Array>();

	overlap(one: Position, other: Position): boolean {
		if (one === other || one.source === undefined || other.source === undefined) return true;
		const [a, b] = [this.setOf(one), this.setOf(other)];
		return a.some((matched, index) => matched === 1 && b[index] === 1);
	}

	private setOf(position: Position): Uint8Array {
		let set = this.sets.get(position);
		if (set) return set;
		const tester = new RegExp(`^(?:${position.source})$`, position.flags);
		const extra = /[uv]/.test(position.flags) ? BEYOND_BMP : [];
		set = new Uint8Array(0x10000 + extra.length);
		for (let code = 0; code < 0x10000; code++) {
			if (tester.test(String.fromCharCode(code))) set[code] = 1;
		}
		// a Unicode property is taken to match every character past U+FFFF
		const property = /\\[pP]/.test(position.source ?? '');
		extra.forEach((char, index) => (set![0x10000 + index] = property || tester.test(char) ? 1 : 0));
		this.sets.set(position, set);
		return set;
	}
}

/** Whether, inside `repeat`, some position may be followed two ways by one character. */
function ambiguous(repeat: Repeat, follows: FollowLists, characters: CharacterSets): boolean {
	const inside = follows.inside.get(repeat) ?? new Set<Position>();
	for (const position of inside) {
		const next = (follows.next.get(position) ?? []).filter((other) => inside.has(other));
		for (let i = 0; i < next.length; i++) {
			for (let j = i + 1; j < next.length; j++) {
				if (characters.overlap(next[i], next[j])) return true;
			}
		}
	}
	return false;
}

function repeatsOf(node: PatternNode, found: Repeat[] = []): Repeat[] {
	if (node.kind === 'repeat') {
		found.push(node);
		repeatsOf(node.body, found);
	} else if (node.kind === 'look') repeatsOf(node.body, found);
	else if (node.kind === 'seq') node.items.forEach((item) => repeatsOf(item, found));
	else if (node.kind === 'alt') node.options.forEach((option) => repeatsOf(option, found));
	return found;
}

/**
 * The outermost repetition of a valid pattern (`source`, `flags`) through which a text can go more
 * than one way, as the pattern writes it (like `(\w+-?)+`); undefined when there is none.
 */
export function exponentialPart(source: string, flags: string): string | undefined {
	const tree = PatternReader.read(source, flags);
	const follows = new FollowLists();
	follows.shapeOf(tree);
	const characters = new CharacterSets();
	const loops = repeatsOf(tree).filter((repeat) => repeat.max > 1);
	return loops.find((repeat) => ambiguous(repeat, follows, characters))?.text;
}
