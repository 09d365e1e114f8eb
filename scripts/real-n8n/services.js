'use strict';
/**
 * Redis and Postgres for n8n's queue mode, the machine's own (Debian's `redis-server` and
 * `postgresql`): each started on a free loopback port, with its data in a temp folder, in its own
 * process group, and stopped (and its folder removed) by `stop()`.
 *
 *   const services = require('./scripts/real-n8n/services');
 *   services.ensureServerBinaries();            // apt-get install as root when missing, else a clear error
 *   const redis = await services.startRedis();  // { host, port, stop() }
 *   const pg = await services.startPostgres();  // { host, port, database, user, password, stop(), ... }
 *
 * Only node: built-ins.
 */
const fs = require('node:fs');
const os = require('node:os');
const net = require('node:net');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { getFreePort, killGroup, sleep, track } = require('./processes');

const HOST = '127.0.0.1';
const APT_PACKAGES = ['redis-server', 'postgresql'];
const REDIS_CANDIDATES = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'];
const POSTGRES_ROOT = '/usr/lib/postgresql';
/** How long a server may take to answer after its start. */
const READY_TIMEOUT_MS = 60000;
/** How long a server may take to stop after SIGTERM/SIGINT before it is killed. */
const STOP_GRACE_MS = 15000;

function isRoot() {
	return typeof process.getuid === 'function' && process.getuid() === 0;
}

function log(message) {
	process.stderr.write(`[services] ${message}\n`);
}

/** The newest installed Postgres major's bin folder (Debian keeps one per major), or undefined. */
function postgresBinDir() {
	let majors = [];
	try {
		majors = fs.readdirSync(POSTGRES_ROOT).filter((name) => /^\d+$/.test(name));
	} catch {
		return undefined;
	}
	majors.sort((a, b) => Number(b) - Number(a));
	const bin = majors
		.map((m) => path.join(POSTGRES_ROOT, m, 'bin'))
		.find((dir) => ['initdb', 'postgres', 'psql'].every((b) => fs.existsSync(path.join(dir, b))));
	return bin;
}

function redisBinary() {
	return REDIS_CANDIDATES.find((file) => fs.existsSync(file));
}

/** What is there: { redis: path|undefined, postgresBin: dir|undefined }. */
function findServerBinaries() {
	return { redis: redisBinary(), postgresBin: postgresBinDir() };
}

function apt(args) {
	log(`$ apt-get ${args.join(' ')}`);
	return spawnSync('apt-get', args, {
		stdio: ['ignore', 'pipe', 'pipe'],
		encoding: 'utf8',
		env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		maxBuffer: 64 * 1024 * 1024,
	});
}

/**
 * Makes sure Debian's redis-server and postgresql are installed. Missing and running as root:
 * `apt-get install -y` (after `apt-get update` when the package lists are empty). Missing otherwise:
 * an error that says what to install.
 * @returns {{redis: string, postgresBin: string}}
 */
function ensureServerBinaries() {
	let found = findServerBinaries();
	const missing = APT_PACKAGES.filter((name) =>
		name === 'redis-server' ? !found.redis : !found.postgresBin,
	);
	if (missing.length === 0) return found;
	if (!isRoot()) {
		throw new Error(
			`n8n's queue mode needs Debian's ${missing.join(' and ')}, not installed here.\n` +
				`Install once with:  sudo apt-get install -y ${missing.join(' ')}\n` +
				'then run npm run e2e again (or leave queue mode out with --no-queue).',
		);
	}
	const t = Date.now();
	log(`installing ${missing.join(' and ')} (apt-get)`);
	const install = ['install', '-y', '--no-install-recommends', ...missing];
	let r = apt(install);
	if (r.status !== 0) {
		// a fresh container has empty package lists
		const update = apt(['update']);
		if (update.status !== 0)
			throw new Error(`apt-get update failed:\n${(update.stderr || '').slice(-2000)}`);
		r = apt(install);
	}
	found = findServerBinaries();
	if (r.status !== 0 || !found.redis || !found.postgresBin) {
		throw new Error(
			`apt-get install -y ${missing.join(' ')} failed (exit ${r.status}):\n${(r.stderr || r.stdout || '').slice(-3000)}`,
		);
	}
	log(`installed in ${((Date.now() - t) / 1000).toFixed(0)} s`);
	return found;
}

