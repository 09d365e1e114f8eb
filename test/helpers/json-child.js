// Runs a Node.js script in a child process of its own (its own n8n user folder: two processes must
// not create one config file at once, test/helpers/user-folder.js) and resolves with the JSON it
// prints on stdout; rejects with its stderr when it exits non-zero.
const { spawn } = require('node:child_process');

/**
 * @param {string} script          the file to run
 * @param {object} [options]
 * @param {string[]} [options.args] its arguments
 * @param {object} [options.env]    variables added to this process's environment (TZ, say)
 * @param {string} [options.input]  what to write to its stdin
 */
function jsonOfChild(script, { args = [], env = {}, input } = {}) {
	const childEnv = { ...process.env, ...env };
	delete childEnv.N8N_USER_FOLDER;
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [script, ...args], {
			env: childEnv,
			stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
		});
		let out = '';
		let err = '';
		child.stdout.on('data', (chunk) => (out += chunk));
		child.stderr.on('data', (chunk) => (err += chunk));
		child.on('error', reject);
		child.on('close', (code) => {
			if (code !== 0) return reject(new Error(`${script} exited with ${code}: ${err}`));
			resolve(JSON.parse(out));
		});
		if (input !== undefined) child.stdin.end(input);
	});
}

module.exports = { jsonOfChild };
