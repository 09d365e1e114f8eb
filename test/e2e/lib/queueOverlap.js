// Queue mode, issue 33: several webhook executions for the same new page at once, handed to two
// workers, end with one report on the sandbox and the same report ID in every execution's output
// (Create or Re-Run's read after a Create across processes, its in-process guard within a worker).
const crypto = require('node:crypto');

const OVERLAP = {
	/** Executions at once, all for one new page (in several spellings). */
	executions: 8,
	/** The sandbox waits this long before each request: lookups and Creates of both workers overlap. */
	latencyMs: 400,
};

/** The spellings the executions send, one after the other: one page. */
const SPELLINGS = [
	'https://overlap.example.com/neue-seite',
	'https://www.overlap.example.com/neue-seite/',
	'http://overlap.example.com:443/neue-seite',
	'https://overlap.example.com/x/../neue-seite#top',
];

/** POST {url} → Create or Re-Run of that URL; the webhook answers with its output. */
function overlapWorkflow({ id, webhookNode, credentialRef, nodeType, connect }) {
	return {
		id,
		name: 'Queue mode: Create or Re-Run, executions that overlap',
		nodes: [
			webhookNode(id),
			{
				id: crypto.randomUUID(),
				name: 'Create or Re-Run',
				type: nodeType,
				typeVersion: 1,
				position: [220, 0],
				parameters: {
					resource: 'report',
					operation: 'createOrRerun',
					url: '={{ $json.body.url }}',
				},
				credentials: credentialRef,
			},
		],
		connections: connect('Webhook', 'Create or Re-Run'),
		settings: { executionOrder: 'v1' },
	};
}

/**
 * The scenario. `post(url, body)` answers { status, json, text }; `ranBy(executionId)` names the
 * processes that ran an execution; `executions()` lists the workflow's executions.
 */
async function overlapScenario({
	report,
	tag,
	sandbox,
	url,
	post,
	waitForWebhook,
	executions,
	ranBy,
}) {
	const name = `${tag} ${OVERLAP.executions} executions at once for one new page, ${OVERLAP.latencyMs} ms per request`;
	sandbox.reset(null);
	sandbox.setFaults({ latencyMs: OVERLAP.latencyMs });
	await waitForWebhook(url);
	const started = Date.now();
	const answers = await Promise.all(
		Array.from({ length: OVERLAP.executions }, (_, i) =>
			post(url, { url: SPELLINGS[i % SPELLINGS.length] }),
		),
	);
	const wallMs = Date.now() - started;
	sandbox.setFaults({});
	const outputs = answers.map((a) => (Array.isArray(a.json) ? a.json : []));
	report.equal(
		`${name}: every execution succeeded with one item`,
		answers.map((a, i) => ({
			status: a.status,
			items: outputs[i].length,
			error: outputs[i][0]?.error,
		})),
		answers.map(() => ({ status: 200, items: 1, error: undefined })),
	);
	const live = sandbox.reports().filter((r) => !r.deleted_at);
	report.check(
		`${name}: one report of the page on the sandbox (${live.map((r) => r.url).join(', ')})`,
		live.length === 1,
		JSON.stringify(live.map((r) => ({ id: r.id, url: r.url }))),
	);
	const ids = [...new Set(outputs.map((items) => items[0]?.id))];
	report.equal(`${name}: the same report ID in every execution's output`, ids, [live[0]?.id]);
	const requests = sandbox.requests;
	const count = (method) => requests.filter((r) => r.method === method).length;
	const stored = sandbox.reports();
	report.check(
		`${name}: every duplicate made was deleted (${stored.length} stored, ${stored.length - live.length} deleted)`,
		stored.length - live.length === count('DELETE') && count('POST') === stored.length,
		JSON.stringify(stored.map((r) => ({ id: r.id, deleted: Boolean(r.deleted_at) }))),
	);
	const byWorker = {};
	for (const execution of await executions()) {
		const ran = ranBy(execution.id).join(' and ') || 'none';
		byWorker[ran] = (byWorker[ran] || 0) + 1;
	}
	const actions = {};
	for (const items of outputs) actions[items[0]?.action] = (actions[items[0]?.action] || 0) + 1;
	report.write(
		`${name}: ${count('POST')} Create(s), ${count('DELETE')} duplicate(s) deleted, ${count('PATCH')} re-run(s), ${count('GET')} list reads; actions ${JSON.stringify(actions)}; executions by ${JSON.stringify(byWorker)}; wall ${(wallMs / 1000).toFixed(2)} s`,
	);
	report.time(`${name}: wall time`, wallMs);
}

module.exports = { overlapWorkflow, overlapScenario, OVERLAP };
