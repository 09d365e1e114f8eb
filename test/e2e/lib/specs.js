'use strict';
/**
 * The workflows the e2e suite runs in each n8n line and what each must do. The example workflows come
 * from examples/ (the same files the demo imports); the error cases from test/e2e/workflows/.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..', '..');
const KEY = 'e2e-key-5b7d21';
const WRONG_KEY = 'not-a-phprank-key-93c4';
const FORM = 'application/x-www-form-urlencoded';

/** Both credentials, imported in one `n8n import:credentials`. */
const CREDENTIALS = (baseUrl) => [
	{
		id: 'phprank-sandbox',
		name: 'phpRank sandbox',
		type: 'phpRankApi',
		data: { baseUrl, apiKey: KEY },
	},
	{
		id: 'phprank-wrong-key',
		name: 'phpRank wrong key',
		type: 'phpRankApi',
		data: { baseUrl, apiKey: WRONG_KEY },
	},
];

function load(rel) {
	return JSON.parse(fs.readFileSync(path.join(ROOT, rel), 'utf8'));
}

/** The headers every request of the node carries; `contentType` for requests with a body. */
const headers = (contentType, key = KEY) => ({
	authorization: `Bearer ${key}`,
	accept: 'application/json',
	'content-type': contentType,
});
const get = (node, p, query = {}, key) => ({
	node,
	method: 'GET',
	path: p,
	query,
	headers: headers(undefined, key),
	body: '',
});
const form = (node, method, p, body) => ({
	node,
	method,
	path: p,
	query: {},
	headers: headers(FORM),
	body,
});
const del = (node, p) => ({
	node,
	method: 'DELETE',
	path: p,
	query: {},
	headers: headers(undefined),
	body: '',
});

/** Every node output and error of a run as text (the workflow's own parameters left out). */
function producedText(result) {
	const runData = result.data?.data?.resultData?.runData || {};
	return JSON.stringify({
		runData,
		error: result.error ? { ...result.error, node: undefined } : undefined,
	});
}

/**
 * The files in examples/ these specs own (weekly-audit.json: lib/weeklyAudit.js, mcp-server.json:
 * lib/mcp.js, portfolio-digest.json: lib/portfolioDigest.js, whose Digest outputs no report for
 * extra.js's checks to compare); every other example is run by extra.js.
 */
const OWN_EXAMPLES = [
	'audit-page.json',
	'report-lifecycle.json',
	'good-reports.json',
	'project-cleanup.json',
	'weekly-audit.json',
	'mcp-server.json',
	'portfolio-digest.json',
];

