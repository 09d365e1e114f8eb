#!/usr/bin/env node
'use strict';
/**
 * npm run bench: the phpRank node against the HTTP Request node, in real n8n 2.40.7.
 *
 *   node bench/run.js [--sections 1,2,3,4,5,6,7] [--quick] [--package DIR] [--label TEXT]
 *                     [--executions N] [--reps N] [--memory-reps N] [--require-runs N] [--stop-reps N]
 *                     [--bounds-reps N]
 *                     [--out FILE | --no-write] [--json FILE] [--keep]
 *
 * Prints a markdown table of figures to stdout (progress goes to stderr) and writes it to
 * docs/bench-results.md after a full run of this repo (`--out` to choose).
 * A benchmark, not a test: it fails only when something does not work at all.
 * bench/README.md explains every figure.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const { snapshotPackage, pruneSnapshots, benchCache } = require('./lib/snapshot');
const { openSession, packPackage } = require('./lib/n8nSession');
const { runRequests, runCreateOrRerunRequests, runCreateOrRerunMemory } = require('./lib/requests');
const { runPerItem, countExpressionsPerItem } = require('./lib/perItem');
const { runMemory, runLiveHeap } = require('./lib/memory');
const { runSiteHealth } = require('./lib/siteHealth');
const { packFigures, requireTimes, nodeVersionOf } = require('./lib/package');
const { runStop } = require('./lib/stop');
const { runBounds } = require('./lib/bounds');
const { renderReport } = require('./lib/report');
const { startSandbox } = require('../test/sandbox');

const REPO = path.resolve(__dirname, '..');
const API_KEY = 'bench-key-7f3a91';

function parseArgs(argv) {
	const args = { sections: [1, 2, 3, 4, 5, 6, 7], quick: false, packageDir: REPO, write: true };
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		const next = () => argv[++i];
		if (a === '--sections') args.sections = next().split(',').map(Number);
		else if (a === '--quick') args.quick = true;
		else if (a === '--package') args.packageDir = path.resolve(next());
		else if (a === '--label') args.label = next();
		else if (a === '--executions') args.executions = Number(next());
		else if (a === '--reps') args.reps = Number(next());
		else if (a === '--memory-reps') args.memoryReps = Number(next());
		else if (a === '--require-runs') args.requireRuns = Number(next());
		else if (a === '--stop-reps') args.stopReps = Number(next());
		else if (a === '--bounds-reps') args.boundsReps = Number(next());
		else if (a === '--out') args.out = path.resolve(next());
		else if (a === '--no-write') args.write = false;
		else if (a === '--json') args.json = path.resolve(next());
		else if (a === '--keep') args.keep = true;
		else if (a === '--help' || a === '-h') {
			process.stdout.write(fs.readFileSync(__filename, 'utf8').split('*/')[0]);
			process.exit(0);
		} else throw new Error(`unknown argument ${a} (see --help)`);
	}
	const q = args.quick;
	args.executions ??= q ? 2 : 4; // n8n processes per operation in section 2
	args.reps ??= q ? 2 : 3; // phpRank/HTTP pairs per process
	args.memoryReps ??= q ? 1 : 3;
	args.memoryReports ??= q ? 2000 : 10000;
	args.requireRuns ??= q ? 10 : 40;
	args.stopReps ??= q ? 2 : 5; // section 5: Stops per scenario
	args.boundsReps ??= q ? 1 : 3; // section 6: phpRank runs against the hostile answer
	args.siteReports ??= q ? 2000 : 10000; // section 7: reports of the site Get Issues reads
	args.siteReps ??= q ? 2 : 4; // section 7: n8n runs (order alternating) and live-heap runs
	if (
		args.out === undefined &&
		args.write &&
		!args.quick &&
		args.packageDir === REPO &&
		args.sections.length === 7
	) {
		args.out = path.join(REPO, 'docs', 'bench-results.md');
	}
	return args;
}

function log(message) {
	process.stderr.write(`[bench] ${message}\n`);
}

function git(args, cwd) {
	try {
		return execFileSync('git', args, {
			cwd,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'ignore'],
		}).trim();
	} catch {
		return undefined;
	}
}

