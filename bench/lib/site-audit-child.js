'use strict';
// Run with `node --expose-gc`: Project → Audit Site in-process (n8n-core from the repo) against a
// sandbox and a site served by the parent process (bench/lib/siteAudit.js), so this process holds
// only what the node holds. With `heap`, a full GC every 20 ms between awaits: the sampled heap is
// live data. RSS is sampled every 5 ms too.
// argv: <node module> <credential module> <sandbox url> <api key> <parameters JSON> <heap: 0|1>
const [nodeFile, credentialFile, url, apiKey, parametersJson, heap] = process.argv.slice(2);
const { runNode } = require('../../test/helpers/n8n-runner');

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
	if (result.error) throw result.error;
	const items = result.items.map((item) => item.json);
	process.stdout.write(
		JSON.stringify({
			items: items.length,
			urlBytes: items.reduce((sum, item) => sum + Buffer.byteLength(String(item.url ?? '')), 0),
			skipped: items[0]?.sitemapsSkipped ?? [],
			actions: items.map((item) => item.action),
			peakLive: peakHeap - baseHeap,
			rssGrowth: peakRss - baseRss,
			ms,
		}),
	);
}

main().catch((error) => {
	process.stderr.write(String(error?.stack ?? error));
	process.exit(1);
});
