'use strict';
/**
 * The package in n8n's queue mode (n8n 2.40.7): a main with EXECUTIONS_MODE=queue, two `n8n worker`
 * processes, Debian's Redis and Postgres (scripts/real-n8n/services.js), the packed package installed
 * as a community package in every process's user folder. Scenarios, each asserted exactly:
 *
 * 1. Throttle, two workers then one: 10 webhook executions at once, each creating 20 reports through
 *    the sandbox's throttle (60 requests per 6 s window, per key). 0 failed, 0 duplicates, every page
 *    created once and output once by its own execution, both workers ran some, wall time at least the
 *    throttle's minimum (printed beside it); the 429 counts printed, and held below a bound (see THROTTLE).
 * 2. Return All over 2,000 reports, run by a worker: the exact 20 page requests, the output exactly
 *    the pages' data through the package's own output shaping.
 * 3. The phpRank Trigger activated in queue mode: only the main polls (one poll a minute, never two
 *    together), each new report is emitted once, by one execution run on a worker, and the state it
 *    leaves survives the worker's run (the next event holds only the next report).
 */
const crypto = require('node:crypto');
const { setTimeout: sleep } = require('node:timers/promises');
const { ensureN8n } = require('../../../scripts/real-n8n/install');
const rn = require('../../../scripts/real-n8n/n8n');
const services = require('../../../scripts/real-n8n/services');
const queue = require('../../../scripts/real-n8n/queue');
const { startSandbox } = require('../../sandbox');
const { assertedRequest } = require('../../helpers/asserted-request');
const { takeRequests, sent, replay, expectedItems } = require('./oracle');
const { KEY, headers } = require('./specs');
const { queueStop } = require('./stop');
const { overlapWorkflow, overlapScenario } = require('./queueOverlap');
const { watchPolls } = require('./polls');

const TAG = '[queue mode, n8n 2.40.7]';
const NODE_TYPE = 'n8n-nodes-phprank.phpRank';
const TRIGGER_TYPE = 'n8n-nodes-phprank.phpRankTrigger';
const FORM = 'application/x-www-form-urlencoded';

/**
 * The throttle scenario's size. phpRank throttles per key in fixed windows (60 a minute); the
 * sandbox's window is 6 s so that a run takes seconds.
 */
const THROTTLE = {
	executions: 10,
	createsPerExecution: 20,
	limit: 60,
	windowMs: 6000,
	/** Jobs one worker runs at once: 10 executions then need both workers when there are two. */
	workerConcurrency: 5,
	/**
	 * Bound on 429s, per worker and per window the run waits for. What the gate (AccountGate in
	 * nodes/PhpRank/transport/accountGate.ts) lets through once the window is used up: the requests
	 * it had in flight (at most maxParallel, 5 by default), then, after waiting Retry-After less a
	 * second, one probe every 200 ms (every 400 ms once it sees a second worker on the key) until the
	 * window opens (at most 5 in that last second, plus one). So at most 11 a worker a window; a gate that stopped following Retry-After or the
	 * remaining count would draw several times that. Not a timing: counts of answers.
	 */
	max429PerWorkerPerWindow: 5 + 5 + 1,
};

/** Seconds the throttle needs at least for `total` requests: the last window's start. */
function throttleMinimumMs(total) {
	return (Math.ceil(total / THROTTLE.limit) - 1) * THROTTLE.windowMs;
}

const LIST_REPORTS = 2000;

const ids = {
	credential: (name) => `queue-${name}`,
};

function credential(name, baseUrl) {
	return {
		id: ids.credential(name),
		name: `phpRank queue ${name}`,
		type: 'phpRankApi',
		data: { baseUrl, apiKey: KEY },
	};
}

function credentialRef(name) {
	return { phpRankApi: { id: ids.credential(name), name: `phpRank queue ${name}` } };
}

