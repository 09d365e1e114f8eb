'use strict';
/**
 * The phpRank Trigger as n8n's own scheduler runs it: examples/triggers/score-alerts.json, made active
 * before `n8n start` (published in n8n 2.x), polling every minute (the shortest interval n8n allows)
 * against a sandbox of its own, so its polls never mix with the requests other checks assert on.
 *
 * What happens, and what is checked:
 * 1. n8n polls once as it activates the workflow: the trigger records where history ends, emits nothing.
 * 2. Two reports are created, one below the threshold (49) and one above. At the next minute n8n polls:
 *    one execution (mode "trigger"), whose trigger output is exactly the low report as the Trigger's
 *    own event shaping makes it (loaded from the installed tarball), routed by the example's IF.
 * 3. The minute after, n8n polls again and nothing is emitted: still one execution.
 * Every poll is the same request: GET /api/v1/reports, newest first, one page of the watched 100.
 *
 * examples/triggers/check-alerts.json (Check Failed: noindex, HTTPS Encryption) the same way, beside it
 * with a workflow, credential and sandbox of its own (checkScheduledCheckAlerts): the activation poll
 * records; the sandbox flips one watched page's noindex; the next poll makes exactly one execution,
 * whose trigger output is that report with the noindex regression; the poll after it, none. Then the
 * sandbox repairs noindex on that page and the report is re-run: the example's Check Fixed trigger makes
 * exactly one execution with `fixed` noindex; the poll after it, none.
 */
const path = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const rn = require('../../../scripts/real-n8n/n8n');
const { assertedRequest } = require('../../helpers/asserted-request');
const { KEY, headers } = require('./specs');

const WORKFLOW_ID = 'e2e-scheduled-alerts';
const CREDENTIAL_ID = 'phprank-scheduled';
const CREDENTIAL_NAME = 'phpRank scheduled';
const EXAMPLE = 'triggers/score-alerts.json';
const TRIGGER_TYPE = 'n8n-nodes-phprank.phpRankTrigger';

/** Check Failed's scenario: its example, workflow and credential (and sandbox: lib/line.js). */
const CHECK_EXAMPLE = 'triggers/check-alerts.json';
const CHECK_WORKFLOW = {
	workflowId: 'e2e-scheduled-checks',
	credentialId: 'phprank-scheduled-checks',
	credentialName: 'phpRank scheduled checks',
};

/** The credential of the trigger's own sandbox. */
function scheduledCredential(
	baseUrl,
	{ credentialId = CREDENTIAL_ID, credentialName = CREDENTIAL_NAME } = {},
) {
	return {
		id: credentialId,
		name: credentialName,
		type: 'phpRankApi',
		data: { baseUrl, apiKey: KEY },
	};
}

/** The example as a user would activate it, polling every minute instead of every 15. */
function scheduledWorkflow(
	example,
	{ workflowId = WORKFLOW_ID, credentialId = CREDENTIAL_ID, credentialName = CREDENTIAL_NAME } = {},
) {
	return {
		...example,
		id: workflowId,
		name: `${example.name} (scheduled, e2e)`,
		active: false,
		nodes: example.nodes.map((node) =>
			node.type === TRIGGER_TYPE
				? {
						...node,
						parameters: { ...node.parameters, pollTimes: { item: [{ mode: 'everyMinute' }] } },
						credentials: { phpRankApi: { id: credentialId, name: credentialName } },
					}
				: node,
		),
	};
}

/** The one request every poll must be. */
const POLL_REQUEST = {
	method: 'GET',
	path: '/api/v1/reports',
	query: { sort_by: 'id', sort: 'desc', per_page: '100', page: '1' },
	headers: headers(undefined),
	body: '',
};

async function waitFor(what, condition, timeoutMs) {
	const started = Date.now();
	for (;;) {
		const value = await condition();
		if (value) return value;
		if (Date.now() - started > timeoutMs)
			throw new Error(`${what}: not within ${Math.round(timeoutMs / 1000)} s`);
		await sleep(500);
	}
}

