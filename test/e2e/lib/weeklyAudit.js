'use strict';
/**
 * examples/weekly-audit.json in real n8n (Project → Audit Site, version 1.1): the workflow as it
 * ships, its Site pointed at a sandbox.
 *
 * checkWeeklyAudit: the line's sandbox serves the demo site at its own address (robots.txt → a
 * sitemap index → a plain and a gzip sitemap, five pages; test/sandbox/site.js), on the 'demo' seed,
 * one page phpRank cannot fetch (`makeUnreachable`), as test/node/examples.test.js plays it
 * in-process. The site's files are read without the key; the site's reports once; then one Create a
 * page, at once (compared as a set, every write after the read) and the site read once more after
 * them (Check for a Parallel Create). The expected output of "Audit the site" is worked out from the
 * answers the node received (the requests replayed on a re-seeded sandbox, as lib/oracle.js does):
 * the run's summary, then each page's item shaped by the installed package's own
 * createOrRerunOutput() plus `sitemap` and `lastmod`, or `failed` with the node's words.
 *
 * checkSiteAudit: the same workflow over 150 pages of one site (the sandbox's site swapped for one
 * whose sitemaps list 150 pages, 140 of them with reports): the requests the sandbox saw are the
 * rule's (docs/internals.md, "Create or Re-Run, step by step": a site's pages in one run).
 *
 * `n8n execute` does not start n8n's modules, so Data tables are off there ("Attempted to use Data
 * table node but the module is disabled"): these checks run the example's audit part (`workflow`:
 * the Data table and email nodes left out), and lib/weeklyDigest.js runs the whole example in the
 * editor. Both checks here, and lib/weeklyAuditRuns.js, end in checkDigest: Project → Digest
 * ("Gather the rows" → "Digest") checked against the sandbox's own data
 * (test/helpers/site-issues-oracle.js with the installed package's check catalogue and reasons):
 * exactly ceil(P/100) reads of the site's P reports, newest first, after every write (Get Issues'
 * reads); its row the site summary and the issues (test/helpers/digest-row.js).
 */
const path = require('node:path');
const fs = require('node:fs');
const rn = require('../../../scripts/real-n8n/n8n');
const { takeRequests, sent, replay, resolvedParameters, seedE2e } = require('./oracle');
const { KEY, headers, producedText } = require('./specs');
const { expectedIssues, expectedSummary } = require('../../helpers/site-issues-oracle');
const { auditSummary } = require('../../helpers/audit-summary');
const { expectedDigestRow } = require('../../helpers/digest-row');

const ROOT = path.join(__dirname, '..', '..', '..');
const FILE = 'weekly-audit.json';
const NODE = 'Audit the site';
const NOISY_STDOUT = path.join(__dirname, 'noisy-stdout.js');
const NOISE = '2026-01-01T00:00:00.000Z | info | a log line in the middle of the printed run';
const FORM = 'application/x-www-form-urlencoded';
/** The demo site's page phpRank cannot fetch (as in test/node/examples.test.js). */
const UNREACHABLE = '/contact';
const demoSeed = (sandbox) => {
	sandbox.reset('demo');
	sandbox.makeUnreachable({ url: `${sandbox.url}${UNREACHABLE}` });
};

/** The example as it ships, its Site pointed at `siteUrl` (the line's sandbox serves the demo site). */
function example(siteUrl) {
	const wf = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', FILE), 'utf8'));
	if (siteUrl) wf.nodes.find((n) => n.name === NODE).parameters.site = siteUrl;
	return wf;
}

/** What `n8n execute` cannot run: the Data table nodes (it does not start n8n's modules) and the email. */
const NOT_EXECUTABLE = new Set(['n8n-nodes-base.dataTable', 'n8n-nodes-base.emailSend']);

/**
 * The example's audit part, for `n8n execute`: its triggers, "Week of this run", "Audit the site",
 * "Gather the rows" and "Digest"; the Data table and email nodes left out, each connection through
 * them joined (Gather the rows then gathers Audit Site's items: History holds no row of a week,
 * the first week).
 */
