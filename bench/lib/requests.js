'use strict';
// Requests used by Report Get Many: the phpRank node against the minimum and against the HTTP
// Request node with its pagination set up as n8n's docs show ("Update a Parameter in Each
// Request", page = {{ $pageCount + 1 }}). Every measured node gets its own sandbox, so the
// sandbox's request log counts exactly that node's requests.
const { startSandbox } = require('../../test/sandbox');
const { likeMatcher } = require('../../test/sandbox/laravel');
const { phpRankNode, httpNode, fanOutWorkflow, itemsNode } = require('./workflows');
const { nodeRun } = require('./n8nSession');

const PAGE_SIZES = [10, 25, 50, 100];
const CASES = [
	{ returnAll: true },
	...[1, 10, 11, 25, 60, 100, 101, 250, 1000].map((limit) => ({ limit })),
];
const LAST_PAGE = '={{ $response.body.meta.current_page >= $response.body.meta.last_page }}';
const EMPTY_DATA = '={{ $response.body.data.length === 0 }}';
/** "Response Is Empty" never ends on phpRank's envelope (`{data: [], links, meta}` is not empty): a safety cap. */
const RUNAWAY_CAP = 30;

function caseLabel(c) {
	return c.returnAll ? 'Return All' : `Limit ${c.limit}`;
}

function minimum(c, total) {
	if (c.returnAll) return Math.max(1, Math.ceil(total / 100));
	return c.limit <= 100 ? 1 : Math.ceil(Math.min(c.limit, total) / 100);
}

/** The page size a user would pick for a limit: the smallest phpRank accepts that holds it, else 100. */
function userPageSize(c) {
	if (c.returnAll) return 100;
	return PAGE_SIZES.find((size) => size >= c.limit) ?? 100;
}

/** The HTTP Request set-ups compared, for one case. */
function httpSetups(c) {
	const pp = userPageSize(c);
	const capPages = (perPage) => (c.returnAll ? undefined : Math.ceil(c.limit / perPage));
	const setups = [
		{
			key: 'httpLastPage',
			title: `HTTP Request: per_page ${c.returnAll ? 100 : 'as needed'}, complete when current_page >= last_page${c.returnAll ? '' : ', Max Pages = ceil(L / per_page)'}`,
			query: { per_page: pp },
			pagination: { completeWhen: LAST_PAGE, maxPages: capPages(pp) },
		},
		{
			key: 'httpEmptyData',
			title: 'HTTP Request: same, complete when data is empty',
			query: { per_page: pp },
			pagination: { completeWhen: EMPTY_DATA, maxPages: capPages(pp) },
		},
		{
			key: 'httpDefaultPage',
			title:
				'HTTP Request: no per_page (phpRank default 10), complete when current_page >= last_page',
			query: undefined,
			pagination: { completeWhen: LAST_PAGE, maxPages: capPages(10) },
		},
	];
	if (c.returnAll) {
		setups.push({
			key: 'httpResponseIsEmpty',
			title: `HTTP Request: per_page 100, built-in "Response Is Empty" (Max Pages ${RUNAWAY_CAP} as a safety cap)`,
			query: { per_page: 100 },
			pagination: { completeWhen: 'responseIsEmpty', maxPages: RUNAWAY_CAP },
		});
	}
	return setups;
}

/**
 * `http: false` leaves the HTTP Request node out (a baseline package of `--against`: the HTTP
 * Request node's counts do not depend on the package).
 */
