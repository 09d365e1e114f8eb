// The example workflows of the monitoring features (examples/weekly-audit.json,
// examples/regression-alert.json, examples/triggers/score-alerts.json,
// examples/triggers/check-alerts.json), played through in-process:
// every phpRank node with its parameters as saved, through n8n-core (test/helpers/n8n-runner.js,
// test/helpers/poll-runner.js), against the sandbox's demo seed; the core nodes in between (Code,
// IF, Merge, Edit Fields, Summarize) are played by small stand-ins below, with IF decided by n8n-workflow's
// own filter code. The same files are run inside real n8n by the e2e suite.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { executeFilter } = require('n8n-workflow');
const { useFixture, apiGet, API_KEY } = require('./fixture');
const { runNode } = require('../helpers/n8n-runner');
const { createPollSession } = require('../helpers/poll-runner');
const { PhpRank } = require('../helpers/built').node;
const { PhpRankTrigger } = require('../helpers/built').trigger;
const { PhpRankApi } = require('../helpers/built').credential;
const { simplifyReport } = require('../helpers/built').simplify;
const { diffReports } = require('../helpers/built').reportChanges;
const { checkReason } = require('../helpers/built').checkReasons;
const { CHECK_CATALOGUE } = require('../helpers/built').checkCatalogue;
const { DateTime } = require('luxon');
const { expectedIssues, expectedSummary } = require('../helpers/site-issues-oracle');
const { emailSafetyProblems } = require('../helpers/email-safety');
const { changeSite } = require('../../scripts/digest-weeks');

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');
const FILES = [
	'weekly-audit.json',
	'regression-alert.json',
	'triggers/score-alerts.json',
	'triggers/check-alerts.json',
];
const CREDENTIAL_REF = { phpRankApi: { id: 'phprank-sandbox', name: 'phpRank sandbox' } };
const CORE_TYPES = new Set([
	'n8n-nodes-base.manualTrigger',
	'n8n-nodes-base.scheduleTrigger',
	'n8n-nodes-base.code',
	'n8n-nodes-base.if',
	'n8n-nodes-base.set',
	'n8n-nodes-base.merge',
	'n8n-nodes-base.splitOut',
	'n8n-nodes-base.summarize',
	'n8n-nodes-base.stickyNote',
	'n8n-nodes-base.markdown',
	'n8n-nodes-base.filter',
	'n8n-nodes-base.splitInBatches',
	'n8n-nodes-base.dataTable',
	'n8n-nodes-base.emailSend',
	'n8n-nodes-base.aggregate',
]);
const OUR_TYPES = {
	'n8n-nodes-phprank.phpRank': new PhpRank(),
	'n8n-nodes-phprank.phpRankTrigger': new PhpRankTrigger(),
};
const credentialType = new PhpRankApi();

const load = (file) => JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8'));
const nodeOf = (workflow, name) => {
	const node = workflow.nodes.find((n) => n.name === name);
	if (!node) throw new Error(`no node "${name}"`);
	return node;
};

const fixture = useFixture({ seed: 'demo', site: 'demo' });
beforeEach(() => fixture.sandbox.reset('demo'));

// ------------------------------------------------------------------------------ stand-ins

/**
 * An n8n expression ("={{ ... }}") as the examples use them: plain JavaScript with `$json`, and
 * `$('Node').first()` / `.all()` and `$now` where `context` gives the nodes' outputs and the time.
 */
function evaluate(value, json, context = {}) {
	if (typeof value !== 'string' || !value.startsWith('=')) return value;
	const outputs = context.outputs || {};
	const $ = (name) => {
		if (!outputs[name]) throw new Error(`no output of "${name}" given`);
		return {
			all: () => outputs[name].map((item) => ({ json: item })),
			first: () => ({ json: outputs[name][0] }),
		};
	};
	const run = (expression) =>
		new Function('$json', '$', '$now', 'DateTime', `return (${expression});`)(
			json,
			$,
			context.$now,
			DateTime,
		);
	const whole = /^=\{\{([\s\S]*)\}\}$/.exec(value);
	if (whole) return run(whole[1]);
	return value.slice(1).replace(/\{\{([\s\S]*?)\}\}/g, (_, expression) => String(run(expression)));
}

