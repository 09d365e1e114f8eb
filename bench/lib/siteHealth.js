'use strict';
// Section 7, site health (issue 29): Project → Get Issues beside what a user builds without it
// (Report Get Many, Return All, of the project, then a Code node that counts), in the same n8n run,
// Get Issues at the package's default version (from 1.2 with the site summary, issue 45):
// requests, node time, RSS growth of n8n while each ran, bytes received; then in-process the live
// heap of each against the bytes received (the goal: Get Issues at 10 % or less); the size of the
// MCP tool's answer for a 1,000-page site (examples/mcp-server.json's Get site issues, and the same at
// every importance); the trigger's stored state for 1,000 watched reports (Check Failed, and the
// score events beside it).
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { startSandbox } = require('../../test/sandbox');
const { startByteProxy } = require('./byteProxy');
const { phpRankNode } = require('./workflows');
const { nodeRun } = require('./n8nSession');
const { median } = require('./stats');
const { readSamples } = require('./memory');
const { rollingWatch } = require('./rollingWatch');

const SITE = 'big-site.test';
const ROOT = path.join(__dirname, '..', '..');

/** `total` pages of one site, one report each, scores spread so that every check fails somewhere. */
function siteSeed(total) {
	return Array.from({ length: total }, (_, i) => ({
		url: `https://${SITE}/section-${i % 20}/page-${i}`,
		score: (i * 37) % 101,
	}));
}

const locator = { __rl: true, mode: 'name', value: SITE };
const GET_ISSUES = { resource: 'project', operation: 'getIssues', project: locator };
/** Project → Digest of the same site (issue 50): Get Issues' reads, then the digest's channels. */
const DIGEST = { resource: 'project', operation: 'digest', project: locator };
const GET_MANY = {
	resource: 'report',
	operation: 'getAll',
	returnAll: true,
	filters: { project: locator },
};

/** What a user's Code node does with Get Many's reports: the newest per page, then counts per check. */
const COUNT_CODE = `const newest = new Map();
for (const { json } of $input.all()) if (!newest.has(json.url)) newest.set(json.url, json);
const issues = {};
for (const report of newest.values()) {
  for (const checks of Object.values(report.failed_checks)) {
    for (const check of checks) {
      const issue = (issues[check.check] ??= { check: check.check, importance: check.importance, pages_failing: 0, pages_audited: newest.size, pages: [] });
      issue.pages_failing++;
      if (issue.pages.length < 10) issue.pages.push({ id: report.id, url: report.url, reason: check.reason });
    }
  }
}
return Object.values(issues).map((json) => ({ json }));`;

