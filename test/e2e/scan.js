#!/usr/bin/env node
'use strict';
/**
 * n8n's community-package scanner on this package, alone (it is also part of `npm run e2e`):
 * build, `npm pack`, then @n8n/scan-community-package's own analysis on the source and on the tarball
 * (see lib/scanner.js for what that is and what is skipped).
 *
 *   node test/e2e/scan.js [--skip-build] [--tarball FILE]
 *
 * Prints every finding and `scan: N findings`; exit code 1 unless the scanner passes with none.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');

async function main() {
	const argv = process.argv.slice(2);
	const deps = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'ensure-deps.js')], {
		cwd: ROOT,
		stdio: 'inherit',
	});
	if (deps.status !== 0) process.exit(deps.status ?? 1);
	const demo = require('../../scripts/demo');
	const { scanPackage, ensureScanner, SCANNER } = require('./lib/scanner');
	const scanner = ensureScanner();
	scanner.catch(() => {});
	const packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phprank-scan-pack-'));
	try {
		let tarball = argv.includes('--tarball')
			? path.resolve(argv[argv.indexOf('--tarball') + 1])
			: undefined;
		if (!tarball) {
			if (!argv.includes('--skip-build')) await demo.build();
			tarball = await demo.pack(packDir);
		}
		await scanner;
		const s = await scanPackage({ repoDir: ROOT, tarball });
		console.log(`${SCANNER.name}@${SCANNER.version} on ${path.basename(tarball)}`);
		console.log(
			`  source leg:  ${s.source.passed ? 'passed' : 'FAILED'}, ${s.source.linted} files (${s.source.patterns.join(', ')})`,
		);
		console.log(
			`  tarball leg: ${s.dist.passed ? 'passed' : 'FAILED'}, ${s.dist.linted} files (${s.dist.patterns.join(', ')})`,
		);
		for (const f of s.findings)
			console.log(`  ${f.leg} ${f.file}:${f.line} ${f.severity} ${f.rule}: ${f.message}`);
		for (const d of [s.source.details, s.dist.details].filter(Boolean)) console.log(d);
		console.log(`scan: ${s.passed ? 'passed' : 'FAILED'}, ${s.findings.length} finding(s)`);
		process.exitCode = s.passed && s.findings.length === 0 ? 0 : 1;
	} finally {
		fs.rmSync(packDir, { recursive: true, force: true });
	}
}

main().catch((err) => {
	console.error(err);
	console.log('scan: FAILED (error)');
	process.exit(1);
});
