// Project → Digest (nodes/PhpRank/digest/digestOperation.ts) through n8n-core's engine against
// the sandbox: its requests are Get Issues' for the same project (no request more), its row holds
// what Get Issues' summary and issues say, History carries one week to the next, Combine Sites
// makes one digest of every input item's site, and a bad History or Week is refused naming its
// field. What the digest says, channel by channel: test/digest/digest.test.js.
const { useFixture, projectReports, fromList, byName } = require('../../node/fixture');
const { emailSafetyProblems } = require('../../helpers/email-safety');
const { expectedDigestRow } = require('../../helpers/digest-row');
const { evaluatedByTheNode } = require('../../helpers/node-evaluations');

const fixture = useFixture();

const SITE = 'site.test';
const OTHER = 'other.test';

const digest = (extra = {}) => ({
	resource: 'project',
	operation: 'digest',
	project: fromList(SITE),
	week: '2026-11-30',
	...extra,
});

const pages = (count, site = SITE) =>
	Array.from({ length: count }, (_, i) => ({
		url: `https://${site}/page-${i + 1}`,
		score: (i * 37) % 101,
	}));

const jsonOf = (items) => items.map((item) => item.json);

/** Combine Sites' item, field by field in order. */
const COMBINED_FIELDS = [
	'projects',
	'week',
	'subject',
	'html',
	'text',
	'slack',
	'markdown',
	'discord',
	'telegram',
	'rows',
	'sites_failed',
];

/** Get Issues' output for `project` with 3 pages an issue: its summary and its issues. */
async function getIssuesOf(project = SITE) {
	const result = await fixture.run({
		resource: 'project',
		operation: 'getIssues',
		project: fromList(project),
		pagesPerIssue: 3,
	});
	expect(result.error).toBeUndefined();
	const [summary, ...issues] = jsonOf(result.items);
	return { summary, issues, requests: fixture.takeRequests() };
}

test("250 reports: Get Issues' requests exactly, one item, its row what Get Issues says", async () => {
	fixture.sandbox.reset([...pages(250), ...pages(3, OTHER)]);
	const issues = await getIssuesOf();
	expect(issues.requests).toEqual([
		projectReports(SITE, 1),
		projectReports(SITE, 2),
		projectReports(SITE, 3),
	]);
	const result = await fixture.run(digest());
	expect(result.error).toBeUndefined();
	expect(fixture.takeRequests()).toEqual(issues.requests);
	expect(result.items).toHaveLength(1);
	expect(result.items[0].pairedItem).toEqual({ item: 0 });
	const item = result.items[0].json;
	expect(Object.keys(item)).toEqual([
		'project',
		'week',
		'subject',
		'html',
		'text',
		'slack',
		'markdown',
		'discord',
		'telegram',
		'row',
	]);
	const { checked_at } = item.row;
	expect(item.row).toEqual(
		expectedDigestRow({ ...issues.summary, checked_at }, issues.issues, '2026-11-30'),
	);
	expect(item.subject).toBe(`${SITE}: health ${issues.summary.health}, first week`);
	expect(emailSafetyProblems(item.html)).toEqual([]);
	// what to fix first: Get Issues' order, high before medium before low
	const shown = item.text.split('\n').filter((line) => line.startsWith('- ['));
	expect(shown.slice(0, 3)).toEqual(
		issues.issues
			.slice(0, 3)
			.map((issue) =>
				expect.stringMatching(
					`^- \\[${issue.importance}\\] ${issue.name}: fails on ${issue.pages_failing} of 250 pages`,
				),
			),
	);
});

test('History carries a week to the next: the issue a page broke is new, the one repaired is fixed', async () => {
	fixture.sandbox.reset(pages(4));
	const [first] = fixture.sandbox.reports();
	fixture.sandbox.setChecks(first.id, 'none');
	const week1 = (await fixture.run(digest({ week: '2026-11-23' }))).items[0].json;
	fixture.takeRequests();
	fixture.sandbox.setChecks(first.id, 'all');
	// as the Data table node returns the rows and Aggregate gathers them
	const history = { data: [{ id: 1, createdAt: '2026-11-23T06:00:00.000Z', ...week1.row }] };
	const result = await fixture.run(digest({ history }));
	expect(result.error).toBeUndefined();
	const week2 = result.items[0].json;
	const before = JSON.parse(week1.row.issues).map((issue) => issue.check);
	const after = JSON.parse(week2.row.issues).map((issue) => issue.check);
	const fixed = before.filter((check) => !after.includes(check));
	const fresh = after.filter((check) => !before.includes(check));
	// the first page failed every check, and fails none now: some checks failed on it alone
	expect(fixed.length).toBeGreaterThan(0);
	expect(fresh).toEqual([]);
	expect(week2.subject).toMatch(
		new RegExp(
			`^${SITE}: health \\d+ \\([▲▼±]\\d+\\), ${fresh.length} new issues?, ${fixed.length} fixed$`,
		),
	);
	expect(week2.text).toContain(`New since last week (${fresh.length})`);
	expect(week2.text).toContain(`Fixed since last week (${fixed.length})`);
	expect(week2.text).toContain('Health over 2 weeks:');
});

