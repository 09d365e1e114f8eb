#!/usr/bin/env node
'use strict';
/**
 * One-command demo: the phpRank node inside a real n8n editor, against a local phpRank sandbox.
 *
 *   npm run demo                 build, sandbox (seed 'demo') on :8787, a local mailbox on :8025,
 *                                n8n 2.40.7 editor on :5678; the weekly audit's digest in the mailbox
 *   npm run demo -- --once       headless: run one example workflow, print its items, stop; on free
 *                                ports, so it runs beside a running demo
 *
 * Options:
 *   --port N           editor port (default 5678)
 *   --sandbox-port N   sandbox port (default 8787, with --once any free port; 0 = any free port)
 *   --mailbox-port N   the local mailbox's web page (default 8025, with --once any free port; 0 = any
 *                      free port)
 *   --host ADDR        address the editor and the mailbox's page listen on (default 127.0.0.1; 0.0.0.0
 *                      for a browser outside a container or VM)
 *   --workflow ID      with --once: the example to run (default phprankGoodReports)
 *   --skip-build       use the dist/ that is there (no `npm run build`)
 *   --tarball FILE     install this `npm pack` tarball instead of building and packing
 *   --keep             keep n8n's user folder when stopping (its path is printed)
 *
 * What it does: installs the locked dev dependencies if needed (scripts/ensure-deps.js), builds, packs
 * the package with `npm pack` and installs the tarball into a fresh n8n user folder the way n8n installs
 * community packages (scripts/real-n8n), imports the credential "phpRank sandbox" and every workflow in
 * examples/, starts the editor and creates the owner account. A local mailbox (test/sandbox/mailbox.js:
 * a real SMTP server and a page of the mail it received) runs beside the sandbox, with the SMTP
 * credential "Local mailbox (SMTP)" pointing at it; the demo then runs examples/weekly-audit.json for
 * the two past weeks (copies whose "Week of this run" is those Mondays, deleted afterwards; the site
 * changes between the weeks, scripts/digest-weeks.js) and for this week (the example itself), so the
 * mailbox holds three digests, the last with a trend, what broke and what was fixed, a combined
 * digest of two sites and an agency's (examples/portfolio-digest.json: German, branded). Ctrl-C stops
 * the editor, the sandbox and the mailbox and removes the user folder.
 *
 * Also a module: startDemo(options) is what the end-to-end browser check runs.
 */
const fs = require('node:fs');
const os = require('node:os');
const net = require('node:net');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..');
const EXAMPLES_DIR = path.join(ROOT, 'examples');

const { DEMO, demoPorts, parseArgs } = require('./demo-options');
const { sendDigests } = require('./digest-weeks');

function say(msg) {
	process.stdout.write(`${msg}\n`);
}

function note(msg) {
	process.stderr.write(`[demo] ${msg}\n`);
}

/** Every workflow JSON under examples/ (sub-folders too), sorted by path; `file` is relative to examples/. */
function loadExamples(dir = EXAMPLES_DIR) {
	if (!fs.existsSync(dir)) return [];
	const files = [];
	const walk = (rel) => {
		for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
			const child = rel ? `${rel}/${entry.name}` : entry.name;
			if (entry.isDirectory()) walk(child);
			else if (entry.name.endsWith('.json')) files.push(child);
		}
	};
	walk('');
	return files
		.sort()
		.map((file) => ({ file, workflow: JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) }))
		.filter(({ workflow }) => Array.isArray(workflow.nodes) && workflow.connections);
}

function run(cmd, args, opts = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...opts });
		let out = '';
		child.stdout.on('data', (d) => (out += d));
		child.stderr.on('data', (d) => (out += d));
		child.on('error', reject);
		child.on('close', (code) =>
			code === 0
				? resolve(out)
				: reject(new Error(`${cmd} ${args.join(' ')} failed (exit ${code}):\n${out.slice(-3000)}`)),
		);
	});
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** `npm run build` (gulp clean + tsc + icons). */
async function build() {
	await run(npm, ['run', 'build', '--silent']);
}

