'use strict';
/**
 * The suite for one n8n line: the packed package installed as a community package, the credential and
 * the workflows imported, each workflow run with `n8n execute` against its own sandbox and checked
 * exactly (requests the sandbox received, every phpRank node's output, the store afterwards), then
 * the editor started for the credential test through n8n's REST API and the node types it serves.
 */
const fs = require('node:fs');
const path = require('node:path');
const { ensureN8n, describe } = require('../../../scripts/real-n8n/install');
const rn = require('../../../scripts/real-n8n/n8n');
const { startSandbox } = require('../../sandbox');
const { seedE2e, takeRequests, sent, replay, expectedItems } = require('./oracle');
const { workflowSpecs, KEY, WRONG_KEY, CREDENTIALS, headers } = require('./specs');
const { runExtraWorkflow, hasManualTrigger } = require('./extra');
const { loadExamples } = require('../../../scripts/demo');
const scheduled = require('./scheduled');
const {
	checkWeeklyAudit,
	checkSiteAudit,
	workflows: weeklyAuditWorkflows,
	FILE: WEEKLY_FILE,
} = require('./weeklyAudit');
const weeklyAuditRuns = require('./weeklyAuditRuns');
const weeklyDigest = require('./weeklyDigest');
const portfolioDigest = require('./portfolioDigest');
const { checkDeleteSurelyGone } = require('./deleteSurelyGone');
const { checkDeleteTrailingSlash } = require('./deleteTrailingSlash');
const agent = require('./agent');
const mcp = require('./mcp');
const stop = require('./stop');
const bounds = require('./bounds');
const validateFix = require('./validateFix');

const NODE_TYPE = 'n8n-nodes-phprank.phpRank';
/** The tag of every check of a line: "n8n <version>" (scripts/real-n8n/install.js pins one per line). */
const label = (line) => `n8n ${describe(line).version}`;

/** Items (json) of every phpRank node of a run: {name: [json] | {error}}. */
function phpRankOutputs(result, workflow) {
	const out = {};
	const ran = result.data?.data?.resultData?.runData || {};
	for (const node of workflow.nodes) {
		if (node.type === NODE_TYPE && ran[node.name])
			out[node.name] = rn.nodeOutput(result, node.name);
	}
	return out;
}

/** What a user sees of an n8n error. */
function shownError(error) {
	if (!error) return error;
	return { message: error.message, description: error.description, httpCode: error.httpCode };
}

function runTail(r) {
	const tail = (s) => s.split('\n').slice(-25).join('\n');
	return `exit ${r.code}${r.signal ? ` (signal ${r.signal})` : ''}${r.timedOut ? ' (timed out)' : ''}; error ${JSON.stringify(shownError(r.error))}\n--- stdout tail ---\n${tail(r.stdout)}\n--- stderr tail ---\n${tail(r.stderr)}`;
}

/**
 * @param {string} line            a line name of scripts/real-n8n/install.js ('2', '2.41', '1')
 * @param {object} o
 * @param {string} o.tarball
 * @param {object} o.pkg           loadPackage(tarball)
 * @param {object} o.report        Report
 * @param {Array}  o.extraWorkflows [{file, workflow}] of examples/ not covered by specs (run structurally)
 * @param {boolean} [o.keep]
 */
