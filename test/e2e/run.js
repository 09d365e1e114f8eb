#!/usr/bin/env node
'use strict';
/**
 * End-to-end suite: the package as users get it, inside real n8n (2.40.7 and 2.41.1 on Node 24,
 * 1.123.81 on Node 20), against the phpRank sandbox; n8n's community-package scanner; a real browser on
 * the demo's editor; the demo's headless path; queue mode. The browser check, the demo and queue mode
 * run in line 2 (n8n 2.40.7) only.
 *
 *   npm run e2e                        everything (installs what is missing: n8n, chromium, the scanner)
 *   node test/e2e/run.js --line 2.41   one n8n line (2 = 2.40.7, 2.41 = 2.41.1, 1 = 1.123.81, or the version)
 *   options: --line 2|2.41|1|all|none  --skip-build  --tarball FILE  --no-browser  --no-scan  --no-demo  --no-queue  --keep
 *            --only stop (only the Stop checks, lib/stop.js, in the lines and queue mode chosen)
 *            --only bounds (only the answer-size checks, lib/bounds.js, in the lines chosen)
 *            --only overlap (only queue mode's executions that overlap, lib/queueOverlap.js; with --line none)
 *            --only weekly (only the weekly-audit checks, lib/weeklyAudit.js, lib/weeklyAuditRuns.js,
 *              lib/deleteSurelyGone.js and lib/weeklyDigest.js, of the lines chosen)
 *            --only scheduled (only the activated triggers, lib/scheduled.js, in the lines chosen, and
 *              queue mode's trigger)
 *
 * Prints PASS/FAIL per check and ends with `e2e: N passed, M failed`; exit code 1 on any failure.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');
// node: built-ins only: loads before scripts/ensure-deps.js has installed anything
const { LINE_NAMES, describe } = require('../../scripts/real-n8n/install');
const started = Date.now();

function parseArgs(argv) {
	const o = {
		lines: [...LINE_NAMES],
		build: true,
		browser: true,
		scan: true,
		demo: true,
		queue: true,
		keep: false,
	};
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (a === '--line') {
			const v = argv[++i];
			// a version ('2.41.1') becomes its line name, so that tags and the browser's line match
			o.lines = v === 'all' ? [...LINE_NAMES] : v === 'none' ? [] : [describe(v).line];
		} else if (a === '--skip-build') o.build = false;
		else if (a === '--tarball') o.tarball = path.resolve(argv[++i]);
		else if (a === '--no-browser') o.browser = false;
		else if (a === '--no-scan') o.scan = false;
		else if (a === '--no-demo') o.demo = false;
		else if (a === '--no-queue') o.queue = false;
		else if (a === '--keep') o.keep = true;
		else if (a === '--only') {
			// one part alone (lib/stop.js: the Stop checks of each line and of queue mode)
			o.only = argv[++i];
			if (!['stop', 'bounds', 'overlap', 'weekly', 'scheduled'].includes(o.only))
				throw new Error(`--only takes: stop, bounds, overlap, weekly, scheduled (got ${o.only})`);
			Object.assign(o, { scan: false, browser: false, demo: false });
			// queue mode has Stop checks of its own, and none of bounds or of the weekly audit
			if (o.only === 'bounds' || o.only === 'weekly') o.queue = false;
		} else throw new Error(`unknown option ${a}`);
	}
	return o;
}

const children = new Set();
// n8n runs in its own process groups: leave through process.exit so scripts/real-n8n kills them
for (const signal of ['SIGINT', 'SIGTERM']) {
	process.on(signal, () => {
		process.stdout.write(`\ne2e: interrupted (${signal})\n`);
		process.exit(130);
	});
}
process.on('exit', () => {
	for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
});

function runNode(args, opts = {}) {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, args, {
			cwd: ROOT,
			stdio: ['ignore', 'pipe', 'pipe'],
			...opts,
		});
		children.add(child);
		let out = '';
		child.stdout.on('data', (d) => (out += d));
		child.stderr.on('data', (d) => (out += d));
		child.on('close', (code) => {
			children.delete(child);
			resolve({ code, out });
		});
	});
}

async function main() {
	const o = parseArgs(process.argv.slice(2));
	// a fresh clone: the locked dev dependencies (tsc, gulp, playwright-core, n8n-workflow)
	const deps = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'ensure-deps.js')], {
		cwd: ROOT,
		stdio: 'inherit',
	});
	if (deps.status !== 0) process.exit(deps.status ?? 1);

	const { Report } = require('./lib/report');
	const { ensureN8n } = require('../../scripts/real-n8n/install');
	const demo = require('../../scripts/demo');
	const { loadPackage } = require('./lib/oracle');
	const { runLine } = require('./lib/line');
	const { OWN_EXAMPLES } = require('./lib/specs');
	const report = new Report();

	// Slow, independent set-up at once: n8n installs (minutes on a fresh machine), chromium, the scanner,
	// while the package builds.
	let t = Date.now();
	const installs = o.lines.map((line) => ensureN8n(line));
	if (o.browser && !o.lines.includes('2')) installs.push(ensureN8n('2'));
	const chromium = o.browser
		? Promise.resolve().then(() => require('./lib/chromium').ensureChromium())
		: Promise.resolve(null);
	const scanner = o.scan ? require('./lib/scanner').ensureScanner() : Promise.resolve(null);
	for (const p of [...installs, chromium, scanner]) p.catch(() => {});

	const packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phprank-e2e-pack-'));
	let tarball = o.tarball;
	if (!tarball) {
		if (o.build) {
			const b = Date.now();
			await demo.build();
			report.time('npm run build', Date.now() - b);
		}
		tarball = await demo.pack(packDir);
	}
	report.check(
		`package packed: ${path.basename(tarball)} (${(fs.statSync(tarball).size / 1024).toFixed(0)} kB)`,
		fs.existsSync(tarball),
	);
	const pkg = loadPackage(tarball);

	try {
		if (o.scan) {
			await report.guard('@n8n/scan-community-package: no unexpected error', async () => {
				await scanner;
				const { scanPackage, SCANNER } = require('./lib/scanner');
				const s = await scanPackage({ repoDir: ROOT, tarball });
				report.time('scan-community-package (both legs)', s.ms);
				report.check(
					`${SCANNER.name}@${SCANNER.version}: no findings (source: ${s.source.linted} files, tarball: ${s.dist.linted} files)`,
					s.passed && s.findings.length === 0 && s.source.linted > 0 && s.dist.linted > 0,
					() =>
						[
							s.source.details,
							s.dist.details,
							...s.findings.map(
								(f) => `${f.leg} ${f.file}:${f.line} ${f.severity} ${f.rule}: ${f.message}`,
							),
						]
							.filter(Boolean)
							.join('\n'),
				);
			});
		}

		const installed = await Promise.allSettled(installs);
		report.time('n8n installs ready (cache or fresh)', Date.now() - t);
		installed.forEach((x, i) => {
			if (x.status === 'rejected')
				report.check(`n8n line ${o.lines[i] || '2'} installed`, false, x.reason?.stack || x.reason);
		});

		// examples/ files this suite does not own (regression-alert.json, triggers/score-alerts.json, ...)
		const extraWorkflows = demo.loadExamples().filter((e) => !OWN_EXAMPLES.includes(e.file));

		// All lines at once: separate user folders, sandboxes and task-broker ports.
		t = Date.now();
		await Promise.all(
			o.lines.map((line) =>
				report.guard(`n8n line ${line}: no unexpected error`, () =>
					(o.only === 'stop'
						? require('./lib/stop').runStopLine
						: o.only === 'bounds'
							? require('./lib/bounds').runBoundsLine
							: o.only === 'weekly'
								? require('./lib/line').runWeeklyLine
								: o.only === 'scheduled'
									? require('./lib/line').runScheduledLine
									: runLine)(line, {
						tarball,
						pkg,
						report,
						extraWorkflows: extraWorkflows.map((e) => ({ ...e })),
						keep: o.keep,
					}),
				),
			),
		);
		report.time(`n8n lines ${o.lines.join(', ')}`, Date.now() - t);

		// the README's install commands (lib/readmeInstall.js), in the first line run
		if (o.lines.length > 0 && o.only !== 'weekly' && o.only !== 'scheduled') {
			const line = o.lines[0];
			const tag = `[n8n ${describe(line).version}]`;
			await report.guard(`${tag} README install: no unexpected error`, () =>
				require('./lib/readmeInstall').checkReadmeInstall({ line, report, tarball, tag }),
			);
		}

		if (o.demo || o.browser) {
			t = Date.now();
			const tasks = [];
			if (o.demo)
				tasks.push(
					report.guard('demo --once: no unexpected error', () => demoOnce(report, tarball)),
				);
			if (o.browser) {
				tasks.push(
					report.guard('browser: no unexpected error', async () => {
						const bin = await chromium;
						const { browserCheck } = require('./lib/browser');
						await browserCheck({
							report,
							tarball,
							pkg,
							chromium: bin,
							keep: o.keep,
						});
					}),
				);
			}
			await Promise.all(tasks);
			report.time('demo --once and browser check', Date.now() - t);
		}

		// queue mode (lib/queue.js) alone at the end: its wall times are compared with the throttle's
		if (o.queue)
			await report.guard('queue mode: no unexpected error', () =>
				require('./lib/queue').runQueueMode({ report, tarball, pkg, keep: o.keep, only: o.only }),
			);
	} finally {
		pkg.cleanup();
		fs.rmSync(packDir, { recursive: true, force: true });
	}
	report.summary(Date.now() - started);
	process.exit(report.failed === 0 && report.passed > 0 ? 0 : 1);
}

/** The demo's headless path as CI runs it (`npm run demo -- --once`: free ports of its own). */
async function demoOnce(report, tarball) {
	const r = await runNode([path.join(ROOT, 'scripts', 'demo.js'), '--once', '--tarball', tarball]);
	const m = r.out.match(/demo --once: (\d+) item\(s\)/);
	report.check(
		`npm run demo -- --once: runs examples/good-reports.json on the demo seed and prints its 3 items`,
		r.code === 0 && m && Number(m[1]) === 3 && /"Get good reports" output 3 item/.test(r.out),
		r.out.split('\n').slice(-30).join('\n'),
	);
}

main().catch((err) => {
	console.error(err);
	console.log('\ne2e: 0 passed, 1 failed');
	process.exit(1);
});
