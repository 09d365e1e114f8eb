'use strict';
/**
 * Helpers to drive one real n8n (installed by ./install.js) in an isolated user folder.
 *
 *   const { ensureN8n } = require('./install');
 *   const rn = require('./n8n');
 *   const n8n = await ensureN8n('2');
 *   const ctx = rn.createUserFolder(n8n);                        // fresh temp N8N_USER_FOLDER
 *   rn.installCommunityPackage(ctx, await rn.packPackage(repoDir)); // as n8n installs community packages
 *   await rn.importCredentials(ctx, [{ id, name, type, data }]);
 *   await rn.importWorkflows(ctx, [{ id, name, nodes, connections }]);
 *   const r = await rn.execute(ctx, id);                         // r.ok, r.data (the run), r.stdout, r.stderr
 *   rn.nodeOutput(r, 'Node Name')                                // -> [json, ...]
 *   const editor = await rn.startEditor(ctx, { port: 5678 });   // n8n start, waits for /healthz
 *   await rn.setupOwner(ctx, { email, password, firstName, lastName });
 *   await editor.stop();
 *   rn.removeUserFolder(ctx);
 *
 * Only node: built-ins. All n8n processes get their own process group and are killed with it.
 */
const fs = require('node:fs');
const os = require('node:os');
const net = require('node:net');
const path = require('node:path');
const crypto = require('node:crypto');
const { spawn, execFileSync } = require('node:child_process');

/** Env names checked against the installed n8n sources (@n8n/config, community-packages module). */
const BASE_ENV = {
	N8N_DIAGNOSTICS_ENABLED: 'false',
	N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
	N8N_PERSONALIZATION_ENABLED: 'false',
	// community packages: loaded from <userFolder>/.n8n/nodes/node_modules by the `community-packages`
	// backend module unless N8N_COMMUNITY_PACKAGES_PREVENT_LOADING is true; ENABLED gates the UI/API.
	N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
	N8N_COMMUNITY_PACKAGES_PREVENT_LOADING: 'false',
	// no outbound calls from the test instance
	N8N_TEMPLATES_ENABLED: 'false',
	// quiets a start-up warning and keeps the generated config file private
	N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
};

/** Inherited env vars that would change which n8n we talk to (DB, folders, ports): never passed on. */
const INHERITED_PREFIXES = ['N8N_', 'DB_', 'EXECUTIONS_', 'QUEUE_', 'WEBHOOK_URL', 'NODES_', 'CREDENTIALS_'];

const running = new Set(); // child processes to kill if this process exits

process.once('exit', () => {
	for (const child of running) killGroup(child, 'SIGKILL');
});

function killGroup(child, signal) {
	if (child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		try {
			child.kill(signal);
		} catch {
			/* gone */
		}
	}
}

function randomId(len = 16) {
	const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	const bytes = crypto.randomBytes(len);
	let s = '';
	for (let i = 0; i < len; i++) s += abc[bytes[i] % abc.length];
	return s;
}

/** A free TCP port on 127.0.0.1 (the OS picks it; tiny race until n8n binds it). */
function getFreePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address();
			srv.close(() => resolve(port));
		});
	});
}

function assertInstall(n8n) {
	// `major` picks the 1.x or 2.x form of commands (activateWorkflow): it must be there
	if (!n8n || !n8n.n8nBin || !n8n.nodeBin || typeof n8n.major !== 'number') {
		throw new Error('pass the object returned by ensureN8n() from scripts/real-n8n/install.js');
	}
}

function writeConfig(userFolder, encryptionKey) {
	const n8nDir = path.join(userFolder, '.n8n');
	fs.mkdirSync(n8nDir, { recursive: true });
	const file = path.join(n8nDir, 'config');
	fs.writeFileSync(file, JSON.stringify({ encryptionKey }, null, '\t'), { mode: 0o600 });
}

