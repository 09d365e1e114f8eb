'use strict';
// Run with `node --expose-gc`: Project → Audit Site in-process (n8n-core from the repo) against a
// sandbox and a site served by the parent process (bench/lib/siteAudit.js), so this process holds
// only what the node holds. With `heap`, a full GC every 20 ms between awaits: the sampled heap is
// live data. RSS is sampled every 5 ms too.
// The node runs at its default version (a versioned node's current one: Audit Site 1.1 from issue
// 38 on, 1 before), which the output names. A run the node failed is a figure too: `error` (its
// message's first line) instead of the items.
// argv: <node module> <credential module> <sandbox url> <api key> <parameters JSON> <heap: 0|1>
const [nodeFile, credentialFile, url, apiKey, parametersJson, heap] = process.argv.slice(2);
const { runNode } = require('../../test/helpers/n8n-runner');
const { defaultTypeVersion } = require('../../test/helpers/node-types');

async function main() {
	const { PhpRank } = require(nodeFile);
	const { PhpRankApi } = require(credentialFile);
	const run = (parameters) =>
		runNode({
			nodeType: new PhpRank(),
			credentialType: new PhpRankApi(),
			credentials: { baseUrl: url, apiKey },
			parameters,
		});
	const live = () => {
		if (heap === '1') global.gc();
		return process.memoryUsage().heapUsed;
	};
	// warm-up (loads every module)
	await run({ resource: 'report', operation: 'getAll', limit: 1 });
	const baseHeap = live();
	const baseRss = process.memoryUsage().rss;
	let peakHeap = baseHeap;
	let peakRss = baseRss;
	// the GC forced every 20 ms (a full GC of the items kept so far takes a few ms)
	const timer = setInterval(
		() => {
			peakRss = Math.max(peakRss, process.memoryUsage().rss);
			if (heap === '1') peakHeap = Math.max(peakHeap, live());
		},
		heap === '1' ? 20 : 5,
	);
	const started = Date.now();
	const result = await run(JSON.parse(parametersJson));
	const ms = Date.now() - started;
	clearInterval(timer);
	peakRss = Math.max(peakRss, process.memoryUsage().rss);
	if (heap === '1') peakHeap = Math.max(peakHeap, live());
	const common = {
		typeVersion: defaultTypeVersion(new PhpRank()),
		peakLive: peakHeap - baseHeap,
		rssGrowth: peakRss - baseRss,
		ms,
	};
	if (result.error) {
		const error = String(result.error.message ?? result.error).split('\n')[0];
		process.stdout.write(JSON.stringify({ error, items: 0, actions: [], ...common }));
		return;
	}
	const items = result.items.map((item) => item.json);
	process.stdout.write(
		JSON.stringify({
			items: items.length,
			urlBytes: items.reduce((sum, item) => sum + Buffer.byteLength(String(item.url ?? '')), 0),
			skipped: items[0]?.sitemapsSkipped ?? [],
			actions: items.map((item) => item.action),
			// version 1.1's first item
			summary: items[0]?.action === 'summary' ? items[0] : undefined,
			...common,
		}),
	);
}

main().catch((error) => {
	process.stderr.write(String(error?.stack ?? error));
	process.exit(1);
});
