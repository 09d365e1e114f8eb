// Audit Site's filters (nodes/PhpRank/sitemap/pageFilter.ts): Include / Exclude URLs Containing (text,
// or one /regular expression/ matched by the node's own engine: urlPattern.test.js) and Modified Since
// (modifiedSince.ts), read in the workflow's time zone and the same on a server in any time zone.
// The same through n8n-core: test/operations/project/auditSite.test.js.
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { pageFilterFrom, urlMatcherFrom, regExpLiteralOf } = require('../helpers/built').pageFilter;
const { modifiedSinceFrom } = require('../helpers/built').modifiedSince;
const { PhpRank } = require('../helpers/built').node;

const page = (url, lastmod = null) => ({ url, sitemap: 's', lastmod });
const lastmods = (keep, values) => values.map((lastmod) => keep(page('https://a.test/p', lastmod)));
/** The message `run` throws with (compared exactly, where toThrow(text) looks for a part). */
function thrown(run) {
	try {
		run();
	} catch (error) {
		return error.message;
	}
	return 'nothing thrown';
}
const ZONES = ['UTC', 'America/New_York', 'Asia/Tokyo', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];

/** Which of `urls` the field's text matches. */
const matched = (text, urls) => {
	const matches = urlMatcherFrom(text, 'Include URLs Containing');
	return urls.filter((url) => matches(url));
};

test('filters: comma-separated text in any case, one /regular expression/ with flags, Modified Since', () => {
	const keep = pageFilterFrom(
		{
			include: ' Blog , NEWS ',
			exclude: '/\\/draft-\\d+$/i',
			modifiedSince: '2026-01-01T00:00:00Z',
		},
		'UTC',
	);
	expect(keep(page('https://a.test/blog/x'))).toBe(true);
	expect(keep(page('https://a.test/news/x', '2026-01-02'))).toBe(true);
	expect(keep(page('https://a.test/news/x', '2025-12-31'))).toBe(false);
	expect(keep(page('https://a.test/news/x', 'yesterday'))).toBe(true);
	expect(keep(page('https://a.test/blog/DRAFT-12'))).toBe(false);
	expect(keep(page('https://a.test/shop'))).toBe(false);
	expect(urlMatcherFrom('', 'Include URLs Containing')).toBeUndefined();
	expect(() => urlMatcherFrom(12, 'Include URLs Containing')).toThrow(
		'Include URLs Containing must be text',
	);
});