/**
 * Creates a fresh, empty n8n user folder (a temp dir) with a fixed encryption key.
 * @param {object} n8n   the result of ensureN8n()
 * @param {object} [opts]
 * @param {string} [opts.dir]            use this folder instead of a new temp dir (created if missing;
 *                                       an existing .n8n/config keeps its encryption key)
 * @param {string} [opts.encryptionKey]  default: random
 * @param {object} [opts.env]            extra env for every n8n process of this folder
 * @returns {{n8n, userFolder:string, n8nFolder:string, encryptionKey:string, env:object, editor:null}}
 */
function createUserFolder(n8n, opts = {}) {
	assertInstall(n8n);
	const userFolder = opts.dir
		? path.resolve(opts.dir)
		: fs.mkdtempSync(path.join(os.tmpdir(), `n8n-${n8n.version}-`));
	fs.mkdirSync(userFolder, { recursive: true });
	const existing = readConfigKey(userFolder);
	if (existing && opts.encryptionKey && existing !== opts.encryptionKey) {
		throw new Error(`${userFolder} already has another encryption key; its credentials could not be decrypted`);
	}
	const encryptionKey = existing || opts.encryptionKey || crypto.randomBytes(24).toString('base64url');
	if (!existing) writeConfig(userFolder, encryptionKey);
	return makeCtx(n8n, userFolder, encryptionKey, opts.env);
}

function readConfigKey(userFolder) {
	try {
		return JSON.parse(fs.readFileSync(path.join(userFolder, '.n8n', 'config'), 'utf8')).encryptionKey || undefined;
	} catch {
		return undefined;
	}
}

/** Re-opens a user folder made earlier (reads the encryption key from <folder>/.n8n/config). */
function openUserFolder(n8n, dir, opts = {}) {
	assertInstall(n8n);
	const userFolder = path.resolve(dir);
	const key = readConfigKey(userFolder);
	if (!key) throw new Error(`${userFolder} is not an n8n user folder (no .n8n/config with an encryptionKey)`);
	return makeCtx(n8n, userFolder, key, opts.env);
}

function makeCtx(n8n, userFolder, encryptionKey, extraEnv) {
	return {
		n8n,
		userFolder,
		n8nFolder: path.join(userFolder, '.n8n'),
		encryptionKey,
		env: { ...(extraEnv || {}) },
		editor: null,
	};
}

function removeUserFolder(ctx) {
	fs.rmSync(ctx.userFolder, { recursive: true, force: true });
}

/** The full env of one n8n process of this user folder. */
function n8nEnv(ctx, brokerPort, extra = {}) {
	const env = {};
	for (const [k, v] of Object.entries(process.env)) {
		if (!INHERITED_PREFIXES.some((p) => k.startsWith(p))) env[k] = v;
	}
	Object.assign(env, ctx.n8n.env, BASE_ENV, {
		N8N_USER_FOLDER: ctx.userFolder,
		N8N_ENCRYPTION_KEY: ctx.encryptionKey,
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
	});
	Object.assign(env, ctx.env, extra);
	return env;
}

/**
 * Runs `n8n <args>` to completion. Resolves (never rejects on a non-zero exit) with
 * {code, signal, stdout, stderr, ms, timedOut}.
 */
async function runN8n(ctx, args, opts = {}) {
	const brokerPort = await getFreePort();
	const env = n8nEnv(ctx, brokerPort, opts.env);
	const timeoutMs = opts.timeoutMs ?? 180000;
	const started = Date.now();
	return new Promise((resolve, reject) => {
		const child = spawn(ctx.n8n.nodeBin, [ctx.n8n.n8nBin, ...args], {
			cwd: ctx.userFolder,
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true, // own process group: killing it also kills n8n's task runner
		});
		running.add(child);
		let stdout = '';
		let stderr = '';
		let timedOut = false;
		child.stdout.on('data', (d) => (stdout += d));
		child.stderr.on('data', (d) => (stderr += d));
		const timer = setTimeout(() => {
			timedOut = true;
			killGroup(child, 'SIGKILL');
		}, timeoutMs);
		child.on('error', (err) => {
			clearTimeout(timer);
			running.delete(child);
			reject(err);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			running.delete(child);
			// the task runner (n8n 2.x) may outlive its parent for a moment
			killGroup({ pid: child.pid, exitCode: null, signalCode: null, kill() {} }, 'SIGKILL');
			resolve({ code, signal, stdout, stderr, ms: Date.now() - started, timedOut });
		});
	});
}

