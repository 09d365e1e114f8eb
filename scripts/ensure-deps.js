#!/usr/bin/env node
// The README's commands must work on a fresh clone: install the locked dev dependencies when
// node_modules is missing or older than package-lock.json. (Scripts stay off: see .npmrc; that
// also skips npm's pre/post hooks, so the commands call this file first themselves.)
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const lockFile = path.join(root, 'package-lock.json');
const installedMarker = path.join(root, 'node_modules', '.package-lock.json');

function isInstalled() {
	if (!fs.existsSync(installedMarker)) return false;
	return fs.statSync(installedMarker).mtimeMs >= fs.statSync(lockFile).mtimeMs;
}

if (!isInstalled()) {
	// `npm install` with the lock file, not `npm ci`: the registry mirror these machines use lacks
	// other platforms' optional binaries of a lint dependency (unrs-resolver), so no lock file made
	// here lists them, and `npm ci` refuses a lock file that does not. The versions are the lock's.
	console.log('Installing dev dependencies (npm install, locked versions)...');
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	const result = spawnSync(npm, ['install', '--no-audit', '--no-fund'], {
		cwd: root,
		stdio: 'inherit',
	});
	if (result.status !== 0) process.exit(result.status ?? 1);
}
