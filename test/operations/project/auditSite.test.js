// Project → auditSite (nodes/PhpRank/auditSite/auditSite.ts): this operation's own tests,
// through n8n-core's engine against the sandbox (phpRank) and a site (test/sandbox/site.js) that
// serves robots.txt and sitemaps as sites write them, and misbehaves as sites do. The sitemap
// reader's own parts are tested in test/auditSite/.
const zlib = require('node:zlib');
const {
	useFixture,
	startFixture,
	urlSearch,
	urlSearchInUrlOrder,
	rerun,
	form,
	del,
	apiGet,
	API_KEY,
} = require('../../node/fixture');
const { startSite, urlset, sitemapIndex, webPages } = require('../../sandbox/site');
const { auditSummary } = require('../../helpers/audit-summary');
const { evaluatedByTheNode } = require('../../helpers/node-evaluations');
const { runNodeInProcess } = require('../../helpers/run-node-process');
const { startProxy } = require('../../helpers/forward-proxy');
const selfSigned = require('../../helpers/fixtures/self-signed-cert');

const fixture = useFixture({ clock: Math.floor(Date.now() / 1000) * 1000 });
let site;
beforeAll(async () => {
	site = await startSite({});
});
afterAll(() => site?.close());
beforeEach(() => {
	fixture.sandbox.reset(null);
	fixture.sandbox.setFaults({});
});

const listOnly = (extra = {}, options = {}) => ({
	resource: 'project',
	operation: 'auditSite',
	site: site.url,
	...extra,
	options: { listOnly: true, ...options },
});
const audit = (extra = {}, options = {}) => ({
	resource: 'project',
	operation: 'auditSite',
	site: site.url,
	...extra,
	options,
});
/** Waits until `condition()` holds (what the server sees of a close comes a moment later); false after 5 s. */
async function eventually(condition) {
	for (let waited = 0; waited < 5000; waited += 20) {
		if (condition()) return true;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	return condition();
}
const jsonOf = (result) => result.items.map((item) => item.json);
const sitePaths = () => site.requests.map((request) => request.path);
const page = (path, sitemap, lastmod = null) => ({
	url: `${site.url}${path}`,
	sitemap: `${site.url}${sitemap}`,
	lastmod,
});
const u = (path) => `${site.url}${path}`;
// the site's search term: its host without the port (report/storedUrl.ts siteSearchTerm)
const listing = (page = 1) => urlSearch(new URL(site.url).hostname, page);
/** A page's lookup: its site's host, `%`, its path (report/storedUrl.ts pageLookupTerm). */
const lookup = (path) => urlSearch(`${new URL(site.url).hostname}%${path}`);
const create = (url, privacy = 1, password) =>
	form(
		'POST',
		'/api/v1/reports',
		`url=${encodeURIComponent(url)}&privacy=${privacy}${password ? `&password=${encodeURIComponent(password)}` : ''}`,
	);

const ROBOTS_CUT = (url) =>
	`${url} is longer than 500 KiB: only its first 500 KiB were read (RFC 9309's bound on robots.txt), so a Sitemap line past them is not used: read only in part`;

test('each parameter is read once per item: Site, Max Pages, Simplify and Options', async () => {
	site.setFiles({
		'/robots.txt': 'Sitemap: /a.xml\n',
		'/a.xml': urlset([u('/one'), u('/blog/two')]),
	});
	let result;
	const counts = await evaluatedByTheNode(async () => {
		result = await fixture.run(
			{
				...listOnly({ site: '={{ $json.site }}', maxPages: '={{ $json.max }}' }),
				simplify: '={{ $json.simplify }}',
				options: { listOnly: '={{ $json.listOnly }}', include: '={{ $json.include }}' },
			},
			{ items: [{ site: site.url, max: 10, simplify: true, listOnly: true, include: '/blog/' }] },
		);
	});
	expect(result.error).toBeUndefined();
	expect(jsonOf(result)).toEqual([page('/blog/two', '/a.xml')]);
	expect(counts).toEqual({
		'={{ $json.site }}': 1,
		'={{ $json.max }}': 1,
		'={{ $json.simplify }}': 1,
		'={{ $json.listOnly }}': 1,
		'={{ $json.include }}': 1,
	});
});

describe('where the sitemaps are', () => {
	test("robots.txt's Sitemap lines: any case, CRLF, comments, a byte-order mark, a relative URL; List Only sends nothing to phpRank", async () => {
		site.setFiles({
			'/robots.txt': `\uFEFFUser-agent: *\r\nDisallow: /private # not this\r\nSITEMAP: /a.xml\r\n# Sitemap: /commented.xml\r\nsitemap:${u('/b.xml')}  # the second\r\n`,
			'/a.xml': urlset([u('/one'), { loc: u('/two'), lastmod: '2026-01-01' }]),
			'/b.xml': urlset([u('/three')]),
		});
		const result = await fixture.run(listOnly());
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			page('/one', '/a.xml'),
			page('/two', '/a.xml', '2026-01-01'),
			page('/three', '/b.xml'),
		]);
		expect(sitePaths()).toEqual(['/robots.txt', '/a.xml', '/b.xml']);
		expect(fixture.takeRequests()).toEqual([]);
	});

	test.each([
		['missing (404)', { status: 404, body: 'Not Found' }],
		['a web page', '<!DOCTYPE html><html><body>Sitemap: /nope.xml</body></html>'],
		['without a Sitemap line', 'User-agent: *\nDisallow:\n'],
	])('robots.txt %s: /sitemap.xml, then /sitemap_index.xml', async (_name, robots) => {
		site.setFiles({
			'/robots.txt': robots,
			'/sitemap_index.xml': sitemapIndex([u('/pages.xml')]),
			'/pages.xml': urlset([u('/p')]),
		});
		const result = await fixture.run(listOnly());
		expect(jsonOf(result).map((item) => item.url)).toEqual([u('/p')]);
		expect(sitePaths()).toEqual([
			'/robots.txt',
			'/sitemap.xml',
			'/sitemap_index.xml',
			'/pages.xml',
		]);
	});

	test('A Sitemap URL: only that file (and what it lists); robots.txt is not read', async () => {
		site.setFiles({ '/custom.xml': urlset([u('/c')]), '/robots.txt': 'Sitemap: /other.xml' });
		const result = await fixture.run(
			listOnly({ pagesFrom: 'sitemapUrl', sitemapUrl: u('/custom.xml') }),
		);
		expect(jsonOf(result)).toEqual([page('/c', '/custom.xml')]);
		expect(sitePaths()).toEqual(['/custom.xml']);
	});

	test('a page address as Site: its scheme and host are the site', async () => {
		site.setFiles({ '/robots.txt': 'Sitemap: /s.xml', '/s.xml': urlset([u('/x')]) });
		const result = await fixture.run(listOnly({ site: `${site.url}/some/page?q=1` }));
		expect(jsonOf(result).map((item) => item.url)).toEqual([u('/x')]);
	});
});

describe('index files', () => {
	test('nested 3 deep are read, in the sitemaps order; a 4th level is skipped and named', async () => {
		site.setFiles({
			'/robots.txt': 'Sitemap: /i0.xml',
			'/i0.xml': sitemapIndex([u('/i1.xml'), u('/last.xml')]),
			'/i1.xml': sitemapIndex([u('/i2.xml')]),
			'/i2.xml': sitemapIndex([u('/i3.xml'), u('/deep.xml')]),
			'/i3.xml': sitemapIndex([u('/too-deep.xml')]),
			'/deep.xml': urlset([u('/deep')]),
			'/last.xml': urlset([u('/last')]),
			'/too-deep.xml': urlset([u('/never')]),
		});
		const result = await fixture.run(listOnly());
		expect(jsonOf(result).map((item) => item.url)).toEqual([u('/deep'), u('/last')]);
		expect(jsonOf(result)[0].sitemapsSkipped).toEqual([
			{
				sitemap: u('/too-deep.xml'),
				error: `${u('/too-deep.xml')} is a sitemap index nested more than 3 deep, not read`,
			},
		]);
		expect(sitePaths()).not.toContain('/too-deep.xml');
	});

	test('an index that lists itself, A → B → A, a sitemap that redirects to its parent: each file fetched once, and the run ends', async () => {
		site.setFiles({
			'/robots.txt': 'Sitemap: /a.xml',
			'/a.xml': sitemapIndex([u('/a.xml'), u('/b.xml'), u('/child.xml')]),
			'/b.xml': sitemapIndex([u('/a.xml'), u('/pages.xml')]),
			'/child.xml': { status: 301, location: '/a.xml' },
			'/pages.xml': urlset([u('/p')]),
		});
		const result = await fixture.run(listOnly());
		expect(jsonOf(result).map((item) => item.url)).toEqual([u('/p')]);
		expect(sitePaths()).toEqual(['/robots.txt', '/a.xml', '/b.xml', '/pages.xml', '/child.xml']);
		expect(jsonOf(result)[0].sitemapsSkipped).toEqual([
			{
				sitemap: u('/child.xml'),
				error: `${u('/child.xml')} redirects to ${u('/a.xml')}, a file already read`,
			},
		]);
	});

	test('at most 100 sitemap files a run: the rest are skipped and named', async () => {
		const files = { '/robots.txt': 'Sitemap: /index.xml' };
		const children = Array.from({ length: 120 }, (_, i) => u(`/s${i}.xml`));
		files['/index.xml'] = sitemapIndex(children);
		children.forEach((child, i) => (files[`/s${i}.xml`] = urlset([u(`/p${i}`)])));
		site.setFiles(files);
		const result = await fixture.run(listOnly({ maxPages: 1000 }));
		expect(jsonOf(result)).toHaveLength(99);
		expect(site.requests).toHaveLength(101);
		const skipped = jsonOf(result)[0].sitemapsSkipped;
		expect(skipped).toHaveLength(21);
		expect(skipped[0]).toEqual({
			sitemap: u('/s99.xml'),
			error: `${u('/s99.xml')} was not read: a run reads at most 100 sitemap files`,
		});
	});
});

describe('gzip, told by its first bytes', () => {
	test('a .gz compressed, a .gz that is plain XML, gzip without the name, gzip decoded in transit; a corrupt one fails and the others go on', async () => {
		const xml = (path) => urlset([u(path)]);
		const gz = zlib.gzipSync(xml('/zipped'));
		site.setFiles({
			'/robots.txt': ['/a.xml.gz', '/b.xml.gz', '/c.xml', '/d.xml.gz', '/e.xml.gz']
				.map((p) => `Sitemap: ${p}`)
				.join('\n'),
			'/a.xml.gz': { body: gz, headers: { 'Content-Type': 'application/gzip' } },
			'/b.xml.gz': xml('/plain-named-gz'),
			'/c.xml': { body: xml('/gzip-named-xml'), gzip: true },
			'/d.xml.gz': {
				body: xml('/decoded-in-transit'),
				gzip: true,
				headers: { 'Content-Encoding': 'gzip' },
			},
			'/e.xml.gz': { body: Buffer.concat([gz.subarray(0, 20), Buffer.alloc(200, 7)]) },
		});
		const result = await fixture.run(listOnly());
		expect(jsonOf(result).map((item) => item.url)).toEqual([
			u('/zipped'),
			u('/plain-named-gz'),
			u('/gzip-named-xml'),
			u('/decoded-in-transit'),
		]);
		expect(jsonOf(result)[0].sitemapsSkipped).toEqual([
			{
				sitemap: u('/e.xml.gz'),
				error: `${u('/e.xml.gz')} is gzip-compressed but cannot be decompressed (a broken file)`,
			},
		]);
	});
});

