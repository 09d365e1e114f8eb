'use strict';
// Plans: a section's measurement split into steps of one process each (an n8n execution, a child
// process), so that with `--against` the steps of two packages can alternate. A plan is
// { steps: [async () => {}], finish: () => result, close?: async () => {} }.

/** Runs one plan's steps in order and returns its result. */
async function runPlan(plan) {
	try {
		for (const step of plan.steps) await step();
		return plan.finish();
	} finally {
		await plan.close?.();
	}
}

/**
 * The order of the steps of several plans: step i of each plan, the plans' order reversed at
 * every other step (A B, B A, A B…), so a machine that slows down or speeds up during the run
 * weighs on both packages alike. Pure: returns [planIndex, stepIndex] pairs.
 */
function alternation(stepCounts) {
	const order = [];
	const most = Math.max(0, ...stepCounts);
	for (let i = 0; i < most; i++) {
		const plans = stepCounts.map((_, p) => p);
		if (i % 2 === 1) plans.reverse();
		for (const p of plans) if (i < stepCounts[p]) order.push([p, i]);
	}
	return order;
}

/** Runs the plans' steps alternating (see `alternation`); resolves with each plan's result. */
async function runAlternating(plans) {
	try {
		for (const [p, i] of alternation(plans.map((plan) => plan.steps.length)))
			await plans[p].steps[i]();
		return plans.map((plan) => plan.finish());
	} finally {
		for (const plan of plans) await plan.close?.();
	}
}

module.exports = { runPlan, runAlternating, alternation };