function commandError(what, r) {
	const tail = (s) => s.split('\n').slice(-40).join('\n');
	return new Error(
		`${what} failed (${r.timedOut ? 'timed out' : r.signal || `exit ${r.code}`}):\n--- stdout ---\n${tail(r.stdout)}\n--- stderr ---\n${tail(r.stderr)}`,
	);
}

/**
 * `npm pack` of a package folder (scripts off) into outDir (default: a new temp dir).
 * @returns {Promise<string>} absolute path of the .tgz
 */
async function packPackage(packageDir, outDir) {
	const dest = outDir || fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-pack-'));
	fs.mkdirSync(dest, { recursive: true });
	const out = execFileSync(npmBin(), ['pack', '--ignore-scripts', '--json', '--pack-destination', dest], {
		cwd: packageDir,
		encoding: 'utf8',
		env: { ...process.env, npm_config_loglevel: 'error' },
	});
	const info = JSON.parse(out.slice(out.indexOf('[')));
	return path.join(dest, info[0].filename);
}

function npmBin() {
	return process.platform === 'win32' ? 'npm.cmd' : 'npm';
}

/**
 * Installs an `npm pack` tarball as a community package, the way n8n's own CommunityPackagesService
 * does it (n8n 1.123 / 2.40): unpack into <userFolder>/.n8n/nodes/node_modules/<name>, drop
 * dev/peer/optional dependencies from its package.json, `npm install` its own dependencies there
 * (scripts off, no lock file, no bin links) and record it in <userFolder>/.n8n/nodes/package.json.
 * Peer dependencies are dropped on purpose: a second n8n-workflow next to the package would break
 * `instanceof` checks (NodeApiError...) inside n8n.
 * n8n then loads it through package.json's `n8n` block: node types are `<package-name>.<nodeName>`.
 * The package name must match `n8n-nodes-*` or `@scope/n8n-nodes-*` (n8n only globs those).
 * @param {object|string} ctxOrUserFolder
 * @param {string} tarballPath
 * @returns {{name:string, version:string, dir:string, nodeTypes:string[], credentialTypes:string[]}}
 */
