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
 * 3. The minute after, n8n polls again and nothing is emitted: still one execution once the poll after
 *    that one has been seen.
 * Every poll is the same request: GET /api/v1/reports, newest first, one page of the watched 100.
 * Every wait counts polls and executions (lib/polls.js), with a last stop only.
 *
 * examples/triggers/check-alerts.json (Check Failed: noindex, HTTPS Encryption; version 3, One Item per
 * Check) the same way, beside it with a workflow, credential and sandbox of its own
 * (checkScheduledCheckAlerts): the activation polls record; robots.txt and noindex break on every
 * watched page of one site (issue 57: a site-wide break); the next poll makes exactly one execution with
 * one item, the noindex group of all those pages as the installed package's grouping makes it (Robots is
 * not one of the example's checks), and the Alert's message is its ready text; the poll after it, none.
 * Then the site is mended, every page re-run: the example's Check Fixed trigger makes exactly one
 * execution with one item; the poll after it, none. Two triggers poll there, each once a minute: the
 * waits count the polls of both (`watchPolls` with `triggers: 2`).
 */
const path = require('node:path');
const rn = require('../../../scripts/real-n8n/n8n');
const { assertedRequest } = require('../../helpers/asserted-request');
const { KEY, headers } = require('./specs');
const { watchPolls } = require('./polls');

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

/**
 * The two examples as a line activates them, each against a sandbox of its own (`alerts`: score
 * alerts, `checks`: check alerts): their credentials and workflows to import (then activate), and the
 * checks to run beside the others once the editor is up and its owner logged in.
 */
