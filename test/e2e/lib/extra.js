'use strict';
/**
 * Example workflows this suite does not own (examples/regression-alert.json,
 * examples/triggers/*.json, and any later one), run against the sandbox's plain 'demo' seed:
 * - with a Manual Trigger: `n8n execute` (n8n's CLI starts at the Manual Trigger, not at a Schedule
 *   Trigger next to it);
 * - started by the phpRank Trigger only: a manual run through the editor's REST API
 *   (POST /rest/workflows/:id/run with triggerToStartFrom, what "Fetch Test Event"/"Execute workflow"
 *   sends), then GET /rest/executions/:id; in manual mode n8n calls the trigger's poll().
 *
 * Checks: structural (run succeeds, no node error, every phpRank node ran, every request authenticated
 * and 2xx, no key or password in the output), and exact where deterministic: the replay of all requests
 * on a re-seeded sandbox reproduces the store; every output item of a phpRank node that names a report
 * (id + score), and every example report of a grouped alert (the Trigger's version 3: id + url), is the
 * one phpRank answered that node (last answer for that id); every phpRank node without expressions in its parameters outputs
 * exactly its answers (attributed by time: n8n runs nodes one after the other); the trigger's test
 * event is the newest watched report below the threshold (Score Below Threshold) or failing a chosen
 * check (Check Failed).
 */
const rn = require('../../../scripts/real-n8n/n8n');
const { takeRequests, replay, expectedItems, resolvedParameters } = require('./oracle');
const { KEY, producedText } = require('./specs');
const { demoEntries } = require('../../sandbox/seeds');

const OUR_PREFIX = 'n8n-nodes-phprank.';
// reset() also empties the request log
const demoSeed = (sandbox) => sandbox.reset('demo');
/** The report passwords of the demo seed: none may appear in any output. */
const DEMO_PASSWORDS = demoEntries()
	.map((entry) => entry.password)
	.filter(Boolean);

function hasManualTrigger(workflow) {
	return workflow.nodes.some((n) => n.type === 'n8n-nodes-base.manualTrigger');
}

/** Which requests an operation sends (method, path). */
function operationPattern(node, pkg) {
	if (node.type.endsWith('.phpRankTrigger'))
		return { methods: ['GET'], path: /^\/api\/v1\/reports$/ };
	const { resource, operation } = resolvedParameters(pkg, node);
	const base = resource === 'project' ? '/api/v1/projects' : '/api/v1/reports';
	const one = new RegExp(`^${base}/[^/]+$`);
	const list = new RegExp(`^${base}$`);
	switch (operation) {
		case 'getAll':
			return { methods: ['GET'], path: list };
		case 'create':
			return { methods: ['POST'], path: list };
		case 'createOrRerun':
			return { methods: ['GET', 'POST', 'PATCH'], path: new RegExp(`^${base}(/[^/]+)?$`) };
		case 'get':
			return { methods: ['GET'], path: one };
		case 'update':
			return { methods: ['GET', 'PATCH', 'PUT'], path: one };
		case 'delete':
			return { methods: ['DELETE'], path: one };
		default:
			return { methods: [], path: /$^/ };
	}
}

/**
 * The requests a node sent: those of its operation received while n8n ran it (n8n runs nodes one
 * after the other; a few ms of slack for clock reading).
 */
function requestsOfNode(result, node, requests, pkg) {
	const runs = result.data?.data?.resultData?.runData?.[node.name] || [];
	const windows = runs.map((r) => [r.startTime - 3, r.startTime + (r.executionTime || 0) + 3]);
	const pattern = operationPattern(node, pkg);
	return requests
		.map((q, i) => ({ q, i }))
		.filter(({ q }) => windows.some(([a, b]) => q.receivedAt >= a && q.receivedAt <= b))
		.filter(({ q }) => pattern.methods.includes(q.method) && pattern.path.test(q.path));
}

