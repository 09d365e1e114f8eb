'use strict';
/**
 * The node as an AI Agent's tool, in real n8n: test/e2e/workflows/agent-tool.json has n8n's AI Agent
 * with n8n's OpenAI Chat Model, whose credential's Base URL points at a local server that plays the
 * model (below), and the phpRank node as the tool "Audit page" (Report → Create or Re-Run, its URL
 * left to the model with $fromAI, On Error: Continue, which n8n 1.x needs to hand a tool's error to
 * the model instead of stopping the run).
 *
 * The scripted model, one answer per call of n8n's OpenAI Chat Model (Chat Completions API):
 *   1. the prompt → a call of the tool with a URL without scheme (what models often write);
 *   2. the tool's answer (the node's error) → the same call with the full URL;
 *   3. the tool's answer (the report) → text naming the score and label it read in that answer.
 *
 * Checked in each n8n line: the run succeeds and the agent outputs the model's text; the sandbox
 * received exactly the requests of one Create or Re-Run of that page (nothing for the refused call);
 * the model was offered the tool with the description n8n builds from the node; the error the model
 * received is the node's own message for that URL (from the installed package's input checks), and
 * the report it received is the Simplified report plus `action`, exactly.
 */
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const rn = require('../../../scripts/real-n8n/n8n');
const { takeRequests, sent } = require('./oracle');
const { KEY, headers } = require('./specs');

const ROOT = path.join(__dirname, '..', '..', '..');
const WORKFLOW_FILE = 'test/e2e/workflows/agent-tool.json';
const CREDENTIAL = { id: 'openai-model-mock', name: 'OpenAI (model mock)' };
const MODEL_KEY = 'sk-model-mock-7f3a';
const TOOL_NODE = 'Audit page';
const AGENT_NODE = 'SEO agent';
const PAGE = 'https://www.northwind-coffee.com/shop';
const PAGE_WITHOUT_SCHEME = 'northwind-coffee.com/shop';

function workflow() {
	return JSON.parse(fs.readFileSync(path.join(ROOT, WORKFLOW_FILE), 'utf8'));
}

/** The OpenAI credential whose Base URL is the model mock. */
function modelCredential(mockUrl) {
	return { ...CREDENTIAL, type: 'openAiApi', data: { apiKey: MODEL_KEY, url: `${mockUrl}/v1` } };
}

/** The text of a chat message's content, whether a string or a list of parts. */
function textOf(content) {
	if (typeof content === 'string') return content;
	if (Array.isArray(content))
		return content.map((part) => (typeof part === 'string' ? part : (part.text ?? ''))).join('');
	return '';
}

/** The tool answers the model has been sent so far, in order. */
function toolAnswers(body) {
	return (body.messages || []).filter((m) => m.role === 'tool').map((m) => textOf(m.content));
}

/** The script: what the model says at each step, from what it has been sent. */
function scriptedAnswer(body) {
	const tool = body.tools?.[0]?.function?.name;
	const answers = toolAnswers(body);
	const callTool = (url) => ({
		toolCall: {
			id: `call_${answers.length + 1}`,
			name: tool,
			arguments: JSON.stringify({ URL: url }),
		},
	});
	if (answers.length === 0) return callTool(PAGE_WITHOUT_SCHEME);
	if (answers.length === 1) return callTool(PAGE);
	let score = '?';
	let label = '?';
	try {
		const [report] = JSON.parse(answers[1]);
		score = report.score;
		label = report.label;
	} catch {
		// left as '?': the check on the agent's text then fails and shows what the model was sent
	}
	return { text: `${PAGE_WITHOUT_SCHEME} scores ${score} out of 100 (${label}).` };
}

/** An OpenAI Chat Completions answer, whole or streamed (server-sent events). */
function completion(answer, model, stream) {
	const id = 'chatcmpl-mock';
	const created = 1767600000;
	const toolCalls = answer.toolCall
		? [
				{
					id: answer.toolCall.id,
					type: 'function',
					function: { name: answer.toolCall.name, arguments: answer.toolCall.arguments },
				},
			]
		: undefined;
	const finish = toolCalls ? 'tool_calls' : 'stop';
	const usage = { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 };
	if (!stream) {
		const message = {
			role: 'assistant',
			content: answer.text ?? null,
			...(toolCalls ? { tool_calls: toolCalls } : {}),
		};
		return {
			type: 'application/json',
			body: JSON.stringify({
				id,
				object: 'chat.completion',
				created,
				model,
				choices: [{ index: 0, message, finish_reason: finish }],
				usage,
			}),
		};
	}
	const chunk = (delta, finishReason = null, extra = {}) =>
		`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra })}\n\n`;
	const deltas = toolCalls
		? [
				chunk({
					role: 'assistant',
					content: null,
					tool_calls: toolCalls.map((call, index) => ({ index, ...call })),
				}),
			]
		: [chunk({ role: 'assistant', content: answer.text })];
	return {
		type: 'text/event-stream',
		body: `${deltas.join('')}${chunk({}, finish, { usage })}data: [DONE]\n\n`,
	};
}

