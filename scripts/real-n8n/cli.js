'use strict';
// n8n's command line, run to completion in a user folder (userFolder.js): pack and install the
// package as a community package, import credentials and workflows, execute a workflow and read its
// run (from n8n's database: storedRun.js), activate (publish) a workflow. Only node: built-ins.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');
const { getFreePort, killGroup, killLeftovers, track } = require('./processes');
const { n8nEnv, randomId, BROKER_PORT_ATTEMPTS, brokerPortTaken } = require('./userFolder');
const { readStoredRuns, runOutcome } = require('./storedRun');

/** How much of an n8n command's stdout a result keeps: its end, for error messages. */
const STDOUT_KEPT = 1024 * 1024;

/**
 * Runs `n8n <args>` to completion. Resolves (never rejects on a non-zero exit) with
 * {code, signal, stdout, stdoutBytes, stderr, ms, timedOut}. stdout goes to a file in the user folder,
 * not a pipe (n8n exits right after its last write; a file loses nothing), and only its last MiB is
 * kept: nothing is read from it but error messages (a run is read from n8n's database, storedRun.js).
 * opts.nodeFlags go to n8n's Node before n8n's script (`--require <preload>`, `--cpu-prof`...).
 */
async function runN8n(ctx, args, opts = {}) {
	for (let attempt = 1; ; attempt++) {
		const run = await runN8nOnce(ctx, args, opts);
		if (
			attempt >= BROKER_PORT_ATTEMPTS ||
			run.code === 0 ||
			!brokerPortTaken(run.stdout + run.stderr)
		)
			return run;
	}
}

async function runN8nOnce(ctx, args, opts) {
	const brokerPort = await getFreePort();
	const env = n8nEnv(ctx, brokerPort, opts.env);
	const timeoutMs = opts.timeoutMs ?? 180000;
	const started = Date.now();
	const outFile = path.join(ctx.userFolder, `stdout-${started}-${randomId(6)}.txt`);
	const outFd = fs.openSync(outFile, 'w');
	const ended = await new Promise((resolve, reject) => {
		const child = spawn(ctx.n8n.nodeBin, [...(opts.nodeFlags || []), ctx.n8n.n8nBin, ...args], {
			cwd: ctx.userFolder,
			env,
			stdio: ['ignore', outFd, 'pipe'],
			detached: true, // own process group: killing it also kills n8n's task runner
		});
		track(child);
		let stderr = '';
		let timedOut = false;
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
			resolve({ code, signal, stderr, ms: Date.now() - started, timedOut });
		});
	}).finally(() => fs.closeSync(outFd));
	try {
		const stdoutBytes = fs.statSync(outFile).size;
		const fd = fs.openSync(outFile, 'r');
		const kept = Buffer.alloc(Math.min(stdoutBytes, STDOUT_KEPT));
		fs.readSync(fd, kept, 0, kept.length, stdoutBytes - kept.length);
		fs.closeSync(fd);
		return { ...ended, stdout: kept.toString('utf8'), stdoutBytes };
	} finally {
		fs.rmSync(outFile, { force: true });
	}
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
 * Runs a workflow that was imported earlier (`n8n execute --id=<id>`) and reads its run back from the
 * execution n8n stored in the user folder's database (storedRun.js), never from what n8n printed.
 * opts: timeoutMs (default 180000), env, nodeFlags (see runN8n).
 * @returns {Promise<{ok:boolean, data:object|undefined, error:object|undefined, executionId:string|undefined,
 *   reason:string|undefined, code:number, signal:string|null, timedOut:boolean, stdout:string,
 *   stdoutBytes:number, stderr:string, ms:number}>}
 *   ok: exit 0 and the stored run finished successfully (or: n8n died with SIGSEGV after storing a
 *   finished, successful run); data: the run as `n8n execute --rawOutput` prints it (the IRun:
 *   data.data.resultData.runData...), also for a failed run; error: data.data.resultData.error when the
 *   run failed; reason: why ok is false.
 */
async function execute(ctx, workflowId, opts = {}) {
	// the reader needs the run data stored whatever the run's outcome (these are n8n's defaults)
	const env = {
		...opts.env,
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
	};
	const since = Date.now();
	const run = await runN8n(ctx, ['execute', `--id=${workflowId}`, '--rawOutput'], {
		...opts,
		env,
	});
	const stored = await readStoredRuns(ctx, workflowId, since, n8nEnv(ctx, 0, env));
	const outcome = runOutcome(run, stored);
	if (outcome.crashedAfterSuccess)
		console.warn(
			`[real-n8n] n8n ${ctx.n8n.version} died with SIGSEGV after storing a finished, successful run of workflow ${workflowId}`,
		);
	return {
		ok: outcome.ok,
		data: outcome.data,
		error: outcome.error,
		executionId: outcome.execution && String(outcome.execution.id),
		reason: outcome.reason,
		code: run.code,
		signal: run.signal,
		timedOut: run.timedOut,
		stdout: run.stdout,
		stdoutBytes: run.stdoutBytes,
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
	execute,
	nodeOutput,
	activateWorkflow,
};
