'use strict';
// Section 8b, the n8n way (issue 32): the sitemap of section 8 read as a user without this node
// would, in real n8n 2.40.7 — HTTP Request (GET the sitemap) → XML (to JSON) → Split Out (one item
// per <url>) — beside Project → Audit Site (List Only, Max Pages 50,000) in the same n8n install, on
// the same sitemap, each workflow run by its own `n8n execute` process, the two alternating (A B,
// B A…). Figures per workflow: its nodes, the requests it sent to the site (and to phpRank), the
// pages it output, the peak RSS growth of the n8n process while its nodes ran (section 3's way:
// lib/rss-sampler.js preloaded, growth against the RSS just before the first node started) and
// the nodes' time (`executionTime`, summed). A run that fails (the XML node on a large body) is a
// figure too: how it ended, after how long, and the RSS growth until then.
const { startSandbox } = require('../../test/sandbox');
const { startSite } = require('../../test/sandbox/site');
const { phpRankNode, httpNode } = require('./workflows');
const { readSamples, nodeMemory } = require('./memory');
const { bigSitemap } = require('./siteAudit');
const { median, range } = require('./stats');

const SITEMAP_PATH = '/big.xml';

function node(name, type, typeVersion, parameters, x) {
	return {
		id: `00000000-0000-4000-8000-0000000008${String(x).padStart(2, '0')}`,
		name,
		type,
		typeVersion,
		position: [x * 220, 0],
		parameters,
	};
}

/** A chain Start → nodes…, n8n's v1 order, nothing saved beyond what `n8n execute` stores. */
function chain(id, name, nodes) {
	const start = node('Start', 'n8n-nodes-base.manualTrigger', 1, {}, 0);
	const all = [start, ...nodes];
	const connections = {};
	for (let i = 0; i + 1 < all.length; i++)
		connections[all[i].name] = { main: [[{ node: all[i + 1].name, type: 'main', index: 0 }]] };
	return { id, name, nodes: all, connections, settings: { executionOrder: 'v1' } };
}

/** The two workflows, each with the nodes it is measured by (the trigger is not counted). */
function workflows(session, credential, siteUrl) {
	const audit = phpRankNode(
		'Audit Site',
		session.nodeType,
		{
			resource: 'project',
			operation: 'auditSite',
			site: siteUrl,
			maxPages: 50_000,
			options: { listOnly: true },
		},
		credential,
	);
	audit.position = [220, 0];
	const http = httpNode('Get Sitemap', { url: `${siteUrl}${SITEMAP_PATH}` });
	http.position = [220, 0];
	const xml = node(
		'XML',
		'n8n-nodes-base.xml',
		1,
		{ mode: 'xmlToJson', dataPropertyName: 'data', options: {} },
		2,
	);
	const split = node(
		'Split Out',
		'n8n-nodes-base.splitOut',
		1,
		{ fieldToSplitOut: 'urlset.url', options: {} },
		3,
	);
	return [
		{
			key: 'auditSite',
			label: 'Audit Site (List Only, Max Pages 50,000)',
			nodes: [audit.name],
			wf: chain('benchAuditSiteN8n', 'bench Audit Site, List Only', [audit]),
			url: (json) => json.url,
		},
		{
			key: 'n8nWay',
			label: 'HTTP Request → XML → Split Out',
			nodes: [http.name, xml.name, split.name],
			wf: chain('benchSitemapN8nWay', 'bench sitemap, the n8n way', [http, xml, split]),
			url: (json) => json.loc,
		},
	];
}

/** One run of one workflow: what it sent, what it output, its memory and time; a failure as such. */
async function measure({ session, variant, site, sandbox, sitemap, count }) {
	site.setFiles({ '/robots.txt': `Sitemap: ${SITEMAP_PATH}`, [SITEMAP_PATH]: sitemap });
	sandbox.clearRequests();
	const result = await session.execute(variant.wf.id, { rss: true, failOk: true });
	const samples = readSamples(result.rssFile);
	const runs = variant.nodes.map((name) => result.runData[name]?.[0]).filter(Boolean);
	const sitemapRequest = site.requests.find((r) => r.path === SITEMAP_PATH);
	const entry = {
		siteRequests: site.requests.length,
		phpRankRequests: sandbox.requests.length,
		sitemapBytes: sitemapRequest?.bytesWritten ?? 0,
		wallMs: result.ms,
	};
	const finished = !result.failed && runs.length === variant.nodes.length;
	if (finished) {
		const first = runs[0];
		const last = runs[runs.length - 1];
		const end = last.startTime + last.executionTime;
		const items = (last.data?.main?.[0] ?? []).map((item) => item.json);
		const memory = nodeMemory(samples, first.startTime, end - first.startTime);
		Object.assign(entry, {
			pages: items.length,
			// the pages are the sitemap's own <loc>s, in its order
			pagesMatching: items.filter((json, i) => variant.url(json) === sitemap.url(i)).length,
			ms: runs.reduce((sum, run) => sum + run.executionTime, 0),
			nodeMs: Object.fromEntries(variant.nodes.map((name, i) => [name, runs[i].executionTime])),
			rssGrowth: memory.growth,
			processPeak: memory.processPeak,
		});
		if (variant.key === 'auditSite' && entry.pages !== count)
			throw new Error(`Audit Site output ${entry.pages} pages of a ${count}-URL sitemap`);
	} else {
		// no node times to go by (n8n may have died before storing the run): from the moment the
		// site got the request for the sitemap, against the RSS just before it
		const from = sitemapRequest?.receivedAt ?? samples[0]?.[0] ?? 0;
		const to = samples.length ? samples[samples.length - 1][0] : from;
		const memory = nodeMemory(samples, from, to - from);
		const failedNode = Object.entries(result.runData).find(([, list]) => list?.[0]?.error)?.[0];
		Object.assign(entry, {
			failed: {
				...result.failed,
				node: failedNode,
				afterMs: to - from,
			},
			pages: 0,
			pagesMatching: 0,
			rssGrowth: memory.growth,
			processPeak: memory.processPeak,
		});
	}
	return entry;
}