function machine() {
	const cpus = os.cpus();
	return {
		date: new Date().toISOString(),
		cpu: `${cpus[0]?.model ?? 'unknown'} × ${cpus.length}`,
		memory: `${Math.round(os.totalmem() / 2 ** 30)} GB`,
		os: `${os.type()} ${os.release()}`,
		load: os
			.loadavg()
			.map((l) => l.toFixed(1))
			.join(' '),
		benchNode: process.version,
	};
}

/** Credentials of one section, imported in one n8n call: a phpRank credential per URL, and Header Auth. */
function credentialFactory(session) {
	let counter = 0;
	const header = {
		id: 'benchHeaderAuth00001',
		name: 'bench Header Auth',
		type: 'httpHeaderAuth',
		data: { name: 'Authorization', value: `Bearer ${API_KEY}` },
	};
	let headerImported = false;
	return async (urls) => {
		const phpRank = urls.map((url) => {
			counter++;
			return {
				id: `benchPhpRank${String(counter).padStart(6, '0')}`,
				name: `bench phpRank ${counter}`,
				type: 'phpRankApi',
				data: { baseUrl: url, apiKey: API_KEY },
			};
		});
		await session.importCredentials([...phpRank, ...(headerImported ? [] : [header])]);
		headerImported = true;
		return { phpRank, header };
	};
}

/** Runs the phpRank node in-process (n8n-core from the repo) for the request counts' cross-check. */
function inProcessRunner(snapshot) {
	const { runNode } = require('../test/helpers/n8n-runner');
	const { PhpRank } = require(snapshot.nodeFile);
	const { PhpRankApi } = require(snapshot.credentialFile);
	const nodeType = new PhpRank();
	const credentialType = new PhpRankApi();
	return async (url, params) => {
		const out = await runNode({
			nodeType,
			credentialType,
			credentials: { baseUrl: url, apiKey: API_KEY },
			parameters: { resource: 'report', operation: 'getAll', ...params },
		});
		if (out.error) throw out.error;
		return out;
	};
}

