'use strict';
/**
 * n8n's queue mode (n8n 2.x): a main (`n8n start` with EXECUTIONS_MODE=queue) and `n8n worker`
 * processes sharing one Redis (the job queue) and one Postgres (the database), each process with its
 * own user folder (so each holds its own copy of the community packages) and one encryption key.
 *
 *   const services = require('./services');
 *   const queue = require('./queue');
 *   const env = queue.queueEnv({ redis, postgres });                  // from services.startRedis/startPostgres
 *   const main = rn.createUserFolder(n8n, { env });                   // import, publish, startEditor as usual
 *   const w = rn.createUserFolder(n8n, { env, encryptionKey: main.encryptionKey });
 *   const worker = await queue.startWorker(w, { concurrency: 5 });   // { port, output(), stop() }
 *
 * Facts behind the settings (n8n 2.40.7):
 * - every process needs its own N8N_RUNNERS_BROKER_PORT (rn.n8nEnv picks a free one per process);
 * - a worker's health server (QUEUE_HEALTH_CHECK_ACTIVE) listens on QUEUE_HEALTH_CHECK_PORT, whose
 *   default is 5678, the main's port: each worker gets a free port, on N8N_WORKER_SERVER_ADDRESS;
 * - task runners are started as `node` from PATH: the line's env puts Node 24 first (install.js);
 * - N8N_DISABLED_MODULES=mcp-registry keeps the main from calling out to n8n's servers at start.
 */
const { spawn } = require('node:child_process');
const rn = require('./n8n');
const { getFreePort, killGroup, killLeftovers, sleep, track } = require('./processes');

const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 120000;
const STOP_GRACE_MS = 15000;

/** The env every process of one queue-mode installation shares. */
function queueEnv({ redis, postgres }) {
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: redis.host,
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: postgres.host,
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_PASSWORD: postgres.password,
		N8N_DISABLED_MODULES: 'mcp-registry',
	};
}

/**
 * Starts `n8n worker` for a user folder and waits until its health server says ready
 * (`/healthz/readiness` answers 200: database and Redis connected).
 * @param {object} ctx  rn.createUserFolder(...) with the queue env
 * @param {object} [opts]
 * @param {number} [opts.concurrency=10]  jobs this worker runs at once
 * @param {object} [opts.env]             extra env
 * @returns {Promise<{child, port:number, output:()=>string, stop:()=>Promise<void>, exited:Promise}>}
 * Started again, with another task-broker port, when that port was taken (userFolder.js brokerPortTaken).
 */
async function startWorker(ctx, opts = {}) {
	for (let attempt = 1; ; attempt++) {
		try {
			return await startWorkerOnce(ctx, opts, await getFreePort());
		} catch (error) {
			if (attempt >= rn.BROKER_PORT_ATTEMPTS || !rn.brokerPortTaken(error.message)) throw error;
		}
	}
}

async function startWorkerOnce(ctx, opts, brokerPort) {
	const healthPort = await getFreePort();
	const env = rn.n8nEnv(ctx, brokerPort, {
		QUEUE_HEALTH_CHECK_ACTIVE: 'true',
		QUEUE_HEALTH_CHECK_PORT: String(healthPort),
		N8N_WORKER_SERVER_ADDRESS: HOST,
		...(opts.env || {}),
	});
	const child = spawn(
		ctx.n8n.nodeBin,
		[ctx.n8n.n8nBin, 'worker', `--concurrency=${opts.concurrency ?? 10}`],
		{
			cwd: ctx.userFolder,
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true, // own process group: stopping it also stops its task runner
		},
	);
	track(child);
	let output = '';
	const keep = (chunk) => (output = (output + chunk).slice(-500000));
	child.stdout.on('data', keep);
	child.stderr.on('data', keep);
	let exitInfo = null;
	const exited = new Promise((resolve) => {
		child.on('close', (code, signal) => {
			exitInfo = { code, signal };
			resolve(exitInfo);
		});
	});
	const stop = async () => {
		if (!exitInfo) {
			// SIGTERM: n8n's worker finishes its running jobs, then exits
			killGroup(child, 'SIGTERM');
			const timer = setTimeout(() => killGroup(child, 'SIGKILL'), STOP_GRACE_MS);
			await exited;
			clearTimeout(timer);
		}
		killLeftovers(child.pid); // a task runner left behind
	};
	const worker = { child, port: healthPort, output: () => output, stop, exited };

	const deadline = Date.now() + READY_TIMEOUT_MS;
	while (Date.now() < deadline) {
		if (exitInfo)
			throw new Error(
				`n8n worker exited (${exitInfo.signal || `exit ${exitInfo.code}`}) before it was ready:\n${output.split('\n').slice(-40).join('\n')}`,
			);
		try {
			const res = await fetch(`http://${HOST}:${healthPort}/healthz/readiness`, {
				signal: AbortSignal.timeout(2000),
			});
			if (res.status === 200) return worker;
		} catch {
			/* not listening yet */
		}
		await sleep(300);
	}
	await stop();
	throw new Error(
		`n8n worker was not ready after ${READY_TIMEOUT_MS / 1000} s:\n${output.split('\n').slice(-40).join('\n')}`,
	);
}

/** Execution ids a worker (or main) says it started: "Worker started execution 12 (job 12)". */
function startedExecutions(output) {
	return [...output.matchAll(/Worker started execution (\d+) \(job/g)].map((m) => m[1]);
}

module.exports = { queueEnv, startWorker, startedExecutions };
