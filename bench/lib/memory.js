'use strict';
// Memory of Return All over many reports in real n8n: peak RSS growth of the n8n process while
// the node runs, divided by the bytes the server sent (counted by a TCP proxy in front of the
// sandbox). The HTTP Request node fetching the same pages is the yardstick.
const fs = require('node:fs');
const { startSandbox } = require('../../test/sandbox');
const { startByteProxy } = require('./byteProxy');
const { phpRankNode, httpNode, fanOutWorkflow } = require('./workflows');
const { nodeRun } = require('./n8nSession');
const { median } = require('./stats');
const { runPlan } = require('./alternate');

function readSamples(file) {
	if (!file || !fs.existsSync(file)) return [];
	return fs
		.readFileSync(file, 'utf8')
		.split('\n')
		.filter(Boolean)
		.map((line) => line.split(' ').map(Number));
}

/** RSS just before the node started, and the peak while it ran. */
function nodeMemory(samples, startTime, executionTime) {
	const before = samples.filter(([t]) => t < startTime).slice(-20);
	const during = samples.filter(([t]) => t >= startTime && t <= startTime + executionTime);
	const baseline = before.length ? median(before.map(([, rss]) => rss)) : NaN;
	const max = (list) => list.reduce((m, [, rss]) => (rss > m ? rss : m), -Infinity);
	const peak = during.length ? max(during) : NaN;
	const processPeak = samples.length ? max(samples) : NaN;
	return { baseline, peak, growth: peak - baseline, processPeak, samplesDuring: during.length };
}

/** Section 3 in real n8n as a plan (lib/alternate.js): one step per n8n process. */
async function planMemory({ session, apiKey, credsFor, total = 10000, reps = 3, log }) {
	const sandbox = await startSandbox({ apiKeys: [apiKey], seed: { reports: total } });
	const proxy = await startByteProxy(sandbox.port);
	const close = async () => {
		await proxy.close();
		await sandbox.close();
	};
	try {
		const creds = await credsFor([proxy.url]);
		const variants = [
			{
				key: 'phpRankRaw',
				label: 'phpRank node, Return All, Simplify off (full reports)',
				node: () =>
					phpRankNode(
						'phpRank',
						session.nodeType,
						{ resource: 'report', operation: 'getAll', returnAll: true, simplify: false },
						creds.phpRank[0],
					),
			},
			{
				key: 'http',
				label:
					'HTTP Request node, per_page 100, pages until last_page (full reports, one item per page)',
				node: () =>
					httpNode('HTTP Request', {
						url: `${proxy.url}/api/v1/reports`,
						query: { per_page: 100 },
						pagination: {
							completeWhen:
								'={{ $response.body.meta.current_page >= $response.body.meta.last_page }}',
						},
						auth: { kind: 'header', credential: creds.header },
					}),
			},
			{
				key: 'phpRankSimplified',
				label: 'phpRank node, Return All, Simplify on (the default)',
				node: () =>
					phpRankNode(
						'phpRank',
						session.nodeType,
						{ resource: 'report', operation: 'getAll', returnAll: true },
						creds.phpRank[0],
					),
			},
		];
		const workflows = variants.map((v) => {
			const node = v.node();
			return {
				variant: v,
				nodeName: node.name,
				wf: fanOutWorkflow({
					id: `benchMemory${v.key}`.slice(0, 21),
					name: `bench memory ${v.key}`,
					branches: [node],
				}),
			};
		});
		await session.importWorkflows(workflows.map((w) => w.wf));
		const results = Object.fromEntries(variants.map((v) => [v.key, []]));
		const steps = [];
		for (let r = 0; r < reps; r++) {
			// alternate the order between repetitions
			const order = r % 2 === 0 ? workflows : [...workflows].reverse();
			for (const { variant, nodeName, wf } of order)
				steps.push(async () => {
					proxy.reset();
					sandbox.clearRequests();
					const result = await session.execute(wf.id, { rss: true });
					const run = nodeRun(result.runData, nodeName);
					if (run.error)
						throw new Error(`${variant.key}: ${JSON.stringify(run.error).slice(0, 500)}`);
					const memory = nodeMemory(readSamples(result.rssFile), run.startTime, run.executionTime);
					const records =
						variant.key === 'http'
							? run.items.reduce((sum, item) => sum + (item.json?.data?.length ?? 0), 0)
							: run.items.length;
					if (records !== total)
						throw new Error(`${variant.key}: ${records} reports, not ${total}`);
					const entry = {
						...memory,
						bytes: proxy.counters.toClient,
						requests: sandbox.requests.length,
						executionTime: run.executionTime,
						ratio: memory.growth / proxy.counters.toClient,
					};
					results[variant.key].push(entry);
					log?.(
						`  ${variant.key}: +${(entry.growth / 1048576).toFixed(0)} MiB RSS for ${(entry.bytes / 1048576).toFixed(1)} MiB received (${entry.ratio.toFixed(2)}x), ${entry.requests} requests, ${entry.executionTime} ms`,
					);
				});
		}
		const finish = () => ({
			total,
			reps,
			variants: variants.map((v) => {
				const list = results[v.key];
				return {
					key: v.key,
					label: v.label,
					bytes: median(list.map((e) => e.bytes)),
					requests: median(list.map((e) => e.requests)),
					growth: median(list.map((e) => e.growth)),
					baseline: median(list.map((e) => e.baseline)),
					peak: median(list.map((e) => e.peak)),
					ratio: median(list.map((e) => e.ratio)),
					ratios: list.map((e) => e.ratio),
					executionTime: median(list.map((e) => e.executionTime)),
					executionTimes: list.map((e) => e.executionTime),
				};
			}),
		});
		return { steps, finish, close };
	} catch (error) {
		await close();
		throw error;
	}
}

