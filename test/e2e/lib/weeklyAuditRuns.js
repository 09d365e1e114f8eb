'use strict';
/**
 * Issue 38 in real n8n: "the weekly audit survives a real site". examples/weekly-audit.json as it
 * ships (Audit Site 1.1, Max Pages 100, Max Age 168 h), its Site a 300-page site served by a sandbox
 * of its own, run three times, as three weeks:
 *
 *   pages (sitemaps' order)  p-001..p-150 new (no report)   p-151..p-170 audited this week
 *                            p-171..p-180 audited long ago, gone from the sitemaps after week 1
 *                            p-181..p-300 audited long ago (older than Max Age), oldest first
 *   phpRank cannot fetch     p-050 (new) and p-190 (old): every Create or re-run of them is 422
 *   the account's plan       304 reports (25 of an old project, old-shop.example, among them): full
 *                            after 30 Creates of week 2; the user then deletes the old project
 *
 *   week 1 (Keep)    300 listed, 20 kept; the 100 first new pages: 99 created, p-050 failed;
 *                    119 of 300 fresh, 180 left
 *   week 2 (Keep)    290 listed (10 gone), 119 kept; the 51 new pages (p-050, p-101..p-150), then the
 *                    49 stalest (p-181..p-229): 30 created, then "You created too many reports.": no
 *                    Create after that answer but those already on the wire, every other new page
 *                    failed with the plan's words; the re-runs go on (48, p-190 failed);
 *                    197 of 290 fresh, 71 left; the 10 gone pages listed as "not in sitemaps"
 *   week 3 (Delete)  the 21 new pages left and the 72 stalest: 20 created, 71 re-run, p-050 and
 *                    p-190 failed; 288 of 290 fresh, none left; the 10 pages gone from the sitemaps
 *                    asked at the site: 9 answer 404 and lose their report, p-175 still answers 200
 *                    (live, but in no sitemap) and keeps it
 *
 * Each week: the site's files once; the site's reports once (ceil(R/100) reads, before any write);
 * one write per page audited (none for a Create the plan-full answer stopped), the site read once
 * more after its Creates; the requests replayed on a re-seeded sandbox reproduce the store, and
 * "Audit the site"'s output is exactly the summary, each audited page's item (the answer as the
 * installed package shapes it, or `failed` with the node's words), the pages no longer listed; then
 * Get Issues (lib/weeklyAudit.js checkDigest: the example's audit part, which `n8n execute` can run;
 * the digest of the failed pages is lib/weeklyDigest.js's, in the editor).
 *
 * The sandbox's clock starts 160 hours before the line started, so that the reports the runs write
 * are within Max Age of the real time the node compares them with (and stay so for 8 hours), and the
 * seeded ones (an hour apart, ending there) older.
 */
const rn = require('../../../scripts/real-n8n/n8n');
const { startSandbox } = require('../../sandbox');
const { webPages } = require('../../sandbox/site');
const { takeRequests, sent, replay } = require('./oracle');
const { KEY, producedText } = require('./specs');
const wa = require('./weeklyAudit');

const HOUR_MS = 3_600_000;
const MAX_AGE_MS = 168 * HOUR_MS;
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const NEW = range(1, 150);
const FRESH = range(151, 170);
const GONE = range(171, 180);
const STALE = range(181, 300);
const UNREACHABLE = [50, 190];
/** A page gone from the sitemaps that still answers 200: Delete keeps its report. */
const LIVE_NOT_LISTED = 175;
const OLD_PROJECT = 'old-shop.example';
const OLD_REPORTS = 25;
/** The plan: full after week 1's 99 Creates and 30 of week 2's (25 + 150 + 99 + 30). */
const PLAN = OLD_REPORTS + 130 + FRESH.length + 99 + 30;
/** Max Parallel Requests (the node's default): at most this many requests on the wire. */
const PARALLEL = 5;
const MAX_PAGES = 100;
const CREDENTIAL = { id: 'phprank-plan', name: `phpRank sandbox, plan of ${PLAN} reports` };
const KEEP_ID = 'phprankAudit300Keep';
const DELETE_ID = 'phprankAudit300Del';
const PROJECT = '127.0.0.1';
/** Listed pages the control asks before the pages no longer listed, and again after (issue 55). */
const CONTROL = 3;
/** The summary's deleteSkipped when one of `total` pages no longer listed still answers its visitors. */
const KEPT_ONE = (total) =>
	`1 of the ${total} pages no longer listed was kept: its page did not say it is gone (page_answer: not "gone" nor "moved to another page")`;

