'use strict';
// Issue 57's figures, run alone (`node bench/lib/alertRound.js [reports]`, after `npm run build`): the
// trigger's Check Failed watching a whole project of P reports (default 10,000) in-process through n8n-core's
// poll machinery (test/helpers/poll-runner.js), version 2 (one item per report) beside version 3 (Group
// Events' One Item per Check) and version 3 with Confirm After 2: a round that records, a round after Robots
// broke on every page (one re-run each), a round with nothing new. Per poll: the requests, the items, the
// bytes of the node's static data. bench/findings.md ("Issue 57") has the figures of a run.
const path = require('node:path');
const { startSandbox } = require('../../test/sandbox');
const { createPollSession } = require('../../test/helpers/poll-runner');
const { assertedRequest } = require('../../test/helpers/asserted-request');

const DIST = path.join(__dirname, '..', '..', 'dist');
const { PhpRankTrigger } = require(path.join(DIST, 'nodes/PhpRank/PhpRankTrigger.node.js'));
const { PhpRankApi } = require(path.join(DIST, 'credentials/PhpRankApi.credentials.js'));
const { pollsPerRound } = require(path.join(DIST, 'nodes/PhpRank/trigger/rollingWatch.js'));

const HOST = 'whole-site.example';
const API_KEY = 'bench-alerts-key';
const CHOSEN = { title: true, robots: true, noindex: true, https_encryption: true };

async function threeRounds(reports, typeVersion, parameters = {}) {
	const seed = Array.from({ length: reports }, (_, i) => ({ url: `https://${HOST}/page-${i}` }));
	const sandbox = await startSandbox({ apiKeys: [API_KEY], seed });
	try {
		for (const stored of sandbox.reports()) sandbox.setChecks(stored.id, CHOSEN);
		const session = createPollSession({
			nodeType: new PhpRankTrigger(),
			credentialType: new PhpRankApi(),
			credentials: { baseUrl: sandbox.url, apiKey: API_KEY },
			parameters: {
				event: 'checkFailed',
				project: { __rl: true, mode: 'list', value: HOST },
				...parameters,
			},
			typeVersion,
		});
		const polls = { requests: [], items: [], bytes: [] };
		const round = async () => {
			for (let poll = 0; poll < pollsPerRound(reports); poll++) {
				sandbox.clearRequests();
				const result = await session.poll();
				if (result.error) throw result.error;
				polls.requests.push(JSON.stringify(sandbox.requests.map(assertedRequest)));
				polls.items.push(result.items.length);
				polls.bytes.push(Buffer.byteLength(JSON.stringify(result.nodeStaticData)));
			}
		};
		await round();
		for (const stored of sandbox.reports()) sandbox.setChecks(stored.id, { robots: false });
		await round();
		await round();
		return polls;
	} finally {
		await sandbox.close();
	}
}

async function main() {
	const reports = Number(process.argv[2] ?? 10_000);
	const v2 = await threeRounds(reports, 2);
	const v3 = await threeRounds(reports, 3);
	const confirmed = await threeRounds(reports, 3, { confirmAfter: 2 });
	const most = (list) => Math.max(...list);
	const sum = (list) => list.reduce((a, b) => a + b, 0);
	console.log(`${reports} reports, ${pollsPerRound(reports)} polls a round, 3 rounds`);
	console.log(
		`requests of every poll the same, version 2 and 3: ${v2.requests.join() === v3.requests.join()}`,
	);
	for (const [name, polls] of [
		['version 2', v2],
		['version 3', v3],
		['version 3, Confirm After 2', confirmed],
	]) {
		const executions = polls.items.filter((count) => count > 0).length;
		console.log(
			`${name}: ${sum(polls.items)} items in ${executions} executions; static data at most ${most(polls.bytes)} B (${(most(polls.bytes) / most(v2.bytes)).toFixed(3)}x version 2's)`,
		);
	}
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