/**
 * `npm pack` of the repo into outDir. dist/ must hold the built node: another `npm run build` running at
 * the same moment empties it for a few seconds, so a pack without it is retried.
 */
async function pack(outDir, packageDir = ROOT) {
	const rn = require('./real-n8n/n8n');
	let missing = [];
	for (let attempt = 1; ; attempt++) {
		// n8n silently skips a package one of whose listed files is missing ("Unrecognized node type")
		const { n8n: block = {} } = JSON.parse(
			fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'),
		);
		const listed = [...(block.nodes || []), ...(block.credentials || [])];
		missing = listed.filter((f) => !fs.existsSync(path.join(packageDir, f)));
		if (listed.length && missing.length === 0) {
			const tgz = await rn.packPackage(packageDir, outDir);
			const inTarball = spawnSync('tar', ['-tzf', tgz], { encoding: 'utf8' }).stdout.split('\n');
			missing = listed.filter((f) => !inTarball.includes(`package/${f.replace(/^\.\//, '')}`));
			if (missing.length === 0) return tgz;
			fs.rmSync(tgz, { force: true });
		}
		if (attempt >= 20) {
			throw new Error(
				`package.json's "n8n" block lists files the build did not make: ${missing.join(', ')} (run \`npm run build\`)`,
			);
		}
		await new Promise((r) => setTimeout(r, 1500));
	}
}

function portFree(port, host) {
	return new Promise((resolve) => {
		const srv = net.createServer();
		srv.once('error', () => resolve(false));
		srv.listen(port, host, () => srv.close(() => resolve(true)));
	});
}

/**
 * Builds (unless told not to), starts the sandbox and n8n with the package installed, the credential and
 * the examples imported. With `editor: true` also starts the editor and creates the owner.
 *
 * @param {object} [o]
 * @param {number} [o.editorPort=5678]
 * @param {string} [o.host='127.0.0.1']
 * @param {number} [o.sandboxPort=8787]    0 = any free port
 * @param {number} [o.mailboxPort=0]       the local mailbox's web page; 0 = any free port
 * @param {boolean} [o.build=true]
 * @param {string} [o.tarball]             install this tarball (skips build and pack)
 * @param {boolean} [o.editor=true]
 * @param {string} [o.userFolder]          default: a new temp folder
 * @param {(msg:string)=>void} [o.log]
 * @returns {Promise<{sandbox, mailbox, n8n, ctx, editor, owner, credential, workflows, tarball, stop:()=>Promise<void>}>}
 */
