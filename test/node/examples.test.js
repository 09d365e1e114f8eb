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
	'n8n-nodes-base.markdown',
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

	test('Audit Site on the demo site (its sitemaps: an index, a plain and a gzip sitemap), one page phpRank cannot fetch: one listing read, one write a page, the failed page an item; then one Markdown digest per site with the run, its failures and the issues', async () => {
		const audit = nodeOf(workflow, 'Audit the site');
		// the demo sandbox's own site (npm run demo, port 8787); here the fixture's sandbox serves it
		expect(audit.parameters.site).toBe('http://127.0.0.1:8787');
		const site = fixture.sandbox.url;
		const host = new URL(site).host;
		fixture.sandbox.makeUnreachable({ url: `${site}/contact` });
		const done = await runPhpRank({ ...audit, parameters: { ...audit.parameters, site } }, [{}]);
		const requests = fixture.takeRequests();
		const sitePaths = [
			'/robots.txt',
			'/sitemap_index.xml',
			'/sitemap-pages.xml',
			'/sitemap-posts.xml.gz',
		];
		expect(requests.filter((r) => !r.path.startsWith('/api/')).map((r) => r.path)).toEqual(
			sitePaths,
		);
		const pages = ['/', '/about', '/contact', '/blog/first-post', '/blog/second-post'];
		// five pages of one site, none with a report: the site's reports read once, then a Create each
		expect(
			requests
				.filter((r) => r.path.startsWith('/api/'))
				.map((r) => [r.method, r.path, r.method === 'GET' ? r.query.search : r.body]),
		).toEqual([
			// the site's search term: its host without the port (report/storedUrl.ts siteSearchTerm)
			['GET', '/api/v1/reports', new URL(site).hostname],
			...pages.map((p) => [
				'POST',
				'/api/v1/reports',
				`url=${encodeURIComponent(`${site}${p}`)}&privacy=1`,
			]),
			// Check for a Parallel Create: the site read once more after its Creates
			['GET', '/api/v1/reports', new URL(site).hostname],
		]);
		const failed = `phpRank could not fetch ${site}/contact: cURL error 28: Operation timed out after 30001 milliseconds with 0 bytes received. Check that the page answers from phpRank's server`;
		expect(done[0]).toMatchObject({
			action: 'summary',
			project: '127.0.0.1',
			pages_listed: 5,
			pages_fresh: 4,
			pages_audited: 4,
			pages_failed: 1,
			pages_waiting: 0,
			pages_not_in_sitemaps: 0,
		});
		expect(done.slice(1).map((item) => [item.url, item.action, item.sitemap, item.error])).toEqual(
			pages.map((p, i) => [
				p === '/contact' ? `${site}${p}` : `${host}${p === '/' ? '' : p}`,
				p === '/contact' ? 'failed' : 'created',
				`${site}/${i < 3 ? 'sitemap-pages.xml' : 'sitemap-posts.xml.gz'}`,
				p === '/contact' ? failed : undefined,
			]),
		);
		expect(done.slice(1).map((item) => item.lastmod)).toEqual([
			'2026-01-02',
			'2025-06-30',
			null,
			'2026-01-03T10:00:00+00:00',
			'2026-01-04',
		]);

		// the run's lines: its summary and the page that failed
		const [runLines] = runIf(
			nodeOf(workflow, 'Worth a line?'),
			runSet(nodeOf(workflow, 'Run line'), done),
		);
		expect(runLines).toEqual([
			{
				project: '127.0.0.1',
				line: '**4 pages audited this run; 4 of 5 pages have a fresh report**',
			},
			{ project: '127.0.0.1', line: `- Not audited: ${site}/contact: ${failed}` },
		]);
		// then per site: its issues (Get Issues over all its reports) and one digest
		const sites = runSummarize(nodeOf(workflow, 'One item per site'), done);
		expect(sites).toEqual([{ count_action: 6, project: '127.0.0.1' }]);
		const issues = await runPhpRank(nodeOf(workflow, 'Issues of the site'), sites);
		expect(fixture.takeRequests().map((r) => [r.method, r.path, r.query])).toEqual([
			[
				'GET',
				'/api/v1/reports',
				{ project: '127.0.0.1', sort_by: 'id', sort: 'desc', per_page: '100', page: '1' },
			],
		]);
		const want = expectedIssues(
			fixture.sandbox.reports(),
			'127.0.0.1',
			{ pagesPerIssue: 3, importance: ['high', 'medium'] },
			{ checkReason, CHECK_CATALOGUE },
		);
		expect(issues).toEqual(want);
		expect(issues.length).toBeGreaterThan(3);
		const lines = runSet(nodeOf(workflow, 'Issue line'), issues);
		expect(lines[0]).toEqual({
			project: '127.0.0.1',
			line: `- **[${want[0].importance}] ${want[0].name}**: ${want[0].pages_failing} of ${want[0].pages_audited} pages. Fix: ${want[0].how_to_fix}`,
		});
		// Merge (Append): the run's lines, then the issues' lines
		const digest = runSummarize(nodeOf(workflow, 'Digest per site'), [...runLines, ...lines]);
		expect(digest).toEqual([
			{
				count_line: 2 + want.length,
				concatenated_line: [...runLines, ...lines].map((line) => line.line).join('\n'),
				project: '127.0.0.1',
			},
		]);
		// n8n's Markdown node turns the digest into HTML for an email (played in real n8n by the e2e suite)
		expect(nodeOf(workflow, 'Digest as HTML').parameters).toEqual({
			mode: 'markdownToHtml',
			markdown: "={{ '## SEO audit of ' + $json.project + '\\n\\n' + $json.concatenated_line }}",
			destinationKey: 'html',
			options: {},
		});
	});

	test('the run lines of pages no longer listed, of pages left for later runs and of a refused Delete', () => {
		const line = (json) => runSet(nodeOf(workflow, 'Run line'), [json])[0].line;
		expect(
			line({
				action: 'summary',
				pages_audited: 100,
				pages_fresh: 300,
				pages_listed: 1000,
				pages_waiting: 700,
			}),
		).toBe(
			'**100 pages audited this run; 300 of 1000 pages have a fresh report** (700 left for the next runs)',
		);
		expect(
			line({
				action: 'summary',
				pages_audited: 0,
				pages_fresh: 3,
				pages_listed: 3,
				pages_waiting: 0,
				deleteSkipped: 'Nothing deleted: x',
			}),
		).toBe('**0 pages audited this run; 3 of 3 pages have a fresh report**. Nothing deleted: x');
		expect(line({ action: 'not in sitemaps', url: 'a.test/old', id: 7 })).toBe(
			'- No longer in the sitemaps: a.test/old (report 7 kept)',
		);
		expect(line({ action: 'not in sitemaps', url: 'a.test/old', id: 7, deleted: true })).toBe(
			'- No longer in the sitemaps: a.test/old (its reports deleted)',
		);
		expect(line({ action: 'created', url: 'a.test/new' })).toBe('');
	});

	test("no Code node: the site's sitemaps are the page list; Schedule → Audit Site → run lines and Get Issues → one digest", () => {
		expect(workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.code')).toEqual([]);
		const next = (name, output = 0) => workflow.connections[name].main[output].map((c) => c.node);
		expect(next('Every Monday at 6:00')).toEqual(['Audit the site']);
		expect(next('Run now')).toEqual(['Audit the site']);
		expect(next('Audit the site')).toEqual(['Run line', 'One item per site']);
		expect(next('Run line')).toEqual(['Worth a line?']);
		expect(workflow.connections['Worth a line?'].main[0]).toEqual([
			{ node: 'Run and issues', type: 'main', index: 0 },
		]);
		expect(next('One item per site')).toEqual(['Issues of the site']);
		expect(workflow.connections['Issue line'].main[0]).toEqual([
			{ node: 'Run and issues', type: 'main', index: 1 },
		]);
		expect(next('Run and issues')).toEqual(['Digest per site']);
		expect(next('Digest per site')).toEqual(['Digest as HTML']);
		expect(nodeOf(workflow, 'Run and issues').parameters).toEqual({});
		expect(nodeOf(workflow, 'Audit the site').parameters).toEqual({
			resource: 'project',
			operation: 'auditSite',
			site: 'http://127.0.0.1:8787',
			maxPages: 100,
			notListed: 'keep',
			options: { maxAgeHours: 168 },
		});
		expect(nodeOf(workflow, 'Every Monday at 6:00').parameters).toEqual({
			rule: { interval: [{ field: 'weeks', triggerAtDay: [1], triggerAtHour: 6 }] },
		});
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
