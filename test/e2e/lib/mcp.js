'use strict';
/**
 * The node behind n8n's MCP Server Trigger, in real n8n, called by the official MCP client
 * (@modelcontextprotocol/sdk, a pinned dev dependency) as Claude Desktop or an agent would call it.
 *
 * Workflows: examples/mcp-server.json as it ships (MCP Server Trigger at /mcp/phprank, Bearer
 * authentication, the eight phpRank tools with their tool descriptions and $fromAI arguments), and a
 * copy at /mcp/phprank-wrong-key whose tools use the wrong-key credential. Both are activated before
 * `n8n start` (lib/line.js); the trigger then serves POST /mcp/<path> (Streamable HTTP) and
 * GET /mcp/<path> (SSE).
 *
 * Checked in each n8n line, over both transports: listTools shows each tool's name, description and
 * arguments as the example gives them; callTool of each tool answers exactly what the sandbox holds
 * (read from the sandbox's own API and store) after exactly the requests the node sends from the
 * editor; a missing report, a wrong API key and a model's mistake answer `isError: true` with the
 * node's sentence; a 429 with Retry-After waits and then answers. Then the trigger's Bearer
 * authentication (a wrong or missing token refused, the right one works) and 10 calls at once from
 * separate clients through a throttled sandbox (all correct, no duplicate, phpRank's limit kept).
 *
 * Also, in a child process run by the line's own Node: the built node loaded through that line's n8n
 * node-loading code (its NodeTypes and `shouldAssignExecuteMethod`), which must give it an execute()
 * (and none to a copy without requestDefaults).
 */
const fs = require('node:fs');
const path = require('node:path');
const { execFile } = require('node:child_process');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const {
	StreamableHTTPClientTransport,
} = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
const { SSEClientTransport } = require('@modelcontextprotocol/sdk/client/sse.js');
const { takeRequests, sent } = require('./oracle');
const { KEY, WRONG_KEY, headers } = require('./specs');
const { expectedIssues } = require('../../helpers/site-issues-oracle');

const ROOT = path.join(__dirname, '..', '..', '..');
const EXAMPLE = 'mcp-server.json';
const MCP_PATH = 'phprank';
const WRONG_KEY_PATH = 'phprank-wrong-key';
const TOKEN = 'mcp-token-e2e-4c9a71';
const BEARER_CREDENTIAL = { id: 'phprank-mcp-token', name: 'phpRank MCP token' };
const FORM = 'application/x-www-form-urlencoded';
/** The sandbox's throttle for the 10 concurrent calls: 6 requests per 2 s window. */
const THROTTLE = { limit: 6, windowMs: 2000 };

function example() {
	return JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', EXAMPLE), 'utf8'));
}

/** The Bearer credential of the example's trigger (n8n's httpBearerAuth). */
function bearerCredential() {
	return { ...BEARER_CREDENTIAL, type: 'httpBearerAuth', data: { token: TOKEN } };
}

/** The example as it ships, and a copy whose tools use the wrong-key credential, at its own path. */
function workflows() {
	const shipped = example();
	const wrong = example();
	wrong.id = 'e2eMcpWrongKey';
	wrong.name = 'e2e: MCP tools with a wrong phpRank key';
	for (const node of wrong.nodes) {
		if (node.type.endsWith('.mcpTrigger')) {
			node.parameters.path = WRONG_KEY_PATH;
			node.webhookId = '6f0d2c4e-91a7-4b38-b5e2-3c8d7a1f0e56';
		}
		if (node.credentials?.phpRankApi)
			node.credentials.phpRankApi = { id: 'phprank-wrong-key', name: 'phpRank wrong key' };
	}
	return [shipped, wrong];
}

/** n8n 1.x has no `mcp-registry` module (it refuses the name); 2.x calls out to n8n's servers without this. */
function editorEnv(n8n) {
	return n8n.major === 1 ? {} : { N8N_DISABLED_MODULES: 'mcp-registry' };
}

