'use strict';
/**
 * The README's install before the npm release, as a user types it: the commands of its "n8n on this
 * machine" block (README.md, Install) run in a new n8n user folder, `~` standing for that folder and
 * the block's file path for the packed package. Then n8n (not the suite's own installer) has to find
 * the node there: examples/audit-page.json runs in it against the sandbox.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ensureN8n } = require('../../../scripts/real-n8n/install');
const rn = require('../../../scripts/real-n8n/n8n');
const { startSandbox } = require('../../sandbox');
const { CREDENTIALS, KEY } = require('./specs');

const ROOT = path.join(__dirname, '..', '..', '..');
const BLOCK_TITLE = 'n8n on this machine';
const EXAMPLE = 'examples/audit-page.json';

/** The shell lines of the README's block, comments dropped. */
function readmeInstallCommands() {
	const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
	const at = readme.indexOf(BLOCK_TITLE);
	const block = at < 0 ? null : /```sh\n([\s\S]*?)```/.exec(readme.slice(at));
	if (!block) throw new Error(`README.md has no sh block after "${BLOCK_TITLE}"`);
	return block[1]
		.split('\n')
		.map((line) => line.replace(/\s#.*$|^#.*$/, '').trim())
		.filter(Boolean);
}

/** The block's commands for this user folder and tarball (the README names `/path/to/<file>.tgz`). */
function commandsFor(userFolder, tarball) {
	return readmeInstallCommands().map((line) =>
		line
			.replace(/~\//g, `${userFolder}/`)
			.replace(/\/path\/to\/n8n-nodes-phprank-[^\s]+\.tgz/g, tarball),
	);
}

async function checkReadmeInstall({ line, report, tarball, tag }) {
	const n8n = await ensureN8n(line);
	const ctx = rn.createUserFolder(n8n);
	const sandbox = await startSandbox({ apiKeys: [KEY], seed: 'demo' });
	try {
		const commands = commandsFor(ctx.userFolder, tarball);
		const shell = spawnSync('bash', ['-c', commands.join(' && ')], {
			cwd: ctx.userFolder,
			encoding: 'utf8',
		});
		const installedDir = path.join(ctx.n8nFolder, 'nodes', 'node_modules');
		const installed = fs.existsSync(installedDir) ? fs.readdirSync(installedDir).sort() : [];
		report.check(
			`${tag} README install: its commands (${readmeInstallCommands().length} lines) put the package alone in ~/.n8n/nodes (no n8n-workflow of its own)`,
			commands.some((c) => c.includes(tarball)) &&
				shell.status === 0 &&
				JSON.stringify(installed.filter((name) => !name.startsWith('.'))) ===
					JSON.stringify(['n8n-nodes-phprank']),
			() =>
				`commands: ${commands.join(' && ')}\nexit ${shell.status}\n${shell.stderr}\ninstalled: ${installed}`,
		);
		const workflow = JSON.parse(fs.readFileSync(path.join(ROOT, EXAMPLE), 'utf8'));
		await rn.importCredentials(ctx, CREDENTIALS(sandbox.url));
		const [id] = await rn.importWorkflows(ctx, [workflow]);
		sandbox.clearRequests();
		const run = await rn.execute(ctx, id);
		const { requests } = sandbox;
		const output = run.ok ? rn.nodeOutput(run, 'Create report') : [];
		report.check(
			`${tag} README install: n8n loads the package from there and runs ${EXAMPLE} (one POST /api/v1/reports, one report out)`,
			run.ok &&
				requests.length === 1 &&
				requests[0].method === 'POST' &&
				requests[0].pathname === '/api/v1/reports' &&
				requests[0].headers.authorization === `Bearer ${KEY}` &&
				output.length === 1 &&
				Number.isInteger(output[0].id),
			() =>
				`${run.stderr.split('\n').slice(-15).join('\n')}\nrequests: ${JSON.stringify(requests.map((r) => `${r.method} ${r.path}`))}`,
		);
	} finally {
		await sandbox.close();
		rn.removeUserFolder(ctx);
	}
}

module.exports = { checkReadmeInstall, readmeInstallCommands };
