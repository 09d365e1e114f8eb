'use strict';
// Section 8, a whole site (issue 32): Project → Audit Site in-process (n8n-core from the repo, in a
// child process per run: bench/lib/site-audit-child.js), against the sandbox (phpRank) and a site
// served from this process (test/sandbox/site.js):
// - requests to phpRank for a site's pages against the rule of Create or Re-Run for the same pages
//   (the site's listing once, ⌈P/100⌉ requests, plus one write a page not kept), and to the site
//   (robots.txt + one per sitemap file);
// - a 50,000-URL sitemap of about 50 MB: Max Pages 100 → the bytes the site sent before the node
//   closed the connection; List Only with Max Pages 50,000 → time and peak live heap ÷ the bytes of
//   the URLs kept (goal ≤ 2×);
// - a gzip bomb (1 GB once decompressed, about 1 MB sent) → RSS growth of the process;
// - issue 38 (the whole site, version 1.1): a 1,000-page site whose pages are all within Max Age,
//   Max Pages 100 → requests to phpRank (the listing's ⌈R/100⌉, no write), time and peak live heap,
//   each package at its default version, alternating (`planFreshSite`); a run that meets the plan's
//   limit → the Creates sent, those refused, the re-runs still done (`planLimitRow`).
// The n8n way (HTTP Request + XML + Split Out) on the same sitemap, in real n8n: lib/siteAuditN8n.js (8b).
const zlib = require('node:zlib');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { startSandbox } = require('../../test/sandbox');
const { startSite, urlset, sitemapIndex } = require('../../test/sandbox/site');
const { median } = require('./stats');

const CHILD = path.join(__dirname, 'site-audit-child.js');

/**
 * One run of the node in a child process. A run the node failed rejects, unless `failedRunIsFigure`
 * (then it resolves with `error`: how the run ended is what is measured).
 */
function runChild(snapshot, sandboxUrl, apiKey, parameters, heap, { failedRunIsFigure } = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(
			process.execPath,
			[
				'--expose-gc',
				CHILD,
				snapshot.nodeFile,
				snapshot.credentialFile,
				sandboxUrl,
				apiKey,
				JSON.stringify(parameters),
				heap ? '1' : '0',
			],
			{ stdio: ['ignore', 'pipe', 'pipe'] },
		);
		let out = '';
		let err = '';
		child.stdout.on('data', (d) => (out += d));
		child.stderr.on('data', (d) => (err += d));
		child.on('close', (code) => {
			if (code !== 0) return reject(new Error(`site audit child: ${err.slice(0, 800)}`));
			const result = JSON.parse(out);
			if (result.error && !failedRunIsFigure)
				return reject(new Error(`site audit child: the node failed: ${result.error}`));
			resolve(result);
		});
	});
}

/** A 50,000-URL sitemap of about 50 MB, streamed as the client reads it; `url(i)`: its i-th <loc>. */
function bigSitemap(siteUrl, count = 50_000) {
	const url = (i) => `${siteUrl}/catalogue/item-${String(i).padStart(6, '0')}-${'x'.repeat(930)}`;
	return {
		url,
		*chunks() {
			yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
			for (let i = 0; i < count; i += 100) {
				const part = [];
				for (let j = i; j < Math.min(count, i + 100); j++)
					part.push(`<url><loc>${url(j)}</loc><lastmod>2026-01-01</lastmod></url>`);
				yield `${part.join('\n')}\n`;
			}
			yield '</urlset>\n';
		},
	};
}

/** About 1 GB of spaces inside a urlset, gzip-compressed (about 1 MB). */
function gzipBomb(siteUrl) {
	const parts = [];
	const gzip = zlib.createGzip({ level: 9 });
	gzip.on('data', (d) => parts.push(d));
	const done = new Promise((resolve) => gzip.on('end', resolve));
	gzip.write(`<?xml version="1.0"?><urlset><url><loc>${siteUrl}/bomb-page</loc></url>`);
	const spaces = Buffer.alloc(1024 * 1024, 32);
	for (let i = 0; i < 1024; i++) gzip.write(spaces);
	gzip.end('</urlset>');
	return done.then(() => Buffer.concat(parts));
}