function workflowSpecs() {
	return [
		{
			title: 'Create report, privacy Private (examples/audit-page.json)',
			workflow: load('examples/audit-page.json'),
			requests: () => [
				form(
					'Create report',
					'POST',
					'/api/v1/reports',
					'url=https%3A%2F%2Fwww.northwind-coffee.com%2Fmenu&privacy=1',
				),
			],
			statuses: [200],
			after({ report, name, after, state, sandbox }) {
				const created = after.find((x) => x.id === state.nextId);
				report.check(
					`${name}: the sandbox holds the new private report, stored once`,
					created &&
						created.url === 'northwind-coffee.com/menu' &&
						created.privacy === 1 &&
						created.password === false &&
						created.deleted_at === null &&
						sandbox.createdCount('https://www.northwind-coffee.com/menu') === 1,
					JSON.stringify(created && { ...created, results: undefined }),
				);
			},
		},
		{
			title: 'Create (Password) → Get → Update re-run → Delete (examples/report-lifecycle.json)',
			workflow: load('examples/report-lifecycle.json'),
			requests: ({ nextId }) => [
				form(
					'Create protected report',
					'POST',
					'/api/v1/reports',
					'url=https%3A%2F%2Fwww.northwind-coffee.com%2Fwholesale%2Fprice-list&privacy=2&password=beans-for-partners-26',
				),
				get('Get full report', `/api/v1/reports/${nextId}`),
				form('Re-run analysis', 'PATCH', `/api/v1/reports/${nextId}`, 'results=1'),
				del('Delete report', `/api/v1/reports/${nextId}`),
			],
			statuses: [200, 200, 200, 200],
			after({ report, name, result, answers, after, state, outputs }) {
				const [created, fetched, updated] = answers.map((a) => a.body?.data);
				report.equal(
					`${name}: "Get full report" (Simplify off) outputs the report exactly as phpRank sent it`,
					outputs['Get full report'],
					[fetched],
				);
				report.check(
					`${name}: created with privacy 2 and a password; the password is in no output or error`,
					created?.privacy === 2 &&
						created?.password === true &&
						!producedText(result).includes('beans-for-partners-26'),
					() =>
						`created ${JSON.stringify(created && { privacy: created.privacy, password: created.password })}; password in output: ${producedText(result).includes('beans-for-partners-26')}`,
				);
				report.check(
					`${name}: the update re-ran the analysis (new generated_at ${updated?.generated_at})`,
					updated &&
						created &&
						updated.generated_at !== created.generated_at &&
						updated.generated_at === updated.updated_at,
					() =>
						`created.generated_at ${created?.generated_at}, updated.generated_at ${updated?.generated_at}`,
				);
				const stored = after.find((x) => x.id === state.nextId);
				report.check(
					`${name}: the report is deleted in the sandbox`,
					stored && stored.deleted_at !== null,
					JSON.stringify(stored && { id: stored.id, deleted_at: stored.deleted_at }),
				);
			},
		},
		{
			title:
				'Get Many, Return All over 3 pages with project/result/search filters and sort (examples/good-reports.json)',
			workflow: load('examples/good-reports.json'),
			requests: () =>
				[1, 2, 3].map((page) =>
					get('Get good reports', '/api/v1/reports', {
						project: 'blog.trailrunner.io',
						result: 'good',
						search_by: 'url',
						search: '/posts/',
						sort_by: 'url',
						sort: 'asc',
						per_page: '100',
						page: String(page),
					}),
				),
			statuses: [200, 200, 200],
			after({ report, name, outputs, before }) {
				// independent of the API's paging: what the store holds for these filters
				const want = before
					.filter(
						(x) =>
							x.deleted_at === null &&
							x.project === 'blog.trailrunner.io' &&
							x.result > 79 &&
							x.url.includes('/posts/'),
					)
					.map((x) => x.id)
					.sort((a, b) => a - b);
				const got = (
					Array.isArray(outputs['Get good reports']) ? outputs['Get good reports'] : []
				).map((x) => x.id);
				report.check(
					`${name}: ${want.length} items, each matching report of the store once`,
					want.length > 200 &&
						got.length === want.length &&
						JSON.stringify([...got].sort((a, b) => a - b)) === JSON.stringify(want),
					`got ${got.length} items, store has ${want.length}`,
				);
			},
		},
		{
			title:
				'Project Get Many (search, sort, limit) → Delete by name (examples/project-cleanup.json)',
			workflow: load('examples/project-cleanup.json'),
			requests: () => [
				get('Find project', '/api/v1/projects', {
					search_by: 'project',
					search: 'greenleaf',
					sort_by: 'project',
					sort: 'asc',
					per_page: '10',
					page: '1',
				}),
				del('Delete project', '/api/v1/projects/greenleaf-market.org'),
			],
			statuses: [200, 200],
			after({ report, name, before, after }) {
				const deleted = after.filter((x) => x.deleted_at !== null).map((x) => x.project);
				const had = before.filter((x) => x.project === 'greenleaf-market.org').length;
				report.check(
					`${name}: the sandbox deleted the project's ${had} reports and nothing else`,
					had === 6 && deleted.length === had && deleted.every((p) => p === 'greenleaf-market.org'),
					`deleted ${JSON.stringify(deleted)}`,
				);
			},
		},
		{
			title:
				'Create of a page phpRank cannot fetch: HTTP 422 (test/e2e/workflows/create-unreachable.json)',
			workflow: load('test/e2e/workflows/create-unreachable.json'),
			fails: 'Create report',
			requests: () => [
				form(
					'Create report',
					'POST',
					'/api/v1/reports',
					'url=https%3A%2F%2Fshop.unreachable.invalid%2Flaunch&privacy=1',
				),
			],
			statuses: [422],
			after({ report, name, result, answers, sandbox, shownError }) {
				const said = answers[0]?.body?.message?.url?.[0];
				// the node's words: the page and phpRank's reason, without cURL's note and the page again
				report.equal(
					`${name}: the run's error says phpRank could not fetch the page, and why; phpRank's own 422 message in the description`,
					shownError(result.error),
					{
						message:
							"phpRank could not fetch https://shop.unreachable.invalid/launch: cURL error 6: Could not resolve host: shop.unreachable.invalid. Check that the page answers from phpRank's server",
						description: `phpRank fetches the page itself when it creates or re-runs a report, and could not. phpRank said: "url: ${said}"`,
						httpCode: '422',
					},
				);
				report.check(
					`${name}: nothing was stored`,
					typeof said === 'string' &&
						said.startsWith('cURL error 6') &&
						sandbox.createdCount('https://shop.unreachable.invalid/launch') === 0,
					said,
				);
			},
		},
		{
			title: 'Get with a wrong API key: HTTP 401 (test/e2e/workflows/wrong-key.json)',
			workflow: load('test/e2e/workflows/wrong-key.json'),
			fails: 'Get report',
			requests: () => [get('Get report', '/api/v1/reports/1', {}, WRONG_KEY)],
			statuses: [401],
			after({ report, name, result, shownError }) {
				report.equal(
					`${name}: a clear error naming the key and the Base URL`,
					shownError(result.error),
					{
						// the message stands alone (AI agents see only the message); the description keeps the status
						message:
							'phpRank rejected the API key: check the API key in the phpRank credential and that the Base URL is the site the key belongs to',
						description: 'HTTP 401. phpRank said: "Unauthenticated."',
						httpCode: '401',
					},
				);
				report.check(
					`${name}: the key itself is in no output or error`,
					!producedText(result).includes(WRONG_KEY),
				);
			},
		},
	];
}

module.exports = {
	workflowSpecs,
	CREDENTIALS,
	KEY,
	WRONG_KEY,
	OWN_EXAMPLES,
	producedText,
	headers,
};