function webhookNode(webhookPath) {
	return {
		id: crypto.randomUUID(),
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2.1,
		position: [0, 0],
		webhookId: crypto.randomUUID(),
		// answer when the last node finished, with all its items: the caller sees the output
		parameters: {
			httpMethod: 'POST',
			path: webhookPath,
			responseMode: 'lastNode',
			responseData: 'allEntries',
			options: {},
		},
	};
}

function connect(...names) {
	const connections = {};
	for (let i = 0; i + 1 < names.length; i++)
		connections[names[i]] = { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] };
	return connections;
}

/**
 * POST {pages: [{url}]} → Split Out → phpRank Create (one per page). Each scenario has its own
 * credential: the gate is per credential and per process, so every scenario starts with fresh gates.
 */
function createWorkflow(id, credentialName) {
	const create = {
		id: crypto.randomUUID(),
		name: 'Create report',
		type: NODE_TYPE,
		typeVersion: 1,
		position: [440, 0],
		parameters: { resource: 'report', operation: 'create', url: '={{ $json.url }}', privacy: 1 },
		credentials: credentialRef(credentialName),
	};
	return {
		id,
		name: `Queue mode: create (${credentialName})`,
		nodes: [
			webhookNode(id),
			{
				id: crypto.randomUUID(),
				name: 'Split pages',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [220, 0],
				parameters: { fieldToSplitOut: 'body.pages', options: {} },
			},
			create,
		],
		connections: connect('Webhook', 'Split pages', 'Create report'),
		settings: { executionOrder: 'v1' },
	};
}

function listWorkflow(id) {
	return {
		id,
		name: 'Queue mode: every report',
		nodes: [
			webhookNode(id),
			{
				id: crypto.randomUUID(),
				name: 'Get every report',
				type: NODE_TYPE,
				typeVersion: 1,
				position: [220, 0],
				parameters: { resource: 'report', operation: 'getAll', returnAll: true },
				credentials: credentialRef('list'),
			},
		],
		connections: connect('Webhook', 'Get every report'),
		settings: { executionOrder: 'v1' },
	};
}

function triggerWorkflow(id) {
	return {
		id,
		name: 'Queue mode: new reports',
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'New report',
				type: TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters: { event: 'newReport', pollTimes: { item: [{ mode: 'everyMinute' }] } },
				credentials: credentialRef('trigger'),
			},
			{
				id: crypto.randomUUID(),
				name: 'Received',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [220, 0],
				parameters: {},
			},
		],
		connections: connect('New report', 'Received'),
		settings: { executionOrder: 'v1' },
	};
}

const WORKFLOW_IDS = {
	twoWorkers: 'queue-create-two',
	oneWorker: 'queue-create-one',
	list: 'queue-list-all',
	trigger: 'queue-trigger-new',
	overlap: 'queue-overlap',
};

async function postJson(url, body, timeoutMs = 180000) {
	const res = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', accept: 'application/json' },
		body: JSON.stringify(body),
		signal: AbortSignal.timeout(timeoutMs),
	});
	const text = await res.text();
	let json;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return { status: res.status, json, text };
}

/**
 * Waits until the main has registered a workflow's POST webhook. n8n answers a GET to it with 404
 * either way, but names the method it is registered for once it is ("Did you mean to make a POST
 * request?"); before, a POST would be refused with 404 and start nothing.
 */
async function waitForWebhook(url, timeoutMs = 60000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const res = await fetch(url, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
		const text = res ? await res.text() : '';
		if (res && (res.status !== 404 || /POST/.test(text))) return;
		if (Date.now() > deadline)
			throw new Error(`the webhook ${url} was not registered within ${timeoutMs} ms`);
		await sleep(500);
	}
}

/** Which process started an execution, from the processes' logs: ['worker 1'] when all is well. */
function runBy(processes, executionId) {
	return Object.entries(processes)
		.filter(([, proc]) => queue.startedExecutions(proc.output()).includes(String(executionId)))
		.map(([name]) => name);
}

