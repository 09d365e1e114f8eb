import { literalOf, PatternReader, requiredText } from './urlPatternSyntax';
import type { Flags, PatternNode } from './urlPatternSyntax';

/**
 * A regular expression of Include / Exclude URLs Containing (pageFilter.ts) matched in a time
 * linear in the URL's length, whatever the pattern: JavaScript's own matching backtracks, and a
 * pattern like `/(\w+-?)+\.pdf$/` or `/\/.*\/.*\/.*\.pdf$/` can hold n8n for minutes on one URL
 * (synchronously: nothing else runs, Stop included). The pattern (urlPatternSyntax.ts) is compiled
 * to a program of instructions (Thompson's construction), and the URL is read once, left to right,
 * with every way through the program followed at the same time (Pike's simulation): at each
 * position each instruction is visited at most once, so a test takes at most (URL length + 1) ×
 * program size steps, counted in `steps`. Only whether the URL matches is computed (no groups).
 * A program larger than MAX_PROGRAM_SIZE is refused (`ProgramTooLarge`): a count like `{1000}`
 * copies its part that many times.
 *
 * Which characters an atom matches is JavaScript's own answer: a RegExp of that atom alone, tested
 * on one character (anchored, it cannot backtrack), for the 128 ASCII characters when the pattern
 * is compiled and for any other character the first time a URL has it (remembered). So classes,
 * `\d \w \s`, `.`, the i flag's case folding (with the u flag Unicode's simple case folding, as
 * JavaScript does) and `\p{…}` are exactly JavaScript's.
 */

/** The most instructions a pattern may compile to: a 2,048-character URL then takes at most about 4 million steps. */
export const MAX_PROGRAM_SIZE = 2_000;

export class ProgramTooLarge extends Error {
	constructor(readonly size: number) {
		super(`a program of ${size} instructions`);
		this.name = 'ProgramTooLarge';
	}
}

const CHAR = 0;
const SPLIT = 1;
const JUMP = 2;
const ASSERT = 3;
const MATCH = 4;

const ASSERTIONS = ['start', 'end', 'boundary', 'notBoundary'] as const;
/** An assertion's code: its index in ASSERTIONS, + 4 with the m flag. */
const MULTILINE = 4;

/** Characters a URL may have past ASCII whose answers one atom remembers at most. */
const MAX_REMEMBERED = 4096;

/** Which characters one atom matches: ASCII from a table, any other asked of JavaScript once. */
class CharacterTest {
	readonly ascii = new Uint8Array(128);
	private readonly others = new Map<number, boolean>();
	private readonly tester: RegExp;

	/** The one ASCII character it matches when it is a literal one, without the i flag: else -1. */
	readonly only: number;

	constructor(source: string, flags: Flags) {
		const literal = flags.includes('i') ? undefined : literalOf(source);
		this.only = literal !== undefined && literal.charCodeAt(0) < 128 ? literal.charCodeAt(0) : -1;
		this.tester = new RegExp(`^(?:${source})$`, flags.replace('m', ''));
		for (let code = 0; code < 128; code++) {
			this.ascii[code] = this.tester.test(String.fromCharCode(code)) ? 1 : 0;
		}
	}

	/** Whether the character (a code unit, or with the u flag a code point) matches. */
	matches(code: number): boolean {
		if (code < 128) return this.ascii[code] === 1;
		let known = this.others.get(code);
		if (known === undefined) {
			if (this.others.size >= MAX_REMEMBERED) this.others.clear();
			known = this.tester.test(String.fromCodePoint(code));
			this.others.set(code, known);
		}
		return known;
	}
}

/** How many instructions `node` compiles to (before anything is compiled: a count may be huge). */
function sizeOf(node: PatternNode): number {
	switch (node.kind) {
		case 'atom':
		case 'assert':
			return 1;
		case 'seq':
			return node.items.reduce((sum, item) => sum + sizeOf(item), 0);
		case 'alt':
			return (
				node.options.reduce((sum, option) => sum + sizeOf(option), 0) +
				2 * (node.options.length - 1)
			);
		case 'repeat': {
			const body = sizeOf(node.body);
			const optional = node.max === Infinity ? body + 2 : (node.max - node.min) * (body + 1);
			return node.min * body + optional;
		}
	}
}

