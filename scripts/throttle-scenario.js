#!/usr/bin/env node
// The throttle scenarios at a realistic size, through the built node (n8n-core's engine) against
// the sandbox throttled at R requests per window, as phpRank does per key:
// - create: N Create items, one page on each of N sites;
// - audit: a weekly audit, Create or Re-Run over N pages of one site whose N reports exist (the
//   site's listing is read once: N/100 reads + N re-runs).
// Prints the figures; it asserts nothing (the reliability tests and
// test/operations/report/createOrRerun.test.js and test/createOrRerun/ do).
//
//   node scripts/throttle-scenario.js [--scenario create|audit|both] [--items 300] [--per-window 60] [--window-seconds 6]
//
// phpRank's window is 60 s; the default scales time by 10 (6 s windows) so both take about a
// minute instead of 10. Retry-After is in whole seconds either way.
process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL || 'silent';
require('../test/helpers/jest-setup');
const { startSandbox } = require('../test/sandbox');
const { runNode } = require('../test/helpers/n8n-runner');
const { PhpRank } = require('../dist/nodes/PhpRank/PhpRank.node.js');
const { PhpRankApi } = require('../dist/credentials/PhpRankApi.credentials.js');

function option(name, fallback) {
	const index = process.argv.indexOf(`--${name}`);
	if (index <= 0) return fallback;
	const value = process.argv[index + 1];
	return typeof fallback === 'number' ? Number(value) : value;
}

/** The least time R requests a window allow for `requests`: the windows after the first. */
const minimumMsFor = (requests, perWindow, windowMs) =>
	(Math.ceil(requests / perWindow) - 1) * windowMs;

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function createScenario({ items, perWindow, windowMs }) {
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
	const minimumMs = minimumMsFor(items, perWindow, windowMs);
	await sandbox.close();

	console.log('Create: one page on each of N sites');
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

/**
 * The weekly audit: Create or Re-Run over N pages of one site holding their N reports. Each page
 * looked up alone would cost a lookup a page (two for a page whose URL is in over 100 others, such
 * as page-1 in page-10 to page-199) plus its re-run; the node reads the site's listing once.
 */
async function auditScenario({ items, perWindow, windowMs }) {
	const apiKey = 'audit-key';
	const pages = Array.from({ length: items }, (_, i) => `https://audit.example/page-${i + 1}`);
	const sandbox = await startSandbox({
		apiKeys: [apiKey],
		seed: pages.map((url) => ({ url })),
		faults: { throttle: { limit: perWindow, windowMs } },
	});
	const stored = pages.map((url) => url.replace('https://', ''));
	const aloneLookups = stored.reduce((sum, page) => {
		const matches = stored.filter((other) => other.includes(page));
		// newest first: the page's own report is the oldest of those containing its URL
		return sum + Math.ceil(matches.length / 100);
	}, 0);
	const started = Date.now();
	const result = await runNode({
		nodeType: new PhpRank(),
		credentialType: new PhpRankApi(),
		credentials: { baseUrl: sandbox.url, apiKey },
		parameters: { resource: 'report', operation: 'createOrRerun', url: '={{ $json.url }}' },
		items: pages.map((url) => ({ url })),
		continueOnFail: true,
	});
	const wallMs = Date.now() - started;
	const answered = sandbox.requests.filter((r) => r.outcome !== 'throttled');
	const reads = answered.filter((r) => r.method === 'GET').length;
	const writes = answered.length - reads;
	const throttled = sandbox.requests.length - answered.length;
	const failed = result.items.filter((item) => item.json.error !== undefined).length;
	const created = sandbox.reports().length - items;
	await sandbox.close();

	const aloneRequests = aloneLookups + items;
	const minimumMs = minimumMsFor(answered.length, perWindow, windowMs);
	const aloneMinimumMs = minimumMsFor(aloneRequests, perWindow, windowMs);
	console.log(
		"Create or Re-Run: a weekly audit of N pages of one site (every page's report exists)",
	);
	const rows = [
		['pages', items],
		['throttle', `${perWindow} per ${windowMs / 1000} s`],
		['requests (reads + writes)', `${answered.length} (${reads} + ${writes})`],
		['each page alone', `${aloneRequests} (${aloneLookups} + ${items})`],
		['re-run', result.items.length - failed],
		['failed', failed],
		['reports created', created],
		['requests answered 429', throttled],
		['wall time', seconds(wallMs)],
		['requests / R, in windows', seconds(minimumMs)],
		['ratio to that', minimumMs > 0 ? (wallMs / minimumMs).toFixed(3) : 'n/a'],
		['each page alone, in windows', seconds(aloneMinimumMs)],
	];
	for (const [label, value] of rows) console.log(`${label.padEnd(28)} ${value}`);
	if (result.error) console.log(`run error: ${result.error.message}`);
}

async function main() {
	const scenario = option('scenario', 'both');
	const settings = {
		items: option('items', 300),
		perWindow: option('per-window', 60),
		windowMs: option('window-seconds', 6) * 1000,
	};
	if (scenario === 'create' || scenario === 'both') await createScenario(settings);
	if (scenario === 'both') console.log('');
	if (scenario === 'audit' || scenario === 'both') await auditScenario(settings);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
