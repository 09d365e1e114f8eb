// The node behind n8n's MCP Server Trigger, in-process: the trigger calls the node type's own
// execute() (test/helpers/as-tool.js builds the tool with n8n-core's createNodeAsTool and
// makeHandleToolInvocation, as the trigger gets it). n8n gives a declarative node with `methods`
// that execute() only when its description has requestDefaults (the harness applies n8n's rule:
// test/helpers/node-types.js); without it every call answers the text "undefined" and nothing is
// sent (issue 17). The e2e suite checks the same inside real n8n with an MCP client (test/e2e/lib/mcp.js).
const { asTool, callAsMcpTrigger } = require('../helpers/as-tool');
const { meetsRoutingExecuteRule } = require('../helpers/node-types');
const { useFixture, apiGet, get, del, form, API_KEY } = require('./fixture');
const { PhpRank } = require('../helpers/built').node;
const { PhpRankApi } = require('../helpers/built').credential;
const { simplifyReport } = require('../helpers/built').simplify;

const fixture = useFixture({ seed: 'demo', site: 'demo' });
beforeEach(() => {
	fixture.sandbox.reset('demo');
	fixture.sandbox.clearRequests();
});

const fromAI = (key, description, type) =>
	`={{ /*n8n-auto-generated-fromAI-override*/ $fromAI('${key}', \`${description}\`, '${type}') }}`;
const reportIdFromAI = (type = 'number') => ({
	__rl: true,
	mode: 'id',
	value: fromAI('Report_ID', 'The report ID, a whole number', type),
});

function tool(parameters, { nodeType = new PhpRank(), nodeName = 'Get report', typeVersion } = {}) {
	return asTool({
		nodeType,
		credentialType: new PhpRankApi(),
		credentials: { baseUrl: fixture.sandbox.url, apiKey: API_KEY },
		parameters,
		nodeName,
		typeVersion,
	}).tool;
}

/** A PhpRank whose description lacks requestDefaults: what the node was before issue 17. */
function withoutRequestDefaults() {
	const nodeType = new PhpRank();
	const { requestDefaults, ...description } = nodeType.description;
	expect(requestDefaults).toBeDefined();
	nodeType.description = description;
	return nodeType;
}

describe("n8n's rule for a declarative node's execute()", () => {
	test('the node meets it (it has methods, and its description has requestDefaults)', () => {
		const nodeType = new PhpRank();
		expect(nodeType.methods).toBeDefined();
		// No baseURL expression: the credential sets the API root (docs/internals.md, "n8n's contract").
		expect(nodeType.description.requestDefaults).toEqual({
			headers: { Accept: 'application/json' },
		});
		expect(meetsRoutingExecuteRule(nodeType)).toBe(true);
		expect(meetsRoutingExecuteRule(withoutRequestDefaults())).toBe(false);
	});

	test('the loaded node type has execute(); without requestDefaults it has none', () => {
		const get = { resource: 'report', operation: 'get', reportId: reportIdFromAI() };
		const built = asTool({
			nodeType: new PhpRank(),
			credentialType: new PhpRankApi(),
			credentials: { baseUrl: 'http://127.0.0.1:9', apiKey: API_KEY },
			parameters: get,
		});
		expect(typeof built.nodeType.execute).toBe('function');
		const before = asTool({
			nodeType: withoutRequestDefaults(),
			credentialType: new PhpRankApi(),
			credentials: { baseUrl: 'http://127.0.0.1:9', apiKey: API_KEY },
			parameters: get,
		});
		expect(before.nodeType.execute).toBeUndefined();
	});
});

