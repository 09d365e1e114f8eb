'use strict';
// The published package: tarball size and file count (`npm pack --dry-run --json`), and the
// time to require() the node and credential modules in fresh Node processes.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');
const { median, range } = require('./stats');

function packInfo(dir) {
	const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: dir,
		encoding: 'utf8',
		env: { ...process.env, npm_config_loglevel: 'error' },
	});
	const [info] = JSON.parse(out.slice(out.indexOf('[')));
	const files = info.files.map((f) => ({ path: f.path, size: f.size }));
	const declarations = files.filter((f) => f.path.endsWith('.d.ts'));
	return {
		size: info.size,
		unpackedSize: info.unpackedSize,
		entryCount: info.entryCount,
		largest: [...files].sort((a, b) => b.size - a.size).slice(0, 5),
		declarations: {
			count: declarations.length,
			bytes: declarations.reduce((s, f) => s + f.size, 0),
		},
	};
}

/**
 * Pack figures of the repo itself (what `npm pack` would publish now), taken when its dist/ is
 * complete; the snapshot's when the repo's dist/ is being rebuilt.
 */
function packFigures(packageRoot, snapshot) {
	const pkg = JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8'));
	const required = [...pkg.n8n.nodes, ...pkg.n8n.credentials].map((f) => path.join(packageRoot, f));
	for (let attempt = 0; attempt < 3; attempt++) {
		if (!required.every((f) => fs.existsSync(f))) continue;
		const info = packInfo(packageRoot);
		if (required.every((f) => fs.existsSync(f))) return { ...info, source: 'repo' };
	}
	return { ...packInfo(snapshot.dir), source: 'snapshot' };
}

const PROBE = `
const t0 = process.hrtime.bigint();
require('n8n-workflow');
const t1 = process.hrtime.bigint();
const made = [];
for (const file of process.argv.slice(2)) {
	for (const Exported of Object.values(require(file))) {
		if (typeof Exported === 'function') made.push(new Exported());
	}
}
const t2 = process.hrtime.bigint();
if (made.length === 0) throw new Error('nothing loaded');
process.stdout.write(JSON.stringify({ workflowMs: Number(t1 - t0) / 1e6, ownMs: Number(t2 - t1) / 1e6, classes: made.length }));
`;

/**
 * Cold require() in fresh processes of every module in package.json's `n8n` block (nodes and
 * credential). n8n-workflow is loaded first and timed apart: inside n8n it is already loaded, so
 * the package's own cost is requiring its modules plus constructing their classes (n8n
 * constructs each one when it loads the package).
 */
function requireTimes(snapshot, nodeBin, runs) {
	const plan = planRequireTimes(snapshot, nodeBin, runs);
	try {
		for (const step of plan.steps) step();
		return plan.finish();
	} finally {
		plan.close();
	}
}

/** requireTimes as a plan (lib/alternate.js): one step per fresh process. */
function planRequireTimes(snapshot, nodeBin, runs) {
	const probe = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'phprank-require-')), 'probe.js');
	fs.writeFileSync(probe, PROBE);
	const own = [];
	const workflow = [];
	let classes = 0;
	const step = () => {
		const child = spawnSync(nodeBin, [probe, ...snapshot.n8nFiles], {
			cwd: snapshot.dir,
			encoding: 'utf8',
			env: { ...process.env, NODE_PATH: path.join(snapshot.dir, 'node_modules') },
		});
		if (child.status !== 0) throw new Error(`require probe failed: ${child.stderr}`);
		const { ownMs, workflowMs, classes: made } = JSON.parse(child.stdout);
		classes = made;
		own.push(ownMs);
		workflow.push(workflowMs);
	};
	return {
		steps: Array.from({ length: runs }, () => step),
		finish: () => ({
			runs,
			files: snapshot.n8nFiles.length,
			classes,
			ownMedian: median(own),
			ownRange: range(own),
			workflowMedian: median(workflow),
		}),
		close: () => fs.rmSync(path.dirname(probe), { recursive: true, force: true }),
	};
}