async function runLine(line, o) {
	const { report } = o;
	const tag = `[${label(line)}]`;
	const t0 = Date.now();
	const n8n = await ensureN8n(line);
	const sandbox = await startSandbox({ apiKeys: [KEY], seed: 'demo', site: 'demo' });
	// the scheduled triggers' own sandboxes (lib/scheduled.js): their polls run beside the other checks
	const scheduledSandboxes = await startScheduledSandboxes();
	// the 300-page site run week after week (lib/weeklyAuditRuns.js): its own plan and clock
	const runsSandbox = await weeklyAuditRuns.startRunsSandbox();
	// the weekly digest's site and mailbox (lib/weeklyDigest.js), run in the editor below
	const digestServers = await weeklyDigest.startDigestServers();
	// plays the model of the AI Agent step (lib/agent.js)
	const modelMock = await agent.startModelMock();
	const ctx = rn.createUserFolder(n8n);
	// the Stop checks (lib/stop.js) run beside the others, in their own user folder and editor
	const stopChecks = report.guard(`${tag} Stop checks: no unexpected error`, () =>
		stop.runStopLine(line, o),
	);
	// then the answer-size checks (lib/bounds.js), in a user folder and editor of their own too
	const boundsChecks = stopChecks.then(() =>
		report.guard(`${tag} bounds checks: no unexpected error`, () => bounds.runBoundsLine(line, o)),
	);
	try {
		const installed = rn.installCommunityPackage(ctx, o.tarball);
		report.check(
			`${tag} npm pack tarball installed as community package ${installed.name}@${installed.version}`,
			fs.existsSync(
				path.join(ctx.n8nFolder, 'nodes', 'node_modules', 'n8n-nodes-phprank', 'package.json'),
			) &&
				!fs.existsSync(
					path.join(
						ctx.n8nFolder,
						'nodes',
						'node_modules',
						'n8n-nodes-phprank',
						'node_modules',
						'n8n-workflow',
					),
				),
		);

		const specs = workflowSpecs();
		const extra = o.extraWorkflows || [];
		const examples = scheduled.scheduledExamples(extra, scheduledSandboxes);
		const workflows = [
			...specs.map((s) => s.workflow),
			...extra.map((e) => ({ ...e.workflow, active: false })),
			...examples.workflows,
			...weeklyAuditWorkflows(sandbox.url),
			...weeklyAuditRuns.workflows(runsSandbox.url),
			agent.workflow(),
			...mcp.workflows(),
			...validateFix.workflows(),
		];

		let t = Date.now();
		const credentials = [
			...CREDENTIALS(sandbox.url),
			...examples.credentials,
			weeklyAuditRuns.credential(runsSandbox.url),
			...weeklyDigest.credentials(digestServers),
			agent.modelCredential(modelMock.url),
			mcp.bearerCredential(),
		];
		checkExampleCredentials(report, tag, credentials);
		await rn.importCredentials(ctx, credentials);
		const ids = await rn.importWorkflows(ctx, workflows);
		for (const w of examples.workflows) await rn.activateWorkflow(ctx, w.id);
		// the MCP Server Trigger serves its path only while its workflow is active (lib/mcp.js)
		for (const w of mcp.workflows()) await rn.activateWorkflow(ctx, w.id);
		report.time(
			`${tag} import credentials + ${workflows.length} workflows, activate the triggers (n8n start-ups)`,
			Date.now() - t,
		);
		extra.forEach((e, i) => (e.importedId = ids[specs.length + i]));
		checkActivated(report, tag, examples);

		await report.guard(`${tag} node loaded by n8n's NodeTypes: no unexpected error`, () =>
			mcp.checkLoader({ ctx, report, tag }),
		);
		for (const spec of specs) {
			await report.guard(`${tag} ${spec.title}: no unexpected error`, () =>
				runSpec(spec, { ctx, sandbox, tag, report, pkg: o.pkg }),
			);
		}
		await weeklyAuditChecks({ ctx, sandbox, runsSandbox, report, tag, pkg: o.pkg });
		await report.guard(`${tag} Project → Validate Fix: no unexpected error`, () =>
			validateFix.checkValidateFix({ ctx, sandbox, report, tag, pkg: o.pkg, runTail }),
		);
		await report.guard(`${tag} AI Agent step: no unexpected error`, () =>
			agent.checkAgent({
				ctx,
				sandbox,
				mock: modelMock,
				report,
				tag,
				pkg: o.pkg,
				seed: seedE2e,
				runTail,
			}),
		);
		const extraArgs = (e) => ({
			report,
			tag,
			file: e.file,
			workflow: e.workflow,
			importedId: e.importedId,
			ctx,
			sandbox,
			pkg: o.pkg,
			runTail,
		});
		for (const e of extra.filter((x) => hasManualTrigger(x.workflow))) {
			await report.guard(`${tag} examples/${e.file}: no unexpected error`, () =>
				runExtraWorkflow(extraArgs(e)),
			);
		}
		// workflows started by the phpRank Trigger run from the editor, once it is up
		const viaEditor = extra.filter((x) => !hasManualTrigger(x.workflow));
		const afterEditorUp = async () => {
			for (const e of viaEditor) {
				await report.guard(`${tag} examples/${e.file}: no unexpected error`, () =>
					runExtraWorkflow(extraArgs(e)),
				);
			}
			await report.guard(`${tag} MCP Server Trigger: no unexpected error`, () =>
				mcp.checkMcp({ ctx, sandbox, report, tag, pkg: o.pkg, seed: seedE2e }),
			);
			await digestCheck({ ctx, servers: digestServers, report, tag, o });
		};

		const whileEditorUp =
			examples.alertsWorkflow && (() => examples.check({ ctx, report, tag, pkg: o.pkg }));
		await report.guard(`${tag} editor: no unexpected error`, () =>
			editorChecks({ ctx, sandbox, tag, report, line, pkg: o.pkg, afterEditorUp, whileEditorUp }),
		);
	} finally {
		await sandbox.close();
		await runsSandbox.close();
		await digestServers.close();
		await scheduledSandboxes.close();
		await modelMock.close();
		await boundsChecks;
		if (o.keep) report.write(`${tag} kept user folder ${ctx.userFolder}`);
		else rn.removeUserFolder(ctx);
		report.time(`${tag} whole line`, Date.now() - t0);
	}
}