function installCommunityPackage(ctxOrUserFolder, tarballPath) {
	const userFolder = typeof ctxOrUserFolder === 'string' ? ctxOrUserFolder : ctxOrUserFolder.userFolder;
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const nodeModules = path.join(nodesDir, 'node_modules');
	fs.mkdirSync(nodeModules, { recursive: true });
	const rootPkgFile = path.join(nodesDir, 'package.json');
	if (!fs.existsSync(rootPkgFile)) {
		fs.writeFileSync(rootPkgFile, JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2));
	}

	const staging = fs.mkdtempSync(path.join(nodesDir, '.unpack-'));
	try {
		execFileSync('tar', ['-xzf', path.resolve(tarballPath), '-C', staging, '--strip-components=1']);
		const pkgFile = path.join(staging, 'package.json');
		const { devDependencies, peerDependencies, optionalDependencies, ...pkg } = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
		if (!/^(@[a-z0-9][a-z0-9\-._]*\/)?n8n-nodes-/.test(pkg.name)) {
			throw new Error(`n8n only loads community packages named n8n-nodes-* or @scope/n8n-nodes-*, not "${pkg.name}"`);
		}
		if (!pkg.n8n) throw new Error(`${pkg.name} has no "n8n" block in its package.json`);
		fs.writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
		if (pkg.dependencies && Object.keys(pkg.dependencies).length > 0) {
			execFileSync(
				npmBin(),
				[
					'install',
					'--audit=false',
					'--fund=false',
					'--bin-links=false',
					'--install-strategy=shallow',
					'--ignore-scripts=true',
					'--package-lock=false',
					'--omit=dev',
					'--loglevel=error',
				],
				{ cwd: staging, stdio: ['ignore', 'pipe', 'pipe'] },
			);
		}
		const dir = path.join(nodeModules, ...pkg.name.split('/'));
		fs.rmSync(dir, { recursive: true, force: true });
		fs.mkdirSync(path.dirname(dir), { recursive: true });
		fs.renameSync(staging, dir);

		const root = JSON.parse(fs.readFileSync(rootPkgFile, 'utf8'));
		root.dependencies = { ...(root.dependencies || {}), [pkg.name]: pkg.version };
		fs.writeFileSync(rootPkgFile, JSON.stringify(root, null, 2));

		const base = (f) => path.basename(f).replace(/\.(node|credentials)\.js$/, '');
		const lcFirst = (s) => s.charAt(0).toLowerCase() + s.slice(1);
		return {
			name: pkg.name,
			version: pkg.version,
			dir,
			// by n8n's convention the class name is the file name; the node's `name` is usually lcFirst of it
			nodeTypes: (pkg.n8n.nodes || []).map((f) => `${pkg.name}.${lcFirst(base(f))}`),
			credentialTypes: (pkg.n8n.credentials || []).map((f) => lcFirst(base(f))),
		};
	} finally {
		fs.rmSync(staging, { recursive: true, force: true });
	}
}

function writeInput(ctx, kind, items) {
	const dir = path.join(ctx.userFolder, 'imports');
	fs.mkdirSync(dir, { recursive: true });
	const file = path.join(dir, `${kind}-${Date.now()}-${randomId(6)}.json`);
	fs.writeFileSync(file, JSON.stringify(items, null, 2), { mode: 0o600 });
	return file;
}

/**
 * Imports credentials with `n8n import:credentials`. Each: {id?, name, type, data:{...plain...}}
 * (plain `data` objects are encrypted by n8n on import). Missing ids get a random 16-char id.
 * @returns {Promise<string[]>} the ids, in order
 */
async function importCredentials(ctx, creds, opts = {}) {
	const items = creds.map((c) => ({ id: c.id || randomId(), ...c }));
	const file = writeInput(ctx, 'credentials', items);
	const r = await runN8n(ctx, ['import:credentials', `--input=${file}`], opts);
	fs.rmSync(file, { force: true });
	if (r.code !== 0) throw commandError('n8n import:credentials', r);
	return items.map((c) => c.id);
}

/**
 * Imports workflows with `n8n import:workflow`. Each: {id?, name, nodes, connections, settings?}.
 * Ids must be at most 21 characters; missing ids get a random 16-char id; `active` defaults to false.
 * @returns {Promise<string[]>} the ids, in order
 */
async function importWorkflows(ctx, workflows, opts = {}) {
	const items = workflows.map((w) => {
		const id = w.id || randomId();
		if (id.length > 21) throw new Error(`workflow id "${id}" is longer than 21 characters`);
		return { active: false, settings: {}, pinData: {}, ...w, id };
	});
	const file = writeInput(ctx, 'workflows', items);
	const r = await runN8n(ctx, ['import:workflow', `--input=${file}`], opts);
	fs.rmSync(file, { force: true });
	if (r.code !== 0) throw commandError('n8n import:workflow', r);
	return items.map((w) => w.id);
}

/** Finds the pretty-printed JSON object that n8n prints after its log lines. */
function parseRunJson(text) {
	const lines = text.split('\n');
	const start = lines.findIndex((l) => l.trimEnd() === '{');
	if (start < 0) return undefined;
	for (let end = lines.length - 1; end > start; end--) {
		if (lines[end].trimEnd() !== '}') continue;
		try {
			return JSON.parse(lines.slice(start, end + 1).join('\n'));
		} catch {
			/* try a shorter slice */
		}
	}
	return undefined;
}

