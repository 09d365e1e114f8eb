'use strict';
/**
 * No answer can take n8n down (issue 23), in real n8n: one `n8n start` per line, the package installed
 * as a community package, and two workflows run through the editor's REST API in that one process
 * (manual executions run in the main, whose RSS is read from /proc):
 *
 * 1. **a Get whose answer streams 1 GB** (the sandbox's `oversize` fault, chunked, no length): the
 *    execution fails with the node's clear error (the bound and the Base URL named); n8n's RSS grows by
 *    less than 256 MB while it runs (sampled every 25 ms against the figure right before); the sandbox
 *    got that one request (no retry), wrote far less than the answer, and the connection is closed
 *    within 1 s of the run's end;
 * 2. **right after it, in the same process, an ordinary Get**: it succeeds with the report.
 *
 * A warm-up run of the ordinary Get comes first, so the modules n8n loads for a first run are not
 * counted as growth. `bench/run.js` section 6 measures the same against the HTTP Request node.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const { setTimeout: sleep } = require('node:timers/promises');
const { ensureN8n, describe } = require('../../../scripts/real-n8n/install');
const rn = require('../../../scripts/real-n8n/n8n');
const { startSandbox } = require('../../sandbox');
const { KEY } = require('./specs');

const NODE_TYPE = 'n8n-nodes-phprank.phpRank';
const MIB = 1024 * 1024;

const BOUNDS = {
	/** What the hostile answer streams (issue 23: "a sandbox endpoint that streams 1 GB"). */
	answerBytes: 1024 * MIB,
	/** n8n's RSS may grow by less than this while the node reads it. */
	rssGrowthBoundBytes: 256 * MIB,
	/** The connection must be closed within this of the run's end. */
	closedWithinMs: 1000,
	/** The report both Gets ask for (in the 'demo' seed). */
	reportId: 7,
	sampleEveryMs: 25,
};

const CREDENTIAL = { id: 'bounds-sandbox', name: 'phpRank bounds' };