/**
 * The weekly-audit checks: the demo site, 150 pages of one site, 300 pages over three weeks, then on
 * that site's sandbox Delete with a sitemap cut off for one run, and Delete on a site that adds a
 * trailing slash with a 301.
 */
async function weeklyAuditChecks({ ctx, sandbox, runsSandbox, report, tag, pkg }) {
	await report.guard(`${tag} examples/weekly-audit.json: no unexpected error`, () =>
		checkWeeklyAudit({ ctx, sandbox, report, tag, pkg, runTail }),
	);
	await report.guard(`${tag} examples/weekly-audit.json over many pages: no unexpected error`, () =>
		checkSiteAudit({ ctx, sandbox, report, tag, runTail, pkg }),
	);
	await report.guard(
		`${tag} examples/weekly-audit.json, 300 pages, 3 weeks: no unexpected error`,
		() =>
			weeklyAuditRuns.checkWeeklyAuditRuns({
				ctx,
				sandbox: runsSandbox,
				report,
				tag,
				pkg,
				runTail,
			}),
	);
	await report.guard(
		`${tag} examples/weekly-audit.json with Delete, a sitemap cut off for one run: no unexpected error`,
		() => checkDeleteSurelyGone({ ctx, sandbox: runsSandbox, report, tag, runTail }),
	);
	await report.guard(
		`${tag} examples/weekly-audit.json with Delete, a site that adds a trailing slash: no unexpected error`,
		() => checkDeleteTrailingSlash({ ctx, sandbox: runsSandbox, report, tag, runTail }),
	);
}

/**
 * Every credential an example of examples/ names (its type and ID, as a user's import must have them)
 * is among those the line imports: a new example whose credential the suite lacks fails here, by name,
 * not as a node error deep in its run. `files`: only these examples (the part of the line that runs).
 */
