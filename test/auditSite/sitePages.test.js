// The sitemap reader (nodes/PhpRank/auditSite/readSite.ts readSitePages), on a scripted site fetch: which files are
// asked for, in which order, and which pages are kept (the filters: pageFilter.test.js).
// The same through n8n-core and a real site server: test/operations/project/auditSite.test.js.
const { readSitePages } = require('../helpers/built').readSite;
const { SiteFileFailure } = require('../helpers/built').siteFetch;

/** A site fetch answering from `files` (url → text, or { redirect }); records what was opened. */
function scriptedFetch(files) {
	const opened = [];
	return {
		opened,
		async open(url, follow) {
			opened.push(url);
			let current = url;
			for (let hops = 0; files[current]?.redirect; hops++) {
				const next = new URL(files[current].redirect, current);
				const verdict = follow(next);
				if (verdict !== 'follow')
					throw new SiteFileFailure(current, { kind: verdict, to: next.href });
				current = next.href;
			}
			const text = files[current];
			if (text === undefined) throw new SiteFileFailure(current, { kind: 'status', status: 404 });
			async function* chunks() {
				yield Buffer.from(text);
			}
			return { url: current, chunks: chunks(), close: () => {} };
		},
	};
}

const urlset = (...locs) =>
	`<urlset>${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;

async function read(files, request = {}) {
	const fetch = scriptedFetch(files);
	const found = await readSitePages(fetch, {
		site: new URL('https://example.com'),
		pagesToRead: 100,
		keep: () => true,
		...request,
	});
	return { ...found, opened: fetch.opened, urls: found.pages.map((p) => p.url) };
}

test("the site's www. twin is the site (pages and sitemaps, http or https); other hosts and subdomains are not", async () => {
	const found = await read({
		'https://example.com/robots.txt': 'Sitemap: https://www.example.com/s.xml',
		'https://www.example.com/s.xml': urlset(
			'https://example.com/a',
			'http://www.example.com/b',
			'https://blog.example.com/c',
			'https://example.org/d',
			'ftp://example.com/e',
		),
	});
	expect(found.urls).toEqual(['https://example.com/a', 'http://www.example.com/b']);
	expect(found.offSitePages).toBe(3);
});

test('a page spelled twice (scheme, www., trailing slash, fragment) counts once: the first spelling is kept', async () => {
	const found = await read({
		'https://example.com/robots.txt': 'Sitemap: /s.xml',
		'https://example.com/s.xml': urlset(
			'https://example.com/a/',
			'http://www.example.com/a',
			'https://example.com/a#top',
			'https://example.com/b',
		),
	});
	expect(found.urls).toEqual(['https://example.com/a/', 'https://example.com/b']);
});

test('Max Pages: reading stops once reached, no further sitemap is opened', async () => {
	const found = await read(
		{
			'https://example.com/robots.txt': 'Sitemap: /1.xml\nSitemap: /2.xml',
			'https://example.com/1.xml': urlset('https://example.com/a', 'https://example.com/b'),
			'https://example.com/2.xml': urlset('https://example.com/c'),
		},
		{ pagesToRead: 2 },
	);
	expect(found.urls).toEqual(['https://example.com/a', 'https://example.com/b']);
	expect(found.opened).toEqual(['https://example.com/robots.txt', 'https://example.com/1.xml']);
});

test('a redirect to a file already read is not followed; a sitemap listed twice is read once', async () => {
	const found = await read({
		'https://example.com/robots.txt': 'Sitemap: /i.xml\nSitemap: /i.xml#again',
		'https://example.com/i.xml':
			'<sitemapindex><sitemap><loc>/old.xml</loc></sitemap><sitemap><loc>/i.xml</loc></sitemap></sitemapindex>',
		'https://example.com/old.xml': { redirect: '/i.xml' },
	});
	expect(found.opened).toEqual([
		'https://example.com/robots.txt',
		'https://example.com/i.xml',
		'https://example.com/old.xml',
	]);
	expect(found.skipped).toEqual([
		{
			sitemap: 'https://example.com/old.xml',
			error:
				'https://example.com/old.xml redirects to https://example.com/i.xml, a file already read',
		},
	]);
});

test('a site with a non-ASCII host keeps every page of a big sitemap (each loc read as a web address, 20,000 times)', async () => {
	const locs = Array.from({ length: 20000 }, (_, i) => `https://bücher.example/p${i}`);
	const found = await read(
		{
			'https://xn--bcher-kva.example/robots.txt': 'Sitemap: https://bücher.example/s.xml',
			'https://xn--bcher-kva.example/s.xml': urlset(...locs),
		},
		{ site: new URL('https://bücher.example'), pagesToRead: 50000 },
	);
	expect(found.sitemaps).toEqual(['https://xn--bcher-kva.example/s.xml']);
	expect(found.offSitePages).toBe(0);
	expect(found.urls).toEqual(locs);
});

