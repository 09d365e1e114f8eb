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
const { WEEKLY_AUDIT_SUMMARY } = require('../helpers/fixtures/weekly-audit-summary');
const { runNode } = require('../helpers/n8n-runner');
const { createPollSession } = require('../helpers/poll-runner');
const { PhpRank } = require('../helpers/built').node;
const { PhpRankTrigger } = require('../helpers/built').trigger;
const { PhpRankApi } = require('../helpers/built').credential;
const { simplifyReport } = require('../helpers/built').simplify;
const { diffReports } = require('../helpers/built').reportChanges;
const { checkReason } = require('../helpers/built').checkReasons;
const { CHECK_CATALOGUE } = require('../helpers/built').checkCatalogue;
const { expectedIssues } = require('../helpers/site-issues-oracle');

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

const fixture = useFixture({ seed: 'demo' });
beforeEach(() => fixture.sandbox.reset('demo'));

// ------------------------------------------------------------------------------ stand-ins

/** An n8n expression ("={{ ... }}") with `$json`, as the examples use them: plain JavaScript. */
function evaluate(value, json) {
	if (typeof value !== 'string' || !value.startsWith('=')) return value;
	const run = (expression) => new Function('$json', `return (${expression});`)(json);
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

/** An Edit Fields (Set) node in manual mode, only the assigned fields. */
function runSet(node, items) {
	return items.map((json) =>
		Object.fromEntries(
			node.parameters.assignments.assignments.map((a) => [a.name, evaluate(a.value, json)]),
		),
	);
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
	});
}

