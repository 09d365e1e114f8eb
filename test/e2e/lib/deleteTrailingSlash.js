'use strict';
/**
 * Issue 55 in real n8n: "no run of Audit Site deletes a report of a page that answers its visitors, on
 * a site that adds a trailing slash". examples/weekly-audit.json with Reports of Pages No Longer Listed
 * → Delete (the workflow lib/weeklyAuditRuns.js imports, on its sandbox, after lib/deleteSurelyGone.js),
 * on a site that answers every address without a trailing slash with a 301 to the same address with
 * one, as WordPress, GitHub Pages, Netlify and Apache do (the sandbox's '*' rule, test/sandbox/site.js).
 * Its sitemaps write the pages with the slash; phpRank stores a report's URL without it, so every page
 * no longer listed is asked at its stored form and first answers 301:
 *
 *   20 listed pages          /blog/post-01/ .. post-20/, each with a report, answering 200
 *   /blog/old-404            301 → /blog/old-404/ → 404: gone, its report deleted
 *   /blog/old-410            301 → /blog/old-410/ → 410: gone, its report deleted
 *   /blog/still-here         301 → /blog/still-here/ → 200: the same page, live: its report kept
 *
 * Before issue 55 the 301 counted as "moved" and still-here's report was deleted. What is checked: the
 * run; the DELETE requests and the store (only the 404 and 410 pages' reports deleted); the items of
 * the pages no longer listed (page_url, page_status, page_final_status, page_answer, deleted); the
 * summary (reports_deleted, pages_live_not_in_sitemaps, deleteSkipped); the site's requests (its
 * files, the control's 3 listed pages, each page no longer listed at its stored form then with the
 * slash, the control again; every one a GET without the API key).
 */
const rn = require('../../../scripts/real-n8n/n8n');
const { takeRequests, sent } = require('./oracle');
const wa = require('./weeklyAudit');
const runs = require('./weeklyAuditRuns');
const { webPages } = require('../../sandbox/site');

const pad = (n) => String(n).padStart(2, '0');
const LISTED = Array.from({ length: 20 }, (_, i) => `/blog/post-${pad(i + 1)}/`);
const GONE = { '/blog/old-404/': 404, '/blog/old-410/': 410 };
const LIVE = '/blog/still-here/';

/** The site's rule: an address without a trailing slash (no file name) is sent to the one with it. */
function addsTrailingSlash({ path, host }) {
	const [pathname, query] = path.split(/(?=\?)/);
	if (pathname.endsWith('/') || /\.[a-z]+$/i.test(pathname)) return undefined;
	return { status: 301, location: `http://${host}${pathname}/${query ?? ''}`, body: '' };
}

function siteFiles(sandbox) {
	return {
		...wa.siteFilesOf(
			sandbox.url,
			LISTED.map((path) => `${sandbox.url}${path}`),
			10,
			{
				...Object.fromEntries(
					Object.entries(GONE).map(([path, status]) => [path, { status, body: 'Gone' }]),
				),
				...webPages([LIVE]),
			},
		),
		'*': addsTrailingSlash,
	};
}

