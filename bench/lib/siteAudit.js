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
// - a gzip bomb (1 GB once decompressed, about 1 MB sent) → RSS growth of the process.
// The n8n way (HTTP Request + XML + Split Out) on the same sitemap, in real n8n: lib/siteAuditN8n.js (8b).
const zlib = require('node:zlib');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { startSandbox } = require('../../test/sandbox');
const { startSite, urlset, sitemapIndex } = require('../../test/sandbox/site');
const { median } = require('./stats');

const CHILD = path.join(__dirname, 'site-audit-child.js');

function runChild(snapshot, sandboxUrl, apiKey, parameters, heap) {
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
			resolve(JSON.parse(out));
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

async function requestsRows({ snapshot, apiKey, pages, withReports }) {
	const site = await startSite({});
	const urls = Array.from({ length: pages }, (_, i) => `${site.url}/page-${i + 1}`);
	const sandbox = await startSandbox({
		apiKeys: [apiKey],
		seed: urls.slice(0, withReports).map((url) => ({ url })),
	});
	try {
		site.setFiles({
			'/robots.txt': 'Sitemap: /sitemap_index.xml',
			'/sitemap_index.xml': sitemapIndex([`${site.url}/a.xml`, `${site.url}/b.xml.gz`]),
			'/a.xml': urlset(urls.slice(0, Math.ceil(pages / 2))),
			'/b.xml.gz': { gzip: true, body: urlset(urls.slice(Math.ceil(pages / 2))) },
		});
		sandbox.clearRequests();
		const out = await runChild(
			snapshot,
			sandbox.url,
			apiKey,
			{ resource: 'project', operation: 'auditSite', site: site.url, maxPages: pages },
			false,
		);
		const api = sandbox.requests.filter((r) => r.path.startsWith('/api/'));
		// the site's reads search for its host without the port (every spelling of a page holds it):
		// the listing before the writes, and Check for a Parallel Create's read after the Creates
		const siteTerm = new URL(site.url).hostname;
		const listing = api.filter((r) => r.method === 'GET' && r.query.search === siteTerm).length;
		// a page's own lookup (search_by=url); the child's warm-up (Get Many, Limit 1) is not counted
		const lookups = api.filter(
			(r) => r.method === 'GET' && r.query.search_by === 'url' && r.query.search !== siteTerm,
		).length;
		const warmUp = api.filter((r) => r.method === 'GET' && r.query.search_by === undefined).length;
		return {
			pages,
			withReports,
			phpRank: api.length - warmUp,
			listing,
			lookups,
			writes: api.length - warmUp - listing - lookups,
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

async function runSiteAudit({ snapshot, apiKey, reps, log }) {
	const requests = [];
	for (const [pages, withReports] of [
		[300, 300],
		[300, 150],
	]) {
		log(`8. Audit Site requests: ${pages} pages, ${withReports} with reports`);
		requests.push(await requestsRows({ snapshot, apiKey, pages, withReports }));
	}
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

module.exports = { runSiteAudit, bigSitemap };
