// Audit Site's filters (nodes/PhpRank/sitemap/pageFilter.ts): Include / Exclude URLs Containing (a
// pattern whose matching time can grow exponentially refused: patternCost.ts) and Modified Since
// (modifiedSince.ts), read in the workflow's time zone and the same on a server in any time zone.
// The same through n8n-core: test/operations/project/auditSite.test.js.
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { pageFilterFrom, urlMatcherFrom } = require('../helpers/built').pageFilter;
const { modifiedSinceFrom } = require('../helpers/built').modifiedSince;

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

describe('a /regular expression/ whose matching time can grow exponentially', () => {
	const slow = (field, text, part) =>
		`${field} ${text} could take hours on one URL: in ${part}, one text can be matched more than one way (a repetition inside a repetition, or alternatives that overlap under a repetition), and each more character doubles the time. Write it with one repetition of a character class, like [\\w-]+ instead of (\\w+-?)+, or give comma-separated text`;

	test('is refused, naming the field, the part and how to write it instead', () => {
		expect(thrown(() => pageFilterFrom({ exclude: '/(\\w+-?)+\\.pdf$/i' }, 'UTC'))).toBe(
			slow('Exclude URLs Containing', '/(\\w+-?)+\\.pdf$/i', '(\\w+-?)+'),
		);
		expect(thrown(() => pageFilterFrom({ include: ' /\\/(a|ab)+\\// ' }, 'UTC'))).toBe(
			slow('Include URLs Containing', '/\\/(a|ab)+\\//', '(a|ab)+'),
		);
		const long = `/(${'x'.repeat(100)}+)+/`;
		expect(thrown(() => pageFilterFrom({ include: long }, 'UTC'))).toBe(
			slow('Include URLs Containing', `${long.slice(0, 77)}...`, `(${'x'.repeat(56)}...`),
		);
	});

	test('written with one repetition it is kept and matches as before, the URL that froze n8n included; plain text is never a pattern', () => {
		// a 27-character path segment and a few more: the refused pattern took 3 s at 27, doubling per character
		const frozen = `https://a.test/docs/${'a'.repeat(40)}!.pdf`;
		const keep = pageFilterFrom({ exclude: '/[\\w-]+\\.pdf$/i' }, 'UTC');
		expect([frozen, 'https://a.test/docs/annual-report.PDF'].map((url) => keep(page(url)))).toEqual(
			[true, false],
		);
		const text = pageFilterFrom({ include: '(a+)+, (\\w|\\d)+' }, 'UTC');
		expect(
			['https://a.test/(a+)+', 'https://a.test/(\\W|\\D)+', 'https://a.test/aaa'].map((url) =>
				text(page(url)),
			),
		).toEqual([true, true, false]);
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