describe('a tool call as the MCP Server Trigger makes it', () => {
	test('Get: the report, Simplified, exactly; one GET', async () => {
		const expected = simplifyReport((await apiGet(fixture.sandbox, '/reports/3')).data);
		const t = tool({ resource: 'report', operation: 'get', reportId: reportIdFromAI() });
		expect(t.name).toBe('Get_report');
		expect(Object.keys(t.schema.shape)).toEqual(['Report_ID']);
		const answer = await callAsMcpTrigger(t, { Report_ID: 3 });
		expect(answer.isError).toBeUndefined();
		expect(JSON.parse(answer.text)).toEqual([expected]);
		expect(fixture.takeRequests()).toEqual([get('/api/v1/reports/3')]);
	});

	test('without requestDefaults the call answers "undefined", unflagged, and sends nothing', async () => {
		const t = tool(
			{ resource: 'report', operation: 'get', reportId: reportIdFromAI() },
			{ nodeType: withoutRequestDefaults() },
		);
		expect(await callAsMcpTrigger(t, { Report_ID: 3 })).toEqual({ text: 'undefined' });
		expect(fixture.takeRequests()).toEqual([]);
	});

	test('an ID given as "42" or 42 reaches phpRank as /reports/42 (the node reads both)', async () => {
		const asString = tool({
			resource: 'report',
			operation: 'delete',
			reportId: reportIdFromAI('string'),
		});
		const asNumber = tool({ resource: 'report', operation: 'delete', reportId: reportIdFromAI() });
		expect(JSON.parse((await callAsMcpTrigger(asString, { Report_ID: ' 4 ' })).text)).toEqual([
			{ id: 4, deleted: true },
		]);
		expect(JSON.parse((await callAsMcpTrigger(asNumber, { Report_ID: 5 })).text)).toEqual([
			{ id: 5, deleted: true },
		]);
		expect(fixture.takeRequests()).toEqual([del('/api/v1/reports/4'), del('/api/v1/reports/5')]);
	});

	test("a report that does not exist: flagged as an error, the node's sentence", async () => {
		const t = tool({ resource: 'report', operation: 'get', reportId: reportIdFromAI() });
		const answer = await callAsMcpTrigger(t, { Report_ID: 999 });
		expect(answer.isError).toBe(true);
		expect(answer.text.split('\n')[0]).toBe(
			'NodeOperationError: Report 999 not found: check the Report ID (it may have been deleted)',
		);
		expect(fixture.takeRequests()).toEqual([get('/api/v1/reports/999')]);
	});

	test.each([
		[
			'a relative URL',
			{ resource: 'report', operation: 'create', url: fromAI('URL', 'page', 'string') },
			{ URL: '/shop' },
			'URL must be a full web address starting with http:// or https://, like https://example.com/page (got "/shop")',
		],
		[
			'a limit of 0',
			{ resource: 'report', operation: 'getAll', limit: fromAI('Limit', 'how many', 'number') },
			{ Limit: 0 },
			'Limit must be a whole number of 1 or more, like 50 (got 0)',
		],
		[
			'an unknown privacy value on Create',
			{
				resource: 'report',
				operation: 'create',
				url: 'https://a.test/',
				privacy: fromAI('Privacy', 'privacy', 'string'),
			},
			{ Privacy: 'secret' },
			'Privacy must be 0 (Public), 1 (Private) or 2 (Password), or one of those names (got "secret")',
		],
		[
			'an unknown privacy value on Update',
			{
				resource: 'report',
				operation: 'update',
				reportId: { __rl: true, mode: 'id', value: '3' },
				privacy: fromAI('Privacy', 'privacy', 'string'),
			},
			{ Privacy: 'hidden' },
			'Privacy must be 0 (Public), 1 (Private) or 2 (Password), or one of those names (got "hidden")',
		],
	])("a model's mistake, %s: refused before any request", async (_, parameters, args, message) => {
		const answer = await callAsMcpTrigger(tool(parameters, { nodeName: 'Tool' }), args);
		expect(answer.isError).toBe(true);
		expect(answer.text.split('\n')[0]).toBe(`NodeOperationError: ${message}`);
		expect(fixture.takeRequests()).toEqual([]);
	});

	test('privacy by name: Create sends privacy=0, Update privacy=1, Keep Current none', async () => {
		const create = tool({
			resource: 'report',
			operation: 'create',
			url: 'https://a.test/page',
			privacy: fromAI('Privacy', 'privacy', 'string'),
		});
		expect((await callAsMcpTrigger(create, { Privacy: 'Public' })).isError).toBeUndefined();
		const updateKeep = tool({
			resource: 'report',
			operation: 'update',
			reportId: { __rl: true, mode: 'id', value: '3' },
			privacy: fromAI('Privacy', 'privacy', 'string'),
		});
		expect((await callAsMcpTrigger(updateKeep, { Privacy: 'private' })).isError).toBeUndefined();
		expect((await callAsMcpTrigger(updateKeep, { Privacy: 'keep' })).isError).toBeUndefined();
		const requests = fixture.takeRequests();
		expect(requests).toEqual([
			form('POST', '/api/v1/reports', 'url=https%3A%2F%2Fa.test%2Fpage&privacy=0'),
			form('PATCH', '/api/v1/reports/3', 'privacy=1&results=0'),
			form('PATCH', '/api/v1/reports/3', 'results=0'),
		]);
	});
});

