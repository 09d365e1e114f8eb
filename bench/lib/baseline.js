'use strict';
// `--against <git ref | .tgz>`: the baseline package, built from a commit of this repository or
// unpacked from a packed tarball, in the bench cache. A commit's build is kept (keyed by the full
// commit id), so a second run against the same commit starts at once.
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
// node_modules of a baseline: this repository's (its dev tools build it; n8n-workflow), linked on every
// run, not only when the build is made: a kept build may link to a checkout that is gone
const { benchCache, linkModules } = require('./snapshot');

/** The folder of a git ref's build, or of an unpacked tarball; built or unpacked when missing. */
function prepareBaseline(ref, { repo, log = () => {} }) {
	if (/\.tgz$/i.test(ref) || (fs.existsSync(ref) && fs.statSync(ref).isFile()))
		return unpackTarball(path.resolve(ref), { log });
	return buildCommit(ref, { repo, log });
}

function git(args, cwd) {
	return execFileSync('git', args, {
		cwd,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
	}).trim();
}

function buildCommit(ref, { repo, log }) {
	let commit;
	try {
		commit = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], repo);
	} catch {
		throw new Error(`--against ${ref}: neither a commit of this repository nor a .tgz file`);
	}
	const short = git(['rev-parse', '--short', commit], repo);
	const root = benchCache('baselines');
	const dir = path.join(root, commit);
	const description = { ref, commit: short, label: ref === short ? short : `${ref} (${short})` };
	if (fs.existsSync(path.join(dir, '.built'))) {
		linkModules(dir);
		log(`baseline ${description.label}: built before, in ${dir}`);
		return { dir, ...description };
	}
	// built in a temporary folder and renamed when complete: an interrupted build is never reused
	const work = fs.mkdtempSync(path.join(root, `${short}-building-`));
	try {
		log(`baseline ${description.label}: git archive into ${work}, then tsc and gulp build:assets`);
		const archive = execFileSync('git', ['archive', '--format=tar', commit], {
			cwd: repo,
			maxBuffer: 512 * 1024 * 1024,
		});
		execFileSync('tar', ['-x', '-C', work], { input: archive });
		linkModules(work);
		const run = (args) =>
			execFileSync('npx', args, { cwd: work, stdio: ['ignore', 'ignore', 'pipe'] });
		run(['tsc', '-p', 'tsconfig.json']);
		run(['gulp', 'build:assets']);
		fs.writeFileSync(path.join(work, '.built'), `${commit}\n`);
		fs.rmSync(dir, { recursive: true, force: true });
		fs.renameSync(work, dir);
	} catch (error) {
		fs.rmSync(work, { recursive: true, force: true });
		const detail = error.stderr ? `: ${String(error.stderr).slice(-2000)}` : '';
		throw new Error(
			`building the baseline ${description.label} failed${detail || `: ${error.message}`}`,
		);
	}
	return { dir, ...description };
}

/** A packed package (`npm pack`): unpacked afresh each run (its name says nothing of its content). */
function unpackTarball(file, { log }) {
	if (!fs.existsSync(file)) throw new Error(`--against ${file}: no such file`);
	const work = fs.mkdtempSync(path.join(benchCache('baselines'), 'tgz-'));
	execFileSync('tar', ['-xzf', file, '-C', work]);
	const dir = path.join(work, 'package');
	if (!fs.existsSync(path.join(dir, 'package.json')))
		throw new Error(`--against ${file}: no package/package.json inside (not an npm pack tarball)`);
	linkModules(dir);
	log(`baseline ${path.basename(file)}: unpacked into ${dir}`);
	return {
		dir,
		ref: file,
		label: path.basename(file),
		remove: () => fs.rmSync(work, { recursive: true, force: true }),
	};
}

module.exports = { prepareBaseline };
