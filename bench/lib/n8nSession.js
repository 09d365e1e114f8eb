'use strict';
// One real n8n user folder for a benchmark run: the package installed from its tarball, as a
// community package, credentials and workflows imported once, workflows run with `n8n execute`.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { ensureN8n } = require('../../scripts/real-n8n/install');
const rn = require('../../scripts/real-n8n/n8n');
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
		 * Runs a workflow with the e2e suite's reader (`rn.execute`: `n8n execute`, the run read back
		 * from n8n's database), optionally with the RSS sampler or the expression counter preloaded, or
		 * a CPU profile. Resolves with { runData, ms, executionId, rssFile, expressions }; throws
		 * when the run did not succeed, unless `failOk`: then a failed run resolves too, with
		 * `failed` ({ reason, code, signal, message }) and what n8n stored of it.
		 */
		async execute(
			workflowId,
			{
				rss = false,
				cpuProfDir,
				countExpressions = false,
				timeoutMs = 600000,
				env = {},
				failOk = false,
			} = {},
		) {
			const nodeFlags = [];
			let rssFile;
			if (rss) {
				rssFile = path.join(userFolder, `rss-${Date.now()}-${rn.randomId(4)}.txt`);
				nodeFlags.push('--require', SAMPLER);
			}
			let expressionFile;
			if (countExpressions) {
				expressionFile = path.join(userFolder, `expressions-${Date.now()}-${rn.randomId(4)}.json`);
				nodeFlags.push('--require', EXPRESSION_COUNTER);
			}
			if (cpuProfDir)
				nodeFlags.push('--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`, '--cpu-prof-interval=250');
			const started = Date.now();
			const result = await rn.execute(ctx, workflowId, {
				timeoutMs,
				nodeFlags,
				env: {
					...env,
					...(rssFile ? { PHPRANK_BENCH_RSS_FILE: rssFile } : {}),
					...(expressionFile ? { PHPRANK_BENCH_EXPR_FILE: expressionFile } : {}),
				},
			});
			if (!result.ok && failOk) {
				return {
					runData: result.data?.data?.resultData?.runData ?? {},
					ms: Date.now() - started,
					executionId: result.executionId,
					rssFile,
					failed: {
						reason: result.reason,
						code: result.code,
						signal: result.signal,
						timedOut: result.timedOut,
						// the run's own error, else the first error n8n's Node printed (a fatal error, an OOM)
						message:
							result.error?.message ??
							result.stderr
								.split('\n')
								.find((line) => /error/i.test(line))
								?.trim(),
					},
				};
			}
			if (!result.ok) {
				const tail = (s) => s.split('\n').slice(-30).join('\n');
				throw new Error(
					`n8n execute ${workflowId} failed (${result.reason}; exit ${result.code}${result.signal ? `, ${result.signal}` : ''}): ${
						result.error ? JSON.stringify(result.error).slice(0, 2000) : ''
					}\n--- stdout tail ---\n${tail(result.stdout.slice(-5000))}\n--- stderr tail ---\n${tail(result.stderr)}`,
				);
			}
			return {
				runData: result.data.data.resultData.runData ?? {},
				ms: Date.now() - started,
				executionId: result.executionId,
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
