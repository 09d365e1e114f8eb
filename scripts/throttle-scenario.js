#!/usr/bin/env node
// The throttle scenario at a realistic size: N Create items through the built node (n8n-core's
// engine) against the sandbox throttled at R requests per window, as phpRank does per key.
// Prints the figures; it asserts nothing (the reliability tests do).
//
//   node scripts/throttle-scenario.js [--items 300] [--per-window 60] [--window-seconds 6]
//
// phpRank's window is 60 s; the default scales time by 10 (6 s windows) so a run takes about
// 25 s instead of 4 minutes. Retry-After is in whole seconds either way.
process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL || 'silent';
require('../test/helpers/jest-setup');
const { startSandbox } = require('../test/sandbox');
const { runNode } = require('../test/helpers/n8n-runner');
const { PhpRank } = require('../dist/nodes/PhpRank/PhpRank.node.js');
const { PhpRankApi } = require('../dist/credentials/PhpRankApi.credentials.js');

function option(name, fallback) {
	const index = process.argv.indexOf(`--${name}`);
	return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

async function main() {
	const items = option('items', 300);
	const perWindow = option('per-window', 60);
	const windowMs = option('window-seconds', 6) * 1000;
	const apiKey = 'scenario-key';
	const sandbox = await startSandbox({
		apiKeys: [apiKey],
		faults: { throttle: { limit: perWindow, windowMs } },
	});
	const pages = Array.from({ length: items }, (_, i) => ({
		page: `https://site${i}.example/page-${i}`,
	}));
	const started = Date.now();
	const result = await runNode({
		nodeType: new PhpRank(),
		credentialType: new PhpRankApi(),
		credentials: { baseUrl: sandbox.url, apiKey },
		parameters: { resource: 'report', operation: 'create', url: '={{ $json.page }}' },
		items: pages,
		continueOnFail: true,
	});
	const wallMs = Date.now() - started;
	const failed = result.items.filter((item) => item.json.error !== undefined).length;
	const duplicates = pages.reduce(
		(sum, p) => sum + Math.max(0, sandbox.createdCount(p.page) - 1),
		0,
	);
	const throttled = sandbox.requests.filter((r) => r.outcome === 'throttled').length;
	const minimumMs = (Math.ceil(items / perWindow) - 1) * windowMs;
	await sandbox.close();

	const rows = [
		['items', items],
		['throttle', `${perWindow} per ${windowMs / 1000} s`],
		['succeeded', result.items.length - failed],
		['failed', failed],
		['duplicates on the server', duplicates],
		['requests answered 429', throttled],
		['wall time', `${(wallMs / 1000).toFixed(2)} s`],
		["throttle's minimum time", `${(minimumMs / 1000).toFixed(2)} s`],
		['ratio to the minimum', minimumMs > 0 ? (wallMs / minimumMs).toFixed(3) : 'n/a'],
	];
	for (const [label, value] of rows) console.log(`${label.padEnd(26)} ${value}`);
	if (result.error) console.log(`run error: ${result.error.message}`);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