/**
 * @param {object} o
 * @param {object} o.report  Report
 * @param {string} o.tarball
 * @param {object} o.pkg     loadPackage(tarball)
 * @param {boolean} [o.keep]
 * @param {string} [o.only]  'stop': only the Stop checks (lib/stop.js); 'overlap': only the executions
 *   that overlap (lib/queueOverlap.js); 'scheduled': only the trigger (scenario 3)
 */
async function runQueueMode({ report, tarball, pkg, keep, only }) {
	const all = only === undefined;
	const t0 = Date.now();
	const n8n = await ensureN8n('2');
	let t = Date.now();
	const binaries = services.ensureServerBinaries();
	report.time(`${TAG} redis-server and postgres present (apt-get when missing)`, Date.now() - t);
	report.check(
		`${TAG} Debian's redis-server and Postgres are installed`,
		binaries.redis && binaries.postgresBin,
		JSON.stringify(binaries),
	);

	const cleanups = [];
	const folders = [];
	const processes = {};
	try {
		t = Date.now();
		const [redis, postgres] = await Promise.all([services.startRedis(), services.startPostgres()]);
		cleanups.push(['Redis', () => redis.stop()], ['Postgres', () => postgres.stop()]);
		report.time(`${TAG} Redis and Postgres started`, Date.now() - t);
		report.write(
			`${TAG} Redis on 127.0.0.1:${redis.port}, Postgres ${postgres.version} on 127.0.0.1:${postgres.port}`,
		);

		const throttleSandbox = await startSandbox({
			apiKeys: [KEY],
			seed: 'demo',
			faults: { throttle: { limit: THROTTLE.limit, windowMs: THROTTLE.windowMs } },
		});
		const listSandbox = await startSandbox({ apiKeys: [KEY], seed: { reports: LIST_REPORTS } });
		const triggerSandbox = await startSandbox({ apiKeys: [KEY], seed: 'demo' });
		const stopSandboxes = await queueStop.startSandboxes();
		const overlapSandbox = await startSandbox({ apiKeys: [KEY] });
		cleanups.push(['overlap sandbox', () => overlapSandbox.close()]);
		cleanups.push([
			'sandboxes',
			() =>
				Promise.all([
					...[throttleSandbox, listSandbox, triggerSandbox].map((x) => x.close()),
					stopSandboxes.close(),
				]),
		]);

		// one encryption key and one database for all; a user folder (and package copy) per process
		const env = queue.queueEnv({ redis, postgres });
		const main = rn.createUserFolder(n8n, { env });
		const workerFolders = [1, 2].map(() =>
			rn.createUserFolder(n8n, { env, encryptionKey: main.encryptionKey }),
		);
		folders.push(main, ...workerFolders);
		for (const [name, ctx] of [
			['main', main],
			['worker 1', workerFolders[0]],
			['worker 2', workerFolders[1]],
		]) {
			const installed = rn.installCommunityPackage(ctx, tarball);
			report.check(
				`${TAG} ${name}: the tarball installed as community package ${installed.name}@${installed.version} in its own user folder`,
				installed.name === 'n8n-nodes-phprank',
			);
		}

		t = Date.now();
		const workflows = [
			createWorkflow(WORKFLOW_IDS.twoWorkers, 'two-workers'),
			createWorkflow(WORKFLOW_IDS.oneWorker, 'one-worker'),
			listWorkflow(WORKFLOW_IDS.list),
			triggerWorkflow(WORKFLOW_IDS.trigger),
			...queueStop.workflows(),
			overlapWorkflow({
				id: WORKFLOW_IDS.overlap,
				webhookNode,
				credentialRef: credentialRef('overlap'),
				nodeType: NODE_TYPE,
				connect,
			}),
		];
		await rn.importCredentials(main, [
			credential('two-workers', throttleSandbox.url),
			credential('one-worker', throttleSandbox.url),
			credential('list', listSandbox.url),
			credential('trigger', triggerSandbox.url),
			...queueStop.credentials(stopSandboxes),
			credential('overlap', overlapSandbox.url),
		]);
		await rn.importWorkflows(main, workflows);
		// published before the main starts: it then registers the webhooks and starts the trigger
		await Promise.all(workflows.map((w) => rn.activateWorkflow(main, w.id)));
		report.time(
			`${TAG} database set up, credentials and ${workflows.length} workflows imported and published`,
			Date.now() - t,
		);

		t = Date.now();
		const [editor, worker1, worker2] = await Promise.all([
			rn.startEditor(main, { port: rn.FREE_PORT }),
			queue.startWorker(workerFolders[0], { concurrency: THROTTLE.workerConcurrency }),
			queue.startWorker(workerFolders[1], { concurrency: THROTTLE.workerConcurrency }),
		]);
		cleanups.push(
			['main', () => editor.stop()],
			['worker 1', () => worker1.stop()],
			['worker 2', () => worker2.stop()],
		);
		Object.assign(processes, {
			main: { output: editor.output },
			'worker 1': worker1,
			'worker 2': worker2,
		});
		report.time(`${TAG} main and two workers ready`, Date.now() - t);
		await rn.setupOwner(main, {
			email: 'queue@example.com',
			password: 'Queue-Pass-2026',
			firstName: 'Queue',
			lastName: 'Mode',
		});
		const settings = await rn.restRequest(main, 'GET', '/rest/settings');
		report.equal(
			`${TAG} the main says it runs in queue mode (GET /rest/settings: executionMode)`,
			settings.json?.data?.executionMode,
			'queue',
		);
		const postgresNotice = editor
			.output()
			.split('\n')
			.find((line) => /postgres/i.test(line) && /support|upgrade/i.test(line));
		report.write(
			`${TAG} Postgres ${postgres.version}; n8n says: ${postgresNotice ? postgresNotice.trim() : '(nothing about the version)'}`,
		);

		const webhookUrl = (id) => `${editor.probeBase}/webhook/${id}`;
		// Stop (lib/stop.js): a webhook starts it, a worker runs it, the main passes the Stop on
		const stopChecks = () =>
			report.guard(`${TAG} Stop: no unexpected error`, () =>
				queueStop.check({
					report,
					tag: TAG,
					ctx: main,
					sandboxes: stopSandboxes,
					webhookUrl,
					workers: { 'worker 1': worker1, 'worker 2': worker2 },
				}),
			);
		// issue 33: executions for one new page at once, on both workers: one report
		const overlapChecks = () =>
			report.guard(`${TAG} executions that overlap: no unexpected error`, () =>
				overlapScenario({
					report,
					tag: TAG,
					sandbox: overlapSandbox,
					url: webhookUrl(WORKFLOW_IDS.overlap),
					post: postJson,
					waitForWebhook,
					executions: () => rn.listExecutions(main, WORKFLOW_IDS.overlap),
					ranBy: (executionId) => runBy(processes, executionId),
				}),
			);
		// 3. beside the others: it waits for n8n's minute ticks
		const triggerChecks = () =>
			report.guard(`${TAG} trigger: no unexpected error`, () =>
				triggerScenario({ report, ctx: main, sandbox: triggerSandbox, pkg, processes }),
			);
		if (only === 'overlap') {
			await overlapChecks();
			return;
		}
		if (only === 'scheduled') {
			await triggerChecks();
			return;
		}
		if (!all) {
			await stopChecks();
			return;
		}

		const triggerDone = triggerChecks();

		const counts = {};
		const throttleArgs = {
			report,
			ctx: main,
			sandbox: throttleSandbox,
			processes,
			pkg,
			webhookUrl,
		};
		counts[2] = await report.guard(`${TAG} two workers, throttle: no unexpected error`, () =>
			throttleScenario({
				...throttleArgs,
				workflowId: WORKFLOW_IDS.twoWorkers,
				workers: ['worker 1', 'worker 2'],
				label: 'two workers',
				batch: 'a',
			}),
		);
		await overlapChecks();
		t = Date.now();
		await worker2.stop();
		report.time(`${TAG} worker 2 stopped`, Date.now() - t);
		counts[1] = await report.guard(`${TAG} one worker, throttle: no unexpected error`, () =>
			throttleScenario({
				...throttleArgs,
				workflowId: WORKFLOW_IDS.oneWorker,
				workers: ['worker 1'],
				label: 'one worker',
				batch: 'b',
			}),
		);
		if (counts[1] && counts[2]) {
			report.write(
				`${TAG} 429 answers, ${THROTTLE.executions} executions x ${THROTTLE.createsPerExecution} Creates through ${THROTTLE.limit} per ${THROTTLE.windowMs / 1000} s: ` +
					`one worker ${counts[1].throttled} (wall ${counts[1].ratio.toFixed(3)}x the minimum), two workers ${counts[2].throttled} (wall ${counts[2].ratio.toFixed(3)}x)`,
			);
		}

		await report.guard(`${TAG} Return All: no unexpected error`, () =>
			listScenario({
				report,
				ctx: main,
				sandbox: listSandbox,
				url: webhookUrl(WORKFLOW_IDS.list),
				pkg,
				processes,
				workflow: workflows[2],
			}),
		);
		// while the trigger scenario waits for its minute ticks (worker 2 is stopped by now)
		await stopChecks();
		await triggerDone;
	} finally {
		for (const [what, cleanup] of cleanups.reverse()) {
			const stopping = Date.now();
			await cleanup().catch((error) =>
				report.check(`${TAG} ${what} stopped cleanly`, false, error.stack),
			);
			report.time(`${TAG} ${what} stopped`, Date.now() - stopping);
		}
		if (keep)
			report.write(`${TAG} kept user folders ${folders.map((f) => f.userFolder).join(', ')}`);
		else folders.forEach((f) => rn.removeUserFolder(f));
		report.time(`${TAG} whole queue-mode part`, Date.now() - t0);
	}
}

