// The sitemap scanner (nodes/PhpRank/auditSite/sitemapXml.ts), the robots.txt reader (robotsTxt.ts) and
// the file decoder (fileText.ts): what each makes of text and bytes as sites send them.
const zlib = require('node:zlib');
const { SitemapScanner, NotASitemap } = require('../helpers/built').sitemapXml;
const { sitemapsOfRobotsTxt } = require('../helpers/built').robotsTxt;
const { fileText, CorruptGzip } = require('../helpers/built').fileText;
const { PipelineFailure } = require('../helpers/built').failure;
const { SiteFileFailure } = require('../helpers/built').siteFetch;

const MESSY = `\uFEFF
<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet type="text/xsl" href="/s.xsl"?>
<!-- <urlset> in a comment -->
<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">
<sm:url><sm:loc><![CDATA[https://a.test/x?a=1&b=2]]></sm:loc><sm:lastmod> 2026-01-01 </sm:lastmod>
<image:image><image:loc>https://a.test/i.png</image:loc></image:image></sm:url>
<sm:url><sm:loc>https://a.test/y?c=&amp;&#100;&#x65;</sm:loc></sm:url>
<sm:url/>
<sm:url><sm:loc></sm:loc></sm:url>
<sm:url><sm:loc>
  https://a.test/z
</sm:loc></sm:url>
</sm:urlset>`;

const EXPECTED = [
	{ loc: 'https://a.test/x?a=1&b=2', lastmod: '2026-01-01' },
	{ loc: 'https://a.test/y?c=&de', lastmod: null },
	// `<sm:url/>` and the empty `<sm:loc>` after it: an entry without an address, for the reader to count
	{ loc: '', lastmod: null },
	{ loc: 'https://a.test/z', lastmod: null },
];

function scanAll(pieces) {
	const scanner = new SitemapScanner();
	const entries = pieces.flatMap((piece) => scanner.feed(piece));
	scanner.end();
	return { entries, kind: scanner.kind, closed: scanner.closed };
}

test('messy XML in one piece', () => {
	expect(scanAll([MESSY])).toEqual({ entries: EXPECTED, kind: 'urlset', closed: true });
});

test('split at every position into two pieces, and into single characters: the same entries', () => {
	for (let at = 0; at <= MESSY.length; at++) {
		expect(scanAll([MESSY.slice(0, at), MESSY.slice(at)]).entries).toEqual(EXPECTED);
	}
	expect(scanAll([...MESSY]).entries).toEqual(EXPECTED);
});

test('a file is whole only once its root is closed: cut off anywhere before </sm:urlset> (in pieces split anywhere) it is not; an empty root written as one tag is', () => {
	const end = MESSY.lastIndexOf('</sm:urlset>');
	for (let at = 0; at <= MESSY.length; at++) {
		expect(scanAll([MESSY.slice(0, at), MESSY.slice(at)]).closed).toBe(true);
	}
	for (let cut = MESSY.indexOf('<sm:urlset') + 11; cut < end + 12; cut++) {
		expect([cut, scanAll([MESSY.slice(0, cut)]).closed]).toEqual([cut, false]);
	}
	expect(scanAll([...MESSY.slice(0, end), '</sm:urlset >']).closed).toBe(true);
	expect(scanAll(['<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>']).closed).toBe(
		true,
	);
	expect(scanAll(['<sitemapindex><sitemap><loc>https://a.test/s.xml</loc></sitemap>']).closed).toBe(
		false,
	);
});

test("a <loc>'s address: the whitespace around it trimmed, a line break inside removed with its indentation, a space inside kept, written %20 (path and query)", () => {
	const body = `<urlset>
<url><loc>  https://a.test/docs/My Document.pdf\t</loc></url>
<url><loc>https://a.test/search?q=red  shoes&amp;page=2</loc></url>
<url><loc>https://a.test/a/very/long/
\t\taddress/wrapped</loc></url>
<url><loc>\r\n  https://a.test/crlf/\r\n  next\r\n</loc></url>
</urlset>`;
	expect(scanAll([body]).entries.map((entry) => entry.loc)).toEqual([
		'https://a.test/docs/My%20Document.pdf',
		'https://a.test/search?q=red%20%20shoes&page=2',
		'https://a.test/a/very/long/address/wrapped',
		'https://a.test/crlf/next',
	]);
});

