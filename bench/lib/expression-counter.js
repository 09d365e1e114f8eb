'use strict';
// Preloaded into the n8n process (`node --require expression-counter.js n8n execute ...`):
// counts every expression n8n evaluates (Expression#resolveSimpleParameterValue on an `=...`
// string), by expression text, and writes the counts as JSON when the process exits.
// Only in the main thread of the process that got the variable (`--require` is inherited by
// worker threads and forked processes).
const file = require('node:worker_threads').isMainThread
	? process.env.PHPRANK_BENCH_EXPR_FILE
	: undefined;
delete process.env.PHPRANK_BENCH_EXPR_FILE;
if (file) {
	const fs = require('node:fs');
	const path = require('node:path');
	const Module = require('node:module');
	const counts = new Map();
	// PHPRANK_BENCH_EXPR_STACKS=<regex>: also count the call sites of matching expressions
	const stackPattern = process.env.PHPRANK_BENCH_EXPR_STACKS
		? new RegExp(process.env.PHPRANK_BENCH_EXPR_STACKS)
		: null;
	const stacks = new Map();
	let patched = false;
	const patch = (exports) => {
		const proto = exports?.Expression?.prototype;
		if (!proto || patched || typeof proto.resolveSimpleParameterValue !== 'function') return;
		patched = true;
		const original = proto.resolveSimpleParameterValue;
		proto.resolveSimpleParameterValue = function (value, ...rest) {
			if (typeof value === 'string' && value.charAt(0) === '=') {
				counts.set(value, (counts.get(value) ?? 0) + 1);
				if (stackPattern?.test(value)) {
					const where = (new Error().stack ?? '')
						.split('\n')
						.slice(2, 14)
						.map((line) =>
							line
								.trim()
								.replace(/^at /, '')
								.replace(/\(.*node_modules\//, '(')
								.replace(/:\d+\)$/, ')'),
						)
						.join(' < ');
					stacks.set(where, (stacks.get(where) ?? 0) + 1);
				}
			}
			return original.call(this, value, ...rest);
		};
	};
	const load = Module._load;
	Module._load = function (request, parent, isMain) {
		const exports = load.apply(this, arguments);
		if (
			!patched &&
			/expression(\.js)?$/.test(request) &&
			parent?.filename?.includes(`n8n-workflow${path.sep}dist`)
		)
			patch(exports);
		return exports;
	};
	process.on('exit', () => {
		const sortedEntries = (map) =>
			Object.fromEntries([...map.entries()].sort((a, b) => b[1] - a[1]));
		const out = sortedEntries(counts);
		if (stackPattern) out['(call sites)'] = sortedEntries(stacks);
		fs.writeFileSync(file, JSON.stringify(out, null, 1));
	});
}
