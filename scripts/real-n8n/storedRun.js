'use strict';
// The run of an `n8n execute`, read back from the execution n8n stored in the user folder's SQLite
// database: the one way the e2e suite, the demo and the benchmark read a run (cli.js execute()).
// What n8n prints is not used: its run JSON shares stdout with log lines (n8n's own, and its task
// runner's, which may land in the middle of it) and n8n exits right after printing it, so under load
// the printed text could not be parsed although the run had succeeded. Only node: built-ins.
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { randomId } = require('./userFolder');

const QUERY = path.join(__dirname, 'storedRun-query.js');

/** A moment as n8n's SQLite columns hold it (UTC, `YYYY-MM-DD HH:MM:SS.mmm`): compared as text. */
function sqliteTime(ms) {
	return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
}

/** The ISO form `n8n execute` prints of such a column. */
function isoTime(text) {
	return text ? `${text.replace(' ', 'T')}Z` : text;
}

function n8nPackageDir(n8n) {
	return path.join(n8n.dir, 'node_modules', 'n8n');
}

/** n8n's own copy of `flatted`, the format of its stored run data and of its REST API's executions. */
function flattedOf(n8n) {
	return require(require.resolve('flatted', { paths: [n8nPackageDir(n8n)] }));
}

/**
 * The executions of `workflowId` that `n8n execute` (mode 'cli') stored in the user folder's database
 * since `sinceMs`, oldest first: [{id, status, finished, mode, createdAt, startedAt, stoppedAt, storedAt,
 * data}], `data` the IRunExecutionData (resultData.runData, resultData.error...) or null when n8n
 * stored none. The query runs in the n8n install's Node, with n8n's own sqlite3.
 * @param {object} ctx  a user folder (userFolder.js)
 * @param {object} env  the env the n8n process had (its DB_* settings)
 */
async function readStoredRuns(ctx, workflowId, sinceMs, env = {}) {
	if (env.DB_TYPE && env.DB_TYPE !== 'sqlite')
		throw new Error(
			`the run of workflow ${workflowId} is read from n8n's SQLite database; this user folder uses DB_TYPE=${env.DB_TYPE}`,
		);
	const database = env.DB_SQLITE_DATABASE || path.join(ctx.n8nFolder, 'database.sqlite');
	const sqlite3 = require.resolve('sqlite3', { paths: [n8nPackageDir(ctx.n8n)] });
	const outFile = path.join(ctx.userFolder, `stored-run-${Date.now()}-${randomId(6)}.json`);
	try {
		const stderr = await new Promise((resolve, reject) => {
			const child = spawn(
				ctx.n8n.nodeBin,
				[QUERY, sqlite3, database, workflowId, sqliteTime(sinceMs), outFile],
				{ stdio: ['ignore', 'ignore', 'pipe'] },
			);
			let text = '';
			child.stderr.on('data', (chunk) => (text += chunk));
			child.on('error', reject);
			child.on('close', (code, signal) =>
				code === 0
					? resolve(text)
					: reject(
							new Error(
								`reading the run of workflow ${workflowId} from ${database} failed (${signal || `exit ${code}`}): ${text.slice(-2000)}`,
							),
						),
			);
		});
		if (stderr) process.stderr.write(stderr);
		const rows = JSON.parse(fs.readFileSync(outFile, 'utf8'));
		const flatted = flattedOf(ctx.n8n);
		return rows.map((row) => ({ ...row, data: row.data ? flatted.parse(row.data) : null }));
	} finally {
		fs.rmSync(outFile, { force: true });
	}
}

/**
 * What a finished `n8n execute` process and the executions it stored (readStoredRuns) say about the run.
 * @param {{code:number|null, signal:string|null}} proc  how the process ended
 * @param {object[]} stored  the executions of the workflow stored since the process started
 * @returns {{ok:boolean, data:object|undefined, error:object|undefined, execution:object|undefined,
 *   crashedAfterSuccess:boolean, reason:string|undefined}}
 *   data: the run shaped as `n8n execute --rawOutput` prints it (data.data.resultData.runData...);
 *   reason: why ok is false, when it is.
 */
function runOutcome(proc, stored) {
	if (stored.length !== 1) {
		return {
			ok: false,
			data: undefined,
			error: undefined,
			execution: undefined,
			crashedAfterSuccess: false,
			reason:
				stored.length === 0
					? 'n8n stored no execution of the workflow'
					: `n8n stored ${stored.length} executions of the workflow (ids ${stored.map((e) => e.id).join(', ')}) while one command ran`,
		};
	}
	const { data: runData, ...execution } = stored[0];
	const data = runData
		? {
				data: runData,
				mode: execution.mode,
				finished: Boolean(execution.finished),
				status: execution.status,
				startedAt: isoTime(execution.startedAt),
				stoppedAt: isoTime(execution.stoppedAt),
			}
		: undefined;
	const error = runData?.resultData?.error;
	const succeeded =
		execution.status === 'success' && Boolean(execution.finished) && !!runData && !error;
	// Seen once (n8n 2.41.1 on Node 24, 2026-11-24): the process died with SIGSEGV while exiting, after
	// the run was stored as finished and successful. That run counts (execute() prints a warning so
	// that the crash stays visible). Any other signal or exit code fails the run.
	const crashedAfterSuccess = proc.signal === 'SIGSEGV' && succeeded;
	const ok = (proc.code === 0 || crashedAfterSuccess) && succeeded;
	let reason;
	if (!ok) {
		if (!runData)
			reason = `execution ${execution.id} (${execution.status}) has no run data in the database (stored at: ${execution.storedAt})`;
		else if (!succeeded) reason = `execution ${execution.id} ended ${execution.status}`;
		else reason = `n8n ended with ${proc.signal || `exit ${proc.code}`} after a successful run`;
	}
	return { ok, data, error, execution, crashedAfterSuccess, reason };
}

module.exports = { readStoredRuns, runOutcome, flattedOf, sqliteTime };