/**
 * Runs a workflow that was imported earlier: `n8n execute --id=<id> --rawOutput`.
 * @returns {Promise<{ok:boolean, data:object|undefined, error:object|undefined, code:number, stdout:string, stderr:string, ms:number}>}
 *   ok: exit 0 and the run had no error; data: the parsed run (IRun: data.resultData.runData...), also
 *   for a failed run when n8n printed it; error: data.data.resultData.error when the run failed.
 */
async function execute(ctx, workflowId, opts = {}) {
	const r = await runN8n(ctx, ['execute', `--id=${workflowId}`, '--rawOutput'], opts);
	const data = parseRunJson(r.stdout);
	const error = data && data.data && data.data.resultData ? data.data.resultData.error : undefined;
	return {
		ok: r.code === 0 && !!data && !error,
		data,
		error,
		code: r.code,
		signal: r.signal,
		timedOut: r.timedOut,
		stdout: r.stdout,
		stderr: r.stderr,
		ms: r.ms,
	};
}

/** The `json` of every output item of one node in an execute() result (first run, output 0 by default). */
function nodeOutput(result, nodeName, { run = 0, output = 0 } = {}) {
	const runs = result.data?.data?.resultData?.runData?.[nodeName];
	if (!runs || !runs[run]) {
		throw new Error(`node "${nodeName}" did not run; ran: ${Object.keys(result.data?.data?.resultData?.runData || {}).join(', ')}`);
	}
	const r = runs[run];
	if (r.error) return { error: r.error };
	return (r.data?.main?.[output] || []).map((item) => item.json);
}

function sleep(ms) {
	return new Promise((r) => setTimeout(r, ms));
}

async function httpGet(url, timeoutMs = 2000) {
	const ac = new AbortController();
	const t = setTimeout(() => ac.abort(), timeoutMs);
	try {
		return await fetch(url, { signal: ac.signal });
	} finally {
		clearTimeout(t);
	}
}

/**
 * Starts the editor (`n8n start`) and waits until /healthz answers and /rest/settings answers with JSON.
 * @param {object} ctx
 * @param {object} [opts]
 * @param {number} [opts.port=5678]
 * @param {string} [opts.listenAddress='127.0.0.1']  '0.0.0.0' to reach it from other machines
 * @param {object} [opts.env]                        extra env
 * @param {number} [opts.timeoutMs=120000]
 * @param {boolean|function} [opts.log]              true: pipe n8n's output to this stderr; fn(line): receive lines
 * @returns {Promise<{child, url:string, port:number, output:()=>string, stop:()=>Promise<void>}>}
 *   The editor is also stored as ctx.editor (used by setupOwner).
 */
