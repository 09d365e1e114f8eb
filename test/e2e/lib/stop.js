'use strict';
/**
 * Stop means stop (issue 18), in real n8n: an execution is stopped the way the editor's Stop button
 * does it (POST /rest/executions/:id/stop, scripts/real-n8n/editor.js stopExecution), and
 *
 * 1. **while it waits out a 429**: the sandbox answers every request 429 with `Retry-After: 60`
 *    (its throttle with limit 0 and a 60 s window); the Stop comes once the node got that answer and
 *    waits. Asserted: the execution shows as stopped (`canceled`) within 8 s, the run itself ended
 *    within 8 s (n8n's own log line: the main's "Workflow execution finished", or in queue mode the
 *    worker's "Worker errored while running execution N", what a worker says when a stopped job
 *    returns), and the sandbox receives nothing after the Stop, watched
 *    until 4 s past the Retry-After (a node that sleeps the 60 s out and sends again is caught);
 * 2. **during a Return All**: 2,000 reports (20 pages of 100), each page answered after 10 s; the
 *    Stop comes while page 2 is in flight. Asserted: stopped and ended within 8 s, exactly pages 1 and
 *    2 were requested (none after the Stop, watched 12 s: past page 2's answer), and page 2's request
 *    was cut short (the sandbox saw the client leave before its answer).
 *
 * In each n8n line (single process: `runStopLine`, its own user folder and editor with n8n's debug
 * log, so that the log lines are this module's executions only) and in queue mode (`queueStopChecks`,
 * from lib/queue.js: a webhook starts the execution, a worker runs it, the main passes the Stop on).
 * `measureStop` is also what the benchmark's Stop section times (bench/run.js).
 */
const crypto = require('node:crypto');
const { setTimeout: sleep } = require('node:timers/promises');
const { ensureN8n, describe } = require('../../../scripts/real-n8n/install');
const rn = require('../../../scripts/real-n8n/n8n');
const { startSandbox } = require('../../sandbox');
const { assertedRequest } = require('../../helpers/asserted-request');
const { KEY, headers } = require('./specs');

const NODE_TYPE = 'n8n-nodes-phprank.phpRank';

const STOP = {
	/** What the throttled sandbox asks for: the wait the node is in when it is stopped. */
	retryAfterS: 60,
	/**
	 * Stopped and ended within this, from the Stop request: a last stop, well under the waits the Stop
	 * must cut short (the 60 s Retry-After, a page's 10 s), so that what is proven is that Stop cut
	 * them short, on a loaded machine too (three n8n lines at once on 2 cores took 2.5 s where a quiet
	 * one takes 0.05 s). How fast Stop is, is the bench's figure (its Stop section, target < 1 s).
	 */
	boundMs: 8000,
	/** How long after the 429's Retry-After the sandbox is still watched for a request. */
	afterRetryMarginMs: 4000,
	/**
	 * Return All: reports in the list (20 pages of 100), and how long each page takes: longer than
	 * the bound, so page 2 is still in flight whenever the Stop takes effect within it.
	 */
	reports: 2000,
	pageMs: 10000,
	/** How long after the Stop the paging sandbox is watched: past page 2's answer and page 3's request. */
	afterPagesMs: 12000,
	/** The report the waiting execution asks for (in the 'demo' seed). */
	reportId: 7,
};

const ID = {
	waitManual: 'stop-wait-manual',
	pagingManual: 'stop-paging-manual',
	waitWebhook: 'stop-wait-webhook',
	pagingWebhook: 'stop-paging-webhook',
	waitCredential: 'stop-wait',
	pagingCredential: 'stop-paging',
};

/** The two sandboxes: one that throttles everything (Retry-After 60), one with slow list pages. */
async function startStopSandboxes() {
	const waiting = await startSandbox({
		apiKeys: [KEY],
		seed: 'demo',
		faults: { throttle: { limit: 0, windowMs: STOP.retryAfterS * 1000 } },
	});
	const paging = await startSandbox({
		apiKeys: [KEY],
		seed: { reports: STOP.reports },
		faults: { slowMs: STOP.pageMs },
	});
	return {
		waiting,
		paging,
		close: () => Promise.all([waiting.close(), paging.close()]),
	};
}

/**
 * The credentials: one per waiting workflow (the node's account gate is per credential and stays
 * paused for the Retry-After, so each measured wait needs its own), one for the paging workflow.
 */
