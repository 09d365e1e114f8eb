#!/usr/bin/env node
'use strict';
/**
 * End-to-end proof of the real-n8n tooling, independent of the phpRank node:
 * packs scripts/real-n8n/fixture-package (a tiny declarative node `echoTest` + credential `echoTestApi`),
 * installs it as a community package into a fresh user folder of each n8n line, imports a credential
 * and workflows (Manual Trigger -> Echo Test), runs them with `n8n execute` against a local HTTP server,
 * then starts the editor, creates the owner over REST and checks the node type is served to the UI.
 *
 *   node scripts/real-n8n/selftest.js            # every line of install.js (2, 2.41, 1)
 *   node scripts/real-n8n/selftest.js 2.41       # one line
 *   node scripts/real-n8n/selftest.js 2 --no-editor
 *   KEEP=1 node scripts/real-n8n/selftest.js 2   # keep the user folders for inspection
 *
 * Prints PASS/FAIL per check and a final "SELFTEST PASS" / "SELFTEST FAIL" (exit code 0 / 1).
 */
const http = require('node:http');
const path = require('node:path');
const fs = require('node:fs');
const os = require('node:os');
const crypto = require('node:crypto');
const { ensureN8n, LINE_NAMES } = require('./install');
const rn = require('./n8n');

const API_KEY = 'selftest-key-123';
const FIXTURE_DIR = path.join(__dirname, 'fixture-package');

const args = process.argv.slice(2);
const lineArg = args.find((a) => !a.startsWith('--')) || 'all';
const lines = lineArg === 'all' ? LINE_NAMES : [lineArg];
const withEditor = !args.includes('--no-editor');

const results = [];
const timings = [];

function check(name, ok, detail) {
	results.push({ name, ok: !!ok });
	console.log(
		`${ok ? 'PASS' : 'FAIL'}  ${name}${!ok && detail ? `\n      ${String(detail).split('\n').join('\n      ')}` : ''}`,
	);
	return !!ok;
}

function secs(ms) {
	return `${(ms / 1000).toFixed(1)} s`;
}

/** A tiny API: GET /echo?message=... needs header X-Api-Key. Records every request. */
function startEchoServer() {
	const requests = [];
	const server = http.createServer((req, res) => {
		const url = new URL(req.url, 'http://x');
		requests.push({
			method: req.method,
			path: url.pathname,
			query: Object.fromEntries(url.searchParams),
			headers: req.headers,
		});
		res.setHeader('content-type', 'application/json');
		if (req.headers['x-api-key'] !== API_KEY) {
			res.statusCode = 401;
			res.end(JSON.stringify({ message: 'Invalid API key' }));
			return;
		}
		if (url.pathname === '/echo') {
			res.end(
				JSON.stringify({ echoed: url.searchParams.get('message'), method: req.method, auth: 'ok' }),
			);
			return;
		}
		res.statusCode = 404;
		res.end(JSON.stringify({ message: 'not found' }));
	});
	return new Promise((resolve) => {
		server.listen(0, '127.0.0.1', () => resolve({ server, port: server.address().port, requests }));
	});
}

function workflow(id, name, credId, message) {
	return {
		id,
		name,
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'Manual',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: crypto.randomUUID(),
				name: 'Echo',
				type: 'n8n-nodes-phprank-echo-fixture.echoTest',
				typeVersion: 1,
				position: [220, 0],
				parameters: { message },
				credentials: { echoTestApi: { id: credId, name: credId } },
			},
		],
		connections: { Manual: { main: [[{ node: 'Echo', type: 'main', index: 0 }]] } },
	};
}