/** The scenario's own sandbox: one account whose plan holds PLAN reports, its clock (above). */
async function startRunsSandbox() {
	return await startSandbox({
		apiKeys: [{ key: KEY, maxReports: PLAN }],
		clock: Date.now() - 160 * HOUR_MS,
	});
}

function credential(baseUrl) {
	return { ...CREDENTIAL, type: 'phpRankApi', data: { baseUrl, apiKey: KEY } };
}

/** The example, its Site the sandbox, with Keep (weeks 1 and 2) and with Delete (week 3). */
function workflows(siteUrl) {
	const of = (id, notListed) => {
		const wf = wa.workflow(siteUrl);
		for (const node of wf.nodes.filter((n) => n.credentials?.phpRankApi))
			node.credentials = { phpRankApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } };
		wf.nodes.find((n) => n.name === wa.NODE).parameters.notListed = notListed;
		return {
			...wf,
			id,
			name: `${wf.name} (300 pages, Reports of Pages No Longer Listed: ${notListed})`,
		};
	};
	return [of(KEEP_ID, 'keep'), of(DELETE_ID, 'delete')];
}

const pad = (n) => String(n).padStart(3, '0');
/** A page's address in the sitemaps, and as phpRank stores it. */
const pageUrl = (sandbox, n) => `${sandbox.url}/pages/p-${pad(n)}`;
const storedUrl = (sandbox, n) => `${new URL(sandbox.url).host}/pages/p-${pad(n)}`;
const sitemapOf = (sandbox, n) => `${sandbox.url}${n <= 150 ? '/posts-1.xml' : '/posts-2.xml.gz'}`;

/** The site's reports before week 1, the old project, and the two pages phpRank cannot fetch. */
function seed(sandbox) {
	sandbox.reset([
		...[...GONE, ...STALE].map((n) => ({ url: pageUrl(sandbox, n) })),
		...range(1, OLD_REPORTS).map((i) => ({ url: `https://${OLD_PROJECT}/products/item-${i}` })),
	]);
	for (const n of FRESH) sandbox.addReport({ url: pageUrl(sandbox, n) });
	for (const n of UNREACHABLE) sandbox.makeUnreachable({ url: pageUrl(sandbox, n) });
}

/** The site listing `pages` (each answering 200); `others` (path → file): pages not listed. */
function serve(sandbox, pages, others = {}) {
	sandbox.siteFiles = wa.siteFilesOf(
		sandbox.url,
		pages.map((n) => pageUrl(sandbox, n)),
		pages.filter((n) => n <= 150).length,
		others,
	);
}

/** A page's path on the site. */
const pagePath = (n) => `/pages/p-${pad(n)}`;
/** Whether a page no longer listed (as planOf gives it) is the one that still answers 200. */
const isLive = (sandbox, page) => page.newest.url === storedUrl(sandbox, LIVE_NOT_LISTED);

/**
 * What the rule says a week audits, from the store before it: every listed page by its newest
 * report; kept when within Max Age; of the others the new pages first (sitemaps' order), then the
 * oldest reports, Max Pages of them; the site's reports whose page is not listed, newest first.
 */
