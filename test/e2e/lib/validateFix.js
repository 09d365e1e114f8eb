'use strict';
/**
 * Project → Validate Fix in real n8n (issue 34): a workflow of a Manual Trigger and the phpRank node
 * (Validate Fix, HTTPS Encryption, the defaults otherwise), run with `n8n execute` on a site of 150
 * pages, 50 of them plain http (which the sandbox always fails on https_encryption):
 * - the fix did not work: exactly the site's listing (2 reads) and one write, the re-run of the
 *   newest failing page; the output `failed` at that page, its reason the installed package's;
 * - after the sandbox repairs HTTPS on the site's pages (`repair`, the site owner's fix): the listing
 *   and the 50 re-runs, one at a time, newest first; the output `passed`, every page fixed.
 */
const path = require('node:path');
const rn = require('../../../scripts/real-n8n/n8n');
const { takeRequests, sent } = require('./oracle');
const { headers } = require('./specs');

const WORKFLOW_ID = 'e2eValidateFix';
const NODE = 'Validate the HTTPS fix';
const SITE = 'plain-http.test';
const CHECK = 'https_encryption';
const PAGES = 150;
const FORM = 'application/x-www-form-urlencoded';

/** The site: pages 1..150, every third one plain http (ids 1..150 in that order). */
const seed = () =>
	Array.from({ length: PAGES }, (_, i) => ({
		url: `${(i + 1) % 3 === 0 ? 'http' : 'https'}://${SITE}/page-${i + 1}`,
	}));
const failingIds = Array.from({ length: PAGES }, (_, i) => i + 1)
	.filter((id) => id % 3 === 0)
	.reverse();

function workflows() {
	return [
		{
			id: WORKFLOW_ID,
			name: 'e2e: validate the fix of HTTPS on a site',
			nodes: [
				{
					parameters: {},
					id: 'a6f1c1de-34a0-4c1e-9f6e-7d2b1c0e3401',
					name: 'Run manually',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
				},
				{
					parameters: {
						resource: 'project',
						operation: 'validateFix',
						project: { __rl: true, mode: 'name', value: SITE },
						check: CHECK,
					},
					id: 'a6f1c1de-34a0-4c1e-9f6e-7d2b1c0e3402',
					name: NODE,
					type: 'n8n-nodes-phprank.phpRank',
					typeVersion: 1.1,
					position: [220, 0],
					credentials: { phpRankApi: { id: 'phprank-sandbox', name: 'phpRank sandbox' } },
				},
			],
			connections: {
				'Run manually': { main: [[{ node: NODE, type: 'main', index: 0 }]] },
			},
			active: false,
			settings: {},
		},
	];
}

const listing = (page) => ({
	method: 'GET',
	path: '/api/v1/reports',
	query: { project: SITE, sort_by: 'id', sort: 'desc', per_page: '100', page: String(page) },
	headers: headers(undefined),
	body: '',
});
const rerun = (id) => ({
	method: 'PATCH',
	path: `/api/v1/reports/${id}`,
	query: {},
	headers: headers(FORM),
	body: 'results=1',
});
const page = (id, fixed, reason) => ({ id, url: `${SITE}/page-${id}`, fixed, reason });

const result = (fields) => ({
	project: SITE,
	check: CHECK,
	name: 'HTTPS Encryption',
	importance: 'high',
	reason: null,
	pages_failing_before: failingIds.length,
	pages_not_checked: 0,
	...fields,
});

async function checkValidateFix({ ctx, sandbox, report, tag, pkg, runTail }) {
	const { checkReason } = require(
		path.join(pkg.dir, 'dist', 'nodes', 'PhpRank', 'report', 'checkReasons.js'),
	);
	const name = `${tag} Project → Validate Fix`;

	// the fix did not work
	sandbox.reset(seed());
	let r = await rn.execute(ctx, WORKFLOW_ID);
	let got = takeRequests(sandbox);
	report.check(`${name}, not fixed: the run succeeds`, r.ok, () => runTail(r));
	report.equal(
		`${name}, not fixed: the site's listing (2 reads) and one write, the re-run of the newest failing page`,
		sent(got),
		[listing(1), listing(2), rerun(failingIds[0])],
	);
	const rerunReport = sandbox.reports().find((x) => x.id === failingIds[0]);
	const why = checkReason(CHECK, rerunReport.results[CHECK]);
	report.equal(
		`${name}, not fixed: "failed" at the first page, with the reason Simplify writes`,
		rn.nodeOutput(r, NODE),
		[
			result({
				validation: 'failed',
				reason: `1 page still fails HTTPS Encryption when re-run, so the validation stopped (${failingIds.length - 1} pages not re-run). ${SITE}/page-${failingIds[0]}: ${why}`,
				pages_rechecked: 1,
				pages_fixed: 0,
				pages_still_failing: 1,
				pages: [page(failingIds[0], false, why)],
			}),
		],
	);

	// the site owner repaired HTTPS on the site's pages
	sandbox.reset(seed());
	sandbox.repair({ checks: CHECK, project: SITE });
	r = await rn.execute(ctx, WORKFLOW_ID);
	got = takeRequests(sandbox);
	report.check(`${name}, fixed: the run succeeds`, r.ok, () => runTail(r));
	report.equal(
		`${name}, fixed: the site's listing, then the ${failingIds.length} failing pages re-run one at a time, newest first`,
		sent(got),
		[listing(1), listing(2), ...failingIds.map(rerun)],
	);
	report.equal(`${name}, fixed: "passed", every page fixed`, rn.nodeOutput(r, NODE), [
		result({
			validation: 'passed',
			pages_rechecked: failingIds.length,
			pages_fixed: failingIds.length,
			pages_still_failing: 0,
			pages: failingIds.slice(0, 10).map((id) => page(id, true, null)),
		}),
	]);
}

module.exports = { checkValidateFix, workflows };
