'use strict';

/**
 * The TypeScript source of every `.ts` file under nodes/, keyed by its path relative to nodes/
 * (with `/`), in path order: what the tests that read the code itself (test/unit/importCircles.test.js,
 * topLevelNames.test.js) go through.
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

module.exports = { nodeSources };