function planOf(sandbox, listed) {
	const site = sandbox
		.reports()
		.filter((x) => x.deleted_at === null && x.project === PROJECT)
		.sort((a, b) => b.id - a.id);
	const pages = new Map();
	for (const x of site) {
		if (!pages.has(x.url)) pages.set(x.url, { newest: x, ids: [] });
		pages.get(x.url).ids.push(x.id);
	}
	const now = Date.now();
	const entries = listed.map((n, order) => ({ n, order, ...pages.get(storedUrl(sandbox, n)) }));
	const age = (entry) => now - Date.parse(entry.newest.generated_at);
	const kept = entries.filter((entry) => entry.newest && age(entry) < MAX_AGE_MS);
	const candidates = entries.filter((entry) => !kept.includes(entry));
	const stalest = [
		...candidates.filter((entry) => !entry.newest),
		...candidates.filter((entry) => entry.newest).sort((a, b) => age(b) - age(a)),
	];
	const chosen = new Set(stalest.slice(0, MAX_PAGES));
	const listedUrls = new Set(listed.map((n) => storedUrl(sandbox, n)));
	return {
		siteReports: site.length,
		audit: candidates.filter((entry) => chosen.has(entry)),
		kept: kept.length,
		waiting: candidates.length - chosen.size,
		notListed: [...pages.values()].filter((page) => !listedUrls.has(page.newest.url)),
	};
}

const tooMany = (answer) => answer?.body?.message?.url?.[0] === 'You created too many reports.';

/**
 * One week: the workflow run with `n8n execute`, then its requests, the replay of every request so
 * far (`log`, which gains the week's), "Audit the site"'s output, the digest.
 */
async function checkWeek(o) {
	const { ctx, sandbox, report, pkg, runTail, log, week } = o;
	const name = `${o.tag} examples/${wa.FILE}, 300-page site, week ${week.number}`;
	const plan = planOf(sandbox, week.listed);
	const r = await rn.execute(ctx, week.workflow);
	report.time(`${name}: n8n execute`, r.ms);
	const requests = takeRequests(sandbox);
	const after = sandbox.reports();
	report.check(
		`${name}: the run succeeds (pages that failed are items, not the run's end)`,
		r.ok,
		() => runTail(r),
	);
	const all = sent(requests);
	const siteRequests = all.filter(wa.isSiteFile).map((q) => q.path);
	// with Delete, then the control (the first CONTROL listed pages, one after the other), each page gone
	// from the sitemaps (at once, so compared as a set), and the control again once some page said it is gone
	const control = week.listed.slice(0, CONTROL).map(pagePath);
	const files = wa.SITE_FILES.length;
	const pagesAsked = siteRequests.slice(files);
	report.equal(
		`${name}: the site's robots.txt, index and two sitemaps (one gzip) were read once each${week.deletes ? `; then the control's ${CONTROL} listed pages, the ${GONE.length} pages no longer listed once each, and the control's pages again` : ', and no page asked'}`,
		week.deletes
			? [
					...siteRequests.slice(0, files),
					...pagesAsked.slice(0, CONTROL),
					...pagesAsked.slice(CONTROL, -CONTROL).sort(),
					...pagesAsked.slice(-CONTROL),
				]
			: siteRequests,
		week.deletes
			? [...wa.SITE_FILES, ...control, ...GONE.map(pagePath).sort(), ...control]
			: wa.SITE_FILES,
	);

	// the replay of every request so far gives the answers the node received
	const api = requests.filter((q) => !wa.isSiteFile(q));
	log.push(...api);
	const answers = (await replay(sandbox, log, seed)).slice(log.length - api.length);
	report.equal(
		`${name}: replaying every request of the weeks so far on a re-seeded sandbox leaves the same store`,
		sandbox.reports(),
		after,
	);
	const got = api.map((q, i) => ({ request: sent([q])[0], answer: answers[i] }));
	const own = got.filter(({ request }) => !wa.isIssuesRead(request));
	const writes = checkRequests({ name, sandbox, report, plan, own, week });
	checkOutput({ name, sandbox, report, pkg, r, plan, writes, week });
	wa.checkDigest({ name, r, pkg, sandbox, got: all, report });
	report.check(`${name}: no API key in any output`, !producedText(r).includes(KEY));
}