/**
 * Scenario 1, for one set of workers. Returns { throttled, ratio } for the summary line.
 * `batch` keeps the pages of the two runs apart (the store keeps the first run's reports).
 */
async function throttleScenario({
	report,
	ctx,
	workflowId,
	sandbox,
	webhookUrl,
	processes,
	workers,
	pkg,
	label,
	batch,
}) {
	const name = `${TAG} ${label}: ${THROTTLE.executions} executions x ${THROTTLE.createsPerExecution} Creates, throttle ${THROTTLE.limit} per ${THROTTLE.windowMs / 1000} s`;
	const total = THROTTLE.executions * THROTTLE.createsPerExecution;
	const pagesOf = (e) =>
		Array.from({ length: THROTTLE.createsPerExecution }, (_, i) => ({
			url: `https://queue-${batch}${e}.example.com/page-${i}`,
		}));
	const runs = Array.from({ length: THROTTLE.executions }, (_, e) => pagesOf(e));
	sandbox.reset(); // the throttle's window starts with the first request of this run
	// set here, not only after the previous run: a run that failed half-way must not leave it off
	sandbox.setFaults({ throttle: { limit: THROTTLE.limit, windowMs: THROTTLE.windowMs } });
	await waitForWebhook(webhookUrl(workflowId));

	const started = Date.now();
	const answers = await Promise.all(
		runs.map((pages) => postJson(webhookUrl(workflowId), { pages })),
	);
	const wallMs = Date.now() - started;
	const requests = takeRequests(sandbox);

	// every execution answered, with one output item per page, in its order; no item failed
	report.equal(
		`${name}: every execution succeeded (HTTP 200, ${THROTTLE.createsPerExecution} items, none with an error)`,
		answers.map((a) => ({
			status: a.status,
			items: Array.isArray(a.json) ? a.json.length : a.text.slice(0, 300),
			errors: Array.isArray(a.json) ? a.json.filter((x) => x.error !== undefined).length : 0,
		})),
		runs.map(() => ({ status: 200, items: THROTTLE.createsPerExecution, errors: 0 })),
	);

	// the requests: one accepted POST per page, exactly; the rest were 429s (never processed)
	const form = (page) => ({
		method: 'POST',
		path: '/api/v1/reports',
		query: {},
		headers: headers(FORM),
		body: `url=${encodeURIComponent(page.url)}&privacy=1`,
	});
	const accepted = requests.filter((q) => q.status !== 429);
	const throttled = requests.filter((q) => q.status === 429);
	const byBody = (a, b) => (a.body < b.body ? -1 : a.body > b.body ? 1 : 0);
	report.equal(
		`${name}: phpRank accepted exactly one POST per page (${total}), every other request was a 429`,
		{
			accepted: sent(accepted).sort(byBody),
			statuses: [...new Set(accepted.map((q) => q.status))],
		},
		{ accepted: runs.flat().map(form).sort(byBody), statuses: [200] },
	);
	report.equal(
		`${name}: the 429s were Creates of these pages only (re-sent after waiting)`,
		[...new Set(sent(throttled).map((q) => q.body))].every((b) =>
			runs.flat().some((p) => form(p).body === b),
		),
		true,
	);
	const duplicates = runs.flat().filter((p) => sandbox.createdCount(p.url) !== 1);
	report.equal(`${name}: 0 duplicates: every page stored exactly once`, duplicates, []);

	// every item once: execution e output exactly its pages, each as the package shapes phpRank's answer
	sandbox.setFaults({}); // reading back must not be throttled
	const node = createWorkflow('x', 'x').nodes[2];
	const expected = [];
	for (const pages of runs) {
		const items = [];
		const answered = answers[runs.indexOf(pages)].json;
		for (const answer of Array.isArray(answered) ? answered : []) {
			const res = await fetch(`${sandbox.url}/api/v1/reports/${answer.id}`, {
				headers: { authorization: `Bearer ${KEY}`, accept: 'application/json' },
			});
			items.push(
				...expectedItems(pkg, node, [{ request: {}, status: res.status, body: await res.json() }]),
			);
		}
		expected.push(items);
	}
	sandbox.setFaults({ throttle: { limit: THROTTLE.limit, windowMs: THROTTLE.windowMs } });
	const outputUrls = answers.map((a) => (a.json || []).map((x) => x.url));
	const storedUrl = (page) => page.url.replace(/^https?:\/\/(www\.)?/, '');
	report.equal(
		`${name}: each execution output its own ${THROTTLE.createsPerExecution} pages, each once, in order`,
		outputUrls,
		runs.map((pages) => pages.map(storedUrl)),
	);
	report.equal(
		`${name}: every output item is exactly the stored report as the package shapes it`,
		answers.map((a) => a.json),
		expected,
	);
	const ids = answers.flatMap((a) => (Array.isArray(a.json) ? a.json : []).map((x) => x.id));
	report.equal(`${name}: ${total} distinct report ids`, new Set(ids).size, total);

	// who ran them: each execution one worker; with two, both (each takes at most workerConcurrency jobs at once)
	const executions = await rn.listExecutions(ctx, workflowId);
	const ranBy = Object.fromEntries(workers.map((w) => [w, 0]));
	for (const execution of executions) {
		const ranOn = runBy(processes, execution.id);
		const key =
			ranOn.length === 1 && ranBy[ranOn[0]] !== undefined
				? ranOn[0]
				: `elsewhere: ${ranOn.join(' and ') || 'none'}`;
		ranBy[key] = (ranBy[key] || 0) + 1;
	}
	report.check(
		`${name}: ${executions.length} executions, each run by one worker (${Object.entries(ranBy)
			.map(([n, c]) => `${n}: ${c}`)
			.join(', ')}), every worker some, none by the main`,
		executions.length === THROTTLE.executions &&
			Object.keys(ranBy).length === workers.length &&
			Object.values(ranBy).every((c) => c > 0),
		JSON.stringify(ranBy),
	);

	// speed: the throttle's own minimum is the start of the last window the run needs
	const minimumMs = throttleMinimumMs(total);
	const ratio = wallMs / minimumMs;
	const span = requests.length
		? requests[requests.length - 1].receivedAt - requests[0].receivedAt
		: 0;
	report.write(
		`${name}: ${throttled.length} answers 429; wall ${(wallMs / 1000).toFixed(2)} s (first to last request ${(span / 1000).toFixed(2)} s), throttle's minimum ${(minimumMs / 1000).toFixed(0)} s, ratio ${ratio.toFixed(3)}`,
	);
	report.time(`${name}: wall time`, wallMs);
	// At least the minimum: a run faster than the throttle allows was not throttled at all. How far
	// above it is a figure (printed above, and bench's throttle rows), not a check: on a busy
	// 2-core machine the wall time says more about the machine than about the node.
	report.check(
		`${name}: wall time ${(wallMs / 1000).toFixed(2)} s at least the throttle's minimum (${(minimumMs / 1000).toFixed(1)} s)`,
		wallMs >= minimumMs,
	);
	const workerCount = workers.length;
	const windowsWaited = Math.ceil(total / THROTTLE.limit) - 1;
	const bound = THROTTLE.max429PerWorkerPerWindow * workerCount * windowsWaited;
	report.check(
		`${name}: ${throttled.length} answers 429, at most ${bound} (${THROTTLE.max429PerWorkerPerWindow} per worker per window waited for, ${workerCount} x ${windowsWaited})`,
		throttled.length <= bound,
	);
	return { throttled: throttled.length, ratio, wallMs };
}