/** What each tool of the example must look like to a client: name, description, arguments. */
function expectedTools(workflow) {
	const tools = [];
	for (const node of workflow.nodes) {
		if (!node.type.endsWith('.phpRankTool')) continue;
		const properties = {};
		const text = JSON.stringify(node.parameters);
		const re = /\$fromAI\('([^']+)', `([^`]*)`, '([a-z]+)'\)/g;
		for (let m = re.exec(text); m; m = re.exec(text)) {
			properties[m[1]] = { type: m[3], description: JSON.parse(`"${m[2]}"`) };
		}
		tools.push({
			name: node.name.replace(/[^a-zA-Z0-9_-]+/g, '_'),
			description: node.parameters.toolDescription,
			properties,
			required: Object.keys(properties).sort(),
		});
	}
	return tools.sort((a, b) => a.name.localeCompare(b.name));
}

/** A connected MCP client over one transport ('http' = Streamable HTTP, 'sse'). */
/** `token: null` sends no Authorization header. */
async function connect(base, transport, { token = TOKEN, mcpPath = MCP_PATH } = {}) {
	const url = new URL(`${base}/mcp/${mcpPath}`);
	const requestInit = token === null ? {} : { headers: { Authorization: `Bearer ${token}` } };
	const client = new Client({ name: 'phprank-e2e', version: '1.0.0' });
	const t =
		transport === 'sse'
			? new SSEClientTransport(url, { requestInit })
			: new StreamableHTTPClientTransport(url, { requestInit });
	await client.connect(t);
	return client;
}