/**
 * Check for a Parallel Create's one read of the site after its C Creates: newest first, 100 a
 * request, down to the first report older than the run's (one more page when C fills its pages
 * and older reports follow).
 */
function readAfterCreates(creates, older) {
	if (creates === 0) return 0;
	return Math.ceil((creates + (older > 0 ? 1 : 0)) / 100);
}

/** The site's pages: robots.txt → an index → a plain and a gzip sitemap, half of `urls` each. */
function serveSitePages(site, urls) {
	const half = Math.ceil(urls.length / 2);
	site.setFiles({
		'/robots.txt': 'Sitemap: /sitemap_index.xml',
		'/sitemap_index.xml': sitemapIndex([`${site.url}/a.xml`, `${site.url}/b.xml.gz`]),
		'/a.xml': urlset(urls.slice(0, half)),
		'/b.xml.gz': { gzip: true, body: urlset(urls.slice(half)) },
	});
}

const pageUrls = (site, count) =>
	Array.from({ length: count }, (_, i) => `${site.url}/page-${i + 1}`);

/**
 * The requests to phpRank of the run, by kind; the child's warm-up (Get Many, Limit 1: no search_by)
 * is not counted. The site's reads search for its host without the port (every spelling of a page
 * holds it): the listing before the writes, and Check for a Parallel Create's read after the Creates.
 */
function phpRankRequests(sandbox, site) {
	const api = sandbox.requests.filter((r) => r.path.startsWith('/api/'));
	const siteTerm = new URL(site.url).hostname;
	const listing = api.filter((r) => r.method === 'GET' && r.query.search === siteTerm).length;
	// a page's own lookup (search_by=url)
	const lookups = api.filter(
		(r) => r.method === 'GET' && r.query.search_by === 'url' && r.query.search !== siteTerm,
	).length;
	const warmUp = api.filter((r) => r.method === 'GET' && r.query.search_by === undefined).length;
	const creates = api.filter((r) => r.method === 'POST' && r.pathname === '/api/v1/reports');
	const reruns = api.filter((r) => r.method === 'PATCH');
	return {
		total: api.length - warmUp,
		listing,
		lookups,
		writes: api.length - warmUp - listing - lookups,
		creates: creates.length,
		created: creates.filter((r) => r.status >= 200 && r.status < 300).length,
		// phpRank's "You created too many reports." (the sandbox's plan limit: test/sandbox/README.md)
		refused: creates.filter((r) => r.status === 422).length,
		reruns: reruns.filter((r) => r.status >= 200 && r.status < 300).length,
	};
}

async function requestsRows({ snapshot, apiKey, pages, withReports }) {
	const site = await startSite({});
	const urls = pageUrls(site, pages);
	const sandbox = await startSandbox({
		apiKeys: [apiKey],
		seed: urls.slice(0, withReports).map((url) => ({ url })),
	});
	try {
		serveSitePages(site, urls);
		sandbox.clearRequests();
		const out = await runChild(
			snapshot,
			sandbox.url,
			apiKey,
			{ resource: 'project', operation: 'auditSite', site: site.url, maxPages: pages },
			false,
		);
		const counted = phpRankRequests(sandbox, site);
		return {
			pages,
			withReports,
			phpRank: counted.total,
			listing: counted.listing,
			lookups: counted.lookups,
			writes: counted.writes,
			rule:
				Math.ceil(withReports / 100) + pages + readAfterCreates(pages - withReports, withReports),
			site: site.requests.length,
			siteRule: 1 + 3,
			items: out.items,
		};
	} finally {
		await sandbox.close();
		await site.close();
	}
}

/** Issue 38's site whose pages are all fresh: its size, Max Pages, a Max Age that keeps every report. */
const FRESH = { pages: 1000, maxPages: 100, maxAgeHours: 24 * 365 * 10 };

/**
 * Issue 38, (a): a site of 1,000 pages, each with its report, all within Max Age; Max Pages 100. The
 * package at its default version (version 1.1 reads every page and the site's reports once:
 * ⌈R/100⌉ requests, nothing written; version 1, the first 100 pages, kept). A plan (lib/alternate.js):
 * each step one run for the time and one with the GC forced for the peak live heap, so two packages'
 * runs alternate. A package without Audit Site (`required` false): no figures.
 */