/** Scenario 2: Return All over 2,000 reports, on a worker. */
async function listScenario({ report, ctx, sandbox, url, pkg, processes, workflow }) {
	const name = `${TAG} Return All over ${LIST_REPORTS} reports`;
	sandbox.clearRequests();
	const started = Date.now();
	const answer = await postJson(url, {});
	report.time(`${name}: webhook to answer`, Date.now() - started);
	const requests = takeRequests(sandbox);
	const pages = LIST_REPORTS / 100;
	report.equal(
		`${name}: exactly ${pages} requests, pages 1..${pages} of 100`,
		sent(requests),
		Array.from({ length: pages }, (_, i) => ({
			method: 'GET',
			path: '/api/v1/reports',
			query: { per_page: '100', page: String(i + 1) },
			headers: headers(undefined),
			body: '',
		})),
	);
	const node = workflow.nodes.find((n) => n.type === NODE_TYPE);
	const replayed = await replay(sandbox, requests, (s) => s.reset());
	const expected = expectedItems(
		pkg,
		node,
		replayed.map((a, i) => ({ request: requests[i], ...a })),
	);
	report.check(
		`${name}: HTTP 200 with ${LIST_REPORTS} items`,
		answer.status === 200 && Array.isArray(answer.json) && answer.json.length === LIST_REPORTS,
		`HTTP ${answer.status}, ${Array.isArray(answer.json) ? answer.json.length : answer.text.slice(0, 300)}`,
	);
	report.equal(
		`${name}: the output is exactly the pages' reports, in order, as the package shapes them`,
		answer.json,
		expected,
	);
	report.equal(
		`${name}: each report once`,
		new Set((answer.json || []).map((x) => x.id)).size,
		LIST_REPORTS,
	);

	const [execution] = await rn.listExecutions(ctx, WORKFLOW_IDS.list);
	report.equal(
		`${name}: one execution, mode webhook, successful`,
		execution && { status: execution.status, mode: execution.mode },
		{ status: 'success', mode: 'webhook' },
	);
	report.equal(
		`${name}: run by a worker, not by the main`,
		execution && runBy(processes, execution.id),
		['worker 1'],
	);
}