test("Week empty: this week's Monday in the workflow's time zone; a date: its week's Monday", async () => {
	fixture.sandbox.reset(pages(1));
	const timezone = 'Pacific/Kiritimati';
	const result = await fixture.run(digest({ week: '' }), { workflowSettings: { timezone } });
	const today = new Date().toLocaleDateString('en-CA', { timeZone: timezone });
	const day = new Date(`${today}T00:00:00Z`);
	day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
	expect(result.items[0].json.week).toBe(day.toISOString().slice(0, 10));
	// an expression's DateTime ($now): its day in the workflow's time zone
	const now = await fixture.run(digest({ week: '={{ $now }}' }), {
		workflowSettings: { timezone },
	});
	expect(now.items[0].json.week).toBe(day.toISOString().slice(0, 10));
	const dated = await fixture.run(digest({ week: '2026-12-06T10:00:00' }));
	expect(dated.items[0].json.row.week).toBe('2026-11-30');
});

test.each([
	['History', { history: '{"a": 1}' }, /^History must be the rows of earlier Digest runs/],
	['History', { history: '[1, 2]' }, /^History must be the rows of earlier Digest runs/],
	['Week', { week: 'last monday' }, /^Week must be a date, like 2026-11-30/],
	['Audit Summary', { auditSummary: '42' }, /^Audit Summary must be Audit Site's summary item/],
])(
	'a bad %s is refused naming the field, before anything is sent',
	async (field, parameters, message) => {
		fixture.sandbox.reset(pages(1));
		const result = await fixture.run(digest(parameters));
		expect(result.error.message).toMatch(message);
		expect(result.error.description).toBe(`Check the "${field}" field of this node.`);
		expect(fixture.takeRequests()).toEqual([]);
	},
);

test('a project without reports: a digest that says so, the row with pages 0', async () => {
	fixture.sandbox.reset(pages(2, OTHER));
	const result = await fixture.run(digest());
	expect(result.error).toBeUndefined();
	const item = result.items[0].json;
	expect(item.subject).toBe(`${SITE}: no report yet`);
	expect(item.row).toMatchObject({ project: SITE, pages: 0, health: null, issues: '[]' });
	expect(fixture.takeRequests()).toEqual([projectReports(SITE, 1)]);
});

test("Combine Sites: the first item outputs one digest of every item's site; the others nothing", async () => {
	fixture.sandbox.reset([...pages(3), ...pages(2, OTHER)]);
	const audit = { action: 'summary', project: OTHER, pages_listed: 2, pages_fresh: 2 };
	const result = await fixture.run(
		digest({
			project: byName('={{ $json.site }}'),
			auditSummary: '={{ $json.audit }}',
			options: { combineSites: true },
		}),
		{ items: [{ site: SITE }, { site: OTHER, audit }, { site: SITE }] },
	);
	expect(result.error).toBeUndefined();
	expect(fixture.takeRequests()).toEqual([projectReports(SITE, 1), projectReports(OTHER, 1)]);
	expect(result.items).toHaveLength(1);
	expect(result.items[0].pairedItem).toEqual({ item: 0 });
	const item = result.items[0].json;
	expect(Object.keys(item)).toEqual(COMBINED_FIELDS);
	expect(item.sites_failed).toEqual([]);
	expect([...item.projects].sort()).toEqual([OTHER, SITE]);
	expect(item.rows.map((row) => row.project)).toEqual([SITE, OTHER]);
	expect(item.subject).toBe('SEO health of 2 sites, week of 30 Nov 2026: none worse');
	// the second item's Audit Summary is its site's coverage
	expect(item.text).toContain('Coverage: 2 of 2 listed pages have a fresh report');
	expect(emailSafetyProblems(item.html)).toEqual([]);
});

test('without Combine Sites: one digest an item, each of its own site', async () => {
	fixture.sandbox.reset([...pages(3), ...pages(2, OTHER)]);
	const result = await fixture.run(digest({ project: byName('={{ $json.site }}') }), {
		items: [{ site: SITE }, { site: OTHER }],
	});
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => [item.json.project, item.pairedItem.item])).toEqual([
		[SITE, 0],
		[OTHER, 1],
	]);
	expect(
		fixture.takeRequests().sort((a, b) => (a.query.project < b.query.project ? -1 : 1)),
	).toEqual([projectReports(OTHER, 1), projectReports(SITE, 1)]);
});