describe('examples/mcp-server.json, each tool as the MCP Server Trigger builds it from the example', () => {
	const example = JSON.parse(
		require('node:fs').readFileSync(
			require('node:path').join(__dirname, '..', '..', 'examples', 'mcp-server.json'),
			'utf8',
		),
	);
	const toolNode = (name) => example.nodes.find((n) => n.name === name);
	/** The example's tool as saved: its parameters and its node version. */
	const exampleTool = (name) =>
		tool(toolNode(name).parameters, { nodeName: name, typeVersion: toolNode(name).typeVersion });
	const CALLS = [
		['Get report', { Report_ID: 3 }, [get('/api/v1/reports/3')]],
		[
			'List reports',
			{ Limit: 2, Project: 'northwind-coffee.com' },
			[get('/api/v1/reports', { project: 'northwind-coffee.com', per_page: '10', page: '1' })],
		],
		[
			'Create report',
			{ URL: 'https://a.test/new', Privacy: 'public' },
			[form('POST', '/api/v1/reports', 'url=https%3A%2F%2Fa.test%2Fnew&privacy=0')],
		],
		[
			'Update report',
			{ Report_ID: 2, Privacy: 'keep', Re_run: true },
			[form('PATCH', '/api/v1/reports/2', 'results=1')],
		],
		['Delete report', { Report_ID: 5 }, [del('/api/v1/reports/5')]],
		[
			'Get site issues',
			{ Project: 'northwind-coffee.com' },
			[
				get('/api/v1/reports', {
					project: 'northwind-coffee.com',
					sort_by: 'id',
					sort: 'desc',
					per_page: '100',
					page: '1',
				}),
			],
		],
	];

	test('every phpRank tool of the example is one of these calls or Create or re-run report', () => {
		const names = example.nodes
			.filter((n) => n.type === 'n8n-nodes-phprank.phpRankTool')
			.map((n) => n.name);
		expect(names.sort()).toEqual(
			[
				...CALLS.map(([n]) => n),
				'Create or re-run report',
				'Validate fix',
				'List site pages',
				'Digest site',
			].sort(),
		);
	});

	test.each(CALLS)('%s: its arguments, one call, exact requests', async (name, args, requests) => {
		const t = exampleTool(name);
		expect(t.name).toBe(name.replace(/ /g, '_'));
		// the tool description is a parameter of n8n's tool variant (phpRankTool), which the harness
		// does not build; the e2e suite checks it in real n8n (test/e2e/lib/mcp.js)
		expect(Object.keys(t.schema.shape).sort()).toEqual(Object.keys(args).sort());
		const answer = await callAsMcpTrigger(t, args);
		expect(answer.isError).toBeUndefined();
		expect(Array.isArray(JSON.parse(answer.text))).toBe(true);
		expect(fixture.takeRequests()).toEqual(requests);
	});

	test("List site pages: the site's pages from its sitemaps (List Only), nothing sent to phpRank, no key sent to the site", async () => {
		const t = exampleTool('List site pages');
		expect(t.name).toBe('List_site_pages');
		expect(Object.keys(t.schema.shape)).toEqual(['Site']);
		const site = fixture.sandbox.url;
		const answer = await callAsMcpTrigger(t, { Site: site });
		expect(answer.isError).toBeUndefined();
		expect(JSON.parse(answer.text).map((page) => page.url)).toEqual([
			`${site}/`,
			`${site}/about`,
			`${site}/contact`,
			`${site}/blog/first-post`,
			`${site}/blog/second-post`,
		]);
		const siteFile = (path) => ({
			method: 'GET',
			path,
			query: {},
			headers: {
				authorization: undefined,
				accept: 'application/xml, text/xml;q=0.9, text/plain;q=0.8, */*;q=0.5',
				'content-type': undefined,
			},
			body: '',
		});
		expect(fixture.takeRequests()).toEqual(
			['/robots.txt', '/sitemap_index.xml', '/sitemap-pages.xml', '/sitemap-posts.xml.gz'].map(
				siteFile,
			),
		);
	});

	test('Get site issues: the answer for a 1,000-page site (Pages per Issue 3) stays under 16 kB', async () => {
		const urls = Array.from({ length: 1000 }, (_, i) => ({
			url: `https://big-site.test/section-${i % 20}/page-${i}`,
			score: (i * 37) % 101,
		}));
		fixture.sandbox.reset(urls);
		try {
			const t = exampleTool('Get site issues');
			const answer = await callAsMcpTrigger(t, { Project: 'big-site.test' });
			expect(answer.isError).toBeUndefined();
			const issues = JSON.parse(answer.text);
			expect(issues.length).toBeGreaterThan(15);
			expect(issues.every((issue) => issue.importance !== 'low')).toBe(true);
			expect(issues.every((issue) => issue.pages_audited === 1000)).toBe(true);
			expect(Buffer.byteLength(answer.text)).toBeLessThan(16 * 1024);
			expect(fixture.takeRequests()).toHaveLength(10);
		} finally {
			fixture.sandbox.reset('demo');
		}
	});

	test('Digest site: "how did example.com do this week?": Get site issues\' requests, one entry of subject and text, under 16 kB for a 1,000-page site', async () => {
		const urls = Array.from({ length: 1000 }, (_, i) => ({
			url: `https://big-site.test/section-${i % 20}/page-${i}`,
			score: (i * 37) % 101,
		}));
		fixture.sandbox.reset(urls);
		try {
			await callAsMcpTrigger(exampleTool('Get site issues'), { Project: 'big-site.test' });
			const issuesRequests = fixture.takeRequests();
			expect(issuesRequests).toHaveLength(10);
			const t = exampleTool('Digest site');
			expect(t.name).toBe('Digest_site');
			expect(Object.keys(t.schema.shape)).toEqual(['Project']);
			const answer = await callAsMcpTrigger(t, { Project: 'big-site.test' });
			expect(answer.isError).toBeUndefined();
			expect(fixture.takeRequests()).toEqual(issuesRequests);
			const [digest, ...more] = JSON.parse(answer.text);
			expect(more).toEqual([]);
			expect(Object.keys(digest)).toEqual(['project', 'week', 'subject', 'text']);
			expect(digest.subject).toMatch(/^big-site\.test: health \d+, first week$/);
			expect(digest.text).toContain('What to fix first (');
			expect(digest.text).toContain('How to fix: ');
			expect(Buffer.byteLength(answer.text)).toBeLessThan(16 * 1024);
		} finally {
			fixture.sandbox.reset('demo');
		}
	});

	test('Validate fix: the check by key or name, one read of the site, then the re-runs; for 1,000 pages with 250 failing the answer stays under 16 kB', async () => {
		const listing = (page) =>
			get('/api/v1/reports', {
				project: 'big-site.test',
				sort_by: 'id',
				sort: 'desc',
				per_page: '100',
				page: String(page),
			});
		// every 4th page plain http: 250 pages fail HTTPS Encryption until the site owner repairs it
		const urls = Array.from({ length: 1000 }, (_, i) => ({
			url: `${i % 4 === 3 ? 'http' : 'https'}://big-site.test/section-${i % 20}/page-${i}`,
		}));
		fixture.sandbox.reset(urls);
		try {
			const t = exampleTool('Validate fix');
			expect(t.name).toBe('Validate_fix');
			expect(Object.keys(t.schema.shape).sort()).toEqual(['Check', 'Check_all_pages', 'Project']);
			const failed = await callAsMcpTrigger(t, {
				Project: 'big-site.test',
				Check: 'HTTPS Encryption',
				Check_all_pages: false,
			});
			expect(failed.isError).toBeUndefined();
			expect(JSON.parse(failed.text)).toEqual([
				expect.objectContaining({
					validation: 'failed',
					pages_failing_before: 250,
					pages_rechecked: 1,
				}),
			]);
			const pages = Array.from({ length: 10 }, (_, i) => listing(i + 1));
			expect(fixture.takeRequests()).toEqual([
				...pages,
				form('PATCH', '/api/v1/reports/1000', 'results=1'),
			]);
			fixture.sandbox.repair({ checks: 'https_encryption', project: 'big-site.test' });
			const passed = await callAsMcpTrigger(t, {
				Project: 'big-site.test',
				Check: 'https_encryption',
				Check_all_pages: true,
			});
			const [answer] = JSON.parse(passed.text);
			expect(answer).toMatchObject({
				validation: 'passed',
				pages_fixed: 250,
				pages_not_checked: 0,
			});
			expect(answer.pages).toHaveLength(5);
			expect(Buffer.byteLength(passed.text)).toBeLessThan(16 * 1024);
			expect(fixture.takeRequests()).toHaveLength(10 + 250);
		} finally {
			fixture.sandbox.reset('demo');
		}
	});
});
