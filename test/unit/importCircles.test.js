// No import circle under nodes/ (issue 40), type-only imports and deferred `import()` included: a circle
// means two modules that cannot be read, changed or loaded one without the other. Read from the
// TypeScript source, not dist/ (the compiler drops type-only imports).
const { importGraph, nodeSources } = require('../helpers/node-sources');

/** The files that import one another, directly or not (strongly connected, Tarjan), two or more. */
function knots(graph) {
	const index = new Map();
	const low = new Map();
	const stack = [];
	const found = [];
	const visit = (file) => {
		index.set(file, index.size);
		low.set(file, index.get(file));
		stack.push(file);
		for (const next of graph.get(file)) {
			if (!index.has(next)) {
				visit(next);
				low.set(file, Math.min(low.get(file), low.get(next)));
			} else if (stack.includes(next)) low.set(file, Math.min(low.get(file), index.get(next)));
		}
		if (low.get(file) !== index.get(file)) return;
		const knot = stack.splice(stack.indexOf(file));
		if (knot.length > 1 || graph.get(file).includes(file)) found.push(knot.sort());
	};
	for (const file of graph.keys()) if (!index.has(file)) visit(file);
	return found;
}

/** The shortest circle through one file of a knot (that file again at the end). */
function circleThrough(graph, knot, start) {
	const inKnot = new Set(knot);
	const from = new Map([[start, undefined]]);
	for (let queue = [start]; queue.length > 0; ) {
		const file = queue.shift();
		for (const next of graph.get(file).filter((f) => inKnot.has(f))) {
			if (next === start) {
				const circle = [next];
				for (let f = file; f !== undefined; f = from.get(f)) circle.unshift(f);
				return circle;
			}
			if (!from.has(next)) {
				from.set(next, file);
				queue.push(next);
			}
		}
	}
	throw new Error(`no circle through ${start}`);
}

/** Circles, as `a → b → a`, until every file of every knot is in one. */
function circles(sources) {
	const graph = importGraph(sources);
	const found = [];
	for (const knot of knots(graph)) {
		const shown = new Set();
		for (const file of knot) {
			if (shown.has(file)) continue;
			const circle = circleThrough(graph, knot, file);
			circle.forEach((f) => shown.add(f));
			found.push(circle.join(' → '));
		}
	}
	return found;
}

describe('the circle finder', () => {
	test('finds a circle made of a type-only import and a deferred import()', () => {
		expect(
			circles({
				'a/pages.ts': "import type { Filter } from './filter';\nconst m = await import('./read');",
				'a/filter.ts': "import { x } from '../b';\nexport type Filter = 1;",
				'a/read.ts': "import type { Page } from './pages';",
				'b/index.ts': '',
				'c.ts': "import { d } from './d';",
				'd.ts': "import type { C } from './c';",
			}),
		).toEqual(['a/pages.ts → a/read.ts → a/pages.ts', 'c.ts → d.ts → c.ts']);
	});

	test('finds one through a folder index and export … from', () => {
		expect(
			circles({
				'x.ts': "export { y } from './sub';",
				'sub/index.ts': "import {\n\tz,\n} from '../x';",
			}),
		).toEqual(['sub/index.ts → x.ts → sub/index.ts']);
	});

	test('does not count a path named in a comment, nor a package', () => {
		expect(
			circles({
				'a.ts': "// from './b'\n/* import('./b') */\nimport { n } from 'n8n-workflow';",
				'b.ts': "import { a } from './a';",
			}),
		).toEqual([]);
	});
});

test('no import circle under nodes/ (type-only and import() included)', () => {
	const sources = nodeSources();
	expect(Object.keys(sources).length).toBeGreaterThan(50);
	expect(circles(sources)).toEqual([]);
});