async function checkDeleteTrailingSlash({ ctx, sandbox, report, tag, runTail }) {
	const name = `${tag} examples/weekly-audit.json with Delete, a site that adds a trailing slash with a 301`;
	const host = new URL(sandbox.url).host;
	const stored = (path) => `${host}${path.replace(/\/$/, '')}`;
	const notListed = [...Object.keys(GONE), LIVE];
	sandbox.reset([...LISTED, ...notListed].map((path) => ({ url: `${sandbox.url}${path}` })));
	const idOf = new Map(sandbox.reports().map((x) => [x.url, x.id]));
	const demoSite = sandbox.siteFiles;
	try {
		sandbox.siteFiles = siteFiles(sandbox);
		takeRequests(sandbox);
		const r = await rn.execute(ctx, runs.DELETE_ID);
		report.time(`${name}: n8n execute`, r.ms);
		report.check(`${name}: the run succeeds`, r.ok, () => runTail(r));
		if (!r.ok) return;
		const requests = takeRequests(sandbox);
		const out = rn.nodeOutput(r, wa.NODE);
		const asked = (path, status) => ({
			page_url: `${sandbox.url}${path.replace(/\/$/, '')}`,
			page_status: 301,
			page_final_status: status,
			page_answer: status === 200 ? 'live after a redirect to the same page' : 'gone',
			deleted: status !== 200,
		});
		const items = (list) =>
			list
				.filter((item) => item.action === 'not in sitemaps')
				.map(({ url, page_url, page_status, page_final_status, page_answer, deleted }) => ({
					url,
					page_url,
					page_status,
					page_final_status,
					page_answer,
					deleted,
				}))
				.sort((a, b) => (a.url < b.url ? -1 : 1));
		report.equal(
			`${name}: only the pages that answer 404 and 410 after the slash lose their reports (the DELETEs, the store); ${LIVE}, 301 to itself with the slash then 200, keeps its report; the items say what each page answered, first and last`,
			{
				deletes: sent(requests)
					.filter((q) => q.method === 'DELETE')
					.map((q) => q.path)
					.sort(),
				deleted: sandbox
					.reports()
					.filter((x) => x.deleted_at !== null)
					.map((x) => x.url)
					.sort(),
				notListed: items(out),
			},
			{
				deletes: Object.keys(GONE)
					.map((path) => `/api/v1/reports/${idOf.get(stored(path))}`)
					.sort(),
				deleted: Object.keys(GONE).map(stored).sort(),
				notListed: items(
					[...Object.entries(GONE), [LIVE, 200]].map(([path, status]) => ({
						action: 'not in sitemaps',
						url: stored(path),
						...asked(path, status),
					})),
				),
			},
		);
		report.equal(
			`${name}: the summary: 3 not in the sitemaps, 2 reports deleted, 1 page live but in no sitemap, and why it was kept`,
			{
				pages_not_in_sitemaps: out[0].pages_not_in_sitemaps,
				reports_deleted: out[0].reports_deleted,
				pages_live_not_in_sitemaps: out[0].pages_live_not_in_sitemaps,
				deleteSkipped: out[0].deleteSkipped,
			},
			{
				pages_not_in_sitemaps: 3,
				reports_deleted: 2,
				pages_live_not_in_sitemaps: 1,
				deleteSkipped: runs.KEPT_ONE(3),
			},
		);
		// the site: its files, the control (the first listed pages, at the sitemaps' spelling: 200), each
		// page no longer listed at its stored form (301) and then with the slash, the control again
		const site = requests.filter(wa.isSiteFile);
		const paths = site.map((q) => q.path);
		const files = wa.SITE_FILES.length;
		const control = LISTED.slice(0, runs.CONTROL);
		const hops = notListed.flatMap((path) => [path.replace(/\/$/, ''), path]).sort();
		report.equal(
			`${name}: the site was asked for its ${files} files, the control's ${runs.CONTROL} listed pages, each page no longer listed without and then with the slash (the 301 followed on the site), the control again; every request a GET without the API key`,
			{
				paths: [
					...paths.slice(0, files),
					...paths.slice(files, files + runs.CONTROL),
					...paths.slice(files + runs.CONTROL, -runs.CONTROL).sort(),
					...paths.slice(-runs.CONTROL),
				],
				statuses: Object.fromEntries(site.map((q) => [q.path, q.status])),
				plain: site.every((q) => q.method === 'GET' && q.headers.authorization === undefined),
			},
			{
				paths: [...wa.SITE_FILES, ...control, ...hops, ...control],
				statuses: Object.fromEntries(
					[
						...wa.SITE_FILES.map((path) => [path, 200]),
						...control.map((path) => [path, 200]),
						...notListed.map((path) => [path.replace(/\/$/, ''), 301]),
						...Object.entries(GONE),
						[LIVE, 200],
					].sort(),
				),
				plain: true,
			},
		);
	} finally {
		sandbox.siteFiles = demoSite;
	}
}

module.exports = { checkDeleteTrailingSlash };