/** Check Failed's and Check Fixed's event fields, from the installed package (dist/nodes/PhpRank/trigger/checkEvents.js). */
function packageCheckEvents(pkg) {
	return require(path.join(pkg.dir, 'dist', 'nodes', 'PhpRank', 'trigger', 'checkEvents.js'));
}

/** The Trigger's own event shaping, from the installed package (dist/nodes/PhpRank/trigger/watch.js). */
function packageWatch(pkg) {
	return require(path.join(pkg.dir, 'dist', 'nodes', 'PhpRank', 'trigger', 'watch.js'));
}

/** The API's answer for one report, read directly (the oracle of what the trigger emits). */
async function apiReport(sandbox, id) {
	const response = await fetch(`${sandbox.url}/api/v1/reports/${id}`, {
		headers: { Authorization: `Bearer ${KEY}`, Accept: 'application/json' },
	});
	return (await response.json()).data;
}

/** Runs the scenario once the editor is up and its owner logged in; `sandbox` is the trigger's own. */
async function checkScheduledTrigger({ ctx, sandbox, report, tag, pkg, workflow }) {
	const name = `${tag} examples/${EXAMPLE} activated, polling every minute`;
	const trigger = workflow.nodes.find((node) => node.type === TRIGGER_TYPE);
	const polls = () =>
		sandbox.requests.filter((request) => request.path.split('?')[0] === '/api/v1/reports');

	// 1. the activation poll
	await waitFor(`${name}: the activation poll`, () => polls().length >= 1, 60000);
	const executionsAfterActivation = await rn.listExecutions(ctx, WORKFLOW_ID);
	report.equal(
		`${name}: n8n polled on activation, and nothing was emitted`,
		executionsAfterActivation.length,
		0,
	);

	// 2. a fall below the threshold, and a report above it
	const pollsBefore = polls().length;
	const low = sandbox.addReport({ url: 'https://shop.example.com/checkout', score: 31 });
	sandbox.addReport({ url: 'https://shop.example.com/pricing', score: 88 });
	const t = Date.now();
	const { execution, data } = await oneExecution(ctx, WORKFLOW_ID, name);
	report.time(`${name}: from the new reports to the execution`, Date.now() - t);
	report.equal(
		`${name}: one execution, started by the trigger, successful`,
		{ mode: execution.mode, status: execution.status },
		{ mode: 'trigger', status: 'success' },
	);

	const result = { data: { data } };
	const watch = packageWatch(pkg);
	const record = await apiReport(sandbox, low.id);
	const expected = watch.eventItem(
		{ report: record, extra: watch.belowFields(record, null, trigger.parameters.threshold) },
		true,
	);
	report.equal(
		`${name}: the trigger emitted exactly report #${low.id} (score 31), as its event shaping makes it`,
		rn.nodeOutput(result, trigger.name),
		[expected],
	);
	const ran = Object.keys(data.resultData.runData).sort();
	const branch = expected.failed_checks?.security?.length ? 'Urgent alert' : 'Alert';
	report.equal(
		`${name}: the example's IF sent it down "${branch}"`,
		ran,
		[trigger.name, 'Security issue?', branch].sort(),
	);

	// 3. the next minute: polled again, nothing new
	const pollsAtEvent = polls().length;
	await waitFor(`${name}: the poll a minute later`, () => polls().length > pollsAtEvent, 75000);
	await sleep(3000);
	const executions = await rn.listExecutions(ctx, WORKFLOW_ID);
	report.equal(
		`${name}: the next poll emitted nothing (still one execution)`,
		executions.map((x) => x.id),
		[execution.id],
	);

	// every poll the same request; one before the reports (two if a minute turned meanwhile), then one a minute
	const received = polls().map(assertedRequest);
	report.equal(
		`${name}: every poll was GET /api/v1/reports, newest first, 100 a page (${pollsBefore} before the reports, then 2)`,
		received,
		Array.from({ length: pollsBefore + 2 }, () => POLL_REQUEST),
	);
}

