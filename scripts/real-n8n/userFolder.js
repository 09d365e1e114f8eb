'use strict';
// An n8n user folder (N8N_USER_FOLDER) of its own for every test instance: its config with a fixed
// encryption key, and the environment of each n8n process that uses it. Only node: built-ins.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');

/** Env names checked against the installed n8n sources (@n8n/config, community-packages module). */
const BASE_ENV = {
	N8N_DIAGNOSTICS_ENABLED: 'false',
	N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
	N8N_PERSONALIZATION_ENABLED: 'false',
	// community packages: loaded from <userFolder>/.n8n/nodes/node_modules by the `community-packages`
	// backend module unless N8N_COMMUNITY_PACKAGES_PREVENT_LOADING is true; ENABLED gates the UI/API.
	N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
	N8N_COMMUNITY_PACKAGES_PREVENT_LOADING: 'false',
	// no outbound calls from the test instance
	N8N_TEMPLATES_ENABLED: 'false',
	// quiets a start-up warning and keeps the generated config file private
	N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
};

/** Inherited env vars that would change which n8n we talk to (DB, folders, ports): never passed on. */
const INHERITED_PREFIXES = [
	'N8N_',
	'DB_',
	'EXECUTIONS_',
	'QUEUE_',
	'WEBHOOK_URL',
	'NODES_',
	'CREDENTIALS_',
];

/** A random id of n8n's alphabet (credential and workflow ids). */
function randomId(len = 16) {
	const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	const bytes = crypto.randomBytes(len);
	let id = '';
	for (let i = 0; i < len; i++) id += abc[bytes[i] % abc.length];
	return id;
}

function assertInstall(n8n) {
	// `major` picks the 1.x or 2.x form of commands (activateWorkflow): it must be there
	if (!n8n || !n8n.n8nBin || !n8n.nodeBin || typeof n8n.major !== 'number') {
		throw new Error('pass the object returned by ensureN8n() from scripts/real-n8n/install.js');
	}
}

function writeConfig(userFolder, encryptionKey) {
	const n8nDir = path.join(userFolder, '.n8n');
	fs.mkdirSync(n8nDir, { recursive: true });
	const file = path.join(n8nDir, 'config');
	fs.writeFileSync(file, JSON.stringify({ encryptionKey }, null, '\t'), { mode: 0o600 });
}

/**
 * Creates a fresh, empty n8n user folder (a temp dir) with a fixed encryption key.
 * @param {object} n8n   the result of ensureN8n()
 * @param {object} [opts]
 * @param {string} [opts.dir]            use this folder instead of a new temp dir (created if missing;
 *                                       an existing .n8n/config keeps its encryption key)
 * @param {string} [opts.encryptionKey]  default: random
 * @param {object} [opts.env]            extra env for every n8n process of this folder
 * @returns {{n8n, userFolder:string, n8nFolder:string, encryptionKey:string, env:object, editor:null}}
 */
function createUserFolder(n8n, opts = {}) {
	assertInstall(n8n);
	const userFolder = opts.dir
		? path.resolve(opts.dir)
		: fs.mkdtempSync(path.join(os.tmpdir(), `n8n-${n8n.version}-`));
	fs.mkdirSync(userFolder, { recursive: true });
	const existing = readConfigKey(userFolder);
	if (existing && opts.encryptionKey && existing !== opts.encryptionKey) {
		throw new Error(
			`${userFolder} already has another encryption key; its credentials could not be decrypted`,
		);
	}
	const encryptionKey =
		existing || opts.encryptionKey || crypto.randomBytes(24).toString('base64url');
	if (!existing) writeConfig(userFolder, encryptionKey);
	return folderContext(n8n, userFolder, encryptionKey, opts.env);
}

function readConfigKey(userFolder) {
	try {
		return (
			JSON.parse(fs.readFileSync(path.join(userFolder, '.n8n', 'config'), 'utf8')).encryptionKey ||
			undefined
		);
	} catch {
		return undefined;
	}
}

/** Re-opens a user folder made earlier (reads the encryption key from <folder>/.n8n/config). */
function openUserFolder(n8n, dir, opts = {}) {
	assertInstall(n8n);
	const userFolder = path.resolve(dir);
	const key = readConfigKey(userFolder);
	if (!key)
		throw new Error(
			`${userFolder} is not an n8n user folder (no .n8n/config with an encryptionKey)`,
		);
	return folderContext(n8n, userFolder, key, opts.env);
}

function folderContext(n8n, userFolder, encryptionKey, extraEnv) {
	return {
		n8n,
		userFolder,
		n8nFolder: path.join(userFolder, '.n8n'),
		encryptionKey,
		env: { ...(extraEnv || {}) },
		editor: null,
	};
}

function removeUserFolder(ctx) {
	fs.rmSync(ctx.userFolder, { recursive: true, force: true });
}

/** The full env of one n8n process of this user folder. */
function n8nEnv(ctx, brokerPort, extra = {}) {
	const env = {};
	for (const [name, value] of Object.entries(process.env)) {
		if (!INHERITED_PREFIXES.some((prefix) => name.startsWith(prefix))) env[name] = value;
	}
	Object.assign(env, ctx.n8n.env, BASE_ENV, {
		N8N_USER_FOLDER: ctx.userFolder,
		N8N_ENCRYPTION_KEY: ctx.encryptionKey,
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
	});
	Object.assign(env, ctx.env, extra);
	return env;
}

/**
 * The free port picked for n8n's task broker was taken before n8n bound it (by another process of
 * the suite, or as the local port of an outgoing connection): n8n stops at its start, before any
 * workflow runs, so starting it again with another port sends nothing twice. `output` is what the
 * n8n process printed (or an error that quotes it). Every n8n process (cli.js, editor.js, queue.js)
 * is started at most BROKER_PORT_ATTEMPTS times for this, and for nothing else.
 */
const BROKER_PORT_ATTEMPTS = 3;
const brokerPortTaken = (output) => /Task Broker's port \d+ is already in use/.test(output);

module.exports = {
	createUserFolder,
	openUserFolder,
	removeUserFolder,
	n8nEnv,
	randomId,
	BROKER_PORT_ATTEMPTS,
	brokerPortTaken,
};