/** A Code node (Run Once for All Items) with `$input.all()` and `$('Node').all()`. */
function runCode(node, input, outputsByNode = {}) {
	const wrap = (list) => ({ all: () => list.map((json) => ({ json })) });
	const context = vm.createContext({ $input: wrap(input), $: (name) => wrap(outputsByNode[name]) });
	const result = vm.runInContext(`(function () {\n${node.parameters.jsCode}\n})()`, context);
	return JSON.parse(JSON.stringify(result.map((item) => item.json)));
}

/** An IF node: [true items, false items], decided by n8n-workflow's filter code. */
function runIf(node, items) {
	const { conditions } = node.parameters;
	const branches = [[], []];
	items.forEach((json, itemIndex) => {
		const resolved = {
			...conditions,
			conditions: conditions.conditions.map((c) => ({
				...c,
				leftValue: evaluate(c.leftValue, json),
				rightValue: evaluate(c.rightValue, json),
			})),
		};
		branches[executeFilter(resolved, { itemIndex }) ? 0 : 1].push(json);
	});
	return branches;
}

/**
 * An Edit Fields (Set) node in manual mode: the assigned fields (after the input's own with Include
 * Other Input Fields), `outputs` the other nodes' outputs its expressions read with `$('Node')`.
 */
function runSet(node, items, outputs) {
	return items.map((json) => ({
		...(node.parameters.includeOtherFields ? json : {}),
		...Object.fromEntries(
			node.parameters.assignments.assignments.map((a) => [
				a.name,
				evaluate(a.value, json, { outputs }),
			]),
		),
	}));
}

/**
 * A Summarize node (one field to split by, Count and Concatenate): one item per value of the split
 * field in first-seen order, the aggregations named as n8n names them, then the split field.
 */
function runSummarize(node, items) {
	const { fieldsToSummarize, fieldsToSplitBy: splitBy } = node.parameters;
	const groups = new Map();
	for (const json of items) {
		const key = json[splitBy];
		if (!groups.has(key)) groups.set(key, []);
		groups.get(key).push(json);
	}
	const filled = (value) => value !== undefined && value !== null && value !== '';
	return [...groups.entries()].map(([key, group]) => {
		const out = {};
		for (const { aggregation, field, separateBy } of fieldsToSummarize.values) {
			const values = group.map((json) => json[field]).filter(filled);
			if (aggregation === 'count') out[`count_${field}`] = values.length;
			else if (aggregation === 'concatenate')
				out[`concatenated_${field}`] = values.join(separateBy);
			else throw new Error(`no stand-in for ${aggregation}`);
		}
		out[splitBy] = key;
		return out;
	});
}

/** A phpRank node with the parameters saved in the example. */
async function runPhpRank(node, items) {
	const { items: output, error } = await runNode({
		nodeType: OUR_TYPES[node.type],
		credentialType,
		credentials: { baseUrl: fixture.sandbox.url, apiKey: API_KEY },
		parameters: node.parameters,
		typeVersion: node.typeVersion,
		items,
		nodeSettings: node.alwaysOutputData ? { alwaysOutputData: true } : {},
	});
	expect(error).toBeUndefined();
	return output.map((item) => item.json);
}

/** A poll session of the example's phpRank Trigger with the parameters saved in it. */
function pollerOf(trigger) {
	return createPollSession({
		nodeType: OUR_TYPES[trigger.type],
		credentialType,
		credentials: { baseUrl: fixture.sandbox.url, apiKey: API_KEY },
		parameters: trigger.parameters,
		typeVersion: trigger.typeVersion,
	});
}

// ------------------------------------------------------------------------------ structure

test('every workflow under examples/ has an id n8n imports: at most 21 characters, each its own (the demo and the e2e import them all by it)', () => {
	const all = (dir) =>
		fs
			.readdirSync(dir, { withFileTypes: true })
			.flatMap((entry) =>
				entry.isDirectory()
					? all(path.join(dir, entry.name))
					: entry.name.endsWith('.json')
						? [path.join(dir, entry.name)]
						: [],
			);
	const ids = all(EXAMPLES).map((file) => JSON.parse(fs.readFileSync(file, 'utf8')).id);
	expect(ids.length).toBeGreaterThan(FILES.length);
	expect(ids.filter((id) => typeof id !== 'string' || id.length > 21)).toEqual([]);
	expect(new Set(ids).size).toBe(ids.length);
});

