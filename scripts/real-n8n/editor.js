'use strict';
// The editor (`n8n start`) and its internal REST API, as the browser uses them: owner set-up and
// login, running a workflow from its trigger, reading executions, testing a credential.
// Only node: built-ins.
const { spawn } = require('node:child_process');
const { getFreePort, httpGet, killGroup, killLeftovers, sleep, track } = require('./processes');
const { n8nEnv, BROKER_PORT_ATTEMPTS, brokerPortTaken } = require('./userFolder');
const { flattedOf } = require('./storedRun');

/**
 * Starts the editor (`n8n start`) and waits until /healthz answers and /rest/settings answers with JSON.
 * @param {object} ctx
 * @param {object} [opts]
 * @param {number|'free'} [opts.port=5678]  'free' (FREE_PORT): a free port, picked again when it was taken
 * @param {string} [opts.listenAddress='127.0.0.1']  '0.0.0.0' to reach it from other machines
 * @param {object} [opts.env]                        extra env
 * @param {number} [opts.timeoutMs=120000]
 * @param {boolean|function} [opts.log]              true: pipe n8n's output to this stderr; fn(line): receive lines
 * @returns {Promise<{child, url:string, port:number, output:()=>string, stop:()=>Promise<void>}>}
 *   The editor is also stored as ctx.editor (used by setupOwner).
 *   Started again, with another task-broker port, when that port was taken (userFolder.js brokerPortTaken),
 *   and with another port of its own when that was a free pick and was taken before n8n bound it.
 */
async function startEditor(ctx, opts = {}) {
	const freePort = opts.port === FREE_PORT;
	for (let attempt = 1; ; attempt++) {
		// a port picked free can be taken by another process before n8n binds it: picked again
		const port = freePort ? await getFreePort() : opts.port;
		try {
			return await startEditorOnce(ctx, { ...opts, port }, await getFreePort());
		} catch (error) {
			const taken = brokerPortTaken(error.message) || (freePort && editorPortTaken(error.message));
			if (attempt >= BROKER_PORT_ATTEMPTS || !taken) throw error;
		}
	}
}

/** `startEditor`'s `port` for "any free port": picked for each start, again when it was taken. */
const FREE_PORT = 'free';

/** What n8n prints when its own port is taken (it stops at its start). */
const editorPortTaken = (output) => /n8n's port \d+ is already in use/.test(output);

