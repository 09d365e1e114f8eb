'use strict';
// One real n8n user folder for a benchmark run: the package installed from its tarball, as a
// community package, credentials and workflows imported once, workflows run with `n8n execute`.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');

const { ensureN8n } = require('../../scripts/real-n8n/install');
const rn = require('../../scripts/real-n8n/n8n');
const { killGroup, killLeftovers, track } = require('../../scripts/real-n8n/processes');
const { nodeVersionOf } = require('./package');

const SAMPLER = path.join(__dirname, 'rss-sampler.js');
const EXPRESSION_COUNTER = path.join(__dirname, 'expression-counter.js');
async function openSession({ tarball, log = () => {}, keep = false }) {
	const n8n = await ensureN8n('2');
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'phprank-bench-n8n-'));
	const ctx = rn.createUserFolder(n8n, { dir: userFolder });
	const pkg = rn.installCommunityPackage(ctx, tarball);
	log(`n8n ${n8n.version} user folder ${userFolder}; ${pkg.name}@${pkg.version} installed`);
	const nodeVersion = nodeVersionOf(n8n.nodeBin);

	return {
		n8n,
		ctx,
		pkg,
		nodeVersion,
		nodeType: `${pkg.name}.phpRank`,
		importCredentials: (creds) => rn.importCredentials(ctx, creds, { timeoutMs: 120000 }),
		importWorkflows: (workflows) => rn.importWorkflows(ctx, workflows, { timeoutMs: 120000 }),
		/**
		 * `n8n execute --id --rawOutput`, optionally with the RSS sampler preloaded or a CPU
		 * profile. Resolves with { ok, data, error, runData, ms, stdoutBytes, rssFile, profileDir }.
		 */
		async execute(
			workflowId,
			{ rss = false, cpuProfDir, countExpressions = false, timeoutMs = 600000, env = {} } = {},
		) {
			const brokerPort = await rn.getFreePort();
			const flags = [];
			let rssFile;
			if (rss) {
				rssFile = path.join(userFolder, `rss-${Date.now()}-${rn.randomId(4)}.txt`);
				flags.push('--require', SAMPLER);
			}
			let expressionFile;
			if (countExpressions) {
				expressionFile = path.join(userFolder, `expressions-${Date.now()}-${rn.randomId(4)}.json`);
				flags.push('--require', EXPRESSION_COUNTER);
			}
			if (cpuProfDir)
				flags.push('--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`, '--cpu-prof-interval=250');
			const childEnv = rn.n8nEnv(ctx, brokerPort, {
				...env,
				...(rssFile ? { PHPRANK_BENCH_RSS_FILE: rssFile } : {}),
				...(expressionFile ? { PHPRANK_BENCH_EXPR_FILE: expressionFile } : {}),
			});
			const started = Date.now();
			// stdout goes to a file: n8n exits right after printing the run, and writes to a pipe
			// are asynchronous in Node, so a large run printed to a pipe arrives cut short.
			const outFile = path.join(userFolder, `stdout-${Date.now()}-${rn.randomId(4)}.txt`);
			const outFd = fs.openSync(outFile, 'w');
			const result = await new Promise((resolve, reject) => {
				const child = spawn(
					n8n.nodeBin,
					[...flags, n8n.n8nBin, 'execute', `--id=${workflowId}`, '--rawOutput'],
					{
						cwd: userFolder,
						env: childEnv,
						stdio: ['ignore', outFd, 'pipe'],
						detached: true,
					},
				);
				track(child);
				let stderr = '';
				child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-20000)));
				const timer = setTimeout(() => killGroup(child, 'SIGKILL'), timeoutMs);
				child.on('error', reject);
				child.on('close', (code, signal) => {
					clearTimeout(timer);
					killLeftovers(child.pid); // the task runner may outlive its parent
					resolve({ code, signal, stderr });
				});
			});
			fs.closeSync(outFd);
			result.stdout = fs.readFileSync(outFile, 'utf8');
			fs.rmSync(outFile, { force: true });
			const data = rn.parseRunJson(result.stdout);
			const error = data?.data?.resultData?.error;
			const runData = data?.data?.resultData?.runData ?? {};
			if (!data || error || result.code !== 0) {
				const tail = (s) => s.split('\n').slice(-30).join('\n');
				throw new Error(
					`n8n execute ${workflowId} failed (exit ${result.code}${result.signal ? `, ${result.signal}` : ''}): ${
						error ? JSON.stringify(error).slice(0, 2000) : ''
					}\n--- stdout tail ---\n${tail(result.stdout.slice(-5000))}\n--- stderr tail ---\n${tail(result.stderr)}`,
				);
			}
			return {
				runData,
				ms: Date.now() - started,
				stdoutBytes: Buffer.byteLength(result.stdout),
				rssFile,
				expressions:
					expressionFile && fs.existsSync(expressionFile)
						? JSON.parse(fs.readFileSync(expressionFile, 'utf8'))
						: undefined,
			};
		},
		close() {
			if (!keep) fs.rmSync(userFolder, { recursive: true, force: true });
		},
	};
}

/** Node timing from the run data: { startTime, executionTime, items, error }. */
function nodeRun(runData, name) {
	const run = runData[name]?.[0];
	if (!run) throw new Error(`node "${name}" did not run; ran: ${Object.keys(runData).join(', ')}`);
	const items = run.data?.main?.[0] ?? [];
	return { startTime: run.startTime, executionTime: run.executionTime, items, error: run.error };
}

module.exports = { openSession, nodeRun, packPackage: rn.packPackage };