function scheduledExamples(extraWorkflows, { alerts, checks }) {
	const example = (file) => extraWorkflows.find((e) => e.file === file);
	const alertsWorkflow = example(EXAMPLE) && scheduledWorkflow(example(EXAMPLE).workflow);
	const checkWorkflow =
		example(CHECK_EXAMPLE) && scheduledWorkflow(example(CHECK_EXAMPLE).workflow, CHECK_WORKFLOW);
	return {
		alertsWorkflow,
		checkWorkflow,
		workflows: [alertsWorkflow, checkWorkflow].filter(Boolean),
		credentials: [scheduledCredential(alerts.url), scheduledCredential(checks.url, CHECK_WORKFLOW)],
		check: ({ ctx, report, tag, pkg }) =>
			Promise.all([
				checkScheduledTrigger({ ctx, sandbox: alerts, report, tag, pkg, workflow: alertsWorkflow }),
				checkWorkflow &&
					report.guard(`${tag} scheduled Check Failed: no unexpected error`, () =>
						checkScheduledCheckAlerts({
							ctx,
							sandbox: checks,
							report,
							tag,
							pkg,
							workflow: checkWorkflow,
						}),
					),
			]),
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

/** Check Failed's and Check Fixed's event fields, from the installed package (dist/nodes/PhpRank/trigger/checkEvents.js). */
function packageCheckEvents(pkg) {
	return require(path.join(pkg.dir, 'dist', 'nodes', 'PhpRank', 'trigger', 'checkEvents.js'));
}

/** The Trigger's own event shaping, from the installed package (dist/nodes/PhpRank/trigger/watch.js). */
function packageWatch(pkg) {
	return require(path.join(pkg.dir, 'dist', 'nodes', 'PhpRank', 'trigger', 'watch.js'));
}

/**
 * The item the example's trigger emits for a poll's events of one check on one site (version 3, One
 * Item per Check), from the installed package's own grouping (dist/nodes/PhpRank/trigger/alertGroups.js);
 * `events` in the order the trigger reads its window (oldest first); `watched`: the reports of the
 * site among the newest 100 (the example sets no Project).
 */
function packageGroupItem(pkg, sandbox, event, events) {
	const alerts = require(
		path.join(pkg.dir, 'dist', 'nodes', 'PhpRank', 'trigger', 'alertGroups.js'),
	);
	const groups = alerts.joinedGroups([], event, events, '');
	const watched = (project) => newestWatched(sandbox).filter((x) => x.project === project).length;
	return groups.map((group) => alerts.groupItem(group, watched(group.project), 49));
}

/** The newest 100 reports of the sandbox (what the example's triggers watch), newest first. */
function newestWatched(sandbox) {
	return sandbox
		.reports()
		.filter((x) => x.deleted_at === null)
		.sort((a, b) => b.id - a.id)
		.slice(0, 100);
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
	const counts = watchPolls({ ctx, sandbox, workflowId: WORKFLOW_ID });

	// 1. the activation poll (answered, so that what it read is settled before the reports come)
	await counts.untilPolls(`${name}: the activation poll`, 1);
	report.equal(
		`${name}: n8n polled on activation, and nothing was emitted`,
		(await counts.executions()).length,
		0,
	);

	// 2. a fall below the threshold, and a report above it
	const pollsBefore = counts.polls().length;
	const low = sandbox.addReport({ url: 'https://shop.example.com/checkout', score: 31 });
	sandbox.addReport({ url: 'https://shop.example.com/pricing', score: 88 });
	const t = Date.now();
	const { execution, data } = await executionAfterPoll(counts, pollsBefore, 1, name);
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

	// 3. the next poll: nothing new, proven once the poll after it has been seen
	const received = await nothingAfterPoll(counts, pollsBefore, name);
	report.equal(
		`${name}: the next poll emitted nothing (still one execution, after the poll that followed it)`,
		(await counts.executions()).map((x) => x.id),
		[execution.id],
	);

	// every poll the same request: the activation poll (two if a minute turned before the reports), then
	// the one that saw them, the next, and the one after it: seen one at a time, a minute apart
	report.equal(
		`${name}: every poll was GET /api/v1/reports, newest first, 100 a page (${pollsBefore} before the reports, then 3)`,
		received.map(assertedRequest),
		Array.from({ length: pollsBefore + 3 }, () => POLL_REQUEST),
	);
}

/**
 * The execution that the first poll after a change made (the change came when `count` polls had
 * been seen): waits until every trigger has polled once since, then for the workflow's `executions`
 * executions, all finished; reads the newest one's run data.
 */
async function executionAfterPoll(counts, count, executions, name, what = 'an execution') {
	await counts.untilPolls(`${name}: the poll after the change (${what})`, counts.after(count, 1));
	const [execution] = await counts.untilExecutions(
		`${name}: ${what} after the poll that saw the change`,
		executions,
	);
	const data = await counts.runData(
		`${name}: the run data of execution ${execution.id}`,
		execution,
	);
	return { execution, data };
}

/**
 * What proves that the poll after the one that saw a change (at `count` polls) emitted nothing: every
 * trigger has polled three times since (the poll that saw it, the next, the one after that); returns
 * the polls seen then.
 */
function nothingAfterPoll(counts, count, name) {
	return counts.untilPolls(
		`${name}: the poll after the next one (which proves the next one emitted nothing)`,
		counts.after(count, 3),
	);
}

/**
 * The site the break hits: of the projects among the watched reports, the one with the most, all of
 * them passing noindex and HTTPS (so that every page of it flips), the reports oldest first.
 */
function brokenSite(sandbox) {
	const watched = newestWatched(sandbox);
	const projects = [...new Set(watched.map((x) => x.project))];
	const passing = projects
		.map((project) => watched.filter((x) => x.project === project))
		.filter((pages) =>
			pages.every((x) => x.results.noindex.passed && x.results.https_encryption.passed),
		)
		.sort((a, b) => b.length - a.length);
	return passing[0].sort((a, b) => a.id - b.id);
}

/**
 * Check Failed, activated: a break on every page of one site (robots.txt blocks the crawler and the
 * pages turn noindex, as a theme update that leaves a staging setting on does) makes one execution
 * with one item, however many pages it hit: the noindex group (the example watches noindex and HTTPS,
 * not Robots); none after. Then Check Fixed, beside it in the example: the site is mended, every
 * report re-run at once; one more execution, Check Fixed's, one item; none after.
 */
async function checkScheduledCheckAlerts({ ctx, sandbox, report, tag, pkg, workflow }) {
	const name = `${tag} examples/${CHECK_EXAMPLE} activated, polling every minute`;
	const trigger = workflow.nodes.find(
		(node) => node.type === TRIGGER_TYPE && node.parameters.event === 'checkFailed',
	);
	const fixedTrigger = workflow.nodes.find(
		(node) => node.type === TRIGGER_TYPE && node.parameters.event === 'checkFixed',
	);
	const triggers = [trigger, fixedTrigger].filter(Boolean).length;
	const counts = watchPolls({ ctx, sandbox, workflowId: CHECK_WORKFLOW.workflowId, triggers });

	// both triggers poll on activation (answered: what they read is settled before the break)
	await counts.untilPolls(`${name}: the activation polls`, triggers);
	report.equal(
		`${name}: n8n polled on activation, and nothing was emitted`,
		(await counts.executions()).length,
		0,
	);

	// the break: robots and noindex fail on every page of the site, all re-run between two polls (the
	// sandbox's setChecks stores each as a re-run that changed only those; no poll can fall in between)
	const pollsBefore = counts.polls().length;
	const pages = brokenSite(sandbox);
	const project = pages[0].project;
	for (const page of pages) sandbox.setChecks(page.id, { robots: false, noindex: false });
	const t = Date.now();
	const { execution, data } = await executionAfterPoll(counts, pollsBefore, 1, name);
	report.time(`${name}: from the break to the execution`, Date.now() - t);
	report.equal(
		`${name}: one execution, started by the trigger, successful`,
		{ mode: execution.mode, status: execution.status },
		{ mode: 'trigger', status: 'success' },
	);
	const regressions = [
		{
			check: 'noindex',
			category: 'seo',
			importance: 'high',
			reason: 'noindex: noindex set: noindex',
		},
	];
	const records = [];
	for (const page of pages) records.push(await apiReport(sandbox, page.id));
	const failedFields = packageCheckEvents(pkg).checkFailedFields(regressions);
	const expected = packageGroupItem(
		pkg,
		sandbox,
		'checkFailed',
		records.map((record) => ({ report: record, extra: failedFields })),
	);
	const emitted = rn.nodeOutput({ data: { data } }, trigger.name);
	report.equal(
		`${name}: robots.txt and noindex broke on all ${pages.length} pages of ${project}: the trigger emitted exactly one item, noindex on ${pages.length} pages (Robots is not one of the example's checks), as its grouping makes it`,
		emitted,
		expected,
	);
	report.equal(
		`${name}: the alert ran once, its message the item's ready text`,
		{
			ran: Object.keys(data.resultData.runData).sort(),
			alert: rn.nodeOutput({ data: { data } }, 'Alert'),
		},
		{
			ran: [trigger.name, 'Alert'].sort(),
			alert: expected.map((item) => ({ message: item.text, pages: item.pages, check: item.check })),
		},
	);

	let received = await nothingAfterPoll(counts, pollsBefore, name);
	report.equal(
		`${name}: the next poll emitted nothing (still one execution, after the poll that followed it)`,
		(await counts.executions()).map((x) => x.id),
		[execution.id],
	);
	// the polls the fall's proof waited for, then as many again for the fix's
	const least = fixedTrigger
		? counts.after(counts.after(pollsBefore, 3), 3)
		: counts.after(pollsBefore, 3);
	received =
		(await checkScheduledFix({
			sandbox,
			report,
			name,
			pkg,
			fixedTrigger,
			pages,
			counts,
			failed: execution,
		})) || received;
	// two triggers poll: each minute two requests, all the same
	report.equal(
		`${name}: every poll of both triggers was GET /api/v1/reports, newest first, 100 a page (${received.length}, at least ${least})`,
		{ atLeast: received.length >= least, polls: received.map(assertedRequest) },
		{ atLeast: true, polls: received.map(() => POLL_REQUEST) },
	);
}

/**
 * Check Fixed's part: the site mends robots.txt and noindex, every page re-run at once (setChecks, as
 * for the break), one execution with one item; returns the polls seen when the poll after the next
 * one proved that the next emitted nothing.
 */
async function checkScheduledFix({
	sandbox,
	report,
	name,
	pkg,
	fixedTrigger,
	pages,
	counts,
	failed,
}) {
	report.equal(`${name}: the example has a Check Fixed trigger`, Boolean(fixedTrigger), true);
	if (!fixedTrigger) return undefined;
	for (const page of pages) sandbox.setChecks(page.id, { robots: true, noindex: true });
	const pollsAtFix = counts.polls().length;
	const records = [];
	for (const page of pages) records.push(await apiReport(sandbox, page.id));
	const { execution: fix, data } = await executionAfterPoll(
		counts,
		pollsAtFix,
		2,
		name,
		"Check Fixed's execution",
	);
	const expected = packageGroupItem(
		pkg,
		sandbox,
		'checkFixed',
		records.map((record) => ({
			report: record,
			extra: {
				fixed: [
					{ check: 'noindex', category: 'seo', importance: record.results.noindex.importance },
				],
			},
		})),
	);
	report.equal(
		`${name}: the mend: Check Fixed emitted exactly one item, noindex fixed on the ${pages.length} pages, as its grouping makes it`,
		rn.nodeOutput({ data: { data } }, fixedTrigger.name),
		expected,
	);
	report.equal(
		`${name}: the all-clear ran once, its message the item's ready text`,
		{
			ran: Object.keys(data.resultData.runData).sort(),
			resolved: rn.nodeOutput({ data: { data } }, 'Resolved'),
		},
		{
			ran: [fixedTrigger.name, 'Resolved'].sort(),
			resolved: expected.map((item) => ({
				message: item.text,
				pages: item.pages,
				check: item.check,
			})),
		},
	);
	const received = await nothingAfterPoll(counts, pollsAtFix, name);
	report.equal(
		`${name}: once per recovery: the next poll emitted nothing (two executions: the fall, the fix, after the poll that followed it)`,
		(await counts.executions()).map((x) => x.id),
		[fix.id, failed.id],
	);
	return received;
}

module.exports = { scheduledExamples, EXAMPLE, CHECK_EXAMPLE };
