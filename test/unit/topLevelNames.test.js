// One name, one meaning (issue 40): a function, constant, class or type declared at the top level of
// two files under nodes/ is either the same thing written twice or two things that read alike.
// Read from the TypeScript source.
const { nodeSources } = require('../helpers/node-sources');

/**
 * Names two files may each declare, and why. Each resource's own operation exports its option
 * under the same name (resources/<resource>/index.ts lists them): one role, one per resource.
 */
const ONE_ROLE_PER_RESOURCE = ['deleteOption', 'getAllFields', 'getAllOption'];

const DECLARATION =
	/^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;

/** Each top-level name declared in more than one file, with its files: `name: a.ts, b.ts`. */
function namesInTwoFiles(sources) {
	const filesOf = new Map();
	for (const [file, source] of Object.entries(sources))
		for (const [, name] of source.matchAll(DECLARATION))
			filesOf.set(name, new Set([...(filesOf.get(name) ?? []), file]));
	return [...filesOf]
		.filter(([, files]) => files.size > 1)
		.map(([name, files]) => `${name}: ${[...files].sort().join(', ')}`)
		.sort();
}

test('finds a name declared at the top level of two files, whatever the kind', () => {
	expect(
		namesInTwoFiles({
			'a.ts':
				'export function checksOf(results: unknown) {}\ntype HttpError = 1;\n\tconst inner = 1;',
			'b.ts': 'function checksOf(context: C) {}\nexport type HttpError = 2;\nconst inner = 2;',
			'c.ts': 'export async function only() {}',
		}),
	).toEqual(['HttpError: a.ts, b.ts', 'checksOf: a.ts, b.ts']);
});

test('no top-level name under nodes/ in two files, but those listed here with why', () => {
	const sources = nodeSources();
	const allowed = new Set(ONE_ROLE_PER_RESOURCE);
	const twice = namesInTwoFiles(sources);
	expect(twice.filter((line) => !allowed.has(line.split(':')[0]))).toEqual([]);
	// An allowed name that is no longer twice leaves the list.
	expect(twice.map((line) => line.split(':')[0]).sort()).toEqual([...allowed].sort());
});