function checkExampleCredentials(report, tag, imported, files) {
	const have = new Set(imported.map((c) => `${c.type} ${c.id}`));
	const needed = new Map();
	for (const { file, workflow } of loadExamples()) {
		if (files && !files.includes(file)) continue;
		for (const node of workflow.nodes)
			for (const [type, credential] of Object.entries(node.credentials || {}))
				needed.set(`${type} ${credential.id}`, [
					...(needed.get(`${type} ${credential.id}`) || []),
					file,
				]);
	}
	const missing = [...needed].filter(([key]) => !have.has(key));
	report.check(
		`${tag} every credential the ${files ? files.join(', ') : 'examples/'} workflows name is imported (${[...needed.keys()].sort().join(', ')})`,
		missing.length === 0 && needed.size > 0,
		missing.map(([key, used]) => `${key}: named by ${[...new Set(used)].join(', ')}`).join('\n'),
	);
}

/** The sandboxes of lib/scheduled.js's two examples, each a store of its own. */
async function startScheduledSandboxes() {
	const alerts = await startSandbox({ apiKeys: [KEY], seed: 'demo' });
	const checks = await startSandbox({ apiKeys: [KEY], seed: 'demo' });
	return { alerts, checks, close: () => Promise.all([alerts.close(), checks.close()]) };
}

function checkActivated(report, tag, examples) {
	report.check(
		`${tag} examples/${scheduled.EXAMPLE} is there to be activated`,
		Boolean(examples.alertsWorkflow),
	);
	report.check(
		`${tag} examples/${scheduled.CHECK_EXAMPLE} is there to be activated`,
		Boolean(examples.checkWorkflow),
	);
}

/**
 * Only the activated triggers of a line (`--only scheduled`, lib/scheduled.js): the package installed
 * in a user folder of their own, the two examples imported and activated against their sandboxes,
 * then the editor started there (`n8n start`, owner set up) and the checks, as in the full line.
 */
async function runScheduledLine(line, o) {
	const { report } = o;
	const tag = `[${label(line)}]`;
	const n8n = await ensureN8n(line);
	const sandboxes = await startScheduledSandboxes();
	const examples = scheduled.scheduledExamples(o.extraWorkflows || [], sandboxes);
	const ctx = rn.createUserFolder(n8n);
	try {
		rn.installCommunityPackage(ctx, o.tarball);
		await rn.importCredentials(ctx, examples.credentials);
		await rn.importWorkflows(ctx, examples.workflows);
		for (const w of examples.workflows) await rn.activateWorkflow(ctx, w.id);
		checkActivated(report, tag, examples);
		if (!examples.alertsWorkflow) return;
		const editor = await rn.startEditor(ctx, {
			port: rn.FREE_PORT,
			env: mcp.editorEnv(ctx.n8n),
		});
		try {
			await rn.setupOwner(ctx, { email: 'e2e@example.com', password: 'E2e-Pass-2026' });
			await report.guard(`${tag} scheduled trigger: no unexpected error`, () =>
				examples.check({ ctx, report, tag, pkg: o.pkg }),
			);
		} finally {
			await editor.stop();
		}
	} finally {
		await sandboxes.close();
		if (o.keep) report.write(`${tag} kept user folder ${ctx.userFolder}`);
		else rn.removeUserFolder(ctx);
	}
}

/**
 * Only the weekly-audit checks of a line (`--only weekly`): the package installed in a user folder
 * of their own, their credentials and workflows imported, the three checks above (`n8n execute`),
 * then the editor started there for the weekly digest (lib/weeklyDigest.js).
 */