test('a sitemap index: its sitemaps', () => {
	const index =
		'<sitemapindex><sitemap><loc>https://a.test/1.xml</loc><lastmod>2026-01-02</lastmod></sitemap><sitemap><loc>/2.xml</loc></sitemap></sitemapindex>';
	expect(scanAll([index])).toEqual({
		kind: 'sitemapindex',
		closed: true,
		entries: [
			{ loc: 'https://a.test/1.xml', lastmod: '2026-01-02' },
			{ loc: '/2.xml', lastmod: null },
		],
	});
});

test('not a sitemap: an HTML page, a login page, an empty answer, a long text without a root', () => {
	for (const text of ['<!DOCTYPE html><html><body>x</body></html>', '<rss></rss>']) {
		expect(() => scanAll([text])).toThrow(NotASitemap);
	}
	expect(() => scanAll([''])).toThrow(NotASitemap);
	expect(() => new SitemapScanner().feed('x'.repeat(70 * 1024))).toThrow(NotASitemap);
});

test('an entry that never closes is not held past 1 MiB', () => {
	const scanner = new SitemapScanner();
	scanner.feed('<urlset><url><loc>https://a.test/');
	for (let i = 0; i < 40; i++) scanner.feed('y'.repeat(64 * 1024));
	expect(scanner.buffer.length).toBeLessThanOrEqual(1024 * 1024 + 64 * 1024);
});

test("robots.txt: every Sitemap line, any case, CRLF or CR, comments, BOM, relative URLs read against robots.txt's URL, each once", () => {
	const text =
		'\uFEFFUser-agent: *\r\nSitemap: /a.xml\r\nsitemap :https://b.test/b.xml # comment\rSITEMAP:\t../c.xml\n#Sitemap: /no.xml\nSitemap: /a.xml\nSitemap:\nDisallow: /';
	expect(sitemapsOfRobotsTxt(text, 'https://a.test/robots.txt')).toEqual([
		'https://a.test/a.xml',
		'https://b.test/b.xml',
		'https://a.test/c.xml',
	]);
	expect(sitemapsOfRobotsTxt('<html>Sitemap: /x.xml</html>', 'https://a.test/robots.txt')).toEqual(
		[],
	);
});

async function textOf(chunks, limit = 1024 * 1024) {
	async function* source() {
		yield* chunks;
	}
	let text = '';
	for await (const piece of fileText(source(), limit, () => new Error('too large'))) text += piece;
	return text;
}

test('fileText: gzip told by its first two bytes, even when they come in separate chunks; UTF-8 split across chunks', async () => {
	const xml = Buffer.from('<urlset><url><loc>https://a.test/é</loc></url></urlset>');
	const gz = zlib.gzipSync(xml);
	expect(await textOf([gz])).toBe(xml.toString());
	expect(await textOf([gz.subarray(0, 1), gz.subarray(1, 5), gz.subarray(5)])).toBe(xml.toString());
	const at = xml.indexOf(0xc3) + 1;
	expect(await textOf([xml.subarray(0, at), xml.subarray(at)])).toBe(xml.toString());
	expect(await textOf([])).toBe('');
});

test("fileText: a corrupt gzip fails as such; past the limit (decompressed) fails with the caller's error", async () => {
	const gz = zlib.gzipSync(Buffer.alloc(100_000, 65));
	await expect(textOf([gz.subarray(0, 30), Buffer.alloc(100, 1)])).rejects.toBeInstanceOf(
		CorruptGzip,
	);
	await expect(textOf([gz], 50_000)).rejects.toThrow('too large');
});

test('fileText: a failure of the read itself while a gzip is decompressed passes as it is (Stop, the site fetch), any other is a corrupt gzip', async () => {
	const gz = zlib.gzipSync(Buffer.alloc(100_000, 65));
	const failingAfter = (error) =>
		async function* () {
			yield gz.subarray(0, 30);
			throw error;
		};
	const read = async (source) => {
		for await (const piece of fileText(source(), 1024 * 1024, () => new Error('too large'))) {
			expect(typeof piece).toBe('string');
		}
	};
	const stopped = new PipelineFailure({ type: 'canceled' });
	const timedOut = new SiteFileFailure('https://a.test/s.xml.gz', { kind: 'timedOut' });
	await expect(read(failingAfter(stopped))).rejects.toBe(stopped);
	await expect(read(failingAfter(timedOut))).rejects.toBe(timedOut);
	// named like one, not one: the gzip is taken as broken
	const lookalike = Object.assign(new Error('x'), { name: 'PipelineFailure' });
	await expect(read(failingAfter(lookalike))).rejects.toBeInstanceOf(CorruptGzip);
});