async function runExtraWorkflow({
	report,
	tag,
	file,
	workflow,
	importedId,
	ctx,
	sandbox,
	pkg,
	runTail,
}) {
	const name = `${tag} examples/${file}`;
	demoSeed(sandbox);
	const before = sandbox.reports();
	const viaRest = !hasManualTrigger(workflow);
	const startedTrigger = viaRest
		? workflow.nodes.find((n) => n.type.startsWith(OUR_PREFIX) && /Trigger$/.test(n.type))?.name
		: undefined;
	const result = viaRest
		? await rn.runManually(ctx, importedId, { triggerName: startedTrigger })
		: await rn.execute(ctx, importedId);
	report.time(`${name}: ${viaRest ? 'manual run through the REST API' : 'n8n execute'}`, result.ms);
	const requests = takeRequests(sandbox);
	const after = sandbox.reports();

	report.check(
		`${name}: the run succeeds (${viaRest ? 'POST /rest/workflows/:id/run from its trigger' : 'n8n execute'})`,
		result.ok,
		() => runTail(result),
	);
	const runData = result.data?.data?.resultData?.runData || {};
	const nodeErrors = Object.entries(runData)
		.filter(([, runs]) => runs.some((x) => x.error))
		.map(([n, runs]) => `${n}: ${runs.find((x) => x.error).error.message}`);
	report.check(`${name}: no node has an error`, nodeErrors.length === 0, nodeErrors.join('\n'));
	// a manual run starts from one trigger: another phpRank Trigger beside it (check-alerts.json) does not run
	const ours = workflow.nodes.filter(
		(n) =>
			n.type.startsWith(OUR_PREFIX) &&
			!(/Trigger$/.test(n.type) && startedTrigger && n.name !== startedTrigger),
	);
	report.check(
		`${name}: every phpRank node ran (${ours.map((n) => n.name).join(', ')})`,
		ours.every((n) => runData[n.name]),
		`ran: ${Object.keys(runData).join(', ')}`,
	);
	const bad = requests.filter(
		(q) => !(q.status >= 200 && q.status < 300) || q.headers.authorization !== `Bearer ${KEY}`,
	);
	report.check(
		`${name}: ${requests.length} request(s) to phpRank, all authenticated and 2xx`,
		requests.length > 0 && bad.length === 0,
		JSON.stringify(bad.map((q) => ({ method: q.method, path: q.rawPath, status: q.status }))),
	);
	const text = producedText(result);
	report.check(
		`${name}: no API key or report password in any output`,
		!text.includes(KEY) && !DEMO_PASSWORDS.some((password) => text.includes(password)),
	);

	// exact where deterministic
	const answers = await replay(sandbox, requests, demoSeed);
	report.equal(
		`${name}: replaying its requests on a re-seeded sandbox leaves the same store`,
		sandbox.reports(),
		after,
	);

	// every report a phpRank node outputs is the one phpRank answered that node last (id, url, score)
	const mismatches = [];
	let named = 0;
	for (const node of ours) {
		const out = runData[node.name] ? rn.nodeOutput(result, node.name) : [];
		if (!Array.isArray(out)) continue;
		const answered = new Map();
		for (const { i } of requestsOfNode(result, node, requests, pkg)) {
			const data = answers[i].body?.data;
			for (const rec of Array.isArray(data) ? data : data ? [data] : [])
				if (typeof rec.id === 'number') answered.set(rec.id, rec);
		}
		for (const item of out) {
			// a grouped alert (the Trigger's version 3, One Item per Check) names its reports as examples
			const shownReports = Array.isArray(item.examples) ? item.examples : [item];
			for (const shown of shownReports) {
				const score = shown.score ?? shown.result;
				const grouped = shown !== item;
				if (typeof shown.id !== 'number' || (!grouped && typeof score !== 'number')) continue;
				named++;
				const rec = answered.get(shown.id);
				const recScore = rec && (rec.score ?? rec.result);
				if (
					!rec ||
					(score !== undefined && recScore !== score) ||
					(shown.url !== undefined && shown.url !== rec.url)
				) {
					mismatches.push(
						`${node.name}: ${grouped ? 'example' : 'item'} ${JSON.stringify({ id: shown.id, url: shown.url, score })} vs phpRank's answer ${JSON.stringify(rec && { url: rec.url, score: recScore })}`,
					);
				}
			}
		}
	}
	report.check(
		`${name}: the ${named} report(s) output by phpRank nodes (items, or a grouped alert's examples) are the reports phpRank answered them (id, url, score)`,
		named > 0 && mismatches.length === 0,
		mismatches.join('\n') || 'no report items',
	);

	const runOrder = Object.entries(runData)
		.flatMap(([n, runs]) => runs.map((r) => ({ n, start: r.startTime })))
		.sort((a, b) => a.start - b.start)
		.map((x) => x.n);
	for (const node of ours) {
		if (!runData[node.name] || runData[node.name].length !== 1) continue;
		const mine = requestsOfNode(result, node, requests, pkg);
		if (node.type.endsWith('.phpRankTrigger')) {
			triggerEventCheck({ report, name, node, result, before, pkg, mine });
			continue;
		}
		if (JSON.stringify(node.parameters).includes('"=') || mine.length === 0) continue; // expressions: per item, not attributed here
		const prev = runOrder[runOrder.indexOf(node.name) - 1];
		const inputs = prev
			? (runData[prev]?.[0]?.data?.main || []).reduce((a, b) => a + (b ? b.length : 0), 0)
			: 1;
		if (inputs !== 1) continue;
		const expected = expectedItems(
			pkg,
			node,
			mine.map(({ q, i }) => ({ request: q, status: answers[i].status, body: answers[i].body })),
		);
		report.equal(
			`${name}: output of "${node.name}" is exactly the API's answer (${mine.length} request(s))`,
			rn.nodeOutput(result, node.name),
			expected,
		);
	}
}