function workflow(siteUrl) {
	const wf = example(siteUrl);
	const dropped = new Set(wf.nodes.filter((n) => NOT_EXECUTABLE.has(n.type)).map((n) => n.name));
	const next = (name) => {
		if (!dropped.has(name)) return name;
		const target = wf.connections[name]?.main?.[0]?.[0];
		return target ? next(target.node) : undefined;
	};
	const connections = {};
	for (const [from, { main }] of Object.entries(wf.connections)) {
		if (dropped.has(from)) continue;
		const joined = main.map((targets) =>
			targets
				.map((target) => ({ ...target, node: next(target.node) }))
				.filter((target) => target.node !== undefined),
		);
		if (joined.some((targets) => targets.length > 0)) connections[from] = { main: joined };
	}
	return { ...wf, nodes: wf.nodes.filter((n) => !dropped.has(n.name)), connections };
}

/** The site's listing (Audit Site's read of the site's reports), page `page`. */
const lookup = (search, page = 1) => ({
	method: 'GET',
	path: '/api/v1/reports',
	query: {
		search_by: 'url',
		search,
		sort_by: 'id',
		sort: 'desc',
		per_page: '100',
		page: String(page),
	},
	headers: headers(undefined),
	body: '',
});
const write = (method, p, body) => ({ method, path: p, query: {}, headers: headers(FORM), body });
const create = (url) =>
	write('POST', '/api/v1/reports', `url=${encodeURIComponent(url)}&privacy=1`);
const rerun = (id) => write('PATCH', `/api/v1/reports/${id}`, 'results=1');
const deletion = (id) => ({
	method: 'DELETE',
	path: `/api/v1/reports/${id}`,
	query: {},
	headers: headers(undefined),
	body: '',
});
const key = (request) => JSON.stringify(request);
/** Get Issues' read of page `page` of a project's reports. */
const issuesRead = (project, page) => ({
	method: 'GET',
	path: '/api/v1/reports',
	query: { project, sort_by: 'id', sort: 'desc', per_page: '100', page: String(page) },
	headers: headers(undefined),
	body: '',
});
const ISSUES = 'Digest';
const isIssuesRead = (request) => request.method === 'GET' && request.query.project !== undefined;
const SITE_ACCEPT = 'application/xml, text/xml;q=0.9, text/plain;q=0.8, */*;q=0.5';
const isSiteFile = (request) => !request.path.startsWith('/api/');

/** What phpRank's fetch timeout (the sandbox's makeUnreachable) reads as, for the page `shown`. */
const FETCH_FAILED = (shown) =>
	`phpRank could not fetch ${shown}: cURL error 28: Operation timed out after 30001 milliseconds with 0 bytes received. Check that the page answers from phpRank's server`;
const PLAN_FULL =
	"The phpRank account's plan allows no more reports: delete reports (Report → Delete, Project → Delete) or raise the plan";

/** The package's check catalogue, reasons and default Pages per Issue, from the tarball n8n installed. */
function packageModules(pkg) {
	const dist = path.join(pkg.dir, 'dist', 'nodes', 'PhpRank');
	return {
		checkReason: require(path.join(dist, 'report', 'checkReasons.js')).checkReason,
		CHECK_CATALOGUE: require(path.join(dist, 'report', 'checkCatalogue.js')).CHECK_CATALOGUE,
		DEFAULT_PAGES_PER_ISSUE: require(path.join(dist, 'shared', 'fields.js'))
			.DEFAULT_PAGES_PER_ISSUE,
	};
}

/**
 * Project → Digest ("Digest", once, of the audited site), checked against "Audit the site"'s output
 * (already checked exactly by the caller) and the store after the run (nothing writes after it): its
 * reads, Get Issues' (after every write), and its row, what Get Issues' summary and issues (3 pages
 * each, every importance) say, worked out from the store. Returns the issues.
 */