/** Instructions as they are written, then frozen into typed arrays. */
class ProgramWriter {
	readonly op: number[] = [];
	readonly a: number[] = [];
	readonly b: number[] = [];
	readonly tests: CharacterTest[] = [];
	private readonly testIndex = new Map<string, number>();

	get at(): number {
		return this.op.length;
	}

	emit(op: number, a = 0, b = 0): number {
		this.op.push(op);
		this.a.push(a);
		this.b.push(b);
		return this.op.length - 1;
	}

	/** One test per atom as written (a repeated atom shares it). */
	test(source: string, flags: Flags): number {
		const key = `${flags}/${source}`;
		let index = this.testIndex.get(key);
		if (index === undefined) {
			index = this.tests.push(new CharacterTest(source, flags)) - 1;
			this.testIndex.set(key, index);
		}
		return index;
	}

	write(node: PatternNode): void {
		switch (node.kind) {
			case 'atom':
				this.emit(CHAR, this.test(node.source, node.flags));
				return;
			case 'assert': {
				const code =
					ASSERTIONS.indexOf(node.assertion) + (node.flags.includes('m') ? MULTILINE : 0);
				this.emit(ASSERT, code, this.test('\\w', node.flags));
				return;
			}
			case 'seq':
				node.items.forEach((item) => this.write(item));
				return;
			case 'alt':
				return this.alternatives(node.options);
			case 'repeat':
				return this.repeat(node.body, node.min, node.max);
		}
	}

	private alternatives(options: PatternNode[]): void {
		const ends: number[] = [];
		options.forEach((option, index) => {
			const last = index === options.length - 1;
			const split = last ? -1 : this.emit(SPLIT, this.at + 1);
			this.write(option);
			if (last) return;
			ends.push(this.emit(JUMP));
			this.b[split] = this.at;
		});
		for (const end of ends) this.a[end] = this.at;
	}

	private repeat(body: PatternNode, min: number, max: number): void {
		for (let copy = 0; copy < min; copy++) this.write(body);
		if (max === Infinity) {
			const loop = this.emit(SPLIT, this.at + 1);
			this.write(body);
			this.emit(JUMP, loop);
			this.b[loop] = this.at;
			return;
		}
		const skips: number[] = [];
		for (let copy = min; copy < max; copy++) {
			skips.push(this.emit(SPLIT, this.at + 1));
			this.write(body);
		}
		for (const skip of skips) this.b[skip] = this.at;
	}
}

const isLineTerminator = (code: number): boolean =>
	code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;

/** A compiled pattern: `test(url)` as RegExp.prototype.test answers it (without g and y). */
export class UrlPattern {
	/** The program's instructions: a test takes at most (URL length + 1) × size steps. */
	readonly size: number;
	/** The steps the last `test` took: instructions visited, each at most once per position. */
	steps = 0;
	private readonly op: Uint8Array;
	private readonly a: Int32Array;
	private readonly b: Int32Array;
	private readonly tests: CharacterTest[];
	/** Every test's ASCII table, one after the other; `base[pc]`: where an atom's begins. */
	private readonly tables: Uint8Array;
	private readonly base: Int32Array;
	private readonly unicode: boolean;
	/** Characters that may begin a match (ASCII); where none can, the URL is skipped over. */
	private readonly starts = new Uint8Array(128);
	/** Whether the program may match without reading a character (no skipping then). */
	private readonly emptyMatch: boolean;
	/** Whether every match begins at the URL's start (`^` without the m flag). */
	private readonly anchored: boolean;
	/**
	 * An anchored pattern's literal beginning (`^https:\/\/a\.test\/` of `^https:\/\/a\.test\/(blog|shop)\/`):
	 * compared with `startsWith`, the program then begins after it, at `startPc` ('' and 0 else).
	 */
	private readonly prefix: string = '';
	private readonly startPc: number = 0;
	private current: Int32Array;
	private next: Int32Array;
	private readonly stack: Int32Array;
	private readonly mark: Int32Array;
	private generation = 0;
	private matched = false;