/** Starts a long-running server in its own process group; its output is kept (last 100 kB). */
function startProcess(file, args, opts = {}) {
	const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...opts });
	track(child);
	let output = '';
	const keep = (chunk) => (output = (output + chunk).slice(-100000));
	child.stdout.on('data', keep);
	child.stderr.on('data', keep);
	const exited = new Promise((resolve) => {
		child.on('close', (code, signal) => resolve({ code, signal }));
		child.on('error', (error) => resolve({ code: null, signal: null, error }));
	});
	let exitInfo = null;
	exited.then((info) => (exitInfo = info));
	/** Ends it: `signal`, then SIGKILL to the whole group after the grace time. */
	const stop = async (signal = 'SIGTERM') => {
		if (!exitInfo) {
			killGroup(child, signal);
			const timer = setTimeout(() => killGroup(child, 'SIGKILL'), STOP_GRACE_MS);
			await exited;
			clearTimeout(timer);
		}
	};
	return { child, output: () => output, exited, hasExited: () => exitInfo, stop };
}

/** Polls `probe()` until it is true; throws with the server's output if it exits or takes too long. */
async function waitUntilReady(name, proc, probe) {
	const deadline = Date.now() + READY_TIMEOUT_MS;
	while (Date.now() < deadline) {
		const exit = proc.hasExited();
		if (exit)
			throw new Error(
				`${name} exited (${exit.error ? exit.error.message : exit.signal || `exit ${exit.code}`}) before it was ready:\n${proc.output().slice(-3000)}`,
			);
		if (await probe().catch(() => false)) return;
		await sleep(200);
	}
	await proc.stop('SIGKILL');
	throw new Error(
		`${name} was not ready after ${READY_TIMEOUT_MS / 1000} s:\n${proc.output().slice(-3000)}`,
	);
}