async function planFreshSite({ snapshot, apiKey, reps, required }) {
	const site = await startSite({});
	const urls = pageUrls(site, FRESH.pages);
	const sandbox = await startSandbox({ apiKeys: [apiKey], seed: urls.map((url) => ({ url })) });
	serveSitePages(site, urls);
	const parameters = {
		resource: 'project',
		operation: 'auditSite',
		site: site.url,
		maxPages: FRESH.maxPages,
		options: { maxAgeHours: FRESH.maxAgeHours },
	};
	const runs = [];
	let failed;
	const once = async (heap) => {
		sandbox.clearRequests();
		const out = await runChild(snapshot, sandbox.url, apiKey, parameters, heap, {
			failedRunIsFigure: !required,
		});
		return { ...out, requests: phpRankRequests(sandbox, site) };
	};
	const step = async () => {
		if (failed) return;
		const timed = await once(false);
		if (timed.error) {
			failed = timed.error;
			return;
		}
		const sampled = await once(true);
		runs.push({ timed, sampled });
	};
	return {
		steps: Array.from({ length: reps }, () => step),
		finish() {
			if (failed) return { ...FRESH, unavailable: failed };
			const [first] = runs;
			const ms = runs.map((r) => r.timed.ms);
			const heaps = runs.map((r) => r.sampled.peakLive);
			return {
				...FRESH,
				reports: FRESH.pages,
				rule: Math.ceil(FRESH.pages / 100),
				typeVersion: first.timed.typeVersion,
				requests: first.timed.requests,
				// the same in every run (a fresh page is never written)
				sameRequests: runs.every(
					(r) =>
						r.timed.requests.total === first.timed.requests.total &&
						r.sampled.requests.total === first.timed.requests.total,
				),
				items: first.timed.items,
				actions: countOf(first.timed.actions),
				summary: first.timed.summary,
				ms: median(ms),
				msRange: [Math.min(...ms), Math.max(...ms)],
				peakLive: median(heaps),
				peakLiveRange: [Math.min(...heaps), Math.max(...heaps)],
				rssGrowth: median(runs.map((r) => r.timed.rssGrowth)),
				reps: runs.length,
			};
		},
		async close() {
			await sandbox.close();
			await site.close();
		},
	};
}

/** How many of each value: { created: 150, failed: 50, … }. */
function countOf(values) {
	const counts = {};
	for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
	return counts;
}

/** Issue 38, (b): the case of a run that meets the plan's limit. */
const PLAN_LIMIT = { pages: 300, withReports: 100, allowed: 150, parallel: 5, latencyMs: 20 };

/**
 * Issue 38, (b): a site of 300 pages, the last 100 in the sitemaps with a report, the account's plan
 * allowing 150 reports more (the sandbox's `maxReports`), Max Pages 300, Max Age 0, Max Parallel
 * Requests 5; every answer 20 ms late, so that 5 requests are on the wire at once. The figures: the
 * Creates sent, accepted and refused ("You created too many reports.", at most Max Parallel Requests
 * once the run knows: those already on the wire), the re-runs still done, how the run ended.
 */
async function planLimitRow({ snapshot, apiKey }) {
	const { pages, withReports, allowed, parallel, latencyMs } = PLAN_LIMIT;
	const site = await startSite({});
	const urls = pageUrls(site, pages);
	const sandbox = await startSandbox({
		apiKeys: [{ key: apiKey, maxReports: withReports + allowed }],
		seed: urls.slice(pages - withReports).map((url) => ({ url })),
		faults: { latencyMs },
	});
	try {
		serveSitePages(site, urls);
		sandbox.clearRequests();
		const out = await runChild(
			snapshot,
			sandbox.url,
			apiKey,
			{
				resource: 'project',
				operation: 'auditSite',
				site: site.url,
				maxPages: pages,
				options: { maxParallelRequests: parallel },
			},
			false,
			{ failedRunIsFigure: true },
		);
		return {
			...PLAN_LIMIT,
			typeVersion: out.typeVersion,
			requests: phpRankRequests(sandbox, site),
			error: out.error,
			items: out.items,
			actions: countOf(out.actions),
			summary: out.summary,
		};
	} finally {
		await sandbox.close();
		await site.close();
	}
}