describe('Include / Exclude URLs Containing read as users write them', () => {
	/** The field's placeholder, as the editor shows it ("e.g. " left out). */
	function placeholderOf(name) {
		const options = new PhpRank().description.properties.find(
			(property) =>
				property.name === 'options' &&
				property.displayOptions?.show?.resource?.includes('project') &&
				property.displayOptions.show.operation?.includes('auditSite'),
		);
		return options.options
			.find((option) => option.name === name)
			.placeholder.replace(/^e\.g\. /, '');
	}
	const URLS = [
		'https://a.test/blog',
		'https://a.test/blog/',
		'https://a.test/blog/x',
		'https://a.test/en/blog/x',
		'https://a.test/Blog/Second',
		'https://a.test/blog?page=2',
		'https://a.test/blogroll',
		'https://a.test/weblog/old',
		'https://a.test/tag',
		'https://a.test/tag/seo',
		'https://a.test/TAG/Seo',
		'https://a.test/tags',
		'https://a.test/author/jo/',
		'https://a.test/authors',
		'https://a.test/blog/tag/x',
	];

	test("Exclude's placeholder, /tag/, /author/: the texts /tag/ and /author/, each a whole path segment in any case", () => {
		const text = placeholderOf('exclude');
		expect(text).toBe('/tag/, /author/');
		const keep = pageFilterFrom({ exclude: text }, 'UTC');
		expect(URLS.filter((url) => !keep(page(url)))).toEqual([
			'https://a.test/tag',
			'https://a.test/tag/seo',
			'https://a.test/TAG/Seo',
			'https://a.test/author/jo/',
			'https://a.test/blog/tag/x',
		]);
	});

	test("Include's placeholder, /blog/: the text /blog/, matched as a path segment in any case, never /blogroll or /weblog/", () => {
		const text = placeholderOf('include');
		expect(text).toBe('/blog/');
		const keep = pageFilterFrom({ include: text }, 'UTC');
		expect(URLS.filter((url) => keep(page(url)))).toEqual([
			'https://a.test/blog',
			'https://a.test/blog/',
			'https://a.test/blog/x',
			'https://a.test/en/blog/x',
			'https://a.test/Blog/Second',
			'https://a.test/blog?page=2',
			'https://a.test/blog/tag/x',
		]);
	});

	test('a regular expression only when the whole field is one /body/flags literal that is more than path text', () => {
		const literals = [
			'/\\/blog\\//',
			'/blog/i',
			'/[/]tag[/]/',
			'/\\d{4}/',
			'/blog/',
			'/a.b~c_d-e/',
			'/tag/, /author/',
			'/blog/ i',
			'/*x/',
			'//',
			'/a\nb/',
			'/abc\\/',
			'blog',
		];
		expect(literals.map((text) => [text, regExpLiteralOf(text)])).toEqual([
			['/\\/blog\\//', { body: '\\/blog\\/', flags: '' }],
			['/blog/i', { body: 'blog', flags: 'i' }],
			['/[/]tag[/]/', { body: '[/]tag[/]', flags: '' }],
			['/\\d{4}/', { body: '\\d{4}', flags: '' }],
			// literals of path text only: read as text (urlMatcherFrom)
			['/blog/', { body: 'blog', flags: '' }],
			['/a.b~c_d-e/', { body: 'a.b~c_d-e', flags: '' }],
			['/tag/, /author/', undefined],
			['/blog/ i', undefined],
			['/*x/', undefined],
			['//', undefined],
			['/a\nb/', undefined],
			['/abc\\/', undefined],
			['blog', undefined],
		]);
		const urls = [
			'https://a.test/blogroll',
			'https://a.test/x/blog/',
			'https://a.test/a.b~c_d-e/x',
		];
		urls.push('https://a.test/axb~c_d-e/', 'https://a.test/2024/x', 'https://a.test/[/]tag[/]');
		expect(
			['/blog/', '/blog/i', '/\\/blog\\//', '/a.b~c_d-e/', '/\\d{4}/', '/[/]tag[/]/'].map(
				(text) => [text, matched(text, urls)],
			),
		).toEqual([
			['/blog/', ['https://a.test/x/blog/']],
			['/blog/i', ['https://a.test/blogroll', 'https://a.test/x/blog/']],
			['/\\/blog\\//', ['https://a.test/x/blog/']],
			['/a.b~c_d-e/', ['https://a.test/a.b~c_d-e/x']],
			['/\\d{4}/', ['https://a.test/2024/x']],
			['/[/]tag[/]/', []],
		]);
		// text that is not one literal is comma-separated text, whatever it looks like
		expect(
			matched('/*x/, (a+)+', ['https://a.test/*x/', 'https://a.test/(A+)+', 'https://a.test/aa']),
		).toEqual(['https://a.test/*x/', 'https://a.test/(A+)+']);
	});

	test('a literal that is not a valid regular expression: refused as before, naming the field', () => {
		expect(thrown(() => urlMatcherFrom('/(/', 'Exclude URLs Containing'))).toBe(
			'Exclude URLs Containing is not a valid regular expression (Invalid regular expression: /(/: Unterminated group): write it as /expression/ or give comma-separated text',
		);
		expect(thrown(() => urlMatcherFrom('/blog/x', 'Include URLs Containing'))).toBe(
			"Include URLs Containing is not a valid regular expression (Invalid flags supplied to RegExp constructor 'x'): write it as /expression/ or give comma-separated text",
		);
	});
});