/** Starts the model mock; `calls` holds every request body n8n sent it, in order. */
async function startModelMock() {
	const calls = [];
	const server = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (d) => (raw += d));
		req.on('end', () => {
			if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
				res.writeHead(404, { 'content-type': 'application/json' });
				res.end(
					JSON.stringify({ error: { message: `the model mock has no ${req.method} ${req.url}` } }),
				);
				return;
			}
			let body = {};
			try {
				body = JSON.parse(raw);
			} catch {
				// recorded as {}: the checks then show that nothing usable came
			}
			calls.push({ authorization: req.headers.authorization, body });
			const { type, body: text } = completion(
				scriptedAnswer(body),
				body.model,
				body.stream === true,
			);
			res.writeHead(200, { 'content-type': type });
			res.end(text);
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${server.address().port}`,
		calls,
		close: () => new Promise((resolve) => server.close(resolve)),
	};
}

/** The package's own words for a URL without scheme (from the installed tarball's input checks). */
function refusalOf(pkg, url) {
	const { pageUrlFrom } = require(
		path.join(pkg.dir, 'dist', 'nodes', 'PhpRank', 'shared', 'inputChecks.js'),
	);
	try {
		pageUrlFrom(url);
	} catch (error) {
		return error.message;
	}
	return undefined;
}

/** A tool answer as every n8n line hands it to the model: the JSON text of the tool's output items. */
function parsedAnswer(text) {
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

async function checkAgent({ ctx, sandbox, mock, report, tag, pkg, seed, runTail }) {
	const name = `${tag} AI Agent with the phpRank tool (${WORKFLOW_FILE})`;
	seed(sandbox);
	mock.calls.length = 0;
	const before = (await apiReport(sandbox, 7)).data;
	sandbox.clearRequests();
	const r = await rn.execute(ctx, workflow().id);
	report.time(`${name}: n8n execute`, r.ms);
	const requests = takeRequests(sandbox);
	report.check(`${name}: the run succeeds`, r.ok, () => runTail(r));

	// what reached phpRank: exactly one Create or Re-Run of the page; nothing for the refused call
	const lookup = {
		method: 'GET',
		path: '/api/v1/reports',
		query: {
			search_by: 'url',
			// the page's lookup term: its site, then the part of its path every spelling shares (report/storedUrl.ts)
			search: 'northwind-coffee.com%/shop',
			sort_by: 'id',
			sort: 'desc',
			per_page: '100',
			page: '1',
		},
		headers: headers(undefined),
		body: '',
	};
	const rerun = {
		method: 'PATCH',
		path: `/api/v1/reports/${before.id}`,
		query: {},
		headers: headers('application/x-www-form-urlencoded'),
		body: 'results=1',
	};
	report.equal(
		`${name}: the tool call reached the sandbox as exactly the lookup and the re-run of report ${before.id}`,
		sent(requests),
		[lookup, rerun],
	);

	// what the model was offered and sent
	const calls = mock.calls;
	report.check(
		`${name}: the model was called 3 times, with the credential's key`,
		calls.length === 3 && calls.every((c) => c.authorization === `Bearer ${MODEL_KEY}`),
		`${calls.length} call(s)`,
	);
	const tools = (calls[0]?.body.tools || []).map((t) => ({
		name: t.function?.name,
		description: t.function?.description,
		parameters: Object.keys(t.function?.parameters?.properties || {}),
	}));
	report.check(
		`${name}: the model was offered the tool "Audit_page" (n8n's description: "${tools[0]?.description}") with one parameter, URL`,
		tools.length === 1 &&
			tools[0].name === 'Audit_page' &&
			/re-run a report/i.test(tools[0].description || '') &&
			JSON.stringify(tools[0].parameters) === '["URL"]',
		JSON.stringify(tools),
	);

	const answers = calls.length === 3 ? toolAnswers(calls[2].body) : [];
	const refusal = refusalOf(pkg, PAGE_WITHOUT_SCHEME);
	report.equal(
		`${name}: the refused call reached the model as the node's own message, which names the field and what to write`,
		parsedAnswer(answers[0] ?? ''),
		[{ error: refusal }],
	);
	report.check(
		`${name}: that message stands alone: it names URL and shows the form to use`,
		typeof refusal === 'string' && refusal.startsWith('URL ') && refusal.includes('https://'),
		refusal,
	);

	const after = (await apiReport(sandbox, before.id)).data;
	const { simplifyReport } = require(
		path.join(pkg.dir, 'dist', 'nodes', 'PhpRank', 'report', 'simplify.js'),
	);
	const expected = { ...simplifyReport(after), action: 're-run' };
	report.equal(
		`${name}: the model received the Simplified report of the re-run, plus action, exactly`,
		parsedAnswer(answers[1] ?? ''),
		[expected],
	);
	report.check(`${name}: no API key reached the model`, !JSON.stringify(calls).includes(KEY));

	const output = r.ok ? rn.nodeOutput(r, AGENT_NODE) : [];
	report.equal(
		`${name}: the agent outputs the model's answer`,
		Array.isArray(output) ? output.map((item) => item.output) : output,
		[`${PAGE_WITHOUT_SCHEME} scores ${expected.score} out of 100 (${expected.label}).`],
	);
}

async function apiReport(sandbox, id) {
	const res = await fetch(`${sandbox.url}/api/v1/reports/${id}`, {
		headers: { Authorization: `Bearer ${KEY}`, Accept: 'application/json' },
	});
	return await res.json();
}

module.exports = { startModelMock, modelCredential, workflow, checkAgent, WORKFLOW_FILE };
