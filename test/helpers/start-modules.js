'use strict';

/**
 * The package's modules n8n loads at its start: what bench section 4 times (the cold require()),
 * listed instead of timed. In a fresh Node process (jest's module registry loads modules its own
 * way): n8n-workflow first (inside n8n it is already loaded), then every module of package.json's
 * `n8n` block, each exported class constructed, as n8n does for every installed package. Resolves
 * with the `dist/` files then in `require.cache`, relative to `dist/`, and their bytes.
 *
 *   const { modules, bytes } = await startModules();
 *
 * Run directly (`node test/helpers/start-modules.js`) it prints them.
 */
const fs = require('node:fs');
const path = require('node:path');
const { jsonOfChild } = require('./json-child');

const ROOT = path.join(__dirname, '..', '..');
const DIST = path.join(ROOT, 'dist') + path.sep;

function startModules() {
	return jsonOfChild(__filename, { args: ['--json'] });
}

function childMain() {
	require('n8n-workflow');
	const { n8n } = require(path.join(ROOT, 'package.json'));
	for (const file of [...n8n.nodes, ...n8n.credentials]) {
		for (const Exported of Object.values(require(path.join(ROOT, file)))) {
			if (typeof Exported === 'function') new Exported();
		}
	}
	const files = Object.keys(require.cache).filter((file) => file.startsWith(DIST));
	return {
		modules: files.map((file) => path.relative(DIST, file)).sort(),
		bytes: files.reduce((sum, file) => sum + fs.statSync(file).size, 0),
	};
}

if (require.main === module) {
	const result = childMain();
	if (process.argv.includes('--json')) process.stdout.write(JSON.stringify(result));
	else
		process.stdout.write(
			`${result.modules.join('\n')}\n${result.modules.length} modules, ${result.bytes} B\n`,
		);
}

module.exports = { startModules };
