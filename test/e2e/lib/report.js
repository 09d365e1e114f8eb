'use strict';
/** PASS/FAIL lines, the first difference of two values, and the final summary. */
const util = require('node:util');

function firstDiff(actual, expected, at = '') {
	if (util.isDeepStrictEqual(actual, expected)) return null;
	const isObj = (v) => v !== null && typeof v === 'object';
	if (isObj(actual) && isObj(expected) && Array.isArray(actual) === Array.isArray(expected)) {
		if (Array.isArray(actual) && actual.length !== expected.length) {
			return `${at || '(root)'}: ${actual.length} entries, expected ${expected.length}: got ${short(actual)}, expected ${short(expected)}`;
		}
		const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])];
		for (const k of keys) {
			if (!(k in actual)) return `${at}.${k}: missing, expected ${short(expected[k])}`;
			if (!(k in expected)) return `${at}.${k}: unexpected ${short(actual[k])}`;
			const d = firstDiff(actual[k], expected[k], `${at}.${k}`);
			if (d) return d;
		}
	}
	return `${at || '(root)'}: got ${short(actual)}, expected ${short(expected)}`;
}

function short(v) {
	const s = util.inspect(v, { depth: 3, breakLength: Infinity, maxStringLength: 300 });
	return s.length > 600 ? `${s.slice(0, 600)}…` : s;
}

class Report {
	constructor({ out = process.stdout } = {}) {
		this.out = out;
		this.results = [];
		this.timings = [];
	}

	write(line) {
		this.out.write(`${line}\n`);
	}

	/** Records one check. `detail` (string or function) is printed only when it failed. */
	check(name, ok, detail) {
		const passed = !!ok;
		this.results.push({ name, passed });
		let text = `${passed ? 'PASS' : 'FAIL'}  ${name}`;
		if (!passed && detail !== undefined) {
			const d = typeof detail === 'function' ? detail() : detail;
			text += `\n        ${String(d).split('\n').join('\n        ')}`;
		}
		this.write(text);
		return passed;
	}

	/** A check that `actual` deep-equals `expected`; the failure shows the first difference. */
	equal(name, actual, expected) {
		return this.check(name, util.isDeepStrictEqual(actual, expected), () =>
			firstDiff(actual, expected),
		);
	}

	/** Runs fn; a throw is a failed check of that name (the suite goes on). */
	async guard(name, fn) {
		try {
			return await fn();
		} catch (err) {
			this.check(
				name,
				false,
				err && err.stack ? err.stack.split('\n').slice(0, 12).join('\n') : String(err),
			);
			return undefined;
		}
	}

	time(name, ms) {
		this.timings.push([name, ms]);
	}

	get failed() {
		return this.results.filter((r) => !r.passed).length;
	}

	get passed() {
		return this.results.filter((r) => r.passed).length;
	}

	summary(totalMs) {
		if (this.timings.length) {
			this.write('\nTimings:');
			for (const [name, ms] of this.timings)
				this.write(`  ${`${(ms / 1000).toFixed(1)} s`.padStart(8)}  ${name}`);
		}
		const failedNames = this.results.filter((r) => !r.passed).map((r) => `  - ${r.name}`);
		if (failedNames.length) this.write(`\nFailed:\n${failedNames.join('\n')}`);
		this.write(`\ne2e took ${(totalMs / 1000).toFixed(0)} s`);
		// Alone on its line, in the plain form CI reads: "N passed, N failed".
		this.write(`e2e: ${this.passed} passed, ${this.failed} failed`);
	}
}

module.exports = { Report, firstDiff };