describe('a /regular expression/ is matched in a time linear in the URL; what that cannot match is refused before anything is read', () => {
	test('those refused before as exponential are accepted and match as JavaScript does, on the URL that froze n8n too', () => {
		// a 27-character path segment and a few more: /(\w+-?)+\.pdf$/i took 3 s at 27 in JavaScript, doubling per character
		const frozen = `https://a.test/docs/${'a'.repeat(40)}!.pdf`;
		const urls = [frozen, 'https://a.test/docs/annual-report.PDF', 'https://a.test/a/b/c'];
		const keep = pageFilterFrom({ exclude: '/(\\w+-?)+\\.pdf$/i' }, 'UTC');
		expect(urls.map((url) => keep(page(url)))).toEqual([true, false, true]);
		const overlapping = pageFilterFrom({ include: ' /\\/(a|ab)+\\// ' }, 'UTC');
		expect(
			['https://a.test/abab/', `https://a.test/${'ab'.repeat(40)}c/`].map((url) =>
				overlapping(page(url)),
			),
		).toEqual([true, false]);
		const slow = pageFilterFrom({ exclude: '/\\/.*\\/.*\\/.*\\.pdf$/i' }, 'UTC');
		expect(
			[`https://a.test${'/a'.repeat(1017)}`, 'https://a.test/a/b.PDF'].map((url) =>
				slow(page(url)),
			),
		).toEqual([true, false]);
	});

	const refusedAs = (field, text, what) => `${field} ${text} uses ${what}`;
	test('a lookahead, a lookbehind, a back-reference, the v flag: refused, naming the field, the construct and what to write instead', () => {
		const rule = (name) =>
			`URL filters are matched in a time bounded by the URL's length, which ${name} does not allow.`;
		const fields =
			'what a URL must not contain goes in Exclude URLs Containing, what it must contain in Include URLs Containing';
		expect(thrown(() => pageFilterFrom({ include: '/\\/blog\\/(?!tag\\/)/' }, 'UTC'))).toBe(
			`${refusedAs('Include URLs Containing', '/\\/blog\\/(?!tag\\/)/', 'a lookahead')}, (?!tag\\/): ${rule('a lookahead')} Write it without one: ${fields}, or give comma-separated text`,
		);
		expect(thrown(() => pageFilterFrom({ exclude: '/(?<=\\/en)\\/blog/' }, 'UTC'))).toBe(
			`${refusedAs('Exclude URLs Containing', '/(?<=\\/en)\\/blog/', 'a lookbehind')}, (?<=\\/en): ${rule('a lookbehind')} Write it without one: ${fields}, or give comma-separated text`,
		);
		expect(thrown(() => pageFilterFrom({ include: '/\\/(en|es)\\/\\1\\//' }, 'UTC'))).toBe(
			`${refusedAs('Include URLs Containing', '/\\/(en|es)\\/\\1\\//', 'a back-reference')}, \\1: ${rule('a back-reference')} Write out the text it stands for, like (en|es)\\/(en|es) instead of (en|es)\\/\\1, or give comma-separated text`,
		);
		expect(thrown(() => pageFilterFrom({ include: '/[\\w--_]+/v' }, 'UTC'))).toBe(
			`${refusedAs('Include URLs Containing', '/[\\w--_]+/v', 'the v flag')}, /[\\w--_]+/v: ${rule('the v flag')} Write it with the u flag instead, or give comma-separated text`,
		);
	});

	test('a pattern too large to match in bounded time: refused, saying the bound and what to write instead', () => {
		expect(thrown(() => pageFilterFrom({ exclude: '/(?:\\/[a-z]{1000}){1000}/' }, 'UTC'))).toBe(
			'Exclude URLs Containing /(?:\\/[a-z]{1000}){1000}/ is too large to match: it may take 1,001,001 steps per character of a URL, more than the 2,000 allowed (a count like {100} repeats its part that many times, and a count inside a count multiplies). Write smaller counts, or + and * instead of large ones, or give comma-separated text',
		);
	});
});