async function runSiteAudit({ snapshot, apiKey, reps, log }) {
	const requests = [];
	for (const [pages, withReports] of [
		[300, 300],
		[300, 150],
	]) {
		log(`8. Audit Site requests: ${pages} pages, ${withReports} with reports`);
		requests.push(await requestsRows({ snapshot, apiKey, pages, withReports }));
	}
	log(
		`8. Audit Site meets the plan's limit: ${PLAN_LIMIT.pages} pages, ${PLAN_LIMIT.withReports} with a report, ${PLAN_LIMIT.allowed} reports more allowed`,
	);
	const planLimit = await planLimitRow({ snapshot, apiKey });
	const site = await startSite({});
	const sandbox = await startSandbox({ apiKeys: [apiKey] });
	// the site serves the 50,000-URL sitemap afresh (a run reads it from its start)
	const serveBigSitemap = () =>
		site.setFiles({ '/robots.txt': 'Sitemap: /big.xml', '/big.xml': bigSitemap(site.url) });
	/** Audit Site's List Only of the site, `extra` (Max Pages) added. */
	const listOnly = (extra = {}) => ({
		resource: 'project',
		operation: 'auditSite',
		site: site.url,
		...extra,
		options: { listOnly: true },
	});
	try {
		log('8. a 50,000-URL sitemap, Max Pages 100 (List Only)');
		const stopped = [];
		for (let r = 0; r < reps; r++) {
			serveBigSitemap();
			const out = await runChild(snapshot, sandbox.url, apiKey, listOnly({ maxPages: 100 }), false);
			await new Promise((resolve) => setTimeout(resolve, 200));
			const big = site.requests.find((q) => q.path === '/big.xml');
			stopped.push({ items: out.items, bytes: big.bytesWritten, closed: big.clientAborted });
		}
		log('8. the same sitemap, List Only, Max Pages 50,000 (live heap)');
		const whole = [];
		const params = listOnly({ maxPages: 50_000 });
		for (let r = 0; r < reps; r++) {
			// one run for the time, one with the GC forced for the live heap
			serveBigSitemap();
			const timed = await runChild(snapshot, sandbox.url, apiKey, params, false);
			serveBigSitemap();
			const sampled = await runChild(snapshot, sandbox.url, apiKey, params, true);
			whole.push({ ...sampled, ms: timed.ms });
		}
		const full = bigSitemap(site.url);
		let fileBytes = 0;
		for (const chunk of full.chunks()) fileBytes += Buffer.byteLength(chunk);
		log('8. a gzip bomb (1 GB decompressed)');
		const bomb = await gzipBomb(site.url);
		const bombs = [];
		for (let r = 0; r < reps; r++) {
			site.setFiles({ '/robots.txt': 'Sitemap: /bomb.xml.gz', '/bomb.xml.gz': bomb });
			bombs.push(await runChild(snapshot, sandbox.url, apiKey, listOnly(), false));
		}
		return {
			requests,
			planLimit,
			stopped: {
				fileBytes,
				items: stopped[0].items,
				bytes: median(stopped.map((s) => s.bytes)),
				closed: stopped.every((s) => s.closed),
			},
			listAll: {
				items: whole[0].items,
				urlBytes: whole[0].urlBytes,
				ms: median(whole.map((w) => w.ms)),
				peakLive: median(whole.map((w) => w.peakLive)),
				ratio: median(whole.map((w) => w.peakLive / w.urlBytes)),
			},
			bomb: {
				sent: bomb.length,
				rssGrowth: median(bombs.map((b) => b.rssGrowth)),
				skipped: bombs[0].skipped.map((s) => s.error),
				items: bombs[0].items,
			},
			reps,
		};
	} finally {
		await sandbox.close();
		await site.close();
	}
}

module.exports = { runSiteAudit, planFreshSite, bigSitemap, PLAN_LIMIT, FRESH };