function checkDigest({ name, r, pkg, sandbox, got, report }) {
	const audited = rn.nodeOutput(r, NODE);
	const projects = [...new Set(audited.map((item) => item.project))].slice(0, 1);
	const options = { pagesPerIssue: 3, importance: ['high', 'medium', 'low'] };
	const stored = sandbox.reports().filter((x) => x.deleted_at === null);
	const reads = projects.flatMap((project) =>
		Array.from(
			{ length: Math.max(1, Math.ceil(stored.filter((x) => x.project === project).length / 100)) },
			(_, i) => issuesRead(project, i + 1),
		),
	);
	report.equal(
		`${name}: "${ISSUES}" read the site's reports once, as Get Issues does, newest first, 100 a request: ${reads.length} request(s) for ${projects.join(', ')}`,
		got.filter(isIssuesRead).map(key).sort(),
		reads.map(key).sort(),
	);
	const lastWrite = got.findLastIndex((q) => q.method !== 'GET');
	report.check(
		`${name}: "${ISSUES}" read after every write`,
		got.findIndex(isIssuesRead) > lastWrite,
	);
	const modules = packageModules(pkg);
	const out = rn.nodeOutput(r, ISSUES);
	const week = rn.nodeOutput(r, 'Week of this run')[0]?.week;
	const [project] = projects;
	const issues = expectedIssues(stored, project, options, modules);
	const summary = expectedSummary(stored, project, { checkedAt: out[0]?.row?.checked_at }, modules);
	report.equal(
		`${name}: "${ISSUES}" output one digest, its row the site summary and the ${issues.length} issues worked out from the sandbox's reports`,
		[out.length, out[0]?.row],
		[1, expectedDigestRow(summary, issues, week)],
	);
	report.check(`${name}: the site has issues to digest`, issues.length > 0);
	return issues;
}

/** The demo site's pages (test/sandbox/site.js demoSiteFiles), in their sitemaps' order. */
const DEMO_PAGES = [
	['/', 'sitemap-pages.xml', '2026-01-02'],
	['/about', 'sitemap-pages.xml', '2025-06-30'],
	['/contact', 'sitemap-pages.xml', null],
	['/blog/first-post', 'sitemap-posts.xml.gz', '2026-01-03T10:00:00+00:00'],
	['/blog/second-post', 'sitemap-posts.xml.gz', '2026-01-04'],
];

/** The run's summary, every count 0 unless given. */
const summaryOf = (sandbox, sitemaps, counts) =>
	auditSummary(
		sandbox.url,
		sitemaps.map((file) => `${sandbox.url}${file}`),
		counts,
	);

/** Create or Re-Run's item as the installed package shapes it, from the node's parameters. */
function itemShaper(pkg, wf) {
	const params = resolvedParameters(
		pkg,
		wf.nodes.find((n) => n.name === NODE),
	);
	const dist = path.join(pkg.dir, 'dist', 'nodes', 'PhpRank');
	const { createOrRerunOutput } = require(path.join(dist, 'createOrRerun', 'index.js'));
	const { reportView } = require(path.join(dist, 'report', 'reportView.js'));
	const context = {
		getNodeParameter: (parameter, fallback) =>
			params[parameter] === undefined ? fallback : params[parameter],
	};
	// as Audit Site reads it once (auditSite/auditSettings.ts): Simplify, and no Output Changes
	const output = { view: reportView(context), changes: false };
	return (action, record) => createOrRerunOutput({ action, record }, output);
}

