'use strict';
/**
 * Issue 44 in real n8n: "the one option that deletes data never deletes a report of a page still on
 * the site". examples/weekly-audit.json with Reports of Pages No Longer Listed → Delete (the workflow
 * lib/weeklyAuditRuns.js imports, on its sandbox, once its three weeks are done), on a site of 20
 * pages whose reports are all stored, and 3 pages that truly left it:
 *
 *   run 1   the second sitemap (gzip) is cut off after its 5th page: HTTP 200, no </urlset>, as a
 *           PHP error or a proxy's time-out leaves it. 9 reports' pages look gone (5 cut off, 3
 *           gone, 1 left out): nothing is deleted, sitemapsSkipped names the file, deleteSkipped says why
 *   run 2   the sitemaps whole again: each page left is asked at the site; the 3 pages truly gone
 *           (404) lose their reports, a 4th page left out of the sitemaps that still answers 200
 *           keeps its report, and the items say both statuses
 *
 * What is checked: "Audit the site"'s summary and its "not in sitemaps" items, the DELETE requests
 * the sandbox received, and its store (which reports are deleted).
 */
const rn = require('../../../scripts/real-n8n/n8n');
const { takeRequests, sent } = require('./oracle');
const wa = require('./weeklyAudit');
const runs = require('./weeklyAuditRuns');
const { webPages } = require('../../sandbox/site');

const LISTED = Array.from({ length: 20 }, (_, i) => `/shop/item-${String(i + 1).padStart(2, '0')}`);
const GONE = ['/shop/old-1', '/shop/old-2', '/shop/old-3'];
/** A page no sitemap lists that still answers 200 (left out by a CMS plugin, say): never deleted. */
const LIVE = '/shop/still-here';
/** Pages of the gzip sitemap (items 11 to 20) that the cut-off file still gives. */
const KEPT_BY_CUT = 5;

/** The site's files: posts-1.xml with items 1-10, posts-2.xml.gz with 11-20, cut off or whole. */
function siteFiles(sandbox, cut) {
	const files = wa.siteFilesOf(
		sandbox.url,
		LISTED.map((path) => `${sandbox.url}${path}`),
		10,
		{
			...Object.fromEntries(GONE.map((path) => [path, { status: 404, body: 'Not Found' }])),
			...webPages([LIVE]),
		},
	);
	if (!cut) return files;
	const whole = files['/posts-2.xml.gz'].body;
	const sixth = whole.indexOf(`<url><loc>${sandbox.url}${LISTED[10 + KEPT_BY_CUT]}</loc>`);
	return { ...files, '/posts-2.xml.gz': { gzip: true, body: whole.slice(0, sixth) } };
}

/** One run of the example with Delete: its "Audit the site" output, DELETEs and the store after it. */
async function runOnce(ctx, sandbox, report, name, runTail) {
	const r = await rn.execute(ctx, runs.DELETE_ID);
	report.time(`${name}: n8n execute`, r.ms);
	report.check(`${name}: the run succeeds`, r.ok, () => runTail(r));
	const deletes = sent(takeRequests(sandbox)).filter((q) => q.method === 'DELETE');
	return { out: rn.nodeOutput(r, wa.NODE), deletes: deletes.map((q) => q.path) };
}

async function checkDeleteSurelyGone({ ctx, sandbox, report, tag, runTail }) {
	const name = `${tag} examples/weekly-audit.json with Delete, a sitemap cut off for one run`;
	const stored = (path) => `${new URL(sandbox.url).host}${path}`;
	sandbox.reset([...LISTED, ...GONE, LIVE].map((path) => ({ url: `${sandbox.url}${path}` })));
	const idOf = new Map(sandbox.reports().map((x) => [x.url, x.id]));
	const deleted = () =>
		sandbox
			.reports()
			.filter((x) => x.deleted_at !== null)
			.map((x) => x.url);
	const notListed = (out) =>
		out
			.filter((item) => item.action === 'not in sitemaps')
			.map((item) => [item.url, item.page_status, item.deleted])
			.sort();
	const demoSite = sandbox.siteFiles;
	try {
		sandbox.siteFiles = siteFiles(sandbox, true);
		const cut = await runOnce(ctx, sandbox, report, `${name}, run 1`, runTail);
		const gzip = `${sandbox.url}/posts-2.xml.gz`;
		const lookGone = [...LISTED.slice(10 + KEPT_BY_CUT), ...GONE, LIVE].map((path) => [
			stored(path),
			null,
			false,
		]);
		report.equal(
			`${name}, run 1: nothing deleted (no DELETE sent, no report gone from the store); the summary names the cut-off file and says why; the ${lookGone.length} pages that look gone are listed, not deleted`,
			{
				deletes: cut.deletes,
				deleted: deleted(),
				sitemapsSkipped: cut.out[0].sitemapsSkipped,
				deleteSkipped: cut.out[0].deleteSkipped,
				reportsDeleted: cut.out[0].reports_deleted,
				notListed: notListed(cut.out),
			},
			{
				deletes: [],
				deleted: [],
				sitemapsSkipped: [
					{
						sitemap: gzip,
						error: `${gzip} ended before its closing </urlset>: read only in part (cut off by an error or a time-out on the site?)`,
					},
				],
				deleteSkipped:
					"Nothing deleted: 1 of the site's sitemap files could not be read in full (see sitemapsSkipped), so a page may be missing from them only for now",
				reportsDeleted: 0,
				notListed: lookGone.sort(),
			},
		);

		sandbox.siteFiles = siteFiles(sandbox, false);
		const whole = await runOnce(ctx, sandbox, report, `${name}, run 2`, runTail);
		report.equal(
			`${name}, run 2 (the sitemaps whole again): the ${GONE.length} pages truly gone (404) lose their reports, and only they; ${LIVE}, in no sitemap but answering 200, keeps its report`,
			{
				deletes: [...whole.deletes].sort(),
				deleted: deleted().sort(),
				sitemapsSkipped: whole.out[0].sitemapsSkipped,
				deleteSkipped: whole.out[0].deleteSkipped,
				reportsDeleted: whole.out[0].reports_deleted,
				notListed: notListed(whole.out),
			},
			{
				deletes: GONE.map((path) => `/api/v1/reports/${idOf.get(stored(path))}`).sort(),
				deleted: GONE.map(stored).sort(),
				sitemapsSkipped: undefined,
				deleteSkipped: runs.KEPT_ONE(4),
				reportsDeleted: GONE.length,
				notListed: [
					...GONE.map((path) => [stored(path), 404, true]),
					[stored(LIVE), 200, false],
				].sort(),
			},
		);
	} finally {
		sandbox.siteFiles = demoSite;
	}
}

module.exports = { checkDeleteSurelyGone };
