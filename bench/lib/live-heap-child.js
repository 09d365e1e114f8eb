'use strict';
// Run with `node --expose-gc`: runs the phpRank node in-process (n8n-core from the repo) against
// a sandbox in another process, forcing a full GC every few milliseconds between awaits, so the
// sampled heap is live data only: what the node holds, not garbage waiting for collection.
// argv: <node module> <credential module> <sandbox url> <api key> <parameters JSON>
const [nodeFile, credentialFile, url, apiKey, parametersJson] = process.argv.slice(2);
const { runNode } = require('../../test/helpers/n8n-runner');

async function main() {
	const { PhpRank } = require(nodeFile);
	const { PhpRankApi } = require(credentialFile);
	const nodeType = new PhpRank();
	const credentialType = new PhpRankApi();
	const credentials = { baseUrl: url, apiKey };
	const parameters = JSON.parse(parametersJson);
	const live = () => {
		global.gc();
		return process.memoryUsage().heapUsed;
	};
	// Best effort: also sample inside the package's output shaping (`reportView`: in
	// report/reportView.js since the upward imports went, resources/report/reportView.js since the
	// transport's layers, in shared/reportOutput.js before, as in a baseline package), where the
	// records it got and the records it returns are both alive. The compiled modules call it
	// through the exports object, so wrapping the export is enough. It
	// shapes one record at a time: sampled at the last record of every page of 100 (a Return All's
	// page), as before.
	let inShaping = 0;
	let shaped = 0;
	const path = require('node:path');
	const fs = require('node:fs');
	const shapingModule = [
		['report', 'reportView.js'],
		['resources', 'report', 'reportView.js'],
		['shared', 'reportOutput.js'],
	]
		.map((parts) => path.join(path.dirname(nodeFile), ...parts))
		.find((file) => fs.existsSync(file));
	try {
		const reportOutput = require(shapingModule);
		if (typeof reportOutput.reportView === 'function') {
			const original = reportOutput.reportView;
			reportOutput.reportView = function (...args) {
				const view = original.apply(this, args);
				return (record) => {
					const result = view(record);
					if (measuring && ++shaped % 100 === 0) inShaping = Math.max(inShaping, live());
					return result;
				};
			};
		}
	} catch {
		/* another layout: no inner sample */
	}
	let measuring = false;
	// warm-up run (loads every module), then the measured one
	await runNode({
		nodeType,
		credentialType,
		credentials,
		parameters: { resource: 'report', operation: 'getAll', limit: 1 },
	});
	const baseline = live();
	let peak = baseline;
	measuring = true;
	const timer = setInterval(() => {
		peak = Math.max(peak, live());
	}, 5);
	const started = Date.now();
	const result = await runNode({ nodeType, credentialType, credentials, parameters });
	const ms = Date.now() - started;
	clearInterval(timer);
	measuring = false;
	peak = Math.max(peak, live(), inShaping);
	if (result.error) throw result.error;
	const retained = live() - baseline; // the output items, still referenced by `result`
	const outputBytes = Buffer.byteLength(JSON.stringify(result.items.map((item) => item.json)));
	process.stdout.write(
		JSON.stringify({
			items: result.items.length,
			// Get Issues' site summary (version 1.2) among them
			summaries: result.items.filter((item) => item.json?.kind === 'site summary').length,
			peakLive: peak - baseline,
			retained,
			outputBytes,
			ms,
		}),
	);
}

main().catch((error) => {
	process.stderr.write(String(error?.stack ?? error));
	process.exit(1);
});