/** Waits until the trigger's path serves (it answers 404 for a few seconds after n8n is up). */
async function waitForTrigger(base, timeoutMs = 60000) {
	const deadline = Date.now() + timeoutMs;
	let last;
	for (;;) {
		try {
			const client = await connect(base, 'http');
			await client.close();
			return;
		} catch (error) {
			last = error;
		}
		if (Date.now() > deadline)
			throw new Error(`/mcp/${MCP_PATH} did not serve within ${timeoutMs} ms: ${last?.message}`);
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

/** A tool result as the client sees it: {isError, text, json (parsed, when it is JSON)}. */
function seen(result) {
	const text = (result.content || []).map((c) => c.text ?? '').join('');
	let json;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return { isError: result.isError === true, text, json };
}

async function apiGet(sandbox, p) {
	const res = await fetch(`${sandbox.url}/api/v1${p}`, {
		headers: { Authorization: `Bearer ${KEY}`, Accept: 'application/json' },
	});
	return await res.json();
}

const get = (p, query = {}, key = KEY) => ({
	method: 'GET',
	path: p,
	query,
	headers: headers(undefined, key),
	body: '',
});
const form = (method, p, body) => ({ method, path: p, query: {}, headers: headers(FORM), body });

/**
 * The prefix n8n's MCP Server Trigger puts before a tool's error: 2.x `<error class>: `
 * (its MessageFormatter), 1.x `Error: `; both flag the result `isError`.
 */
function errorPrefix(n8n) {
	return n8n.major === 1 ? 'Error: ' : 'NodeOperationError: ';
}

/**
 * The tool Validate_fix (issue 34) on a site of 3 plain http pages: not fixed, one read and one
 * re-run, `failed`; after the sandbox repairs HTTPS on the site, with Check_all_pages, `passed`.
 */
async function checkValidateFixTool({ sandbox, report, via, call, pkgReport }) {
	const site = 'plain-http-mcp.test';
	const ids = [1, 2, 3].map((i) => sandbox.addReport({ url: `http://${site}/p${i}` }).id).reverse();
	sandbox.clearRequests();
	const read = get('/api/v1/reports', {
		project: site,
		sort_by: 'id',
		sort: 'desc',
		per_page: '100',
		page: '1',
	});
	const rerun = (id) => form('PATCH', `/api/v1/reports/${id}`, 'results=1');
	const { checkReason } = require(path.join(pkgReport, 'checkReasons.js'));
	const counts = (fixed, still) => ({
		project: site,
		check: 'https_encryption',
		name: 'HTTPS Encryption',
		importance: 'high',
		reason: null,
		pages_failing_before: 3,
		pages_rechecked: fixed + still,
		pages_fixed: fixed,
		pages_still_failing: still,
		pages_not_checked: 0,
	});
	let r = await call('Validate_fix', {
		Project: site,
		Check: 'HTTPS Encryption',
		Check_all_pages: false,
	});
	let requests = takeRequests(sandbox);
	const newest = sandbox.reports().find((x) => x.id === ids[0]);
	const why = checkReason('https_encryption', newest.results.https_encryption);
	report.equal(
		`${via}: Validate_fix {Project, Check by name, Check_all_pages false}, not fixed: one read and one re-run, "failed" at the first page`,
		{ isError: r.isError, json: r.json, sent: sent(requests) },
		{
			isError: false,
			json: [
				{
					...counts(0, 1),
					validation: 'failed',
					reason: `1 page still fails HTTPS Encryption when re-run, so the validation stopped (2 pages not re-run). ${site}/p3: ${why}`,
					pages: [{ id: ids[0], url: `${site}/p3`, fixed: false, reason: why }],
				},
			],
			sent: [read, rerun(ids[0])],
		},
	);
	sandbox.repair({ checks: 'https_encryption', project: site });
	r = await call('Validate_fix', {
		Project: site,
		Check: 'https_encryption',
		Check_all_pages: true,
	});
	requests = takeRequests(sandbox);
	report.equal(
		`${via}: Validate_fix after the sandbox repaired HTTPS on the site: one read, the 3 re-runs newest first, "passed"`,
		{ isError: r.isError, json: r.json, sent: sent(requests) },
		{
			isError: false,
			json: [
				{
					...counts(3, 0),
					validation: 'passed',
					pages: ids.map((id) => ({
						id,
						url: `${site}/p${id - ids[2] + 1}`,
						fixed: true,
						reason: null,
					})),
				},
			],
			sent: [read, ...ids.map(rerun)],
		},
	);
}

/**
 * @param {object} o
 * @param {object} o.ctx      the line's user folder (rn.createUserFolder), its editor running
 * @param {object} o.sandbox  the line's sandbox (the example's credential points at it)
 * @param {object} o.report
 * @param {string} o.tag
 * @param {object} o.pkg      loadPackage(tarball)
 * @param {function} o.seed   seedE2e
 */
async function checkMcp({ ctx, sandbox, report, tag, pkg, seed }) {
	const base = ctx.editor.probeBase;
	const n8n = ctx.n8n;
	const name = `${tag} MCP (examples/${EXAMPLE})`;
	const pkgReport = path.join(pkg.dir, 'dist', 'nodes', 'PhpRank', 'report');
	const { simplifyReport } = require(path.join(pkgReport, 'simplify.js'));
	const t0 = Date.now();
	await waitForTrigger(base);
	report.time(`${name}: /mcp/${MCP_PATH} serves after n8n start`, Date.now() - t0);

	const expected = expectedTools(example());
	for (const transport of ['http', 'sse']) {
		const via = `${name} over ${transport === 'sse' ? 'SSE (GET' : 'Streamable HTTP (POST'} /mcp/${MCP_PATH})`;
		seed(sandbox);
		sandbox.clearRequests();
		const client = await connect(base, transport);
		try {
			// listTools: what the model is offered
			const listed = (await client.listTools()).tools
				.map((t) => ({
					name: t.name,
					description: t.description,
					properties: Object.fromEntries(
						Object.entries(t.inputSchema?.properties || {}).map(([k, v]) => [
							k,
							{ type: v.type, description: v.description },
						]),
					),
					required: [...(t.inputSchema?.required || [])].sort(),
				}))
				.sort((a, b) => a.name.localeCompare(b.name));
			report.equal(
				`${via}: listTools shows the ${expected.length} phpRank tools with the example's descriptions and typed, described arguments`,
				listed,
				expected,
			);
			const call = async (tool, args) =>
				seen(await client.callTool({ name: tool, arguments: args }));

			// Get report
			let r = await call('Get_report', { Report_ID: 3 });
			let requests = takeRequests(sandbox);
			const three = (await apiGet(sandbox, '/reports/3')).data;
			sandbox.clearRequests();
			report.equal(
				`${via}: Get_report {Report_ID: 3} sends GET /api/v1/reports/3 and answers the Simplified report 3 as the sandbox holds it`,
				{ isError: r.isError, json: r.json, sent: sent(requests) },
				{ isError: false, json: [simplifyReport(three)], sent: [get('/api/v1/reports/3')] },
			);

			// List reports (Get Many with a limit and a project)
			r = await call('List_reports', { Limit: 3, Project: 'northwind-coffee.com' });
			requests = takeRequests(sandbox);
			const listedByApi = (
				await apiGet(sandbox, '/reports?project=northwind-coffee.com&per_page=10&page=1')
			).data.slice(0, 3);
			sandbox.clearRequests();
			const storeIds = sandbox
				.reports()
				.filter((x) => x.project === 'northwind-coffee.com' && !x.deleted_at)
				.map((x) => x.id)
				.sort((a, b) => b - a)
				.slice(0, 3);
			report.equal(
				`${via}: List_reports {Limit: 3, Project} sends one page request (per_page=10) and answers the project's 3 newest reports, Simplified`,
				{ isError: r.isError, json: r.json, ids: r.json?.map?.((x) => x.id), sent: sent(requests) },
				{
					isError: false,
					json: listedByApi.map(simplifyReport),
					ids: storeIds,
					sent: [
						get('/api/v1/reports', {
							project: 'northwind-coffee.com',
							per_page: '10',
							page: '1',
						}),
					],
				},
			);

			// Create report
			const page = `https://docs.tinycms.dev/mcp-${transport}`;
			const before = sandbox.reports().length;
			r = await call('Create_report', { URL: page, Privacy: 'private' });
			requests = takeRequests(sandbox);
			const created = sandbox
				.reports()
				.filter((x) => x.url === `docs.tinycms.dev/mcp-${transport}`);
			const createdApi = created[0] && (await apiGet(sandbox, `/reports/${created[0].id}`)).data;
			sandbox.clearRequests();
			report.equal(
				`${via}: Create_report {URL, Privacy: "private"} sends one POST (privacy=1), stores one private report, answers it`,
				{
					isError: r.isError,
					json: r.json,
					sent: sent(requests),
					stored: created.map((x) => x.privacy),
					added: sandbox.reports().length - before,
				},
				{
					isError: false,
					json: createdApi ? [simplifyReport(createdApi)] : 'stored report',
					sent: [form('POST', '/api/v1/reports', `url=${encodeURIComponent(page)}&privacy=1`)],
					stored: [1],
					added: 1,
				},
			);

			// Create or re-run report: the page has report 7
			r = await call('Create_or_re-run_report', { URL: 'https://www.northwind-coffee.com/shop' });
			requests = takeRequests(sandbox);
			const seven = (await apiGet(sandbox, '/reports/7')).data;
			sandbox.clearRequests();
			report.equal(
				`${via}: Create_or_re-run_report {URL} sends the lookup and PATCH /reports/7 results=1, answers the re-run report plus action "re-run"`,
				{ isError: r.isError, json: r.json, sent: sent(requests) },
				{
					isError: false,
					json: [{ ...simplifyReport(seven), action: 're-run' }],
					sent: [
						get('/api/v1/reports', {
							search_by: 'url',
							// the page's lookup term: its site, then the part of its path every spelling shares (report/storedUrl.ts)
							search: 'northwind-coffee.com%/shop',
							sort_by: 'id',
							sort: 'desc',
							per_page: '100',
							page: '1',
						}),
						form('PATCH', '/api/v1/reports/7', 'results=1'),
					],
				},
			);

			// Update report: privacy by name, no re-run
			r = await call('Update_report', { Report_ID: 2, Privacy: 'private', Re_run: false });
			requests = takeRequests(sandbox);
			const two = (await apiGet(sandbox, '/reports/2')).data;
			sandbox.clearRequests();
			report.equal(
				`${via}: Update_report {Report_ID: 2, Privacy: "private", Re_run: false} sends PATCH privacy=1&results=0, answers report 2 now private`,
				{ isError: r.isError, json: r.json, sent: sent(requests), privacy: two.privacy },
				{
					isError: false,
					json: [simplifyReport(two)],
					sent: [form('PATCH', '/api/v1/reports/2', 'privacy=1&results=0')],
					privacy: 1,
				},
			);

			// Delete report
			r = await call('Delete_report', { Report_ID: 4 });
			requests = takeRequests(sandbox);
			report.equal(
				`${via}: Delete_report {Report_ID: 4} sends DELETE /api/v1/reports/4, answers {id: 4, deleted: true}; the sandbox deleted it`,
				{
					isError: r.isError,
					json: r.json,
					sent: sent(requests),
					deleted: Boolean(sandbox.reports().find((x) => x.id === 4)?.deleted_at),
				},
				{
					isError: false,
					json: [{ id: 4, deleted: true }],
					sent: [{ ...get('/api/v1/reports/4'), method: 'DELETE' }],
					deleted: true,
				},
			);

			// Get site issues: the site's reports read once (one page of 100), its issues as the store says
			r = await call('Get_site_issues', { Project: 'northwind-coffee.com' });
			requests = takeRequests(sandbox);
			const issuesNode = example().nodes.find((n) => n.name === 'Get site issues');
			const issues = expectedIssues(
				sandbox.reports(),
				'northwind-coffee.com',
				{
					pagesPerIssue: issuesNode.parameters.pagesPerIssue,
					importance: issuesNode.parameters.importance,
				},
				{
					checkReason: require(path.join(pkgReport, 'checkReasons.js')).checkReason,
					CHECK_CATALOGUE: require(path.join(pkgReport, 'checkCatalogue.js')).CHECK_CATALOGUE,
					DEFAULT_PAGES_PER_ISSUE: require(path.join(pkgReport, '..', 'shared', 'fields.js'))
						.DEFAULT_PAGES_PER_ISSUE,
				},
			);
			report.equal(
				`${via}: Get_site_issues {Project} sends one read of the site's reports (newest first, 100) and answers its ${issues.length} issues as the sandbox's data gives them`,
				{ isError: r.isError, json: r.json, sent: sent(requests), any: issues.length > 0 },
				{
					isError: false,
					json: issues,
					sent: [
						get('/api/v1/reports', {
							project: 'northwind-coffee.com',
							sort_by: 'id',
							sort: 'desc',
							per_page: '100',
							page: '1',
						}),
					],
					any: true,
				},
			);

			// Validate fix: a site of 3 plain http pages (HTTPS fails until the sandbox repairs it)
			await report.guard(`${via}: Validate_fix: no unexpected error`, () =>
				checkValidateFixTool({ sandbox, report, via, call, pkgReport }),
			);

			// List site pages: the sandbox's demo site (robots.txt → index → plain and gzip sitemaps), List Only:
			// nothing sent to phpRank, the site's files asked for without the key
			r = await call('List_site_pages', { Site: sandbox.url });
			requests = takeRequests(sandbox);
			const siteFile = (p) => ({
				...get(p),
				headers: {
					authorization: undefined,
					accept: 'application/xml, text/xml;q=0.9, text/plain;q=0.8, */*;q=0.5',
					'content-type': undefined,
				},
			});
			report.equal(
				`${via}: List_site_pages {Site} answers the demo site's 5 pages from its sitemaps (an index, a plain and a gzip sitemap), reads only the site's files, without the key, and sends nothing to phpRank`,
				{ isError: r.isError, urls: (r.json ?? []).map((p) => p.url), sent: sent(requests) },
				{
					isError: false,
					urls: ['/', '/about', '/contact', '/blog/first-post', '/blog/second-post'].map(
						(p) => `${sandbox.url}${p}`,
					),
					sent: [
						'/robots.txt',
						'/sitemap_index.xml',
						'/sitemap-pages.xml',
						'/sitemap-posts.xml.gz',
					].map(siteFile),
				},
			);

			// errors as the client sees them
			r = await call('Get_report', { Report_ID: 999 });
			requests = takeRequests(sandbox);
			report.equal(
				`${via}: a report that does not exist: isError, "${errorPrefix(n8n)}Report 999 not found: check the Report ID …", one GET answered 404`,
				{
					isError: r.isError,
					first: r.text.split('\n')[0],
					statuses: requests.map((q) => q.status),
				},
				{
					isError: true,
					first: `${errorPrefix(n8n)}Report 999 not found: check the Report ID (it may have been deleted)`,
					statuses: [404],
				},
			);
			r = await call('Create_report', { URL: '/pricing', Privacy: 'private' });
			requests = takeRequests(sandbox);
			report.equal(
				`${via}: a relative URL: isError with the node's sentence (full address, like https://…), nothing sent`,
				{ isError: r.isError, first: r.text.split('\n')[0], sent: requests.length },
				{
					isError: true,
					first: `${errorPrefix(n8n)}URL must be a full web address starting with http:// or https://, like https://example.com/page (got "/pricing")`,
					sent: 0,
				},
			);
			r = await call('List_reports', { Limit: 0, Project: 'northwind-coffee.com' });
			requests = takeRequests(sandbox);
			report.equal(
				`${via}: a limit of 0: isError "Limit must be a whole number of 1 or more …", nothing sent`,
				{ isError: r.isError, first: r.text.split('\n')[0], sent: requests.length },
				{
					isError: true,
					first: `${errorPrefix(n8n)}Limit must be a whole number of 1 or more, like 50 (got 0)`,
					sent: 0,
				},
			);
			r = await call('Update_report', { Report_ID: 2, Privacy: 'hidden', Re_run: false });
			requests = takeRequests(sandbox);
			report.equal(
				`${via}: an unknown privacy value: isError naming the values allowed, nothing sent`,
				{ isError: r.isError, first: r.text.split('\n')[0], sent: requests.length },
				{
					isError: true,
					first: `${errorPrefix(n8n)}Privacy must be 0 (Public), 1 (Private) or 2 (Password), or one of those names (got "hidden")`,
					sent: 0,
				},
			);

			// an ID as text where the tool declares a number: n8n refuses it before the node runs
			r = await call('Get_report', { Report_ID: '3' });
			requests = takeRequests(sandbox);
			report.check(
				`${via}: Report_ID "3" (text, where the example declares a number) is refused by n8n's argument check before the node runs: isError, nothing sent ("${r.text.split('\n')[0].slice(0, 90)}")`,
				r.isError && requests.length === 0,
				r.text,
			);

			// a 429 with Retry-After: the node waits, then answers
			sandbox.failNext({
				status: 429,
				method: 'GET',
				path: '/api/v1/reports/3',
				headers: { 'Retry-After': '2' },
				body: { message: 'Too Many Attempts.' },
			});
			const waited = Date.now();
			r = await call('Get_report', { Report_ID: 3 });
			const ms = Date.now() - waited;
			requests = takeRequests(sandbox);
			report.equal(
				`${via}: a 429 with Retry-After: 2 is waited for (${ms} ms), then the report answers; two GETs, 429 then 200`,
				{
					isError: r.isError,
					json: r.json,
					statuses: requests.map((q) => q.status),
					sent: sent(requests),
					waited: ms >= 1000,
				},
				{
					isError: false,
					json: [simplifyReport(three)],
					statuses: [429, 200],
					sent: [get('/api/v1/reports/3'), get('/api/v1/reports/3')],
					waited: true,
				},
			);
		} finally {
			await client.close();
		}

		// the wrong API key (the copy's tools use the wrong-key credential)
		const wrong = await connect(base, transport, { mcpPath: WRONG_KEY_PATH });
		try {
			const r = seen(await wrong.callTool({ name: 'Get_report', arguments: { Report_ID: 3 } }));
			const requests = takeRequests(sandbox);
			report.equal(
				`${via}: a wrong phpRank API key: isError "${errorPrefix(n8n)}phpRank rejected the API key: check the API key …", one GET with that key, 401; the key not in the answer`,
				{
					isError: r.isError,
					first: r.text.split('\n')[0],
					sent: sent(requests),
					statuses: requests.map((q) => q.status),
					leaked: r.text.includes(WRONG_KEY) || r.text.includes(KEY),
				},
				{
					isError: true,
					first: `${errorPrefix(n8n)}phpRank rejected the API key: check the API key in the phpRank credential and that the Base URL is the site the key belongs to`,
					sent: [get('/api/v1/reports/3', {}, WRONG_KEY)],
					statuses: [401],
					leaked: false,
				},
			);
		} finally {
			await wrong.close();
		}
	}

	await checkBearer({ base, report, name });
	await checkConcurrent({ base, sandbox, report, name, seed, simplifyReport });
}

/** The trigger's Bearer authentication: a wrong or missing token is refused, the right one works. */
async function checkBearer({ base, report, name }) {
	for (const transport of ['http', 'sse']) {
		const refused = [];
		for (const token of ['not-the-token', null]) {
			try {
				const client = await connect(base, transport, { token });
				await client.close();
				refused.push('connected');
			} catch (error) {
				refused.push(error.code ?? error.message);
			}
		}
		const client = await connect(base, transport);
		const tools = (await client.listTools()).tools.length;
		await client.close();
		report.equal(
			`${name}: Bearer authentication over ${transport === 'sse' ? 'SSE' : 'Streamable HTTP'}: a wrong token and no token are refused (HTTP ${refused.join(', ')}), the right token lists the tools`,
			{ refused, tools },
			{ refused: [403, 403], tools: expectedTools(example()).length },
		);
	}
}

/** 10 calls at once from 10 separate clients through a throttled sandbox. */
async function checkConcurrent({ base, sandbox, report, name, seed, simplifyReport }) {
	seed(sandbox);
	sandbox.clearRequests();
	const pages = Array.from(
		{ length: 10 },
		(_, i) => `https://lumen-studio.design/mcp-${String(i + 1).padStart(2, '0')}`,
	);
	const clients = await Promise.all(pages.map(() => connect(base, 'http')));
	sandbox.setFaults({ throttle: THROTTLE });
	const t = Date.now();
	let results;
	try {
		results = await Promise.all(
			clients.map(async (client, i) =>
				seen(
					await client.callTool({
						name: 'Create_or_re-run_report',
						arguments: { URL: pages[i] },
					}),
				),
			),
		);
	} finally {
		sandbox.setFaults({});
		await Promise.all(clients.map((c) => c.close()));
	}
	const ms = Date.now() - t;
	const requests = takeRequests(sandbox);
	const accepted = requests.filter((q) => q.status !== 429);
	const stored = pages.map((p) => sandbox.createdCount(p));
	const expected = [];
	for (const p of pages) {
		const record = sandbox
			.reports()
			.find((x) => x.url === p.replace('https://', '') && !x.deleted_at);
		expected.push(
			record
				? [
						{
							...simplifyReport((await apiGet(sandbox, `/reports/${record.id}`)).data),
							action: 'created',
						},
					]
				: 'stored',
		);
	}
	sandbox.clearRequests();
	report.equal(
		`${name}: 10 Create_or_re-run_report calls at once from 10 clients, sandbox throttled at ${THROTTLE.limit} per ${THROTTLE.windowMs / 1000} s: all answer their created report (${ms} ms, ${requests.length - accepted.length} answers 429), each page stored once, 30 requests accepted (a lookup, a POST and the read after it, Check for a Parallel Create, per page)`,
		{
			errors: results.filter((r) => r.isError).map((r) => r.text.slice(0, 200)),
			answers: results.map((r) => r.json),
			stored,
			accepted: accepted.length,
			posts: accepted
				.filter((q) => q.method === 'POST')
				.map((q) => q.body)
				.sort(),
		},
		{
			errors: [],
			answers: expected,
			stored: pages.map(() => 1),
			accepted: 30,
			posts: pages.map((p) => `url=${encodeURIComponent(p)}&privacy=1`).sort(),
		},
	);
	// phpRank's throttle is the sandbox's; the node's part is to wait for it without hammering: at most
	// 11 answers 429 per window waited for (the bound of lib/queue.js, THROTTLE.max429PerWorkerPerWindow:
	// the gate's requests in flight, then its probes; all executions of one n8n process share one gate)
	const windowsWaited = Math.ceil(30 / THROTTLE.limit) - 1;
	const rejected = requests.length - accepted.length;
	report.check(
		`${name}: the 10 concurrent calls drew ${rejected} answers 429, at most 11 per window waited for (${windowsWaited} windows: ≤ ${11 * windowsWaited})`,
		rejected <= 11 * windowsWaited,
		JSON.stringify(requests.map((q) => [q.method, q.status])),
	);
}

/**
 * Loads the installed package's node through the line's own n8n (its NodeTypes, with
 * `shouldAssignExecuteMethod` from its `utils`), in a child process run by the line's Node, and
 * reports whether it got an execute(): as installed, and for a copy without requestDefaults.
 */
function loaderCheck(ctx) {
	const n8nDir = path.join(ctx.n8n.dir, 'node_modules', 'n8n');
	const nodeFile = path.join(
		ctx.n8nFolder,
		'nodes',
		'node_modules',
		'n8n-nodes-phprank',
		'dist',
		'nodes',
		'PhpRank',
		'PhpRank.node.js',
	);
	const script = `
const path = require('node:path');
const n8nDir = ${JSON.stringify(n8nDir)};
const { NodeTypes } = require(path.join(n8nDir, 'dist', 'node-types.js'));
const { shouldAssignExecuteMethod } = require(path.join(n8nDir, 'dist', 'utils.js'));
const { PhpRank } = require(${JSON.stringify(nodeFile)});
function load(nodeType) {
	const loaded = {};
	const registry = {
		loadedNodes: loaded,
		knownNodes: {},
		recognizesNode: (name) => name === 'n8n-nodes-phprank.phpRank',
		getNode: (name) => ({ type: nodeType, sourcePath: ${JSON.stringify(nodeFile)} }),
	};
	// n8n 2.x: NodeTypes(logger, loadNodesAndCredentials); 1.x: NodeTypes(loadNodesAndCredentials)
	const logger = { debug() {}, warn() {}, error() {}, info() {} };
	const types = NodeTypes.length >= 2 ? new NodeTypes(logger, registry) : new NodeTypes(registry);
	// the rule before loading: once loaded, the node has its execute() and the rule no longer applies
	const rule = shouldAssignExecuteMethod(nodeType);
	const plain = types.getByNameAndVersion('n8n-nodes-phprank.phpRank', 1);
	return { rule, execute: typeof plain.execute };
}
const installed = load(new PhpRank());
const without = new PhpRank();
delete without.description.requestDefaults;
const before = load(without);
process.stdout.write(JSON.stringify({ installed, before }));
`;
	return new Promise((resolve) => {
		execFile(
			ctx.n8n.nodeBin,
			['-e', script],
			{
				cwd: n8nDir,
				timeout: 120000,
				maxBuffer: 1 << 20,
				// the package's peer n8n-workflow is n8n's own, as when n8n loads it
				env: { ...process.env, NODE_PATH: path.join(ctx.n8n.dir, 'node_modules') },
			},
			(error, stdout, stderr) => {
				let result;
				try {
					result = JSON.parse(stdout);
				} catch {
					result = { error: (error?.message || '') + stderr.slice(-2000) };
				}
				resolve(result);
			},
		);
	});
}

/** Item 1 of issue 17 in this line's n8n: the installed node gets its routing execute(). */
async function checkLoader({ ctx, report, tag }) {
	const result = await loaderCheck(ctx);
	report.equal(
		`${tag} n8n's own NodeTypes (its shouldAssignExecuteMethod) gives the installed phpRank node an execute(); a copy without requestDefaults gets none`,
		result,
		{
			installed: { rule: true, execute: 'function' },
			before: { rule: false, execute: 'undefined' },
		},
	);
}

module.exports = {
	workflows,
	bearerCredential,
	editorEnv,
	checkMcp,
	checkLoader,
	EXAMPLE,
};