async function testLine(line, tarball, api) {
	console.log(`\n=== n8n line ${line} ===`);
	let t = Date.now();
	const n8n = await ensureN8n(line);
	timings.push([`line ${line}: ensureN8n (install or cache check)`, Date.now() - t]);
	check(`line ${line}: n8n ${n8n.version} installed`, fs.existsSync(n8n.n8nBin));

	const ctx = rn.createUserFolder(n8n);
	console.log(`      user folder ${ctx.userFolder}`);
	try {
		const pkg = rn.installCommunityPackage(ctx, tarball);
		check(
			`line ${line}: community package installed as ${pkg.nodeTypes.join(', ')}`,
			pkg.nodeTypes[0] === 'n8n-nodes-phprank-echo-fixture.echoTest' &&
				fs.existsSync(path.join(ctx.n8nFolder, 'nodes', 'node_modules', pkg.name, 'package.json')),
		);

		t = Date.now();
		await rn.importCredentials(ctx, [
			{
				id: 'credEchoGood00001',
				name: 'credEchoGood00001',
				type: 'echoTestApi',
				data: { baseUrl: `http://127.0.0.1:${api.port}`, apiKey: API_KEY },
			},
			{
				id: 'credEchoBad000001',
				name: 'credEchoBad000001',
				type: 'echoTestApi',
				data: { baseUrl: `http://127.0.0.1:${api.port}`, apiKey: 'wrong' },
			},
		]);
		timings.push([`line ${line}: import:credentials`, Date.now() - t]);
		t = Date.now();
		const ids = await rn.importWorkflows(ctx, [
			workflow('wfEchoGood0000001', 'echo ok', 'credEchoGood00001', 'hello from selftest'),
			workflow('wfEchoBad00000001', 'echo bad key', 'credEchoBad000001', 'should fail'),
		]);
		timings.push([`line ${line}: import:workflow`, Date.now() - t]);
		check(`line ${line}: credentials and workflows imported`, ids.length === 2);

		// the happy path
		const before = api.requests.length;
		const r = await rn.execute(ctx, 'wfEchoGood0000001');
		timings.push([`line ${line}: n8n execute (cold, success)`, r.ms]);
		const out = r.ok ? rn.nodeOutput(r, 'Echo') : undefined;
		check(
			`line ${line}: execute returns the node output`,
			r.ok &&
				Array.isArray(out) &&
				out.length === 1 &&
				out[0].echoed === 'hello from selftest' &&
				out[0].auth === 'ok',
			`exit ${r.code}; output ${JSON.stringify(out)}\nstdout tail: ${r.stdout.slice(-1500)}\nstderr tail: ${r.stderr.slice(-1500)}`,
		);
		const seen = api.requests.slice(before);
		check(
			`line ${line}: the server saw GET /echo with the credential's header and the query`,
			seen.length === 1 &&
				seen[0].method === 'GET' &&
				seen[0].headers['x-api-key'] === API_KEY &&
				seen[0].query.message === 'hello from selftest',
			JSON.stringify(seen.map(({ headers, ...x }) => ({ ...x, key: headers['x-api-key'] }))),
		);

		// the error path: a 401 makes the run fail; execute() still returns the parsed run and the error
		const bad = await rn.execute(ctx, 'wfEchoBad00000001');
		timings.push([`line ${line}: n8n execute (failing run)`, bad.ms]);
		const errText = JSON.stringify(bad.error || {}) + bad.stdout + bad.stderr;
		check(
			`line ${line}: a failing run gives ok=false, non-zero exit and the API error`,
			!bad.ok && bad.code !== 0 && /401|Invalid API key|Authorization failed/i.test(errText),
			`ok=${bad.ok} exit=${bad.code} error=${JSON.stringify(bad.error)?.slice(0, 500)}\nstdout tail: ${bad.stdout.slice(-1500)}\nstderr tail: ${bad.stderr.slice(-800)}`,
		);

		if (withEditor) {
			const port = await rn.getFreePort();
			t = Date.now();
			const editor = await rn.startEditor(ctx, { port });
			timings.push([`line ${line}: n8n start until /healthz + /rest/settings`, Date.now() - t]);
			try {
				check(`line ${line}: editor answers on ${editor.url}`, true);
				const owner = await rn.setupOwner(ctx, {
					email: 'owner@example.com',
					password: 'Selftest-Pass-1',
					firstName: 'Self',
					lastName: 'Test',
				});
				check(
					`line ${line}: owner created over REST`,
					owner.created && !!owner.cookie,
					JSON.stringify(owner).slice(0, 300),
				);
				const again = await rn.setupOwner(ctx, {
					email: 'owner@example.com',
					password: 'Selftest-Pass-1',
				});
				check(
					`line ${line}: second setupOwner logs in instead`,
					!again.created && !!again.cookie,
					JSON.stringify(again).slice(0, 300),
				);
				const types = await rn.restRequest(ctx, 'GET', '/types/nodes.json');
				check(
					`line ${line}: editor serves the community node type to the UI`,
					types.status === 200 &&
						Array.isArray(types.json) &&
						types.json.some((nt) => nt.name === 'n8n-nodes-phprank-echo-fixture.echoTest'),
					`HTTP ${types.status} ${types.text.slice(0, 200)}`,
				);
			} finally {
				t = Date.now();
				await editor.stop();
				timings.push([`line ${line}: editor stop`, Date.now() - t]);
			}
		}
	} finally {
		if (process.env.KEEP) console.log(`      kept ${ctx.userFolder}`);
		else rn.removeUserFolder(ctx);
	}
}

(async () => {
	const started = Date.now();
	const api = await startEchoServer();
	const packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-selftest-pack-'));
	try {
		const tarball = await rn.packPackage(FIXTURE_DIR, packDir);
		check(`fixture package packed (${path.basename(tarball)})`, fs.existsSync(tarball));
		for (const line of lines) {
			try {
				await testLine(line, tarball, api);
			} catch (err) {
				check(`line ${line}: no unexpected error`, false, err.stack || err.message);
			}
		}
	} finally {
		api.server.close();
		fs.rmSync(packDir, { recursive: true, force: true });
	}
	console.log('\nTimings:');
	for (const [name, ms] of timings) console.log(`  ${secs(ms).padStart(8)}  ${name}`);
	const failed = results.filter((r) => !r.ok);
	console.log(
		`\n${failed.length ? 'SELFTEST FAIL' : 'SELFTEST PASS'}: ${results.length - failed.length}/${results.length} checks passed in ${secs(Date.now() - started)}`,
	);
	process.exit(failed.length ? 1 : 0);
})().catch((err) => {
	console.error(err);
	console.log('SELFTEST FAIL');
	process.exit(1);
});