/** The trigger's manual run ("Fetch Test Event"): what the store says it must be. */
function triggerEventCheck({ report, name, node, result, before, pkg, mine }) {
	const params = resolvedParameters(pkg, node);
	const out = rn.nodeOutput(result, node.name);
	const items = Array.isArray(out) ? out : [];
	// version 2's Reports to Watch 0: the test event looks at the newest 100 (page 1)
	const watchCount = params.watchCount || 100;
	const watched = before
		.filter(
			(x) =>
				x.deleted_at === null && (!params.project?.value || x.project === params.project.value),
		)
		.sort((a, b) => b.id - a.id)
		.slice(0, watchCount);
	if (params.event === 'checkFailed') {
		const failing = (x) => params.checks.filter((check) => x.results[check]?.passed === false);
		const want = watched.find((x) => failing(x).length > 0);
		// version 3's One Item per Check: the report is a group of one per check it fails
		const grouped = node.typeVersion >= 3 && params.groupEvents !== 'perReport';
		const shown = grouped
			? items.map((x) => ({ id: x.examples?.[0]?.id, checks: [x.check] }))
			: items.map((x) => ({ id: x.id, checks: (x.regressions || []).map((r) => r.check).sort() }));
		const wanted = !want
			? []
			: grouped
				? failing(want).map((check) => ({ id: want.id, checks: [check] }))
				: [{ id: want.id, checks: failing(want).sort() }];
		const byCheck = (a, b) => (a.checks[0] < b.checks[0] ? -1 : a.checks[0] > b.checks[0] ? 1 : 0);
		report.equal(
			`${name}: "${node.name}" (test event) outputs the newest of the ${watchCount} newest reports failing ${params.checks.join(' or ')}, with those checks: #${want?.id}`,
			grouped ? shown.sort(byCheck) : shown,
			grouped ? wanted.sort(byCheck) : wanted,
		);
	} else if (params.event === 'scoreBelow') {
		const want = watched.find((x) => x.result < params.threshold);
		report.equal(
			`${name}: "${node.name}" (test event) outputs the newest of the ${watchCount} newest reports below ${params.threshold}: #${want?.id}`,
			items.map((x) => ({ id: x.id, score: x.score ?? x.result })),
			want ? [{ id: want.id, score: want.result }] : [],
		);
	} else {
		report.check(
			`${name}: "${node.name}" (test event) outputs one report`,
			items.length === 1 && typeof items[0].id === 'number',
			JSON.stringify(items).slice(0, 300),
		);
	}
	report.check(
		`${name}: "${node.name}" only read (GET) from phpRank`,
		mine.every(({ q }) => q.method === 'GET'),
		JSON.stringify(mine.map(({ q }) => `${q.method} ${q.rawPath}`)),
	);
}

module.exports = { runExtraWorkflow, hasManualTrigger };
