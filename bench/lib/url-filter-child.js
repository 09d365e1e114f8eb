'use strict';
// Section 9 (bench/lib/urlFilters.js): one case, in a process of its own, so that a pattern a package
// matches for minutes is stopped by the parent without holding the bench. Reads the field as Audit
// Site does (the package's auditSite/pageFilter.js `urlMatcherFrom`), then times it over the case's
// URLs; for a regular expression, JavaScript's own RegExp on the same URLs too, when asked.
// argv: <pageFilter module> <case JSON>. Prints { refused } or { ms, msRange, native? }.
const { performance } = require('node:perf_hooks');
const { urlsOf } = require('./urlFilterCases');
const { median, range } = require('./stats');

const [moduleFile, caseJson] = process.argv.slice(2);

/** Milliseconds per URL: batches of passes over `urls` (each batch at least 20 ms), their median and range. */
function timePerUrl(test, urls) {
	const pass = () => {
		for (const url of urls) test(url);
	};
	let started = performance.now();
	pass(); // the first pass, also a warm-up
	const first = performance.now() - started;
	const passes = Math.max(1, Math.ceil(20 / Math.max(first, 0.001)));
	const batches = [];
	started = performance.now();
	while (batches.length < 7 && (batches.length < 3 || performance.now() - started < 2000)) {
		const t0 = performance.now();
		for (let i = 0; i < passes; i++) pass();
		batches.push((performance.now() - t0) / (passes * urls.length));
	}
	return { ms: median(batches), msRange: range(batches) };
}

function main() {
	const { urlMatcherFrom } = require(moduleFile);
	const testCase = JSON.parse(caseJson);
	const urls = urlsOf(testCase);
	let matches;
	try {
		// Match As, where the case names one (a package before it ignores the argument)
		matches = urlMatcherFrom(testCase.field, 'Exclude URLs Containing', testCase.matchAs);
	} catch (error) {
		process.stdout.write(JSON.stringify({ refused: String(error.message).slice(0, 160) }));
		return;
	}
	const result = {
		...timePerUrl(matches, urls),
		matched: urls.filter((url) => matches(url)).length,
	};
	if (testCase.native) {
		const [, body, flags] = /^\/(.*)\/([a-z]*)$/s.exec(testCase.field);
		const expression = new RegExp(body, flags);
		result.native = timePerUrl((url) => expression.test(url), urls);
	}
	process.stdout.write(JSON.stringify(result));
}

main();
