'use strict';

/**
 * The functions of the package that one Report → Get by ID runs (Simplify off), counted with V8's
 * precise coverage (the inspector's `Profiler.startPreciseCoverage`, call counts): every function
 * defined in the package's `dist/` files that was called at least once. Measured in a child Node
 * process of its own (jest's module registry compiles modules its own way), after a first Get that
 * loads what the run loads at first use: the figure is the path a Get takes, not the loading.
 *
 *   const { functions, files, names } = await countGetFunctions({ simplify: false });
 *
 * `GET_FUNCTIONS` is what a Get runs today, with Simplify off and on: test/operations/report/get.test.js
 * fails when a Get runs another number, test/unit/docsClaims.test.js when docs/internals.md ("A Get of a
 * report, function by function") states another.
 *
 * Run directly (`node test/helpers/get-functions.js [--simplify] [--cold]`) it prints the functions
 * one a line, file by file, in the order V8 lists them.
 */
const path = require('node:path');
const { jsonOfChild } = require('./json-child');

const DIST = path.join(__dirname, '..', '..', 'dist') + path.sep;

/** The distinct functions of the package one Get by ID runs (28 with Simplify off when it was first set). */
const GET_FUNCTIONS = { simplifyOff: 30, simplifyOn: 64 };

function countGetFunctions({ simplify = false, cold = false } = {}) {
	const args = ['--json'];
	if (simplify) args.push('--simplify');
	if (cold) args.push('--cold');
	return jsonOfChild(__filename, { args });
}

/** The called functions of dist/ in a coverage result: `file:name` (an anonymous one by its offset). */
function calledFunctions(result) {
	const called = [];
	for (const script of result) {
		if (!script.url.startsWith('file://')) continue;
		const file = decodeURIComponent(new URL(script.url).pathname);
		if (!file.startsWith(DIST)) continue;
		for (const fn of script.functions) {
			const { startOffset, endOffset, count } = fn.ranges[0];
			// the module's own top-level code is no function of the path
			if (count === 0 || (startOffset === 0 && fn.functionName === '')) continue;
			const name = fn.functionName || `(anonymous@${startOffset}-${endOffset})`;
			called.push(`${path.relative(DIST, file)}:${name}`);
		}
	}
	return called;
}

async function childMain(argv) {
	require('./user-folder').prepareForN8nCore();
	const inspector = require('node:inspector');
	const session = new inspector.Session();
	session.connect();
	const post = (method, params) =>
		new Promise((resolve, reject) =>
			session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
		);
	const simplify = argv.includes('--simplify');
	const cold = argv.includes('--cold');
	await post('Profiler.enable');
	await post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });

	const { startFixture, REPORTS_SEED, byId } = require('../node/fixture');
	const fixture = await startFixture();
	try {
		fixture.sandbox.reset(REPORTS_SEED);
		const parameters = { resource: 'report', operation: 'get', reportId: byId(2), simplify };
		const runOnce = async () => {
			const { items, error } = await fixture.run(parameters);
			if (error || items.length !== 1 || items[0].json.id !== 2)
				throw new Error(`the Get failed: ${error ? error.message : JSON.stringify(items)}`);
		};
		if (!cold) await runOnce();
		// taking the coverage resets its counts: what follows is the measured Get alone
		await post('Profiler.takePreciseCoverage');
		await runOnce();
		const { result } = await post('Profiler.takePreciseCoverage');
		const names = calledFunctions(result);
		const files = new Set(names.map((name) => name.slice(0, name.indexOf(':'))));
		return { functions: names.length, files: files.size, names };
	} finally {
		await post('Profiler.stopPreciseCoverage');
		await fixture.sandbox.close();
	}
}

if (require.main === module) {
	const argv = process.argv.slice(2);
	childMain(argv).then(
		(figures) => {
			if (argv.includes('--json')) process.stdout.write(JSON.stringify(figures));
			else {
				process.stdout.write(`${figures.names.join('\n')}\n`);
				process.stdout.write(`${figures.functions} functions in ${figures.files} files\n`);
			}
			process.exit(0);
		},
		(error) => {
			process.stderr.write(String(error && error.stack));
			process.exit(1);
		},
	);
}

module.exports = { countGetFunctions, GET_FUNCTIONS };
