#!/usr/bin/env node
'use strict';
/**
 * npm run bench: the phpRank node against the HTTP Request node, in real n8n 2.40.7.
 *
 *   node bench/run.js [--sections 1,2,3,4,5,6,7,8,9] [--quick] [--package DIR] [--label TEXT]
 *                     [--against GIT_REF | --against FILE.tgz]
 *                     [--executions N] [--reps N] [--memory-reps N] [--memory-reports N]
 *                     [--require-runs N] [--stop-reps N]
 *                     [--bounds-reps N] [--site-reports N]
 *                     [--out FILE | --no-write] [--json FILE] [--keep]
 *
 * Prints a markdown table of figures to stdout (progress goes to stderr) and writes it to
 * docs/bench-results.md after a full run of this repo against a baseline (`--out` to choose).
 * With --against, the baseline package (a commit of this repo, built; or a packed .tgz) is measured
 * in the same run, in alternating processes; the report sets the two side by side, flags with ⚠ the
 * rows that got worse, and its last line says which (or that none did).
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
const { planPerItem, countExpressionsPerItem } = require('./lib/perItem');
const { planMemory, planLiveHeap } = require('./lib/memory');
const { runSiteHealth } = require('./lib/siteHealth');
const { runValidateFix } = require('./lib/validateFix');
const { runSiteAudit, planFreshSite, FRESH } = require('./lib/siteAudit');
const { runSiteAuditN8n } = require('./lib/siteAuditN8n');
const { runUrlFilters } = require('./lib/urlFilters');
const {
	packFigures,
	planRequireTimes,
	nodeVersionOf,
	deferredLoadFigures,
} = require('./lib/package');
const { runAlternating } = require('./lib/alternate');
const { prepareBaseline } = require('./lib/baseline');
const { compareResults, verdictLine } = require('./lib/compare');
const { runStop } = require('./lib/stop');
const { runBounds } = require('./lib/bounds');
const { renderReport } = require('./lib/report');
const { startSandbox } = require('../test/sandbox');

const REPO = path.resolve(__dirname, '..');
const API_KEY = 'bench-key-7f3a91';

function parseArgs(argv) {
	const args = {
		sections: [1, 2, 3, 4, 5, 6, 7, 8, 9],
		quick: false,
		packageDir: REPO,
		write: true,
	};
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		const next = () => argv[++i];
		if (a === '--sections') args.sections = next().split(',').map(Number);
		else if (a === '--quick') args.quick = true;
		else if (a === '--package') args.packageDir = path.resolve(next());
		else if (a === '--label') args.label = next();
		else if (a === '--against') args.against = next();
		else if (a === '--executions') args.executions = Number(next());
		else if (a === '--reps') args.reps = Number(next());
		else if (a === '--memory-reps') args.memoryReps = Number(next());
		else if (a === '--memory-reports') args.memoryReports = Number(next());
		else if (a === '--require-runs') args.requireRuns = Number(next());
		else if (a === '--stop-reps') args.stopReps = Number(next());
		else if (a === '--bounds-reps') args.boundsReps = Number(next());
		else if (a === '--site-reports') args.siteReports = Number(next());
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
	args.auditReps ??= q ? 1 : 3; // section 8: in-process runs per Audit Site figure; 8b: n8n pairs
	args.auditUrls ??= q ? 5000 : 50000; // section 8b: the sitemap's URLs (8 itself: always 50,000)
	args.filterLimitMs ??= q ? 10_000 : 30_000; // section 9: a case's process is stopped after this
	// docs/bench-results.md holds a full run of this repo against a baseline (CONTRIBUTING,
	// "Performance"): any other run writes it only when asked with --out
	args.fullRun = !args.quick && args.packageDir === REPO && args.sections.length === 9;
	if (args.out === undefined && args.write && args.fullRun && args.against) {
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

/**
 * The built module of the rules Create or Re-Run and Audit Site share (`createOrRerunOnce`), in a
 * package's dist/nodes/PhpRank: createOrRerun/index.js, or, in a baseline built before they moved
 * there, upsert/index.js, or before that resources/report/createOrRerun.js.
 */
function rulesModuleOf(nodeDir) {
	const candidates = [
		path.join(nodeDir, 'createOrRerun', 'index.js'),
		path.join(nodeDir, 'upsert', 'index.js'),
	];
	return (
		candidates.find((file) => fs.existsSync(file)) ??
		path.join(nodeDir, 'resources', 'report', 'createOrRerun.js')
	);
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
	// `typeVersion`: the node's version in the run (default: the package's default version)
	return async (url, params, { typeVersion } = {}) => {
		const out = await runNode({
			nodeType,
			credentialType,
			credentials: { baseUrl: url, apiKey: API_KEY },
			parameters: { resource: 'report', operation: 'getAll', ...params },
			typeVersion,
		});
		if (out.error) throw out.error;
		return out;
	};
}