async function checkWeeklyAudit({ ctx, sandbox, report, tag, pkg, runTail }) {
	const name = `${tag} examples/${FILE} (Audit Site on the demo site)`;
	const wf = workflow(sandbox.url);
	demoSeed(sandbox);
	const r = await rn.execute(ctx, wf.id);
	report.time(`${name}: n8n execute`, r.ms);
	const requests = takeRequests(sandbox);
	const after = sandbox.reports();
	report.check(`${name}: the run succeeds`, r.ok, () => runTail(r));

	// 1. the site's files, without the key; then one read of the site's reports and one Create per page
	const all = sent(requests);
	const files = [
		'/robots.txt',
		'/sitemap_index.xml',
		'/sitemap-pages.xml',
		'/sitemap-posts.xml.gz',
	];
	report.equal(
		`${name}: the site's robots.txt, sitemap index, plain and gzip sitemap were read once each, without the API key`,
		all.filter(isSiteFile).map((q) => [q.path, q.headers.authorization, q.headers.accept]),
		files.map((p) => [p, undefined, SITE_ACCEPT]),
	);
	// the site's search term: its host without the port (report/storedUrl.ts siteSearchTerm)
	const listing = lookup(new URL(sandbox.url).hostname);
	const writes = DEMO_PAGES.map(([p]) => create(`${sandbox.url}${p}`));
	const got = all.filter((request) => !isIssuesRead(request) && !isSiteFile(request));
	report.equal(
		`${name}: the sandbox received exactly 1 read of the site's reports, 5 creates (one answered 422: phpRank could not fetch ${UNREACHABLE}) and 1 read of the site after them (Check for a Parallel Create), besides Get Issues`,
		got.map(key).sort(),
		[listing, ...writes, listing].map(key).sort(),
	);
	report.check(
		`${name}: the site's reports were read before any write, and once more after every write`,
		got.length > 0 && key(got[0]) === key(listing) && key(got[got.length - 1]) === key(listing),
		JSON.stringify(got.map((x) => `${x.method} ${x.path} ${x.query.search ?? x.body}`)),
	);

	// 2. the replay reproduces the run; the node's output from its answers
	const api = requests.filter((q) => !isSiteFile(q));
	const answers = await replay(sandbox, api, demoSeed);
	report.equal(
		`${name}: replaying the requests on a re-seeded sandbox leaves the same store`,
		sandbox.reports(),
		after,
	);
	const shape = itemShaper(pkg, wf);
	const answerTo = (request) => answers[api.findIndex((x) => key(sent([x])[0]) === key(request))];
	const project = new URL(sandbox.url).hostname;
	const pages = DEMO_PAGES.map(([p, sitemap, lastmod], i) => {
		const fields = { sitemap: `${sandbox.url}/${sitemap}`, lastmod };
		if (p !== UNREACHABLE)
			return { ...shape('created', answerTo(writes[i])?.body?.data), ...fields };
		const url = `${sandbox.url}${p}`;
		return { url, ...fields, project, action: 'failed', error: FETCH_FAILED(url) };
	});
	report.equal(
		`${name}: the page phpRank could not fetch was answered 422 and stored nothing`,
		[answerTo(writes[2])?.status, sandbox.createdCount(`${sandbox.url}${UNREACHABLE}`)],
		[422, 0],
	);
	const summary = summaryOf(sandbox, files.slice(1), {
		pages_listed: 5,
		pages_fresh: 4,
		pages_audited: 4,
		pages_created: 4,
		pages_failed: 1,
	});
	report.equal(
		`${name}: "${NODE}" output the run's summary (5 listed, 4 created, 1 failed), then each page in the sitemaps' order: the answers as the package shapes them, with its sitemap and lastmod, and ${UNREACHABLE} failed with the node's words`,
		rn.nodeOutput(r, NODE),
		[summary, ...pages],
	);
	checkDigest({ name, r, pkg, sandbox, got: all, report });
	report.check(`${name}: no API key in any output`, !producedText(r).includes(KEY));
}

const SITE_AUDIT_ID = 'phprankWeeklyAudit150';
/** 150 pages of the sandbox's own site: 140 with reports (seeded before the run), 10 without. */
const sitePages = (siteUrl) => [
	...Array.from(
		{ length: 140 },
		(_, i) => `${siteUrl}/posts/run-${String(i + 1).padStart(3, '0')}/`,
	),
	...Array.from({ length: 10 }, (_, i) => `${siteUrl}/posts/new-${i + 1}`),
];