	constructor(
		writer: ProgramWriter,
		unicode: boolean,
		/** Text every match contains, looked for first (lowercased under the i flag: `folded`). */
		private readonly required?: { text: string; folded: boolean },
	) {
		this.size = writer.at;
		this.op = Uint8Array.from(writer.op);
		this.a = Int32Array.from(writer.a);
		this.b = Int32Array.from(writer.b);
		this.tests = writer.tests;
		this.tables = new Uint8Array(128 * this.tests.length);
		this.tests.forEach((test, index) => this.tables.set(test.ascii, 128 * index));
		this.base = this.a.map((test, pc) => (this.op[pc] === CHAR ? 128 * test : 0));
		this.unicode = unicode;
		[this.current, this.next, this.stack, this.mark] = [0, 1, 2, 3].map(
			() => new Int32Array(this.size),
		);
		const all = this.firstSteps(true);
		this.emptyMatch = all.match;
		for (const pc of all.chars)
			this.tests[this.a[pc]].ascii.forEach((hit, code) => (this.starts[code] |= hit));
		const unanchored = this.firstSteps(false);
		this.anchored = !unanchored.match && unanchored.chars.length === 0;
		if (this.anchored) [this.prefix, this.startPc] = this.literalBeginning();
	}

	/**
	 * The literal characters right after a leading `^` that every match reads in order, and the
	 * instruction after them: a straight run of one-character atoms that no jump leads into.
	 */
	private literalBeginning(): [string, number] {
		const { op, a, b } = this;
		if (op[0] !== ASSERT || a[0] !== 0) return ['', 0];
		let end = 1;
		while (op[end] === CHAR && this.tests[a[end]].only >= 0) end++;
		for (let pc = 0; pc < this.size; pc++) {
			const jumps = op[pc] === SPLIT ? [a[pc], b[pc]] : op[pc] === JUMP ? [a[pc]] : [];
			end = Math.min(end, ...jumps);
		}
		if (end <= 1) return ['', 0];
		const codes = Array.from({ length: end - 1 }, (_, index) => this.tests[a[index + 1]].only);
		return [String.fromCharCode(...codes), end];
	}

	/**
	 * The atoms (and whether the end) reachable from the start without reading a character, every
	 * assertion taken as true; with `passStart` false, `^` without the m flag stops the way.
	 */
	private firstSteps(passStart: boolean): { chars: number[]; match: boolean } {
		const seen = new Set<number>();
		const chars: number[] = [];
		let match = false;
		const visit = (pc: number): void => {
			if (seen.has(pc)) return;
			seen.add(pc);
			const op = this.op[pc];
			if (op === CHAR) chars.push(pc);
			else if (op === MATCH) match = true;
			else if (op === JUMP) visit(this.a[pc]);
			else if (op === SPLIT) [this.a[pc], this.b[pc]].forEach(visit);
			else if (passStart || this.a[pc] !== 0) visit(pc + 1);
		};
		visit(0);
		return { chars, match };
	}

	test(url: string): boolean {
		this.steps = 0;
		const required = this.required;
		if (required && !(required.folded ? url.toLowerCase() : url).includes(required.text))
			return false;
		const prefix = this.prefix;
		if (prefix !== '' && !url.startsWith(prefix)) return false;
		this.matched = false;
		this.newGeneration();
		const length = url.length;
		const unicode = this.unicode;
		const starts = this.starts;
		const anchored = this.anchored;
		// an anchored pattern begins at the URL's start, or after its literal beginning
		const startAt = prefix.length;
		let count = 0;
		let before = startAt === 0 ? -1 : url.charCodeAt(startAt - 1);
		let at = startAt;
		let code = at >= length ? -1 : unicode ? (url.codePointAt(at) as number) : url.charCodeAt(at);
		for (;;) {
			if (count === 0 && at > startAt && anchored) return false;
			if (
				count === 0 &&
				!anchored &&
				!this.emptyMatch &&
				code >= 0 &&
				code < 128 &&
				starts[code] === 0
			) {
				// no match can begin here: on to the next character that may begin one
				do {
					before = code;
					code = ++at < length ? url.charCodeAt(at) : -1;
				} while (code >= 0 && code < 128 && starts[code] === 0);
				if (unicode && code >= 0) code = url.codePointAt(at) as number;
				this.newGeneration();
			}
			if (!anchored) count = this.follow(this.current, count, 0, before, code);
			else if (at === startAt) count = this.follow(this.current, count, this.startPc, before, code);
			if (this.matched) return true;
			if (code === -1) return false;
			at += code > 0xffff ? 2 : 1;
			const after =
				at >= length ? -1 : unicode ? (url.codePointAt(at) as number) : url.charCodeAt(at);
			count = this.step(count, code, after);
			if (this.matched) return true;
			before = code;
			code = after;
		}
	}

