'use strict';
// The bench's frozen copy of a package (bench/lib/snapshot.js) loads n8n-workflow from this
// repository's node_modules whatever the package's folder holds: a baseline build or a scratch copy
// without node_modules, a worktree whose node_modules link dangles (the worktree was removed while a
// run went on). The bench requires a snapshot's node in its own process (section 1's cross-check,
// bench/lib/overlap.js), where a missing n8n-workflow crashed `--against` after the baseline's
// section 1. Here on a made-up package in a temporary cache (no build, no n8n).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..', '..');
const NODE = 'dist/nodes/PhpRank/PhpRank.node.js';
const CREDENTIAL = 'dist/credentials/PhpRankApi.credentials.js';

let tmp;
let previousCache;
let snapshotPackage;
let linkModules;

beforeAll(() => {
	tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-snapshot-'));
	previousCache = process.env.PHPRANK_N8N_CACHE;
	// the snapshots go under tmp: no folder above them has a node_modules of its own
	process.env.PHPRANK_N8N_CACHE = path.join(tmp, 'cache');
	({ snapshotPackage, linkModules } = require('../../bench/lib/snapshot'));
});

afterAll(() => {
	if (previousCache === undefined) delete process.env.PHPRANK_N8N_CACHE;
	else process.env.PHPRANK_N8N_CACHE = previousCache;
	fs.rmSync(tmp, { recursive: true, force: true });
});

/** A built package as the bench sees one: package.json's n8n block and its files in dist/. */
function madePackage(name) {
	const root = path.join(tmp, name);
	fs.mkdirSync(path.join(root, path.dirname(NODE)), { recursive: true });
	fs.mkdirSync(path.join(root, path.dirname(CREDENTIAL)), { recursive: true });
	fs.writeFileSync(
		path.join(root, 'package.json'),
		JSON.stringify({
			name: 'n8n-nodes-phprank',
			version: '0.0.0-test',
			n8n: { nodes: [NODE], credentials: [CREDENTIAL] },
		}),
	);
	fs.writeFileSync(
		path.join(root, NODE),
		"exports.NodeApiError = require('n8n-workflow').NodeApiError;\n",
	);
	fs.writeFileSync(path.join(root, CREDENTIAL), 'exports.PhpRankApi = class {};\n');
	return root;
}

const repoModules = () => fs.realpathSync(path.join(REPO, 'node_modules'));

describe('snapshotPackage: the copy loads n8n-workflow from this repository', () => {
	test.each([
		['has no node_modules (a baseline build, a scratch copy)', () => {}],
		[
			'has a node_modules link that dangles (a removed worktree)',
			(root) =>
				fs.symlinkSync(path.join(tmp, 'gone', 'node_modules'), path.join(root, 'node_modules')),
		],
	])('a package folder that %s', async (_, prepare) => {
		const root = madePackage(`package-${Math.random().toString(36).slice(2)}`);
		prepare(root);
		const snapshot = await snapshotPackage(root);
		try {
			expect(snapshot.nodeFile).toBe(path.join(snapshot.dir, NODE));
			expect(fs.readlinkSync(path.join(snapshot.dir, 'node_modules'))).toBe(repoModules());
			// the very class n8n-core (test/helpers/n8n-runner.js) gets from the repo: instanceof holds
			expect(require(snapshot.nodeFile).NodeApiError).toBe(require('n8n-workflow').NodeApiError);
		} finally {
			snapshot.remove();
		}
		expect(fs.existsSync(snapshot.dir)).toBe(false);
		// removing the copy removes the link, not the repository's modules
		expect(fs.existsSync(path.join(REPO, 'node_modules', 'n8n-workflow'))).toBe(true);
	});
});

describe('linkModules: a kept baseline build', () => {
	test('a link to modules that are gone is pointed at this repository', () => {
		const dir = fs.mkdtempSync(path.join(tmp, 'baseline-'));
		fs.symlinkSync(
			path.join(tmp, 'removed-worktree', 'node_modules'),
			path.join(dir, 'node_modules'),
		);
		linkModules(dir);
		expect(fs.readlinkSync(path.join(dir, 'node_modules'))).toBe(repoModules());
		linkModules(dir);
		expect(fs.readlinkSync(path.join(dir, 'node_modules'))).toBe(repoModules());
	});
});