describe.each(FILES)('%s: an importable n8n workflow', (file) => {
	const workflow = load(file);

	test('only core nodes besides phpRank; unique names; connections between existing nodes', () => {
		const names = workflow.nodes.map((n) => n.name);
		expect(new Set(names).size).toBe(names.length);
		for (const node of workflow.nodes) {
			expect(CORE_TYPES.has(node.type) || node.type in OUR_TYPES).toBe(true);
			expect(typeof node.id).toBe('string');
			expect(node.position).toHaveLength(2);
		}
		for (const [source, { main }] of Object.entries(workflow.connections)) {
			expect(names).toContain(source);
			for (const target of main.flat()) expect(names).toContain(target.node);
		}
		expect(workflow.settings).toEqual({ executionOrder: 'v1' });
		expect(workflow.id.length).toBeLessThanOrEqual(21);
	});

	test("phpRank nodes: the sandbox credential, the node's default version, only parameters the node has", () => {
		const ours = workflow.nodes.filter((n) => n.type in OUR_TYPES);
		expect(ours.length).toBeGreaterThan(0);
		for (const node of ours) {
			expect(node.credentials).toEqual(CREDENTIAL_REF);
			const { description } = OUR_TYPES[node.type];
			expect(node.typeVersion).toBe(description.defaultVersion ?? description.version);
			const known = new Set(OUR_TYPES[node.type].description.properties.map((p) => p.name));
			if (OUR_TYPES[node.type].description.polling) known.add('pollTimes');
			for (const name of Object.keys(node.parameters))
				expect([name, known.has(name)]).toEqual([name, true]);
		}
	});

	test('a Manual Trigger where there is no phpRank Trigger (n8n execute starts from it)', () => {
		const types = workflow.nodes.map((n) => n.type);
		if (!types.includes('n8n-nodes-phprank.phpRankTrigger'))
			expect(types).toContain('n8n-nodes-base.manualTrigger');
	});
});

// ------------------------------------------------------------------------------ played through

