'use strict';
// n8n's command line, run to completion in a user folder (userFolder.js): pack and install the
// package as a community package, import credentials and workflows, execute a workflow and read its
// run, activate (publish) a workflow. Only node: built-ins.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');
const { getFreePort, killGroup, killLeftovers, track } = require('./processes');
const { n8nEnv, randomId } = require('./userFolder');

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
		track(child);
		let stdout = '';
		let stderr = '';
		let timedOut = false;
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => (stderr += chunk));
		const timer = setTimeout(() => {
			timedOut = true;
			killGroup(child, 'SIGKILL');
		}, timeoutMs);
		child.on('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			// the task runner (n8n 2.x) may outlive its parent for a moment
			killLeftovers(child.pid);
			resolve({ code, signal, stdout, stderr, ms: Date.now() - started, timedOut });
		});
	});
}

function commandError(what, run) {
	const tail = (text) => text.split('\n').slice(-40).join('\n');
	return new Error(
		`${what} failed (${run.timedOut ? 'timed out' : run.signal || `exit ${run.code}`}):\n--- stdout ---\n${tail(run.stdout)}\n--- stderr ---\n${tail(run.stderr)}`,
	);
}

/**
 * `npm pack` of a package folder (scripts off) into outDir (default: a new temp dir).
 * @returns {Promise<string>} absolute path of the .tgz
 */
async function packPackage(packageDir, outDir) {
	const dest = outDir || fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-pack-'));
	fs.mkdirSync(dest, { recursive: true });
	const out = execFileSync(
		npmBin(),
		['pack', '--ignore-scripts', '--json', '--pack-destination', dest],
		{
			cwd: packageDir,
			encoding: 'utf8',
			env: { ...process.env, npm_config_loglevel: 'error' },
		},
	);
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
	const userFolder =
		typeof ctxOrUserFolder === 'string' ? ctxOrUserFolder : ctxOrUserFolder.userFolder;
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const nodeModules = path.join(nodesDir, 'node_modules');
	fs.mkdirSync(nodeModules, { recursive: true });
	const rootPkgFile = path.join(nodesDir, 'package.json');
	if (!fs.existsSync(rootPkgFile)) {
		fs.writeFileSync(
			rootPkgFile,
			JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2),
		);
	}

	const staging = fs.mkdtempSync(path.join(nodesDir, '.unpack-'));
	try {
		execFileSync('tar', ['-xzf', path.resolve(tarballPath), '-C', staging, '--strip-components=1']);
		const pkgFile = path.join(staging, 'package.json');
		const { devDependencies, peerDependencies, optionalDependencies, ...pkg } = JSON.parse(
			fs.readFileSync(pkgFile, 'utf8'),
		);
		if (!/^(@[a-z0-9][a-z0-9\-._]*\/)?n8n-nodes-/.test(pkg.name)) {
			throw new Error(
				`n8n only loads community packages named n8n-nodes-* or @scope/n8n-nodes-*, not "${pkg.name}"`,
			);
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
	const run = await runN8n(ctx, ['import:credentials', `--input=${file}`], opts);
	fs.rmSync(file, { force: true });
	if (run.code !== 0) throw commandError('n8n import:credentials', run);
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
	const run = await runN8n(ctx, ['import:workflow', `--input=${file}`], opts);
	fs.rmSync(file, { force: true });
	if (run.code !== 0) throw commandError('n8n import:workflow', run);
	return items.map((w) => w.id);
}

/**
 * Finds the pretty-printed JSON object that n8n prints after its log lines. The whole object from
 * its first line `{` to the last `}` is tried first (one parse, for runs of tens of MB, as the
 * benchmark's); then shorter slices, when log lines follow it.
 */
function parseRunJson(text) {
	const offset = text.startsWith('{\n') ? 0 : text.indexOf('\n{\n') + 1;
	const last = text.lastIndexOf('\n}');
	if (last > offset) {
		try {
			return JSON.parse(text.slice(offset, last + 2));
		} catch {
			/* log lines after it: the slices below */
		}
	}
	const lines = text.split('\n');
	const start = lines.findIndex((line) => line.trimEnd() === '{');
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
	const run = await runN8n(ctx, ['execute', `--id=${workflowId}`, '--rawOutput'], opts);
	const data = parseRunJson(run.stdout);
	const error = data && data.data && data.data.resultData ? data.data.resultData.error : undefined;
	// Seen once (n8n 2.41.1 on Node 24, 2026-11-24): the process died with SIGSEGV while exiting,
	// after it had printed the whole run, stored as finished and successful. That run counts; the
	// crash is printed so that it stays visible. Any other signal or exit code fails the run.
	const crashedAfterSuccess =
		run.signal === 'SIGSEGV' && data?.finished === true && data?.status === 'success' && !error;
	if (crashedAfterSuccess)
		console.warn(
			`[real-n8n] n8n ${ctx.n8n.version} died with SIGSEGV after printing a finished, successful run of workflow ${workflowId}`,
		);
	return {
		ok: (run.code === 0 || crashedAfterSuccess) && !!data && !error,
		data,
		error,
		code: run.code,
		signal: run.signal,
		timedOut: run.timedOut,
		stdout: run.stdout,
		stderr: run.stderr,
		ms: run.ms,
	};
}

/** The `json` of every output item of one node in an execute() result (first run, output 0 by default). */
function nodeOutput(result, nodeName, { run = 0, output = 0 } = {}) {
	const runs = result.data?.data?.resultData?.runData?.[nodeName];
	if (!runs || !runs[run]) {
		throw new Error(
			`node "${nodeName}" did not run; ran: ${Object.keys(result.data?.data?.resultData?.runData || {}).join(', ')}`,
		);
	}
	const nodeRun = runs[run];
	if (nodeRun.error) return { error: nodeRun.error };
	return (nodeRun.data?.main?.[output] || []).map((item) => item.json);
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
	const run = await runN8n(ctx, args, opts);
	if (run.code !== 0) throw commandError(`n8n ${args[0]}`, run);
}

module.exports = {
	runN8n,
	commandError,
	packPackage,
	installCommunityPackage,
	importCredentials,
	importWorkflows,
	parseRunJson,
	execute,
	nodeOutput,
	activateWorkflow,
};