async function startDemo(o = {}) {
	const log = o.log || note;
	const { ensureN8n } = require('./real-n8n/install');
	const rn = require('./real-n8n/n8n');
	const { startSandbox } = require('../test/sandbox');
	const { startMailbox } = require('../test/sandbox/mailbox');
	const editorPort = o.editorPort ?? DEMO.editorPort;
	const host = o.host ?? '127.0.0.1';
	const sandboxPort = o.sandboxPort ?? DEMO.sandboxPort;
	const withEditor = o.editor !== false;

	if (withEditor && !(await portFree(editorPort, host))) {
		throw new Error(`port ${editorPort} is in use (another n8n?): stop it or pass --port N`);
	}
	if (sandboxPort && !(await portFree(sandboxPort, '127.0.0.1'))) {
		throw new Error(`port ${sandboxPort} is in use: stop what runs there or pass --sandbox-port N`);
	}
	if (o.mailboxPort && !(await portFree(o.mailboxPort, host))) {
		throw new Error(
			`port ${o.mailboxPort} is in use: stop what runs there or pass --mailbox-port N`,
		);
	}

	const cleanups = [];
	const stop = async () => {
		while (cleanups.length) {
			try {
				await cleanups.pop()();
			} catch (e) {
				log(`while stopping: ${e.message}`);
			}
		}
	};
	try {
		// n8n first: on a fresh machine its install takes minutes, the build seconds
		const n8nPromise = ensureN8n(DEMO.line);
		n8nPromise.catch(() => {});
		let tarball = o.tarball;
		if (!tarball) {
			if (o.build !== false) {
				log('building the package (npm run build)');
				await build();
			}
			const packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phprank-demo-pack-'));
			cleanups.push(() => fs.rmSync(packDir, { recursive: true, force: true }));
			tarball = await pack(packDir);
			log(`packed ${path.basename(tarball)}`);
		}

		const sandbox = await startSandbox({
			apiKeys: [DEMO.apiKey],
			seed: 'demo',
			site: 'demo',
			port: sandboxPort,
		});
		cleanups.push(() => sandbox.close());
		log(`phpRank sandbox on ${sandbox.url} (seed 'demo', key ${DEMO.apiKey})`);
		const mailbox = await startMailbox({ webPort: o.mailboxPort ?? 0, webHost: host });
		cleanups.push(() => mailbox.close());
		log(`local mailbox: SMTP on port ${mailbox.smtpPort}, its page on ${mailbox.url}`);

		const n8n = await n8nPromise;
		const ctx = o.userFolder
			? rn.createUserFolder(n8n, { dir: o.userFolder })
			: rn.createUserFolder(n8n);
		if (!o.keep) cleanups.push(() => rn.removeUserFolder(ctx));
		const pkg = rn.installCommunityPackage(ctx, tarball);
		log(`installed ${pkg.name}@${pkg.version} as a community package of n8n ${n8n.version}`);

		const credential = { ...DEMO.credential, data: { baseUrl: sandbox.url, apiKey: DEMO.apiKey } };
		const examples = loadExamples();
		const workflows = examples.map(({ file, workflow }) => ({
			...workflow,
			active: false,
			_file: file,
		}));
		// one n8n start-up per import; the two imports touch one SQLite file, so one after the other
		await rn.importCredentials(ctx, [credential, mailbox.credential()]);
		const ids = await rn.importWorkflows(
			ctx,
			workflows.map(({ _file, ...w }) => w),
		);
		workflows.forEach((w, i) => (w.id = ids[i]));
		log(
			`imported the credentials "${credential.name}" and "${mailbox.credential().name}" and ${workflows.length} example workflows`,
		);

		let editor = null;
		let owner = null;
		if (withEditor) {
			log(`starting the n8n editor on port ${editorPort} (a few seconds)`);
			editor = await rn.startEditor(ctx, {
				port: editorPort,
				listenAddress: host,
				log: o.editorLog,
			});
			cleanups.push(() => editor.stop());
			owner = await rn.setupOwner(ctx, DEMO.owner);
		}
		return {
			sandbox,
			mailbox,
			n8n,
			ctx,
			editor,
			owner: { ...DEMO.owner, ...(owner || {}) },
			credential,
			workflows,
			tarball,
			pkg,
			stop,
		};
	} catch (e) {
		await stop();
		throw e;
	}
}

/** Runs one imported workflow with `n8n execute`; returns the items of its last phpRank node. */
async function runOnce(demo, workflowId) {
	const rn = require('./real-n8n/n8n');
	const wf = demo.workflows.find((w) => w.id === workflowId);
	if (!wf)
		throw new Error(
			`no example workflow with id ${workflowId} (have: ${demo.workflows.map((w) => w.id).join(', ')})`,
		);
	const result = await rn.execute(demo.ctx, wf.id);
	const ran = Object.keys(result.data?.data?.resultData?.runData || {});
	const phpRankNodes = wf.nodes.filter(
		(n) => n.type.startsWith('n8n-nodes-phprank.') && ran.includes(n.name),
	);
	const last = phpRankNodes[phpRankNodes.length - 1];
	const items = last ? rn.nodeOutput(result, last.name) : [];
	return { workflow: wf, node: last && last.name, items, result };
}

