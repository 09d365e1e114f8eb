'use strict';
// Section 6: what a hostile answer costs n8n's memory, in real n8n 2.40.7 (editor, single process),
// with the e2e suite's bounds set-up (test/e2e/lib/bounds.js): the peak growth of the n8n process's
// RSS while the phpRank node reads a 400 MB answer that never closes its JSON, beside the HTTP Request
// node reading the same answer in the same n8n. Figures only, no bound (the e2e suite has the bound).
const {
	openBoundsInstance,
	runHostile,
	manualWorkflow,
	errorMessageOf,
} = require('../../test/e2e/lib/bounds');
const { KEY } = require('../../test/e2e/lib/specs');

const MIB = 1024 * 1024;
const HEADER_AUTH = { id: 'boundsHeaderAuth0001', name: 'bounds Header Auth' };

/** Manual Trigger → HTTP Request GET `<sandbox>/api/v1/reports/7` with the Bearer key (Header Auth). */
function httpWorkflow(sandbox) {
	return manualWorkflow('bounds-http', {
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'GET',
			url: `${sandbox.url}/api/v1/reports/7`,
			authentication: 'genericCredentialType',
			genericAuthType: 'httpHeaderAuth',
			options: {},
		},
		credentials: { httpHeaderAuth: HEADER_AUTH },
	});
}

/**
 * @param {object} o
 * @param {string} o.tarball  the packed snapshot
 * @param {number} o.reps     phpRank runs (the HTTP Request node runs once, last: it may not leave
 *                            n8n as it found it)
 * @param {number} [o.bytes]  the hostile answer's size
 * @returns {Promise<{bytes, phpRank: object[], http: object}>} per run: RSS before, peak growth,
 *   the run's status and error, what the sandbox wrote, and whether the connection was closed
 */
async function runBounds({ tarball, reps, bytes = 400 * MIB, log }) {
	const instance = await openBoundsInstance('2', tarball, {
		workflows: (sandbox) => [httpWorkflow(sandbox)],
		credentials: [
			{
				...HEADER_AUTH,
				type: 'httpHeaderAuth',
				data: { name: 'Authorization', value: `Bearer ${KEY}` },
			},
		],
	});
	const figures = (run) => ({
		beforeBytes: run.before,
		growthBytes: run.growth,
		status: run.result.status,
		error: errorMessageOf(run.result),
		writtenBytes: run.requests[0]?.bytesWritten ?? null,
		requests: run.requests.length,
		closedMs: run.closedMs,
	});
	const out = { bytes, phpRank: [], http: undefined };
	try {
		const path = '/api/v1/reports/7';
		for (let i = 0; i < reps; i++) {
			log(`6. hostile answer ${i + 1}/${reps}: the phpRank node`);
			out.phpRank.push(figures(await runHostile(instance, 'bounds-huge', bytes, path)));
		}
		log('6. hostile answer: the HTTP Request node');
		try {
			out.http = figures(await runHostile(instance, 'bounds-http', bytes, path));
		} catch (error) {
			out.http = { failed: String(error.message).split('\n')[0] };
		}
	} finally {
		await instance.close();
	}
	return out;
}

module.exports = { runBounds };