async function main() {
	const args = parseArgs(process.argv.slice(2));
	const started = Date.now();
	const info = { ...machine(), label: args.label, args: { ...args } };
	pruneSnapshots();
	log(`snapshot of ${args.packageDir}`);
	const snapshot = await snapshotPackage(args.packageDir, { log });
	info.package = {
		dir: args.packageDir,
		name: snapshot.name,
		version: snapshot.version,
		commit: git(['rev-parse', '--short', 'HEAD'], args.packageDir),
		dirty: Boolean(git(['status', '--porcelain', '--', 'nodes', 'credentials'], args.packageDir)),
	};
	const results = { info };
	let session;
	let tarball;
	try {
		const needsN8n = args.sections.some((s) => s === 1 || s === 2 || s === 3 || s === 7);
		if (needsN8n || args.sections.includes(5) || args.sections.includes(6))
			tarball = await packPackage(snapshot.dir, benchCache('tarballs'));
		if (needsN8n) {
			session = await openSession({ tarball, log, keep: args.keep });
			info.n8n = session.n8n.version;
			info.n8nNode = session.nodeVersion;
		}
		const credsFor = session ? credentialFactory(session) : undefined;

		if (args.sections.includes(1)) {
			log('1. requests used by Report Get Many (1,000 reports)');
			results.requests = await runRequests({
				session,
				apiKey: API_KEY,
				credsFor,
				total: 1000,
				log,
				runInProcess: inProcessRunner(snapshot),
			});
			log('1b. requests used by Report Create or Re-Run (1,000 reports)');
			results.createOrRerunRequests = await runCreateOrRerunRequests({
				session,
				apiKey: API_KEY,
				credsFor,
				total: 1000,
				log,
			});
			log("1c. what Create or Re-Run keeps of a site's listing (live heap)");
			results.createOrRerunMemory = await runCreateOrRerunMemory({
				moduleFile: path.join(
					path.dirname(snapshot.nodeFile),
					'resources',
					'report',
					'createOrRerun.js',
				),
			});
		}

		if (args.sections.includes(2)) {
			log(`2. per-item cost: ${args.executions} n8n processes × ${args.reps} pairs per operation`);
			const sandbox = await startSandbox({ apiKeys: [API_KEY], seed: { reports: 1000 } });
			try {
				const creds = await credsFor([sandbox.url]);
				const c = { phpRank: creds.phpRank[0], header: creds.header };
				const ids = sandbox.reports().map((r) => ({ id: r.id }));
				const urls = Array.from({ length: 1000 }, (_, i) => ({
					url: `https://site-${i % 97}.example.com/page-${i}`,
				}));
				results.perItem = {};
				results.expressions = {};
				for (const [operation, items] of [
					['get', ids],
					['create', urls],
				]) {
					results.perItem[operation] = await runPerItem({
						session,
						creds: c,
						sandbox,
						operation,
						items,
						reps: args.reps,
						executions: args.executions,
						log,
					});
					results.expressions[operation] = await countExpressionsPerItem({
						session,
						creds: c,
						sandbox,
						operation,
						items: items.slice(0, 100),
					});
				}
			} finally {
				await sandbox.close();
			}
		}

		if (args.sections.includes(3)) {
			log(
				`3. memory: Return All over ${args.memoryReports} reports, ${args.memoryReps} repetition(s)`,
			);
			results.memory = await runMemory({
				session,
				apiKey: API_KEY,
				credsFor,
				total: args.memoryReports,
				reps: args.memoryReps,
				log,
			});
			results.liveHeap = await runLiveHeap({
				snapshot,
				apiKey: API_KEY,
				total: args.memoryReports,
				reps: args.memoryReps,
				log,
			});
		}

		if (args.sections.includes(4)) {
			log(`4. package: npm pack --dry-run, cold require() × ${args.requireRuns}`);
			const { describe } = require('../scripts/real-n8n/install');
			const n8nNodeBin = describe('2').nodeBin;
			results.package = { pack: packFigures(args.packageDir, snapshot), require: [] };
			for (const nodeBin of [n8nNodeBin, process.execPath]) {
				if (!fs.existsSync(nodeBin)) continue;
				results.package.require.push({
					node: nodeVersionOf(nodeBin),
					...requireTimes(snapshot, nodeBin, args.requireRuns),
				});
			}
		}

		if (args.sections.includes(5)) {
			log(`5. Stop: ${args.stopReps} Stops per scenario in n8n 2.40.7 (editor, single process)`);
			const { describe } = require('../scripts/real-n8n/install');
			info.n8n ??= describe('2').version;
			info.n8nNode ??= nodeVersionOf(describe('2').nodeBin);
			results.stop = await runStop({ tarball, reps: args.stopReps, log });
		}

		if (args.sections.includes(6)) {
			log(
				`6. a hostile answer (400 MB): ${args.boundsReps} phpRank run(s), then the HTTP Request node`,
			);
			const { describe } = require('../scripts/real-n8n/install');
			info.n8n ??= describe('2').version;
			info.n8nNode ??= nodeVersionOf(describe('2').nodeBin);
			results.bounds = await runBounds({ tarball, reps: args.boundsReps, log });
		}
		if (args.sections.includes(7)) {
			log(`7. site health: Get Issues over ${args.siteReports} reports of one site`);
			results.siteHealth = await runSiteHealth({
				session,
				snapshot,
				apiKey: API_KEY,
				credsFor,
				runInProcess: inProcessRunner(snapshot),
				total: args.siteReports,
				reps: args.siteReps,
				log,
			});
		}
	} finally {
		session?.close();
		if (tarball) fs.rmSync(tarball, { force: true });
		snapshot.remove();
	}
	info.seconds = Math.round((Date.now() - started) / 1000);
	info.loadAfter = os
		.loadavg()
		.map((l) => l.toFixed(1))
		.join(' ');
	const markdown = renderReport(results);
	process.stdout.write(`${markdown}\n`);
	if (args.out && args.write) {
		fs.mkdirSync(path.dirname(args.out), { recursive: true });
		fs.writeFileSync(args.out, `${markdown}\n`);
		log(`written to ${path.relative(process.cwd(), args.out) || args.out}`);
	}
	if (args.json) fs.writeFileSync(args.json, JSON.stringify(results, null, 1));
	log(`done in ${info.seconds} s`);
}

main().catch((error) => {
	process.stderr.write(`[bench] failed: ${error.stack || error}\n`);
	process.exit(1);
});