/** One inline Redis command over a fresh connection; resolves with the first reply line. */
function redisCommand(port, command) {
	return new Promise((resolve, reject) => {
		const socket = net.connect({ host: HOST, port });
		let reply = '';
		const timer = setTimeout(() => socket.destroy(new Error('no reply within 2 s')), 2000);
		socket.on('connect', () => socket.write(`${command}\r\n`));
		socket.on('data', (d) => {
			reply += d;
			if (reply.includes('\r\n')) {
				clearTimeout(timer);
				socket.end();
				resolve(reply.split('\r\n')[0]);
			}
		});
		socket.on('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
	});
}

/**
 * Starts redis-server on a free port of 127.0.0.1, nothing persisted, its folder a temp dir.
 * @returns {Promise<{host:string, port:number, dir:string, output:()=>string, stop:()=>Promise<void>}>}
 */
async function startRedis({ binary = redisBinary() } = {}) {
	if (!binary) throw new Error('redis-server is not installed (call ensureServerBinaries() first)');
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phprank-redis-'));
	const port = await getFreePort();
	// no config file: every setting on the command line; no RDB/AOF files, no protected-mode surprises
	const proc = startProcess(
		binary,
		[
			'--port',
			String(port),
			'--bind',
			HOST,
			'--dir',
			dir,
			'--save',
			'',
			'--appendonly',
			'no',
			'--daemonize',
			'no',
			'--logfile',
			'',
		],
		{ cwd: dir },
	);
	const stop = async () => {
		await proc.stop('SIGTERM');
		fs.rmSync(dir, { recursive: true, force: true });
	};
	try {
		await waitUntilReady(
			'redis-server',
			proc,
			async () => (await redisCommand(port, 'PING')) === '+PONG',
		);
	} catch (error) {
		await stop();
		throw error;
	}
	return { host: HOST, port, dir, output: proc.output, stop };
}

/** uid/gid of the `postgres` account (Postgres refuses to run as root). */
function postgresAccount() {
	const id = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
	const uid = id('-u');
	const gid = id('-g');
	if (uid.status !== 0 || gid.status !== 0)
		throw new Error(
			"running as root, and there is no `postgres` account to run Postgres as (Debian's postgresql package creates it)",
		);
	return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Starts a private Postgres cluster: `initdb` into a temp folder (trust authentication, loopback
 * only), `postgres` on a free port of 127.0.0.1 with its socket in that folder, and one database.
 * As root, both run as the `postgres` account.
 * @returns {Promise<{host, port, database, user, password, version, dir, output, stop}>}
 */
async function startPostgres({ binDir = postgresBinDir(), database = 'n8n', user = 'n8n' } = {}) {
	if (!binDir) throw new Error('Postgres is not installed (call ensureServerBinaries() first)');
	const account = isRoot() ? postgresAccount() : undefined;
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phprank-postgres-'));
	const dataDir = path.join(dir, 'data');
	if (account) fs.chownSync(dir, account.uid, account.gid);
	const asAccount = account ? { uid: account.uid, gid: account.gid } : {};
	const env = { ...process.env, LC_ALL: 'C', LANG: 'C' };
	const remove = () => fs.rmSync(dir, { recursive: true, force: true });

	const init = spawnSync(
		path.join(binDir, 'initdb'),
		['-D', dataDir, '-U', user, '--auth=trust', '--encoding=UTF8', '--no-sync'],
		{
			cwd: dir,
			env,
			encoding: 'utf8',
			...asAccount,
		},
	);
	if (init.status !== 0) {
		remove();
		throw new Error(
			`initdb failed (exit ${init.status}):\n${(init.stderr || init.stdout || '').slice(-3000)}`,
		);
	}
	const port = await getFreePort();
	// a throw-away cluster: no fsync, no TCP outside loopback, the socket in its own folder
	const proc = startProcess(
		path.join(binDir, 'postgres'),
		[
			'-D',
			dataDir,
			'-p',
			String(port),
			'-h',
			HOST,
			'-k',
			dir,
			'-c',
			'fsync=off',
			'-c',
			'synchronous_commit=off',
			'-c',
			'full_page_writes=off',
			'-c',
			'max_connections=200',
		],
		{ cwd: dir, env, ...asAccount },
	);
	// SIGINT is Postgres's "fast" shutdown: ends sessions, then stops
	const stop = async () => {
		await proc.stop('SIGINT');
		remove();
	};
	const psql = (sql, db = 'postgres') =>
		spawnSync(
			path.join(binDir, 'psql'),
			[
				'-h',
				HOST,
				'-p',
				String(port),
				'-U',
				user,
				'-d',
				db,
				'-v',
				'ON_ERROR_STOP=1',
				'-At',
				'-c',
				sql,
			],
			{ encoding: 'utf8', env, timeout: 10000 },
		);
	try {
		await waitUntilReady('postgres', proc, async () => psql('SELECT 1').status === 0);
		const create = psql(`CREATE DATABASE ${database}`);
		if (create.status !== 0)
			throw new Error(`CREATE DATABASE ${database} failed: ${create.stderr}`);
	} catch (error) {
		await stop();
		throw error;
	}
	const version = psql('SHOW server_version').stdout.trim();
	return {
		host: HOST,
		port,
		database,
		user,
		password: 'unused-trust-auth',
		version,
		dir,
		output: proc.output,
		stop,
	};
}

module.exports = {
	ensureServerBinaries,
	findServerBinaries,
	startRedis,
	startPostgres,
	startProcess,
	HOST,
};
