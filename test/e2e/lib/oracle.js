'use strict';
/**
 * What a workflow run inside real n8n must have sent and output, worked out from the sandbox.
 *
 * - The sandbox is deterministic (fixed clock, no randomness): the same seed and the same requests
 *   give the same answers. So after n8n ran a workflow, the requests the sandbox logged are replayed,
 *   in order, on a freshly re-seeded sandbox; the answers are what n8n's node received, and the
 *   store afterwards must equal the store n8n left (checked, so the replay is proven faithful).
 * - The node's output is those answers as the node's contract says: the report (`data`) of a
 *   Get/Create/Update, the `data` of every page of a Get Many in order, `{id, deleted: true}` of a
 *   Delete; then the package's own output options (Simplify, a project's average), loaded from the
 *   very tarball n8n installed, with the node's parameters resolved the way n8n resolves them.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const { assertedRequest } = require('../../helpers/asserted-request');

const ROOT = path.join(__dirname, '..', '..', '..');

/** The e2e seed: the demo account plus 320 posts of blog.trailrunner.io, so lists span pages. */
const BULK_POSTS = 320;
function seedE2e(sandbox) {
	sandbox.reset('demo');
	for (let i = 1; i <= BULK_POSTS; i++) {
		// three in four are good (80..97), the rest decent
		const score = i % 4 === 0 ? 64 : 80 + (i % 18);
		sandbox.addReport({
			url: `https://blog.trailrunner.io/posts/run-${String(i).padStart(3, '0')}`,
			score,
		});
	}
}

/** The sandbox's request log reduced to what the node controls; empties the log. */
function takeRequests(sandbox) {
	const list = sandbox.requests.map((r) => ({
		...assertedRequest(r),
		status: r.status,
		rawPath: r.path,
		receivedAt: r.receivedAt,
	}));
	sandbox.clearRequests();
	return list;
}

/** Drops what is not asserted on (status, rawPath, receivedAt) for comparisons with an expected list. */
function sent(requests) {
	return requests.map(({ status, rawPath, receivedAt, ...r }) => r);
}

/**
 * Re-seeds with `reseed(sandbox)`, replays `requests` one after the other, returns the answers
 * `[{status, body}]` and empties the log again.
 */
async function replay(sandbox, requests, reseed) {
	reseed(sandbox);
	const answers = [];
	for (const r of requests) {
		const headers = {};
		for (const [k, v] of Object.entries(r.headers)) if (v !== undefined) headers[k] = v;
		const res = await fetch(`${sandbox.url}${r.rawPath}`, {
			method: r.method,
			headers,
			body: r.body === '' || r.method === 'GET' ? undefined : r.body,
			redirect: 'manual',
		});
		const text = await res.text();
		let body;
		try {
			body = JSON.parse(text);
		} catch {
			body = text;
		}
		answers.push({ status: res.status, body });
	}
	sandbox.clearRequests();
	return answers;
}

/** The package as n8n got it: the tarball unpacked next to the repo's n8n-workflow. */
function loadPackage(tarball) {
	const base = fs.mkdtempSync(path.join(os.tmpdir(), 'phprank-e2e-pkg-'));
	const nm = path.join(base, 'node_modules');
	const dir = path.join(nm, 'n8n-nodes-phprank');
	fs.mkdirSync(dir, { recursive: true });
	execFileSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1']);
	fs.symlinkSync(
		path.join(ROOT, 'node_modules', 'n8n-workflow'),
		path.join(nm, 'n8n-workflow'),
		'dir',
	);
	const pkgJson = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
	const nodeFile = pkgJson.n8n.nodes.find((f) => /PhpRank\.node\.js$/.test(f));
	const { PhpRank } = require(path.join(dir, nodeFile));
	const description = new PhpRank().description;
	const triggerFile = pkgJson.n8n.nodes.find((f) => /PhpRankTrigger\.node\.js$/.test(f));
	const triggerDescription = triggerFile
		? new (require(path.join(dir, triggerFile)).PhpRankTrigger)().description
		: undefined;
	const nodeDir = path.join(dir, path.dirname(nodeFile));
	const { reportView } = require(path.join(nodeDir, 'report', 'reportView.js'));
	const { projectWithAverage } = require(path.join(nodeDir, 'report', 'score.js'));
	const { NodeHelpers } = require(path.join(nm, 'n8n-workflow'));
	return {
		dir,
		version: pkgJson.version,
		description,
		triggerDescription,
		finishOutput: outputOf(reportView, projectWithAverage),
		NodeHelpers,
		cleanup: () => fs.rmSync(base, { recursive: true, force: true }),
	};
}

/**
 * The package's own output options, as its operations apply them (report/reportView.ts
 * `reportView` for every operation that outputs reports, report/score.ts `projectWithAverage`
 * for Project → Get Many), loaded from the tarball n8n installed.
 */
function outputOf(reportView, projectWithAverage) {
	const isRecord = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
	return (context, operation, recs) => {
		const resource = context.getNodeParameter('resource', 'report');
		if (resource === 'project') {
			return operation === 'getAll'
				? recs.map((rec) => (isRecord(rec) ? projectWithAverage(rec) : rec))
				: recs;
		}
		if (!['get', 'getAll', 'create', 'update'].includes(operation)) return recs;
		return recs.map(reportView(context));
	};
}

function getPath(obj, dotted) {
	return dotted
		.split('.')
		.reduce((o, k) => (o === undefined || o === null ? undefined : o[k]), obj);
}

/** The node's parameters with n8n's defaults filled in (what getNodeParameter sees). */
function resolvedParameters(pkg, node) {
	const description = node.type.endsWith('.phpRankTrigger')
		? pkg.triggerDescription
		: pkg.description;
	return (
		pkg.NodeHelpers.getNodeParameters(
			description.properties,
			node.parameters,
			true,
			false,
			node,
			description,
		) || {}
	);
}

/** The records an operation produced from its answers ({request, status, body}), before output options. */
function records(answers, params) {
	const { resource, operation } = params;
	const data = (a) => (a.body && typeof a.body === 'object' ? a.body.data : undefined);
	if (operation === 'getAll') {
		const all = answers.flatMap((a) => (Array.isArray(data(a)) ? data(a) : [{ notAList: a.body }]));
		return params.returnAll ? all : all.slice(0, params.limit);
	}
	const last = answers[answers.length - 1];
	if (operation === 'delete') {
		const segment = decodeURIComponent(last.request.path.split('/').pop());
		return [{ id: resource === 'report' ? Number(segment) : segment, deleted: true }];
	}
	return [data(last)];
}

/**
 * Expected output items (json) of one phpRank node, for one input item, from its answers.
 * `answers`: [{request, status, body}] of the requests this node made for that item, in order.
 */
function expectedItems(pkg, node, answers) {
	const params = resolvedParameters(pkg, node);
	const recs = records(answers, params);
	if (!pkg.finishOutput) return recs;
	const context = {
		getNodeParameter: (name, fallback) => {
			const v = getPath(params, name);
			return v === undefined ? fallback : v;
		},
		getNode: () => node,
	};
	return pkg.finishOutput(context, params.operation, recs, undefined);
}

module.exports = {
	seedE2e,
	takeRequests,
	sent,
	replay,
	loadPackage,
	expectedItems,
	resolvedParameters,
};
