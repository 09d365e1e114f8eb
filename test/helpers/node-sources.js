'use strict';

/**
 * The TypeScript source of every `.ts` file under nodes/, keyed by its path relative to nodes/
 * (with `/`), in path order, and the imports between them: what the tests that read the code
 * itself (test/unit/importCircles.test.js, layers.test.js, topLevelNames.test.js) go through.
 */
const fs = require('node:fs');
const path = require('node:path');

const NODES = path.join(__dirname, '..', '..', 'nodes');

function tsFilesUnder(root, folder = '') {
	const files = [];
	for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
		const name = folder === '' ? entry.name : `${folder}/${entry.name}`;
		if (entry.isDirectory()) files.push(...tsFilesUnder(root, name));
		else if (entry.name.endsWith('.ts')) files.push(name);
	}
	return files.sort();
}

/** `{ 'PhpRank/PhpRank.node.ts': '…', … }` */
function nodeSources() {
	return Object.fromEntries(
		tsFilesUnder(NODES).map((file) => [file, fs.readFileSync(path.join(NODES, file), 'utf8')]),
	);
}

// `import … from '…'`, `import type … from '…'`, `export … from '…'`, `import '…'`, `import('…')`,
// `require('…')`. Comments are removed first so that a path named in a comment is no import.
const IMPORT = /\b(?:from|import|require)\s*\(?\s*['"]([^'"]+)['"]/g;
const withoutComments = (source) =>
	source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** The relative imports of one file, resolved to files of the set. */
function importsOf(file, source, files) {
	const found = new Set();
	for (const [, specifier] of withoutComments(source).matchAll(IMPORT)) {
		if (!specifier.startsWith('.')) continue;
		const target = path.posix.join(path.posix.dirname(file), specifier);
		const resolved = [`${target}.ts`, `${target}/index.ts`, target].find((f) => files.has(f));
		if (resolved !== undefined) found.add(resolved);
	}
	return [...found].sort();
}

/**
 * The import graph of `sources` (`{ path: source }`, as `nodeSources` gives): each file and the
 * files it imports, type-only imports and deferred `import()` included.
 */
function importGraph(sources) {
	const files = new Set(Object.keys(sources));
	return new Map([...files].sort().map((f) => [f, importsOf(f, sources[f], files)]));
}

module.exports = { nodeSources, importGraph };