describe("Modified Since, in the workflow's time zone", () => {
	test("as n8n's date picker stores it (2026-01-31T00:00:00): a page whose lastmod is that day is kept in every time zone, one of the day before left out; a month or a year counts whole", () => {
		for (const zone of ZONES) {
			const keep = pageFilterFrom({ modifiedSince: '2026-01-31T00:00:00' }, zone);
			expect([zone, ...lastmods(keep, ['2026-01-31', '2026-01-30', '2026-02-01'])]).toEqual([
				zone,
				true,
				false,
				true,
			]);
			expect(lastmods(keep, ['2026-01', '2025-12', '2026', '2025'])).toEqual([
				true,
				false,
				true,
				false,
			]);
			// no lastmod, or one that is not ISO 8601: kept (nothing says the page is older)
			expect(lastmods(keep, [null, 'yesterday', 'Fri, 30 Jan 2026 10:00:00 GMT'])).toEqual([
				true,
				true,
				true,
			]);
		}
	});

	test("a lastmod with a time is that instant; without an offset it is read in the workflow's time zone, as Modified Since is", () => {
		const times = [
			'2026-01-31T04:59:00Z',
			'2026-01-31T05:00:00+00:00',
			'2026-01-31T00:00:00-05:00',
			'2026-01-31T00:00',
			'2026-01-30T23:59:59.999',
			'2026-01-31 00:00:00',
		];
		const inZone = (zone) => lastmods(pageFilterFrom({ modifiedSince: '2026-01-31' }, zone), times);
		expect(inZone('America/New_York')).toEqual([false, true, true, true, false, true]);
		expect(inZone('Asia/Tokyo')).toEqual([true, true, true, true, false, true]);
		expect(inZone('UTC')).toEqual([true, true, true, true, false, true]);
	});

	test('the instant and the day Modified Since names: without an offset in the workflow time zone (summer time included), with one as written; a Date or milliseconds from an expression', () => {
		const read = (value, zone) => {
			const since = modifiedSinceFrom(value, zone);
			return [new Date(since.time).toISOString(), since.day];
		};
		expect(read('2026-01-31T00:00:00', 'America/New_York')).toEqual([
			'2026-01-31T05:00:00.000Z',
			'2026-01-31',
		]);
		expect(read('2026-07-01', 'America/New_York')).toEqual([
			'2026-07-01T04:00:00.000Z',
			'2026-07-01',
		]);
		expect(read('2026-01-31T00:00:00', 'Asia/Tokyo')).toEqual([
			'2026-01-30T15:00:00.000Z',
			'2026-01-31',
		]);
		// an offset is kept; the day is the one of the workflow's time zone then
		expect(read('2026-01-31T00:00:00+09:00', 'America/New_York')).toEqual([
			'2026-01-30T15:00:00.000Z',
			'2026-01-30',
		]);
		// what an expression like {{ $now.minus({ days: 7 }) }} gives (a luxon DateTime as text)
		expect(read('2026-01-24T10:00:00.000-05:00', 'UTC')).toEqual([
			'2026-01-24T15:00:00.000Z',
			'2026-01-24',
		]);
		expect(read(new Date('2026-01-31T03:00:00Z'), 'America/New_York')).toEqual([
			'2026-01-31T03:00:00.000Z',
			'2026-01-30',
		]);
		expect(read(Date.UTC(2026, 0, 31), 'UTC')).toEqual(['2026-01-31T00:00:00.000Z', '2026-01-31']);
		expect(modifiedSinceFrom('', 'UTC')).toBeUndefined();
	});

	test('a date not in ISO 8601 form (01/02/2026 is no longer 2 January), or no such day: refused, naming the field and showing the form', () => {
		const form = (got) =>
			`Modified Since must be a date in ISO 8601 form (year-month-day), like 2026-01-31 or 2026-01-31T08:00:00 (got ${got})`;
		for (const value of [
			'01/02/2026',
			'31.01.2026',
			'January 31, 2026',
			'2026-1-31',
			'2026-02-29',
			'2026-01-31T24:00:00',
			'2026-01-31T10:00:00+25:00',
			'soon',
		]) {
			expect(thrown(() => pageFilterFrom({ modifiedSince: value }, 'UTC'))).toBe(
				form(`"${value}"`),
			);
		}
		expect(thrown(() => pageFilterFrom({ modifiedSince: true }, 'UTC'))).toBe(form('boolean'));
		expect(thrown(() => pageFilterFrom({ modifiedSince: new Date('x') }, 'UTC'))).toBe(
			form('object'),
		);
	});

	test('the same decisions on a server in any time zone (TZ of the process): New York, Tokyo, UTC', () => {
		const script = `
			const { pageFilterFrom } = require(${JSON.stringify(path.join(__dirname, '../../dist/nodes/PhpRank/sitemap/pageFilter'))});
			const values = ['2026-01-31', '2026-01-30', '2026-01-31T04:59:00Z', '2026-01-31T00:00', '2026-01-30T23:00'];
			const out = {};
			for (const zone of ['UTC', 'America/New_York', 'Asia/Tokyo']) {
				const keep = pageFilterFrom({ modifiedSince: '2026-01-31T00:00:00' }, zone);
				out[zone] = values.map((lastmod) => keep({ url: 'https://a.test/', sitemap: 's', lastmod }));
			}
			console.log(JSON.stringify({ server: Intl.DateTimeFormat().resolvedOptions().timeZone, out }));`;
		const decisions = {
			UTC: [true, false, true, true, false],
			'America/New_York': [true, false, false, true, false],
			'Asia/Tokyo': [true, false, true, true, false],
		};
		for (const server of ['America/New_York', 'Asia/Tokyo', 'UTC']) {
			const child = spawnSync(process.execPath, ['-e', script], {
				env: { ...process.env, TZ: server },
				encoding: 'utf8',
			});
			expect(child.stderr).toBe('');
			expect(JSON.parse(child.stdout)).toEqual({ server, out: decisions });
		}
	});
});
