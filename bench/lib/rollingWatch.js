'use strict';
// Section 7, the trigger watching a whole site (node version 2, a Project set, Reports to Watch 0):
// over P reports of one project, the requests each poll sends, the polls a full round takes (from
// activation until the slice's cursor is gone: every report recorded), the stored state, and the
// node's time per poll, in-process through n8n-core's poll machinery (test/helpers/poll-runner.js).
const path = require('node:path');
const { startSandbox } = require('../../test/sandbox');

const HOST = 'whole-site.example';

/**
 * What the measured package states of a round (nodes/PhpRank/trigger/rollingWatch.ts): the slice's
 * pages and the polls a round over `reports` takes. A package from before `pollsPerRound` stated
 * 9 pages and docs/usage.md's formula of then, ceil((ceil(P/100) - 2) / 8).
 */
function statedRound(snapshot, reports) {
	const module = path.join(path.dirname(snapshot.nodeFile), 'trigger', 'rollingWatch.js');
	const { SLICE_PAGES = 9, pollsPerRound } = require(module);
	const polls = pollsPerRound
		? pollsPerRound(reports)
		: Math.max(1, Math.ceil((Math.ceil(reports / 100) - 2) / 8));
	return { slicePages: SLICE_PAGES, statedPolls: polls };
}

/** Whether the package's trigger has version 2 (the rolling watch); a baseline before it has none. */
function hasRollingWatch(PhpRankTrigger) {
	const { description } = new PhpRankTrigger();
	return (description.defaultVersion ?? description.version) >= 2;
}

async function rollingWatch({ snapshot, apiKey, reports }) {
	const { createPollSession } = require('../../test/helpers/poll-runner');
	const { PhpRankTrigger } = require(
		path.join(path.dirname(snapshot.nodeFile), 'PhpRankTrigger.node.js'),
	);
	if (!hasRollingWatch(PhpRankTrigger)) return undefined;
	const { PhpRankApi } = require(snapshot.credentialFile);
	const seed = Array.from({ length: reports }, (_, i) => ({ url: `https://${HOST}/page-${i}` }));
	const sandbox = await startSandbox({ apiKeys: [apiKey], seed });
	try {
		const session = createPollSession({
			nodeType: new PhpRankTrigger(),
			credentialType: new PhpRankApi(),
			credentials: { baseUrl: sandbox.url, apiKey },
			parameters: {
				event: 'checkFailed',
				project: { __rl: true, mode: 'list', value: HOST },
			},
		});
		sandbox.clearRequests();
		const requests = [];
		const times = [];
		let state;
		// the first round: from activation until every report is recorded (the cursor is gone)
		for (let poll = 0; poll < 1000; poll++) {
			const started = process.hrtime.bigint();
			const result = await session.poll();
			times.push(Number(process.hrtime.bigint() - started) / 1e6);
			if (result.error) throw result.error;
			requests.push(sandbox.requests.length);
			sandbox.clearRequests();
			state = result.nodeStaticData;
			if (state.cursor === undefined) break;
		}
		return {
			reports,
			...statedRound(snapshot, reports),
			pollsPerRound: requests.length,
			requestsPerPoll: Math.max(...requests),
			recorded: Object.keys(state.failing).length,
			stateBytes: Buffer.byteLength(JSON.stringify(state)),
			msPerPoll: times.reduce((a, b) => a + b, 0) / times.length,
		};
	} finally {
		await sandbox.close();
	}
}

module.exports = { rollingWatch };
