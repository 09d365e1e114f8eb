'use strict';
// Runs in the Node of an n8n install (its sqlite3 is built for that Node), started by storedRun.js:
// reads the `n8n execute` runs of one workflow created since a moment from the user folder's SQLite
// database, the run data as n8n stored it (flatted text), and writes them as JSON to a file.
//   node storedRun-query.js <sqlite3 module> <database file> <workflow id> <since, n8n's time format> <out file>
// Only node: built-ins and the sqlite3 module given.
const fs = require('node:fs');

const [sqliteModule, databaseFile, workflowId, since, outFile] = process.argv.slice(2);
const sqlite3 = require(sqliteModule);

// Read-write: a read-only connection cannot open a WAL database whose -shm file n8n left behind.
// Only SELECTs are sent.
const db = new sqlite3.Database(databaseFile, sqlite3.OPEN_READWRITE, (openError) => {
	if (openError) fail(openError);
});
db.configure('busyTimeout', 30000);
const columns = (table) =>
	new Promise((resolve, reject) =>
		db.all(`PRAGMA table_info(${table})`, (error, rows) =>
			error ? reject(error) : resolve(rows.map((row) => row.name)),
		),
	);

async function main() {
	// storedAt (2.x only): where the run data lives, 'db' unless n8n was told to keep it in files
	const storedAt = (await columns('execution_entity')).includes('storedAt') ? 'e.storedAt' : `'db'`;
	const rows = await new Promise((resolve, reject) =>
		db.all(
			`SELECT e.id, e.status, e.finished, e.mode, e.createdAt, e.startedAt, e.stoppedAt,
			        ${storedAt} AS storedAt, d.data AS data
			   FROM execution_entity e LEFT JOIN execution_data d ON d.executionId = e.id
			  WHERE e.workflowId = ? AND e.mode = 'cli' AND e.createdAt >= ?
			  ORDER BY e.id`,
			[workflowId, since],
			(error, result) => (error ? reject(error) : resolve(result)),
		),
	);
	fs.writeFileSync(outFile, JSON.stringify(rows));
	db.close();
}

function fail(error) {
	process.stderr.write(`${error.stack || error}\n`);
	process.exitCode = 1;
}

main().catch(fail);