/**
 * Waits until the workflow has `count` executions, all finished, and reads the newest one's run
 * data; `waiting` and `reading` name the two waits in the report.
 */
async function finishedExecution(ctx, workflowId, count, waiting, reading) {
	const [execution] = await waitFor(
		waiting,
		async () => {
			const list = await rn.listExecutions(ctx, workflowId);
			return (
				list.length >= count &&
				list.every((x) => x.status !== 'running' && x.status !== 'new') &&
				list
			);
		},
		// a poll a minute, but three n8n lines at once on 2 cores can push n8n's scheduler past two
		// minutes (seen in CI): the deadline is only the last stop, a loaded machine just waits longer
		300000,
	);
	const { data } = await waitFor(
		reading,
		async () => {
			const read = await rn.readExecution(ctx, execution.id);
			return read.hasRunData && read;
		},
		30000,
	);
	return { execution, data };
}

/** Waits for the workflow's one finished execution and reads its run data. */
function oneExecution(ctx, workflowId, name) {
	return finishedExecution(
		ctx,
		workflowId,
		1,
		`${name}: an execution after the next scheduled poll`,
		`${name}: the execution's run data`,
	);
}

/** Re-runs a report as another client would (PATCH results=1): the sandbox analyses the page again. */
async function rerunReport(sandbox, id) {
	const response = await fetch(`${sandbox.url}/api/v1/reports/${id}`, {
		method: 'PATCH',
		headers: {
			Authorization: `Bearer ${KEY}`,
			Accept: 'application/json',
			'Content-Type': 'application/x-www-form-urlencoded',
		},
		body: 'results=1',
	});
	if (!response.ok) throw new Error(`re-run of report ${id}: HTTP ${response.status}`);
}

/**
 * Check Failed, activated: one execution when the sandbox flips a watched page's noindex, none after.
 * Then Check Fixed, beside it in the example: the sandbox repairs noindex on that page and the report is
 * re-run; one more execution, Check Fixed's, with exactly that report and `fixed` noindex; none after.
 */