/** Scenario 3: the trigger, activated in queue mode. */
async function triggerScenario({ report, ctx, sandbox, pkg, processes }) {
	const name = `${TAG} phpRank Trigger (New Report, every minute)`;
	const watch = require(
		require('node:path').join(pkg.dir, 'dist', 'nodes', 'PhpRank', 'trigger', 'watch.js'),
	);
	const apiReport = async (id) =>
		(
			await (
				await fetch(`${sandbox.url}/api/v1/reports/${id}`, {
					headers: { authorization: `Bearer ${KEY}`, accept: 'application/json' },
				})
			).json()
		).data;
	const counts = watchPolls({ ctx, sandbox, workflowId: WORKFLOW_IDS.trigger });

	await counts.untilPolls(`${name}: the activation poll`, 1);
	report.equal(
		`${name}: the main polled on activation; nothing emitted`,
		(await counts.executions()).length,
		0,
	);

	// three new reports, then (after they were emitted) one more; each wait counts the main's polls
	// (lib/polls.js): the poll after the change, then the execution it made
	const emitted = async (count, pollsBefore) => {
		await counts.untilPolls(`${name}: the poll after report(s) ${count}`, pollsBefore + 1);
		return counts.untilExecutions(`${name}: execution ${count}`, count);
	};
	let pollsBefore = counts.polls().length;
	const first = [1, 2, 3].map((i) =>
		sandbox.addReport({ url: `https://queue-trigger.example.com/first-${i}`, score: 60 + i }),
	);
	const events = [];
	let list = await emitted(1, pollsBefore);
	events.push(list[0]);
	pollsBefore = counts.polls().length;
	const second = [
		sandbox.addReport({ url: 'https://queue-trigger.example.com/second', score: 71 }),
	];
	list = await emitted(2, pollsBefore);
	events.push(list.find((x) => x.id !== events[0].id));
	// none more: the poll after the next one has been seen (the next poll's execution would be listed)
	await counts.untilPolls(`${name}: the poll after the next one`, pollsBefore + 3);
	list = await counts.executions();
	report.equal(
		`${name}: exactly two executions, both started by the trigger and successful`,
		list.map((x) => ({ mode: x.mode, status: x.status })),
		[
			{ mode: 'trigger', status: 'success' },
			{ mode: 'trigger', status: 'success' },
		],
	);

	for (const [index, reports] of [first, second].entries()) {
		const execution = events[index];
		const data = await counts.runData(`${name}: run data of execution ${execution.id}`, execution);
		const expected = [];
		for (const r of reports)
			expected.push(watch.eventItem({ report: await apiReport(r.id), extra: {} }, true));
		report.equal(
			`${name}: event ${index + 1} is exactly report(s) #${reports.map((r) => r.id).join(', #')}, each once, oldest first`,
			rn.nodeOutput({ data: { data } }, 'New report'),
			expected,
		);
		const ranOn = runBy(processes, execution.id);
		report.check(
			`${name}: event ${index + 1} was run by one worker (${ranOn.join(', ') || 'none'}), not by the main`,
			ranOn.length === 1 && ranOn[0].startsWith('worker'),
		);
	}

	// only the main polls: one poll per minute tick, never two together (a worker polling too would
	// add a poll at the same tick); every poll the credential's, reading the newest reports
	const times = counts.polls().map((q) => q.receivedAt);
	const gaps = times.slice(1).map((x, i) => x - times[i]);
	report.check(
		`${name}: ${times.length} polls, one per minute after the activation poll (gaps ${gaps.map((g) => `${(g / 1000).toFixed(1)} s`).join(', ')})`,
		times.length >= 3 && gaps.slice(1).every((g) => g > 45000),
		JSON.stringify(times),
	);
	// (the query is the trigger's own business, asserted in lib/scheduled.js and the jest suite)
	const pollRequests = counts.polls().map((q) => {
		const { query, ...request } = assertedRequest(q);
		return request;
	});
	report.equal(
		`${name}: every poll GET /api/v1/reports with the credential's key`,
		{ atLeast3: pollRequests.length >= 3, pollRequests },
		{
			atLeast3: true,
			pollRequests: pollRequests.map(() => ({
				method: 'GET',
				path: '/api/v1/reports',
				headers: headers(undefined),
				body: '',
			})),
		},
	);
}

module.exports = { runQueueMode, THROTTLE };
