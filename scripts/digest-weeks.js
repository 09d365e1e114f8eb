'use strict';
/**
 * Weeks of examples/weekly-audit.json without waiting for them: the demo (scripts/demo.js) and the
 * e2e (test/e2e/lib/weeklyDigest.js) run the example for past weeks, its "Week of this run" set to
 * each Monday, while the sandbox's site changes between the runs the way a real site does:
 *
 *   step 0   before the first week: every check of high importance repaired on the site (health 100)
 *   step 1   one check of high importance breaks on some pages, and one page cannot be fetched
 *   step 2   the check is repaired again (fixed); the page stays unreachable
 *
 * Only node: built-ins and the sandbox (test/sandbox).
 */
const { CHECKS } = require('../test/sandbox/checks');

const HIGH_CHECKS = CHECKS.filter((check) => check.importance === 'high').map((c) => c.name);
const WEEK_NODE = 'Week of this run';

/** The workflow with "Week of this run" set to `week` (a Monday, yyyy-MM-dd), named for it. */
function forWeek(workflow, week) {
	const wf = JSON.parse(JSON.stringify(workflow));
	const node = wf.nodes.find((n) => n.name === WEEK_NODE);
	if (!node) throw new Error(`the workflow "${wf.name}" has no node "${WEEK_NODE}"`);
	node.parameters.assignments.assignments.find((a) => a.name === 'week').value = week;
	return { ...wf, name: `${wf.name} (week of ${week})` };
}

/** The Mondays of the last `count` weeks up to the week of `now`, oldest first, as yyyy-MM-dd (UTC). */
function lastMondays(count, now = new Date()) {
	const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
	const monday = day.getTime() - ((day.getUTCDay() + 6) % 7) * 86400000;
	return Array.from({ length: count }, (_, i) =>
		new Date(monday - (count - 1 - i) * 7 * 86400000).toISOString().slice(0, 10),
	);
}

/**
 * What changes on the site before a week's run (see above).
 * @param {object} sandbox       a phpRank sandbox (test/sandbox)
 * @param {number} step          0, 1 or 2; any other step changes nothing
 * @param {object} site
 * @param {string} site.project     the site's project (its host)
 * @param {string[]} site.broken    the pages where the check breaks (step 1)
 * @param {string} site.unreachable the page phpRank cannot fetch from step 1 on
 * @param {string} [site.check]     the check of high importance that breaks ('noindex')
 */
function changeSite(sandbox, step, { project, broken, unreachable, check = 'noindex' }) {
	if (step === 0) sandbox.repair({ checks: HIGH_CHECKS, project });
	if (step === 1) {
		for (const url of broken) sandbox.breakChecks({ checks: check, url });
		sandbox.makeUnreachable({ url: unreachable });
	}
	if (step === 2) sandbox.repair({ checks: check, project });
}

/**
 * Combine Sites (Project → Digest) in a workflow of its own, for the demo's mailbox and the e2e
 * (test/e2e/lib/weeklyDigest.js): Run now → the sites (Edit Fields, one array) → Split Out (an item a
 * site) → Digest with Combine Sites → Send Email (the example's node, given as `send`).
 * @param {object} o
 * @param {string[]} o.sites       the projects, one input item each
 * @param {string} o.week          the week's Monday
 * @param {{id: string, name: string}} o.credential  the phpRank credential
 * @param {object} o.send          the example's "Send the digest" node
 */
function combinedDigestWorkflow({ sites, week, credential, send }) {
	const at = (x) => [x * 220, 0];
	const list = sites.map((site) => `'${site}'`).join(', ');
	return {
		name: `phpRank: one digest of ${sites.length} sites (Combine Sites)`,
		nodes: [
			{
				parameters: {},
				id: 'c0mb1ne0-0001-4000-8000-000000000001',
				name: 'Run now',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: at(0),
			},
			{
				parameters: {
					assignments: {
						assignments: [
							{
								id: 'c0mb1ne0-0002-4000-8000-000000000002',
								name: 'sites',
								type: 'array',
								value: `={{ [${list}] }}`,
							},
						],
					},
					options: {},
				},
				id: 'c0mb1ne0-0003-4000-8000-000000000003',
				name: 'The two sites',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: at(1),
			},
			{
				parameters: { fieldToSplitOut: 'sites', options: {} },
				id: 'c0mb1ne0-0004-4000-8000-000000000004',
				name: 'One item a site',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: at(2),
			},
			{
				parameters: {
					resource: 'project',
					operation: 'digest',
					project: { __rl: true, mode: 'name', value: '={{ $json.sites }}' },
					week,
					options: { combineSites: true },
				},
				id: 'c0mb1ne0-0005-4000-8000-000000000005',
				name: 'Digest of both sites',
				type: 'n8n-nodes-phprank.phpRank',
				typeVersion: 1.3,
				position: at(3),
				credentials: { phpRankApi: { id: credential.id, name: credential.name } },
			},
			{
				...send,
				id: 'c0mb1ne0-0006-4000-8000-000000000006',
				position: at(4),
				parameters: {
					...send.parameters,
					subject: '={{ $json.subject }}',
					html: '={{ $json.html }}',
					text: '={{ $json.text }}',
				},
			},
		],
		connections: {
			'Run now': { main: [[{ node: 'The two sites', type: 'main', index: 0 }]] },
			'The two sites': { main: [[{ node: 'One item a site', type: 'main', index: 0 }]] },
			'One item a site': { main: [[{ node: 'Digest of both sites', type: 'main', index: 0 }]] },
			'Digest of both sites': { main: [[{ node: send.name, type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

module.exports = {
	forWeek,
	lastMondays,
	changeSite,
	combinedDigestWorkflow,
	HIGH_CHECKS,
	WEEK_NODE,
};