function credentials(sandboxes, waitRuns = 1) {
	return [
		...Array.from({ length: waitRuns }, (_, i) => ({
			id: waitId(ID.waitCredential, i),
			name: credentialName(waitId(ID.waitCredential, i)),
			type: 'phpRankApi',
			data: { baseUrl: sandboxes.waiting.url, apiKey: KEY },
		})),
		{
			id: ID.pagingCredential,
			name: credentialName(ID.pagingCredential),
			type: 'phpRankApi',
			data: { baseUrl: sandboxes.paging.url, apiKey: KEY },
		},
	];
}

/** The i-th (from 0) copy of an id of the waiting scenario: `stop-wait`, `stop-wait-2`, ... */
const waitId = (id, i) => (i === 0 ? id : `${id}-${i + 1}`);
const credentialName = (id) => `phpRank ${id}`;
const credentialRef = (id) => ({ phpRankApi: { id, name: credentialName(id) } });

function startNode(start, webhookPath) {
	if (start === 'manual')
		return {
			id: crypto.randomUUID(),
			name: 'Run manually',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		};
	// answers the caller at once; the execution goes on (in queue mode: on a worker)
	return {
		id: crypto.randomUUID(),
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2.1,
		position: [0, 0],
		webhookId: crypto.randomUUID(),
		parameters: { httpMethod: 'POST', path: webhookPath, responseMode: 'onReceived', options: {} },
	};
}