/**
 * The week's own requests (Get Issues aside): the site's reports read once, before any write; one
 * write per page audited (a re-run of its newest report, or a Create; with Delete, every report of
 * the pages no longer listed); the site read once more, after every Create. Where phpRank answered
 * that the plan is full: no Create after it but those on the wire. Returns each page's write.
 */
function checkRequests({ name, sandbox, report, plan, own, week }) {
	const host = new URL(sandbox.url).hostname;
	const reads = Array.from({ length: Math.ceil(plan.siteReports / 100) }, (_, i) =>
		wa.lookup(host, i + 1),
	);
	const createOf = new Map(
		plan.audit.filter((e) => !e.newest).map((e) => [e.n, wa.create(pageUrl(sandbox, e.n))]),
	);
	const rerunOf = new Map(
		plan.audit.filter((e) => e.newest).map((e) => [e.n, wa.rerun(e.newest.id)]),
	);
	const deletions = week.deletes
		? plan.notListed
				.filter((page) => !isLive(sandbox, page))
				.flatMap((page) => page.ids.map(wa.deletion))
		: [];
	const firstFull = own.findIndex(({ answer }) => tooMany(answer));
	const posts = own.filter(({ request }) => request.method === 'POST');
	// once phpRank said the plan is full, the Creates still waiting are not sent: the set holds those
	// sent, and checkPlanFull which they are (the plan's room, then only those already on the wire)
	const sentCreates = new Set(posts.map(({ request }) => wa.key(request)));
	const expected = [
		...reads,
		...rerunOf.values(),
		...[...createOf.values()].filter((q) => firstFull < 0 || sentCreates.has(wa.key(q))),
		...deletions,
		wa.lookup(host, 1),
	];
	report.equal(
		`${name}: ${reads.length} read(s) of the site's ${plan.siteReports} reports, ${rerunOf.size} re-runs, ${posts.length} of ${createOf.size} Creates, ${deletions.length} deletions, 1 read after the Creates: ${expected.length} requests, each once`,
		own.map(({ request }) => wa.key(request)).sort(),
		expected.map(wa.key).sort(),
	);
	const lastPost = own.findLastIndex(({ request }) => request.method === 'POST');
	report.equal(
		`${name}: the site's reports were read first, in order, before any write; the read after the Creates after every Create`,
		{
			first: own.slice(0, reads.length).map(({ request }) => wa.key(request)),
			afterCreates: own
				.slice(lastPost + 1)
				.filter(({ request }) => request.method === 'GET')
				.map(({ request }) => wa.key(request)),
		},
		{ first: reads.map(wa.key), afterCreates: [wa.key(wa.lookup(host, 1))] },
	);
	if (week.planFull) checkPlanFull({ name, report, own, firstFull, createOf, week });
	const answerOf = (request) => own.find((x) => wa.key(x.request) === wa.key(request))?.answer;
	return {
		of: (entry) =>
			entry.newest
				? { action: 're-run', answer: answerOf(rerunOf.get(entry.n)) }
				: { action: 'created', answer: answerOf(createOf.get(entry.n)) },
	};
}

/** The plan-full answer: exactly the plan's room created, nothing after it but what was on the wire. */
function checkPlanFull({ name, report, own, firstFull, createOf, week }) {
	const creates = own.filter(({ request }) => request.method === 'POST');
	const createdCount = creates.filter(({ answer }) => answer?.status === 200).length;
	const afterFull = own.slice(firstFull + 1).filter(({ request }) => request.method === 'POST');
	const rerunsAfter = own
		.slice(firstFull + 1)
		.filter(({ request }) => request.method === 'PATCH').length;
	report.equal(
		`${name}: phpRank answered "You created too many reports." after ${week.planFull} Creates; then no Create was sent but those on the wire (at most ${PARALLEL - 1}: ${afterFull.length}, each refused too), ${createOf.size - creates.length} not sent at all; the re-runs went on (${rerunsAfter} after that answer)`,
		{
			created: createdCount,
			firstFullIsCreate: own[firstFull]?.request.method === 'POST',
			onTheWire: afterFull.length <= PARALLEL - 1,
			refusedAfter: afterFull.every(({ answer }) => tooMany(answer)),
			rerunsAfter: rerunsAfter > 0,
		},
		{
			created: week.planFull,
			firstFullIsCreate: true,
			onTheWire: true,
			refusedAfter: true,
			rerunsAfter: true,
		},
	);
}