async function startEditorOnce(ctx, opts, brokerPort) {
	const port = opts.port ?? 5678;
	const listenAddress = opts.listenAddress ?? '127.0.0.1';
	const env = n8nEnv(ctx, brokerPort, {
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: listenAddress,
		N8N_HOST: 'localhost',
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: `http://localhost:${port}/`,
		// plain-http cookies, so the editor also works through an IP address or a forwarded port
		N8N_SECURE_COOKIE: 'false',
		...(opts.env || {}),
	});
	const timeoutMs = opts.timeoutMs ?? 120000;
	const child = spawn(ctx.n8n.nodeBin, [ctx.n8n.n8nBin, 'start'], {
		cwd: ctx.userFolder,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	track(child);
	let output = '';
	const onData = (chunk) => {
		output = (output + chunk).slice(-200000);
		if (opts.log === true) process.stderr.write(chunk);
		else if (typeof opts.log === 'function') {
			for (const line of String(chunk).split('\n')) if (line) opts.log(line);
		}
	};
	child.stdout.on('data', onData);
	child.stderr.on('data', onData);
	let exited = null;
	const exitPromise = new Promise((resolve) => {
		child.on('close', (code, signal) => {
			exited = { code, signal };
			resolve(exited);
		});
	});

	const host = listenAddress === '0.0.0.0' || listenAddress === '::' ? '127.0.0.1' : listenAddress;
	const probeBase = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
	const stop = async (graceMs = 15000) => {
		if (exited) return;
		killGroup(child, 'SIGTERM');
		const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
		await exitPromise;
		clearTimeout(timer);
		killLeftovers(child.pid);
		if (ctx.editor && ctx.editor.child === child) ctx.editor = null;
	};
	const editor = {
		child,
		port,
		url: `http://localhost:${port}`,
		probeBase,
		output: () => output,
		stop,
		exited: exitPromise,
	};

	const deadline = Date.now() + timeoutMs;
	let healthy = false;
	while (Date.now() < deadline) {
		if (exited) {
			throw new Error(
				`n8n start exited (${exited.signal || `exit ${exited.code}`}) before it was ready:\n${output.split('\n').slice(-40).join('\n')}`,
			);
		}
		try {
			if (!healthy) healthy = (await httpGet(`${probeBase}/healthz`)).ok;
			if (healthy) {
				// while booting, n8n answers every path with HTTP 200 text/html "n8n is starting up. Please wait"
				const settings = await httpGet(`${probeBase}/rest/settings`);
				const isJson =
					settings.ok &&
					/json/.test(settings.headers.get('content-type') || '') &&
					(await settings.json().catch(() => null));
				if (isJson) {
					ctx.editor = editor;
					return editor;
				}
			}
		} catch {
			/* not listening yet */
		}
		await sleep(300);
	}
	await stop(2000);
	throw new Error(
		`n8n start was not ready after ${timeoutMs} ms:\n${output.split('\n').slice(-40).join('\n')}`,
	);
}

/** A GET whose connection failed is asked again, up to this many times (a second apart). */
const GET_RETRIES = 2;

async function restJson(base, method, urlPath, body, headers = {}) {
	const send = () =>
		fetch(`${base}${urlPath}`, {
			method,
			headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
	let res;
	for (let attempt = 0; ; attempt++) {
		try {
			res = await send();
			break;
		} catch (error) {
			// With three n8n lines, a bench and CI on two cores, n8n 1.x's editor once dropped a
			// connection ("fetch failed") and answered the same request a moment later. A GET
			// changes nothing, so it is asked again; anything else fails as it is.
			if (method !== 'GET' || attempt >= GET_RETRIES) throw error;
			await sleep(1000);
		}
	}
	const text = await res.text();
	let json;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = undefined;
	}
	return { status: res.status, json, text, headers: res.headers };
}

function authCookie(res) {
	const all =
		typeof res.headers.getSetCookie === 'function'
			? res.headers.getSetCookie()
			: [res.headers.get('set-cookie') || ''];
	const cookie = all
		.map((header) => header.split(';')[0])
		.find((pair) => pair.startsWith('n8n-auth='));
	return cookie || undefined;
}

/**
 * Creates the owner account through the REST API if the instance still asks for one
 * (GET /rest/settings -> data.userManagement.showSetupOnFirstLoad), else logs in with the same
 * email/password. Password rules: 8-64 characters, at least one digit and one capital letter.
 * @param {object} ctx  with a running editor (startEditor), or pass opts.baseUrl
 * @returns {Promise<{created:boolean, cookie:string|undefined, user:object|undefined}>}
 *   cookie: `n8n-auth=...` for further /rest calls (send it with a `browser-id` header of opts.browserId)
 */
async function setupOwner(
	ctx,
	{ email, password, firstName = 'Demo', lastName = 'Owner', baseUrl, browserId } = {},
) {
	const base = baseUrl || (ctx.editor && ctx.editor.probeBase);
	if (!base) throw new Error('setupOwner: start the editor first (startEditor) or pass baseUrl');
	const headers = browserId ? { 'browser-id': browserId } : {};
	let settings;
	for (let i = 0; ; i++) {
		settings = await restJson(base, 'GET', '/rest/settings');
		if (settings.status === 200 && settings.json) break;
		// "n8n is starting up. Please wait" (HTTP 200, text/html) while booting
		if (i >= 100)
			throw new Error(`GET /rest/settings: HTTP ${settings.status} ${settings.text.slice(0, 300)}`);
		await sleep(300);
	}
	const userManagement = (settings.json.data || settings.json).userManagement || {};
	let result;
	if (userManagement.showSetupOnFirstLoad) {
		const setup = await restJson(
			base,
			'POST',
			'/rest/owner/setup',
			{ email, password, firstName, lastName },
			headers,
		);
		if (setup.status !== 200)
			throw new Error(`POST /rest/owner/setup: HTTP ${setup.status} ${setup.text.slice(0, 500)}`);
		result = { created: true, cookie: authCookie(setup), user: setup.json && setup.json.data };
	} else {
		const login = await restJson(
			base,
			'POST',
			'/rest/login',
			{ emailOrLdapLoginId: email, email, password },
			headers,
		);
		if (login.status !== 200)
			throw new Error(
				`owner exists already and POST /rest/login failed: HTTP ${login.status} ${login.text.slice(0, 300)}`,
			);
		result = { created: false, cookie: authCookie(login), user: login.json && login.json.data };
	}
	if (ctx.editor && !baseUrl) {
		ctx.editor.cookie = result.cookie;
		ctx.editor.browserId = browserId;
	}
	return result;
}

/**
 * One call to the editor's internal REST API (or any path of it, e.g. /types/nodes.json), authenticated
 * with the cookie of the last setupOwner() on this ctx unless opts.cookie is given.
 * @returns {Promise<{status:number, json:any, text:string, headers:Headers}>}
 */
async function restRequest(ctx, method, urlPath, body, opts = {}) {
	const base = opts.baseUrl || (ctx.editor && ctx.editor.probeBase);
	if (!base)
		throw new Error('restRequest: start the editor first (startEditor) or pass opts.baseUrl');
	const cookie = opts.cookie ?? (ctx.editor && ctx.editor.cookie);
	const browserId = opts.browserId ?? (ctx.editor && ctx.editor.browserId);
	const headers = {};
	if (cookie) headers.cookie = cookie;
	if (browserId) headers['browser-id'] = browserId;
	return restJson(base, method, urlPath, body, headers);
}

/**
 * Starts an imported workflow as the editor's "Execute workflow" does (POST /rest/workflows/:id/run from
 * a trigger, owner logged in) and returns at once, while the execution runs: what runManually() waits
 * on, and what a test that stops a running execution needs.
 * @param {object} ctx
 * @param {string} workflowId
 * @param {object} [opts]
 * @param {string} [opts.triggerName]  default: the first node whose type ends in "Trigger"
 * @returns {Promise<{executionId: string, trigger: object, workflow: object}>}
 */
async function startManualRun(ctx, workflowId, opts = {}) {
	const workflowResponse = await restRequest(ctx, 'GET', `/rest/workflows/${workflowId}`);
	const workflow = workflowResponse.json && workflowResponse.json.data;
	if (!workflow)
		throw new Error(
			`GET /rest/workflows/${workflowId}: HTTP ${workflowResponse.status} ${workflowResponse.text.slice(0, 300)}`,
		);
	const trigger = opts.triggerName
		? workflow.nodes.find((node) => node.name === opts.triggerName)
		: workflow.nodes.find((node) => /Trigger$/.test(node.type));
	if (!trigger)
		throw new Error(
			`workflow ${workflowId} has no trigger node${opts.triggerName ? ` named "${opts.triggerName}"` : ''}`,
		);
	const res = await restRequest(ctx, 'POST', `/rest/workflows/${workflowId}/run`, {
		workflowData: workflow,
		triggerToStartFrom: { name: trigger.name },
	});
	const executionId = res.json && res.json.data && res.json.data.executionId;
	if (!executionId)
		throw new Error(
			`POST /rest/workflows/${workflowId}/run: HTTP ${res.status} ${res.text.slice(0, 500)}`,
		);
	return { executionId: String(executionId), trigger, workflow };
}

/**
 * The editor's Stop button: POST /rest/executions/:id/stop (the same route in 2.40.7, 2.41.1 and
 * 1.123.81; in queue mode the main passes the stop on to the worker that runs the execution).
 * @returns {Promise<{status:number, json:any, text:string, ms:number}>} ms: until n8n answered
 */
async function stopExecution(ctx, executionId) {
	const started = Date.now();
	const res = await restRequest(ctx, 'POST', `/rest/executions/${executionId}/stop`, {});
	return { status: res.status, json: res.json, text: res.text, ms: Date.now() - started };
}

/**
 * Runs an imported workflow the way the editor's "Execute workflow" / "Fetch Test Event" does: with the
 * editor running and the owner logged in (setupOwner), POST /rest/workflows/:id/run from a trigger, then
 * polls GET /rest/executions/:id until it finished. Unlike `n8n execute` (which only starts at a Manual
 * Trigger, and passes polling triggers through without polling), the start node runs in 'manual' mode:
 * a polling trigger's poll() is called. Both lines: 2.x reads the stored workflow and
 * `triggerToStartFrom`; 1.x also wants `workflowData` in the body (both are sent).
 * @param {object} ctx
 * @param {string} workflowId
 * @param {object} [opts]
 * @param {string} [opts.triggerName]  default: the first node whose type ends in "Trigger"
 * @param {number} [opts.timeoutMs=120000]
 * @returns {Promise<{ok, data, error, code, status, executionId, trigger, stdout, stderr, ms}>} shaped like execute()'s
 *   result (data.data.resultData.runData...), so nodeOutput() works on it.
 */
async function runManually(ctx, workflowId, opts = {}) {
	const started = Date.now();
	const { executionId, trigger } = await startManualRun(ctx, workflowId, opts);
	const timeoutMs = opts.timeoutMs ?? 120000;
	for (;;) {
		// 1.123.81 writes the execution row (status, stoppedAt) before its data: wait for the run data too
		const { exec, data, done, hasRunData } = await readExecution(ctx, executionId);
		if (done && (hasRunData || Date.now() - started > timeoutMs / 4)) {
			const error = data && data.resultData ? data.resultData.error : undefined;
			return {
				ok: exec.status === 'success' && !error,
				data: { data },
				error,
				code: exec.status === 'success' ? 0 : 1,
				status: exec.status,
				executionId,
				trigger,
				stdout: JSON.stringify({ status: exec.status, mode: exec.mode }),
				stderr: '',
				ms: Date.now() - started,
			};
		}
		if (Date.now() - started > timeoutMs)
			throw new Error(`execution ${executionId} did not finish within ${timeoutMs} ms`);
		await sleep(300);
	}
}

/**
 * One execution as the editor reads it (GET /rest/executions/:id), its run data parsed.
 * @returns {Promise<{exec: object|undefined, data: object|undefined, done: boolean, hasRunData: boolean}>}
 */
async function readExecution(ctx, executionId) {
	// executions come back "flatted" (n8n's own circular-JSON format), as n8n stores them
	const flatted = flattedOf(ctx.n8n);
	const response = await restRequest(ctx, 'GET', `/rest/executions/${executionId}`);
	const exec = response.json && response.json.data;
	const done = Boolean(
		exec && (exec.stoppedAt || ['success', 'error', 'crashed', 'canceled'].includes(exec.status)),
	);
	const data =
		done && exec.data
			? typeof exec.data === 'string'
				? flatted.parse(exec.data)
				: exec.data
			: undefined;
	const hasRunData = Boolean(
		data && data.resultData && Object.keys(data.resultData.runData || {}).length > 0,
	);
	return { exec, data, done, hasRunData };
}

/**
 * The executions of one workflow, newest first, as the editor's list shows them
 * (GET /rest/executions with a workflowId filter): [{id, status, mode, ...}].
 */
async function listExecutions(ctx, workflowId) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const res = await restRequest(ctx, 'GET', `/rest/executions?filter=${filter}`);
	const results = res.json && res.json.data && res.json.data.results;
	if (!Array.isArray(results))
		throw new Error(`GET /rest/executions: HTTP ${res.status} ${res.text.slice(0, 300)}`);
	return results;
}

/**
 * The editor's credential test: POST /rest/credentials/test, as the credential modal sends it. The
 * credential must exist (imported); `data` is the form's content: values the editor got redacted from
 * GET /rest/credentials/:id?includeData=true are un-redacted by n8n from the stored ones.
 * @returns {Promise<{httpStatus:number, status?:'OK'|'Error', message?:string, text:string}>}
 */
async function testCredential(ctx, { id, name = '', type, data }) {
	const res = await restRequest(ctx, 'POST', '/rest/credentials/test', {
		credentials: { id, name, type, data },
	});
	const result = (res.json && res.json.data) || {};
	return { httpStatus: res.status, status: result.status, message: result.message, text: res.text };
}

module.exports = {
	startEditor,
	FREE_PORT,
	editorPortTaken,
	setupOwner,
	restRequest,
	runManually,
	startManualRun,
	stopExecution,
	readExecution,
	listExecutions,
	testCredential,
};
