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
 * Only node: built-ins and the sandbox (test/sandbox); `sendDigests`, the demo's, also real n8n
 * (scripts/real-n8n), loaded when it runs.
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

/**
 * The demo's digests in its mailbox (scripts/demo.js, the editor running): examples/weekly-audit.json for the
 * two past weeks (copies for those Mondays, deleted after their run) and this week (the example
 * itself, when its Site is the sandbox), the demo site changing between them (scripts/digest-weeks.js):
 * noindex breaks on /about and /blog/first-post and /contact cannot be fetched, then noindex is fixed;
 * then one digest of the demo site and northwind-coffee.com (Combine Sites, scripts/digest-weeks.js),
 * and examples/portfolio-digest.json (five sites, German, branded).
 * @returns {Promise<{weeks: string[], subjects: string[]}>}
 */
async function sendDigests(demo, log) {
	// the demo's own: loaded here, so the e2e's use of the weeks above needs neither
	const rn = require('./real-n8n/n8n');
	const { DEMO } = require('./demo-options');
	const example = demo.workflows.find((w) => w.id === DEMO.weeklyWorkflow);
	if (!example) throw new Error(`no example workflow ${DEMO.weeklyWorkflow} was imported`);
	const site = {
		project: new URL(demo.sandbox.url).hostname,
		broken: ['/about', '/blog/first-post'].map((p) => `${demo.sandbox.url}${p}`),
		unreachable: `${demo.sandbox.url}/contact`,
	};
	const audit = example.nodes.find((n) => n.name === 'Audit the site');
	const weeks = lastMondays(3);
	const before = demo.mailbox.messages.length;
	for (const [step, week] of weeks.entries()) {
		changeSite(demo.sandbox, step, site);
		const thisWeek = step === weeks.length - 1 && audit.parameters.site === demo.sandbox.url;
		const copy = forWeek(example, week);
		copy.nodes.find((n) => n.name === 'Audit the site').parameters.site = demo.sandbox.url;
		const id = thisWeek
			? example.id
			: await rn.createWorkflow(demo.ctx, { ...copy, id: undefined });
		log(`running the weekly audit for the week of ${week}${thisWeek ? ' (this week)' : ''}`);
		const r = await rn.runManually(demo.ctx, id, { triggerName: 'Run now', timeoutMs: 240000 });
		if (!thisWeek) await rn.deleteWorkflow(demo.ctx, id);
		if (!r.ok)
			throw new Error(
				`the weekly audit for the week of ${week} failed: ${r.error?.message ?? r.status}`,
			);
	}
	// then one digest of two of the sandbox's sites (Combine Sites), for this week, and an agency's
	// Monday as imported (examples/portfolio-digest.json: five sites, German, branded)
	const combined = combinedDigestWorkflow({
		sites: [site.project, 'northwind-coffee.com'],
		week: weeks.at(-1),
		credential: DEMO.credential,
		send: example.nodes.find((n) => n.name === 'Send the digest'),
	});
	const id = await rn.createWorkflow(demo.ctx, combined);
	const portfolio = 'the portfolio digest (German, branded)';
	for (const [run, what] of [
		[id, combined.name],
		[DEMO.portfolioWorkflow, portfolio],
	]) {
		log(`running ${what}`);
		const r = await rn.runManually(demo.ctx, run, { triggerName: 'Run now', timeoutMs: 120000 });
		if (!r.ok) throw new Error(`${what} failed: ${r.error?.message ?? r.status}`);
	}
	await rn.deleteWorkflow(demo.ctx, id);
	await demo.mailbox.waitForMessages(before + weeks.length + 2, 30000);
	return { weeks, subjects: demo.mailbox.messages.slice(before).map((m) => m.subject) };
}

module.exports = {
	forWeek,
	lastMondays,
	changeSite,
	combinedDigestWorkflow,
	sendDigests,
	HIGH_CHECKS,
	WEEK_NODE,
};