/** The sitemap files of a site's page list, in lib/weeklyAuditRuns.js too. */
const SITE_FILES = ['/robots.txt', '/sitemap_index.xml', '/posts-1.xml', '/posts-2.xml.gz'];

/**
 * A site's files: robots.txt → an index → a plain sitemap (the first `split` pages) and a gzip one
 * (the rest); each page listed answers 200 (what Audit Site's Delete asks), and `others` (path →
 * file) answer as they say (a page gone: `{ status: 404 }`).
 */
function siteFilesOf(siteUrl, pages, split, others = {}) {
	const { urlset, sitemapIndex, webPages } = require('../../sandbox/site');
	return {
		'/robots.txt': `User-agent: *\nSitemap: ${siteUrl}/sitemap_index.xml\n`,
		'/sitemap_index.xml': sitemapIndex([`${siteUrl}/posts-1.xml`, `${siteUrl}/posts-2.xml.gz`]),
		'/posts-1.xml': urlset(pages.slice(0, split)),
		'/posts-2.xml.gz': { gzip: true, body: urlset(pages.slice(split)) },
		...webPages(pages),
		...others,
	};
}

/** examples/weekly-audit.json, Max Pages 150, as a user edits it for a bigger site. */
function siteAuditWorkflow(siteUrl) {
	const wf = workflow(siteUrl);
	wf.nodes.find((n) => n.name === NODE).parameters.maxPages = 150;
	return { ...wf, id: SITE_AUDIT_ID, name: `${wf.name} (150 pages of one site)` };
}

/** Both workflows the checks run, their Site the line's sandbox. */
function workflows(siteUrl) {
	return [workflow(siteUrl), siteAuditWorkflow(siteUrl)];
}

/**
 * The weekly audit over 150 pages of one site (140 with reports, 10 without) on the e2e seed
 * (lib/oracle.js seedE2e) plus the site's 140 reports: the sandbox's site is swapped for one whose
 * sitemaps list the 150 pages. The e2e seed's reports are older than Max Age (the sandbox's clock
 * is January 2026), so Max Pages 150 audits every page. The requests the sandbox saw are what the
 * rule says, worked out from the store before the run: the site's reports read once, every page of
 * the listing before any write (100 a request), then one write per page: a re-run of each page's
 * newest report, a create for the others; then the site read once more after the Creates.
 */
