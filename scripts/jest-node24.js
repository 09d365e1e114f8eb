#!/usr/bin/env node
'use strict';
/**
 * Runs the jest suite (against the built dist/) on Node 24, the Node that n8n 2.x runs on, so the
 * package is proven on both supported Node versions: `npm test` runs on the machine's Node (20 here).
 * On a machine whose Node is already 24 or newer it runs jest with that Node. Otherwise it uses the
 * Node 24 binary that comes with the cached n8n 2.40.7 install (scripts/real-n8n/install.js; the
 * end-to-end suite installs it first, so in CI this costs no install).
 *
 *   node scripts/jest-node24.js [jest arguments]
 */
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ensureN8n } = require('./real-n8n/install');

async function nodeBinary() {
	if (Number(process.versions.node.split('.')[0]) >= 24) return process.execPath;
	return (await ensureN8n('2')).nodeBin;
}

async function main() {
	const node = await nodeBinary();
	const jest = path.join(__dirname, '..', 'node_modules', 'jest', 'bin', 'jest.js');
	const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
	process.stderr.write(`[jest-node24] jest on Node ${version} (${node})\n`);
	const result = spawnSync(node, [jest, ...process.argv.slice(2)], {
		stdio: 'inherit',
		cwd: path.join(__dirname, '..'),
		// anything the tests start as `node` is the same Node 24
		env: {
			...process.env,
			PATH: [path.dirname(node), process.env.PATH || ''].join(path.delimiter),
		},
	});
	process.exit(result.status ?? 1);
}

main().catch((error) => {
	process.stderr.write(`[jest-node24] ${error.stack || error}\n`);
	process.exit(1);
});
