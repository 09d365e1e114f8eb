'use strict';
// Process-group control for everything the real-n8n scripts start (n8n, its workers, Redis,
// Postgres): each child runs in its own process group, so stopping it also stops what it started
// (n8n's task runner), and whatever is still running when this process exits is killed with it.
// Only node: built-ins.
const net = require('node:net');

/** Children to kill if this process exits while they run. */
const running = new Set();

process.once('exit', () => {
	for (const child of running) killGroup(child, 'SIGKILL');
});

/** Kills a child's whole process group (falling back to the child alone), unless it has ended. */
function killGroup(child, signal) {
	if (child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		try {
			child.kill(signal);
		} catch {
			/* gone */
		}
	}
}

/** Kills what is left of an ended child's process group (a task runner may outlive its parent). */
function killLeftovers(pid) {
	killGroup({ pid, exitCode: null, signalCode: null, kill() {} }, 'SIGKILL');
}

/** Registers a child to be killed with this process if it is still running then. */
function track(child) {
	running.add(child);
	child.once('close', () => running.delete(child));
	return child;
}

/** A free TCP port on 127.0.0.1 (the OS picks it; tiny race until the server binds it). */
function getFreePort() {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});
}

function sleep(ms) {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/** GET with a time limit: a server that is still starting may accept and never answer. */
async function httpGet(url, timeoutMs = 2000) {
	const abort = new AbortController();
	const timer = setTimeout(() => abort.abort(), timeoutMs);
	try {
		return await fetch(url, { signal: abort.signal });
	} finally {
		clearTimeout(timer);
	}
}

module.exports = { killGroup, killLeftovers, track, getFreePort, sleep, httpGet };
