'use strict';
/**
 * The waits of the scheduled-trigger checks (lib/scheduled.js, and queue mode's trigger in lib/queue.js),
 * by count: the polls the trigger's own sandbox has answered and the workflow's executions, not seconds.
 * n8n polls each trigger once a minute, at a second of its own (2.x's scheduler derives it from the workflow
 * and node IDs and skips a tick it missed, 1.x's n8n-workflow `toCronExpression` draws it); a busy machine
 * makes every minute later: a wait in seconds turns that into a failure, a count just waits.
 *
 * - "the execution after the next poll": wait until every trigger has polled once since the change, then
 *   until the workflow has that many executions, all finished.
 * - "the next poll emitted nothing": wait until every trigger has polled three times since the change (the
 *   poll that saw it, the next, and the one after that), then list the executions. n8n starts the execution
 *   as the poll emits, without waiting for it, a minute before the trigger's next poll: once the poll after a
 *   poll has been seen, that poll's execution, if it made one, is in the list.
 *
 * LAST_STOP_MS is the only deadline: a last stop, so that a trigger that stopped polling fails the check
 * instead of hanging the suite; its error says what was counted so far.
 */
const { setTimeout: sleep } = require('node:timers/promises');
const rn = require('../../../scripts/real-n8n/n8n');

/** The last stop of every wait here (a poll a minute: ten of them). */
const LAST_STOP_MS = 10 * 60 * 1000;

const finished = (execution) => execution.status !== 'running' && execution.status !== 'new';

/**
 * Calls `condition()` every 500 ms until it is truthy; after `lastStopMs`, throws what `counted()` says
 * was counted.
 */
async function waitUntil(what, condition, counted, lastStopMs) {
	const started = Date.now();
	for (;;) {
		const value = await condition();
		if (value) return value;
		if (Date.now() - started > lastStopMs)
			throw new Error(`${what}: not after ${lastStopMs / 60000} min (${await counted()})`);
		await sleep(500);
	}
}

/**
 * What the waits count for one activated workflow: the polls its sandbox has seen (the phpRank
 * Trigger's requests to /api/v1/reports; a read of one report, /api/v1/reports/:id, is none) and the
 * workflow's executions (GET /rest/executions, newest first).
 * @param {object} o
 * @param {object} o.ctx        the user folder whose editor (or queue mode's main) runs the workflow
 * @param {object} o.sandbox    the workflow's own sandbox: only its triggers send it requests
 * @param {string} o.workflowId
 * @param {number} [o.triggers=1] how many phpRank Triggers the workflow has: each polls once a minute
 * @param {number} [o.lastStopMs=LAST_STOP_MS]
 * @param {Function} [o.listExecutions=rn.listExecutions] (ctx, workflowId) → executions, newest first
 */
function watchPolls({
	ctx,
	sandbox,
	workflowId,
	triggers = 1,
	lastStopMs = LAST_STOP_MS,
	listExecutions = rn.listExecutions,
}) {
	// every request to the list's path, whatever its method: the checks assert that each was the GET
	const polls = () => sandbox.requests.filter((q) => q.pathname === '/api/v1/reports');
	const executions = () => listExecutions(ctx, workflowId);
	const counted = async () => {
		const list = await executions().catch((error) => error);
		const shown = Array.isArray(list)
			? `${list.length} execution(s)${list.length ? `: ${list.map((x) => `${x.id} ${x.status}`).join(', ')}` : ''}`
			: `the executions unread: ${list.message}`;
		return `counted so far: ${polls().length} poll(s) seen, ${shown}`;
	};
	return {
		polls,
		executions,
		counted,
		/**
		 * The count of polls at which every trigger has polled `times` times after the first `count`:
		 * one trigger, `count + times`; two, each once a minute in an order of their own, so any
		 * `2 × times + 1` polls in a row hold `times` of each.
		 */
		after(count, times) {
			return count + times * triggers + (triggers - 1);
		},
		/** Waits until the sandbox has seen and answered `count` polls; returns them as they were then. */
		untilPolls(what, count) {
			return waitUntil(
				what,
				() => {
					const seen = polls();
					return seen.length >= count && seen.every((q) => q.status !== null) && seen;
				},
				counted,
				lastStopMs,
			);
		},
		/** Waits until the workflow has `count` executions, all finished; returns them, newest first. */
		untilExecutions(what, count) {
			return waitUntil(
				what,
				async () => {
					const list = await executions();
					return list.length >= count && list.every(finished) && list;
				},
				counted,
				lastStopMs,
			);
		},
		/** Waits until a finished execution's run data can be read (1.123.81 writes it after the row). */
		async runData(what, execution) {
			const { data } = await waitUntil(
				what,
				async () => {
					const read = await rn.readExecution(ctx, execution.id);
					return read.hasRunData && read;
				},
				counted,
				lastStopMs,
			);
			return data;
		},
	};
}

module.exports = { watchPolls, LAST_STOP_MS };
