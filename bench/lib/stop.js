'use strict';
// Section 5: how long the editor's Stop takes to end an execution, in real n8n 2.40.7 (single process),
// with the e2e suite's Stop scenarios (test/e2e/lib/stop.js): the node waiting out a 429's
// Retry-After of 60 s, and a Return All stopped while a page is in flight. Figures only, no bound.
const { openStopInstance, waitCase, pagingCase } = require('../../test/e2e/lib/stop');

/** How long after each Stop the sandbox and n8n's log are followed: the run ends well inside it. */
const WATCH_MS = 3000;

/**
 * @param {object} o
 * @param {string} o.tarball  the packed snapshot
 * @param {number} o.reps     Stops per scenario
 * @param {function} o.log
 * @returns {Promise<{reps, wait: object[], paging: object[]}>} per Stop: statusMs (Stop → n8n shows the
 *   execution `canceled`), endMs (Stop → n8n logs the end of the run), and for paging abortMs (Stop →
 *   the in-flight page request closed by n8n); null where it did not happen within the watch.
 */
async function runStop({ tarball, reps, log }) {
	const instance = await openStopInstance('2', tarball, reps);
	const out = { reps, watchMs: WATCH_MS, wait: [], paging: [] };
	try {
		for (let i = 0; i < reps; i++) {
			log(`5. Stop ${i + 1}/${reps}: while the node waits out Retry-After 60`);
			const wait = await waitCase({ ...instance, start: instance.startWait(i), watchMs: WATCH_MS });
			out.wait.push({ statusMs: wait.statusMs, endMs: wait.endMs, sentAfter: wait.after.length });
			log(`5. Stop ${i + 1}/${reps}: during a Return All, page 2 in flight`);
			const paging = await pagingCase({
				...instance,
				start: instance.startPaging,
				watchMs: WATCH_MS,
			});
			const inFlight = paging.before[1];
			out.paging.push({
				statusMs: paging.statusMs,
				endMs: paging.endMs,
				abortMs:
					inFlight && inFlight.clientAbortedAt ? inFlight.clientAbortedAt - paging.stopAt : null,
				sentAfter: paging.after.length,
			});
		}
	} finally {
		await instance.close();
	}
	return out;
}

module.exports = { runStop, WATCH_MS };
