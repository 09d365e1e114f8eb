'use strict';

const path = require('node:path');

const { Expression } = require('n8n-workflow');

/**
 * How many times the node had n8n evaluate each expression while `work` ran, by its text: n8n's
 * own evaluation (Expression#resolveSimpleParameterValue, which every `=…` value goes through)
 * called from the built node's code. n8n's routing evaluates every property on its own before the
 * run (once per property of that name: docs/internals.md, "Parameter evaluations"), not counted. Only
 * expressions of the item's JSON (`={{ $json.… }}`) are counted.
 */
async function evaluatedByTheNode(work) {
	const original = Expression.prototype.resolveSimpleParameterValue;
	const stackLimit = Error.stackTraceLimit;
	const counts = {};
	Error.stackTraceLimit = 100;
	Expression.prototype.resolveSimpleParameterValue = function (value, ...rest) {
		const fromTheNode = new Error().stack.includes(`${path.sep}dist${path.sep}nodes${path.sep}`);
		if (fromTheNode && typeof value === 'string' && value.startsWith('={{ $json.'))
			counts[value] = (counts[value] ?? 0) + 1;
		return original.call(this, value, ...rest);
	};
	try {
		await work();
	} finally {
		Expression.prototype.resolveSimpleParameterValue = original;
		Error.stackTraceLimit = stackLimit;
	}
	return counts;
}

module.exports = { evaluatedByTheNode };