async function runRequests({
	session,
	apiKey,
	credsFor,
	total = 1000,
	log,
	runInProcess,
	http = true,
}) {
	const sandboxes = [];
	const measured = [];
	const newSandbox = async () => {
		const sb = await startSandbox({ apiKeys: [apiKey], seed: { reports: total } });
		sandboxes.push(sb);
		return sb;
	};
	try {
		// phpRank node: one credential per sandbox
		for (const [i, c] of CASES.entries()) {
			const sb = await newSandbox();
			measured.push({
				case: c,
				key: 'phpRank',
				sandbox: sb,
				name: `phpRank ${caseLabel(c)}`,
				credIndex: i,
			});
		}
		for (const c of http ? CASES : []) {
			for (const setup of httpSetups(c)) {
				const sb = await newSandbox();
				measured.push({
					case: c,
					key: setup.key,
					setup,
					sandbox: sb,
					name: `${setup.key} ${caseLabel(c)}`,
				});
			}
		}
		const creds = await credsFor(
			measured.filter((m) => m.key === 'phpRank').map((m) => m.sandbox.url),
		);
		const phpRankNodes = measured
			.filter((m) => m.key === 'phpRank')
			.map((m) =>
				phpRankNode(
					m.name,
					session.nodeType,
					m.case.returnAll
						? { resource: 'report', operation: 'getAll', returnAll: true }
						: { resource: 'report', operation: 'getAll', limit: m.case.limit },
					creds.phpRank[m.credIndex],
				),
			);
		const httpNodes = measured
			.filter((m) => m.key !== 'phpRank')
			.map((m) =>
				httpNode(m.name, {
					url: `${m.sandbox.url}/api/v1/reports`,
					query: m.setup.query,
					pagination: m.setup.pagination,
					auth: { kind: 'header', credential: creds.header },
				}),
			);
		const workflows = [
			fanOutWorkflow({
				id: 'benchRequestsPhpRank',
				name: 'bench requests phpRank',
				branches: phpRankNodes,
			}),
			...(http
				? [
						fanOutWorkflow({
							id: 'benchRequestsHttp',
							name: 'bench requests HTTP',
							branches: httpNodes,
						}),
					]
				: []),
		];
		await session.importWorkflows(workflows);
		for (const wf of workflows) {
			for (const m of measured) m.sandbox.clearRequests();
			const result = await session.execute(wf.id);
			for (const m of measured) {
				if (!wf.nodes.some((n) => n.name === m.name)) continue;
				const run = nodeRun(result.runData, m.name);
				m.requests = m.sandbox.requests.length;
				m.error = run.error?.message;
				if (m.key === 'phpRank') {
					m.itemsOut = run.items.length;
				} else {
					m.itemsOut = run.items.length; // one item per page
					m.records = run.items.reduce(
						(sum, item) => sum + (Array.isArray(item.json?.data) ? item.json.data.length : 0),
						0,
					);
				}
			}
			log?.(`  ${wf.name}: ${(result.ms / 1000).toFixed(1)} s`);
		}
		// the same phpRank counts through the in-process runner (n8n-core 2.40.3 from the repo)
		if (runInProcess) {
			for (const m of measured.filter((x) => x.key === 'phpRank')) {
				m.sandbox.clearRequests();
				const out = await runInProcess(
					m.sandbox.url,
					m.case.returnAll ? { returnAll: true } : { limit: m.case.limit },
				);
				m.inProcessRequests = m.sandbox.requests.length;
				m.inProcessItems = out.items.length;
			}
		}
	} finally {
		await Promise.all(sandboxes.map((sb) => sb.close()));
	}
	const rows = CASES.map((c) => {
		const of = (key) => measured.find((m) => m.case === c && m.key === key);
		return {
			label: caseLabel(c),
			case: c,
			minimum: minimum(c, total),
			expectedItems: c.returnAll ? total : Math.min(c.limit, total),
			phpRank: of('phpRank'),
			http: Object.fromEntries(httpSetups(c).map((s) => [s.key, of(s.key)])),
		};
	});
	return {
		total,
		rows,
		setups: httpSetups({ returnAll: true }).map(({ key, title }) => ({ key, title })),
		runawayCap: RUNAWAY_CAP,
	};
}