async function checkScheduledCheckAlerts({ ctx, sandbox, report, tag, pkg, workflow }) {
	const name = `${tag} examples/${CHECK_EXAMPLE} activated, polling every minute`;
	const trigger = workflow.nodes.find(
		(node) => node.type === TRIGGER_TYPE && node.parameters.event === 'checkFailed',
	);
	const fixedTrigger = workflow.nodes.find(
		(node) => node.type === TRIGGER_TYPE && node.parameters.event === 'checkFixed',
	);
	const polls = () =>
		sandbox.requests.filter((request) => request.path.split('?')[0] === '/api/v1/reports');

	await waitFor(`${name}: the activation poll`, () => polls().length >= 1, 60000);
	report.equal(
		`${name}: n8n polled on activation, and nothing was emitted`,
		(await rn.listExecutions(ctx, CHECK_WORKFLOW.workflowId)).length,
		0,
	);

	// the newest report whose noindex passes turns noindex
	const pollsBefore = polls().length;
	const page = sandbox
		.reports()
		.filter((x) => x.deleted_at === null)
		.sort((a, b) => b.id - a.id)
		.slice(0, 100)
		.find((x) => x.results.noindex.passed === true && x.results.https_encryption.passed === true);
	sandbox.setChecks(page.id, { noindex: false });
	const t = Date.now();
	const { execution, data } = await oneExecution(ctx, CHECK_WORKFLOW.workflowId, name);
	report.time(`${name}: from the flip to the execution`, Date.now() - t);
	report.equal(
		`${name}: one execution, started by the trigger, successful`,
		{ mode: execution.mode, status: execution.status },
		{ mode: 'trigger', status: 'success' },
	);
	const watch = packageWatch(pkg);
	const record = await apiReport(sandbox, page.id);
	const regressions = [
		{
			check: 'noindex',
			category: 'seo',
			importance: 'high',
			reason: 'noindex: noindex set: noindex',
		},
	];
	report.equal(
		`${name}: the trigger emitted exactly report #${page.id} with its noindex regression, as its event shaping makes it`,
		rn.nodeOutput({ data: { data } }, trigger.name),
		[
			watch.eventItem(
				{ report: record, extra: packageCheckEvents(pkg).checkFailedFields(regressions) },
				true,
			),
		],
	);
	report.equal(
		`${name}: the alert ran`,
		Object.keys(data.resultData.runData).sort(),
		[trigger.name, 'Alert'].sort(),
	);

	const pollsAtEvent = polls().length;
	await waitFor(`${name}: the poll a minute later`, () => polls().length > pollsAtEvent, 75000);
	await sleep(3000);
	report.equal(
		`${name}: the next poll emitted nothing (still one execution)`,
		(await rn.listExecutions(ctx, CHECK_WORKFLOW.workflowId)).map((x) => x.id),
		[execution.id],
	);
	await checkScheduledFix({
		ctx,
		sandbox,
		report,
		name,
		pkg,
		fixedTrigger,
		page,
		failed: execution,
	});
	// two triggers poll: each minute two requests, all the same
	const received = polls().map(assertedRequest);
	report.equal(
		`${name}: every poll of both triggers was GET /api/v1/reports, newest first, 100 a page (${received.length}, at least ${pollsBefore + 6})`,
		received.length >= pollsBefore + 6 ? received : [],
		Array.from({ length: Math.max(received.length, pollsBefore + 6) }, () => POLL_REQUEST),
	);
}

/** Check Fixed's part: the sandbox repairs noindex on the page, the report is re-run, one execution. */
async function checkScheduledFix({ ctx, sandbox, report, name, pkg, fixedTrigger, page, failed }) {
	const executions = async () => await rn.listExecutions(ctx, CHECK_WORKFLOW.workflowId);
	report.equal(`${name}: the example has a Check Fixed trigger`, Boolean(fixedTrigger), true);
	if (!fixedTrigger) return;
	sandbox.repair({ checks: 'noindex', url: page.url });
	await rerunReport(sandbox, page.id);
	const record = await apiReport(sandbox, page.id);
	const { execution: fix, data } = await finishedExecution(
		ctx,
		CHECK_WORKFLOW.workflowId,
		2,
		`${name}: Check Fixed's execution after the repair`,
		`${name}: Check Fixed's run data`,
	);
	const fixed = [
		{ check: 'noindex', category: 'seo', importance: record.results.noindex.importance },
	];
	report.equal(
		`${name}: Check Fixed emitted exactly report #${page.id} with noindex fixed, as its event shaping makes it`,
		rn.nodeOutput({ data: { data } }, fixedTrigger.name),
		[packageWatch(pkg).eventItem({ report: record, extra: { fixed } }, true)],
	);
	report.equal(
		`${name}: the all-clear ran`,
		Object.keys(data.resultData.runData).sort(),
		[fixedTrigger.name, 'Resolved'].sort(),
	);
	const pollsAtFix = sandbox.requests.length;
	await waitFor(
		`${name}: the poll a minute after the fix`,
		() => sandbox.requests.length > pollsAtFix + 1,
		75000,
	);
	await sleep(3000);
	report.equal(
		`${name}: once per recovery: the next poll emitted nothing (two executions: the fall, the fix)`,
		(await executions()).map((x) => x.id),
		[fix.id, failed.id],
	);
}

module.exports = {
	scheduledCredential,
	scheduledWorkflow,
	checkScheduledTrigger,
	checkScheduledCheckAlerts,
	EXAMPLE,
	CHECK_EXAMPLE,
	CHECK_WORKFLOW,
};