async function runWeeklyLine(line, o) {
	const { report } = o;
	const tag = `[${label(line)}]`;
	const n8n = await ensureN8n(line);
	const sandbox = await startSandbox({ apiKeys: [KEY], seed: 'demo', site: 'demo' });
	const runsSandbox = await weeklyAuditRuns.startRunsSandbox();
	const digestServers = await weeklyDigest.startDigestServers();
	const ctx = rn.createUserFolder(n8n);
	try {
		rn.installCommunityPackage(ctx, o.tarball);
		const credentials = [
			...CREDENTIALS(sandbox.url),
			weeklyAuditRuns.credential(runsSandbox.url),
			...weeklyDigest.credentials(digestServers),
		];
		checkExampleCredentials(report, tag, credentials, [WEEKLY_FILE, portfolioDigest.FILE]);
		await rn.importCredentials(ctx, credentials);
		await rn.importWorkflows(ctx, [
			...weeklyAuditWorkflows(sandbox.url),
			...weeklyAuditRuns.workflows(runsSandbox.url),
		]);
		await weeklyAuditChecks({ ctx, sandbox, runsSandbox, report, tag, pkg: o.pkg });
		// the whole example (Data tables, digest, email) runs in the editor: n8n start, the owner
		const editor = await rn.startEditor(ctx, {
			port: rn.FREE_PORT,
			env: mcp.editorEnv(ctx.n8n),
		});
		try {
			await rn.setupOwner(ctx, { email: 'e2e@example.com', password: 'E2e-Pass-2026' });
			await digestCheck({ ctx, servers: digestServers, report, tag, o });
		} finally {
			await editor.stop();
		}
	} finally {
		await sandbox.close();
		await runsSandbox.close();
		await digestServers.close();
		if (o.keep) report.write(`${tag} kept user folder ${ctx.userFolder}`);
		else rn.removeUserFolder(ctx);
	}
}

/**
 * The weekly digest over three weeks (lib/weeklyDigest.js), then the agency's portfolio digest
 * (lib/portfolioDigest.js) on the same sandbox and mailbox, in the running editor of `ctx`.
 */
async function digestCheck({ ctx, servers, report, tag, o }) {
	const chromium = Promise.resolve().then(() => require('./chromium').ensureChromium());
	chromium.catch(() => {});
	await report.guard(
		`${tag} examples/weekly-audit.json, digest over 3 weeks: no unexpected error`,
		() =>
			weeklyDigest.checkWeeklyDigest({
				ctx,
				servers,
				report,
				tag,
				pkg: o.pkg,
				chromium,
			}),
	);
	await report.guard(`${tag} examples/${portfolioDigest.FILE}: no unexpected error`, () =>
		portfolioDigest.checkPortfolioDigest({
			ctx,
			servers,
			credential: weeklyDigest.CREDENTIAL,
			report,
			tag,
			chromium,
		}),
	);
}

async function runSpec(spec, { ctx, sandbox, tag, report, pkg }) {
	const name = `${tag} ${spec.title}`;
	seedE2e(sandbox);
	const before = sandbox.reports();
	const r = await rn.execute(ctx, spec.workflow.id);
	report.time(`${name}: n8n execute`, r.ms);
	const requests = takeRequests(sandbox);
	const after = sandbox.reports();

	// 1. the run: succeeded, or failed in the expected node
	if (spec.fails) {
		report.check(
			`${name}: the run fails (exit ${r.code}) in node "${spec.fails}"`,
			!r.ok && r.code !== 0 && r.error && r.error.node?.name === spec.fails,
			() => runTail(r),
		);
	} else {
		report.check(`${name}: the run succeeds`, r.ok, () => runTail(r));
	}

	// 2. exactly the requests expected, in order
	const state = { before, nextId: Math.max(0, ...before.map((x) => x.id)) + 1 };
	const expectedRequests = spec.requests(state);
	report.equal(
		`${name}: sandbox received exactly ${expectedRequests.length} expected request(s)`,
		sent(requests),
		expectedRequests.map(({ node, ...x }) => x),
	);
	if (spec.statuses)
		report.equal(
			`${name}: answered ${spec.statuses.join(', ')}`,
			requests.map((q) => q.status),
			spec.statuses,
		);

	// 3. the replay reproduces the run (same answers n8n got), then every phpRank node's output
	const answers = await replay(sandbox, requests, seedE2e);
	const replayed = sandbox.reports();
	report.equal(
		`${name}: replaying the requests on a re-seeded sandbox leaves the same store`,
		replayed,
		after,
	);
	const outputs = phpRankOutputs(r, spec.workflow);
	const byNode = {};
	expectedRequests.forEach((q, i) => {
		(byNode[q.node] ||= []).push({
			request: requests[i],
			status: answers[i]?.status,
			body: answers[i]?.body,
		});
	});
	const expected = {};
	for (const node of spec.workflow.nodes.filter((n) => n.type === NODE_TYPE)) {
		if (spec.fails === node.name) continue;
		if (!byNode[node.name]) continue;
		expected[node.name] = expectedItems(pkg, node, byNode[node.name]);
	}
	const actualOk = Object.fromEntries(Object.entries(outputs).filter(([n]) => n !== spec.fails));
	if (Object.keys(expected).length) {
		report.equal(
			`${name}: output of ${Object.keys(expected)
				.map((n) => `"${n}"`)
				.join(', ')} is exactly the API's answer`,
			actualOk,
			expected,
		);
	}
	if (spec.fails) {
		const failed = outputs[spec.fails];
		report.check(
			`${name}: "${spec.fails}" output no items, only the error`,
			failed &&
				!Array.isArray(failed) &&
				failed.error &&
				failed.error.message === r.error?.message &&
				Object.keys(actualOk).length === 0,
			JSON.stringify(failed).slice(0, 400),
		);
	}

	// 4. what this workflow is about
	if (spec.after)
		spec.after({
			report,
			name,
			result: r,
			requests,
			answers,
			before,
			after,
			state,
			outputs,
			sandbox,
			runTail,
			shownError,
		});
}

