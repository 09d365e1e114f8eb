'use strict';

/**
 * Points N8N_USER_FOLDER at a private temp dir (once per process) unless it is already set.
 *
 * n8n-core's InstanceSettings writes `$N8N_USER_FOLDER/.n8n/config` (an encryption key) the first
 * time it is used; without this it would write into the developer's real ~/.n8n.
 * Must run before n8n-core is required. Used by jest-setup.js and by every helper module that
 * loads n8n-core.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

function ensureN8nUserFolder() {
	if (process.env.N8N_USER_FOLDER) return process.env.N8N_USER_FOLDER;
	// One folder per OS process (jest gives every test file its own copy of process.env, so a
	// random folder per file would pile up). Not shared between processes: two jest workers
	// creating the config file at the same moment could read each other's half-written file.
	const dir = path.join(os.tmpdir(), `n8n-nodes-test-${process.pid}`);
	fs.mkdirSync(dir, { recursive: true });
	process.env.N8N_USER_FOLDER = dir;
	return dir;
}

function quietN8nEnvironment() {
	// No telemetry / version checks from anything that reads @n8n/config.
	if (process.env.N8N_DIAGNOSTICS_ENABLED === undefined) {
		process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
	}
	if (process.env.N8N_VERSION_NOTIFICATIONS_ENABLED === undefined) {
		process.env.N8N_VERSION_NOTIFICATIONS_ENABLED = 'false';
	}
	// n8n-core logs every node error through its ErrorReporter; keep test output readable.
	// Set N8N_LOG_LEVEL=debug to see it.
	if (process.env.N8N_LOG_LEVEL === undefined) process.env.N8N_LOG_LEVEL = 'silent';
}

/** Both of the above: the first call of every helper module that loads n8n-core. */
function prepareForN8nCore() {
	ensureN8nUserFolder();
	quietN8nEnvironment();
}

module.exports = { ensureN8nUserFolder, quietN8nEnvironment, prepareForN8nCore };
