'use strict';
// Section 9, Audit Site's URL filters (issue 44): Include / Exclude URLs Containing as each package
// reads and matches them (its dist/nodes/PhpRank/auditSite/pageFilter.js `urlMatcherFrom`), time per URL:
// - on worst cases, one URL of 2,048 characters each: the harmless patterns, its polynomial
//   one, an exponential one, and the largest program the engine accepts;
// - on 1,000 URLs as sitemaps list them: harmless patterns, and Exclude's placeholder;
// beside JavaScript's own RegExp on the same URLs where it answers in time (`native`). Each case
// runs in a child process (lib/url-filter-child.js) stopped after `limitMs`: a package that matches
// one URL for minutes gets "over the limit" as its figure. A package that refuses the pattern gets
// its error instead.
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { CASES } = require('./urlFilterCases');

const CHILD = path.join(__dirname, 'url-filter-child.js');

/** The package's filter module, in its snapshot's dist/: auditSite/, or sitemap/ in a baseline built before the move. */
function pageFilterOf(snapshot) {
	const nodeDir = path.dirname(snapshot.nodeFile);
	const moved = path.join(nodeDir, 'auditSite', 'pageFilter.js');
	return fs.existsSync(moved) ? moved : path.join(nodeDir, 'sitemap', 'pageFilter.js');
}

function runCase(moduleFile, testCase, limitMs) {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [CHILD, moduleFile, JSON.stringify(testCase)], {
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let out = '';
		let err = '';
		let stopped = false;
		const timer = setTimeout(() => {
			stopped = true;
			child.kill('SIGKILL');
		}, limitMs);
		child.stdout.on('data', (d) => (out += d));
		child.stderr.on('data', (d) => (err += d));
		child.on('close', (code) => {
			clearTimeout(timer);
			if (stopped) return resolve({ overLimitMs: limitMs });
			if (code !== 0) return reject(new Error(`url filter child: ${err.slice(0, 800)}`));
			resolve(JSON.parse(out));
		});
	});
}

/**
 * Every case for every package (`subjects`: [{ key, snapshot }]), case by case, the packages one
 * after the other. Returns { [subject key]: { limitMs, cases: { [case key]: figures } } }.
 */
async function runUrlFilters({ subjects, limitMs, log }) {
	const results = Object.fromEntries(subjects.map((s) => [s.key, { limitMs, cases: {} }]));
	for (const testCase of CASES) {
		for (const s of subjects) {
			log(
				`9. ${testCase.field} on ${testCase.sitemap ? '1,000 sitemap URLs' : 'its worst case'} [${s.key}]`,
			);
			const figures = await runCase(pageFilterOf(s.snapshot), testCase, limitMs);
			results[s.key].cases[testCase.key] = { ...testCase, ...figures };
		}
	}
	return results;
}

module.exports = { runUrlFilters };