/** "Audit the site"'s output: the summary, each audited page in the sitemaps' order, the pages gone. */
function checkOutput({ name, sandbox, report, pkg, r, plan, writes, week }) {
	const shape = wa.itemShaper(pkg, wa.workflow(sandbox.url));
	const pages = plan.audit.map((entry) => {
		const fields = { sitemap: sitemapOf(sandbox, entry.n), lastmod: null };
		const { action, answer } = writes.of(entry);
		if (answer?.status === 200) return { ...shape(action, answer.body.data), ...fields };
		// a fetch that failed names the page as sent: its address for a Create, the report's URL for a re-run
		const error =
			answer && !tooMany(answer)
				? wa.FETCH_FAILED(entry.newest ? entry.newest.url : pageUrl(sandbox, entry.n))
				: wa.PLAN_FULL;
		const url = pageUrl(sandbox, entry.n);
		return { url, ...fields, project: PROJECT, action: 'failed', error };
	});
	// each asked where the sitemaps write the site's pages (here the Site itself), no redirect on the way
	const asked = (page) => ({
		page_url: `${sandbox.url}${page.newest.url.slice(page.newest.url.indexOf('/'))}`,
		...(isLive(sandbox, page)
			? {
					page_status: 200,
					page_final_status: 200,
					page_answer: 'live, but in no sitemap',
					deleted: false,
				}
			: {
					page_status: 404,
					page_final_status: 404,
					page_answer: 'gone',
					deleted: true,
					reports_deleted: page.ids.length,
				}),
	});
	const gone = plan.notListed.map((page) => ({
		action: 'not in sitemaps',
		id: page.newest.id,
		url: page.newest.url,
		generated_at: page.newest.generated_at,
		project: PROJECT,
		...(week.deletes ? asked(page) : {}),
	}));
	const summary = wa.summaryOf(sandbox, wa.SITE_FILES.slice(1), week.summary);
	const out = rn.nodeOutput(r, wa.NODE);
	report.equal(
		`${name}: "${wa.NODE}" summary: ${summary.pages_fresh} of ${summary.pages_listed} pages fresh, ${summary.pages_audited} audited (${summary.pages_created} created, ${summary.pages_re_run} re-run), ${summary.pages_kept} kept, ${summary.pages_failed} failed, ${summary.pages_waiting} left, ${summary.pages_not_in_sitemaps} not in the sitemaps, ${summary.reports_deleted} reports deleted`,
		out[0],
		summary,
	);
	report.equal(
		`${name}: the rule chose what the summary counts (${plan.audit.length} pages audited or failed, ${plan.kept} kept, ${plan.waiting} left, ${plan.notListed.length} no longer listed)`,
		[plan.audit.length, plan.kept, plan.waiting, plan.notListed.length],
		[
			summary.pages_audited + summary.pages_failed,
			summary.pages_kept,
			summary.pages_waiting,
			summary.pages_not_in_sitemaps,
		],
	);
	report.equal(
		`${name}: "${wa.NODE}" output the summary, then each of the ${pages.length} pages chosen in the sitemaps' order (the answer as the package shapes it with its sitemap and lastmod, or failed with the node's words), then the ${gone.length} pages no longer listed`,
		out,
		[summary, ...pages, ...gone],
	);
}