/** Manual Trigger → `node` (its id, type version and position added): workflow `id`. */
function manualWorkflow(id, node) {
	const trigger = {
		id: crypto.randomUUID(),
		name: 'Run manually',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const second = { id: crypto.randomUUID(), typeVersion: 1.1, position: [220, 0], ...node };
	return {
		id,
		name: id,
		nodes: [trigger, second],
		connections: { [trigger.name]: { main: [[{ node: second.name, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/** Manual Trigger → phpRank: Get report 7 (Simplify on). */
function getWorkflow(id) {
	return manualWorkflow(id, {
		name: 'Get report',
		type: NODE_TYPE,
		parameters: {
			resource: 'report',
			operation: 'get',
			reportId: { __rl: true, mode: 'id', value: String(BOUNDS.reportId) },
			simplify: true,
		},
		credentials: { phpRankApi: CREDENTIAL },
	});
}

/** The resident set size of a process, from /proc (Linux). */
function rssBytes(pid) {
	const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
	const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
	return kb * 1024;
}

/** Runs `work` while sampling a process's RSS; returns its result and the peak growth. */
async function withPeakRss(pid, work) {
	const before = rssBytes(pid);
	let peak = before;
	let sampling = true;
	const sampler = (async () => {
		while (sampling) {
			try {
				peak = Math.max(peak, rssBytes(pid));
			} catch {
				return;
			}
			await sleep(BOUNDS.sampleEveryMs);
		}
	})();
	try {
		const result = await work();
		return { result, before, growth: peak - before };
	} finally {
		sampling = false;
		await sampler;
	}
}

/** Waits until the sandbox has no connection open (at most `withinMs`); returns how long it took, or null. */
async function closedWithin(sandbox, withinMs) {
	const started = Date.now();
	while (sandbox.openConnections() > 0) {
		if (Date.now() - started > withinMs) return null;
		await sleep(10);
	}
	return Date.now() - started;
}

/** The error the node gives such an answer (transport/failureWording.ts, 'tooLarge'). */
const tooLargeMessage = (baseUrl) =>
	`phpRank's answer was larger than 16 MB, far more than any answer of phpRank's API: the Base URL (${baseUrl}) may not point at your phpRank API; set the credential's Base URL to your phpRank site's address, like https://seo.example.com`;

/** The error message of the run: the execution's, or its phpRank node's. */
function errorMessageOf(run) {
	const runData = run.data?.data?.resultData?.runData?.['Get report'];
	return run.error?.message ?? runData?.[0]?.error?.message;
}

const mib = (bytes) => `${(bytes / MIB).toFixed(1)} MiB`;

/**
 * One n8n (`n8n start`, manual executions run in the main) with the package installed, a sandbox, its
 * credential and the two Get workflows (`bounds-huge`, `bounds-after`), plus `workflows(sandbox)` and
 * `credentials` of the caller's (the benchmark adds the HTTP Request node); the owner logged in.
 * @returns {Promise<{ctx, sandbox, pid, close}>}
 */
async function openBoundsInstance(line, tarball, { workflows = () => [], credentials = [] } = {}) {
	const n8n = await ensureN8n(line);
	const sandbox = await startSandbox({ apiKeys: [KEY], seed: 'demo' });
	const ctx = rn.createUserFolder(n8n);
	let editor;
	const close = async ({ keep = false } = {}) => {
		if (editor) await editor.stop();
		await sandbox.close();
		if (!keep) rn.removeUserFolder(ctx);
	};
	try {
		rn.installCommunityPackage(ctx, tarball);
		await rn.importCredentials(ctx, [
			{ ...CREDENTIAL, type: 'phpRankApi', data: { baseUrl: sandbox.url, apiKey: KEY } },
			...credentials,
		]);
		await rn.importWorkflows(ctx, [
			getWorkflow('bounds-huge'),
			getWorkflow('bounds-after'),
			...workflows(sandbox),
		]);
		editor = await rn.startEditor(ctx, { port: rn.FREE_PORT });
		await rn.setupOwner(ctx, {
			email: 'bounds@example.com',
			password: 'Bounds-Pass-2026',
			firstName: 'Bounds',
			lastName: 'Check',
		});
	} catch (error) {
		await close();
		throw error;
	}
	return { ctx, sandbox, pid: editor.child.pid, close };
}

/**
 * Runs workflow `id` while the sandbox answers its one request with `bytes` of JSON that never
 * closes (the `oversize` fault, chunked): the run, n8n's RSS right before and its peak growth, and
 * whether the connection was closed within 1 s of the run's end.
 */
async function runHostile({ ctx, sandbox, pid }, id, bytes, path) {
	await closedWithin(sandbox, 5000);
	sandbox.clearRequests();
	sandbox.failNext({ oversize: { bytes }, path });
	const measured = await withPeakRss(pid, () => rn.runManually(ctx, id, { timeoutMs: 600000 }));
	const closedMs = await closedWithin(sandbox, BOUNDS.closedWithinMs);
	return { ...measured, closedMs, requests: [...sandbox.requests] };
}

/**
 * The bounds checks of one line (see the top of this file).
 * @param {string} line   a line name of scripts/real-n8n/install.js
 * @param {object} o      {tarball, report, keep}
 * @returns {Promise<{growth: number, before: number}>} the hostile run's RSS figures
 */
async function runBoundsLine(line, { tarball, report, keep }) {
	const tag = `[n8n ${describe(line).version}]`;
	const t0 = Date.now();
	const instance = await openBoundsInstance(line, tarball);
	const { ctx, sandbox } = instance;
	try {
		report.time(`${tag} bounds checks: set-up (import, editor)`, Date.now() - t0);
		const warmUp = await rn.runManually(ctx, 'bounds-after');
		report.check(`${tag} bounds: the warm-up Get succeeded`, warmUp.ok, errorMessageOf(warmUp));

		const huge = await runHostile(
			instance,
			'bounds-huge',
			BOUNDS.answerBytes,
			`/api/v1/reports/${BOUNDS.reportId}`,
		);
		const name = `${tag} a Get answered with a 1 GB stream`;
		report.equal(
			`${name}: the execution failed with the node's error, naming the bound and the Base URL`,
			{ status: huge.result.status, message: errorMessageOf(huge.result) },
			{ status: 'error', message: tooLargeMessage(sandbox.url) },
		);
		report.check(
			`${name}: n8n's RSS grew by ${mib(huge.growth)} (less than ${mib(BOUNDS.rssGrowthBoundBytes)}; ${mib(huge.before)} before)`,
			huge.growth < BOUNDS.rssGrowthBoundBytes,
			`grew by ${mib(huge.growth)}`,
		);
		report.equal(
			`${name}: the sandbox got that one request (not retried)`,
			huge.requests.map((r) => ({ method: r.method, path: r.path, outcome: r.outcome })),
			[{ method: 'GET', path: `/api/v1/reports/${BOUNDS.reportId}`, outcome: 'oversize' }],
		);
		const written = huge.requests[0]?.bytesWritten ?? 0;
		report.check(
			`${name}: the sandbox wrote ${mib(written)} of the 1 GB before n8n closed the connection`,
			written > 0 && written < 64 * MIB,
			`wrote ${mib(written)}`,
		);
		report.check(
			`${name}: no connection left open within ${BOUNDS.closedWithinMs / 1000} s of the run's end${huge.closedMs === null ? '' : ` (${huge.closedMs} ms)`}`,
			huge.closedMs !== null,
			`${sandbox.openConnections()} connection(s) still open`,
		);

		sandbox.clearRequests();
		const after = await rn.runManually(ctx, 'bounds-after');
		const item = after.data?.data?.resultData?.runData?.['Get report']?.[0]?.data?.main?.[0]?.[0];
		report.check(
			`${tag} right after it, in the same n8n process, another workflow succeeded (report ${BOUNDS.reportId} read)`,
			after.ok && item?.json?.id === BOUNDS.reportId && sandbox.requests.length === 1,
			`status ${after.status}, ${errorMessageOf(after) ?? 'no error'}, item id ${item?.json?.id}, ${sandbox.requests.length} request(s)`,
		);
		report.write(
			`${tag} bounds: n8n's RSS ${mib(huge.before)} before the 1 GB answer, peak growth ${mib(huge.growth)}; the sandbox wrote ${mib(written)}`,
		);
		return { growth: huge.growth, before: huge.before };
	} finally {
		await instance.close({ keep });
		if (keep) report.write(`${tag} kept the bounds checks' user folder ${ctx.userFolder}`);
		report.time(`${tag} bounds checks`, Date.now() - t0);
	}
}

module.exports = {
	runBoundsLine,
	openBoundsInstance,
	runHostile,
	manualWorkflow,
	errorMessageOf,
	BOUNDS,
};