/** All runs of one sitemap size, the two workflows alternating. */
async function measureSize({ session, variants, site, sandbox, count, reps, log }) {
	const sitemap = bigSitemap(site.url, count);
	let fileBytes = 0;
	for (const chunk of sitemap.chunks()) fileBytes += Buffer.byteLength(chunk);
	const runs = Object.fromEntries(variants.map((v) => [v.key, []]));
	for (let r = 0; r < reps; r++) {
		for (const variant of r % 2 ? [...variants].reverse() : variants) {
			const entry = await measure({ session, variant, site, sandbox, sitemap, count });
			runs[variant.key].push(entry);
			log?.(
				`  ${count} URLs, ${variant.key}: ${entry.failed ? `FAILED (${entry.failed.reason}; ${entry.failed.message}) after ${entry.failed.afterMs} ms` : `${entry.pages} pages, ${entry.ms} ms`}, +${(entry.rssGrowth / 1048576).toFixed(0)} MiB RSS, ${entry.siteRequests} request(s) to the site`,
			);
		}
	}
	const summary = (variant) => {
		const list = runs[variant.key];
		const done = list.filter((e) => !e.failed);
		const failed = list.filter((e) => e.failed);
		const med = (key, from = done) => median(from.map((e) => e[key]));
		return {
			key: variant.key,
			label: variant.label,
			nodes: variant.nodes,
			runs: list.length,
			failures: failed.length,
			failure: failed[0]?.failed,
			failureAfterMs: median(failed.map((e) => e.failed.afterMs)),
			failureRssGrowth: median(failed.map((e) => e.rssGrowth)),
			siteRequests: med('siteRequests', list),
			phpRankRequests: med('phpRankRequests', list),
			pages: done.length ? med('pages') : 0,
			pagesMatching: done.length ? med('pagesMatching') : 0,
			ms: med('ms'),
			msRange: range(done.map((e) => e.ms)),
			nodeMs: done[0]
				? Object.fromEntries(
						variant.nodes.map((name) => [name, median(done.map((e) => e.nodeMs[name]))]),
					)
				: {},
			wallMs: med('wallMs', list),
			rssGrowth: med('rssGrowth'),
			rssRange: range(done.map((e) => e.rssGrowth)),
			processPeak: med('processPeak'),
		};
	};
	return { count, fileBytes, reps, variants: variants.map(summary) };
}

/**
 * `sizes`: the sitemaps' URL counts, in order; `fallback`: the size measured as well when the n8n
 * way fails on every run of a size (so that the row compares something).
 */
async function runSiteAuditN8n({ session, credsFor, apiKey, sizes, fallback, reps, log }) {
	const site = await startSite({});
	// the phpRank credential's server: List Only sends it nothing (counted)
	const sandbox = await startSandbox({ apiKeys: [apiKey] });
	try {
		const creds = await credsFor([sandbox.url]);
		const variants = workflows(session, creds.phpRank[0], site.url);
		await session.importWorkflows(variants.map((v) => v.wf));
		const results = [];
		const todo = [...sizes];
		while (todo.length) {
			const count = todo.shift();
			log?.(`8b. the n8n way beside Audit Site in n8n: a ${count}-URL sitemap, ${reps} pair(s)`);
			const size = await measureSize({ session, variants, site, sandbox, count, reps, log });
			results.push(size);
			const n8nWay = size.variants.find((v) => v.key === 'n8nWay');
			if (fallback && n8nWay.failures === n8nWay.runs && !results.some((s) => s.count === fallback))
				todo.push(fallback);
		}
		return { sizes: results };
	} finally {
		await sandbox.close();
		await site.close();
	}
}

module.exports = { runSiteAuditN8n };
