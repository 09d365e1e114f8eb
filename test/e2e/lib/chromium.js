'use strict';
/**
 * Debian's chromium for the browser check: /usr/bin/chromium (or $PHPRANK_CHROMIUM).
 * Missing and running as root: `apt-get install -y chromium` (after `apt-get update` if the package
 * is unknown). Missing otherwise: a clear error saying what to install.
 */
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');

const DEFAULT_PATH = '/usr/bin/chromium';

function chromiumPath() {
	return process.env.PHPRANK_CHROMIUM || DEFAULT_PATH;
}

function works(bin) {
	if (!fs.existsSync(bin)) return false;
	const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30000 });
	return r.status === 0 && /chrom/i.test(r.stdout);
}

function apt(args, log) {
	log(`$ apt-get ${args.join(' ')}`);
	const r = spawnSync('apt-get', args, {
		stdio: ['ignore', 'pipe', 'pipe'],
		encoding: 'utf8',
		env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		maxBuffer: 64 * 1024 * 1024,
	});
	return r;
}

/**
 * @param {(msg:string)=>void} [log]
 * @returns {string} path of a working chromium binary
 */
function ensureChromium(log = (m) => process.stderr.write(`[chromium] ${m}\n`)) {
	const bin = chromiumPath();
	if (works(bin)) return bin;
	if (process.env.PHPRANK_CHROMIUM) {
		throw new Error(
			`PHPRANK_CHROMIUM=${bin} is not a working chromium (\`${bin} --version\` failed)`,
		);
	}
	const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
	if (!isRoot) {
		throw new Error(
			`The browser check needs Debian's chromium at ${DEFAULT_PATH}, and it is not installed.\n` +
				'Install it once with:  sudo apt-get install -y chromium\n' +
				'(or point PHPRANK_CHROMIUM at another Chromium binary), then run npm run e2e again.',
		);
	}
	const started = Date.now();
	log(`${DEFAULT_PATH} is missing: installing Debian's chromium (apt-get, about a minute)`);
	let r = apt(['install', '-y', '--no-install-recommends', 'chromium'], log);
	if (r.status !== 0) {
		// a fresh container has empty package lists
		const u = apt(['update'], log);
		if (u.status !== 0) throw new Error(`apt-get update failed:\n${(u.stderr || '').slice(-2000)}`);
		r = apt(['install', '-y', '--no-install-recommends', 'chromium'], log);
	}
	if (r.status !== 0 || !works(DEFAULT_PATH)) {
		throw new Error(
			`apt-get install -y chromium failed (exit ${r.status}):\n${(r.stderr || r.stdout || '').slice(-3000)}`,
		);
	}
	log(`chromium installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
	return DEFAULT_PATH;
}

module.exports = { ensureChromium, chromiumPath, DEFAULT_PATH };

if (require.main === module) {
	try {
		console.log(ensureChromium());
	} catch (e) {
		console.error(e.message);
		process.exit(1);
	}
}