/** Whether the measured package has Project → Digest (a baseline before issue 50 has not). */
function hasDigest(snapshot) {
	const { PhpRank } = require(snapshot.nodeFile);
	const operation = new PhpRank().description.properties.find(
		(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes('project'),
	);
	return operation?.options?.some((o) => o.value === 'digest') === true;
}

/** The version n8n gives a new node of the measured package (its description's default, else the highest). */
function defaultVersionOf(snapshot) {
	const { PhpRank } = require(snapshot.nodeFile);
	const { version, defaultVersion } = new PhpRank().description;
	return defaultVersion ?? (Array.isArray(version) ? Math.max(...version) : version);
}

/** Whether an output item of Get Issues is its site summary (version 1.2), not an issue. */
const isSummary = (item) => item.json?.kind === 'site summary';

/** Peak RSS growth over [start, end] against the RSS just before. */
function growth(samples, start, end) {
	const before = samples.filter(([t]) => t < start).slice(-20);
	const during = samples.filter(([t]) => t >= start && t <= end);
	if (!before.length || !during.length) return NaN;
	return Math.max(...during.map(([, rss]) => rss)) - median(before.map(([, rss]) => rss));
}

/** The workflow: Start → Get Issues, and Start → Get Many → Count (Code), in the order given. */
function comparisonWorkflow(id, session, creds, issuesFirst, typeVersion) {
	const issues = phpRankNode('Get Issues', session.nodeType, GET_ISSUES, creds.phpRank[0]);
	issues.typeVersion = typeVersion;
	const many = phpRankNode('Get Many', session.nodeType, GET_MANY, creds.phpRank[1]);
	const count = {
		id: '00000000-0000-4000-8000-00000000c0de',
		name: 'Count',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		position: [880, 160],
		parameters: { jsCode: COUNT_CODE },
	};
	const start = {
		id: '00000000-0000-4000-8000-00000000a0a0',
		name: 'Start',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	issues.position = [440, issuesFirst ? 0 : 320];
	many.position = [440, issuesFirst ? 320 : 0];
	const branches = issuesFirst ? [issues, many] : [many, issues];
	return {
		id,
		name: `bench site health ${issuesFirst ? 'issues first' : 'get many first'}`,
		nodes: [start, issues, many, count],
		connections: {
			Start: { main: [branches.map((n) => ({ node: n.name, type: 'main', index: 0 }))] },
			'Get Many': { main: [[{ node: 'Count', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1', saveManualExecutions: false },
	};
}

async function inN8n({ session, apiKey, credsFor, total, reps, typeVersion, log }) {
	const sandboxes = await Promise.all(
		[0, 1].map(() => startSandbox({ apiKeys: [apiKey], seed: siteSeed(total) })),
	);
	const proxies = await Promise.all(sandboxes.map((s) => startByteProxy(s.port)));
	try {
		const creds = await credsFor(proxies.map((p) => p.url));
		const workflows = [true, false].map((first, i) =>
			comparisonWorkflow(`benchSiteHealth${i}`, session, creds, first, typeVersion),
		);
		await session.importWorkflows(workflows);
		const runs = [];
		for (let r = 0; r < reps; r++) {
			const wf = workflows[r % 2];
			proxies.forEach((p) => p.reset());
			sandboxes.forEach((s) => s.clearRequests());
			const result = await session.execute(wf.id, { rss: true });
			const samples = readSamples(result.rssFile);
			const issues = nodeRun(result.runData, 'Get Issues');
			const many = nodeRun(result.runData, 'Get Many');
			const count = nodeRun(result.runData, 'Count');
			for (const run of [issues, many, count])
				if (run.error) throw new Error(`site health: ${JSON.stringify(run.error).slice(0, 500)}`);
			if (many.items.length !== total)
				throw new Error(`Get Many output ${many.items.length} reports, not ${total}`);
			const issueItems = issues.items.filter((item) => !isSummary(item));
			if (count.items.length !== issueItems.length)
				throw new Error(
					`the Code node counted ${count.items.length} issues, Get Issues output ${issueItems.length}`,
				);
			const entry = {
				issues: {
					requests: sandboxes[0].requests.length,
					bytes: proxies[0].counters.toClient,
					ms: issues.executionTime,
					rss: growth(samples, issues.startTime, issues.startTime + issues.executionTime),
					items: issueItems.length,
					summaries: issues.items.length - issueItems.length,
					outputBytes: Buffer.byteLength(JSON.stringify(issues.items.map((item) => item.json))),
				},
				manual: {
					requests: sandboxes[1].requests.length,
					bytes: proxies[1].counters.toClient,
					ms: many.executionTime + count.executionTime,
					getManyMs: many.executionTime,
					codeMs: count.executionTime,
					rss: growth(samples, many.startTime, count.startTime + count.executionTime),
					items: count.items.length,
				},
			};
			runs.push(entry);
			log?.(
				`  n8n run ${r + 1}: Get Issues ${entry.issues.requests} requests, ${entry.issues.ms} ms, +${(entry.issues.rss / 1048576).toFixed(0)} MiB RSS; Get Many + Code ${entry.manual.requests} requests, ${entry.manual.ms} ms, +${(entry.manual.rss / 1048576).toFixed(0)} MiB RSS`,
			);
		}
		const med = (side, key) => median(runs.map((e) => e[side][key]));
		const summary = (side) =>
			Object.fromEntries(Object.keys(runs[0][side]).map((key) => [key, med(side, key)]));
		const issuesMs = runs.map((e) => e.issues.ms);
		return {
			reps,
			typeVersion,
			issues: { ...summary('issues'), msRange: [Math.min(...issuesMs), Math.max(...issuesMs)] },
			manual: summary('manual'),
		};
	} finally {
		await Promise.all(proxies.map((p) => p.close()));
		await Promise.all(sandboxes.map((s) => s.close()));
	}
}

/** The live-heap child (lib/live-heap-child.js) for one parameter set; bytes counted by a proxy. */
async function liveHeap({ snapshot, apiKey, parameters, proxy }) {
	proxy.reset();
	const text = await new Promise((resolve, reject) => {
		const p = spawn(
			process.execPath,
			[
				'--expose-gc',
				path.join(__dirname, 'live-heap-child.js'),
				snapshot.nodeFile,
				snapshot.credentialFile,
				proxy.url,
				apiKey,
				JSON.stringify(parameters),
			],
			{ stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, N8N_USER_FOLDER: undefined } },
		);
		let stdout = '';
		let stderr = '';
		p.stdout.on('data', (d) => (stdout += d));
		p.stderr.on('data', (d) => (stderr += d));
		p.on('error', reject);
		p.on('close', (code) =>
			code === 0 ? resolve(stdout) : reject(new Error(`live-heap child: ${stderr.slice(-2000)}`)),
		);
	});
	return { ...JSON.parse(text), bytes: proxy.counters.toClient };
}

async function inProcessHeap({ snapshot, apiKey, total, reps, log }) {
	const sandbox = await startSandbox({ apiKeys: [apiKey], seed: siteSeed(total) });
	const proxy = await startByteProxy(sandbox.port);
	// Digest beside Get Issues, alternating with it: the same reads, then its channels
	const variants = [
		{ key: 'issues', parameters: GET_ISSUES },
		{ key: 'getMany', parameters: GET_MANY },
		...(hasDigest(snapshot) ? [{ key: 'digest', parameters: DIGEST }] : []),
	];
	const out = { issues: [], getMany: [], digest: [] };
	try {
		for (let r = 0; r < reps; r++) {
			for (const v of r % 2 ? [...variants].reverse() : variants) {
				const before = sandbox.requests.length;
				const res = await liveHeap({ snapshot, apiKey, parameters: v.parameters, proxy });
				// the child's warm-up (a Get Many of one report) is one request
				out[v.key].push({ ...res, requests: sandbox.requests.length - before - 1 });
				log?.(
					`  live heap ${v.key}: peak ${(res.peakLive / 1048576).toFixed(1)} MiB for ${(res.bytes / 1048576).toFixed(1)} MiB received (${((100 * res.peakLive) / res.bytes).toFixed(1)} %)`,
				);
			}
		}
	} finally {
		await proxy.close();
		await sandbox.close();
	}
	const summary = (list) => ({
		bytes: median(list.map((e) => e.bytes)),
		peakLive: median(list.map((e) => e.peakLive)),
		retained: median(list.map((e) => e.retained)),
		share: median(list.map((e) => e.peakLive / e.bytes)),
		shares: list.map((e) => e.peakLive / e.bytes),
		ms: median(list.map((e) => e.ms)),
		msRange: [Math.min(...list.map((e) => e.ms)), Math.max(...list.map((e) => e.ms))],
		summaries: median(list.map((e) => e.summaries ?? 0)),
		requests: median(list.map((e) => e.requests)),
	});
	return {
		total,
		reps,
		issues: summary(out.issues),
		getMany: summary(out.getMany),
		digest: out.digest.length > 0 ? summary(out.digest) : undefined,
	};
}

/** The MCP tool's answer (JSON of its output items) for a 1,000-page site, as the example sets it up. */
async function toolAnswer({ runInProcess, apiKey }) {
	const example = JSON.parse(
		fs.readFileSync(path.join(ROOT, 'examples', 'mcp-server.json'), 'utf8'),
	);
	const toolNode = example.nodes.find((n) => n.name === 'Get site issues');
	const tool = toolNode.parameters;
	const sandbox = await startSandbox({ apiKeys: [apiKey], seed: siteSeed(1000) });
	try {
		const answer = async (extra) => {
			// the tool as the example saves it, its node version included
			const { items } = await runInProcess(
				sandbox.url,
				{
					...GET_ISSUES,
					pagesPerIssue: tool.pagesPerIssue,
					importance: tool.importance,
					...extra,
				},
				{ typeVersion: toolNode.typeVersion },
			);
			const text = JSON.stringify(items.map((item) => item.json));
			return { bytes: Buffer.byteLength(text), issues: items.length };
		};
		return {
			pagesPerIssue: tool.pagesPerIssue,
			importance: tool.importance,
			asShipped: await answer({}),
			everyImportance: await answer({ importance: ['high', 'medium', 'low'] }),
		};
	} finally {
		await sandbox.close();
	}
}

/** The trigger's stored state after its first poll over 1,000 watched reports, per event. */
async function triggerState({ snapshot, apiKey }) {
	const { createPollSession } = require('../../test/helpers/poll-runner');
	const { PhpRankTrigger } = require(
		path.join(path.dirname(snapshot.nodeFile), 'PhpRankTrigger.node.js'),
	);
	const { PhpRankApi } = require(snapshot.credentialFile);
	const { CHECK_CATALOGUE } = require(
		path.join(path.dirname(snapshot.nodeFile), 'report', 'checkCatalogue.js'),
	);
	const sandbox = await startSandbox({ apiKeys: [apiKey], seed: { reports: 1000 } });
	const every = CHECK_CATALOGUE.map((c) => c.key);
	// every chosen check failing on every report: the largest number each report can take
	for (const r of sandbox.reports()) sandbox.setChecks(r.id, 'none');
	try {
		const cases = [
			['Check Failed, all 33 checks chosen, all failing', { event: 'checkFailed', checks: every }],
			['Check Failed, the default checks', { event: 'checkFailed' }],
			['Check Fixed, all 33 checks chosen, all failing', { event: 'checkFixed', checks: every }],
			['Check Fixed, the default checks', { event: 'checkFixed' }],
			['Score Changed (for comparison)', { event: 'scoreChanged' }],
		];
		const events = new PhpRankTrigger().description.properties
			.find((p) => p.name === 'event')
			.options.map((o) => o.value);
		const rows = [];
		for (const [label, parameters] of cases) {
			// a baseline from before Check Fixed has no such event: its row reads "—"
			if (!events.includes(parameters.event)) continue;
			const session = createPollSession({
				nodeType: new PhpRankTrigger(),
				credentialType: new PhpRankApi(),
				credentials: { baseUrl: sandbox.url, apiKey },
				parameters: { ...parameters, watchCount: 1000 },
			});
			const poll = await session.poll();
			if (poll.error) throw poll.error;
			rows.push({ label, bytes: Buffer.byteLength(JSON.stringify(poll.nodeStaticData)) });
		}
		return { watched: 1000, rows };
	} finally {
		await sandbox.close();
	}
}

async function runSiteHealth({
	session,
	snapshot,
	apiKey,
	credsFor,
	runInProcess,
	total,
	reps,
	log,
}) {
	const typeVersion = defaultVersionOf(snapshot);
	log?.(
		`  Get Issues (version ${typeVersion}) vs Get Many + Code in real n8n, ${total} reports of one site`,
	);
	const n8n = await inN8n({ session, apiKey, credsFor, total, reps, typeVersion, log });
	log?.('  live heap in-process');
	const heap = await inProcessHeap({ snapshot, apiKey, total, reps, log });
	log?.('  the MCP tool answer, 1,000-page site');
	const tool = await toolAnswer({ runInProcess, apiKey });
	log?.('  the trigger state, 1,000 watched reports');
	const state = await triggerState({ snapshot, apiKey });
	log?.(`  the trigger watching a whole site, ${total} reports`);
	const rolling = await rollingWatch({ snapshot, apiKey, reports: total });
	return { total, n8n, heap, tool, state, rolling };
}

module.exports = { runSiteHealth };