async function runMemory(options) {
	return runPlan(await planMemory(options));
}

module.exports = { runMemory, planMemory, readSamples, nodeMemory };

/**
 * Live heap in-process (n8n-core 2.40.3 from the repo, forced GC between awaits): the peak of
 * what the node holds while it runs and what its output retains, against the bytes received.
 * As a plan (lib/alternate.js): one step per child process.
 */
async function planLiveHeap({ snapshot, apiKey, total, reps = 3, log }) {
	const { spawn } = require('node:child_process');
	const path = require('node:path');
	const sandbox = await startSandbox({ apiKeys: [apiKey], seed: { reports: total } });
	const proxy = await startByteProxy(sandbox.port);
	const child = path.join(__dirname, 'live-heap-child.js');
	const variants = [
		{
			key: 'raw',
			label: 'Simplify off',
			parameters: { resource: 'report', operation: 'getAll', returnAll: true, simplify: false },
		},
		{
			key: 'simplified',
			label: 'Simplify on (default)',
			parameters: { resource: 'report', operation: 'getAll', returnAll: true },
		},
	];
	const out = Object.fromEntries(variants.map((v) => [v.key, []]));
	const steps = [];
	for (let r = 0; r < reps; r++) {
		for (const v of r % 2 ? [...variants].reverse() : variants) {
			steps.push(async () => {
				proxy.reset();
				const text = await new Promise((resolve, reject) => {
					const p = spawn(
						process.execPath,
						[
							'--expose-gc',
							child,
							snapshot.nodeFile,
							snapshot.credentialFile,
							proxy.url,
							apiKey,
							JSON.stringify(v.parameters),
						],
						{
							stdio: ['ignore', 'pipe', 'pipe'],
							env: { ...process.env, N8N_USER_FOLDER: undefined },
						},
					);
					let stdout = '';
					let stderr = '';
					p.stdout.on('data', (d) => (stdout += d));
					p.stderr.on('data', (d) => (stderr += d));
					p.on('error', reject);
					p.on('close', (code) =>
						code === 0
							? resolve(stdout)
							: reject(new Error(`live-heap child failed: ${stderr.slice(-2000)}`)),
					);
				});
				const res = JSON.parse(text);
				// the warm-up request (limit 1) is in the byte count too: it is 1 small page
				const entry = { ...res, bytes: proxy.counters.toClient };
				out[v.key].push(entry);
				log?.(
					`  live heap ${v.key}: peak ${(res.peakLive / 1048576).toFixed(0)} MiB, output retains ${(res.retained / 1048576).toFixed(0)} MiB, ${(entry.bytes / 1048576).toFixed(1)} MiB received`,
				);
			});
		}
	}
	const close = async () => {
		await proxy.close();
		await sandbox.close();
	};
	const finish = () => ({
		total,
		reps,
		variants: variants.map((v) => {
			const list = out[v.key];
			return {
				key: v.key,
				label: v.label,
				bytes: median(list.map((e) => e.bytes)),
				peakLive: median(list.map((e) => e.peakLive)),
				retained: median(list.map((e) => e.retained)),
				outputBytes: median(list.map((e) => e.outputBytes)),
			};
		}),
	});
	return { steps, finish, close };
}

async function runLiveHeap(options) {
	return runPlan(await planLiveHeap(options));
}

module.exports.runLiveHeap = runLiveHeap;
module.exports.planLiveHeap = planLiveHeap;