describe('XML as sites write it', () => {
	test('byte-order mark, blank lines, XSL line, prefixed tags, CDATA, entities, line breaks in <loc>; image:loc and xhtml:link are not pages; an empty <loc> is no page, and marks its file read in part', async () => {
		const body = `\uFEFF\n\n<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet type="text/xsl" href="/sitemap.xsl"?>
<!-- generated -->
<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">
<sm:url><sm:loc><![CDATA[${u('/cdata?a=1&b=2')}]]></sm:loc><sm:lastmod>2026-02-01</sm:lastmod>
<image:image><image:loc>${u('/image.png')}</image:loc></image:image>
<xhtml:link rel="alternate" hreflang="de" href="${u('/de/')}"/></sm:url>
<sm:url><sm:loc>${u('/q?x=1&amp;y=&#50;&#x33;')}</sm:loc></sm:url>
<sm:url><sm:loc>
   ${u('/broken')}
</sm:loc></sm:url>
<sm:url><sm:loc></sm:loc></sm:url>
<sm:url><sm:loc>  </sm:loc></sm:url>
</sm:urlset>`;
		site.setFiles({ '/robots.txt': 'Sitemap: /s.xml', '/s.xml': body });
		const result = await fixture.run(listOnly());
		expect(jsonOf(result)).toEqual([
			{
				...page('/cdata?a=1&b=2', '/s.xml', '2026-02-01'),
				sitemapsSkipped: [
					{
						sitemap: u('/s.xml'),
						error: `${u('/s.xml')} lists 2 entries whose <loc> is empty: read only in part`,
					},
				],
			},
			page('/q?x=1&y=23', '/s.xml'),
			page('/broken', '/s.xml'),
		]);
	});

	test('a space inside a <loc> is part of the page: listed and audited as %20 (not removed), the same page as its %20 spelling', async () => {
		site.setFiles({
			'/robots.txt': 'Sitemap: /s.xml',
			'/s.xml': urlset([
				u('/docs/My Document.pdf'),
				`  ${u('/docs/My%20Document.pdf')}\n`,
				u('/search?q=red shoes'),
			]),
		});
		const listed = await fixture.run(listOnly());
		expect(jsonOf(listed)).toEqual([
			page('/docs/My%20Document.pdf', '/s.xml'),
			page('/search?q=red%20shoes', '/s.xml'),
		]);
		const audited = await fixture.run(audit({}, { checkAfterCreate: false }));
		expect(audited.error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([
			listing(1),
			create(u('/docs/My%20Document.pdf'), 1),
			create(u('/search?q=red%20shoes'), 1),
		]);
		const host = new URL(site.url).host;
		// version 1.1: the run's summary first (its `url` is none)
		expect(jsonOf(audited).map((item) => item.url)).toEqual([
			undefined,
			`${host}/docs/My%20Document.pdf`,
			`${host}/search?q=red%20shoes`,
		]);
	});

	test('a page whose URL is longer than 2,048 characters (phpRank refuses it) is not listed by List Only nor sent; version 1.1 says it in a failed item', async () => {
		const long = u(`/${'a'.repeat(2048 - u('/').length)}`);
		site.setFiles({
			'/robots.txt': 'Sitemap: /s.xml',
			'/s.xml': urlset([long, `${long}b`, u('/short')]),
		});
		const listed = await fixture.run(listOnly());
		expect(jsonOf(listed).map((item) => item.url)).toEqual([long, u('/short')]);
		expect(long).toHaveLength(2048);
		const audited = await fixture.run(audit({}, { checkAfterCreate: false }));
		expect(fixture.takeRequests()).toEqual([listing(1), create(long, 1), create(u('/short'), 1)]);
		const host = new URL(site.url).host;
		expect(jsonOf(audited).map((item) => [item.url, item.action])).toEqual([
			[undefined, 'summary'],
			[`${host}${long.slice(site.url.length)}`, 'created'],
			[`${host}/short`, 'created'],
			[`${long}b`, 'failed'],
		]);
		expect(jsonOf(audited)[0]).toMatchObject({
			pages_listed: 3,
			pages_created: 2,
			pages_failed: 1,
		});
	});

	test('an answer that is not a sitemap (a login page): an error naming that URL, nothing sent to phpRank', async () => {
		site.setFiles({
			'/robots.txt': 'Sitemap: /sitemap.xml',
			'/sitemap.xml':
				'<!DOCTYPE html><html><head><title>Log in</title></head><body>secret-ish</body></html>',
		});
		const result = await fixture.run(audit());
		expect(result.error.message).toBe(
			`No sitemap of ${site.url} could be read (${u('/sitemap.xml')} is not a sitemap (no <urlset> or <sitemapindex>: a web page or a login page?)): give the sitemap's address with Pages From "A Sitemap URL", or check that the site is up`,
		);
		expect(result.error.message).not.toContain('secret-ish');
		expect(fixture.takeRequests()).toEqual([]);
	});
});

describe('the site and only the site', () => {
	test('pages on another host are not audited (the www. twin is the site); a sitemap on another host is not fetched', async () => {
		site.setFiles({
			'/robots.txt': 'Sitemap: /s.xml\nSitemap: http://other.invalid/s.xml',
			'/s.xml': urlset([u('/mine'), 'https://elsewhere.invalid/page', u('/also-mine')]),
		});
		const result = await fixture.run(listOnly());
		expect(jsonOf(result).map((item) => item.url)).toEqual([u('/mine'), u('/also-mine')]);
		expect(jsonOf(result)[0].sitemapsSkipped).toEqual([
			{
				sitemap: 'http://other.invalid/s.xml',
				error: 'http://other.invalid/s.xml is on another host than the site: not read',
			},
		]);
		expect(sitePaths()).toEqual(['/robots.txt', '/s.xml']);
	});

	test('redirects: followed within the site (up to 5), never to another host', async () => {
		site.setFiles({
			'/robots.txt': 'Sitemap: /r1\nSitemap: /off\nSitemap: /loop0',
			'/r1': { status: 302, location: '/r2' },
			'/r2': { status: 301, location: `${site.url}/final.xml` },
			'/final.xml': urlset([u('/after-redirects')]),
			'/off': { status: 302, location: 'http://evil.invalid/s.xml' },
			...Object.fromEntries(
				Array.from({ length: 7 }, (_, i) => [
					`/loop${i}`,
					{ status: 302, location: `/loop${i + 1}` },
				]),
			),
		});
		const result = await fixture.run(listOnly());
		expect(jsonOf(result).map((item) => [item.url, item.sitemap])).toEqual([
			[u('/after-redirects'), u('/final.xml')],
		]);
		expect(jsonOf(result)[0].sitemapsSkipped).toEqual([
			{
				sitemap: u('/off'),
				error: `${u('/off')} redirects to another site (http://evil.invalid/s.xml), which is not followed`,
			},
			{ sitemap: u('/loop0'), error: `${u('/loop0')} redirects more than 5 times` },
		]);
		expect(sitePaths().filter((path) => path.startsWith('/loop'))).toHaveLength(6);
	});

	test("the API key never goes to the site; the site's answers reach no error but their URL and status", async () => {
		site.setFiles({
			'/robots.txt': 'Sitemap: /s.xml\nSitemap: /down.xml',
			'/s.xml': urlset([u('/a')]),
			'/down.xml': { status: 503, body: 'Internal details: db password hunter2' },
		});
		const result = await fixture.run(audit());
		expect(result.error).toBeUndefined();
		for (const request of site.requests) {
			expect(request.headers.authorization).toBeUndefined();
			expect(JSON.stringify(request)).not.toContain('test-key');
		}
		expect(JSON.stringify(jsonOf(result))).not.toContain('hunter2');
		expect(jsonOf(result)[0].sitemapsSkipped).toEqual([
			{ sitemap: u('/down.xml'), error: `${u('/down.xml')} answered HTTP 503` },
		]);
	});
});

describe('failures and bounds', () => {
	test('a sitemap that fails (5xx, timeout, too large) does not stop the others; the skipped ones are on the first item', async () => {
		site.setFiles({
			'/robots.txt': 'Sitemap: /500.xml\nSitemap: /slow.xml\nSitemap: /ok.xml',
			'/500.xml': { status: 500 },
			'/slow.xml': { hang: true },
			'/ok.xml': urlset([u('/ok')]),
		});
		const result = await fixture.run({
			...listOnly(),
			requestOptions: { timeout: 500 },
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			{
				...page('/ok', '/ok.xml'),
				sitemapsSkipped: [
					{ sitemap: u('/500.xml'), error: `${u('/500.xml')} answered HTTP 500` },
					{
						sitemap: u('/slow.xml'),
						error: `${u('/slow.xml')} was not read within the node's Timeout`,
					},
				],
			},
		]);
		expect(await eventually(() => site.openConnections() === 0)).toBe(true);
	});

	test('a gzip bomb stops at 50 MB decompressed: that file is skipped, nothing more of it is read', async () => {
		const bomb = zlib.gzipSync(
			Buffer.concat([
				Buffer.from(urlset([u('/in-bomb')]).replace('</urlset>', '')),
				Buffer.alloc(60 * 1024 * 1024, 32),
			]),
		);
		site.setFiles({
			'/robots.txt': 'Sitemap: /bomb.xml.gz\nSitemap: /ok.xml',
			'/bomb.xml.gz': bomb,
			'/ok.xml': urlset([u('/ok')]),
		});
		const result = await fixture.run(listOnly());
		expect(jsonOf(result).map((item) => item.url)).toEqual([u('/in-bomb'), u('/ok')]);
		expect(jsonOf(result)[0].sitemapsSkipped).toEqual([
			{
				sitemap: u('/bomb.xml.gz'),
				error: `${u('/bomb.xml.gz')} is larger than 50 MB once decompressed, the sitemaps' limit`,
			},
		]);
	});

	test('robots.txt is read up to 500 KiB: a Sitemap line past it is not used, and robots.txt is named as read in part', async () => {
		const filler = `# ${'x'.repeat(1000)}\n`.repeat(520);
		site.setFiles({
			'/robots.txt': `Sitemap: /early.xml\n${filler}Sitemap: /late.xml\n`,
			'/early.xml': urlset([u('/early')]),
			'/late.xml': urlset([u('/late')]),
		});
		const result = await fixture.run(listOnly());
		expect(jsonOf(result).map((item) => item.url)).toEqual([u('/early')]);
		expect(sitePaths()).toEqual(['/robots.txt', '/early.xml']);
		// read in part, and said: a page of /late.xml is not known to be gone
		expect(jsonOf(result)[0].sitemapsSkipped).toEqual([
			{ sitemap: u('/robots.txt'), error: ROBOTS_CUT(u('/robots.txt')) },
		]);
	});

	test('a 50,000-URL sitemap is read as a stream: Max Pages 100 stops reading, the connection is closed', async () => {
		const urls = Array.from(
			{ length: 50_000 },
			(_, i) => `${site.url}/page-${i}-${'x'.repeat(900)}`,
		);
		site.setFiles({
			'/robots.txt': 'Sitemap: /big.xml',
			'/big.xml': {
				*chunks() {
					yield '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
					for (let i = 0; i < urls.length; i += 50) {
						yield urls
							.slice(i, i + 50)
							.map((url) => `<url><loc>${url}</loc></url>`)
							.join('\n');
					}
					yield '</urlset>';
				},
			},
		});
		const result = await fixture.run(listOnly({ maxPages: 100 }));
		expect(jsonOf(result).map((item) => item.url)).toEqual(urls.slice(0, 100));
		const big = site.requests.find((request) => request.path === '/big.xml');
		expect(await eventually(() => big.clientAborted)).toBe(true);
		expect(big.bytesWritten).toBeLessThan(8 * 1024 * 1024);
	});

	test('no sitemap anywhere: an error saying what was tried and what to do, and no request to phpRank', async () => {
		site.setFiles({});
		const result = await fixture.run(audit());
		expect(result.error.message).toBe(
			`No sitemap of ${site.url} could be read (${u('/robots.txt')} answered HTTP 404; ${u('/sitemap.xml')} answered HTTP 404; ${u('/sitemap_index.xml')} answered HTTP 404): give the sitemap's address with Pages From "A Sitemap URL", or check that the site is up`,
		);
		expect(result.error.description).toBe('Check the "Site" field of this node.');
		expect(fixture.takeRequests()).toEqual([]);
	});

	test('no page left after the filters: an error naming the sitemaps read, no request to phpRank', async () => {
		site.setFiles({ '/robots.txt': 'Sitemap: /s.xml', '/s.xml': urlset([u('/a'), u('/b')]) });
		const result = await fixture.run(audit({}, { include: '/blog/' }));
		expect(result.error.message).toBe(
			`No page of ${site.url} is left to audit: the sitemaps read (${u('/s.xml')}) list none that passes the filters. Loosen Include URLs Containing, Exclude URLs Containing or Modified Since`,
		);
		expect(fixture.takeRequests()).toEqual([]);
	});

	test('Stop while a sitemap is being read: the run ends as canceled and the connection is closed', async () => {
		site.setFiles({
			'/robots.txt': 'Sitemap: /hang.xml',
			'/hang.xml': { trickleMs: 50, body: urlset([u('/a')]) },
		});
		let stop;
		const pressed = new Promise((resolve) => {
			const timer = setInterval(() => {
				if (site.requests.some((request) => request.path === '/hang.xml') && stop) {
					clearInterval(timer);
					setTimeout(() => resolve(stop()), 100);
				}
			}, 10);
		});
		const result = await fixture.run(listOnly(), { control: (run) => (stop = run.stop) });
		await pressed;
		expect(result.error.message).toBe(
			'The execution was canceled: the node stopped waiting for phpRank and sent nothing more',
		);
		expect(await eventually(() => site.openConnections() === 0)).toBe(true);
	});
});

describe('filters and Max Pages', () => {
	test('Include and Exclude (text or /regular expression/), Modified Since; a page twice (any spelling) counts once; Max Pages after the filters', async () => {
		site.setFiles({
			'/robots.txt': 'Sitemap: /a.xml\nSitemap: /b.xml',
			'/a.xml': urlset([
				{ loc: u('/blog/one'), lastmod: '2026-03-01' },
				{ loc: u('/blog/old'), lastmod: '2020-01-01' },
				{ loc: u('/blog/tag/x'), lastmod: '2026-03-01' },
				{ loc: u('/shop/item') },
				{ loc: u('/BLOG/upper'), lastmod: 'not a date' },
			]),
			'/b.xml': urlset([u('/blog/one/'), u('/blog/two'), u('/blog/three')]),
		});
		// a /regular expression/ as version 1.2 saved it (by its shape), and as 1.3 reads it with Match As
		// Regular Expression, where Include is a pattern too
		for (const [run, options] of [
			[{ typeVersion: 1.2 }, { include: 'blog' }],
			[{}, { include: '/blog/i', matchAs: 'regex' }],
		]) {
			const result = await fixture.run(
				listOnly(
					{ maxPages: 3 },
					{ ...options, exclude: '/\\/tag\\//', modifiedSince: '2025-01-01' },
				),
				run,
			);
			expect(jsonOf(result)).toEqual([
				page('/blog/one', '/a.xml', '2026-03-01'),
				page('/BLOG/upper', '/a.xml', 'not a date'),
				page('/blog/two', '/b.xml'),
			]);
		}
	});

	test('version 1.3, Match As Text (the default): any case, every character as itself, the URL also percent-decoded; the same field in 1.2 as saved; /en/blog is text in both', async () => {
		site.setFiles({
			'/robots.txt': 'Sitemap: /s.xml',
			'/s.xml': urlset(
				['/caf%C3%A9/', '/Café/Upper', '/cafés/plural', '/search/red+shoes/', '/search/reddshoes/']
					.concat(['/c++/', '/c/', '/en/blog', '/fr/blog', '/what%3F/', '/whale/'])
					.map(u),
			),
		});
		const kept = async (include, run = {}) => {
			const result = await fixture.run(listOnly({}, { include }), run);
			return result.error ? result.error.message : jsonOf(result).map((item) => item.url);
		};
		const texts = '/café/, /red+shoes/, /c++/, /what?/';
		expect(await kept(texts)).toEqual(
			['/caf%C3%A9/', '/Café/Upper', '/search/red+shoes/', '/c++/', '/what%3F/'].map(u),
		);
		// version 1.2 compares the text with the URL as the sitemap wrote it, lowercased: no decoding
		expect(await kept(texts, { typeVersion: 1.2 })).toEqual(
			['/Café/Upper', '/search/red+shoes/', '/c++/'].map(u),
		);
		expect(await kept('/café/', { typeVersion: 1.2 })).toEqual([u('/cafés/plural')]);
		for (const run of [{}, { typeVersion: 1.2 }]) {
			expect(await kept('/en/blog', run)).toEqual([u('/en/blog')]);
		}
		expect(site.requests.length).toBeGreaterThan(0);
		site.setFiles({});
		const refused = await fixture.run(listOnly({}, { include: '/blog/', matchAs: 'glob' }));
		expect([refused.error.message, refused.error.description]).toEqual([
			'Match As must be "text" or "regex" (got "glob")',
			'Check the "Match As" field of this node.',
		]);
	});

	test("Modified Since as n8n's date picker stores it is read in the workflow's time zone: a page of that day is kept whatever the time zone of the workflow or of the n8n server; 01/02/2026 is refused", async () => {
		site.setFiles({
			'/robots.txt': 'Sitemap: /s.xml',
			'/s.xml': urlset([
				{ loc: u('/that-day'), lastmod: '2026-01-31' },
				{ loc: u('/day-before'), lastmod: '2026-01-30' },
				{ loc: u('/utc-morning'), lastmod: '2026-01-31T02:00:00+00:00' },
			]),
		});
		const parameters = listOnly({}, { modifiedSince: '2026-01-31T00:00:00' });
		const urls = (result) => result.items.map((item) => item.json?.url ?? item.url);
		// the workflow's own setting; none: the instance's (n8n's default America/New_York)
		const inZone = async (timezone) =>
			urls(await fixture.run(parameters, { workflowSettings: timezone && { timezone } }));
		expect(await inZone('America/New_York')).toEqual([u('/that-day')]);
		expect(await inZone('Asia/Tokyo')).toEqual([u('/that-day'), u('/utc-morning')]);
		expect(await inZone('UTC')).toEqual([u('/that-day'), u('/utc-morning')]);
		expect(await inZone(undefined)).toEqual([u('/that-day')]);
		// n8n on a server in New York or Tokyo (its process's TZ), the workflow in UTC: the same pages
		for (const TZ of ['America/New_York', 'Asia/Tokyo']) {
			const onServer = await runNodeInProcess(
				{
					credentials: { baseUrl: fixture.sandbox.url, apiKey: API_KEY },
					parameters,
					workflowSettings: { timezone: 'UTC' },
				},
				{ TZ },
			);
			expect([TZ, onServer.error, urls(onServer)]).toEqual([
				TZ,
				undefined,
				[u('/that-day'), u('/utc-morning')],
			]);
		}
		site.setFiles({});
		const refused = await fixture.run(listOnly({}, { modifiedSince: '01/02/2026' }));
		expect(refused.error.message).toBe(
			'Modified Since must be a date in ISO 8601 form (year-month-day), like 2026-01-31 or 2026-01-31T08:00:00 (got "01/02/2026")',
		);
		expect(refused.error.description).toBe('Check the "Modified Since" field of this node.');
		expect(site.requests).toEqual([]);
	});

	test("the fields' placeholders do what they show in every version: Include /blog/ keeps the blog's pages in any case, not /blogroll or /weblog/; Exclude /tag/, /author/ leaves out those segments", async () => {
		site.setFiles({
			'/robots.txt': 'Sitemap: /s.xml',
			'/s.xml': urlset(
				['/blog', '/blog/one', '/en/blog/two', '/Blog/Second', '/blog/tag/seo', '/blog/author/jo/']
					.concat(['/blogroll', '/weblog/old', '/blog/tags'])
					.map(u),
			),
		});
		for (const typeVersion of [1, 1.1, 1.2, 1.3]) {
			const result = await fixture.run(
				listOnly({}, { include: '/blog/', exclude: '/tag/, /author/' }),
				{ typeVersion },
			);
			expect([typeVersion, jsonOf(result)]).toEqual([
				typeVersion,
				['/blog', '/blog/one', '/en/blog/two', '/Blog/Second', '/blog/tags'].map((path) =>
					page(path, '/s.xml'),
				),
			]);
		}
	});

	test('a /regular expression/ JavaScript would take hours on is matched at once; a lookahead is refused before any request, saying why and what to write instead', async () => {
		// /(\\w+-?)+\\.pdf$/i took JavaScript 3 s on a 27-character segment before a failing character, twice as long per character more
		const frozen = `/docs/${'a'.repeat(60)}!.pdf`;
		site.setFiles({
			'/robots.txt': 'Sitemap: /s.xml',
			'/s.xml': urlset([u(frozen), u('/docs/annual-report.PDF'), u('/about')]),
		});
		const accepted = await fixture.run(
			listOnly({}, { exclude: '/(\\w+-?)+\\.pdf$/i', matchAs: 'regex' }),
		);
		expect(jsonOf(accepted)).toEqual([page(frozen, '/s.xml'), page('/about', '/s.xml')]);
		site.setFiles({ '/robots.txt': 'Sitemap: /s.xml', '/s.xml': urlset([u('/a')]) });
		// Match As Regular Expression (1.3), and a field version 1.2 saved: each refusal says what else to do
		for (const [parameters, run, otherwise] of [
			[
				listOnly({}, { include: '/\\/blog\\/(?!tag\\/)/', matchAs: 'regex' }),
				{},
				'or set Match As to Text',
			],
			[
				audit({}, { include: '/\\/blog\\/(?!tag\\/)/', matchAs: 'regex' }),
				{},
				'or set Match As to Text',
			],
			[
				audit({}, { include: '/\\/blog\\/(?!tag\\/)/' }),
				{ typeVersion: 1.2 },
				'or give comma-separated text',
			],
		]) {
			const refused = await fixture.run(parameters, run);
			expect(refused.error.message).toBe(
				`Include URLs Containing /\\/blog\\/(?!tag\\/)/ uses a lookahead, (?!tag\\/): URL filters are matched in a time bounded by the URL's length, which a lookahead does not allow. Write it without one: what a URL must not contain goes in Exclude URLs Containing, what it must contain in Include URLs Containing, ${otherwise}`,
			);
			expect(refused.error.description).toBe(
				'Check the "Include URLs Containing" field of this node.',
			);
		}
		expect(site.requests).toEqual([]);
		expect(fixture.takeRequests()).toEqual([]);
	});

	test('Stop while a long sitemap is being read and filtered by a /regular expression/: the run ends as canceled and the connection is closed', async () => {
		const entries = Array.from(
			{ length: 20_000 },
			(_, i) => `<url><loc>${site.url}/docs/${'a'.repeat(27 + (i % 40))}-${i}.html</loc></url>`,
		);
		site.setFiles({
			'/robots.txt': 'Sitemap: /s.xml',
			'/s.xml': {
				stallAfterBytes: 256 * 1024,
				*chunks() {
					yield '<urlset>';
					for (let at = 0; at < entries.length; at += 100)
						yield entries.slice(at, at + 100).join('');
					yield '</urlset>';
				},
			},
		});
		let stop;
		const pressed = new Promise((resolve) => {
			const timer = setInterval(() => {
				const sitemap = site.requests.find((request) => request.path === '/s.xml');
				if (sitemap && sitemap.bytesWritten >= 256 * 1024 && stop) {
					clearInterval(timer);
					setTimeout(() => resolve(stop()), 50);
				}
			}, 10);
		});
		const result = await fixture.run(
			listOnly({ maxPages: 50_000 }, { exclude: '/(\\/[\\w-]+)+\\.pdf$/i', matchAs: 'regex' }),
			{ control: (run) => (stop = run.stop) },
		);
		await pressed;
		expect(result.error.message).toBe(
			'The execution was canceled: the node stopped waiting for phpRank and sent nothing more',
		);
		expect(await eventually(() => site.openConnections() === 0)).toBe(true);
	});

	test('a broken /regular expression/ or a bad Max Pages: refused before any request', async () => {
		site.setFiles({});
		const regex = await fixture.run(listOnly({}, { exclude: '/(/', matchAs: 'regex' }));
		expect(regex.error.message).toBe(
			'Exclude URLs Containing is not a valid regular expression (Invalid regular expression: /(/: Unterminated group): correct it or set Match As to Text',
		);
		const saved = await fixture.run(listOnly({}, { exclude: '/(/' }), { typeVersion: 1.2 });
		expect(saved.error.message).toMatch(
			/^Exclude URLs Containing is not a valid regular expression \(.*\): write it as \/expression\/ or give comma-separated text$/,
		);
		const maxPages = await fixture.run(listOnly({ maxPages: 0 }));
		expect(maxPages.error.message).toBe(
			'Max Pages must be a whole number, 1 or more, like 100 (got 0)',
		);
		const siteField = await fixture.run(listOnly({ site: 'example.com' }));
		expect(siteField.error.message).toBe(
			'Site must be a full web address starting with http:// or https://, like https://example.com (got "example.com")',
		);
		expect(site.requests).toEqual([]);
	});
});

// Version 1 (saved workflows): the first Max Pages pages, each created, re-run, kept or failed.
const V1 = { typeVersion: 1 };

describe('version 1, the audit: Create or Re-Run for each of the first Max Pages pages', () => {
	test("one listing of the site, then one write a page: created, re-run or kept (Max Age); Create or Re-Run's item plus sitemap and lastmod", async () => {
		const host = new URL(site.url).host;
		fixture.sandbox.reset([
			{ url: `http://${host}/old`, score: 50 },
			{ url: `http://${host}/fresh`, score: 60 },
		]);
		const [oldReport, freshReport] = fixture.sandbox.reports();
		// /fresh generated just now, /old long ago (the sandbox dates a seed an hour apart)
		site.setFiles({
			'/robots.txt': 'Sitemap: /s.xml',
			'/s.xml': urlset([{ loc: u('/new'), lastmod: '2026-01-01' }, u('/old'), u('/fresh')]),
		});
		const result = await fixture.run(audit({}, { maxAgeHours: 1.5, privacy: 0 }), V1);
		expect(result.error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([
			listing(1),
			create(u('/new'), 0),
			rerun(oldReport.id),
			// Check for a Parallel Create: the site read once more after its Creates
			listing(1),
		]);
		expect(
			jsonOf(result).map((item) => [item.url, item.action, item.sitemap, item.lastmod]),
		).toEqual([
			[`${host}/new`, 'created', u('/s.xml'), '2026-01-01'],
			[`${host}/old`, 're-run', u('/s.xml'), null],
			[`${host}/fresh`, 'kept', u('/s.xml'), null],
		]);
		expect(jsonOf(result)[2].id).toBe(freshReport.id);
		expect(Object.keys(jsonOf(result)[0])).toEqual([
			'id',
			'url',
			'project',
			'score',
			'label',
			'generated_at',
			'privacy',
			'failed_checks',
			'action',
			'sitemap',
			'lastmod',
		]);
	});

	test("Simplify off: a page's item is its report as phpRank sent it, then action, sitemap and lastmod", async () => {
		const host = new URL(site.url).host;
		fixture.sandbox.reset([{ url: `http://${host}/fresh`, score: 60 }]);
		const [fresh] = fixture.sandbox.reports();
		site.setFiles({ '/robots.txt': 'Sitemap: /s.xml', '/s.xml': urlset([u('/fresh')]) });
		const result = await fixture.run(audit({ simplify: false }, { maxAgeHours: 24 }), V1);
		expect(result.error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([lookup('/fresh')]);
		const sent = (await apiGet(fixture.sandbox, `/reports/${fresh.id}`)).data;
		// as sent: phpRank's own fields, which Simplify leaves out
		expect(Object.keys(sent)).toEqual(expect.arrayContaining(['results']));
		expect(jsonOf(result)).toEqual([
			{ ...sent, action: 'kept', sitemap: u('/s.xml'), lastmod: null },
		]);
	});

	test('Privacy Password: sent with each Create, never in the output; one page alone is looked up alone', async () => {
		site.setFiles({ '/robots.txt': 'Sitemap: /s.xml', '/s.xml': urlset([u('/only')]) });
		const result = await fixture.run(audit({}, { privacy: 2, password: 's3cret-pass' }), V1);
		expect(result.error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([
			// the page's search term: its site, then the part of its path every spelling shares
			lookup('/only'),
			create(u('/only'), 2, 's3cret-pass'),
			// Check for a Parallel Create: the page looked up once more after its Create
			lookup('/only'),
		]);
		expect(JSON.stringify(jsonOf(result))).not.toContain('s3cret-pass');
		const missing = await fixture.run(audit({}, { privacy: 2 }), V1);
		expect(missing.error.message).toMatch(/^Password/);
	});

	test("the site's root on a phpRank that ignores sort_by (sorts by id, keeping sort=asc): its newest report is re-run, not its oldest", async () => {
		// the read in URL order lists the site's oldest reports: the root's report 1 is on it, its
		// newest (152) beyond it
		const host = new URL(site.url).host;
		fixture.sandbox.reset([
			{ url: `http://${host}/` },
			...Array.from({ length: 150 }, (_, i) => ({ url: `http://${host}/p-${i + 1}` })),
			{ url: `http://${host}/` },
		]);
		fixture.sandbox.setFaults({ sortByIgnored: true });
		site.setFiles({ '/robots.txt': 'Sitemap: /s.xml', '/s.xml': urlset([u('/')]) });
		const result = await fixture.run(audit({}, { checkAfterCreate: false }), V1);
		expect(result.error).toBeUndefined();
		const hostname = new URL(site.url).hostname;
		expect(fixture.takeRequests()).toEqual([
			urlSearchInUrlOrder(hostname),
			urlSearch(hostname, 1),
			rerun(152),
		]);
		expect(jsonOf(result).map((item) => [item.id, item.url, item.action])).toEqual([
			[152, host, 're-run'],
		]);
	});

	test('Check for a Parallel Create off: no read after the Creates', async () => {
		site.setFiles({ '/robots.txt': 'Sitemap: /s.xml', '/s.xml': urlset([u('/one'), u('/two')]) });
		const result = await fixture.run(audit({}, { checkAfterCreate: false }), V1);
		expect(result.error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([
			listing(1),
			create(u('/one'), 1),
			create(u('/two'), 1),
		]);
		expect(jsonOf(result).map((item) => item.action)).toEqual(['created', 'created']);
	});

	test('a page phpRank cannot fetch: its item says so (action failed), without Continue On Fail, and the other pages are audited', async () => {
		site.setFiles({ '/robots.txt': 'Sitemap: /s.xml', '/s.xml': urlset([u('/a'), u('/b')]) });
		fixture.sandbox.makeUnreachable({ url: u('/a') });
		const result = await fixture.run(audit({}, { checkAfterCreate: false }), V1);
		expect(result.error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([listing(1), create(u('/a'), 1), create(u('/b'), 1)]);
		const items = jsonOf(result);
		expect(items[0]).toEqual({
			url: u('/a'),
			sitemap: u('/s.xml'),
			lastmod: null,
			project: new URL(site.url).hostname,
			action: 'failed',
			error: `phpRank could not fetch ${u('/a')}: cURL error 28: Operation timed out after 30001 milliseconds with 0 bytes received. Check that the page answers from phpRank's server`,
		});
		expect([items[1].url, items[1].action]).toEqual([`${new URL(site.url).host}/b`, 'created']);
	});
});

describe("the sandbox's own demo site (the demo and the end-to-end suite)", () => {
	test("robots.txt → an index → a plain and a gzip sitemap at the sandbox's address: five pages, then audited", async () => {
		const { startSandbox } = require('../../sandbox');
		const sandbox = await startSandbox({ apiKeys: ['k'], site: 'demo' });
		try {
			const { runNode } = require('../../helpers/n8n-runner');
			const { PhpRank } = require('../../helpers/built').node;
			const { PhpRankApi } = require('../../helpers/built').credential;
			const run = (options) =>
				runNode({
					nodeType: new PhpRank(),
					credentialType: new PhpRankApi(),
					credentials: { baseUrl: sandbox.url, apiKey: 'k' },
					parameters: { resource: 'project', operation: 'auditSite', site: sandbox.url, options },
					typeVersion: 1,
				});
			const listed = await run({ listOnly: true });
			expect(jsonOf(listed).map((item) => [item.url, item.sitemap])).toEqual([
				[`${sandbox.url}/`, `${sandbox.url}/sitemap-pages.xml`],
				[`${sandbox.url}/about`, `${sandbox.url}/sitemap-pages.xml`],
				[`${sandbox.url}/contact`, `${sandbox.url}/sitemap-pages.xml`],
				[`${sandbox.url}/blog/first-post`, `${sandbox.url}/sitemap-posts.xml.gz`],
				[`${sandbox.url}/blog/second-post`, `${sandbox.url}/sitemap-posts.xml.gz`],
			]);
			const audited = await run({});
			expect(jsonOf(audited).map((item) => item.action)).toEqual(Array(5).fill('created'));
			expect(sandbox.reports()).toHaveLength(5);
		} finally {
			await sandbox.close();
		}
	});
});

test('Max Pages reached inside a gzip sitemap whose server then stalls: the run ends at once and the connection is closed', async () => {
	const gz = zlib.gzipSync(
		urlset(Array.from({ length: 20_000 }, (_, i) => `${site.url}/p-${i}-${'y'.repeat(i % 97)}`)),
	);
	site.setFiles({
		'/robots.txt': 'Sitemap: /s.xml.gz',
		'/s.xml.gz': {
			stallAfterBytes: 16 * 1024,
			*chunks() {
				for (let at = 0; at < gz.length; at += 4096) yield gz.subarray(at, at + 4096);
			},
		},
	});
	const result = await fixture.run(listOnly({ maxPages: 5 }));
	expect(result.error).toBeUndefined();
	expect(jsonOf(result).map((item) => item.url)).toEqual(
		Array.from({ length: 5 }, (_, i) => `${site.url}/p-${i}-${'y'.repeat(i)}`),
	);
	expect(await eventually(() => site.openConnections() === 0)).toBe(true);
});

describe('version 1.1, the whole site: the stalest pages first, failures as items, pages no longer listed', () => {
	const host = () => new URL(site.url).host;
	const pages = (count, from = 1) => Array.from({ length: count }, (_, i) => u(`/p${from + i}`));
	/** robots.txt naming one sitemap of `urls`, each of them a page that answers 200. */
	const serve = (urls) =>
		site.setFiles({ '/robots.txt': 'Sitemap: /s.xml', '/s.xml': urlset(urls), ...webPages(urls) });
	const summaryOf = (result) => jsonOf(result)[0];
	const counts = (fields) => auditSummary(site.url, [u('/s.xml')], fields);
	const actions = (result) => jsonOf(result).map((item) => [item.url, item.action]);
	const FETCH_FAILED = (url) =>
		`phpRank could not fetch ${url}: cURL error 28: Operation timed out after 30001 milliseconds with 0 bytes received. Check that the page answers from phpRank's server`;
	/** A page's item when phpRank could not fetch it. */
	const failedItem = (path) => ({
		url: u(path),
		sitemap: u('/s.xml'),
		lastmod: null,
		project: new URL(site.url).hostname,
		action: 'failed',
		error: FETCH_FAILED(u(path)),
	});
	const PLAN_FULL =
		"The phpRank account's plan allows no more reports: delete reports (Report → Delete, Project → Delete) or raise the plan";

	test('version 1.1 audits as 1.2 and 1.3, the default, do: the same requests and items (Max Pages, Output Kept Pages, pages no longer listed)', async () => {
		const runs = [];
		for (const options of [{ typeVersion: 1.1 }, { typeVersion: 1.2 }, {}]) {
			fixture.sandbox.reset([{ url: u('/p1') }, { url: u('/p3') }, { url: u('/gone') }]);
			serve(pages(4));
			const result = await fixture.run(
				audit({ maxPages: 1, notListed: 'keep' }, { maxAgeHours: 168, outputKept: true }),
				options,
			);
			expect(result.error).toBeUndefined();
			runs.push({ items: jsonOf(result), requests: fixture.takeRequests() });
		}
		expect(runs.slice(1)).toEqual([runs[0], runs[0]]);
		// in the sitemap's order: p1 and p3 fresh (kept, output), p2 new (created: Max Pages 1), p4 left
		// for a later run; then /gone, no longer listed
		expect(runs[0].items.map((item) => [item.url, item.action])).toEqual([
			[undefined, 'summary'],
			[`${host()}/p1`, 'kept'],
			[`${host()}/p2`, 'created'],
			[`${host()}/p3`, 'kept'],
			[`${host()}/gone`, 'not in sitemaps'],
		]);
		expect(runs[0].items[0]).toMatchObject({ pages_listed: 4, pages_waiting: 1, pages_kept: 2 });
	});

	test('a site bigger than Max Pages: new pages first, run after run, kept pages do not count; then the stalest are re-run', async () => {
		serve(pages(5));
		const week = { maxPages: 2 };
		const fresh = { maxAgeHours: 168 };
		const run1 = await fixture.run(audit(week, fresh));
		expect(fixture.takeRequests()).toEqual([
			listing(1),
			create(u('/p1'), 1),
			create(u('/p2'), 1),
			listing(1),
		]);
		expect(summaryOf(run1)).toEqual(
			counts({
				pages_listed: 5,
				pages_fresh: 2,
				pages_audited: 2,
				pages_created: 2,
				pages_waiting: 3,
			}),
		);
		expect(actions(run1).slice(1)).toEqual([
			[`${host()}/p1`, 'created'],
			[`${host()}/p2`, 'created'],
		]);
		const run2 = await fixture.run(audit(week, fresh));
		expect(fixture.takeRequests()).toEqual([
			listing(1),
			create(u('/p3'), 1),
			create(u('/p4'), 1),
			listing(1),
		]);
		expect(summaryOf(run2)).toMatchObject({ pages_fresh: 4, pages_kept: 2, pages_waiting: 1 });
		const run3 = await fixture.run(audit(week, fresh));
		// one page alone in the run: its Create, then its own lookup (Check for a Parallel Create)
		expect(fixture.takeRequests()).toEqual([listing(1), create(u('/p5'), 1), lookup('/p5')]);
		expect(summaryOf(run3)).toMatchObject({ pages_fresh: 5, pages_kept: 4, pages_waiting: 0 });
		// every page fresh: one read of the site, no write, only the summary
		const run4 = await fixture.run(audit(week, fresh));
		expect(fixture.takeRequests()).toEqual([listing(1)]);
		expect(jsonOf(run4)).toEqual([counts({ pages_listed: 5, pages_fresh: 5, pages_kept: 5 })]);
		// Output Kept Pages: each kept page's item, in the sitemaps' order
		const kept = await fixture.run(audit(week, { ...fresh, outputKept: true }));
		fixture.takeRequests();
		const [report1] = fixture.sandbox.reports();
		expect(jsonOf(kept)[1]).toEqual({
			id: report1.id,
			url: report1.url,
			generated_at: report1.generated_at,
			action: 'kept',
			sitemap: u('/s.xml'),
			lastmod: null,
		});
		expect(
			actions(kept)
				.slice(1)
				.map(([, action]) => action),
		).toEqual(Array(5).fill('kept'));
		// Max Age 0: every page is stale; the two oldest reports are re-run
		const ids = fixture.sandbox.reports().map((report) => report.id);
		const rerunRun = await fixture.run(audit(week, {}));
		expect(fixture.takeRequests()).toEqual([listing(1), rerun(ids[0]), rerun(ids[1])]);
		expect(actions(rerunRun).slice(1)).toEqual([
			[`${host()}/p1`, 're-run'],
			[`${host()}/p2`, 're-run'],
		]);
		const next = await fixture.run(audit(week, {}));
		expect(fixture.takeRequests()).toEqual([listing(1), rerun(ids[2]), rerun(ids[3])]);
		expect(summaryOf(next)).toMatchObject({ pages_re_run: 2, pages_waiting: 3 });
	});

	test('pages phpRank cannot fetch are items with action failed and the reason; the others are audited and the summary counts both', async () => {
		serve(pages(4));
		fixture.sandbox.makeUnreachable({ url: u('/p2') });
		fixture.sandbox.makeUnreachable({ url: u('/p4') });
		const result = await fixture.run(audit({}, { checkAfterCreate: false }));
		expect(result.error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([listing(1), ...pages(4).map((url) => create(url, 1))]);
		expect(summaryOf(result)).toEqual(
			counts({
				pages_listed: 4,
				pages_fresh: 2,
				pages_audited: 2,
				pages_created: 2,
				pages_failed: 2,
			}),
		);
		expect(jsonOf(result).slice(1)).toEqual([
			expect.objectContaining({ url: `${host()}/p1`, action: 'created' }),
			failedItem('/p2'),
			expect.objectContaining({ url: `${host()}/p3`, action: 'created' }),
			failedItem('/p4'),
		]);
	});

	test('no page could be audited: the node fails with the reasons counted; with Continue On Fail, an error item', async () => {
		serve(pages(3));
		for (const url of pages(3)) fixture.sandbox.makeUnreachable({ url });
		const result = await fixture.run(audit({}, { checkAfterCreate: false }));
		expect(result.error.message).toBe(
			`No page of ${site.url} could be audited (3 failed). 1 page: ${FETCH_FAILED(u('/p1'))} | 1 page: ${FETCH_FAILED(u('/p2'))} | 1 page: ${FETCH_FAILED(u('/p3'))}`,
		);
		const continued = await fixture.run(audit({}, { checkAfterCreate: false }), {
			continueOnFail: true,
		});
		expect(jsonOf(continued)).toEqual([{ error: result.error.message }]);
	});

	test('a failure every page would meet (the API key refused) fails the run, not the page', async () => {
		serve(pages(2));
		const result = await fixture.run(audit(), { credentials: { apiKey: 'wrong-key' } });
		expect(result.error.message).toMatch(/^phpRank rejected the API key/);
	});

	test("the plan's limit: no Create after phpRank said the plan is full, re-runs go on, the pages not created say why", async () => {
		const limited = await startFixture({ apiKeys: [{ key: 'test-key-5d1c9e', maxReports: 3 }] });
		try {
			const stale = `http://${host()}/p1`;
			limited.sandbox.reset([{ url: stale, score: 40 }]);
			const [old] = limited.sandbox.reports();
			serve(pages(5));
			const result = await limited.run(
				audit({}, { checkAfterCreate: false, maxParallelRequests: 1 }),
			);
			expect(result.error).toBeUndefined();
			// p2 and p3 fill the plan, p4 is refused, p5 is not sent; p1's re-run goes on
			expect(limited.takeRequests()).toEqual([
				listing(1),
				rerun(old.id),
				create(u('/p2'), 1),
				create(u('/p3'), 1),
				create(u('/p4'), 1),
			]);
			expect(
				jsonOf(result)
					.slice(1)
					.map((item) => [item.url, item.action, item.error]),
			).toEqual([
				[`${host()}/p1`, 're-run', undefined],
				[`${host()}/p2`, 'created', undefined],
				[`${host()}/p3`, 'created', undefined],
				[u('/p4'), 'failed', PLAN_FULL],
				[u('/p5'), 'failed', PLAN_FULL],
			]);
			expect(summaryOf(result)).toMatchObject({ pages_audited: 3, pages_failed: 2 });
		} finally {
			await limited.sandbox.close();
		}
	});

	test('reports of pages no longer listed (in any spelling of the page): listed after the pages; Delete deletes every report of them', async () => {
		// café is in the sitemap as text, stored percent-encoded in lower case: the same page
		fixture.sandbox.reset([
			{ url: `http://${host()}/gone`, score: 50 },
			{ url: `http://${host()}/p1`, score: 50 },
			{ url: `http://${host()}/caf%c3%a9`, score: 50 },
			{ url: `http://${host()}/gone/`, score: 60 },
			{ url: `http://${host()}/p2`, score: 50 },
			{ url: `http://${host()}/p3`, score: 50 },
			// another host whose name holds the site's search term: not the site
			{ url: `http://${new URL(site.url).hostname}.other.test/gone-too`, score: 50 },
		]);
		const [gone1, , , gone2] = fixture.sandbox.reports();
		serve([u('/p1'), u('/café'), u('/p2'), u('/p3')]);
		const fresh = { maxAgeHours: 168 };
		const listed = await fixture.run(audit({}, fresh));
		expect(fixture.takeRequests()).toEqual([listing(1)]);
		const goneItem = {
			action: 'not in sitemaps',
			id: gone2.id,
			url: gone2.url,
			generated_at: gone2.generated_at,
			project: new URL(site.url).hostname,
		};
		expect(jsonOf(listed)).toEqual([
			counts({ pages_listed: 4, pages_fresh: 4, pages_kept: 4, pages_not_in_sitemaps: 1 }),
			goneItem,
		]);
		site.requests.length = 0;
		const CONTROL = ['/p1', '/caf%C3%A9', '/p2'];
		const deleted = await fixture.run(audit({ notListed: 'delete' }, fresh));
		expect(fixture.takeRequests()).toEqual([
			listing(1),
			del(`/api/v1/reports/${gone2.id}`),
			del(`/api/v1/reports/${gone1.id}`),
		]);
		expect(jsonOf(deleted)).toEqual([
			counts({
				pages_listed: 4,
				pages_fresh: 4,
				pages_kept: 4,
				pages_not_in_sitemaps: 1,
				pages_live_not_in_sitemaps: 0,
				reports_deleted: 2,
			}),
			{
				...goneItem,
				page_url: u('/gone'),
				page_status: 404,
				page_final_status: 404,
				page_answer: 'gone',
				deleted: true,
				reports_deleted: 2,
			},
		]);
		// the control (the first three listed pages, as the sitemap writes them), then the page no
		// longer listed, at the site's address, then the control again;
		// no API key, no cookie: the headers of n8n's plain HTTP helper and the Accept
		expect(
			site.requests.map(({ method, path, headers }) => [method, path, Object.keys(headers).sort()]),
		).toEqual(
			['/robots.txt', '/s.xml', ...CONTROL, '/gone', ...CONTROL].map((path) => [
				'GET',
				path,
				['accept', 'accept-encoding', 'connection', 'host', 'user-agent'],
			]),
		);
		// Get Issues counts only the pages that remain
		const issues = await fixture.run({
			resource: 'project',
			operation: 'getIssues',
			project: { __rl: true, mode: 'name', value: new URL(site.url).hostname },
			pagesPerIssue: 0,
		});
		const [summary, ...issueItems] = jsonOf(issues);
		expect([summary.kind, summary.pages]).toEqual(['site summary', 4]);
		expect(new Set(issueItems.map((issue) => issue.pages_audited))).toEqual(new Set([4]));
	});

	test('Delete is refused, nothing deleted, when a sitemap could not be read or more than half of the pages would go', async () => {
		fixture.sandbox.reset([
			{ url: `http://${host()}/a`, score: 50 },
			{ url: `http://${host()}/b`, score: 50 },
			{ url: `http://${host()}/c`, score: 50 },
		]);
		const fresh = { maxAgeHours: 168 };
		site.setFiles({
			'/robots.txt': 'Sitemap: /s.xml\nSitemap: /broken.xml',
			'/s.xml': urlset([u('/a'), u('/b')]),
			'/broken.xml': { status: 503, body: 'down' },
		});
		const skipped = await fixture.run(audit({ notListed: 'delete' }, fresh));
		expect(fixture.takeRequests()).toEqual([listing(1)]);
		expect(summaryOf(skipped).deleteSkipped).toBe(
			"Nothing deleted: 1 of the site's sitemap files could not be read in full (see sitemapsSkipped), so a page may be missing from them only for now",
		);
		expect(summaryOf(skipped).sitemapsSkipped).toEqual([
			{ sitemap: u('/broken.xml'), error: `${u('/broken.xml')} answered HTTP 503` },
		]);
		expect(
			jsonOf(skipped)
				.slice(1)
				.map((item) => [item.url, item.action, item.page_status, item.deleted]),
		).toEqual([[`${host()}/c`, 'not in sitemaps', null, false]]);
		serve([u('/a')]);
		const half = await fixture.run(audit({ notListed: 'delete' }, fresh));
		expect(fixture.takeRequests()).toEqual([listing(1)]);
		expect(summaryOf(half).deleteSkipped).toBe(
			"Nothing deleted: 2 of the site's 3 pages with a report are no longer listed, more than Delete At Most (50% of Pages) allows; a sitemap that lost its pages by mistake must not empty the project. Check the sitemaps, then raise Delete At Most or delete them with Report → Delete",
		);
		expect(fixture.sandbox.reports().filter((report) => report.deleted_at)).toEqual([]);
	});

	describe('Delete only pages surely gone', () => {
		const fresh = { maxAgeHours: 168 };
		const del_ = { notListed: 'delete' };
		/** Reports (an hour apart, the newest an hour old) of `paths` on the site. */
		const seed = (paths) =>
			fixture.sandbox.reset(paths.map((path) => ({ url: `http://${host()}${path}`, score: 50 })));
		const idOf = (path) =>
			fixture.sandbox.reports().find((report) => report.url === `${host()}${path}`).id;
		const deletedPaths = () =>
			fixture.sandbox
				.reports()
				.filter((report) => report.deleted_at)
				.map((report) => report.url.slice(host().length));
		const notListedItems = (result) =>
			jsonOf(result)
				.filter((item) => item.action === 'not in sitemaps')
				.map((item) => [item.url.slice(host().length), item.deleted, item.page_status]);
		const thirty = Array.from({ length: 30 }, (_, i) => `/p${i + 1}`);

		test('a sitemap cut off (HTTP 200, no </urlset>): its 18 pages are audited, nothing is deleted, sitemapsSkipped names it; the next run with the whole sitemap deletes only the pages truly gone', async () => {
			seed([...thirty, '/gone-1', '/gone-2']);
			const whole = urlset(thirty.map(u));
			const cut = whole.slice(0, whole.indexOf(`<url><loc>${u('/p19')}</loc>`));
			site.setFiles({ '/robots.txt': 'Sitemap: /s.xml', '/s.xml': cut });
			const broken = await fixture.run(audit(del_, fresh));
			expect(fixture.takeRequests()).toEqual([listing(1)]);
			expect(summaryOf(broken)).toEqual(
				counts({
					pages_listed: 18,
					pages_fresh: 18,
					pages_kept: 18,
					pages_not_in_sitemaps: 14,
					sitemapsSkipped: [
						{
							sitemap: u('/s.xml'),
							error: `${u('/s.xml')} ended before its closing </urlset>: read only in part (cut off by an error or a time-out on the site?)`,
						},
					],
					deleteSkipped:
						"Nothing deleted: 1 of the site's sitemap files could not be read in full (see sitemapsSkipped), so a page may be missing from them only for now",
				}),
			);
			expect(notListedItems(broken)).toHaveLength(14);
			expect(deletedPaths()).toEqual([]);
			serve(thirty.map(u));
			const next = await fixture.run(audit(del_, fresh));
			expect(fixture.takeRequests()).toEqual([
				listing(1),
				del(`/api/v1/reports/${idOf('/gone-2')}`),
				del(`/api/v1/reports/${idOf('/gone-1')}`),
			]);
			expect(summaryOf(next)).toEqual(
				counts({
					pages_listed: 30,
					pages_fresh: 30,
					pages_kept: 30,
					pages_not_in_sitemaps: 2,
					pages_live_not_in_sitemaps: 0,
					reports_deleted: 2,
				}),
			);
			expect(notListedItems(next)).toEqual([
				['/gone-2', true, 404],
				['/gone-1', true, 404],
			]);
		});

		test('a sitemap whose connection drops before its Content-Length: a failed read, its pages so far audited, nothing deleted', async () => {
			seed(['/a', '/b', '/c', '/d', '/gone']);
			const body = urlset(['/a', '/b', '/c', '/d'].map(u));
			site.setFiles({
				'/robots.txt': 'Sitemap: /s.xml',
				'/s.xml': { body, cutAfterBytes: body.indexOf(`<url><loc>${u('/c')}`) },
			});
			const result = await fixture.run(audit(del_, fresh));
			expect(fixture.takeRequests()).toEqual([listing(1)]);
			const summary = summaryOf(result);
			expect(summary.pages_listed).toBe(2);
			expect(summary.sitemapsSkipped).toEqual([
				{
					sitemap: u('/s.xml'),
					error: `${u('/s.xml')} did not answer (the connection was reset)`,
				},
			]);
			expect(summary.deleteSkipped).toMatch(/^Nothing deleted: 1 of the site's sitemap files/);
			expect(deletedPaths()).toEqual([]);
		});

		test("Pages From A Sitemap URL (one sitemap of the site's index) never deletes: the reports of the other sitemaps' pages stay", async () => {
			seed(['/post-1', '/post-2', '/page-1', '/page-2', '/page-3']);
			site.setFiles({
				'/robots.txt': 'Sitemap: /sitemap_index.xml',
				'/sitemap_index.xml': sitemapIndex([u('/post-sitemap.xml'), u('/page-sitemap.xml')]),
				'/post-sitemap.xml': urlset([u('/post-1'), u('/post-2')]),
				'/page-sitemap.xml': urlset([u('/page-1'), u('/page-2'), u('/page-3')]),
			});
			const result = await fixture.run(
				audit(
					{
						...del_,
						pagesFrom: 'sitemapUrl',
						sitemapUrl: u('/post-sitemap.xml'),
						deleteAtMostPercent: 100,
					},
					fresh,
				),
			);
			expect(fixture.takeRequests()).toEqual([listing(1)]);
			expect(summaryOf(result).deleteSkipped).toBe(
				`Nothing deleted: Pages From is "A Sitemap URL", and one sitemap is not the whole site (choose "The Site's Sitemaps" to delete)`,
			);
			expect(notListedItems(result)).toEqual([
				['/page-3', false, null],
				['/page-2', false, null],
				['/page-1', false, null],
			]);
			expect(deletedPaths()).toEqual([]);
		});

		test('relative and protocol-relative <loc>s are pages of the file\'s site, audited and never "not in sitemaps"; a <loc> that is no address marks its file as read in part', async () => {
			seed(['/page/1', '/page/2', '/page/3', '/gone']);
			const { host: siteHost, hostname } = new URL(site.url);
			site.setFiles({
				'/robots.txt': 'Sitemap: /sitemap_index.xml',
				'/sitemap_index.xml': sitemapIndex([u('/a.xml'), 'b.xml']),
				'/a.xml': urlset([u('/page/1'), '/page/2', `//${siteHost}/page/3`]),
				'/b.xml': urlset(['../page/4']),
				...webPages(['/page/1', '/page/2', '/page/3', '/page/4']),
			});
			const result = await fixture.run(audit(del_, fresh));
			expect(fixture.takeRequests()).toEqual([
				listing(1),
				create(u('/page/4'), 1),
				// Check for a Parallel Create of the one page created: its own search (report/storedUrl.ts)
				urlSearch(`${new URL(site.url).hostname}%/page`),
				del(`/api/v1/reports/${idOf('/gone')}`),
			]);
			expect(jsonOf(result).map((item) => [item.url, item.action])).toEqual([
				[undefined, 'summary'],
				[`${host()}/page/4`, 'created'],
				[`${host()}/gone`, 'not in sitemaps'],
			]);
			expect(summaryOf(result).deleteSkipped).toBeUndefined();
			site.setFiles({
				'/robots.txt': 'Sitemap: /s.xml',
				'/s.xml': urlset([
					u('/page/1'),
					'/page/2',
					`//${siteHost}/page/3`,
					`www.${hostname}/page/4`,
				]),
			});
			const partial = await fixture.run(audit(del_, fresh));
			expect(summaryOf(partial).sitemapsSkipped).toEqual([
				{
					sitemap: u('/s.xml'),
					error: `${u('/s.xml')} lists 1 entry whose <loc> is not a web address (like "www.${hostname}/page/4"): read only in part`,
				},
			]);
			expect(summaryOf(partial).deleteSkipped).toMatch(
				/^Nothing deleted: 1 of the site's sitemap files could not be read in full/,
			);
			expect(notListedItems(partial)).toEqual([['/page/4', false, null]]);
		});

		test('a report created while the run reads the sitemaps (a page just published) is never deleted; a page truly gone is', async () => {
			seed(['/a', '/b', '/c', '/gone']);
			site.setFiles({
				'/robots.txt': 'Sitemap: /s.xml',
				'/s.xml': {
					body: () => {
						// a "page published" workflow creates the new article's report; the sitemap's cache is older
						fixture.sandbox.addReport({ url: u('/new-article'), score: 80 });
						return urlset(['/a', '/b', '/c'].map(u));
					},
				},
				...webPages(['/a', '/b', '/c']),
			});
			const result = await fixture.run(audit(del_, fresh));
			expect(fixture.takeRequests()).toEqual([listing(1), del(`/api/v1/reports/${idOf('/gone')}`)]);
			expect(notListedItems(result)).toEqual([
				['/new-article', false, null],
				['/gone', true, 404],
			]);
			expect(summaryOf(result).deleteSkipped).toBe(
				'1 of the 2 pages no longer listed was kept: its newest report was generated after the run began, less than 15 minutes before or at no readable time, and such a page may be new, not in the sitemaps yet',
			);
			expect(deletedPaths()).toEqual(['/gone']);
		});

		test('no robots.txt (404) and /sitemap.xml 404 before /sitemap_index.xml: every sitemap was read, so Delete works; a robots.txt that fails (503) is a failed read', async () => {
			seed(['/a', '/b', '/c', '/gone']);
			site.setFiles({
				'/sitemap_index.xml': sitemapIndex([u('/s.xml')]),
				'/s.xml': urlset(['/a', '/b', '/c'].map(u)),
				...webPages(['/a', '/b', '/c']),
			});
			const result = await fixture.run(audit(del_, fresh));
			expect(sitePaths()).toEqual([
				'/robots.txt',
				'/sitemap.xml',
				'/sitemap_index.xml',
				'/s.xml',
				...['/a', '/b', '/c'],
				'/gone',
				...['/a', '/b', '/c'],
			]);
			expect(fixture.takeRequests()).toEqual([listing(1), del(`/api/v1/reports/${idOf('/gone')}`)]);
			expect(summaryOf(result)).toEqual({
				...counts({
					pages_listed: 3,
					pages_fresh: 3,
					pages_kept: 3,
					pages_not_in_sitemaps: 1,
					pages_live_not_in_sitemaps: 0,
					reports_deleted: 1,
				}),
				sitemaps: [u('/sitemap_index.xml'), u('/s.xml')],
			});
			seed(['/a', '/b', '/c', '/gone']);
			site.setFiles({
				'/robots.txt': { status: 503, body: 'busy' },
				'/sitemap.xml': urlset(['/a', '/b', '/c'].map(u)),
			});
			const failed = await fixture.run(audit(del_, fresh));
			expect(fixture.takeRequests()).toEqual([listing(1)]);
			expect(summaryOf(failed).sitemapsSkipped).toEqual([
				{ sitemap: u('/robots.txt'), error: `${u('/robots.txt')} answered HTTP 503` },
			]);
			expect(summaryOf(failed).deleteSkipped).toMatch(
				/^Nothing deleted: 1 of the site's sitemap files/,
			);
		});

		test('Delete At Most counts pages, not reports: pages that hold many old reports do not let most pages go; raised, they go', async () => {
			// /a holds six reports; /b, /c, /d one each and have left the sitemaps: 3 of 4 pages (3 of 9 reports)
			seed(['/a', '/a', '/a', '/a', '/a', '/a', '/b', '/c', '/d']);
			serve([u('/a')]);
			const refused = await fixture.run(audit(del_, fresh));
			expect(fixture.takeRequests()).toEqual([listing(1)]);
			expect(summaryOf(refused).deleteSkipped).toBe(
				"Nothing deleted: 3 of the site's 4 pages with a report are no longer listed, more than Delete At Most (50% of Pages) allows; a sitemap that lost its pages by mistake must not empty the project. Check the sitemaps, then raise Delete At Most or delete them with Report → Delete",
			);
			const raised = await fixture.run(audit({ ...del_, deleteAtMostPercent: 75 }, fresh));
			expect(fixture.takeRequests()).toEqual([
				listing(1),
				del(`/api/v1/reports/${idOf('/d')}`),
				del(`/api/v1/reports/${idOf('/c')}`),
				del(`/api/v1/reports/${idOf('/b')}`),
			]);
			expect(summaryOf(raised).reports_deleted).toBe(3);
			const wrong = await fixture.run(audit({ ...del_, deleteAtMostPercent: '={{ 150 }}' }, fresh));
			expect(wrong.error.message).toBe(
				'Delete At Most (% of Pages) must be a number from 0 to 100, like 50 (got 150)',
			);
			expect(fixture.takeRequests()).toEqual([]);
		});

		test('the plan full and every page failing: the safe deletions still happen (they free the plan), then the run fails saying so', async () => {
			const limited = await startFixture({ apiKeys: [{ key: API_KEY, maxReports: 5 }] });
			try {
				limited.sandbox.reset(
					['/k1', '/k2', '/k3', '/k4', '/gone'].map((path) => ({
						url: `http://${host()}${path}`,
						score: 50,
					})),
				);
				const gone = limited.sandbox.reports().find((report) => report.url.endsWith('/gone'));
				serve(['/k1', '/k2', '/k3', '/k4', '/n1', '/n2'].map(u));
				const result = await limited.run(
					audit(
						{ ...del_, maxPages: 2 },
						{ ...fresh, checkAfterCreate: false, maxParallelRequests: 1 },
					),
				);
				expect(limited.takeRequests()).toEqual([
					listing(1),
					create(u('/n1'), 1),
					del(`/api/v1/reports/${gone.id}`),
				]);
				expect(limited.sandbox.reports().filter((report) => report.deleted_at)).toHaveLength(1);
				expect(result.error.message).toBe(
					`No page of ${site.url} could be audited (2 failed). 2 pages: ${PLAN_FULL}`,
				);
				expect(result.error.description).toBe(
					`Every page the run chose failed. 2 pages: ${PLAN_FULL} 1 report of pages no longer listed was deleted first.`,
				);
			} finally {
				await limited.sandbox.close();
			}
		});

		describe('Delete asks the page: only what the site says is gone goes', () => {
			/** `listed` in the sitemap (each answering 200), `others` as files of their own (a status each). */
			const serveWith = (listed, others) =>
				site.setFiles({
					'/robots.txt': 'Sitemap: /s.xml',
					'/s.xml': urlset(listed.map(u)),
					...webPages(listed),
					...others,
				});
			const twelve = Array.from({ length: 12 }, (_, i) => `/p${i + 1}`);
			const pageItems = (result) =>
				jsonOf(result)
					.filter((item) => item.action === 'not in sitemaps')
					.map((item) => [
						item.url.slice(host().length),
						item.page_status,
						item.page_answer,
						item.deleted,
					]);

			test('404 and 410 (gone), 301 and 308 to another page that answers 200 (moved) delete; 200, 302, 303, 307, 401, 403, 429, 500, 503 and a timeout keep; each item says what its page answered', async () => {
				const answers = {
					'/s404': { status: 404 },
					'/s410': { status: 410 },
					'/s301': { status: 301, location: '/elsewhere' },
					'/s308': { status: 308, location: '/elsewhere' },
					'/elsewhere': '<!doctype html><title>The new page</title>',
					'/s200': '<!doctype html><title>Still here</title>',
					'/s302': { status: 302, location: '/login' },
					'/s303': { status: 303, location: '/login' },
					'/s307': { status: 307, location: '/maintenance' },
					'/s401': { status: 401 },
					'/s403': { status: 403 },
					'/s429': { status: 429, headers: { 'Retry-After': '60' } },
					'/s500': { status: 500 },
					'/s503': { status: 503 },
					'/silent': { silent: true },
				};
				const gone = Object.keys(answers).filter((path) => path !== '/elsewhere');
				seed([...twelve, ...twelve, ...gone]);
				serveWith(twelve, answers);
				const result = await fixture.run({
					...audit({ ...del_, deleteAtMostPercent: 100 }, fresh),
					requestOptions: { timeout: 1000 },
				});
				expect(result.error).toBeUndefined();
				const FOR_NOW = 'redirected for now (302, 303, 307)';
				// the newest report first (the order of the listing): /silent is the last seeded
				expect(pageItems(result)).toEqual([
					['/silent', null, 'no clear answer', false],
					['/s503', 503, 'no clear answer', false],
					['/s500', 500, 'no clear answer', false],
					['/s429', 429, 'no clear answer', false],
					['/s403', 403, 'no clear answer', false],
					['/s401', 401, 'no clear answer', false],
					['/s307', 307, FOR_NOW, false],
					['/s303', 303, FOR_NOW, false],
					['/s302', 302, FOR_NOW, false],
					['/s200', 200, 'live, but in no sitemap', false],
					['/s308', 308, 'moved to another page', true],
					['/s301', 301, 'moved to another page', true],
					['/s410', 410, 'gone', true],
					['/s404', 404, 'gone', true],
				]);
				// the first answer and the last, and where the page was asked
				const moved = jsonOf(result).find((item) => item.url === `${host()}/s301`);
				expect([moved.page_url, moved.page_status, moved.page_final_status]).toEqual([
					u('/s301'),
					301,
					200,
				]);
				expect(fixture.takeRequests()).toEqual([
					listing(1),
					...['/s308', '/s301', '/s410', '/s404'].map((path) =>
						del(`/api/v1/reports/${idOf(path)}`),
					),
				]);
				expect(deletedPaths().sort()).toEqual(['/s301', '/s308', '/s404', '/s410']);
				const summary = summaryOf(result);
				expect([
					summary.pages_not_in_sitemaps,
					summary.pages_live_not_in_sitemaps,
					summary.reports_deleted,
					summary.deleteSkipped,
				]).toEqual([
					14,
					1,
					4,
					'10 of the 14 pages no longer listed were kept: their page did not say it is gone (page_answer: not "gone" nor "moved to another page")',
				]);
				// a redirect for good to another page is followed to see that page answer; a temporary
				// one is not (/login, /maintenance never asked); the control before and after
				const asked = sitePaths();
				expect(asked.slice(0, 5)).toEqual(['/robots.txt', '/s.xml', '/p1', '/p2', '/p3']);
				expect(asked.slice(-3)).toEqual(['/p1', '/p2', '/p3']);
				expect(asked.slice(5, -3).sort()).toEqual([...gone, '/elsewhere', '/elsewhere'].sort());
			});

			test('a page left out of the sitemap for one run while it answers 200 keeps its reports; listed again, its report is re-run, not a new one created', async () => {
				const ten = twelve.slice(0, 10);
				seed(ten);
				const before = fixture.sandbox.reports().length;
				const p7 = idOf('/p7');
				serveWith(
					ten.filter((path) => path !== '/p7'),
					webPages(['/p7']),
				);
				const left = await fixture.run(audit(del_, fresh));
				expect(fixture.takeRequests()).toEqual([listing(1)]);
				expect(pageItems(left)).toEqual([['/p7', 200, 'live, but in no sitemap', false]]);
				expect(summaryOf(left).pages_live_not_in_sitemaps).toBe(1);
				expect(summaryOf(left).deleteSkipped).toBe(
					'1 of the 1 pages no longer listed was kept: its page did not say it is gone (page_answer: not "gone" nor "moved to another page")',
				);
				serveWith(ten, {});
				const back = await fixture.run(audit({ ...del_, maxPages: 10 }, {}));
				// every page re-run, stalest first (/p1 the oldest), /p7's own report among them: nothing created
				expect(fixture.takeRequests()).toEqual([
					listing(1),
					...ten.map((path) => rerun(idOf(path))),
				]);
				expect(idOf('/p7')).toBe(p7);
				expect(fixture.sandbox.reports()).toHaveLength(before);
				expect(deletedPaths()).toEqual([]);
				expect(summaryOf(back).pages_not_in_sitemaps).toBe(0);
			});

			test('the control: when the listed pages answer 404 (a firewall that answers 404 to bots, a single-page app), nothing is deleted and the summary says why; the pages no longer listed are not asked', async () => {
				seed([...twelve, '/gone']);
				site.setFiles({ '/robots.txt': 'Sitemap: /s.xml', '/s.xml': urlset(twelve.map(u)) });
				const result = await fixture.run(audit(del_, fresh));
				expect(fixture.takeRequests()).toEqual([listing(1)]);
				expect(sitePaths()).toEqual(['/robots.txt', '/s.xml', '/p1', '/p2', '/p3']);
				expect(pageItems(result)).toEqual([['/gone', null, null, false]]);
				expect(summaryOf(result).deleteSkipped).toBe(
					`Nothing deleted: not every page the sitemaps list answered HTTP 200 to the node's requests (${u('/p1')} answered HTTP 404, ${u('/p2')} answered HTTP 404, ${u('/p3')} answered HTTP 404), so the site's answers cannot tell a page that is gone: the site answers 404 to pages its sitemaps list (a single-page app, or a site in the middle of a deployment). Run again when the listed pages answer 200`,
				);
				expect(summaryOf(result).pages_live_not_in_sitemaps).toBeNull();
				expect(deletedPaths()).toEqual([]);
			});

			test('Keep (the default) asks no page: only robots.txt and the sitemap are read', async () => {
				seed([...twelve, '/gone']);
				serveWith(twelve, {});
				const result = await fixture.run(audit({}, fresh));
				expect(sitePaths()).toEqual(['/robots.txt', '/s.xml']);
				expect(jsonOf(result).slice(1)).toEqual([
					{
						action: 'not in sitemaps',
						id: idOf('/gone'),
						url: `${host()}/gone`,
						generated_at: expect.any(String),
						project: new URL(site.url).hostname,
					},
				]);
				expect(summaryOf(result).pages_live_not_in_sitemaps).toBeNull();
			});

			test('Delete At Most counts every page no longer listed, whatever the age of its reports: 6 of 10 gone by mistake, 2 of them audited minutes ago, deletes nothing', async () => {
				const ten = twelve.slice(0, 10);
				seed(ten);
				// two of the six audited minutes before the run (their newest report is recent)
				fixture.sandbox.addReport({ url: u('/p9'), score: 70 });
				fixture.sandbox.addReport({ url: u('/p10'), score: 70 });
				serveWith(ten.slice(0, 4), {});
				const result = await fixture.run(audit(del_, fresh));
				expect(fixture.takeRequests()).toEqual([listing(1)]);
				expect(summaryOf(result).deleteSkipped).toBe(
					"Nothing deleted: 6 of the site's 10 pages with a report are no longer listed, more than Delete At Most (50% of Pages) allows; a sitemap that lost its pages by mistake must not empty the project. Check the sitemaps, then raise Delete At Most or delete them with Report → Delete; 2 of the 6 pages no longer listed were kept: their newest report was generated after the run began, less than 15 minutes before or at no readable time, and such a page may be new, not in the sitemaps yet",
				);
				expect(sitePaths()).toEqual(['/robots.txt', '/s.xml']);
				expect(deletedPaths()).toEqual([]);
			});

			test('Stop while the pages are asked: the run ends as canceled, nothing is deleted, the connections are closed', async () => {
				seed([...twelve, '/gone-1', '/gone-2']);
				serveWith(twelve, { '/gone-1': { silent: true }, '/gone-2': { silent: true } });
				let stop;
				const pressed = new Promise((resolve) => {
					const timer = setInterval(() => {
						const asked = site.requests.filter((request) => request.path.startsWith('/gone'));
						if (asked.length === 2 && stop) {
							clearInterval(timer);
							setTimeout(() => resolve(stop()), 50);
						}
					}, 10);
				});
				const result = await fixture.run(audit(del_, fresh), {
					control: (run) => (stop = run.stop),
				});
				await pressed;
				expect(result.error.message).toBe(
					'The execution was canceled: the node stopped waiting for phpRank and sent nothing more',
				);
				expect(fixture.takeRequests()).toEqual([listing(1)]);
				expect(deletedPaths()).toEqual([]);
				expect(await eventually(() => site.openConnections() === 0)).toBe(true);
			});

			test('Max Parallel Requests bounds the pages asked at once', async () => {
				const gone = ['/g1', '/g2', '/g3', '/g4', '/g5'];
				seed([...twelve, ...gone]);
				const slow = Object.fromEntries(
					gone.map((path) => [
						path,
						{ status: 404, trickleMs: 20, body: 'Not here, not anywhere' },
					]),
				);
				serveWith(twelve, slow);
				let inFlight = 0;
				let most = 0;
				const watch = setInterval(() => {
					inFlight = site.requests.filter(
						(request) => request.path.startsWith('/g') && request.bytesWritten === 0,
					).length;
					most = Math.max(most, inFlight);
				}, 1);
				const result = await fixture.run(audit(del_, { ...fresh, maxParallelRequests: 2 }));
				clearInterval(watch);
				expect(result.error).toBeUndefined();
				expect(most).toBe(2);
				expect(deletedPaths().sort()).toEqual(gone);
			});

			describe("Request Options: the site's files and pages sent with the item's Proxy and Ignore SSL Issues, never the credential", () => {
				const PROXY_AUTH = 'proxy-user:proxy-pw-7Qx';
				let proxy;
				let secure;
				beforeAll(async () => {
					proxy = await startProxy({ auth: PROXY_AUTH });
					secure = await startSite({}, { tls: selfSigned });
				});
				afterAll(async () => {
					await proxy?.close();
					await secure?.close();
				});
				beforeEach(() => {
					proxy.reset();
					secure.setFiles({});
				});
				/** The Proxy field as a user writes it: http://user:password@host:port. */
				const proxyField = () => `http://${PROXY_AUTH}@${new URL(proxy.url).host}`;
				const basic = `Basic ${Buffer.from(PROXY_AUTH).toString('base64')}`;
				const FILE_ACCEPT = 'application/xml, text/xml;q=0.9, text/plain;q=0.8, */*;q=0.5';
				const PAGE_ACCEPT = 'text/html, */*;q=0.5';
				/** What n8n's plain HTTP helper sends: the Accept, no API key, no cookie. */
				const sent = (accept, hostName, extra = {}) => ({
					accept,
					'user-agent': 'n8n',
					'accept-encoding': 'gzip, compress, deflate, br',
					host: hostName,
					...extra,
					connection: 'close',
				});
				const viaProxy = { 'proxy-authorization': basic, 'proxy-connection': 'close' };

				test('Proxy (http://user:password@host:port): robots.txt, the sitemap and the pages asked go through it, each by its whole URL with Proxy-Authorization and nothing of the API key; without a Proxy, nothing reaches it', async () => {
					seed([...twelve, '/gone']);
					serveWith(twelve, { '/gone': { status: 404 } });
					const result = await fixture.run({
						...audit(del_, fresh),
						requestOptions: { proxy: proxyField() },
					});
					expect(result.error).toBeUndefined();
					expect(pageItems(result)).toEqual([['/gone', 404, 'gone', true]]);
					const control = ['/p1', '/p2', '/p3'];
					const paths = ['/robots.txt', '/s.xml', ...control, '/gone', ...control];
					const ofSite = proxy.requests.filter((request) => request.url.startsWith(site.url));
					expect(ofSite).toEqual(
						paths.map((path) => ({
							method: 'GET',
							url: u(path),
							headers: sent(
								path.endsWith('.xml') || path.endsWith('.txt') ? FILE_ACCEPT : PAGE_ACCEPT,
								host(),
								viaProxy,
							),
						})),
					);
					// the site received them from the proxy, without the proxy's own headers
					expect(site.requests.map(({ method, path, headers }) => [method, path, headers])).toEqual(
						ofSite.map((request) => [
							'GET',
							new URL(request.url).pathname,
							sent(request.headers.accept, host()),
						]),
					);
					// phpRank's requests too (n8n's routing sends them with the same Request Options)
					const ofPhpRank = proxy.requests.filter((request) => !request.url.startsWith(site.url));
					expect(ofPhpRank.map((request) => new URL(request.url).origin)).toEqual([
						fixture.sandbox.url,
						fixture.sandbox.url,
					]);
					expect(JSON.stringify(jsonOf(result))).not.toContain('proxy-pw-7Qx');

					proxy.reset();
					seed([...twelve, '/gone']);
					serveWith(twelve, { '/gone': { status: 404 } });
					const direct = await fixture.run(audit(del_, fresh));
					expect(pageItems(direct)).toEqual([['/gone', 404, 'gone', true]]);
					expect(sitePaths()).toEqual(paths);
					expect(proxy.requests).toEqual([]);
				});

				test('Proxy: a user or password the proxy refuses (HTTP 407) fails the read of every file, and the password is in no output', async () => {
					site.setFiles({ '/robots.txt': 'Sitemap: /s.xml', '/s.xml': urlset([u('/a')]) });
					const wrong = `http://proxy-user:not-the-pw-3Zk@${new URL(proxy.url).host}`;
					const result = await fixture.run({ ...listOnly(), requestOptions: { proxy: wrong } });
					expect(result.error.message).toBe(
						`No sitemap of ${site.url} could be read (${u('/robots.txt')} answered HTTP 407; ${u('/sitemap.xml')} answered HTTP 407; ${u('/sitemap_index.xml')} answered HTTP 407): give the sitemap's address with Pages From "A Sitemap URL", or check that the site is up`,
					);
					expect(JSON.stringify([result.error.message, result.error.description])).not.toContain(
						'not-the-pw-3Zk',
					);
					expect(sitePaths()).toEqual([]);
					expect(proxy.requests.map((request) => request.url)).toEqual(
						['/robots.txt', '/sitemap.xml', '/sitemap_index.xml'].map(u),
					);
				});

				test('a Proxy that is no address is refused by n8n before anything is sent, naming what is missing', async () => {
					site.setFiles({ '/robots.txt': 'Sitemap: /s.xml', '/s.xml': urlset([u('/a')]) });
					for (const [value, part] of [
						['proxy.example', 'host'],
						['http://proxy.example', 'port'],
					]) {
						const result = await fixture.run({ ...listOnly(), requestOptions: { proxy: value } });
						expect([result.error.message, result.error.description]).toEqual([
							'The proxy is not valid',
							`The proxy URL does not contain a valid value for "${part}"`,
						]);
					}
					expect(sitePaths()).toEqual([]);
					expect(proxy.requests).toEqual([]);
				});

				test('Ignore SSL Issues: a site on https whose certificate no authority signed is read with it on; off, its files fail as not answering over https', async () => {
					const su = (path) => `${secure.url}${path}`;
					secure.setFiles({ '/robots.txt': 'Sitemap: /s.xml', '/s.xml': urlset([su('/a')]) });
					const run = (requestOptions) =>
						fixture.run({ ...listOnly(), site: secure.url, requestOptions });
					const off = await run({});
					expect(off.error.message).toBe(
						`No sitemap of ${secure.url} could be read (${su('/robots.txt')} did not answer (the secure https connection failed); ${su('/sitemap.xml')} did not answer (the secure https connection failed); ${su('/sitemap_index.xml')} did not answer (the secure https connection failed)): give the sitemap's address with Pages From "A Sitemap URL", or check that the site is up`,
					);
					expect(secure.requests).toEqual([]);
					const on = await run({ allowUnauthorizedCerts: true });
					expect(on.error).toBeUndefined();
					expect(jsonOf(on)).toEqual([{ url: su('/a'), sitemap: su('/s.xml'), lastmod: null }]);
					expect(
						secure.requests.map(({ method, path, headers }) => [method, path, headers]),
					).toEqual(
						['/robots.txt', '/s.xml'].map((path) => [
							'GET',
							path,
							sent(FILE_ACCEPT, new URL(secure.url).host),
						]),
					);
					expect(proxy.tunnels).toEqual([]);
				});

				test('an https site through the Proxy: one CONNECT tunnel a file or page, with Proxy-Authorization; inside it the site gets what it gets without a proxy; a page asked over it answers too', async () => {
					const su = (path) => `${secure.url}${path}`;
					const secureHost = new URL(secure.url).host;
					fixture.sandbox.reset([...twelve, '/gone'].map((path) => ({ url: su(path), score: 50 })));
					secure.setFiles({
						'/robots.txt': 'Sitemap: /s.xml',
						'/s.xml': urlset(twelve.map(su)),
						...webPages(twelve),
						'/gone': { status: 410 },
					});
					const result = await fixture.run({
						...audit(del_, fresh),
						site: secure.url,
						requestOptions: { proxy: proxyField(), allowUnauthorizedCerts: true },
					});
					expect(result.error).toBeUndefined();
					const gone = jsonOf(result).find((item) => item.action === 'not in sitemaps');
					expect([gone.url, gone.page_status, gone.page_answer, gone.deleted]).toEqual([
						`${secureHost}/gone`,
						410,
						'gone',
						true,
					]);
					const control = ['/p1', '/p2', '/p3'];
					const paths = ['/robots.txt', '/s.xml', ...control, '/gone', ...control];
					expect(proxy.tunnels).toEqual(
						paths.map(() => ({
							target: secureHost,
							headers: {
								'proxy-authorization': basic,
								host: secureHost,
								'proxy-connection': 'close',
							},
						})),
					);
					expect(
						secure.requests.map(({ method, path, headers }) => [method, path, headers]),
					).toEqual(
						paths.map((path) => [
							'GET',
							path,
							sent(
								path.startsWith('/p') || path === '/gone' ? PAGE_ACCEPT : FILE_ACCEPT,
								secureHost,
							),
						]),
					);
				});
			});
		});

		const ONE_SKIPPED =
			"Nothing deleted: 1 of the site's sitemap files could not be read in full (see sitemapsSkipped), so a page may be missing from them only for now";

		test("a robots.txt over 500 KiB (RFC 9309's bound): the Sitemap lines before it are used, robots.txt is read in part, so the pages of a Sitemap line past it keep their reports", async () => {
			seed(['/early', '/late']);
			const filler = `# ${'x'.repeat(1000)}\n`.repeat(520);
			site.setFiles({
				'/robots.txt': `Sitemap: /s.xml\n${filler}Sitemap: /late.xml\n`,
				'/s.xml': urlset([u('/early')]),
				'/late.xml': urlset([u('/late')]),
			});
			const result = await fixture.run(audit(del_, fresh));
			expect(fixture.takeRequests()).toEqual([listing(1)]);
			expect(sitePaths()).toEqual(['/robots.txt', '/s.xml']);
			expect(summaryOf(result)).toEqual(
				counts({
					pages_listed: 1,
					pages_fresh: 1,
					pages_kept: 1,
					pages_not_in_sitemaps: 1,
					sitemapsSkipped: [{ sitemap: u('/robots.txt'), error: ROBOTS_CUT(u('/robots.txt')) }],
					deleteSkipped: ONE_SKIPPED,
				}),
			);
			expect(notListedItems(result)).toEqual([['/late', false, null]]);
			expect(deletedPaths()).toEqual([]);
		});

		test('a sitemap an index names that lists no page (served 200 by mistake: <urlset></urlset>, <urlset/>, only empty <loc>s) is not understood: 10 of 30 pages are not deleted', async () => {
			const files = (empty) => ({
				'/robots.txt': 'Sitemap: /index.xml',
				'/index.xml': sitemapIndex([u('/a.xml'), u('/b.xml')]),
				'/a.xml': urlset(thirty.slice(0, 20).map(u)),
				'/b.xml': empty,
			});
			const nothing = `${u('/b.xml')} lists no page (an empty <urlset>, served by mistake?): not understood, as if read only in part`;
			for (const [empty, error] of [
				['<?xml version="1.0"?>\n<urlset></urlset>\n', nothing],
				['<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>', nothing],
				[
					urlset(['', '  ']),
					`${u('/b.xml')} lists 2 entries whose <loc> is empty: read only in part`,
				],
			]) {
				seed(thirty);
				site.setFiles(files(empty));
				const result = await fixture.run(audit(del_, fresh));
				expect(fixture.takeRequests()).toEqual([listing(1)]);
				expect(summaryOf(result)).toEqual(
					auditSummary(site.url, [u('/index.xml'), u('/a.xml'), u('/b.xml')], {
						pages_listed: 20,
						pages_fresh: 20,
						pages_kept: 20,
						pages_not_in_sitemaps: 10,
						sitemapsSkipped: [{ sitemap: u('/b.xml'), error }],
						deleteSkipped: ONE_SKIPPED,
					}),
				);
				expect(notListedItems(result)).toHaveLength(10);
				expect(deletedPaths()).toEqual([]);
			}
		});

		test('a page over 2,048 characters as the sitemap writes it (a percent-encoded path; phpRank stores it decoded) is listed: its report is not "not in sitemaps"; it is not audited, and its item says why', async () => {
			const decoded = `/${'ж'.repeat(350)}`;
			const long = u(`/${'%D0%B6'.repeat(350)}`);
			seed(['/a', '/b', '/c', decoded, '/gone']);
			serve([u('/a'), u('/b'), long, u('/c')]);
			const result = await fixture.run(audit(del_, fresh));
			expect(fixture.takeRequests()).toEqual([listing(1), del(`/api/v1/reports/${idOf('/gone')}`)]);
			expect(jsonOf(result)).toEqual([
				counts({
					pages_listed: 4,
					pages_fresh: 3,
					pages_kept: 3,
					pages_failed: 1,
					pages_not_in_sitemaps: 1,
					pages_live_not_in_sitemaps: 0,
					reports_deleted: 1,
				}),
				{
					url: long,
					sitemap: u('/s.xml'),
					lastmod: null,
					project: new URL(site.url).hostname,
					action: 'failed',
					error: `Not audited: the page's address as the sitemap writes it is ${long.length.toLocaleString('en-US')} characters long, and phpRank stores at most 2,048 (each percent-encoded character counts 3). Its reports are kept: it is still listed`,
				},
				expect.objectContaining({ action: 'not in sitemaps', deleted: true, reports_deleted: 1 }),
			]);
			expect(long.length).toBeGreaterThan(2048);
			expect(deletedPaths()).toEqual(['/gone']);
		});

		test('a sitemap in ISO-8859-1 (its XML declaration says so) is read as written: /café is that page and keeps its report; a sitemap in an encoding the node does not read is not understood, named with it', async () => {
			const declared = (encoding, paths) =>
				urlset(paths.map(u)).replace('encoding="UTF-8"', `encoding="${encoding}"`);
			seed(['/café', '/a', '/b', '/gone']);
			site.setFiles({
				'/robots.txt': 'Sitemap: /s.xml',
				'/s.xml': Buffer.from(declared('ISO-8859-1', ['/café', '/a', '/b']), 'latin1'),
				...webPages(['/café', '/a', '/b']),
			});
			const result = await fixture.run(audit(del_, fresh));
			expect(fixture.takeRequests()).toEqual([listing(1), del(`/api/v1/reports/${idOf('/gone')}`)]);
			expect(summaryOf(result)).toEqual(
				counts({
					pages_listed: 3,
					pages_fresh: 3,
					pages_kept: 3,
					pages_not_in_sitemaps: 1,
					pages_live_not_in_sitemaps: 0,
					reports_deleted: 1,
				}),
			);
			seed(['/a', '/b', '/c', '/gone']);
			site.setFiles({
				'/robots.txt': 'Sitemap: /s.xml\nSitemap: /jp.xml',
				'/s.xml': Buffer.from(declared('windows-1252', ['/a', '/b']), 'latin1'),
				'/jp.xml': declared('Shift_JIS', ['/c']),
			});
			const refused = await fixture.run(audit(del_, fresh));
			expect(fixture.takeRequests()).toEqual([listing(1)]);
			expect(summaryOf(refused).sitemapsSkipped).toEqual([
				{
					sitemap: u('/jp.xml'),
					error: `${u('/jp.xml')} is written in "Shift_JIS" (its XML declaration), which the node does not read (UTF-8, ISO-8859-1, windows-1252 and US-ASCII only): not read`,
				},
			]);
			expect(summaryOf(refused).deleteSkipped).toBe(ONE_SKIPPED);
			expect(deletedPaths()).toEqual([]);
		});

		test('a gzip sitemap followed by a stray newline (gzip -d reads it, "trailing garbage ignored") or written as two gzip members is read in full: Delete works', async () => {
			const xml = urlset(['/a', '/b', '/c'].map(u));
			const half = xml.indexOf(`<url><loc>${u('/b')}`);
			for (const body of [
				Buffer.concat([zlib.gzipSync(xml), Buffer.from('\n')]),
				Buffer.concat([zlib.gzipSync(xml), Buffer.from('\r\n')]),
				Buffer.concat([
					zlib.gzipSync(xml.slice(0, half)),
					zlib.gzipSync(xml.slice(half)),
					Buffer.alloc(3),
				]),
			]) {
				seed(['/a', '/b', '/c', '/gone']);
				site.setFiles({
					'/robots.txt': 'Sitemap: /s.xml.gz',
					'/s.xml.gz': body,
					...webPages(['/a', '/b', '/c']),
				});
				const result = await fixture.run(audit(del_, fresh));
				expect(fixture.takeRequests()).toEqual([
					listing(1),
					del(`/api/v1/reports/${idOf('/gone')}`),
				]);
				expect(summaryOf(result)).toEqual(
					auditSummary(site.url, [u('/s.xml.gz')], {
						pages_listed: 3,
						pages_fresh: 3,
						pages_kept: 3,
						pages_not_in_sitemaps: 1,
						pages_live_not_in_sitemaps: 0,
						reports_deleted: 1,
					}),
				);
			}
		});
	});
});