async function startEditor(ctx, opts = {}) {
	const port = opts.port ?? 5678;
	const listenAddress = opts.listenAddress ?? '127.0.0.1';
	const brokerPort = await getFreePort();
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
	running.add(child);
	let output = '';
	const onData = (d) => {
		output = (output + d).slice(-200000);
		if (opts.log === true) process.stderr.write(d);
		else if (typeof opts.log === 'function') {
			for (const line of String(d).split('\n')) if (line) opts.log(line);
		}
	};
	child.stdout.on('data', onData);
	child.stderr.on('data', onData);
	let exited = null;
	const exitPromise = new Promise((resolve) => {
		child.on('close', (code, signal) => {
			exited = { code, signal };
			running.delete(child);
			resolve(exited);
		});
	});

	const host = listenAddress === '0.0.0.0' || listenAddress === '::' ? '127.0.0.1' : listenAddress;
	const probeBase = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
	const stop = async (graceMs = 15000) => {
		if (exited) return;
		killGroup(child, 'SIGTERM');
		const t = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
		await exitPromise;
		clearTimeout(t);
		killGroup({ pid: child.pid, exitCode: null, signalCode: null, kill() {} }, 'SIGKILL');
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
			throw new Error(`n8n start exited (${exited.signal || `exit ${exited.code}`}) before it was ready:\n${output.split('\n').slice(-40).join('\n')}`);
		}
		try {
			if (!healthy) healthy = (await httpGet(`${probeBase}/healthz`)).ok;
			if (healthy) {
				// while booting, n8n answers every path with HTTP 200 text/html "n8n is starting up. Please wait"
				const s = await httpGet(`${probeBase}/rest/settings`);
				const isJson = s.ok && /json/.test(s.headers.get('content-type') || '') && (await s.json().catch(() => null));
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
	throw new Error(`n8n start was not ready after ${timeoutMs} ms:\n${output.split('\n').slice(-40).join('\n')}`);
}

async function restJson(base, method, p, body, headers = {}) {
	const res = await fetch(`${base}${p}`, {
		method,
		headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
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
	const all = typeof res.headers.getSetCookie === 'function' ? res.headers.getSetCookie() : [res.headers.get('set-cookie') || ''];
	const c = all.map((s) => s.split(';')[0]).find((s) => s.startsWith('n8n-auth='));
	return c || undefined;
}

/**
 * Creates the owner account through the REST API if the instance still asks for one
 * (GET /rest/settings -> data.userManagement.showSetupOnFirstLoad), else logs in with the same
 * email/password. Password rules: 8-64 characters, at least one digit and one capital letter.
 * @param {object} ctx  with a running editor (startEditor), or pass opts.baseUrl
 * @returns {Promise<{created:boolean, cookie:string|undefined, user:object|undefined}>}
 *   cookie: `n8n-auth=...` for further /rest calls (send it with a `browser-id` header of opts.browserId)
 */
async function setupOwner(ctx, { email, password, firstName = 'Demo', lastName = 'Owner', baseUrl, browserId } = {}) {
	const base = baseUrl || (ctx.editor && ctx.editor.probeBase);
	if (!base) throw new Error('setupOwner: start the editor first (startEditor) or pass baseUrl');
	const headers = browserId ? { 'browser-id': browserId } : {};
	let settings;
	for (let i = 0; ; i++) {
		settings = await restJson(base, 'GET', '/rest/settings');
		if (settings.status === 200 && settings.json) break;
		// "n8n is starting up. Please wait" (HTTP 200, text/html) while booting
		if (i >= 100) throw new Error(`GET /rest/settings: HTTP ${settings.status} ${settings.text.slice(0, 300)}`);
		await sleep(300);
	}
	const um = (settings.json.data || settings.json).userManagement || {};
	let result;
	if (um.showSetupOnFirstLoad) {
		const r = await restJson(base, 'POST', '/rest/owner/setup', { email, password, firstName, lastName }, headers);
		if (r.status !== 200) throw new Error(`POST /rest/owner/setup: HTTP ${r.status} ${r.text.slice(0, 500)}`);
		result = { created: true, cookie: authCookie(r), user: r.json && r.json.data };
	} else {
		const r = await restJson(base, 'POST', '/rest/login', { emailOrLdapLoginId: email, email, password }, headers);
		if (r.status !== 200) throw new Error(`owner exists already and POST /rest/login failed: HTTP ${r.status} ${r.text.slice(0, 300)}`);
		result = { created: false, cookie: authCookie(r), user: r.json && r.json.data };
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
	if (!base) throw new Error('restRequest: start the editor first (startEditor) or pass opts.baseUrl');
	const cookie = opts.cookie ?? (ctx.editor && ctx.editor.cookie);
	const browserId = opts.browserId ?? (ctx.editor && ctx.editor.browserId);
	const headers = {};
	if (cookie) headers.cookie = cookie;
	if (browserId) headers['browser-id'] = browserId;
	return restJson(base, method, urlPath, body, headers);
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
	const wfRes = await restRequest(ctx, 'GET', `/rest/workflows/${workflowId}`);
	const wf = wfRes.json && wfRes.json.data;
	if (!wf) throw new Error(`GET /rest/workflows/${workflowId}: HTTP ${wfRes.status} ${wfRes.text.slice(0, 300)}`);
	const trigger = opts.triggerName
		? wf.nodes.find((n) => n.name === opts.triggerName)
		: wf.nodes.find((n) => /Trigger$/.test(n.type));
	if (!trigger) throw new Error(`workflow ${workflowId} has no trigger node${opts.triggerName ? ` named "${opts.triggerName}"` : ''}`);
	const res = await restRequest(ctx, 'POST', `/rest/workflows/${workflowId}/run`, {
		workflowData: wf,
		triggerToStartFrom: { name: trigger.name },
	});
	const executionId = res.json && res.json.data && res.json.data.executionId;
	if (!executionId) throw new Error(`POST /rest/workflows/${workflowId}/run: HTTP ${res.status} ${res.text.slice(0, 500)}`);
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
		if (Date.now() - started > timeoutMs) throw new Error(`execution ${executionId} did not finish within ${timeoutMs} ms`);
		await sleep(300);
	}
}

/**
 * One execution as the editor reads it (GET /rest/executions/:id), its run data parsed.
 * @returns {Promise<{exec: object|undefined, data: object|undefined, done: boolean, hasRunData: boolean}>}
 */
async function readExecution(ctx, executionId) {
	// executions come back "flatted" (n8n's own circular-JSON format); use n8n's copy of the library
	const flatted = require(require.resolve('flatted', { paths: [path.join(ctx.n8n.dir, 'node_modules', 'n8n')] }));
	const e = await restRequest(ctx, 'GET', `/rest/executions/${executionId}`);
	const exec = e.json && e.json.data;
	const done = Boolean(exec && (exec.stoppedAt || ['success', 'error', 'crashed', 'canceled'].includes(exec.status)));
	const data = done && exec.data ? (typeof exec.data === 'string' ? flatted.parse(exec.data) : exec.data) : undefined;
	const hasRunData = Boolean(data && data.resultData && Object.keys(data.resultData.runData || {}).length > 0);
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
	if (!Array.isArray(results)) throw new Error(`GET /rest/executions: HTTP ${res.status} ${res.text.slice(0, 300)}`);
	return results;
}

/**
 * Makes an imported workflow active before \`n8n start\`, which then activates it (a polling trigger
 * starts polling): n8n 2.x publishes it (\`publish:workflow\`), 1.x sets it active (\`update:workflow\`).
 */
async function activateWorkflow(ctx, workflowId, opts = {}) {
	const args =
		ctx.n8n.major === 1
			? ['update:workflow', `--id=${workflowId}`, '--active=true']
			: ['publish:workflow', `--id=${workflowId}`];
	const r = await runN8n(ctx, args, opts);
	if (r.code !== 0) throw commandError(`n8n ${args[0]}`, r);
}

/**
 * The editor's credential test: POST /rest/credentials/test, as the credential modal sends it. The
 * credential must exist (imported); `data` is the form's content: values the editor got redacted from
 * GET /rest/credentials/:id?includeData=true are un-redacted by n8n from the stored ones.
 * @returns {Promise<{httpStatus:number, status?:'OK'|'Error', message?:string, text:string}>}
 */
async function testCredential(ctx, { id, name = '', type, data }) {
	const res = await restRequest(ctx, 'POST', '/rest/credentials/test', { credentials: { id, name, type, data } });
	const result = (res.json && res.json.data) || {};
	return { httpStatus: res.status, status: result.status, message: result.message, text: res.text };
}

module.exports = {
	createUserFolder,
	openUserFolder,
	removeUserFolder,
	packPackage,
	installCommunityPackage,
	importCredentials,
	importWorkflows,
	execute,
	nodeOutput,
	startEditor,
	setupOwner,
	restRequest,
	runManually,
	readExecution,
	listExecutions,
	activateWorkflow,
	testCredential,
	runN8n,
	n8nEnv,
	getFreePort,
	parseRunJson,
	randomId,
};
