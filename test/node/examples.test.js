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
	const WEEK = '2026-01-12';
	// the tables' columns and types, as docs/usage.md lists them
	const HEALTH_COLUMNS = [
		['project', 'string'],
		['week', 'string'],
		['checked_at', 'date'],
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
		['newest_report_at', 'date'],
		['oldest_report_at', 'date'],
	];
	const ISSUE_COLUMNS = [
		['project', 'string'],
		['week', 'string'],
		['check', 'string'],
		['name', 'string'],
		['importance', 'string'],
		['pages_failing', 'number'],
		['example_page', 'string'],
		['checked_at', 'date'],
	];
	const node = (name) => nodeOf(workflow, name);

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

	test('Audit Site on the demo site, one page phpRank cannot fetch: one listing read, one write a page; then per site Get Issues outputs the site summary first, then the issues', async () => {
		const audit = node('Audit the site');
		// the demo sandbox's own site (npm run demo, port 8787); here the fixture's sandbox serves it
		expect(audit.parameters.site).toBe('http://127.0.0.1:8787');
		const site = fixture.sandbox.url;
		fixture.sandbox.makeUnreachable({ url: `${site}/contact` });
		const done = await runPhpRank({ ...audit, parameters: { ...audit.parameters, site } }, [{}]);
		const requests = fixture.takeRequests();
		expect(requests.filter((r) => !r.path.startsWith('/api/')).map((r) => r.path)).toEqual([
			'/robots.txt',
			'/sitemap_index.xml',
			'/sitemap-pages.xml',
			'/sitemap-posts.xml.gz',
		]);
		const pages = ['/', '/about', '/contact', '/blog/first-post', '/blog/second-post'];
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
		expect(done[0]).toMatchObject({
			action: 'summary',
			project: '127.0.0.1',
			pages_listed: 5,
			pages_fresh: 4,
			pages_audited: 4,
			pages_failed: 1,
		});
		expect(done.find((item) => item.action === 'failed')).toMatchObject({
			url: `${site}/contact`,
			error: `phpRank could not fetch ${site}/contact: cURL error 28: Operation timed out after 30001 milliseconds with 0 bytes received. Check that the page answers from phpRank's server`,
		});
		// per site (Each site: one at a time): Get Issues over all its reports, the summary first
		const sites = runSummarize(node('One item per site'), done);
		expect(sites).toEqual([{ count_action: 6, project: '127.0.0.1' }]);
		const issues = await runPhpRank(node('Issues of the site'), sites);
		expect(fixture.takeRequests().map((r) => [r.method, r.path, r.query])).toEqual([
			[
				'GET',
				'/api/v1/reports',
				{ project: '127.0.0.1', sort_by: 'id', sort: 'desc', per_page: '100', page: '1' },
			],
		]);
		const modules = { checkReason, CHECK_CATALOGUE };
		const stored = fixture.sandbox.reports();
		const want = expectedIssues(
			stored,
			'127.0.0.1',
			{ pagesPerIssue: 3, importance: ['high', 'medium'] },
			modules,
		);
		expect(issues).toEqual([
			expectedSummary(stored, '127.0.0.1', { checkedAt: issues[0].checked_at }, modules),
			...want,
		]);
		// the week's rows: the summary (Save the week's health, Execute Once: the first item) and each
		// failing check (Failing checks lets the issues through, not the summary)
		const [failing] = runIf(node('Failing checks'), issues);
		expect(failing).toEqual(want);

		// then the digest, from the history the Data table nodes would give: this is the first week
		const outputs = {
			'Week of this run': [{ week: WEEK }],
			'Audit the site': done,
			'Issues of the site': issues,
			'Health of the last 12 weeks': [healthRow(issues[0], WEEK)],
			'Issues of last week': [{}],
		};
		const digest = playDigest(outputs);
		expect(digest.subject).toBe(
			`127.0.0.1: health ${issues[0].health}, first week, ${want.length} issues`,
		);
		expect(emailSafetyProblems(digest.html)).toEqual([]);
		expect(digest.html).toContain('First week: no history yet.');
		expect(digest.html).toContain(`Issues this week (${want.length})`);
		expect(barHeights(digest.html)).toEqual([]);
		expect(digest.html).toContain(`${site}/contact`);
		expect(digest.chat.split('\n').slice(0, 3)).toEqual([
			`*SEO health of 127.0.0.1, week of ${WEEK}*`,
			`Health *${issues[0].health}* · pages with a report: 4 · failing a high check: ${issues[0].pages_failing_high}`,
			`Trend: ${glyph(issues[0].health)} (first week: no history yet, the trend starts next week)`,
		]);
	});

	/** A row of phprank_site_health as the Data table node gives it back. */
	function healthRow(summary, week, id = 1) {
		const { kind, ...fields } = summary;
		return { ...fields, week, id, createdAt: summary.checked_at, updatedAt: summary.checked_at };
	}

	/** "This week's facts" → "Compared with last week" → "Digest", the nodes' outputs given. */
	function playDigest(outputs) {
		const facts = runSet(node("This week's facts"), [{}], outputs)[0];
		const compared = runSet(node('Compared with last week'), [facts], outputs)[0];
		expect(compared).toMatchObject(facts);
		return runSet(node('Digest'), [compared], outputs)[0];
	}

	const barHeights = (html) =>
		[...html.matchAll(/<td height="(\d+)" bgcolor="(#[0-9a-f]{6})"/g)].map((m) => Number(m[1]));
	const glyph = (h) => '▁▂▃▄▅▆▇█'.charAt(Math.round((h * 7) / 100));
	const summaryOf = (over) => ({
		kind: 'site summary',
		project: 'shop.example',
		checked_at: '2026-01-12T06:00:03.000Z',
		pages: 40,
		health: 85,
		score_average: 71.4,
		pages_good: 10,
		pages_decent: 25,
		pages_bad: 5,
		issues_high: 2,
		issues_medium: 3,
		issues_low: 4,
		pages_failing_high: 6,
		newest_report_at: '2026-01-12T06:00:00.000Z',
		oldest_report_at: '2026-01-05T06:00:00.000Z',
		...over,
	});
	const issueOf = (check, importance, pagesFailing, name = check) => ({
		project: 'shop.example',
		check,
		name,
		category: 'seo',
		importance,
		pages_failing: pagesFailing,
		pages_audited: 40,
		pages: [{ id: 1, url: `shop.example/${check}`, reason: `${check}: x` }],
		how_to_fix: 'Fix it.',
	});
	const issueRow = (week, checkedAt, check, importance, pagesFailing, name = check) => ({
		project: 'shop.example',
		week,
		check,
		name,
		importance,
		pages_failing: pagesFailing,
		example_page: `shop.example/${check}`,
		checked_at: checkedAt,
	});
	const auditOf = (over = {}, items = []) => [
		{
			action: 'summary',
			project: 'shop.example',
			pages_listed: 50,
			pages_fresh: 40,
			pages_waiting: 10,
			...over,
		},
		...items.map((item) => ({ project: 'shop.example', ...item })),
	];

	test("a later week: the bars are the weeks' health, oldest first (12 at most); new issues are failing now and not last week, fixed ones the other way; last week's rows are its last run's", () => {
		const LAST = '2026-01-05T06:00:00.000Z';
		// 14 weeks of history, newest first as the Get (Order By week, descending) gives them
		const weeks = Array.from({ length: 14 }, (_, i) => {
			const day = new Date(Date.UTC(2026, 0, 12) - i * 7 * 86400000).toISOString().slice(0, 10);
			return {
				week: day,
				health: i === 0 ? 85 : 60 + i,
				pages: 40,
				pages_failing_high: 6,
				checked_at: i === 1 ? LAST : '2026-01-01T00:00:00.000Z',
			};
		});
		// a later week than the run's (a re-run of a past week) is not charted
		const history = [{ week: '2026-01-19', health: 1, checked_at: LAST }, ...weeks];
		const now = summaryOf({ health: 85, pages: 40, pages_failing_high: 6 });
		const issues = [issueOf('title', 'high', 3, 'Title <tag>'), issueOf('robots', 'medium', 2)];
		const outputs = {
			'Week of this run': [{ week: WEEK }],
			'Audit the site': auditOf({}, [
				{
					action: 'failed',
					url: 'https://shop.example/x?a=1&b=2',
					error: 'phpRank could not fetch it: <timeout>',
				},
				{ action: 'not in sitemaps', url: 'shop.example/old', deleted: true },
				{
					action: 'failed',
					url: 'https://other.example/',
					error: 'another site',
					project: 'other.example',
				},
			]),
			'Issues of the site': [now, ...issues],
			'Health of the last 12 weeks': history,
			// last week's rows: noindex was failing at its last run; charset only at an earlier run that week
			'Issues of last week': [
				issueRow('2026-01-05', LAST, 'noindex', 'high', 5, 'Noindex'),
				issueRow('2026-01-05', LAST, 'robots', 'medium', 1),
				issueRow('2026-01-05', '2026-01-04T00:00:00.000Z', 'charset', 'medium', 1),
			],
		};
		const digest = playDigest(outputs);
		// n8n 1.123.x's Get has no Order By: the rows oldest first give the same digest
		const reversed = { ...outputs, 'Health of the last 12 weeks': [...history].reverse() };
		expect(playDigest(reversed)).toEqual(digest);
		expect(digest.subject).toBe('shop.example: health 85 (▲24), 1 new issue, 1 fixed');
		expect(emailSafetyProblems(digest.html)).toEqual([]);
		const charted = weeks.slice(0, 12).reverse();
		expect(barHeights(digest.html)).toEqual(charted.map((w) => w.health));
		expect(digest.html).toContain('Health over 12 weeks');
		expect(digest.html).toContain('New issues (1)');
		expect(digest.html).toContain('<strong>Title &lt;tag&gt;</strong>: 3 pages');
		expect(digest.html).toContain('Fixed (1)');
		expect(digest.html).toContain('<strong>Noindex</strong>: was on 5 pages');
		expect(digest.html).not.toContain('<strong>charset</strong>');
		expect(digest.html).toContain('Still failing: 1 check of high or medium importance.');
		expect(digest.html).toContain('https://shop.example/x?a=1&amp;b=2');
		expect(digest.html).toContain('phpRank could not fetch it: &lt;timeout&gt;');
		expect(digest.html).not.toContain('other.example');
		expect(digest.html).toContain(
			'shop.example/old</span> <span style="font-size:12px;color:#57606a;">(its reports deleted)',
		);
		expect(digest.html).toContain(
			'40 of 50 pages in the sitemaps have a fresh report; 10 waiting for a later run; 1 no longer in the sitemaps.',
		);
		expect(digest.chat.split('\n')).toEqual([
			`*SEO health of shop.example, week of ${WEEK}*`,
			'Health *85* (▲24) · pages with a report: 40 (±0) · failing a high check: 6 (±0)',
			`Trend: ${charted.map((w) => glyph(w.health)).join('')} (${charted.map((w) => w.health).join(' → ')}, 12 weeks)`,
			'*New issues (1)*',
			'• [high] Title <tag>: 3 pages, e.g. shop.example/title',
			'*Fixed (1)*',
			'• [high] Noindex: was on 5 pages, e.g. shop.example/noindex',
			'Still failing: 1 check',
			'*Coverage*: 40 of 50 pages have a fresh report; 1 could not be audited; 10 waiting for a later run; 1 no longer in the sitemaps',
			'• Not audited: https://shop.example/x?a=1&b=2: phpRank could not fetch it: <timeout>',
			'• No longer listed: shop.example/old (its reports deleted)',
		]);
	});

	test('long lists show 10 lines and how many more; the health falling shows ▼ in red', () => {
		const LAST = '2026-01-05T06:00:00.000Z';
		const many = Array.from({ length: 13 }, (_, i) => issueOf(`check_${i}`, 'medium', 1));
		const digest = playDigest({
			'Week of this run': [{ week: WEEK }],
			'Audit the site': auditOf(
				{},
				Array.from({ length: 12 }, (_, i) => ({
					action: 'failed',
					url: `https://shop.example/p${i}`,
					error: 'x',
				})),
			),
			'Issues of the site': [summaryOf({ health: 40, pages_failing_high: 24 }), ...many],
			'Health of the last 12 weeks': [
				{
					week: WEEK,
					health: 40,
					pages: 40,
					pages_failing_high: 24,
					checked_at: '2026-01-12T06:00:03.000Z',
				},
				{ week: '2026-01-05', health: 90, pages: 40, pages_failing_high: 4, checked_at: LAST },
			],
			'Issues of last week': [{}],
		});
		expect(digest.subject).toBe('shop.example: health 40 (▼50), 13 new issues, 0 fixed');
		expect(barHeights(digest.html)).toEqual([90, 40]);
		expect(digest.html).toContain('and 3 more</td>');
		expect(digest.html).toContain('and 2 more</td>');
		expect(digest.html).toContain('<span style="color:#cf222e;">▼50 since last week</span>');
		expect(digest.html).toContain('<span style="color:#cf222e;">▲20 since last week</span>');
		expect(digest.chat).toContain('• and 3 more\n');
		expect(digest.chat).toContain('• and 2 more not audited');
		expect(emailSafetyProblems(digest.html)).toEqual([]);
	});

	test('no Code node; Schedule → the week → the tables → Audit Site → each site → Get Issues → the week saved, the history read → the digest → Send Email → the next site', () => {
		expect(workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.code')).toEqual([]);
		const next = (name, output = 0) => workflow.connections[name].main[output].map((c) => c.node);
		expect(next('Every Monday at 6:00')).toEqual(['Week of this run']);
		expect(next('Run now')).toEqual(['Week of this run']);
		expect(next('Week of this run')).toEqual(['Health table']);
		expect(next('Health table')).toEqual(['Issues table']);
		expect(next('Issues table')).toEqual(['Audit the site']);
		expect(next('Audit the site')).toEqual(['One item per site']);
		expect(next('One item per site')).toEqual(['Each site']);
		expect(workflow.connections['Each site'].main).toEqual([
			[],
			[{ node: 'Issues of the site', type: 'main', index: 0 }],
		]);
		expect(next('Issues of the site')).toEqual(['Failing checks', "Save the week's health"]);
		expect(next('Failing checks')).toEqual(["Save the week's issues"]);
		expect(workflow.connections["Save the week's issues"]).toBeUndefined();
		expect(next("Save the week's health")).toEqual(['Health of the last 12 weeks']);
		expect(next('Health of the last 12 weeks')).toEqual(['Issues of last week']);
		expect(next('Issues of last week')).toEqual(["This week's facts"]);
		expect(next("This week's facts")).toEqual(['Compared with last week']);
		expect(next('Compared with last week')).toEqual(['Digest']);
		expect(next('Digest')).toEqual(['Send the digest']);
		expect(next('Send the digest')).toEqual(['Each site']);
		expect(node('Audit the site').parameters).toEqual({
			resource: 'project',
			operation: 'auditSite',
			site: 'http://127.0.0.1:8787',
			maxPages: 100,
			notListed: 'keep',
			options: { maxAgeHours: 168 },
		});
		expect(node('Every Monday at 6:00').parameters).toEqual({
			rule: { interval: [{ field: 'weeks', triggerAtDay: [1], triggerAtHour: 6 }] },
		});
	});

	test('the Data table nodes: the tables created when missing (2.x; on 1.x they pass), Upsert on site + week (+ check), the history read newest week first', () => {
		const tableOf = (name) => node(name).parameters.dataTableId;
		for (const [name, table, columns] of [
			['Health table', 'phprank_site_health', HEALTH_COLUMNS],
			['Issues table', 'phprank_site_issues', ISSUE_COLUMNS],
		]) {
			expect(node(name)).toMatchObject({
				type: 'n8n-nodes-base.dataTable',
				typeVersion: 1,
				executeOnce: true,
				onError: 'continueRegularOutput',
				parameters: {
					resource: 'table',
					operation: 'create',
					tableName: table,
					options: { createIfNotExists: true },
				},
			});
			expect(node(name).parameters.columns.column.map((c) => [c.name, c.type])).toEqual(columns);
		}
		const conditions = (name) =>
			node(name).parameters.filters.conditions.map((c) => [
				c.keyName,
				c.condition ?? 'eq',
				c.keyValue,
			]);
		const W = "={{ $('Week of this run').first().json.week }}";
		expect(tableOf("Save the week's health")).toEqual({
			__rl: true,
			mode: 'name',
			value: 'phprank_site_health',
		});
		expect(node("Save the week's health")).toMatchObject({
			executeOnce: true,
			parameters: { operation: 'upsert', matchType: 'allConditions' },
		});
		expect(conditions("Save the week's health")).toEqual([
			['project', 'eq', '={{ $json.project }}'],
			['week', 'eq', W],
		]);
		expect(Object.keys(node("Save the week's health").parameters.columns.value)).toEqual(
			HEALTH_COLUMNS.map(([c]) => c),
		);
		expect(tableOf("Save the week's issues")).toEqual({
			__rl: true,
			mode: 'name',
			value: 'phprank_site_issues',
		});
		expect(node("Save the week's issues")).toMatchObject({
			parameters: { operation: 'upsert', matchType: 'allConditions' },
		});
		expect(conditions("Save the week's issues")).toEqual([
			['project', 'eq', '={{ $json.project }}'],
			['week', 'eq', W],
			['check', 'eq', '={{ $json.check }}'],
		]);
		expect(Object.keys(node("Save the week's issues").parameters.columns.value)).toEqual(
			ISSUE_COLUMNS.map(([c]) => c),
		);
		// n8n 1.123.x's Get has no Order By: the 12 weeks are chosen by the conditions, sorted in the digest
		expect(node('Health of the last 12 weeks')).toMatchObject({
			executeOnce: true,
			alwaysOutputData: true,
			parameters: { operation: 'get', matchType: 'allConditions', returnAll: true },
		});
		expect(node('Health of the last 12 weeks').parameters.orderBy).toBeUndefined();
		expect(conditions('Health of the last 12 weeks')).toEqual([
			['project', 'eq', "={{ $('Issues of the site').first().json.project }}"],
			[
				'week',
				'gte',
				"={{ DateTime.fromISO($('Week of this run').first().json.week).minus({ weeks: 11 }).toFormat('yyyy-MM-dd') }}",
			],
			['week', 'lte', W],
		]);
		const from = evaluate(
			conditions('Health of the last 12 weeks')[1][2],
			{},
			{
				outputs: { 'Week of this run': [{ week: '2026-03-23' }] },
			},
		);
		expect(from).toBe('2026-01-05');
		expect(node('Issues of last week')).toMatchObject({
			executeOnce: true,
			alwaysOutputData: true,
			parameters: { operation: 'get', returnAll: true },
		});
	});

	test('Send the digest: Send Email 2.1 with the SMTP credential, the subject, the HTML and the chat text as its text part, no n8n attribution', () => {
		expect(node('Send the digest')).toMatchObject({
			type: 'n8n-nodes-base.emailSend',
			typeVersion: 2.1,
			credentials: { smtp: { id: 'local-mailbox', name: 'Local mailbox (SMTP)' } },
			parameters: {
				subject: '={{ $json.subject }}',
				emailFormat: 'both',
				text: '={{ $json.chat }}',
				html: '={{ $json.html }}',
				options: { appendAttribution: false },
			},
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