async function main() {
	const opts = parseArgs(process.argv.slice(2));
	if (opts.help) {
		const lines = fs.readFileSync(__filename, 'utf8').split('\n');
		say(
			lines
				.slice(3, lines.indexOf(' */'))
				.map((l) => l.replace(/^ \*\s?/, ''))
				.join('\n'),
		);
		return;
	}
	// a fresh clone: install the locked dev dependencies first (tsc, gulp)
	const deps = spawnSync(process.execPath, [path.join(__dirname, 'ensure-deps.js')], {
		cwd: ROOT,
		stdio: 'inherit',
	});
	if (deps.status !== 0) process.exit(deps.status ?? 1);

	const started = Date.now();
	let demo;
	let stopping = false;
	const shutdown = async (signal) => {
		if (stopping) return;
		stopping = true;
		if (signal) note(`${signal}: stopping n8n, the sandbox and the mailbox`);
		if (demo) {
			if (opts.keep) note(`kept the n8n user folder ${demo.ctx.userFolder}`);
			await demo.stop();
		}
	};
	process.on('SIGINT', () => shutdown('SIGINT').then(() => process.exit(0)));
	process.on('SIGTERM', () => shutdown('SIGTERM').then(() => process.exit(0)));

	demo = await startDemo({
		...opts,
		...demoPorts(opts),
		editor: !opts.once,
		editorLog: undefined,
	});
	if (stopping) return;

	if (opts.once) {
		const id = opts.workflow || DEMO.onceWorkflow;
		const { workflow, node, items, result } = await runOnce(demo, id);
		if (!result.ok || !Array.isArray(items)) {
			say(
				`"${workflow.name}" failed: ${result.error ? result.error.message : `exit ${result.code}`}`,
			);
			process.stderr.write(result.stdout.slice(-3000) + result.stderr.slice(-2000));
			await shutdown();
			process.exit(1);
		}
		say(`"${workflow.name}" (${workflow._file}): node "${node}" output ${items.length} item(s):`);
		for (const item of items) {
			say(`  #${item.id}  ${String(item.result ?? item.score ?? '').padStart(3)}  ${item.url}`);
		}
		say(JSON.stringify(items, null, 2));
		say(`demo --once: ${items.length} item(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
		await shutdown();
		process.exit(items.length > 0 ? 0 : 1);
	}

	let digests;
	try {
		digests = await sendDigests(demo, note);
	} catch (error) {
		note(`the weekly digest was not sent: ${error.message}`);
	}
	const url = `http://localhost:${demo.editor.port}`;
	const line = '-'.repeat(72);
	say(`\n${line}`);
	say(` n8n ${demo.n8n.version} with n8n-nodes-phprank is running: open ${url}`);
	say(`   log in:       ${demo.owner.email}  /  ${demo.owner.password}`);
	say(
		`   credential:   "${demo.credential.name}" (Base URL ${demo.sandbox.url}, API key ${DEMO.apiKey})`,
	);
	say('   workflows:    (Overview → Workflows)');
	for (const w of demo.workflows) say(`     - ${w.name}   ${url}/workflow/${w.id}`);
	say(`   phpRank sandbox: ${demo.sandbox.url}/api/v1/reports  (40 demo reports, in memory)`);
	say(`   local mailbox:   ${demo.mailbox.url}  (SMTP on port ${demo.mailbox.smtpPort})`);
	if (digests)
		say(
			`     the weekly audit's digests of the weeks of ${digests.weeks.join(', ')}: ${digests.subjects.map((x) => `"${x}"`).join(', ')}`,
		);
	say(
		`   open a workflow, then "Execute workflow"; add the node from the nodes panel by typing "phpRank"`,
	);
	say(
		` Ctrl-C stops n8n, the sandbox and the mailbox (ready in ${((Date.now() - started) / 1000).toFixed(0)} s)`,
	);
	say(line);
	// stay up until Ctrl-C or until n8n exits on its own
	const exited = await demo.editor.exited;
	if (!stopping) {
		note(
			`n8n exited (${exited.signal || `exit ${exited.code}`}):\n${demo.editor.output().split('\n').slice(-30).join('\n')}`,
		);
		await shutdown();
		process.exit(1);
	}
}

module.exports = { startDemo, sendDigests, loadExamples, build, pack, parseArgs, demoPorts, DEMO };

if (require.main === module) {
	main().catch(async (err) => {
		process.stderr.write(`\ndemo failed: ${err.message}\n`);
		process.exit(1);
	});
}
