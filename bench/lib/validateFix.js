'use strict';
// Section 7b, Validate Fix (issue 34): Project → Validate Fix over a site of 1,000 pages with one
// report each, 250 of them plain http (the sandbox fails them on HTTPS Encryption until its `repair`,
// the site owner's fix). In real n8n, each case a workflow of its own against a sandbox of its own,
// reset before every run: the fix did not work (default: stops at the first page, 1 write; Check All
// Pages: every failing page re-run), and the fix worked (every failing page re-run, both modes alike).
// Figures, medians: requests (against the minimum, ⌈P/100⌉ + the re-runs) and node time
// (`executionTime`). Then, in-process, the MCP tool's answer (examples/mcp-server.json's Validate fix)
// for the same site, fixed, every page re-checked.
const fs = require('node:fs');
const path = require('node:path');
const { startSandbox } = require('../../test/sandbox');
const { phpRankNode } = require('./workflows');
const { nodeRun } = require('./n8nSession');
const { median } = require('./stats');

const SITE = 'fix-site.test';
const PAGES = 1000;
const FAILING = 250;
const CHECK = 'https_encryption';
const ROOT = path.join(__dirname, '..', '..');

/** 1,000 pages of one site, every fourth one plain http: 250 fail HTTPS Encryption. */
function siteSeed() {
	return Array.from({ length: PAGES }, (_, i) => ({
		url: `${i % 4 === 3 ? 'http' : 'https'}://${SITE}/page-${i}`,
	}));
}

const VALIDATE_FIX = {
	resource: 'project',
	operation: 'validateFix',
	project: { __rl: true, mode: 'name', value: SITE },
	check: CHECK,
};
const READS = Math.ceil(PAGES / 100);

/** The cases: label, parameters, whether the sandbox repairs the check first, the minimum of requests. */
const CASES = [
	{
		key: 'notFixed',
		label: 'the fix did not work, default (stop at the first page)',
		repaired: false,
		extra: {},
		minimum: READS + 1,
	},
	{
		key: 'notFixedAll',
		label: 'the fix did not work, Check All Pages',
		repaired: false,
		extra: { checkAllPages: true },
		minimum: READS + FAILING,
	},
	{
		key: 'fixed',
		label: 'the fix worked, default',
		repaired: true,
		extra: {},
		minimum: READS + FAILING,
	},
	{
		key: 'fixedAll',
		label: 'the fix worked, Check All Pages',
		repaired: true,
		extra: { checkAllPages: true },
		minimum: READS + FAILING,
	},
];

function reseed(sandbox, repaired) {
	sandbox.reset(siteSeed());
	if (repaired) sandbox.repair({ checks: CHECK, project: SITE });
}

async function inN8n({ session, apiKey, credsFor, reps, log }) {
	const sandboxes = await Promise.all(
		CASES.map(() => startSandbox({ apiKeys: [apiKey], seed: siteSeed() })),
	);
	try {
		const creds = await credsFor(sandboxes.map((s) => s.url));
		const workflows = CASES.map((c, i) => {
			const node = phpRankNode(
				'Validate Fix',
				session.nodeType,
				{ ...VALIDATE_FIX, ...c.extra },
				creds.phpRank[i],
			);
			return {
				id: `benchValidateFix${i}`,
				name: `bench validate fix: ${c.label}`,
				nodes: [
					{
						id: `00000000-0000-4000-8000-0000000fa0${i}0`,
						name: 'Start',
						type: 'n8n-nodes-base.manualTrigger',
						typeVersion: 1,
						position: [0, 0],
						parameters: {},
					},
					node,
				],
				connections: { Start: { main: [[{ node: node.name, type: 'main', index: 0 }]] } },
				settings: { executionOrder: 'v1', saveManualExecutions: false },
			};
		});
		await session.importWorkflows(workflows);
		const out = {};
		for (const [i, c] of CASES.entries()) {
			const runs = [];
			for (let r = 0; r < reps; r++) {
				reseed(sandboxes[i], c.repaired);
				const result = await session.execute(workflows[i].id);
				const run = nodeRun(result.runData, 'Validate Fix');
				if (run.error) throw new Error(`validate fix: ${JSON.stringify(run.error).slice(0, 500)}`);
				const item = run.items[0]?.json;
				const expected = c.repaired ? 'passed' : 'failed';
				if (item?.validation !== expected || item.pages_failing_before !== FAILING)
					throw new Error(`validate fix, ${c.label}: ${JSON.stringify(item).slice(0, 300)}`);
				runs.push({ requests: sandboxes[i].requests.length, ms: run.executionTime });
				log?.(`  ${c.label}: ${runs.at(-1).requests} requests, ${run.executionTime} ms`);
			}
			const ms = runs.map((x) => x.ms);
			out[c.key] = {
				label: c.label,
				minimum: c.minimum,
				requests: median(runs.map((x) => x.requests)),
				ms: median(ms),
				msRange: [Math.min(...ms), Math.max(...ms)],
			};
		}
		return out;
	} finally {
		await Promise.all(sandboxes.map((s) => s.close()));
	}
}

/** The MCP tool's answer (JSON of its output) for the site, fixed, every failing page re-checked. */
async function toolAnswer({ runInProcess, apiKey }) {
	const example = JSON.parse(
		fs.readFileSync(path.join(ROOT, 'examples', 'mcp-server.json'), 'utf8'),
	);
	const tool = example.nodes.find((n) => n.name === 'Validate fix')?.parameters;
	const sandbox = await startSandbox({ apiKeys: [apiKey], seed: siteSeed() });
	try {
		reseed(sandbox, true);
		const { items } = await runInProcess(sandbox.url, {
			...VALIDATE_FIX,
			checkAllPages: true,
			pagesPerIssue: tool?.pagesPerIssue ?? 5,
		});
		return {
			pagesPerIssue: tool?.pagesPerIssue ?? 5,
			bytes: Buffer.byteLength(JSON.stringify(items.map((i) => i.json))),
		};
	} finally {
		await sandbox.close();
	}
}

async function runValidateFix({ session, apiKey, credsFor, runInProcess, reps, log }) {
	log?.(`  Validate Fix in real n8n, ${PAGES} pages, ${FAILING} failing`);
	const cases = await inN8n({ session, apiKey, credsFor, reps, log });
	log?.('  the MCP tool answer');
	const tool = await toolAnswer({ runInProcess, apiKey });
	return { pages: PAGES, failing: FAILING, reps, cases, tool };
}

module.exports = { runValidateFix };