describe('weekly-audit.json', () => {
	const workflow = load('weekly-audit.json');
	const WEEKS = ['2026-01-12', '2026-01-19', '2026-01-26'];
	const TABLE = 'phprank_digest';
	// the table's columns and types, as docs/usage.md and the sticky note name them: Digest's row
	const COLUMNS = [
		['project', 'string'],
		['week', 'string'],
		['checked_at', 'string'],
		['pages', 'number'],
		['health', 'number'],
		['score_average', 'number'],
		['pages_good', 'number'],
		['pages_decent', 'number'],
		['pages_bad', 'number'],
		['issues_high', 'number'],
		['issues_medium', 'number'],
		['issues_low', 'number'],
		['pages_failing_high', 'number'],
		['issues', 'string'],
	];
	const node = (name) => nodeOf(workflow, name);
	const notes = () => workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.stickyNote');

	test("the week: the Monday of the run's week in the workflow's time zone", () => {
		const week = (iso, zone) =>
			evaluate(
				node('Week of this run').parameters.assignments.assignments[0].value,
				{},
				{
					$now: DateTime.fromISO(iso, { zone }),
				},
			);
		expect(week('2026-01-12T06:00:00', 'Europe/Berlin')).toBe('2026-01-12');
		expect(week('2026-01-18T23:59:00', 'America/New_York')).toBe('2026-01-12');
		expect(week('2026-01-01T10:00:00', 'UTC')).toBe('2025-12-29');
	});

	/** An Aggregate node (All Item Data): one item holding every input item's JSON. */
	function runAggregate(aggregate, items) {
		expect(aggregate.parameters.aggregate).toBe('aggregateAllItemData');
		return [{ [aggregate.parameters.destinationFieldName]: items }];
	}

	/** Digest with its saved expressions evaluated against the nodes' outputs, through the node. */
	async function runDigest(outputs, gathered) {
		const digest = node('Digest');
		const resolve = (value) => evaluate(value, gathered, { outputs });
		const { project, week, history, auditSummary } = digest.parameters;
		const parameters = {
			...digest.parameters,
			project: { ...project, value: resolve(project.value) },
			week: resolve(week),
			history: resolve(history),
			auditSummary: resolve(auditSummary),
		};
		const [item] = await runPhpRank({ ...digest, parameters }, [gathered]);
		return item;
	}

	/** A row of the table as the Data table node gives it back: its id and times, then the columns. */
	const tableRow = (row, id) => ({
		id,
		createdAt: row.checked_at,
		updatedAt: row.checked_at,
		...row,
	});

	/** Keep the week's columns (the Upsert) evaluated for Digest's item. */
	const keptRow = (item) =>
		Object.fromEntries(
			Object.entries(node('Keep the week').parameters.columns.value).map(([column, value]) => [
				column,
				evaluate(value, item),
			]),
		);

	test("three weeks on the demo site: Audit Site, the rows, Digest (Get Issues' one request), the row kept; the first week, a high check broken on 2 pages and one page not fetched, then fixed", async () => {
		const site = fixture.sandbox.url;
		const audit = node('Audit the site');
		// the demo sandbox's own site (npm run demo, port 8787); here the fixture's sandbox serves it
		expect(audit.parameters.site).toBe('http://127.0.0.1:8787');
		const rows = [];
		const items = [];
		for (const [step, week] of WEEKS.entries()) {
			// as the demo and the e2e change the site between the weeks (scripts/digest-weeks.js)
			changeSite(fixture.sandbox, step, {
				project: '127.0.0.1',
				broken: ['/about', '/blog/first-post'].map((p) => `${site}${p}`),
				unreachable: `${site}/contact`,
			});
			const done = await runPhpRank({ ...audit, parameters: { ...audit.parameters, site } }, [{}]);
			fixture.takeRequests();
			// The site's rows: the table's rows of the project (one empty item when there is none:
			// Always Output Data), gathered into one item
			const gathered = runAggregate(node('Gather the rows'), rows.length ? rows : [{}])[0];
			const outputs = { 'Week of this run': [{ week }], 'Audit the site': done };
			const item = await runDigest(outputs, gathered);
			expect(fixture.takeRequests().map((r) => [r.method, r.path, r.query])).toEqual([
				[
					'GET',
					'/api/v1/reports',
					{ project: '127.0.0.1', sort_by: 'id', sort: 'desc', per_page: '100', page: '1' },
				],
			]);
			expect(emailSafetyProblems(item.html)).toEqual([]);
			const kept = keptRow(item);
			expect(kept).toEqual(item.row);
			expect(Object.keys(kept)).toEqual(COLUMNS.map(([name]) => name));
			rows.push(tableRow(kept, rows.length + 1));
			items.push(item);
		}
		const [first, second, third] = items;
		expect(first.subject).toBe(`127.0.0.1: health ${first.row.health}, first week`);
		expect(first.text).toContain('First week: there is no earlier week to compare with.');
		// week 2: noindex (high) fails on 2 more pages, /contact could not be audited (in words)
		expect(second.subject).toMatch(/^127\.0\.0\.1: health 60 \(▼40\), \d+ new issues?, \d+ fixed$/);
		expect(second.text).toMatch(/New since last week \(\d+\)\n- \[high\] Noindex: 2 pages\n/);
		expect(second.text).toContain(`- Not audited: ${site}/contact: the page timed out`);
		// the example pages as links, labelled as phpRank stores them (without the scheme)
		expect(second.html).toContain(
			`<a href="${site}/about" style="color:#0969da;">${new URL(site).host}/about</a>`,
		);
		// week 3: fixed, 3 bars
		expect(third.subject).toMatch(/^127\.0\.0\.1: health 100 \(▲40\), \d+ new issues?, \d+ fixed$/);
		expect(third.text).toMatch(
			/Fixed since last week \(\d+\)\n(- .*\n)*- \[high\] Noindex: was on 2 pages\n/,
		);
		expect(third.text).toContain('Health over 3 weeks:');
		expect(third.html.match(/bgcolor="#[0-9a-f]{6}" style="height:\d+px/g)).toHaveLength(3);
	});

	test('no Code node, no expression over 300 characters, at most 14 nodes besides sticky notes; Schedule → the week → the table → Audit Site → the rows → Aggregate → Digest → Upsert → Send Email', () => {
		const nodes = workflow.nodes.filter((n) => n.type !== 'n8n-nodes-base.stickyNote');
		expect(nodes.some((n) => n.type === 'n8n-nodes-base.code')).toBe(false);
		expect(nodes.length).toBeLessThanOrEqual(14);
		const expressions = JSON.stringify(workflow).match(/=\{\{.*?\}\}/g) ?? [];
		expect(expressions.filter((e) => e.length > 300)).toEqual([]);
		const next = (name) => workflow.connections[name].main[0].map((c) => c.node);
		expect(next('Every Monday at 6:00')).toEqual(['Week of this run']);
		expect(next('Run now')).toEqual(['Week of this run']);
		expect(next('Week of this run')).toEqual(['Digest table']);
		expect(next('Digest table')).toEqual(['Audit the site']);
		expect(next('Audit the site')).toEqual(["The site's rows"]);
		expect(next("The site's rows")).toEqual(['Gather the rows']);
		expect(next('Gather the rows')).toEqual(['Digest']);
		expect(next('Digest')).toEqual(['Keep the week']);
		expect(next('Keep the week')).toEqual(['Send the digest']);
		expect(workflow.connections['Send the digest']).toBeUndefined();
		expect(node('Digest')).toMatchObject({
			type: 'n8n-nodes-phprank.phpRank',
			parameters: { resource: 'project', operation: 'digest' },
		});
	});

	test('one Data table: created when missing (2.x; on 1.x it passes), read by project, upserted on project + week; its columns in the note for 1.x', () => {
		const tables = workflow.nodes
			.filter((n) => n.type === 'n8n-nodes-base.dataTable')
			.map((n) => n.parameters.tableName ?? n.parameters.dataTableId.value);
		expect(tables).toEqual([TABLE, TABLE, TABLE]);
		expect(node('Digest table')).toMatchObject({
			executeOnce: true,
			onError: 'continueRegularOutput',
			parameters: {
				resource: 'table',
				operation: 'create',
				columns: { column: COLUMNS.map(([name, type]) => ({ name, type })) },
				options: { createIfNotExists: true },
			},
		});
		expect(node("The site's rows")).toMatchObject({
			executeOnce: true,
			alwaysOutputData: true,
			parameters: {
				operation: 'get',
				returnAll: true,
				filters: {
					conditions: [
						{ keyName: 'project', keyValue: "={{ $('Audit the site').first().json.project }}" },
					],
				},
			},
		});
		expect(node('Keep the week').parameters).toMatchObject({
			operation: 'upsert',
			matchType: 'allConditions',
			filters: {
				conditions: [
					{ keyName: 'project', keyValue: '={{ $json.row.project }}' },
					{ keyName: 'week', keyValue: '={{ $json.row.week }}' },
				],
			},
		});
		const note = notes().find((n) => n.name === 'History in one Data table').parameters.content;
		for (const [name] of COLUMNS)
			expect([name, note.includes(`\`${name}\``)]).toEqual([name, true]);
	});

	test('Send the digest: Send Email 2.1 with the SMTP credential, the subject, the HTML and the text from Digest, no n8n attribution; Slack and Teams in a note', () => {
		expect(node('Send the digest')).toMatchObject({
			type: 'n8n-nodes-base.emailSend',
			typeVersion: 2.1,
			credentials: { smtp: { id: 'local-mailbox', name: 'Local mailbox (SMTP)' } },
			parameters: {
				subject: "={{ $('Digest').item.json.subject }}",
				emailFormat: 'both',
				text: "={{ $('Digest').item.json.text }}",
				html: "={{ $('Digest').item.json.html }}",
				options: { appendAttribution: false },
			},
		});
		const chat = notes().find((n) => n.name === 'Chat instead of email').parameters.content;
		expect(chat).toContain("{{ $('Digest').item.json.slack }}");
		expect(chat).toContain("{{ $('Digest').item.json.markdown }}");
	});
});

describe('regression-alert.json', () => {
	const workflow = load('regression-alert.json');

	test('re-runs the newest reports and alerts on those that regressed', async () => {
		const newest = await runPhpRank(nodeOf(workflow, 'Newest reports'), [{}]);
		expect(newest.map((r) => r.id)).toEqual([40, 39, 38, 37, 36]);

		const compared = await runPhpRank(nodeOf(workflow, 'Re-run and compare'), newest);
		expect(
			compared.map((r) => [
				r.id,
				r.changes.previous_score,
				r.changes.score,
				r.changes.regressions.map((c) => c.check),
			]),
		).toEqual([
			[40, 70, 68, ['image_keywords']],
			[39, 49, 48, []],
			[38, 79, 74, ['404_page', 'dom_size']],
			[37, 59, 52, ['meta_description', 'text_html_ratio']],
			[36, 57, 58, []],
		]);

		const [regressed, fine] = runIf(nodeOf(workflow, 'Regressed?'), compared);
		expect(fine.map((r) => r.id)).toEqual([36]);
		expect(runSet(nodeOf(workflow, 'Alert'), regressed)).toEqual([
			{
				message:
					'SEO regression on docs.tinycms.dev/plugins: score 70 -> 68 (decent); newly failing: image_keywords: images without alt text: /images/hero.png, /images/team.jpg, /uploads/banner-2021.png',
				report_id: 40,
				url: 'docs.tinycms.dev/plugins',
				score_change: -2,
				newly_failing: ['image_keywords'],
			},
			{
				message: 'SEO regression on docs.tinycms.dev/faq: score 49 -> 48 (bad)',
				report_id: 39,
				url: 'docs.tinycms.dev/faq',
				score_change: -1,
				newly_failing: [],
			},
			{
				message:
					'SEO regression on lumen-studio.design/careers: score 79 -> 74 (decent); newly failing: 404_page: missing; dom_size: 1934 elements, max 1500',
				report_id: 38,
				url: 'lumen-studio.design/careers',
				score_change: -5,
				newly_failing: ['404_page', 'dom_size'],
			},
			{
				message:
					'SEO regression on northwind-coffee.com/wholesale: score 59 -> 52 (decent); newly failing: meta_description: missing; text_html_ratio: 9.4 %, min 10 %',
				report_id: 37,
				url: 'northwind-coffee.com/wholesale',
				score_change: -7,
				newly_failing: ['meta_description', 'text_html_ratio'],
			},
		]);
	});
});

describe('triggers/score-alerts.json', () => {
	const workflow = load('triggers/score-alerts.json');
	const trigger = nodeOf(workflow, 'When a score falls below 49');
	const poller = () => pollerOf(trigger);

	test('Fetch Test Event: the newest report below 49, routed by its security checks', async () => {
		const { items, error } = await poller().poll({ mode: 'manual' });
		expect(error).toBeUndefined();
		const events = items.map((item) => item.json);
		// the newest of the demo's bad reports: a plain-http page, so its security checks fail
		expect(events.map((e) => [e.id, e.url, e.score, e.threshold])).toEqual([
			[33, 'acme-plumbing.co.uk/areas/leeds', 33, 49],
		]);
		const [urgent, routine] = runIf(nodeOf(workflow, 'Security issue?'), events);
		expect(routine).toEqual([]);
		expect(runSet(nodeOf(workflow, 'Urgent alert'), urgent)).toEqual([
			{
				message: `URGENT: acme-plumbing.co.uk/areas/leeds fell to 33 with security issues: ${events[0].failed_checks.security.map((c) => c.reason).join('; ')}`,
			},
		]);
		expect(events[0].failed_checks.security.map((c) => c.check)).toContain('https_encryption');
	});

	test('active: history is not replayed; a fall below 49 starts the workflow once', async () => {
		const watcher = poller();
		expect((await watcher.poll()).emitted).toBe(false);
		fixture.sandbox.addReport({ url: 'https://lumen-studio.design/blog', score: 30 });
		const { items } = await watcher.poll();
		const events = items.map((item) => item.json);
		expect(events.map((e) => [e.id, e.score, e.previous_score])).toEqual([[41, 30, null]]);
		const [urgent, routine] = runIf(nodeOf(workflow, 'Security issue?'), events);
		const alerts = [
			...runSet(nodeOf(workflow, 'Urgent alert'), urgent),
			...runSet(nodeOf(workflow, 'Alert'), routine),
		];
		expect(alerts).toHaveLength(1);
		expect(alerts[0].message).toMatch(/lumen-studio\.design\/blog fell to 30/);
		expect((await watcher.poll()).emitted).toBe(false);
	});

	test('polls every 15 minutes', () => {
		expect(trigger.parameters.pollTimes).toEqual({
			item: [{ mode: 'everyX', value: 15, unit: 'minutes' }],
		});
	});
});

describe('triggers/check-alerts.json', () => {
	const workflow = load('triggers/check-alerts.json');
	const trigger = nodeOf(workflow, 'When noindex or HTTPS breaks');
	const poller = () => pollerOf(trigger);

	test('Check Failed on noindex and HTTPS Encryption, polled every 15 minutes', () => {
		expect(trigger.parameters).toEqual({
			pollTimes: { item: [{ mode: 'everyX', value: 15, unit: 'minutes' }] },
			event: 'checkFailed',
			checks: ['noindex', 'https_encryption'],
		});
		expect(workflow.connections['When noindex or HTTPS breaks'].main[0][0].node).toBe('Alert');
	});

	/** The newest 100 reports (what the example's triggers watch) of a page's project. */
	async function watchedOf(page) {
		const newest = (await apiGet(fixture.sandbox, '/reports?per_page=100')).data;
		return newest.filter((report) => report.project === page.project);
	}

	test('active: history is not replayed; a page turning noindex starts the workflow once, one item', async () => {
		const watcher = poller();
		expect((await watcher.poll()).emitted).toBe(false);
		const [, page] = (await apiGet(fixture.sandbox, '/reports?per_page=10')).data;
		const before = page.results.noindex.passed;
		if (before === false) fixture.sandbox.setChecks(page.id, { noindex: true });
		expect((await watcher.poll()).emitted).toBe(false);
		fixture.sandbox.setChecks(page.id, { noindex: false });
		const { items } = await watcher.poll();
		const events = items.map((item) => item.json);
		const watched = (await watchedOf(page)).length;
		expect(events.map((e) => [e.check, e.project, e.pages, e.watched, e.examples])).toEqual([
			[
				'noindex',
				page.project,
				1,
				watched,
				[{ id: page.id, url: page.url, reason: 'noindex: noindex set: noindex' }],
			],
		]);
		expect(runSet(nodeOf(workflow, 'Alert'), events)).toEqual([
			{
				message: `Noindex fails on 1 of ${watched} pages of ${page.project} (high): noindex: noindex set: noindex. Examples: https://${page.url}.`,
				pages: 1,
				check: 'noindex',
			},
		]);
		expect((await watcher.poll()).emitted).toBe(false);
	});

	test("a site-wide break: one execution, one item for all of the site's pages, one message", async () => {
		const watcher = poller();
		await watcher.poll();
		const [, page] = (await apiGet(fixture.sandbox, '/reports?per_page=10')).data;
		const site = await watchedOf(page);
		for (const report of site) fixture.sandbox.setChecks(report.id, { noindex: true });
		await watcher.poll();
		for (const report of site) fixture.sandbox.setChecks(report.id, { noindex: false });
		const { items } = await watcher.poll();
		expect(items.map((item) => [item.json.check, item.json.project, item.json.pages])).toEqual([
			['noindex', page.project, site.length],
		]);
		expect(site.length).toBeGreaterThan(1);
		const alerts = runSet(
			nodeOf(workflow, 'Alert'),
			items.map((item) => item.json),
		);
		expect(alerts.map((alert) => alert.message.split('. Examples:')[0])).toEqual([
			`Noindex fails on ${site.length} pages of ${page.project} (high): noindex: noindex set: noindex`,
		]);
	});

	test('broken, then resolved: Check Fixed sends the all-clear once when the page passes again', async () => {
		const fixedTrigger = nodeOf(workflow, 'When noindex or HTTPS is fixed');
		expect(fixedTrigger.parameters).toEqual({
			pollTimes: { item: [{ mode: 'everyX', value: 15, unit: 'minutes' }] },
			event: 'checkFixed',
			checks: ['noindex', 'https_encryption'],
		});
		expect(workflow.connections['When noindex or HTTPS is fixed'].main[0][0].node).toBe('Resolved');
		const [, page] = (await apiGet(fixture.sandbox, '/reports?per_page=10')).data;
		fixture.sandbox.setChecks(page.id, { noindex: true });
		const broken = poller();
		const resolved = pollerOf(fixedTrigger);
		await broken.poll();
		await resolved.poll();
		fixture.sandbox.setChecks(page.id, { noindex: false });
		expect((await broken.poll()).items.map((item) => item.json.examples[0].id)).toEqual([page.id]);
		expect((await resolved.poll()).emitted).toBe(false);
		fixture.sandbox.setChecks(page.id, { noindex: true });
		const { items } = await resolved.poll();
		const events = items.map((item) => item.json);
		const watched = (await watchedOf(page)).length;
		expect(runSet(nodeOf(workflow, 'Resolved'), events)).toEqual([
			{
				message: `Noindex is fixed on 1 of ${watched} pages of ${page.project} (high). Examples: https://${page.url}.`,
				pages: 1,
				check: 'noindex',
			},
		]);
		expect((await resolved.poll()).emitted).toBe(false);
		expect((await broken.poll()).emitted).toBe(false);
	});
});