/**
 * Requests used by Report → Create or Re-Run, each case on its own sandbox: of `total` reports (the
 * bulk seed: its largest site holds about 28 % of them, its site root the oldest of its reports), or
 * the case's own `seed`. For each case: what the node used before a run read a site's listing (every
 * page looked up alone), the minimum, and the node.
 */
const AUDIT_SITE = 'https://audit-site.test';
const auditPages = (count) =>
	Array.from({ length: count }, (_, i) => `${AUDIT_SITE}/page-${i + 1}`);
const auditSites = (count) =>
	Array.from({ length: count }, (_, i) => `https://site-${i + 1}.test/`);
const asSeed = (urls) => urls.map((url) => ({ url }));
/** An agency's account: `count` sites, each with its home page, /about, /blog/ and /contact. */
const agencySites = (count) =>
	Array.from({ length: count }, (_, i) =>
		['/', '/about', '/blog/', '/contact'].map((path) => `https://site-${i + 1}.test${path}`),
	).flat();

const CREATE_OR_RERUN_CASES = [
	{ label: 'a page with a report', urls: ['https://copperleaf.io/about'] },
	{ label: 'a page without a report', urls: ['https://copperleaf.io/new-page'] },
	{
		label: 'a page without a report, Check for a Parallel Create off',
		urls: ['https://copperleaf.io/new-page'],
		checkAfterCreate: false,
	},
	{
		label: 'a page with a report, generated within Max Age (kept)',
		urls: ['https://copperleaf.io/about'],
		maxAgeHours: 24 * 365 * 10,
	},
	{
		label:
			"the largest site's root (its search lists the site's every report; its own is the oldest)",
		urls: ['https://alpine-outfitters.com/'],
	},
	{
		label: '10 items naming 3 pages, in different spellings',
		urls: [
			'https://copperleaf.io/about',
			'https://www.copperleaf.io/about/',
			'https://copperleaf.io/new-page',
			'http://copperleaf.io/about',
			'https://copperleaf.io/new-page/',
			'https://riverbend-hotel.com/pricing',
			'https://www.riverbend-hotel.com/pricing',
			'https://copperleaf.io/new-page#top',
			'HTTPS://RIVERBEND-HOTEL.COM/pricing',
			'https://copperleaf.io/about#team',
		],
	},
	{
		label: 'a weekly audit: 1,000 pages of one site, each with a report (the site holds 1,000)',
		seed: asSeed(auditPages(1000)),
		urls: auditPages(1000),
	},
	{
		label: 'the same, every report generated within Max Age (kept)',
		seed: asSeed(auditPages(1000)),
		urls: auditPages(1000),
		maxAgeHours: 24 * 365 * 10,
	},
	{
		label: '1,000 pages of one site, half of them without a report (the site holds 500)',
		seed: asSeed(auditPages(500)),
		urls: auditPages(1000),
	},
	{
		label: 'the same, Check for a Parallel Create off',
		seed: asSeed(auditPages(500)),
		urls: auditPages(1000),
		checkAfterCreate: false,
	},
	{
		label:
			'400 sites x 4 pages in one account, every site has /about: one page looked up (site-7.test/about)',
		seed: asSeed(agencySites(400)),
		urls: ['https://site-7.test/about'],
	},
	{
		label:
			'400 sites x 4 pages in one account: a new page whose path every site has (site-401.test/about)',
		seed: asSeed(agencySites(400)),
		urls: ['https://site-401.test/about'],
	},
	{
		label: '1,000 pages on 1,000 sites, one page each, each with a report',
		seed: asSeed(auditSites(1000)),
		urls: auditSites(1000),
	},
];