function workflow(id, name, start, node) {
	const first = startNode(start, id);
	return {
		id,
		name,
		nodes: [first, { id: crypto.randomUUID(), typeVersion: 1.1, position: [220, 0], ...node }],
		connections: { [first.name]: { main: [[{ node: node.name, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/**
 * The workflows, started by a Manual Trigger ('manual') or a webhook ('webhook'): `waitRuns` copies of
 * the waiting one (each with its own credential), one paging.
 */
function workflows(start, waitRuns = 1) {
	const webhook = start === 'webhook';
	return [
		...Array.from({ length: waitRuns }, (_, i) =>
			workflow(
				waitId(webhook ? ID.waitWebhook : ID.waitManual, i),
				`Stop: wait for the rate limit (${start}${i ? ` ${i + 1}` : ''})`,
				start,
				{
					name: 'Get report',
					type: NODE_TYPE,
					parameters: {
						resource: 'report',
						operation: 'get',
						reportId: { __rl: true, mode: 'id', value: String(STOP.reportId) },
					},
					credentials: credentialRef(waitId(ID.waitCredential, i)),
				},
			),
		),
		workflow(webhook ? ID.pagingWebhook : ID.pagingManual, `Stop: Return All (${start})`, start, {
			name: 'Get every report',
			type: NODE_TYPE,
			parameters: { resource: 'report', operation: 'getAll', returnAll: true },
			credentials: credentialRef(ID.pagingCredential),
		}),
	];
}

/** Lines of a process's output with the time each arrived (for "when did n8n say it ended"). */
function lineClock() {
	const lines = [];
	return {
		lines,
		add: (line) => lines.push({ at: Date.now(), line }),
		/** Follows a growing output text (a worker's output()); returns stop(). */
		follow(output) {
			let seen = output().length;
			const timer = setInterval(() => {
				const text = output();
				// the kept output is a sliding tail: when it was cut, take what is new at its end
				const fresh = text.length >= seen ? text.slice(seen) : text.slice(-4096);
				seen = text.length;
				for (const line of fresh.split('\n')) if (line) lines.push({ at: Date.now(), line });
			}, 25);
			return () => clearInterval(timer);
		},
		/** When a line matching `re` arrived at or after `since`, waiting up to `timeoutMs`; null if not. */
		async waitFor(re, since, timeoutMs) {
			const deadline = Date.now() + timeoutMs;
			for (;;) {
				const hit = lines.find((l) => l.at >= since && re.test(l.line));
				if (hit) return hit.at;
				if (Date.now() > deadline) return null;
				await sleep(25);
			}
		},
	};
}

async function waitUntil(what, condition, timeoutMs, everyMs = 20) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await condition();
		if (value) return value;
		if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
		await sleep(everyMs);
	}
}

/**
 * One Stop, measured. Starts the execution, waits until the sandbox shows the moment to stop
 * (`ready(requests)`), presses Stop, then follows the execution and the sandbox.
 * @param {object} o
 * @param {object} o.ctx          the user folder of the running editor (main), owner logged in
 * @param {object} o.sandbox
 * @param {() => Promise<string>} o.start   starts the execution, resolves its id
 * @param {(requests: object[]) => boolean} o.ready
 * @param {object} o.clock        lineClock() fed with the output of the process that runs it
 * @param {(id: string) => RegExp} o.endLine  n8n's line that says the run ended
 * @param {(stopAt: number, requests: object[]) => number} o.watchUntil  when to stop watching the sandbox
 * @returns {Promise<object>} {executionId, stopAt, stopAnswer, statusMs, status, endMs, before, after, requests}
 */
async function measureStop({ ctx, sandbox, start, ready, clock, endLine, watchUntil }) {
	sandbox.reset();
	const executionId = await start();
	await waitUntil('the moment to stop', () => ready(sandbox.requests), 90000);
	const stopAt = Date.now();
	const stopAnswer = await rn.stopExecution(ctx, executionId);
	const ended = clock.waitFor(endLine(executionId), stopAt, 10000);
	let status;
	let statusMs = null;
	const statusDeadline = Date.now() + 10000;
	for (;;) {
		const { exec } = await rn.readExecution(ctx, executionId);
		if (exec && exec.status !== 'running' && exec.status !== 'new' && exec.stoppedAt) {
			statusMs = Date.now() - stopAt;
			status = exec.status;
			break;
		}
		if (Date.now() > statusDeadline) {
			status = exec && exec.status;
			break;
		}
		await sleep(50);
	}
	let endAt = await ended;
	const until = watchUntil(stopAt, sandbox.requests);
	if (until > Date.now()) await sleep(until - Date.now());
	// a run that ended later than the wait above: when, as far as the watch went (for the report)
	endAt ??= await clock.waitFor(endLine(executionId), stopAt, 0);
	const requests = sandbox.requests.slice();
	return {
		executionId,
		stopAt,
		stopAnswer,
		status,
		statusMs,
		endMs: endAt === null ? null : endAt - stopAt,
		before: requests.filter((r) => r.receivedAt < stopAt),
		after: requests.filter((r) => r.receivedAt >= stopAt),
		requests,
	};
}

/**
 * Scenario 1: stopped while it waits out `Retry-After: 60`. `watchMs` (the benchmark) watches that long
 * after the Stop instead of until past the Retry-After.
 */
function waitCase({ ctx, sandboxes, start, clock, endLine, watchMs }) {
	return measureStop({
		ctx,
		sandbox: sandboxes.waiting,
		start,
		clock,
		endLine,
		// the 429 was sent; a moment later the node is in its wait
		ready: (requests) => {
			const answered = requests.find((r) => r.status === 429);
			return answered && Date.now() - answered.receivedAt > 500;
		},
		watchUntil: (stopAt, requests) =>
			watchMs !== undefined
				? stopAt + watchMs
				: Math.max(
						stopAt,
						requests[0].receivedAt + STOP.retryAfterS * 1000 + STOP.afterRetryMarginMs,
					),
	});
}

/** Scenario 2: stopped while page 2 of a Return All is in flight. */
function pagingCase({ ctx, sandboxes, start, clock, endLine, watchMs = STOP.afterPagesMs }) {
	return measureStop({
		ctx,
		sandbox: sandboxes.paging,
		start,
		clock,
		endLine,
		ready: (requests) => requests.length >= 2 && Date.now() - requests[1].receivedAt > 200,
		watchUntil: (stopAt) => stopAt + watchMs,
	});
}

const seconds = (ms) => (ms === null ? 'never' : `${(ms / 1000).toFixed(2)} s`);

/** The checks of both scenarios' measurements. */
function checkStops({ report, tag, wait, paging }) {
	const bound = STOP.boundMs;
	if (wait) {
		const name = `${tag} Stop while waiting out a 429 (Retry-After: ${STOP.retryAfterS})`;
		report.check(
			`${name}: POST /rest/executions/${wait.executionId}/stop answered 200`,
			wait.stopAnswer.status === 200,
			`HTTP ${wait.stopAnswer.status} ${wait.stopAnswer.text.slice(0, 300)}`,
		);
		report.check(
			`${name}: the execution shows as stopped (canceled) within ${bound / 1000} s (${seconds(wait.statusMs)})`,
			wait.status === 'canceled' && wait.statusMs !== null && wait.statusMs <= bound,
			`status ${wait.status}, after ${seconds(wait.statusMs)}`,
		);
		report.check(
			`${name}: the run ended within ${bound / 1000} s of the Stop (${seconds(wait.endMs)})`,
			wait.endMs !== null && wait.endMs <= bound,
			`n8n's end-of-run log line came ${wait.endMs === null ? 'not within 10 s' : `after ${seconds(wait.endMs)}`}`,
		);
		report.equal(
			`${name}: the sandbox got the one request before the Stop, answered 429`,
			wait.before.map((r) => ({ ...assertedRequest(r), status: r.status })),
			[
				{
					method: 'GET',
					path: `/api/v1/reports/${STOP.reportId}`,
					query: {},
					headers: headers(undefined),
					body: '',
					status: 429,
				},
			],
		);
		report.equal(
			`${name}: nothing reached the sandbox after the Stop (watched until ${STOP.afterRetryMarginMs / 1000} s past the Retry-After)`,
			wait.after.map(
				(r) =>
					`${r.method} ${r.path} ${((r.receivedAt - wait.stopAt) / 1000).toFixed(1)} s after the Stop`,
			),
			[],
		);
	}
	if (paging) {
		const name = `${tag} Stop during a Return All (${STOP.reports} reports, ${STOP.pageMs / 1000} s a page)`;
		report.check(
			`${name}: POST /rest/executions/${paging.executionId}/stop answered 200`,
			paging.stopAnswer.status === 200,
			`HTTP ${paging.stopAnswer.status} ${paging.stopAnswer.text.slice(0, 300)}`,
		);
		report.check(
			`${name}: the execution shows as stopped (canceled) within ${bound / 1000} s (${seconds(paging.statusMs)})`,
			paging.status === 'canceled' && paging.statusMs !== null && paging.statusMs <= bound,
			`status ${paging.status}, after ${seconds(paging.statusMs)}`,
		);
		report.check(
			`${name}: the run ended within ${bound / 1000} s of the Stop (${seconds(paging.endMs)})`,
			paging.endMs !== null && paging.endMs <= bound,
			`n8n's end-of-run log line came ${paging.endMs === null ? 'not within 10 s' : `after ${seconds(paging.endMs)}`}`,
		);
		const page = (n) => ({
			method: 'GET',
			path: '/api/v1/reports',
			query: { per_page: '100', page: String(n) },
			headers: headers(undefined),
			body: '',
		});
		report.equal(
			`${name}: exactly pages 1 and 2 were requested, nothing after the Stop (watched ${STOP.afterPagesMs / 1000} s)`,
			{
				before: paging.before.map(assertedRequest),
				after: paging.after.map(
					(r) =>
						`${r.method} ${r.path} ${((r.receivedAt - paging.stopAt) / 1000).toFixed(1)} s after the Stop`,
				),
			},
			{ before: [page(1), page(2)], after: [] },
		);
		const inFlight = paging.before[1];
		report.check(
			`${name}: page 2, in flight at the Stop, was cut short (the sandbox saw n8n leave before its answer${inFlight && inFlight.clientAbortedAt ? `, ${seconds(inFlight.clientAbortedAt - paging.stopAt)} after the Stop` : ''})`,
			inFlight &&
				inFlight.clientAborted === true &&
				inFlight.clientAbortedAt - paging.stopAt <= bound,
			inFlight
				? `outcome ${inFlight.outcome}, status ${inFlight.status}, clientAborted ${inFlight.clientAborted}`
				: 'no second request',
		);
	}
}

/**
 * One n8n (`n8n start`, executions run in the main) for Stop measurements: its own user folder,
 * sandboxes and editor with n8n's debug log (its "Workflow execution finished" line marks the end of a
 * run; nothing else runs there, so the lines are these executions' only), the owner logged in.
 * @param {string} line     a line name of scripts/real-n8n/install.js
 * @param {string} tarball  the packed package
 * @param {number} [waitRuns=1]  how many waiting executions can be measured (see credentials())
 * @returns {Promise<{ctx, sandboxes, clock, endLine, startWait: (i?) => fn, startPaging, close}>}
 */
async function openStopInstance(line, tarball, waitRuns = 1) {
	const n8n = await ensureN8n(line);
	const sandboxes = await startStopSandboxes();
	const ctx = rn.createUserFolder(n8n);
	const clock = lineClock();
	let editor;
	const close = async ({ keep = false } = {}) => {
		if (editor) await editor.stop();
		await sandboxes.close();
		if (!keep) rn.removeUserFolder(ctx);
	};
	try {
		rn.installCommunityPackage(ctx, tarball);
		await rn.importCredentials(ctx, credentials(sandboxes, waitRuns));
		await rn.importWorkflows(ctx, workflows('manual', waitRuns));
		editor = await rn.startEditor(ctx, {
			port: rn.FREE_PORT,
			env: { N8N_LOG_LEVEL: 'debug' },
			log: clock.add,
		});
		await rn.setupOwner(ctx, {
			email: 'stop@example.com',
			password: 'Stop-Pass-2026',
			firstName: 'Stop',
			lastName: 'Check',
		});
	} catch (error) {
		await close();
		throw error;
	}
	// started as the editor's "Execute workflow" does (POST /rest/workflows/:id/run)
	const startManual = (id) => async () => (await rn.startManualRun(ctx, id)).executionId;
	return {
		ctx,
		sandboxes,
		clock,
		endLine: () => /Workflow execution finished/,
		startWait: (i = 0) => startManual(waitId(ID.waitManual, i)),
		startPaging: startManual(ID.pagingManual),
		close,
	};
}

/**
 * The Stop checks of one line, single process (see openStopInstance).
 * @param {string} line   a line name of scripts/real-n8n/install.js
 * @param {object} o      {tarball, report, keep}
 * @returns {Promise<{wait, paging}>} the measurements
 */
async function runStopLine(line, { tarball, report, keep }) {
	const tag = `[n8n ${describe(line).version}]`;
	const t0 = Date.now();
	const instance = await openStopInstance(line, tarball);
	try {
		report.time(`${tag} Stop checks: set-up (import, editor)`, Date.now() - t0);
		const wait = await report.guard(
			`${tag} Stop while waiting out a 429: no unexpected error`,
			() => waitCase({ ...instance, start: instance.startWait() }),
		);
		const paging = await report.guard(`${tag} Stop during a Return All: no unexpected error`, () =>
			pagingCase({ ...instance, start: instance.startPaging }),
		);
		checkStops({ report, tag, wait, paging });
		return { wait, paging };
	} finally {
		await instance.close({ keep });
		if (keep) report.write(`${tag} kept the Stop checks' user folder ${instance.ctx.userFolder}`);
		report.time(`${tag} Stop checks`, Date.now() - t0);
	}
}

/**
 * Queue mode, inside lib/queue.js's installation: the workflows (webhook-started) and credentials go
 * into its imports before the main starts; `check` runs both scenarios on a worker.
 */
const queueStop = {
	credentials,
	workflows: () => workflows('webhook'),
	startSandboxes: startStopSandboxes,
	/**
	 * @param {object} o {report, tag, ctx (the main's folder), sandboxes, webhookUrl(id), workers: {name: worker}}
	 */
	async check({ report, tag, ctx, sandboxes, webhookUrl, workers }) {
		const clock = lineClock();
		const unfollow = Object.values(workers).map((w) => clock.follow(w.output));
		try {
			const start = (workflowId) => async () => {
				const known = new Set((await rn.listExecutions(ctx, workflowId)).map((x) => String(x.id)));
				// the main registers the published workflows' webhooks shortly after it is up: 404 until then
				const res = await waitUntil(
					`the webhook of ${workflowId}`,
					async () => {
						const r = await fetch(webhookUrl(workflowId), {
							method: 'POST',
							headers: { 'content-type': 'application/json' },
							body: '{}',
							signal: AbortSignal.timeout(30000),
						});
						const text = await r.text();
						if (r.status === 404) return undefined;
						return { status: r.status, text };
					},
					60000,
					500,
				);
				if (res.status !== 200)
					throw new Error(`webhook ${workflowId}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
				const started = await waitUntil(
					`the execution of ${workflowId} in the list`,
					async () =>
						(await rn.listExecutions(ctx, workflowId)).find((x) => !known.has(String(x.id))),
					30000,
					200,
				);
				return String(started.id);
			};
			const args = {
				ctx,
				sandboxes,
				clock,
				endLine: (id) =>
					new RegExp(`Worker (finished|errored while running) execution ${id} \\(job`),
			};
			const wait = await report.guard(
				`${tag} Stop while waiting out a 429: no unexpected error`,
				() => waitCase({ ...args, start: start(ID.waitWebhook) }),
			);
			const paging = await report.guard(
				`${tag} Stop during a Return All: no unexpected error`,
				() => pagingCase({ ...args, start: start(ID.pagingWebhook) }),
			);
			checkStops({ report, tag, wait, paging });
			const ranBy = (m) =>
				m
					? Object.entries(workers)
							.filter(([, w]) =>
								new RegExp(`Worker started execution ${m.executionId} \\(job`).test(w.output()),
							)
							.map(([n]) => n)
					: [];
			report.check(
				`${tag} both stopped executions were run by a worker (${[...ranBy(wait), ...ranBy(paging)].join(', ')})`,
				ranBy(wait).length === 1 && ranBy(paging).length === 1,
			);
			return { wait, paging };
		} finally {
			unfollow.forEach((f) => f());
		}
	},
};

module.exports = {
	STOP,
	runStopLine,
	queueStop,
	openStopInstance,
	waitCase,
	pagingCase,
	measureStop,
	lineClock,
};