test('relative and protocol-relative <loc>s resolve against the file that lists them; a <loc> that is no address, or a file cut off, is read in part and named', async () => {
	const found = await read({
		'https://example.com/robots.txt': 'Sitemap: https://example.com/blog/s.xml',
		'https://example.com/blog/s.xml': urlset(
			'/a',
			'//www.example.com/b',
			'./c',
			'../d',
			'www.example.com/e',
			'https://example.com/f',
		),
	});
	expect(found.urls).toEqual([
		'https://example.com/a',
		'https://www.example.com/b',
		'https://example.com/blog/c',
		'https://example.com/d',
		'https://example.com/f',
	]);
	expect(found.skipped).toEqual([
		{
			sitemap: 'https://example.com/blog/s.xml',
			error:
				'https://example.com/blog/s.xml lists 1 entry whose <loc> is not a web address (like "www.example.com/e"): read only in part',
		},
	]);
	const cut = await read({
		'https://example.com/sitemap.xml': urlset('https://example.com/a').replace('</urlset>', ''),
	});
	expect(cut.urls).toEqual(['https://example.com/a']);
	expect(cut.skipped).toEqual([
		{
			sitemap: 'https://example.com/sitemap.xml',
			error:
				'https://example.com/sitemap.xml ended before its closing </urlset>: read only in part (cut off by an error or a time-out on the site?)',
		},
	]);
	expect(cut.absent).toEqual([
		{
			sitemap: 'https://example.com/robots.txt',
			error: 'https://example.com/robots.txt answered HTTP 404',
		},
	]);
});

test('filtering many pages of one chunk lets the event loop turn every FILTERING_TURN_MS (Stop is seen there), not only at the chunk’s end', async () => {
	const { FILTERING_TURN_MS } = require('../helpers/built').readSite;
	const urls = Array.from({ length: 8 }, (_, i) => `https://example.com/p${i}`);
	let timerRan = false;
	let pageWhenTimerRan;
	let page = 0;
	setTimeout(() => {
		timerRan = true;
	}, 0);
	await read(
		{ 'https://example.com/sitemap.xml': urlset(...urls) },
		{
			keep: () => {
				page++;
				if (timerRan && pageWhenTimerRan === undefined) pageWhenTimerRan = page;
				// a filter as slow as the largest pattern on a long URL: more than a turn's worth of time
				const until = Date.now() + FILTERING_TURN_MS + 10;
				while (Date.now() < until);
				return true;
			},
		},
	);
	// page 1 spins past the turn; the timer runs before page 2 (without the turn: never during the chunk)
	expect([page, pageWhenTimerRan]).toEqual([8, 2]);
});

test('pages too long for phpRank (over 2,048 characters) are listed, kept apart from the pages: the first 100 of them, all counted, once each, after the filters', async () => {
	const long = (i) => `https://example.com/${i}-${'a'.repeat(2100)}`;
	const found = await read(
		{
			'https://example.com/robots.txt': 'Sitemap: /s.xml',
			'https://example.com/s.xml': urlset(
				'https://example.com/short',
				...Array.from({ length: 120 }, (_, i) => long(i)),
				long(0),
				`https://example.com/skip-${'a'.repeat(2100)}`,
			),
		},
		{ keep: (page) => !page.url.includes('/skip-') },
	);
	expect(found.urls).toEqual(['https://example.com/short']);
	expect(found.tooLong.count).toBe(120);
	expect(found.tooLong.pages.map((page) => page.url)).toEqual(
		Array.from({ length: 100 }, (_, i) => long(i)),
	);
	expect(found.tooLong.pages[0]).toEqual({
		url: long(0),
		sitemap: 'https://example.com/s.xml',
		lastmod: null,
	});
	for (const url of [long(119), `https://example.com/skip-${'a'.repeat(2100)}`])
		expect(found.listed.has(url)).toBe(true);
});
