'use strict';
// Per-item cost in real n8n: N items of Report Get by ID (and of Create) through the phpRank
// node and through the HTTP Request node, in the same n8n process, alternating, several
// repetitions per process; node time from the run data's executionTime.
const {
	itemsNode,
	phpRankNode,
	httpNode,
	fanOutWorkflow,
	twoSourceWorkflow,
} = require('./workflows');
const { nodeRun } = require('./n8nSession');
const { median, range } = require('./stats');
const { runPlan } = require('./alternate');

/** The variants compared; `kind` picks the builder. */
function variants(session, creds, sandboxUrl, operation, extra = []) {
	const base = `${sandboxUrl}/api/v1`;
	const get = operation === 'get';
	const list = [
		{
			key: 'phpRank',
			label: 'phpRank node (Simplify off: same data as HTTP Request)',
			build: (name) =>
				phpRankNode(
					name,
					session.nodeType,
					get
						? {
								resource: 'report',
								operation: 'get',
								reportId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
								simplify: false,
							}
						: {
								resource: 'report',
								operation: 'create',
								url: '={{ $json.url }}',
								privacy: 1,
								simplify: false,
							},
					creds.phpRank,
				),
		},
		{
			key: 'http',
			label: 'HTTP Request node (Header Auth credential)',
			build: (name) =>
				httpNode(
					name,
					get
						? {
								url: `=${base}/reports/{{ $json.id }}`,
								auth: { kind: 'header', credential: creds.header },
							}
						: {
								method: 'POST',
								url: `${base}/reports`,
								form: { url: '={{ $json.url }}', privacy: 1 },
								auth: { kind: 'header', credential: creds.header },
							},
				),
		},
	];
	return [...list, ...extra.map((make) => make({ session, creds, base, get }))];
}

/** Latin-square order: repetition r starts at variant r mod k. */
function order(keys, reps, shift) {
	const out = [];
	for (let r = 0; r < reps; r++) {
		for (let i = 0; i < keys.length; i++) out.push(keys[(i + r + shift) % keys.length]);
	}
	return out;
}

/**
 * The per-item measurement as a plan (lib/alternate.js): the workflows imported now, one step per
 * n8n process, the figures when every step has run.
 */
async function planPerItem({
	session,
	creds,
	sandbox,
	operation,
	items,
	reps,
	executions,
	extraVariants = [],
	log,
	cpuProfDir,
}) {
	const list = variants(session, creds, sandbox.url, operation, extraVariants);
	const byKey = Object.fromEntries(list.map((v) => [v.key, v]));
	const keys = list.map((v) => v.key);
	const inputs = items.map((json) => json);
	const warmInputs = inputs.slice(0, Math.min(100, inputs.length));
	const workflows = [];
	for (let e = 0; e < executions; e++) {
		const sequence = order(keys, reps, e);
		const branches = sequence.map((key, i) => ({
			key,
			node: byKey[key].build(`${key} #${i + 1}`),
		}));
		const warm = keys.map((key) => ({ key, node: byKey[key].build(`warm-up ${key}`) }));
		workflows.push({
			sequence: branches,
			wf: twoSourceWorkflow({
				id: `benchPerItem${operation}${e}`.slice(0, 21),
				name: `bench per-item ${operation} ${e}`,
				sources: [
					{ source: itemsNode('Warm-up items', warmInputs), branches: warm.map((b) => b.node) },
					{ source: itemsNode('Items', inputs), branches: branches.map((b) => b.node) },
				],
			}),
		});
	}
	await session.importWorkflows(workflows.map((w) => w.wf));
	const times = Object.fromEntries(keys.map((k) => [k, []]));
	const pairRatios = [];
	const perExecution = [];
	const step = async (e, { wf, sequence }) => {
		const started = sandbox.requests.length;
		const result = await session.execute(wf.id, { cpuProfDir });
		const requests = sandbox.requests.length - started;
		const runs = sequence.map(({ key, node }) => ({ key, ...nodeRun(result.runData, node.name) }));
		// the branches must have run in the order given, one after another
		for (let i = 1; i < runs.length; i++) {
			if (runs[i].startTime < runs[i - 1].startTime)
				throw new Error(`${wf.id}: nodes did not run in order`);
		}
		for (const run of runs) {
			if (run.error)
				throw new Error(`${wf.id}: ${run.key} failed: ${JSON.stringify(run.error).slice(0, 500)}`);
			if (run.items.length !== items.length)
				throw new Error(
					`${wf.id}: ${run.key} output ${run.items.length} items, not ${items.length}`,
				);
			times[run.key].push(run.executionTime);
		}
		// ratios of neighbours (phpRank vs the HTTP Request run next to it)
		const execTimes = Object.fromEntries(
			keys.map((k) => [k, runs.filter((r) => r.key === k).map((r) => r.executionTime)]),
		);
		const ratio = median(execTimes.phpRank) / median(execTimes.http);
		perExecution.push({ ratio, times: execTimes, requests, ms: result.ms });
		for (let i = 0; i + 1 < runs.length; i++) {
			const pair = [runs[i], runs[i + 1]];
			const p = pair.find((r) => r.key === 'phpRank');
			const h = pair.find((r) => r.key === 'http');
			if (p && h) pairRatios.push(p.executionTime / h.executionTime);
		}
		log?.(
			`  ${operation} execution ${e + 1}/${workflows.length}: ${keys
				.map((k) => `${k} ${execTimes[k].join('/')} ms`)
				.join(
					', ',
				)}; ratio ${ratio.toFixed(2)}; ${requests} requests; ${(result.ms / 1000).toFixed(1)} s`,
		);
	};
	const finish = () => {
		const medians = Object.fromEntries(keys.map((k) => [k, median(times[k])]));
		return {
			operation,
			items: items.length,
			labels: Object.fromEntries(list.map((v) => [v.key, v.label])),
			times,
			medians,
			ranges: Object.fromEntries(keys.map((k) => [k, range(times[k])])),
			ratio: medians.phpRank / medians.http,
			ratioRange: range(perExecution.map((p) => p.ratio)),
			pairRatioMedian: median(pairRatios),
			perExecution,
		};
	};
	return { steps: workflows.map((w, e) => () => step(e, w)), finish };
}

async function runPerItem(options) {
	return runPlan(await planPerItem(options));
}

/**
 * Expression evaluations per item of each variant: one small execution per variant with the
 * expression counter preloaded (never in the timed runs).
 */
async function countExpressionsPerItem({
	session,
	creds,
	sandbox,
	operation,
	items,
	extraVariants = [],
}) {
	const list = variants(session, creds, sandbox.url, operation, extraVariants);
	const out = {};
	const workflows = list.map((v) => ({
		v,
		wf: fanOutWorkflow({
			id: `benchExpr${operation}${v.key}`.slice(0, 21),
			name: `bench expressions ${operation} ${v.key}`,
			source: itemsNode('Items', items),
			branches: [v.build(v.key)],
		}),
	}));
	await session.importWorkflows(workflows.map((w) => w.wf));
	for (const { v, wf } of workflows) {
		const result = await session.execute(wf.id, { countExpressions: true });
		const counts = result.expressions ?? {};
		// the Code node evaluates none: every expression counted belongs to the measured node
		const total = Object.values(counts).reduce((s, n) => s + n, 0);
		out[v.key] = {
			perItem: total / items.length,
			byExpression: Object.fromEntries(
				Object.entries(counts).map(([text, n]) => [text, n / items.length]),
			),
		};
	}
	return out;
}

module.exports = { runPerItem, planPerItem, countExpressionsPerItem };