async function checkWeeklyAuditRuns({ ctx, sandbox, report, tag, pkg, runTail }) {
	const log = [];
	seed(sandbox);
	const o = { ctx, sandbox, report, tag, pkg, runTail, log };
	const s = (n) => storedUrl(sandbox, n);
	const all = range(1, 300);
	const listed = all.filter((n) => !GONE.includes(n));
	const demoSite = sandbox.siteFiles;
	try {
		serve(sandbox, all);
		await checkWeek({
			...o,
			week: {
				number: 1,
				workflow: KEEP_ID,
				listed: all,
				summary: {
					pages_listed: 300,
					pages_fresh: 119,
					pages_audited: 99,
					pages_created: 99,
					pages_kept: 20,
					pages_failed: 1,
					pages_waiting: 180,
				},
			},
		});

		// the site drops 10 pages from its sitemaps
		serve(sandbox, listed);
		await checkWeek({
			...o,
			week: {
				number: 2,
				workflow: KEEP_ID,
				listed,
				planFull: 30,
				summary: {
					pages_listed: 290,
					pages_fresh: 197,
					pages_audited: 78,
					pages_created: 30,
					pages_re_run: 48,
					pages_kept: 119,
					pages_failed: 22,
					pages_waiting: 71,
					pages_not_in_sitemaps: 10,
				},
			},
		});

		// the user frees the plan as the digest says: Project → Delete of the old project (in phpRank)
		const freed = await fetch(`${sandbox.url}/api/v1/projects/${OLD_PROJECT}`, {
			method: 'DELETE',
			headers: { authorization: `Bearer ${KEY}`, accept: 'application/json' },
		});
		log.push(...takeRequests(sandbox));
		report.equal(
			`${tag} 300-page site: between weeks 2 and 3 the user deletes the project ${OLD_PROJECT} (${OLD_REPORTS} reports), which frees the plan`,
			[
				freed.status,
				sandbox.reports().filter((x) => x.project === OLD_PROJECT && x.deleted_at === null).length,
			],
			[200, 0],
		);

		// the 10 pages stay off the sitemaps: 9 are gone (404), p-175 still answers 200
		const goneFiles = Object.fromEntries(GONE.map((n) => [pagePath(n), { status: 404 }]));
		serve(sandbox, listed, { ...goneFiles, ...webPages([pagePath(LIVE_NOT_LISTED)]) });
		await checkWeek({
			...o,
			week: {
				number: 3,
				workflow: DELETE_ID,
				listed,
				deletes: true,
				summary: {
					pages_listed: 290,
					pages_fresh: 288,
					pages_audited: 91,
					pages_created: 20,
					pages_re_run: 71,
					pages_kept: 197,
					pages_failed: 2,
					pages_not_in_sitemaps: 10,
					pages_live_not_in_sitemaps: 1,
					reports_deleted: 9,
					deleteSkipped: KEPT_ONE(10),
				},
			},
		});
		checkCoverage({ sandbox, report, tag, listed, s });
	} finally {
		sandbox.siteFiles = demoSite;
	}
}

/** After week 3: every listed page but the two phpRank cannot fetch has a report within Max Age. */
function checkCoverage({ sandbox, report, tag, listed, s }) {
	const visible = sandbox.reports().filter((x) => x.deleted_at === null);
	const now = Date.now();
	const freshPages = listed.filter((n) =>
		visible.some((x) => x.url === s(n) && now - Date.parse(x.generated_at) < MAX_AGE_MS),
	);
	report.equal(
		`${tag} 300-page site after 3 weeks: every listed page has a report within Max Age but the 2 phpRank cannot fetch; of the pages gone from the sitemaps only p-${pad(LIVE_NOT_LISTED)}, which still answers 200, has its report left; one report per page`,
		{
			notFresh: listed.filter((n) => !freshPages.includes(n)),
			gone: GONE.filter((n) => visible.some((x) => x.url === s(n))),
			duplicates: visible.length - new Set(visible.map((x) => x.url)).size,
		},
		{ notFresh: UNREACHABLE, gone: [LIVE_NOT_LISTED], duplicates: 0 },
	);
}

module.exports = {
	startRunsSandbox,
	credential,
	workflows,
	checkWeeklyAuditRuns,
	PLAN,
	DELETE_ID,
	CONTROL,
	KEPT_ONE,
};
