'use strict';
// A frozen copy of the built package, so a `npm run build` by someone else (which empties dist/
// for a moment) cannot change the code under test halfway through a benchmark.
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { cacheRoot } = require('../../scripts/real-n8n/install');

/** This repository: its node_modules hold the n8n-core and n8n-workflow the bench runs nodes with. */
const REPO = path.resolve(__dirname, '..', '..');

function benchCache(...parts) {
	const dir = path.join(cacheRoot(), 'bench', ...parts);
	fs.mkdirSync(dir, { recursive: true });
	return dir;
}

function listFiles(dir, base = dir, out = []) {
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) listFiles(full, base, out);
		else out.push(path.relative(base, full));
	}
	return out;
}

/** Fingerprint of dist/: names, sizes and mtimes. */
function distFingerprint(distDir) {
	const hash = crypto.createHash('sha1');
	for (const file of listFiles(distDir).sort()) {
		const stat = fs.statSync(path.join(distDir, file));
		hash.update(`${file}:${stat.size}:${stat.mtimeMs}\n`);
	}
	return hash.digest('hex');
}

function sleep(ms) {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

function requiredFiles(pkg) {
	return [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])];
}

/**
 * `dir/node_modules` → this repository's node_modules, by its real path. Every in-process require of
 * a snapshot (or of a baseline build) resolves n8n-workflow through it: the one copy that n8n-core
 * (test/helpers/n8n-runner.js) loads too, so the node's errors are n8n-workflow's own classes there.
 * The real path, not `<package>/node_modules`: a worktree's node_modules is itself a link, and a
 * worktree removed while a run goes on (or a scratch copy, a baseline, an unpacked .tgz without
 * modules of its own) left the copy unable to load n8n-workflow. A link to elsewhere is replaced.
 */
function linkModules(dir) {
	const modules = fs.realpathSync(path.join(REPO, 'node_modules'));
	const link = path.join(dir, 'node_modules');
	let current = null;
	try {
		current = fs.readlinkSync(link);
	} catch {
		/* no link yet */
	}
	if (current === modules) return;
	if (current !== null) fs.unlinkSync(link);
	fs.symlinkSync(modules, link, 'dir');
}

/** Fails now, naming the folder, when a copied node cannot load n8n-workflow (not halfway through a run). */
function checkResolves(nodeFile) {
	try {
		require.resolve('n8n-workflow', { paths: [path.dirname(nodeFile)] });
	} catch {
		throw new Error(
			`${nodeFile} cannot load n8n-workflow: run npm ci in ${REPO} (the snapshot links its node_modules)`,
		);
	}
}

/**
 * Copies package.json, the files npm would pack (dist/, README, LICENSE, index.js) of
 * `packageRoot` into a cache folder, once dist/ is complete and did not change during the copy.
 * `node_modules` in the copy links to this repository's (`linkModules`), whatever `packageRoot` has.
 */
async function snapshotPackage(packageRoot, { timeoutMs = 180000, log = () => {} } = {}) {
	const pkg = JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8'));
	const distDir = path.join(packageRoot, 'dist');
	const deadline = Date.now() + timeoutMs;
	for (let attempt = 1; ; attempt++) {
		if (Date.now() > deadline)
			throw new Error(`dist/ of ${packageRoot} did not settle (run npm run build)`);
		const complete =
			fs.existsSync(distDir) &&
			requiredFiles(pkg).every((f) => fs.existsSync(path.join(packageRoot, f)));
		if (!complete) {
			if (attempt === 1) log('dist/ is incomplete (a build may be running); waiting');
			await sleep(2000);
			continue;
		}
		const before = distFingerprint(distDir);
		const dir = fs.mkdtempSync(path.join(benchCache('snapshots'), `${pkg.name}-`));
		fs.cpSync(distDir, path.join(dir, 'dist'), { recursive: true });
		for (const name of ['package.json', 'index.js', 'README.md', 'LICENSE', 'LICENSE.md']) {
			const file = path.join(packageRoot, name);
			if (fs.existsSync(file)) fs.copyFileSync(file, path.join(dir, name));
		}
		await sleep(1000);
		const stillComplete = requiredFiles(pkg).every((f) => fs.existsSync(path.join(packageRoot, f)));
		if (
			!stillComplete ||
			distFingerprint(distDir) !== before ||
			distFingerprint(path.join(dir, 'dist')) === ''
		) {
			fs.rmSync(dir, { recursive: true, force: true });
			log('dist/ changed while copying; trying again');
			await sleep(2000);
			continue;
		}
		linkModules(dir);
		const nodeFile = path.join(
			dir,
			pkg.n8n.nodes.find((f) => /PhpRank\.node\.js$/.test(f)) ?? pkg.n8n.nodes[0],
		);
		checkResolves(nodeFile);
		return {
			dir,
			name: pkg.name,
			version: pkg.version,
			nodeFile,
			credentialFile: path.join(dir, pkg.n8n.credentials[0]),
			n8nFiles: requiredFiles(pkg).map((f) => path.join(dir, f)),
			fingerprint: before,
			remove() {
				fs.rmSync(dir, { recursive: true, force: true });
			},
		};
	}
}

/** Snapshots older than a day are left-overs of interrupted runs. */
function pruneSnapshots() {
	const root = benchCache('snapshots');
	for (const name of fs.readdirSync(root)) {
		const full = path.join(root, name);
		try {
			if (Date.now() - fs.statSync(full).mtimeMs > 24 * 3600 * 1000)
				fs.rmSync(full, { recursive: true, force: true });
		} catch {
			/* someone else's, or gone */
		}
	}
}

module.exports = { snapshotPackage, pruneSnapshots, benchCache, linkModules };
