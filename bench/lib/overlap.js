'use strict';

// Issue 33's figures: what Create or Re-Run's guards cost and save. In-process, through n8n-core's engine
// (test/helpers/n8n-runner.js), the package's built node, against sandboxes that wait `LATENCY_MS` before
// each answer (a network and phpRank's own work, scaled down):
// - the requests of one Create with Check for a Parallel Create on and off;
// - the wall time of 20 overlapping executions for one new page against 20 executions for 20 new pages
//   (the first shares one lookup and one Create, so it should be no slower), and their Creates.
const { startSandbox } = require('../../test/sandbox');
const { median } = require('./stats');

const LATENCY_MS = 40;
const RUNS = 20;

function runner(snapshot, apiKey) {
	const { runNode } = require('../../test/helpers/n8n-runner');
	const { PhpRank } = require(snapshot.nodeFile);
	const { PhpRankApi } = require(snapshot.credentialFile);
	const nodeType = new PhpRank();
	const credentialType = new PhpRankApi();
	return async (baseUrl, url, extra = {}) =>
		await runNode({
			nodeType,
			credentialType,
			credentials: { baseUrl, apiKey },
			parameters: { resource: 'report', operation: 'createOrRerun', url, ...extra },
		});
}

async function oneCreate(run, sandbox, extra) {
	sandbox.reset(null);
	sandbox.clearRequests();
	const out = await run(sandbox.url, 'https://overlap-bench.test/new-page', extra);
	if (out.error) throw out.error;
	return sandbox.requests.map((q) => q.method);
}

/** `RUNS` executions at once; `urlOf(i)` the page of execution i. */
async function overlapping(run, sandbox, urlOf) {
	sandbox.reset(null);
	sandbox.clearRequests();
	const started = process.hrtime.bigint();
	const outs = await Promise.all(
		Array.from({ length: RUNS }, (_, i) => run(sandbox.url, urlOf(i))),
	);
	const ms = Number(process.hrtime.bigint() - started) / 1e6;
	const failed = outs.filter((o) => o.error);
	if (failed.length > 0) throw failed[0].error;
	const methods = sandbox.requests.map((q) => q.method);
	return {
		ms,
		creates: methods.filter((m) => m === 'POST').length,
		requests: methods.length,
		ids: new Set(outs.map((o) => o.items[0]?.json.id)).size,
	};
}

async function runOverlapFigures({ snapshot, apiKey, reps = 3, log }) {
	const run = runner(snapshot, apiKey);
	const sandbox = await startSandbox({ apiKeys: [apiKey], faults: { latencyMs: LATENCY_MS } });
	try {
		const checkOn = await oneCreate(run, sandbox, {});
		const checkOff = await oneCreate(run, sandbox, { checkAfterCreate: false });
		const onePage = [];
		const manyPages = [];
		for (let r = 0; r < reps; r++) {
			// order alternating, so a machine that slows down weighs on both alike
			const pair = [
				async () =>
					onePage.push(
						await overlapping(run, sandbox, () => 'https://overlap-bench.test/one-page'),
					),
				async () =>
					manyPages.push(
						await overlapping(run, sandbox, (i) => `https://overlap-bench.test/page-${i + 1}`),
					),
			];
			if (r % 2 === 1) pair.reverse();
			for (const step of pair) await step();
			log?.(
				`  overlap rep ${r + 1}: one page ${onePage.at(-1).ms.toFixed(0)} ms, ${RUNS} pages ${manyPages.at(-1).ms.toFixed(0)} ms`,
			);
		}
		return {
			latencyMs: LATENCY_MS,
			runs: RUNS,
			checkOn,
			checkOff,
			onePage: { ...onePage.at(-1), ms: median(onePage.map((x) => x.ms)) },
			manyPages: { ...manyPages.at(-1), ms: median(manyPages.map((x) => x.ms)) },
		};
	} finally {
		await sandbox.close();
	}
}

module.exports = { runOverlapFigures };