const DEFERRED_PROBE = `
const path = require('node:path');
const [deferred, ...files] = process.argv.slice(2);
require('n8n-workflow');
for (const file of files) {
	for (const Exported of Object.values(require(file))) {
		if (typeof Exported === 'function') new Exported();
	}
}
const root = path.dirname(path.dirname(path.dirname(files[0])));
const loaded = () => Object.keys(require.cache).filter((file) => file.startsWith(root + path.sep) && !file.includes('node_modules'));
const before = new Set(loaded());
const t0 = process.hrtime.bigint();
require(deferred);
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
const added = loaded().filter((file) => !before.has(file));
const bytes = added.reduce((sum, file) => sum + require('node:fs').statSync(file).size, 0);
process.stdout.write(JSON.stringify({ ms, modules: added.length, bytes }));
`;

/**
 * Every load at first use the build of the node declares (`loadedOnce`, shared/loadedOnce.ts; in an
 * older build, runModules.js's own): `reportModules.reportView`, `auditSite.auditSiteRun`… each with the file
 * it requires.
 */
function declaredLoads(nodeDir) {
	const LOAD = /(\w+)(?::|\s*=)\s*(?:\(0, \w+\.)?loadedOnce\)?\([^]*?require\('(\.[^']+)'\)/g;
	const files = fs.readdirSync(nodeDir, { recursive: true }).filter((f) => f.endsWith('.js'));
	return files.flatMap((file) => {
		const source = fs.readFileSync(path.join(nodeDir, file), 'utf8');
		const owner = path.basename(file, '.js');
		return [...source.matchAll(LOAD)].map(([, name, target]) => ({
			name: `${owner}.${name}`,
			file: path.join(nodeDir, path.dirname(file), target),
		}));
	});
}

/**
 * What each load at first use keeps out of n8n's start: the loads the node's build declares
 * (`declaredLoads`) and the transport's own (transport/pipeline.js), each required in a fresh
 * process after the start (package.json's n8n block, each class constructed): its time and the
 * modules and bytes it adds. None for a package that loads nothing at first use (no loadedOnce.js,
 * no runModules.js).
 */
function deferredLoadFigures(snapshot, nodeBin, runs) {
	const nodeDir = path.dirname(snapshot.nodeFile);
	const declares = ['runModules.js', path.join('shared', 'loadedOnce.js')];
	if (!declares.some((file) => fs.existsSync(path.join(nodeDir, file)))) return [];
	const names = declaredLoads(nodeDir);
	// an older build's transport loaded its pipeline on its own (loadAtRun), not through loadedOnce
	const pipeline = path.join(nodeDir, 'transport', 'pipeline');
	if (!names.some(({ file }) => file === pipeline))
		names.push({ name: 'transport loadAtRun', file: pipeline });
	const probe = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'phprank-deferred-')), 'probe.js');
	fs.writeFileSync(probe, DEFERRED_PROBE);
	try {
		return names.map(({ name, file }) => {
			const samples = Array.from({ length: runs }, () => {
				const child = spawnSync(nodeBin, [probe, file, ...snapshot.n8nFiles], {
					cwd: snapshot.dir,
					encoding: 'utf8',
					env: { ...process.env, NODE_PATH: path.join(snapshot.dir, 'node_modules') },
				});
				if (child.status !== 0) throw new Error(`deferred-load probe failed: ${child.stderr}`);
				return JSON.parse(child.stdout);
			});
			return {
				name,
				file: path.relative(snapshot.dir, file),
				ms: median(samples.map((x) => x.ms)),
				modules: samples[0].modules,
				bytes: samples[0].bytes,
			};
		});
	} finally {
		fs.rmSync(path.dirname(probe), { recursive: true, force: true });
	}
}

function nodeVersionOf(nodeBin) {
	return execFileSync(nodeBin, ['--version'], { encoding: 'utf8' }).trim();
}

module.exports = {
	packFigures,
	requireTimes,
	planRequireTimes,
	nodeVersionOf,
	deferredLoadFigures,
};