async function checkSiteAudit({ ctx, sandbox, report, tag, runTail, pkg }) {
	const SITE_PAGES = sitePages(sandbox.url);
	const name = `${tag} examples/${FILE} over ${SITE_PAGES.length} pages of one site`;
	seedE2e(sandbox);
	for (const url of SITE_PAGES.slice(0, 140)) sandbox.addReport({ url, score: 70 });
	const demoSite = sandbox.siteFiles;
	sandbox.siteFiles = siteFilesOf(sandbox.url, SITE_PAGES, 100);
	const stored = (url) =>
		url
			.replace(/^https?:\/\//, '')
			.replace(/^www\./, '')
			.replace(/\/+$/, '');
	const reports = sandbox.reports().sort((a, b) => b.id - a.id);
	// the site's search term: its host without the port (report/storedUrl.ts siteSearchTerm)
	const SEARCH = new URL(sandbox.url).hostname;
	const listed = reports.filter((r) => r.url.includes(SEARCH)).length;
	const listingPages = Math.ceil(listed / 100);
	const newest = new Map();
	for (const r of reports) if (!newest.has(r.url)) newest.set(r.url, r.id);
	const rerunIds = SITE_PAGES.map((url) => newest.get(stored(url))).filter((id) => id);
	const creates = SITE_PAGES.filter((url) => !newest.has(stored(url)));
	const expected = [
		...Array.from({ length: listingPages }, (_, i) => lookup(SEARCH, i + 1)),
		...rerunIds.map(rerun),
		...creates.map(create),
	];
	// Check for a Parallel Create: after the Creates, the site's listing read once more down to what
	// the lookup had seen (the new reports are the newest: page 1)
	const afterCreates = creates.length > 0 ? [lookup(SEARCH, 1)] : [];
	expected.push(...afterCreates);

	// This run once failed under load because its printed run could not be parsed (issue 27): n8n's
	// stdout is now broken on purpose (lib/noisy-stdout.js), and the run is read from n8n's database.
	const r = await rn.execute(ctx, SITE_AUDIT_ID, {
		nodeFlags: ['--require', NOISY_STDOUT],
		env: { PHPRANK_E2E_STDOUT_NOISE: NOISE },
	});
	report.time(`${name}: n8n execute`, r.ms);
	sandbox.siteFiles = demoSite;
	const all = sent(takeRequests(sandbox));
	report.equal(
		`${name}: the site's robots.txt, index and two sitemaps (one gzip) were read once each`,
		all.filter(isSiteFile).map((q) => q.path),
		SITE_FILES,
	);
	const got = all.filter((request) => !isIssuesRead(request) && !isSiteFile(request));
	report.check(
		`${name}: n8n's stdout was broken on purpose (a log line inside the printed run, its end lost)`,
		r.stdout.includes(NOISE) && !/\n\}\s*$/.test(r.stdout),
		() => runTail(r),
	);
	report.check(`${name}: the run succeeds`, r.ok, () => runTail(r));
	report.equal(
		`${name}: the sandbox saw the rule's ${expected.length} requests: ${listingPages} reads of the site's reports + ${rerunIds.length} re-runs + ${creates.length} creates + ${afterCreates.length} read after the Creates (each page alone: ${SITE_PAGES.length} lookups more)`,
		{ count: got.length, requests: got.map(key).sort() },
		{ count: expected.length, requests: expected.map(key).sort() },
	);
	// version 1.1 reads the whole site's reports before it chooses the pages to audit
	const lastPost = got.findLastIndex((q) => q.method === 'POST');
	report.equal(
		`${name}: the site's reports were read in order, every page of the listing before any write; the read after the Creates after every Create`,
		{
			first: got.slice(0, listingPages).map(key),
			listing: got.filter((q) => q.method === 'GET').map(key),
			afterCreates: got
				.slice(lastPost + 1)
				.filter((q) => q.method === 'GET')
				.map(key),
		},
		{
			first: expected.slice(0, listingPages).map(key),
			listing: [...expected.slice(0, listingPages), ...afterCreates].map(key),
			afterCreates: afterCreates.map(key),
		},
	);
	const out = rn.nodeOutput(r, NODE);
	report.equal(
		`${name}: "${NODE}" output the run's summary (150 listed, all audited: 140 re-run, 10 created), then each page's action and report in the sitemaps' order`,
		{ summary: out[0], pages: out.slice(1).map((item) => [item.url, item.action]) },
		{
			summary: summaryOf(sandbox, SITE_FILES.slice(1), {
				pages_listed: 150,
				pages_fresh: 150,
				pages_audited: 150,
				pages_created: 10,
				pages_re_run: 140,
			}),
			pages: SITE_PAGES.map((url) => [stored(url), newest.has(stored(url)) ? 're-run' : 'created']),
		},
	);
	checkDigest({ name, r, pkg, sandbox, got: all, report });
}

module.exports = {
	checkWeeklyAudit,
	checkSiteAudit,
	checkDigest,
	example,
	workflow,
	workflows,
	itemShaper,
	summaryOf,
	siteFilesOf,
	lookup,
	create,
	rerun,
	deletion,
	key,
	isIssuesRead,
	isSiteFile,
	FETCH_FAILED,
	PLAN_FULL,
	SITE_FILES,
	FILE,
	NODE,
	ISSUES,
};