	/** Reads one character: the atoms of `current` that match it go on, into `next` (then swapped). */
	private step(count: number, code: number, after: number): number {
		this.newGeneration();
		const current = this.current;
		const next = this.next;
		const { tables, base } = this;
		let nextCount = 0;
		for (let index = 0; index < count; index++) {
			const pc = current[index];
			if (code < 128 ? tables[base[pc] + code] === 1 : this.tests[this.a[pc]].matches(code)) {
				nextCount = this.follow(next, nextCount, pc + 1, code, after);
				if (this.matched) return nextCount;
			}
		}
		this.current = next;
		this.next = current;
		return nextCount;
	}

	/**
	 * Adds to `list` the atoms reachable from `start` between the characters `before` and `after`
	 * (-1: the URL's start or end), each instruction visited once in this generation.
	 */
	private follow(
		list: Int32Array,
		count: number,
		start: number,
		before: number,
		after: number,
	): number {
		const { op, a, b, mark, stack, generation } = this;
		if (mark[start] === generation) return count;
		mark[start] = generation;
		stack[0] = start;
		let top = 1;
		let steps = 0;
		while (top > 0) {
			const pc = stack[--top];
			steps++;
			const kind = op[pc];
			let to = -1;
			let other = -1;
			if (kind === CHAR) list[count++] = pc;
			else if (kind === SPLIT) {
				to = a[pc];
				other = b[pc];
			} else if (kind === JUMP) to = a[pc];
			else if (kind === MATCH) {
				this.matched = true;
				break;
			} else if (this.holds(a[pc], b[pc], before, after)) to = pc + 1;
			if (other >= 0 && mark[other] !== generation) {
				mark[other] = generation;
				stack[top++] = other;
			}
			if (to >= 0 && mark[to] !== generation) {
				mark[to] = generation;
				stack[top++] = to;
			}
		}
		this.steps += steps;
		return count;
	}

	private holds(assertion: number, wordTest: number, before: number, after: number): boolean {
		const multiline = assertion >= MULTILINE;
		switch (ASSERTIONS[assertion % MULTILINE]) {
			case 'start':
				return before === -1 || (multiline && isLineTerminator(before));
			case 'end':
				return after === -1 || (multiline && isLineTerminator(after));
			default: {
				const word = this.tests[wordTest];
				const boundary =
					(before !== -1 && word.matches(before)) !== (after !== -1 && word.matches(after));
				return boundary === (assertion % MULTILINE === 2);
			}
		}
	}

	private newGeneration(): void {
		if (this.generation === 0x3fffffff) {
			this.mark.fill(0);
			this.generation = 0;
		}
		this.generation++;
	}
}

/**
 * A pattern `new RegExp(source, flags)` accepted, compiled. Throws `PatternRefused`
 * (urlPatternSyntax.ts: a lookahead, a lookbehind, a back-reference, the v flag) or
 * `ProgramTooLarge`.
 */
export function urlPatternOf(source: string, flags: string): UrlPattern {
	const tree = PatternReader.read(source, flags);
	const size = sizeOf(tree) + 1;
	if (size > MAX_PROGRAM_SIZE) throw new ProgramTooLarge(size);
	const writer = new ProgramWriter();
	writer.write(tree);
	writer.emit(MATCH);
	return new UrlPattern(writer, flags.includes('u'), requiredText(tree));
}