/** Credential test through n8n's REST API (what the editor's "Retry"/save does), node types served to the UI. */
async function editorChecks({
	ctx,
	sandbox,
	tag,
	report,
	line,
	pkg,
	afterEditorUp,
	whileEditorUp,
}) {
	let t = Date.now();
	const editor = await rn.startEditor(ctx, { port: rn.FREE_PORT, env: mcp.editorEnv(ctx.n8n) });
	report.time(`${tag} n8n start (editor) until ready`, Date.now() - t);
	let beside;
	try {
		await rn.setupOwner(ctx, {
			email: 'e2e@example.com',
			password: 'E2e-Pass-2026',
			firstName: 'E',
			lastName: 'Two',
		});
		// runs beside the checks below (it waits for n8n's minute ticks); awaited before the editor stops
		beside =
			whileEditorUp && report.guard(`${tag} scheduled trigger: no unexpected error`, whileEditorUp);
		const types = await rn.restRequest(ctx, 'GET', '/types/nodes.json');
		const nodeType = Array.isArray(types.json) && types.json.find((n) => n.name === NODE_TYPE);
		report.check(
			`${tag} editor serves node type ${NODE_TYPE} ("phpRank") with credential phpRankApi`,
			nodeType &&
				nodeType.displayName === 'phpRank' &&
				nodeType.credentials?.some((c) => c.name === 'phpRankApi'),
			`HTTP ${types.status}; ${nodeType ? JSON.stringify({ displayName: nodeType.displayName, credentials: nodeType.credentials }) : 'not listed'}`,
		);

		// what the credential modal loads: the stored credential with the key redacted
		const stored = await rn.restRequest(
			ctx,
			'GET',
			'/rest/credentials/phprank-sandbox?includeData=true',
		);
		const data = stored.json?.data?.data || {};
		report.check(
			`${tag} GET /rest/credentials/phprank-sandbox: Base URL as imported, API key redacted`,
			stored.status === 200 &&
				data.baseUrl === sandbox.url &&
				typeof data.apiKey === 'string' &&
				data.apiKey !== KEY &&
				!JSON.stringify(stored.json).includes(KEY),
			`HTTP ${stored.status} ${stored.text.slice(0, 400)}`,
		);

		const test = async (credentialData, id = 'phprank-sandbox', name = 'phpRank sandbox') => {
			sandbox.clearRequests();
			const res = await rn.testCredential(ctx, {
				id,
				name,
				type: 'phpRankApi',
				data: credentialData,
			});
			return {
				status: res.httpStatus,
				result: res.status && { status: res.status, message: res.message },
				text: res.text,
				requests: takeRequests(sandbox),
			};
		};
		const listRequest = (key) => [
			{
				method: 'GET',
				path: '/api/v1/reports',
				query: { per_page: '10' },
				headers: headers(undefined, key),
				body: '',
			},
		];

		// 1. as the editor sends it: the form's data, the key still redacted (n8n un-redacts it)
		seedE2e(sandbox);
		let r = await test(data);
		report.equal(
			`${tag} POST /rest/credentials/test (stored key): OK`,
			{ status: r.status, result: r.result },
			{ status: 200, result: { status: 'OK', message: 'Connection successful!' } },
		);
		report.equal(
			`${tag} credential test sent one list request with the stored key`,
			sent(r.requests),
			listRequest(KEY),
		);

		// 2. a wrong key typed into the form. The Test is the nodes' method (testedBy): one request
		// through the package's transport, the same words in every line.
		const wrongKeyMessage =
			'phpRank rejected the API key: check the API key in the phpRank credential and that the Base URL is the site the key belongs to';
		r = await test({ ...data, apiKey: WRONG_KEY });
		report.equal(
			`${tag} credential test with a wrong key typed in: Error "${wrongKeyMessage}"`,
			{ status: r.status, result: r.result },
			{ status: 200, result: { status: 'Error', message: wrongKeyMessage } },
		);
		report.equal(
			`${tag} credential test with a wrong key sent it as Bearer, once, answered 401`,
			{ sent: sent(r.requests), statuses: r.requests.map((q) => q.status) },
			{ sent: listRequest(WRONG_KEY), statuses: [401] },
		);

		// 3. the stored wrong-key credential, as the editor loads it (key redacted, n8n un-redacts it)
		const wrongStored = (
			await rn.restRequest(ctx, 'GET', '/rest/credentials/phprank-wrong-key?includeData=true')
		).json?.data?.data;
		r = await test(wrongStored, 'phprank-wrong-key', 'phpRank wrong key');
		report.equal(
			`${tag} credential test of the stored wrong-key credential: Error, its stored key sent`,
			{ result: r.result, sent: sent(r.requests) },
			{ result: { status: 'Error', message: wrongKeyMessage }, sent: listRequest(WRONG_KEY) },
		);

		// 4. a Base URL that serves web pages (phpRank's site answers 200 HTML outside /api/v1)
		r = await test({ ...data, baseUrl: `${sandbox.url}/seo` });
		report.equal(
			`${tag} credential test with a Base URL that answers a web page: Error with the reason`,
			r.result,
			{
				status: 'Error',
				message:
					"The Base URL does not lead to the phpRank API (it answered with a web page): set the credential's Base URL to your phpRank site's address, like https://seo.example.com",
			},
		);

		// 5. a Base URL with the API path twice: phpRank answers 404 for an unknown API route
		const notFoundMessage =
			"No phpRank API at the Base URL (HTTP 404 for /reports): set the credential's Base URL to your phpRank site's address, like https://seo.example.com";
		r = await test({ ...data, baseUrl: `${sandbox.url}/api/v1/api/v1` });
		report.equal(
			`${tag} credential test with a Base URL where phpRank answers 404: Error "${notFoundMessage}"`,
			{
				result: r.result,
				sent: sent(r.requests).map((q) => q.path),
				statuses: r.requests.map((q) => q.status),
			},
			{
				result: { status: 'Error', message: notFoundMessage },
				sent: ['/api/v1/api/v1/reports'],
				statuses: [404],
			},
		);

		if (afterEditorUp) await afterEditorUp();
	} finally {
		if (beside) await beside;
		t = Date.now();
		await editor.stop();
		report.time(`${tag} editor stop`, Date.now() - t);
	}
}

module.exports = {
	runLine,
	runWeeklyLine,
	runScheduledLine,
	label,
	NODE_TYPE,
	phpRankOutputs,
	shownError,
};