test("fileText: the XML declaration's encoding: ISO-8859-1, latin1, windows-1252, US-ASCII read as windows-1252 (gzip too); UTF-8 or none as UTF-8; any other refused, named", async () => {
	const { UnreadEncoding } = require('../helpers/built').fileText;
	const xml = (encoding) =>
		`<?xml version="1.0"${encoding ? ` encoding="${encoding}"` : ''}?>\n<urlset><url><loc>https://a.test/café€</loc></url></urlset>`;
	for (const encoding of ['ISO-8859-1', 'latin1', 'windows-1252', 'us-ascii']) {
		const bytes = Buffer.from(xml(encoding).replace('€', ''), 'latin1');
		expect(await textOf([bytes])).toBe(xml(encoding).replace('€', ''));
		expect(await textOf([zlib.gzipSync(bytes)])).toBe(xml(encoding).replace('€', ''));
	}
	// windows-1252's 0x80 is €, as WHATWG reads ISO-8859-1 too
	expect(
		await textOf([
			Buffer.from([...Buffer.from('<?xml version="1.0" encoding=\'iso-8859-1\'?><a>'), 0x80]),
		]),
	).toBe('<?xml version="1.0" encoding=\'iso-8859-1\'?><a>€');
	for (const encoding of ['UTF-8', 'utf8', '']) {
		expect(await textOf([Buffer.from(xml(encoding))])).toBe(xml(encoding));
	}
	// a byte-order mark is UTF-8 whatever the declaration says (the mark itself dropped, as before);
	// the declaration may follow blank lines
	expect(await textOf([Buffer.from(`\uFEFF${xml('ISO-8859-1')}`)])).toBe(xml('ISO-8859-1'));
	expect(await textOf([Buffer.from(`\n\n${xml('ISO-8859-1')}`, 'latin1')])).toBe(
		`\n\n${xml('ISO-8859-1').replace('€', '\u00ac')}`,
	);
	for (const encoding of ['UTF-16', 'Shift_JIS', 'no-such-encoding']) {
		const refused = textOf([Buffer.from(xml(encoding))]);
		await expect(refused).rejects.toBeInstanceOf(UnreadEncoding);
		await expect(textOf([Buffer.from(xml(encoding))])).rejects.toMatchObject({ encoding });
	}
});

test('fileText: bytes after a whole gzip member are ignored as gzip -d ignores them (a newline, zero bytes, other bytes), in one chunk or byte by byte; a second member is read too; a member cut off or broken before its end is still refused', async () => {
	const page = (path) => `<urlset><url><loc>https://a.test/${path}</loc></url></urlset>\n`;
	const one = zlib.gzipSync(page('one'));
	const two = zlib.gzipSync(page('two'));
	const big = zlib.gzipSync(page('x'.repeat(200_000)));
	const cases = [
		[Buffer.concat([one, Buffer.from('\n')]), page('one')],
		[Buffer.concat([one, Buffer.from('\r\n')]), page('one')],
		[Buffer.concat([one, Buffer.alloc(512)]), page('one')],
		[Buffer.concat([one, Buffer.from('<br>Notice: undefined index')]), page('one')],
		[Buffer.concat([one, two]), page('one') + page('two')],
		[Buffer.concat([big, Buffer.from('\n')]), page('x'.repeat(200_000))],
	];
	for (const [bytes, expected] of cases) {
		expect(await textOf([bytes])).toBe(expected);
		expect(await textOf([...bytes].map((byte) => Buffer.from([byte])))).toBe(expected);
	}
	for (const broken of [
		one.subarray(0, one.length - 1),
		one.subarray(0, one.length - 4),
		one.subarray(0, 20),
		Buffer.concat([one.subarray(0, one.length - 8), Buffer.alloc(8, 1), Buffer.from('\n')]),
		Buffer.concat([one.subarray(0, 15), one.subarray(25)]),
	]) {
		await expect(textOf([broken])).rejects.toBeInstanceOf(CorruptGzip);
	}
});