/** What one package is measured with: its frozen copy, its tarball, its own n8n user folder. */
async function openSubject(key, dir, args, { tarballNeeded, n8nNeeded, label, commit }) {
	log(`snapshot of ${dir}${label ? ` (${label})` : ''}`);
	const snapshot = await snapshotPackage(dir, { log });
	const subject = {
		key,
		dir,
		snapshot,
		results: {
			info: {
				package: {
					dir,
					name: snapshot.name,
					version: snapshot.version,
					// a baseline built from a commit is an archive of it, not a checkout
					commit: commit ?? git(['rev-parse', '--short', 'HEAD'], dir),
					dirty: commit
						? false
						: Boolean(git(['status', '--porcelain', '--', 'nodes', 'credentials'], dir)),
				},
			},
		},
	};
	if (tarballNeeded) subject.tarball = await packPackage(snapshot.dir, benchCache('tarballs'));
	if (n8nNeeded) {
		subject.session = await openSession({ tarball: subject.tarball, log, keep: args.keep });
		subject.credsFor = credentialFactory(subject.session);
	}
	subject.close = () => {
		subject.session?.close();
		if (subject.tarball) fs.rmSync(subject.tarball, { force: true });
		snapshot.remove();
	};
	return subject;
}

async function main() {
	const args = parseArgs(process.argv.slice(2));
	const started = Date.now();
	const info = { ...machine(), label: args.label, args: { ...args } };
	pruneSnapshots();
	const baseline = args.against ? prepareBaseline(args.against, { repo: REPO, log }) : undefined;
	// section 8's n8n way (8b) runs in n8n for this package only
	const needsN8n = args.sections.some((s) => s === 1 || s === 2 || s === 3 || s === 7);
	const currentNeedsN8n = needsN8n || args.sections.includes(8);
	const needs = {
		n8nNeeded: needsN8n,
		tarballNeeded: needsN8n || args.sections.includes(5) || args.sections.includes(6),
	};
	const subjects = [];
	const tag = (s) =>
		baseline ? ` [${s.key === 'baseline' ? baseline.label : 'this package'}]` : '';
	try {
		subjects.push(
			await openSubject('current', args.packageDir, args, {
				n8nNeeded: currentNeedsN8n,
				tarballNeeded: needs.tarballNeeded || currentNeedsN8n,
			}),
		);
		if (baseline)
			subjects.push(
				await openSubject('baseline', baseline.dir, args, {
					...needs,
					label: baseline.label,
					commit: baseline.commit,
				}),
			);
		const [current] = subjects;
		if (current.session) {
			info.n8n = current.session.n8n.version;
			info.n8nNode = current.session.nodeVersion;
		}

		if (args.sections.includes(1)) {
			for (const s of subjects) {
				log(`1. requests used by Report Get Many (1,000 reports)${tag(s)}`);
				s.results.requests = await runRequests({
					session: s.session,
					apiKey: API_KEY,
					credsFor: s.credsFor,
					total: 1000,
					log,
					runInProcess: inProcessRunner(s.snapshot),
					http: s === current,
				});
				log(`1b. requests used by Report Create or Re-Run (1,000 reports)${tag(s)}`);
				s.results.createOrRerunRequests = await runCreateOrRerunRequests({
					session: s.session,
					apiKey: API_KEY,
					credsFor: s.credsFor,
					total: 1000,
					log,
				});
				log(`1c. what Create or Re-Run keeps of a site's listing (live heap)${tag(s)}`);
				try {
					s.results.createOrRerunMemory = await runCreateOrRerunMemory({
						moduleFile: rulesModuleOf(path.dirname(s.snapshot.nodeFile)),
					});
				} catch (error) {
					// an older baseline may not have the rules the child drives: its rows are left out
					if (s === current) throw error;
					log(`1c. not measured for ${baseline.label}: ${String(error.message).split('\n')[0]}`);
				}
			}
		}

		if (args.sections.includes(1)) {
			log('1d. Create or Re-Run: runs that overlap, the read after a Create (this package)');
			current.results.overlap = await require('./lib/overlap').runOverlapFigures({
				snapshot: current.snapshot,
				apiKey: API_KEY,
				reps: args.quick ? 1 : 3,
				log,
			});
		}

		if (args.sections.includes(2)) {
			log(
				`2. per-item cost: ${args.executions} n8n processes × ${args.reps} pairs per operation${baseline ? `, for each package, alternating` : ''}`,
			);
			const sandbox = await startSandbox({ apiKeys: [API_KEY], seed: { reports: 1000 } });
			try {
				const ids = sandbox.reports().map((r) => ({ id: r.id }));
				const urls = Array.from({ length: 1000 }, (_, i) => ({
					url: `https://site-${i % 97}.example.com/page-${i}`,
				}));
				for (const s of subjects) {
					const creds = await s.credsFor([sandbox.url]);
					s.perItemCreds = { phpRank: creds.phpRank[0], header: creds.header };
					s.results.perItem = {};
					s.results.expressions = {};
				}
				for (const [operation, items] of [
					['get', ids],
					['create', urls],
				]) {
					const plans = [];
					for (const s of subjects) {
						plans.push(
							await planPerItem({
								session: s.session,
								creds: s.perItemCreds,
								sandbox,
								operation,
								items,
								reps: args.reps,
								executions: args.executions,
								log: (m) => log(`${m}${tag(s)}`),
							}),
						);
					}
					const figures = await runAlternating(plans);
					for (const [i, s] of subjects.entries()) {
						s.results.perItem[operation] = figures[i];
						s.results.expressions[operation] = await countExpressionsPerItem({
							session: s.session,
							creds: s.perItemCreds,
							sandbox,
							operation,
							items: items.slice(0, 100),
						});
					}
				}
			} finally {
				await sandbox.close();
			}
		}

		if (args.sections.includes(3)) {
			log(
				`3. memory: Return All over ${args.memoryReports} reports, ${args.memoryReps} repetition(s)`,
			);
			const memoryPlans = [];
			for (const s of subjects) {
				memoryPlans.push(
					await planMemory({
						session: s.session,
						apiKey: API_KEY,
						credsFor: s.credsFor,
						total: args.memoryReports,
						reps: args.memoryReps,
						log: (m) => log(`${m}${tag(s)}`),
					}),
				);
			}
			const memory = await runAlternating(memoryPlans);
			const livePlans = [];
			for (const s of subjects) {
				livePlans.push(
					await planLiveHeap({
						snapshot: s.snapshot,
						apiKey: API_KEY,
						total: args.memoryReports,
						reps: args.memoryReps,
						log: (m) => log(`${m}${tag(s)}`),
					}),
				);
			}
			const live = await runAlternating(livePlans);
			for (const [i, s] of subjects.entries()) {
				s.results.memory = memory[i];
				s.results.liveHeap = live[i];
			}
		}

		if (args.sections.includes(4)) {
			log(`4. package: npm pack --dry-run, cold require() × ${args.requireRuns}`);
			const { describe } = require('../scripts/real-n8n/install');
			const n8nNodeBin = describe('2').nodeBin;
			for (const s of subjects)
				s.results.package = { pack: packFigures(s.dir, s.snapshot), require: [] };
			for (const nodeBin of [n8nNodeBin, process.execPath]) {
				if (!fs.existsSync(nodeBin)) continue;
				const node = nodeVersionOf(nodeBin);
				const times = await runAlternating(
					subjects.map((s) => planRequireTimes(s.snapshot, nodeBin, args.requireRuns)),
				);
				for (const [i, s] of subjects.entries())
					s.results.package.require.push({ node, ...times[i] });
			}
			// this package only: what each of its loads at first use keeps out of n8n's start
			const deferredBin = fs.existsSync(n8nNodeBin) ? n8nNodeBin : process.execPath;
			current.results.package.deferred = {
				node: nodeVersionOf(deferredBin),
				loads: deferredLoadFigures(current.snapshot, deferredBin, args.requireRuns),
			};
		}

		if (args.sections.includes(5)) {
			const { describe } = require('../scripts/real-n8n/install');
			info.n8n ??= describe('2').version;
			info.n8nNode ??= nodeVersionOf(describe('2').nodeBin);
			for (const s of subjects) {
				log(
					`5. Stop: ${args.stopReps} Stops per scenario in n8n 2.40.7 (editor, single process)${tag(s)}`,
				);
				s.results.stop = await runStop({ tarball: s.tarball, reps: args.stopReps, log });
			}
		}

		if (args.sections.includes(6)) {
			const { describe } = require('../scripts/real-n8n/install');
			info.n8n ??= describe('2').version;
			info.n8nNode ??= nodeVersionOf(describe('2').nodeBin);
			for (const s of subjects) {
				log(
					`6. a hostile answer (400 MB): ${args.boundsReps} phpRank run(s), then the HTTP Request node${tag(s)}`,
				);
				s.results.bounds = await runBounds({ tarball: s.tarball, reps: args.boundsReps, log });
			}
		}
		if (args.sections.includes(7)) {
			for (const s of subjects) {
				log(`7. site health: Get Issues over ${args.siteReports} reports of one site${tag(s)}`);
				try {
					s.results.siteHealth = await runSiteHealth({
						session: s.session,
						snapshot: s.snapshot,
						apiKey: API_KEY,
						credsFor: s.credsFor,
						runInProcess: inProcessRunner(s.snapshot),
						total: args.siteReports,
						reps: args.siteReps,
						log,
					});
				} catch (error) {
					// a baseline from before Get Issues has no section 7: its column stays empty
					if (s === current) throw error;
					log(`7. not measured for ${baseline.label}: ${String(error.message).split('\n')[0]}`);
				}
				log(`7b. Validate Fix: 1,000 pages, 250 failing, both modes${tag(s)}`);
				try {
					s.results.validateFix = await runValidateFix({
						session: s.session,
						apiKey: API_KEY,
						credsFor: s.credsFor,
						runInProcess: inProcessRunner(s.snapshot),
						reps: args.siteReps,
						log,
					});
				} catch (error) {
					// a baseline from before Validate Fix: its column stays empty
					if (s === current) throw error;
					log(`7b. not measured for ${baseline.label}: ${String(error.message).split('\n')[0]}`);
				}
			}
		}
		if (args.sections.includes(8)) {
			for (const s of subjects) {
				log(`8. a whole site: Project → Audit Site${tag(s)}`);
				try {
					s.results.siteAudit = await runSiteAudit({
						snapshot: s.snapshot,
						apiKey: API_KEY,
						reps: args.auditReps,
						log,
					});
				} catch (error) {
					// a baseline from before Audit Site has no section 8: its figures stay empty
					if (s === subjects[0]) throw error;
					log(`8. not measured for ${baseline.label}: ${String(error.message).split('\n')[0]}`);
				}
			}
			// issue 38: a site whose pages are all fresh, each package at its default version, alternating
			log(
				`8. a ${FRESH.pages.toLocaleString('en-US')}-page site, all within Max Age, Max Pages ${FRESH.maxPages}${baseline ? ', both packages alternating' : ''}`,
			);
			const measured = subjects.filter((s) => s.results.siteAudit);
			const fresh = await runAlternating(
				await Promise.all(
					measured.map((s) =>
						planFreshSite({
							snapshot: s.snapshot,
							apiKey: API_KEY,
							reps: Math.max(3, args.auditReps),
							required: s === current,
						}),
					),
				),
			);
			for (const [i, s] of measured.entries()) s.results.siteAudit.fresh = fresh[i];
			// the n8n way does not depend on the package: beside this package's Audit Site only
			current.results.siteAuditN8n = await runSiteAuditN8n({
				session: current.session,
				credsFor: current.credsFor,
				apiKey: API_KEY,
				sizes: [args.auditUrls],
				fallback: args.quick ? undefined : 5000,
				reps: args.auditReps,
				log,
			});
		}
		if (args.sections.includes(9)) {
			log(
				`9. Audit Site's URL filters: time per URL, worst cases and sitemap URLs${baseline ? ', both packages' : ''}`,
			);
			const filters = await runUrlFilters({ subjects, limitMs: args.filterLimitMs, log });
			for (const s of subjects) s.results.urlFilters = filters[s.key];
		}
	} finally {
		for (const s of subjects) s.close();
		baseline?.remove?.();
	}
	const [current, against] = subjects;
	const results = current.results;
	info.package = results.info.package;
	results.info = info;
	if (against) {
		const rows = compareResults(current.results, against.results);
		info.baseline = { ...against.results.info.package, label: baseline.label, ref: baseline.ref };
		results.baseline = against.results;
		results.comparison = {
			baseline: baseline.label,
			rows,
			verdict: verdictLine(rows, baseline.label),
		};
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
	} else if (args.write && args.fullRun && !args.against) {
		log(
			'docs/bench-results.md not written: it holds a run against a baseline (--against, bench/README.md); --out FILE writes this one',
		);
	}
	if (args.json) fs.writeFileSync(args.json, JSON.stringify(results, null, 1));
	log(`done in ${info.seconds} s`);
	if (results.comparison) log(results.comparison.verdict);
}

main().catch((error) => {
	process.stderr.write(`[bench] failed: ${error.stack || error}\n`);
	process.exit(1);
});
