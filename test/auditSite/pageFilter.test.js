// Audit Site's filters (nodes/PhpRank/auditSite/pageFilter.ts): Include / Exclude URLs Containing (text,
// or one /regular expression/ matched by the node's own engine: urlPattern.test.js), read as Match As
// says from node version 1.3 and by their shape before it, and Modified Since (modifiedSince.ts),
// read in the workflow's time zone and the same on a server in any time zone.
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

test('filters (version 1.2, by shape): comma-separated text in any case, one /regular expression/ with flags, Modified Since', () => {
	const keep = pageFilterFrom(
		{
			include: ' Blog , NEWS ',
			exclude: '/\\/draft-\\d+$/i',
			modifiedSince: '2026-01-01T00:00:00Z',
		},
		'UTC',
		1.2,
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

/** The node's versions, as the node lists them (a saved workflow may be of any). */
const VERSIONS = new PhpRank().description.version;

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

	test("Exclude's placeholder, /tag/, /author/ (every version): the texts /tag/ and /author/, each a whole path segment in any case", () => {
		const text = placeholderOf('exclude');
		expect(text).toBe('/tag/, /author/');
		for (const version of VERSIONS) {
			const keep = pageFilterFrom({ exclude: text }, 'UTC', version);
			expect([version, URLS.filter((url) => !keep(page(url)))]).toEqual([
				version,
				[
					'https://a.test/tag',
					'https://a.test/tag/seo',
					'https://a.test/TAG/Seo',
					'https://a.test/author/jo/',
					'https://a.test/blog/tag/x',
				],
			]);
		}
	});

	test("Include's placeholder, /blog/ (every version): the text /blog/, matched as a path segment in any case, never /blogroll or /weblog/", () => {
		const text = placeholderOf('include');
		expect(text).toBe('/blog/');
		for (const version of VERSIONS) {
			const keep = pageFilterFrom({ include: text }, 'UTC', version);
			expect([version, URLS.filter((url) => keep(page(url)))]).toEqual([
				version,
				[
					'https://a.test/blog',
					'https://a.test/blog/',
					'https://a.test/blog/x',
					'https://a.test/en/blog/x',
					'https://a.test/Blog/Second',
					'https://a.test/blog?page=2',
					'https://a.test/blog/tag/x',
				],
			]);
		}
	});

	test('versions 1 to 1.2: a regular expression only when the whole field is one /body/flags literal that is more than path text', () => {
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

	test('versions 1 to 1.2: a literal that is not a valid regular expression is refused as before, naming the field', () => {
		for (const version of [1, 1.1, 1.2]) {
			expect(thrown(() => pageFilterFrom({ exclude: '/(/' }, 'UTC', version))).toBe(
				'Exclude URLs Containing is not a valid regular expression (Invalid regular expression: /(/: Unterminated group): write it as /expression/ or give comma-separated text',
			);
			expect(thrown(() => pageFilterFrom({ include: '/c++/' }, 'UTC', version))).toBe(
				'Include URLs Containing is not a valid regular expression (Invalid regular expression: /c++/: Nothing to repeat): write it as /expression/ or give comma-separated text',
			);
		}
	});

	test('every version: /en/blog, /blog/2024, /p/1, /blog/x (letters after the second slash that are no flags, refused before) are text', () => {
		const urls = [
			'https://a.test/en/blog',
			'https://a.test/EN/Blog/x',
			'https://a.test/fr/blog',
			'https://a.test/blog/2024/05',
			'https://a.test/blog/2023',
			'https://a.test/p/1',
			'https://a.test/p/12',
			'https://a.test/shop/p/1?x',
			'https://a.test/blog/x',
		];
		for (const version of VERSIONS) {
			const kept = (include) => {
				const keep = pageFilterFrom({ include }, 'UTC', version);
				return urls.filter((url) => keep(page(url)));
			};
			expect([version, ['/en/blog', '/blog/2024', '/p/1', '/blog/x'].map(kept)]).toEqual([
				version,
				[
					['https://a.test/en/blog', 'https://a.test/EN/Blog/x'],
					['https://a.test/blog/2024/05'],
					['https://a.test/p/1', 'https://a.test/p/12', 'https://a.test/shop/p/1?x'],
					['https://a.test/EN/Blog/x', 'https://a.test/blog/x'],
				],
			]);
		}
		// flags that are flags still make a pattern before 1.3: /blog/i, and /blog/gy (g and y ignored)
		expect(matched('/BLOG/gi', ['https://a.test/blogroll', 'https://a.test/x'])).toEqual([
			'https://a.test/blogroll',
		]);
		// u and v together are no flags either (refused before): text
		expect(matched('/blog/uv', ['https://a.test/x/blog/uv', 'https://a.test/blog'])).toEqual([
			'https://a.test/x/blog/uv',
		]);
	});
});

describe('version 1.3: Match As, Text by default', () => {
	const URLS = [
		'https://a.test/café/',
		'https://a.test/cafés/plural',
		'https://a.test/Café/Upper',
		'https://a.test/caf%C3%A9/',
		'https://a.test/cafe\u0301/decomposed',
		'https://a.test/search/red+shoes/',
		'https://a.test/search/reddshoes/',
		'https://a.test/search/red%2Bshoes/',
		'https://a.test/what?/',
		'https://a.test/whale/',
		'https://a.test/50%25-off/',
		'https://a.test/50-off/',
		'https://a.test/c++/',
		'https://a.test/c/',
		'https://a.test/a*b/',
		'https://a.test/aab/',
	];
	const keptBy = (options, version = 1.3) => {
		const keep = pageFilterFrom(options, 'UTC', version);
		return URLS.filter((url) => keep(page(url)));
	};

	test('Text: any case (Unicode), every character as itself, the URL as written and percent-decoded, NFC on both sides', () => {
		const texts = ['/café/', '/CAFÉ/', '/cafe\u0301/', '/red+shoes/', '/what?/', '/50%25-off/'];
		texts.push('/c++/', '/a*b/');
		for (const options of [{}, { matchAs: 'text' }]) {
			expect(texts.map((include) => [include, keptBy({ ...options, include })])).toEqual([
				[
					'/café/',
					[
						'https://a.test/café/',
						'https://a.test/Café/Upper',
						'https://a.test/caf%C3%A9/',
						'https://a.test/cafe\u0301/decomposed',
					],
				],
				[
					'/CAFÉ/',
					[
						'https://a.test/café/',
						'https://a.test/Café/Upper',
						'https://a.test/caf%C3%A9/',
						'https://a.test/cafe\u0301/decomposed',
					],
				],
				[
					'/cafe\u0301/',
					[
						'https://a.test/café/',
						'https://a.test/Café/Upper',
						'https://a.test/caf%C3%A9/',
						'https://a.test/cafe\u0301/decomposed',
					],
				],
				['/red+shoes/', ['https://a.test/search/red+shoes/', 'https://a.test/search/red%2Bshoes/']],
				['/what?/', ['https://a.test/what?/']],
				['/50%25-off/', ['https://a.test/50%25-off/']],
				['/c++/', ['https://a.test/c++/']],
				['/a*b/', ['https://a.test/a*b/']],
			]);
		}
		// Exclude alike; a text ending in / still matches where the decoded path ends
		expect(keptBy({ exclude: '/café/, /what?/' }).length).toBe(URLS.length - 5);
		const end = pageFilterFrom({ include: '/café/' }, 'UTC', 1.3);
		expect(
			[
				'https://a.test/caf%C3%A9',
				'https://a.test/caf%C3%A9?x=1',
				'https://a.test/x?caf%C3%A9',
			].map((url) => end(page(url))),
		).toEqual([true, true, false]);
	});

	test('the same fields before 1.3, read by shape as saved workflows were: /café/ and /red+shoes/ are patterns, /c++/ refused', () => {
		expect(keptBy({ include: '/café/' }, 1.2)).toEqual([
			'https://a.test/café/',
			'https://a.test/cafés/plural',
		]);
		expect(keptBy({ include: '/red+shoes/' }, 1.2)).toEqual(['https://a.test/search/reddshoes/']);
		expect(keptBy({ include: '/what?/' }, 1.2)).toEqual([
			'https://a.test/what?/',
			'https://a.test/whale/',
		]);
		expect(thrown(() => keptBy({ include: '/c++/' }, 1.2))).toMatch(/Nothing to repeat/);
	});

	test('a malformed % sequence never throws: what is not UTF-8 stays as written (textFilter.test.js)', () => {
		const keep = pageFilterFrom({ include: '/100%/, %e9t' }, 'UTC', 1.3);
		expect(
			[
				'https://a.test/100%/',
				'https://a.test/%E9t%C3/',
				'https://a.test/%ZZ',
				'https://a.test/100/',
			].map((url) => keep(page(url))),
		).toEqual([true, true, false, false]);
	});

	test('Regular Expression: a /body/flags literal, else the whole field is the source without flags; refusals say to choose Text', () => {
		const urls = [
			'https://a.test/blog/2024',
			'https://a.test/Blog/12',
			'https://a.test/blogroll',
			'https://a.test/blog/x',
			'https://a.test/en/blog',
		];
		const kept = (include) => {
			const keep = pageFilterFrom({ include, matchAs: 'regex' }, 'UTC', 1.3);
			return [include, urls.filter((url) => keep(page(url)))];
		};
		const fields = ['/\\/blog\\/\\d+/', '\\/blog\\/\\d+', '/\\/blog\\/\\d+/gi', '/blog/'];
		fields.push('/en/blog', 'blog/\\d|roll');
		expect(fields.map(kept)).toEqual([
			['/\\/blog\\/\\d+/', ['https://a.test/blog/2024']],
			['\\/blog\\/\\d+', ['https://a.test/blog/2024']],
			['/\\/blog\\/\\d+/gi', ['https://a.test/blog/2024', 'https://a.test/Blog/12']],
			[
				'/blog/',
				[
					'https://a.test/blog/2024',
					'https://a.test/blogroll',
					'https://a.test/blog/x',
					'https://a.test/en/blog',
				],
			],
			['/en/blog', ['https://a.test/en/blog']],
			['blog/\\d|roll', ['https://a.test/blog/2024', 'https://a.test/blogroll']],
		]);
		const refused = (include) =>
			thrown(() => pageFilterFrom({ include, matchAs: 'regex' }, 'UTC', 1.3));
		expect(refused('/(/')).toBe(
			'Include URLs Containing is not a valid regular expression (Invalid regular expression: /(/: Unterminated group): correct it or set Match As to Text',
		);
		expect(refused('c++')).toBe(
			'Include URLs Containing is not a valid regular expression (Invalid regular expression: /c++/: Nothing to repeat): correct it or set Match As to Text',
		);
		expect(refused('\\/blog\\/(?!tag)')).toBe(
			"Include URLs Containing \\/blog\\/(?!tag) uses a lookahead, (?!tag): URL filters are matched in a time bounded by the URL's length, which a lookahead does not allow. Write it without one: what a URL must not contain goes in Exclude URLs Containing, what it must contain in Include URLs Containing, or set Match As to Text",
		);
	});

	test('a /pattern/ saved in version 1.2 keeps its pattern meaning (Match As is not read before 1.3); in 1.3 with the default Text it is text', () => {
		const urls = ['https://a.test/blog/2024', 'https://a.test/x/\\/blog\\/\\d+/'];
		const kept = (options, version) => {
			const keep = pageFilterFrom(options, 'UTC', version);
			return urls.filter((url) => keep(page(url)));
		};
		const field = { include: '/\\/blog\\/\\d+/' };
		expect(kept(field, 1.2)).toEqual(['https://a.test/blog/2024']);
		expect(kept({ ...field, matchAs: 'text' }, 1.2)).toEqual(['https://a.test/blog/2024']);
		expect(kept({ ...field, matchAs: 'nonsense' }, 1.1)).toEqual(['https://a.test/blog/2024']);
		expect(kept(field, 1.3)).toEqual(['https://a.test/x/\\/blog\\/\\d+/']);
		expect(kept({ ...field, matchAs: 'regex' }, 1.3)).toEqual(['https://a.test/blog/2024']);
	});

	test('a Match As other than text or regex: refused, naming the field', () => {
		for (const matchAs of ['glob', '', 'Text', 1]) {
			const message = thrown(() => pageFilterFrom({ include: '/blog/', matchAs }, 'UTC', 1.3));
			expect(message).toBe(`Match As must be "text" or "regex" (got ${JSON.stringify(matchAs)})`);
		}
		let error;
		try {
			pageFilterFrom({ matchAs: 'glob' }, 'UTC', 1.3);
		} catch (thrownError) {
			error = thrownError;
		}
		expect(error.constructor.name).toBe('InvalidInput');
		expect(error.field).toBe('Match As');
	});
});

describe('a /regular expression/ is matched in a time linear in the URL; what that cannot match is refused before anything is read', () => {
	test('those refused before as exponential are accepted and match as JavaScript does, on the URL that froze n8n too', () => {
		// a 27-character path segment and a few more: /(\w+-?)+\.pdf$/i took 3 s at 27 in JavaScript, doubling per character
		const frozen = `https://a.test/docs/${'a'.repeat(40)}!.pdf`;
		const urls = [frozen, 'https://a.test/docs/annual-report.PDF', 'https://a.test/a/b/c'];
		const keep = pageFilterFrom({ exclude: '/(\\w+-?)+\\.pdf$/i' }, 'UTC', 1.2);
		expect(urls.map((url) => keep(page(url)))).toEqual([true, false, true]);
		const overlapping = pageFilterFrom({ include: ' /\\/(a|ab)+\\// ' }, 'UTC', 1.2);
		expect(
			['https://a.test/abab/', `https://a.test/${'ab'.repeat(40)}c/`].map((url) =>
				overlapping(page(url)),
			),
		).toEqual([true, false]);
		const slow = pageFilterFrom({ exclude: '/\\/.*\\/.*\\/.*\\.pdf$/i' }, 'UTC', 1.2);
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
		expect(thrown(() => pageFilterFrom({ include: '/\\/blog\\/(?!tag\\/)/' }, 'UTC', 1.2))).toBe(
			`${refusedAs('Include URLs Containing', '/\\/blog\\/(?!tag\\/)/', 'a lookahead')}, (?!tag\\/): ${rule('a lookahead')} Write it without one: ${fields}, or give comma-separated text`,
		);
		expect(thrown(() => pageFilterFrom({ exclude: '/(?<=\\/en)\\/blog/' }, 'UTC', 1.2))).toBe(
			`${refusedAs('Exclude URLs Containing', '/(?<=\\/en)\\/blog/', 'a lookbehind')}, (?<=\\/en): ${rule('a lookbehind')} Write it without one: ${fields}, or give comma-separated text`,
		);
		expect(thrown(() => pageFilterFrom({ include: '/\\/(en|es)\\/\\1\\//' }, 'UTC', 1.2))).toBe(
			`${refusedAs('Include URLs Containing', '/\\/(en|es)\\/\\1\\//', 'a back-reference')}, \\1: ${rule('a back-reference')} Write out the text it stands for, like (en|es)\\/(en|es) instead of (en|es)\\/\\1, or give comma-separated text`,
		);
		expect(thrown(() => pageFilterFrom({ include: '/[\\w--_]+/v' }, 'UTC', 1.2))).toBe(
			`${refusedAs('Include URLs Containing', '/[\\w--_]+/v', 'the v flag')}, /[\\w--_]+/v: ${rule('the v flag')} Write it with the u flag instead, or give comma-separated text`,
		);
	});

	test('a pattern too large to match in bounded time: refused, saying the bound and what to write instead', () => {
		expect(
			thrown(() => pageFilterFrom({ exclude: '/(?:\\/[a-z]{1000}){1000}/' }, 'UTC', 1.2)),
		).toBe(
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
			const { pageFilterFrom } = require(${JSON.stringify(path.join(__dirname, '../../dist/nodes/PhpRank/auditSite/pageFilter'))});
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