test('Output Fields: only the channels named, beside project and week (Combine Sites: rows with Row)', async () => {
	fixture.sandbox.reset(pages(2));
	const one = await fixture.run(digest({ options: { outputFields: ['text', 'subject'] } }));
	expect(Object.keys(one.items[0].json)).toEqual(['project', 'week', 'subject', 'text']);
	const combined = await fixture.run(
		digest({ options: { combineSites: true, outputFields: ['row'] } }),
	);
	expect(Object.keys(combined.items[0].json)).toEqual(['projects', 'week', 'rows', 'sites_failed']);
});

// ------------------------------------------------------------------- Combine Sites always arrives

const THIRD = 'third.test';

test('Combine Sites, phpRank answers 500 for one site of three: the other two digested, the third a line "not read: …" and in sites_failed', async () => {
	fixture.sandbox.reset([...pages(3), ...pages(2, OTHER), ...pages(2, THIRD)]);
	fixture.sandbox.failNext({ status: 500, count: 2, path: /project=other\.test/ });
	const result = await fixture.run(
		digest({
			project: byName('={{ $json.site }}'),
			options: { combineSites: true, retries: 1 },
		}),
		{ items: [{ site: SITE }, { site: OTHER }, { site: THIRD }] },
	);
	expect(result.error).toBeUndefined();
	expect(fixture.takeRequests()).toEqual([
		projectReports(SITE, 1),
		projectReports(OTHER, 1),
		projectReports(OTHER, 1),
		projectReports(THIRD, 1),
	]);
	expect(result.items).toHaveLength(1);
	const item = result.items[0].json;
	expect(Object.keys(item)).toEqual(COMBINED_FIELDS);
	expect(item.rows.map((row) => row.project)).toEqual([SITE, THIRD]);
	expect(item.sites_failed).toHaveLength(1);
	const [failed] = item.sites_failed;
	expect(failed).toEqual({ item: 1, project: OTHER, error: expect.any(String) });
	expect(failed.error).toBe(
		"phpRank had a server error (HTTP 500): try again later, or ask the phpRank site's administrator",
	);
	expect(item.subject).toBe('SEO health of 3 sites, week of 30 Nov 2026: none worse, 1 not read');
	const line = `- ${OTHER}: not read: ${failed.error}`;
	expect(item.text.split('\n').slice(0, 3)).toEqual([
		'SEO health of 3 sites, week of 30 Nov 2026',
		'Sites that got worse come first.',
		line,
	]);
	expect(item.slack).toContain(`• *${OTHER}*: not read:\u200b phpRank had a server error`);
	expect(item.markdown).toContain(`- **${OTHER}**: not read:\u200b phpRank had a server error`);
	expect(item.html).toContain('>not read:&#8203; ');
	expect(emailSafetyProblems(item.html)).toEqual([]);
});

test('Combine Sites: an empty Project and a project phpRank does not know are lines of their own; a site with History but no report is digested', async () => {
	fixture.sandbox.reset(pages(3));
	const history = [{ project: 'gone.test', week: '2026-11-23', health: 80, pages: 4 }];
	const result = await fixture.run(
		digest({
			project: byName('={{ $json.site }}'),
			history: '={{ $json.history }}',
			options: { combineSites: true },
		}),
		{
			items: [
				{ site: SITE, history: [] },
				{ site: '', history: [] },
				{ site: 'unknown.test', history: [] },
				{ site: 'gone.test', history },
			],
		},
	);
	expect(result.error).toBeUndefined();
	expect(fixture.takeRequests()).toEqual([
		projectReports(SITE, 1),
		projectReports('unknown.test', 1),
		projectReports('gone.test', 1),
	]);
	const item = result.items[0].json;
	expect(item.sites_failed).toEqual([
		{ item: 1, project: null, error: 'Project is required, like example.com' },
		{
			item: 2,
			project: 'unknown.test',
			error:
				'Project "unknown.test" has no reports: check its name (phpRank names a project by its site\'s host, like example.com; Project → Get Many lists them)',
		},
	]);
	expect(item.rows.map((row) => row.project)).toEqual([SITE, 'gone.test']);
	expect(item.text).toContain('\n- item 2: not read: Project is required, like example.com\n');
});