// ------------------------------------------------------------------------------ structure

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

	test('Create or Re-Run per page: re-runs the pages with a report, creates the other, one summary per page', async () => {
		const pages = runCode(nodeOf(workflow, 'Pages to audit'), []);
		expect(pages).toEqual([
			{ url: 'https://www.northwind-coffee.com/' },
			{ url: 'https://www.northwind-coffee.com/shop' },
			{ url: 'https://www.northwind-coffee.com/menu' },
		]);

		const before = [
			(await apiGet(fixture.sandbox, '/reports/1')).data,
			(await apiGet(fixture.sandbox, '/reports/7')).data,
		];
		const done = await runPhpRank(nodeOf(workflow, 'Create or re-run report'), pages);
		const lookup = (search) => ({
			search_by: 'url',
			search,
			sort_by: 'id',
			sort: 'desc',
			per_page: '100',
			page: '1',
		});
		// three pages of one site: one read of the site's listing answers all three, then one write each
		expect(
			fixture
				.takeRequests()
				.map((r) => [r.method, r.path, r.method === 'GET' ? r.query : r.body])
				.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
		).toEqual([
			['GET', '/api/v1/reports', lookup('northwind-coffee.com')],
			// the read of the site after its Create (Check for a Parallel Create)
			['GET', '/api/v1/reports', lookup('northwind-coffee.com')],
			['PATCH', '/api/v1/reports/1', 'results=1'],
			['PATCH', '/api/v1/reports/7', 'results=1'],
			['POST', '/api/v1/reports', 'url=https%3A%2F%2Fwww.northwind-coffee.com%2Fmenu&privacy=1'],
		]);
		const after = [
			(await apiGet(fixture.sandbox, '/reports/1')).data,
			(await apiGet(fixture.sandbox, '/reports/7')).data,
		];
		const created = (await apiGet(fixture.sandbox, '/reports/41')).data;
		expect(done).toEqual([
			{ ...simplifyReport(after[0]), action: 're-run', changes: diffReports(before[0], after[0]) },
			{ ...simplifyReport(after[1]), action: 're-run', changes: diffReports(before[1], after[1]) },
			{
				...simplifyReport(created),
				action: 'created',
				changes: { ...diffReports({}, created), label_changed: false },
			},
		]);
		expect(fixture.sandbox.createdCount('https://www.northwind-coffee.com/menu')).toBe(1);

		const summary = runSet(nodeOf(workflow, 'Summary per page'), done);
		expect(summary).toEqual(WEEKLY_AUDIT_SUMMARY);

		// then per site: its issues (Get Issues over all its reports) and one digest
		const sites = runSummarize(nodeOf(workflow, 'One item per site'), done);
		expect(sites).toEqual([{ count_id: 3, project: 'northwind-coffee.com' }]);
		const issues = await runPhpRank(nodeOf(workflow, 'Issues of the site'), sites);
		expect(fixture.takeRequests().map((r) => [r.method, r.path, r.query])).toEqual([
			[
				'GET',
				'/api/v1/reports',
				{
					project: 'northwind-coffee.com',
					sort_by: 'id',
					sort: 'desc',
					per_page: '100',
					page: '1',
				},
			],
		]);
		const want = expectedIssues(
			fixture.sandbox.reports(),
			'northwind-coffee.com',
			{ pagesPerIssue: 3, importance: ['high', 'medium'] },
			{ checkReason, CHECK_CATALOGUE },
		);
		expect(issues).toEqual(want);
		expect(issues.length).toBeGreaterThan(3);
		const lines = runSet(nodeOf(workflow, 'Issue line'), issues);
		expect(lines[0]).toEqual({
			project: 'northwind-coffee.com',
			line: `[${want[0].importance}] ${want[0].name}: ${want[0].pages_failing} of ${want[0].pages_audited} pages. Fix: ${want[0].how_to_fix}`,
		});
		expect(runSummarize(nodeOf(workflow, 'Digest per site'), lines)).toEqual([
			{
				count_line: want.length,
				concatenated_line: lines.map((line) => line.line).join('\n'),
				project: 'northwind-coffee.com',
			},
		]);
	});

	test('the digest per site is made without a Code node: only the page list is code', () => {
		const codeNodes = workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.code');
		expect(codeNodes.map((n) => n.name)).toEqual(['Pages to audit']);
		expect(workflow.connections['Create or re-run report'].main[0].map((c) => c.node)).toEqual([
			'Summary per page',
			'One item per site',
		]);
		expect(nodeOf(workflow, 'Issues of the site').parameters).toMatchObject({
			resource: 'project',
			operation: 'getIssues',
		});
	});

	test('the Schedule Trigger runs it weekly, Monday 6:00, and so does "Run now" on demand; no Code or IF decides', () => {
		expect(nodeOf(workflow, 'Every Monday at 6:00').parameters).toEqual({
			rule: { interval: [{ field: 'weeks', triggerAtDay: [1], triggerAtHour: 6 }] },
		});
		expect(workflow.connections['Every Monday at 6:00']).toEqual(workflow.connections['Run now']);
		expect(workflow.nodes.map((n) => n.type).filter((t) => t === 'n8n-nodes-base.if')).toEqual([]);
		// a page audited in the last day is kept (Max Age is tested in createOrRerun.test.js)
		expect(nodeOf(workflow, 'Create or re-run report').parameters).toMatchObject({
			maxAgeHours: 24,
			outputChanges: true,
		});
		expect(workflow.connections['Pages to audit'].main[0][0].node).toBe('Create or re-run report');
		expect(workflow.connections['Create or re-run report'].main[0][0].node).toBe(
			'Summary per page',
		);
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

	test('active: history is not replayed; a page turning noindex starts the workflow once', async () => {
		const watcher = poller();
		expect((await watcher.poll()).emitted).toBe(false);
		const [, page] = (await apiGet(fixture.sandbox, '/reports?per_page=10')).data;
		const before = page.results.noindex.passed;
		if (before === false) fixture.sandbox.setChecks(page.id, { noindex: true });
		expect((await watcher.poll()).emitted).toBe(false);
		fixture.sandbox.setChecks(page.id, { noindex: false });
		const { items } = await watcher.poll();
		const events = items.map((item) => item.json);
		expect(events.map((e) => [e.id, e.regressions.map((r) => r.check)])).toEqual([
			[page.id, ['noindex']],
		]);
		expect(runSet(nodeOf(workflow, 'Alert'), events)).toEqual([
			{
				message: `URGENT: ${page.url} broke: noindex: noindex set: noindex`,
				report_id: page.id,
				checks: ['noindex'],
			},
		]);
		expect((await watcher.poll()).emitted).toBe(false);
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
		expect((await broken.poll()).items.map((item) => item.json.id)).toEqual([page.id]);
		expect((await resolved.poll()).emitted).toBe(false);
		fixture.sandbox.setChecks(page.id, { noindex: true });
		const { items } = await resolved.poll();
		const events = items.map((item) => item.json);
		expect(runSet(nodeOf(workflow, 'Resolved'), events)).toEqual([
			{
				message: `RESOLVED: ${page.url} passes again: noindex`,
				report_id: page.id,
				checks: ['noindex'],
			},
		]);
		expect((await resolved.poll()).emitted).toBe(false);
		expect((await broken.poll()).emitted).toBe(false);
	});
});