/** phpRank's stored form of a page URL (scheme, leading www. and trailing slashes dropped; host lower case). */
function storedForm(url) {
	const parsed = new URL(url.trim());
	parsed.hash = '';
	return parsed.href
		.replace(/^https?:\/\//i, '')
		.replace(/^www\./i, '')
		.replace(/\/+$/, '');
}

/** Reports whose URL `term` lists (phpRank's search: SQL `LIKE '%term%'`, the sandbox's), newest first. */
const searched = (reports, term) => {
	const matches = likeMatcher(term);
	return reports.filter((r) => matches(r.url));
};
const pagesOf = (count) => Math.max(1, Math.ceil(count / 100));

/** The node's search terms (report/storedUrl.ts of this repo's build): a part every spelling of the page shares. */
function searchTerms() {
	return require('../../dist/nodes/PhpRank/report/storedUrl');
}

/**
 * Requests of a case, worked out from the sandbox's store before the run. `alone`: every distinct
 * page looked up on its own (the lookup pages, 100 a page, newest first, down to the page's newest
 * report, or the whole search when it has none: what the node did before it read a site's listing,
 * searching for the whole stored URL), plus one write (none when kept). `minimum`: each site read once,
 * the cheaper of its listing (the search for its host) and its pages' own lookups (the search for a
 * site, `%`, then a part of the path every spelling shares; a root's: `rootReads`), plus the same writes, plus the read after the Creates
 * (Check for a Parallel Create, on unless the case turns it off): one per page created alone, one read
 * of the site's new reports for the Creates of a site's pages in one run.
 */
function createOrRerunCounts(sandbox, c) {
	const { isSiteRoot, pageLookupTerm, siteSearchTerm, storedUrl } = searchTerms();
	/**
	 * A site root's lookup (createOrRerun/pageLookup.ts): one read of its search in URL order (without regard
	 * to case, as phpRank and the sandbox sort), enough when it is the whole search, or shows where the
	 * root's reports end and an ID lower than one before it (not oldest first); when it shows where
	 * they end but its IDs rise all the way, the reads newest first down to its newest ID or the root;
	 * else the reads newest first after it. `matches`: the search, newest first.
	 */
	const rootReads = (matches, page, newestFirst) => {
		if (matches.length <= 100) return 1;
		const lower = (r) => r.url.toLowerCase();
		const first = [...matches]
			.sort((a, b) => (lower(a) < lower(b) ? -1 : lower(a) > lower(b) ? 1 : a.id - b.id))
			.slice(0, 100);
		const isRoot = first.map((r) => storedUrl(r.url) === page);
		if (!isRoot.includes(true) || isRoot[isRoot.length - 1]) return 1 + newestFirst;
		if (first.some((r, i) => i > 0 && r.id < first[i - 1].id)) return 1;
		const pageNewest = Math.max(...first.map((r) => r.id));
		const stop = matches.findIndex((r) => r.id <= pageNewest || storedUrl(r.url) === page);
		return 1 + Math.ceil((stop + 1) / 100);
	};
	const reports = sandbox
		.reports()
		.filter((r) => r.deleted_at === null)
		.sort((a, b) => b.id - a.id);
	const sites = new Map();
	let writes = 0;
	let alone = 0;
	for (const page of new Set(c.urls.map(storedForm))) {
		const before = searched(reports, page);
		const beforeAt = before.findIndex((r) => r.url === page);
		alone += beforeAt === -1 ? pagesOf(before.length) : Math.ceil((beforeAt + 1) / 100);
		const matches = searched(reports, pageLookupTerm(page));
		const position = matches.findIndex((r) => storedUrl(r.url) === page);
		const newestFirst = position === -1 ? pagesOf(matches.length) : Math.ceil((position + 1) / 100);
		const lookup = isSiteRoot(page) ? rootReads(matches, page, newestFirst) : newestFirst;
		if (!(position !== -1 && c.maxAgeHours)) writes += 1;
		const site = page.split('/')[0];
		const created = position === -1 ? 1 : 0;
		const known = sites.get(site) ?? { lookups: [], created: 0, page };
		sites.set(site, {
			...known,
			lookups: [...known.lookups, lookup],
			created: known.created + created,
		});
	}
	alone += writes;
	let minimum = writes;
	const checked = c.checkAfterCreate !== false;
	for (const { lookups, created, page } of sites.values()) {
		const own = lookups.reduce((sum, n) => sum + n, 0);
		const listed = searched(reports, siteSearchTerm(page)).length;
		minimum += lookups.length === 1 ? own : Math.min(own, pagesOf(listed));
		// the read after the Creates: newest first, down to the reports the lookups saw
		if (checked && created > 0)
			minimum += Math.min(pagesOf(listed + created), Math.floor(created / 100) + 1);
	}
	return { alone, minimum };
}

async function runCreateOrRerunRequests({ session, apiKey, credsFor, total = 1000, log }) {
	const sandboxes = await Promise.all(
		CREATE_OR_RERUN_CASES.map((c) =>
			startSandbox({ apiKeys: [apiKey], seed: c.seed ?? { reports: total } }),
		),
	);
	try {
		const creds = await credsFor(sandboxes.map((sb) => sb.url));
		const measured = CREATE_OR_RERUN_CASES.map((c, i) => ({
			case: c,
			sandbox: sandboxes[i],
			...createOrRerunCounts(sandboxes[i], c),
			node: phpRankNode(
				`Create or Re-Run ${i + 1}`,
				session.nodeType,
				{
					resource: 'report',
					operation: 'createOrRerun',
					url: '={{ $json.url }}',
					...(c.maxAgeHours ? { maxAgeHours: c.maxAgeHours } : {}),
					...(c.checkAfterCreate === false ? { checkAfterCreate: false } : {}),
				},
				creds.phpRank[i],
			),
		}));
		// one workflow per case: each has its own input items
		for (const [i, m] of measured.entries()) {
			const wf = fanOutWorkflow({
				id: `benchCreateOrRerun${i + 1}`,
				name: `bench Create or Re-Run ${i + 1}`,
				source: itemsNode(
					'Pages',
					m.case.urls.map((url) => ({ url })),
				),
				branches: [m.node],
			});
			await session.importWorkflows([wf]);
			m.sandbox.clearRequests();
			const result = await session.execute(wf.id);
			const run = nodeRun(result.runData, m.node.name);
			m.requests = m.sandbox.requests.length;
			m.methods = m.sandbox.requests.map((q) => q.method);
			m.error = run.error?.message;
			m.actions = run.items.map((item) => item.json.action);
			log?.(`  ${m.case.label}: ${m.requests} request(s), ${(result.ms / 1000).toFixed(1)} s`);
		}
		return {
			total,
			rows: measured.map((m) => ({
				label: m.case.label,
				items: m.case.urls.length,
				pages: new Set(m.case.urls.map(storedForm)).size,
				minimum: m.minimum,
				alone: m.alone,
				requests: m.requests,
				lists: m.methods.filter((x) => x === 'GET').length,
				writes: m.methods.filter((x) => x !== 'GET').length,
				actions: m.actions,
				error: m.error,
			})),
		};
	} finally {
		await Promise.all(sandboxes.map((sb) => sb.close()));
	}
}

/**
 * What Create or Re-Run keeps of a site's listing, in live heap against the listing's bytes
 * (lib/listing-heap-child.js, `node --expose-gc`, the rules of the built package over a scripted
 * API): 1,000 pages of a 1,000-report site, and its 200 oldest pages.
 */
async function runCreateOrRerunMemory({ moduleFile }) {
	const { execFileSync } = require('node:child_process');
	const path = require('node:path');
	const child = path.join(__dirname, 'listing-heap-child.js');
	return [
		[1000, 1000],
		[200, 1000],
	].map(([pages, reports]) =>
		JSON.parse(
			execFileSync(
				process.execPath,
				['--expose-gc', child, moduleFile, String(pages), String(reports)],
				{
					encoding: 'utf8',
				},
			),
		),
	);
}

module.exports = {
	runRequests,
	runCreateOrRerunRequests,
	runCreateOrRerunMemory,
	CASES,
	CREATE_OR_RERUN_CASES,
	minimum,
};