test('Combine Sites: what every site would meet (the API key refused) still fails the run', async () => {
	fixture.sandbox.reset(pages(3));
	fixture.sandbox.failNext({ status: 401, count: 5 });
	const result = await fixture.run(
		digest({ project: byName('={{ $json.site }}'), options: { combineSites: true } }),
		{ items: [{ site: SITE }, { site: OTHER }] },
	);
	expect(result.error.message).toMatch(/401|API key/);
	expect(fixture.takeRequests()).toEqual([projectReports(SITE, 1)]);
});

test('one site without Combine Sites: a 500 after the retries fails the item as today', async () => {
	fixture.sandbox.reset(pages(3));
	fixture.sandbox.failNext({ status: 500, count: 2 });
	const result = await fixture.run(digest({ options: { retries: 1 } }));
	expect(result.error.message).toMatch(/500/);
	expect(result.items).toEqual([]);
});

// ------------------------------------------------------------------------------------- the week

test.each([
	// [Week, the week in Berlin, the week in New York]
	[
		'a JS Date of Sunday 23:30 UTC',
		'={{ new Date("2026-11-29T23:30:00Z") }}',
		'2026-11-30',
		'2026-11-23',
	],
	['an instant ending in Z', '2026-11-29T23:30:00Z', '2026-11-30', '2026-11-23'],
	['an instant with an offset', '2026-11-30T00:30:00+01:00', '2026-11-30', '2026-11-23'],
	[
		'an instant with an offset without colon',
		'2026-11-30T05:30:00+0600',
		'2026-11-30',
		'2026-11-23',
	],
	['a date', '2026-11-29', '2026-11-23', '2026-11-23'],
	[
		'a time without an offset (the wall clock as written)',
		'2026-11-30T00:30:00',
		'2026-11-30',
		'2026-11-30',
	],
])("Week %s is read in the workflow's time zone", async (_, week, berlin, newYork) => {
	fixture.sandbox.reset(pages(1));
	for (const [timezone, expected] of [
		['Europe/Berlin', berlin],
		['America/New_York', newYork],
	]) {
		const result = await fixture.run(digest({ week }), { workflowSettings: { timezone } });
		expect(result.error).toBeUndefined();
		expect([timezone, result.items[0].json.week]).toEqual([timezone, expected]);
	}
});

// ------------------------------------------------------------- each parameter read once per item

/** Digest with every parameter it reads an expression of the item's JSON. */
const everyParameterAnExpression = (combineSites) =>
	digest({
		project: byName('={{ $json.site }}'),
		week: '={{ $json.week }}',
		history: '={{ $json.history }}',
		auditSummary: '={{ $json.audit }}',
		options: { senderName: '={{ $json.sender }}', combineSites },
	});

const inputItem = (site) => ({ site, week: '2026-11-30', history: [], audit: '', sender: 'Acme' });

test('each parameter is read once per item: Project, Week, History, Audit Summary and Options', async () => {
	fixture.sandbox.reset(pages(3));
	let result;
	const counts = await evaluatedByTheNode(async () => {
		result = await fixture.run(everyParameterAnExpression(false), { items: [inputItem(SITE)] });
	});
	expect(result.error).toBeUndefined();
	expect(result.items[0].json.html).toContain('Acme');
	expect(counts).toEqual({
		'={{ $json.site }}': 1,
		'={{ $json.week }}': 1,
		'={{ $json.history }}': 1,
		'={{ $json.audit }}': 1,
		'={{ $json.sender }}': 1,
	});
});

test("Combine Sites reads each other item's Project, History and Audit Summary once, through n8n", async () => {
	fixture.sandbox.reset([...pages(3), ...pages(2, OTHER)]);
	let result;
	const counts = await evaluatedByTheNode(async () => {
		result = await fixture.run(everyParameterAnExpression(true), {
			items: [inputItem(SITE), inputItem(OTHER), inputItem(SITE)],
		});
	});
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => item.json.projects)).toEqual([[OTHER, SITE]]);
	expect(counts).toEqual({
		// the first item's run reads every item's Project, and the History and Audit Summary of each
		// site once (the third item names the first one's site)
		'={{ $json.site }}': 3,
		'={{ $json.history }}': 2,
		'={{ $json.audit }}': 2,
		// the digest's week: the first item's
		'={{ $json.week }}': 1,
		// every item's Options, read by its routing (the others output nothing)
		'={{ $json.sender }}': 3,
	});
});
