'use strict';
/**
 * n8n's verification scanner, @n8n/scan-community-package, run on this package before it is published.
 *
 * The scanner's CLI only takes a registry name: it fetches the package's npm provenance, downloads the
 * GitHub source the provenance names, `npm pack`s the published version, and lints
 *   - the source checkout with SOURCE_FILE_PATTERNS (package.json + nodes/credentials *.ts/js/json), and
 *   - the unpacked tarball with ['**\/*.js', 'package.json'],
 * using its own ESLint config (buildScanConfig: @n8n/eslint-plugin-community-nodes recommended +
 * eslint-plugin-n8n-nodes-base, no-console). A package passes when neither leg has an error.
 *
 * Here the same two legs run through the scanner's exported `analyzePackage` and `SOURCE_FILE_PATTERNS`:
 * the source leg on the working tree (what would be committed and attested), the tarball leg on our
 * `npm pack` output, unpacked. Only the provenance/download steps are skipped (nothing is published).
 *
 * The scanner is installed into the real-n8n cache folder (never into the project's node_modules).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');
const { cacheRoot } = require('../../../scripts/real-n8n/install');

const SCANNER = { name: '@n8n/scan-community-package', version: '0.32.0' };
const MARKER = '.phprank-scanner-install.json';

function scannerDir() {
	return path.join(cacheRoot(), `scan-community-package-${SCANNER.version}`);
}

function scannerEntry(dir = scannerDir()) {
	return path.join(dir, 'node_modules', ...SCANNER.name.split('/'), 'scanner', 'scanner.mjs');
}

function log(msg) {
	process.stderr.write(`[scanner] ${msg}\n`);
}

function run(cmd, args, opts) {
	return new Promise((resolve, reject) => {
		const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		let err = '';
		child.stdout.on('data', (d) => (out += d));
		child.stderr.on('data', (d) => (err += d));
		child.on('error', reject);
		child.on('close', (code) => resolve({ code, stdout: out, stderr: err }));
	});
}

/** Installs the scanner into <cache>/scan-community-package-<version>/ once; returns that folder. */
async function ensureScanner() {
	const dir = scannerDir();
	const marker = path.join(dir, MARKER);
	if (fs.existsSync(marker) && fs.existsSync(scannerEntry(dir))) return dir;
	const started = Date.now();
	log(`installing ${SCANNER.name}@${SCANNER.version} into ${dir}`);
	fs.mkdirSync(dir, { recursive: true });
	fs.writeFileSync(
		path.join(dir, 'package.json'),
		JSON.stringify(
			{
				name: 'phprank-scan-community-package',
				private: true,
				description:
					"Cache of n8n's community-package scanner for n8n-nodes-phprank (test/e2e/lib/scanner.js)",
				dependencies: { [SCANNER.name]: SCANNER.version },
			},
			null,
			2,
		) + '\n',
	);
	// scripts off: eslint-plugin-n8n-nodes-base has `preinstall: npx only-allow pnpm`
	fs.writeFileSync(
		path.join(dir, '.npmrc'),
		'ignore-scripts=true\nfund=false\naudit=false\nupdate-notifier=false\n',
	);
	const env = { ...process.env, CI: 'true' };
	delete env.npm_config_prefix;
	delete env.npm_config_global;
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	const r = await run(
		npm,
		['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
		{ cwd: dir, env },
	);
	if (r.code !== 0)
		throw new Error(
			`npm install ${SCANNER.name}@${SCANNER.version} failed:\n${(r.stderr + r.stdout).slice(-3000)}`,
		);
	if (!fs.existsSync(scannerEntry(dir)))
		throw new Error(`scanner entry missing after install: ${scannerEntry(dir)}`);
	fs.writeFileSync(
		marker,
		JSON.stringify({ ...SCANNER, installedAt: new Date().toISOString() }, null, 2) + '\n',
	);
	log(`installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
	return dir;
}

// Runs in a child process (the scanner is ESM and creates a temp folder on import). The verdict is the
// scanner's own analyzePackage(); the findings list (errors AND warnings, which analyzePackage does not
// report when it passes) comes from the same ESLint config (buildScanConfig) over the same files.
const LEG_SCRIPT = `
import { createRequire } from 'node:module';
const [entry, sourceDir, packageDir] = process.argv.slice(1);
const scanner = await import(entry);
const req = createRequire(entry);
const { ESLint } = req('eslint');
const glob = req('fast-glob');
async function findings(dir, patterns) {
	const eslint = new ESLint({ cwd: dir, allowInlineConfig: false, overrideConfigFile: true, overrideConfig: await scanner.buildScanConfig() });
	const files = glob.sync(patterns, { cwd: dir, absolute: true, ignore: ['node_modules/**', '**/package-lock.json'] });
	const results = files.length ? await eslint.lintFiles(files) : [];
	const list = [];
	for (const r of results) for (const m of r.messages) list.push({ file: r.filePath.slice(dir.length + 1), line: m.line, severity: m.severity === 2 ? 'error' : 'warning', rule: m.ruleId, message: m.message });
	return { files: files.length, list };
}
const legs = {};
for (const [name, dir, patterns] of [['source', sourceDir, scanner.SOURCE_FILE_PATTERNS], ['dist', packageDir, ['**/*.js', 'package.json']]]) {
	const verdict = await scanner.analyzePackage(dir, patterns);
	const f = await findings(dir, patterns);
	legs[name] = { passed: verdict.passed, message: verdict.message, details: verdict.details, patterns, linted: f.files, findings: f.list };
}
process.stdout.write('\\n@@SCAN@@' + JSON.stringify(legs));
`;

/** Files of the source leg: what git would publish as the source (tracked + untracked, not ignored). */
function copySource(repoDir, dest) {
	let files;
	try {
		files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
			cwd: repoDir,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'ignore'],
		})
			.split('\0')
			.filter(Boolean);
	} catch {
		files = null;
	}
	const wanted = (f) => f === 'package.json' || /^(nodes|credentials)\//.test(f);
	if (!files) {
		// not a git checkout: take the folders themselves
		files = [];
		const walk = (rel) => {
			const abs = path.join(repoDir, rel);
			if (!fs.existsSync(abs)) return;
			if (fs.statSync(abs).isDirectory())
				for (const e of fs.readdirSync(abs)) walk(path.join(rel, e));
			else files.push(rel);
		};
		['package.json', 'nodes', 'credentials'].forEach(walk);
	}
	for (const f of files.filter(wanted)) {
		if (!fs.existsSync(path.join(repoDir, f))) continue; // deleted in the working tree
		fs.mkdirSync(path.dirname(path.join(dest, f)), { recursive: true });
		fs.copyFileSync(path.join(repoDir, f), path.join(dest, f));
	}
	return files.filter(wanted).length;
}

/**
 * Scans the packed package like the scanner scans a published one (minus provenance/download).
 * @returns {Promise<{passed:boolean, findings:object[], source:object, dist:object, files:{source:number, dist:number}, ms:number}>}
 *   passed: the scanner's verdict on both legs; findings: every ESLint message (errors and warnings) of both legs
 */
async function scanPackage({ repoDir, tarball }) {
	const started = Date.now();
	const dir = await ensureScanner();
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'phprank-scan-'));
	try {
		const sourceDir = path.join(work, 'source');
		const packageDir = path.join(work, 'package');
		fs.mkdirSync(sourceDir);
		fs.mkdirSync(packageDir);
		const sourceFiles = copySource(repoDir, sourceDir);
		execFileSync('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1']);
		const distFiles = execFileSync('find', [packageDir, '-type', 'f'], { encoding: 'utf8' })
			.split('\n')
			.filter(Boolean).length;
		const r = await run(
			process.execPath,
			['--input-type=module', '-e', LEG_SCRIPT, scannerEntry(dir), sourceDir, packageDir],
			{
				cwd: work,
				env: { ...process.env, NODE_PATH: '' },
			},
		);
		const at = r.stdout.lastIndexOf('@@SCAN@@');
		if (r.code !== 0 || at < 0) {
			throw new Error(`scanner failed (exit ${r.code}):\n${(r.stderr + r.stdout).slice(-4000)}`);
		}
		const res = JSON.parse(r.stdout.slice(at + 8));
		const findings = [
			...res.source.findings.map((f) => ({ leg: 'source', ...f })),
			...res.dist.findings.map((f) => ({ leg: 'tarball', ...f })),
		];
		return {
			passed: res.source.passed && res.dist.passed,
			findings,
			source: res.source,
			dist: res.dist,
			files: { source: sourceFiles, dist: distFiles },
			ms: Date.now() - started,
		};
	} finally {
		fs.rmSync(work, { recursive: true, force: true });
	}
}

module.exports = { ensureScanner, scanPackage, scannerDir, SCANNER };
