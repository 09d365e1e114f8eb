// Project → Digest's pure modules (nodes/PhpRank/digest/digest*.ts): the model, the week, History,
// the links, the wording, and each channel's escaping. The operation through n8n-core against the
// sandbox: test/operations/project/digest.test.js.
const { digestItem, combinedItem } = require('../helpers/built').digestOutput;
const { historyRows, pastWeeks } = require('../helpers/built').digestHistory;
const { mondayOf, mondayInZone } = require('../helpers/built').digestWeek;
const { notAuditedReason, ENGLISH } = require('../helpers/built').digestWording;
const { siteLink } = require('../helpers/built').digestLinks;
const { TREND_WEEKS } = require('../helpers/built').digest;
const { emailSafetyProblems, startTags, attribute } = require('../helpers/email-safety');
const { siteSummaryOf } = require('../helpers/digest-input');

const SITE = 'site.test';
const WEEK = '2026-11-30';
const CHANNELS = ['subject', 'html', 'text', 'slack', 'markdown'];

const summary = (figures = {}) =>
	siteSummaryOf(SITE, {
		issues_medium: 1,
		newest_report_at: '2026-11-30T05:00:00.000Z',
		oldest_report_at: '2026-11-01T05:00:00.000Z',
		...figures,
	});

const issue = (check, importance, pagesFailing, urls, extra = {}) => ({
	project: SITE,
	check,
	name: `Name of ${check}`,
	category: 'seo',
	importance,
	pages_failing: pagesFailing,
	pages_audited: 20,
	pages: urls.map((url, i) => ({ id: i + 1, url, reason: 'r' })),
	how_to_fix: `Fix ${check}`,
	...extra,
});

const row = (week, figures = {}, issues = []) => ({
	id: 7,
	createdAt: '2026-11-23T06:00:00.000Z',
	updatedAt: '2026-11-23T06:00:00.000Z',
	project: SITE,
	week,
	health: 90,
	pages: 19,
	pages_failing_high: 2,
	score_average: 80,
	issues: JSON.stringify(issues),
	...figures,
});

const input = (extra = {}) => ({
	project: SITE,
	week: WEEK,
	summary: summary(),
	issues: [],
	history: [],
	audit: [],
	...extra,
});

/** The texts of the channels, for checks that hold in all of them. */
const channels = (item) => CHANNELS.map((name) => [name, item[name]]);

const HOSTILE_URL = 'https://site.test/a"><img src=x onerror=alert(1)><script>alert(2)</script>';
const SLACK_LINK = 'https://site.test/login|<https://evil.test/login|Sign in>';
const HOSTILE_NAME =
	'[Sign in](https://evil.test) *bold* <https://evil.test|Sign in> "><img onerror=x> `code`';
const HOSTILE_ERROR = '<script>alert(3)</script> [x](javascript:alert(4)) <https://evil.test|here>';

function hostileDigest() {
	return digestItem(
		input({
			issues: [
				issue('title', 'high', 5, [HOSTILE_URL, SLACK_LINK, 'javascript:alert(5)'], {
					name: HOSTILE_NAME,
				}),
				issue('evil', 'medium', 2, ['https://evil.test/login', 'https://site.test/p(1)']),
			],
			audit: [
				{ action: 'summary', project: SITE, pages_listed: 3, pages_fresh: 1, pages_failed: 1 },
				{ action: 'failed', project: SITE, url: 'https://evil.test/x|<b>', error: HOSTILE_ERROR },
			],
		}),
	);
}

describe('HTML', () => {
	test('email-safe and every hostile text escaped: no tag, attribute or link comes from data', () => {
		const { html } = hostileDigest();
		expect(emailSafetyProblems(html)).toEqual([]);
		const tags = startTags(html).map((tag) => tag.name);
		expect(
			tags.filter(
				(name) =>
					![
						'html',
						'head',
						'meta',
						'title',
						'body',
						'table',
						'tr',
						'td',
						'strong',
						'span',
						'br',
						'a',
						'div',
					].includes(name),
			),
		).toEqual([]);
		expect(html).not.toMatch(/<img|<script/i);
		expect(html).toContain('Name of evil');
		expect(html).toContain('&quot;&gt;&lt;img onerror=x&gt;');
		// links: only the site's own http(s) pages, each href the parsed URL, escaped
		const hrefs = startTags(html)
			.filter((tag) => tag.name === 'a')
			.map((tag) => attribute(tag.text, 'href'));
		expect(hrefs).toEqual([
			'https://site.test/a%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E%3Cscript%3Ealert(2)%3C/script%3E',
			'https://site.test/login|%3Chttps://evil.test/login|Sign%20in%3E',
			'https://site.test/p(1)',
		]);
		// shown, not linked, and no mail client links it: outside the site's own links, no address reads whole
		expect(html).toContain('https:&#8203;//evil&#8203;.test/login');
		const outsideLinks = html.replace(/<a [^>]*>[\s\S]*?<\/a>/g, '');
		expect(outsideLinks).not.toMatch(/https?:\/\/|evil\.test/);
		expect(html).not.toContain('href="javascript');
	});

	test('fits 375 px: one column of at most 600 px, the text may break anywhere, no fixed width', () => {
		const { html } = hostileDigest();
		expect(html).toContain('max-width:600px');
		const widths = startTags(html)
			.map((tag) => attribute(tag.text, 'width'))
			.filter((width) => width !== undefined);
		expect(widths.every((width) => /%$/.test(width))).toBe(true);
		expect(html).toContain('overflow-wrap:anywhere');
	});
});

describe('Slack', () => {
	test('&, < and > escaped in every text; links only to the site, their | encoded; other URLs in code', () => {
		const { slack } = hostileDigest();
		// every < starts a link the digest made, to the site
		const links = [...slack.matchAll(/<([^>]*)>/g)].map((m) => m[1]);
		expect(links).toEqual([
			'https://site.test/a%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E%3Cscript%3Ealert(2)%3C/script%3E|https://site.test/a"&gt;&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;',
			'https://site.test/login%7C%3Chttps://evil.test/login%7CSign%20in%3E|https://site.test/login|&lt;https://evil.test/login|Sign in&gt;',
			'https://site.test/p(1)|https://site.test/p(1)',
		]);
		expect(slack).toContain('`javascript:alert(5)`');
		expect(slack).toContain('`https://evil.test/login`');
		// URL-like text from data is no autolink: a zero-width space after ":" and before "."
		expect(slack).toContain('&lt;https:\u200b//evil\u200b.test|Sign in&gt;');
		expect(slack).toContain('&lt;script&gt;');
		expect(slack).not.toContain('<!');
	});
});

describe('Markdown', () => {
	test("brackets, emphasis, code and HTML from data escaped; links only to the site's pages", () => {
		const { markdown } = hostileDigest();
		expect(markdown).toContain(
			'\\[Sign in\\]\\(https:\u200b//evil\u200b.test\\) \\*bold\\* &lt;https:\u200b//evil\u200b.test\\|Sign in\\> "\\>&lt;img onerror=x\\> \\`code\\`',
		);
		const links = [...markdown.matchAll(/(?<!\\)\[([^\]]*(?:\\\][^\]]*)*)\]\(([^)]*)\)/g)].map(
			(m) => m[2],
		);
		expect(links).toEqual([
			'https://site.test/a%22%3E%3Cimg%20src=x%20onerror=alert%281%29%3E%3Cscript%3Ealert%282%29%3C/script%3E',
			'https://site.test/login%7C%3Chttps://evil.test/login%7CSign%20in%3E',
			'https://site.test/p%281%29',
		]);
		expect(markdown).toContain('`javascript:alert(5)`');
		expect(markdown).toContain('`https://evil.test/login`');
		expect(markdown).not.toMatch(/<script|<img/);
	});
});

describe('text', () => {
	test('plain: the hostile texts as they are, on their own line only where the digest puts one', () => {
		const item = digestItem(
			input({
				issues: [
					issue('title', 'high', 1, ['https://site.test/a\nFAKE LINE'], { name: 'T\r\nitle' }),
				],
			}),
		);
		expect(item.text).toContain(
			'- [high] T itle: fails on 1 of 20 pages. How to fix: Fix title. For example: https://site.test/aFAKE%20LINE',
		);
		expect(item.text.split('\n').some((line) => line.startsWith('FAKE'))).toBe(false);
	});
});

describe('every channel', () => {
	test('control and direction-override characters from data are dropped (no reversed or hidden text)', () => {
		const name = 'Title\u202Egnp.exe\u200B\u0007';
		const item = digestItem(input({ issues: [issue('title', 'high', 1, [], { name })] }));
		const clean = digestItem(
			input({ issues: [issue('title', 'high', 1, [], { name: 'Titlegnp.exe' })] }),
		);
		for (const [channel, text] of channels(item)) {
			expect([channel, /[\u202E\u0007]/.test(text), text]).toEqual([
				channel,
				false,
				clean[channel],
			]);
		}
		expect(item.text).toContain('- [high] Titlegnp.exe: fails on 1 of 20 pages.');
	});
});

describe('the edges', () => {
	test('no report: said as such, never null, undefined or NaN', () => {
		const item = digestItem(
			input({
				summary: summary({
					pages: 0,
					health: null,
					score_average: null,
					pages_failing_high: 0,
					issues_high: 0,
					issues_medium: 0,
				}),
			}),
		);
		expect(item.subject).toBe('site.test: no report yet');
		for (const [name, text] of channels(item)) {
			expect([name, /null|undefined|NaN/.test(text)]).toEqual([name, false]);
		}
		expect(item.text).toContain('No report of this site yet');
		expect(item.row.health).toBeNull(); // the row keeps what the summary says
	});

	test('the first week: said, no arrows, no new or fixed', () => {
		const item = digestItem(input({ issues: [issue('title', 'high', 5, [])] }));
		expect(item.subject).toBe('site.test: health 75, first week');
		expect(item.text).toContain('First week: there is no earlier week to compare with.');
		expect(item.text).not.toMatch(/▲|▼|±0|New since/);
	});

	test('null figures in History: no arrow for them, "no figure" in the trend, no NaN', () => {
		const item = digestItem(
			input({
				history: [row('2026-11-23', { health: null, pages: 'n/a', pages_failing_high: '3' })],
			}),
		);
		expect(item.subject).toBe('site.test: health 75, 0 new issues, 0 fixed');
		expect(item.text).toContain(
			'Health 75 · Pages with a report: 20 · Pages failing a high check: 5 (▲2 since last week)',
		);
		expect(item.text).toContain('Health over 2 weeks: ·▆ (23 Nov: no figure, 30 Nov: 75)');
		for (const [name, text] of channels(item))
			expect([name, /null|undefined|NaN/.test(text)]).toEqual([name, false]);
	});

	test('14 earlier weeks: 12 bars, the last 11 of them and this week; the compared week is the latest', () => {
		const weeks = Array.from({ length: 15 }, (_, i) =>
			new Date(Date.UTC(2026, 7, 24 + 7 * i)).toISOString().slice(0, 10),
		);
		expect(weeks[14]).toBe(WEEK);
		const history = weeks.slice(0, 14).map((week, i) => row(week, { health: 50 + i }));
		// a row of this week and one of another project are left out
		history.push(row(WEEK, { health: 1 }), {
			...row('2026-11-23'),
			project: 'other.test',
			health: 2,
		});
		const item = digestItem(input({ history }));
		expect(TREND_WEEKS).toBe(12);
		const bars = item.html.match(/bgcolor="#[0-9a-f]{6}" style="height:\d+px/g);
		expect(bars).toHaveLength(12);
		expect(item.text).toContain('Health over 12 weeks:');
		expect(item.text).toContain('(14 Sep: 53, 21 Sep: 54,');
		expect(item.text).toContain('23 Nov: 63, 30 Nov: 75)');
		expect(item.subject).toBe('site.test: health 75 (▲12), 0 new issues, 0 fixed');
	});

	test('a gap of weeks: "since the week of" the compared week', () => {
		const item = digestItem(input({ history: [row('2026-11-09', { health: 80 })] }));
		expect(item.text).toContain('Health 75 (▼5 since the week of 9 Nov 2026)');
	});
});

describe('what to fix first, new and fixed', () => {
	test('high before medium before low (unknown last), then by pages; how to fix; up to 3 example pages as links', () => {
		const pages = (n) => Array.from({ length: n }, (_, i) => `https://site.test/p${i}`);
		// Get Issues' order (siteHealth.ts) is kept as given
		const issues = [
			issue('a_high', 'high', 9, pages(3)),
			issue('b_high', 'high', 2, pages(1)),
			issue('c_medium', 'medium', 12, pages(3)),
			issue('d_low', 'low', 20, []),
			issue('e_new', null, 1, []),
		];
		const item = digestItem(input({ issues }));
		const lines = item.text.split('\n').filter((line) => line.startsWith('- ['));
		expect(lines).toEqual([
			'- [high] Name of a_high: fails on 9 of 20 pages. How to fix: Fix a_high. For example: https://site.test/p0, https://site.test/p1, https://site.test/p2',
			'- [high] Name of b_high: fails on 2 of 20 pages. How to fix: Fix b_high. For example: https://site.test/p0',
			'- [medium] Name of c_medium: fails on 12 of 20 pages. How to fix: Fix c_medium. For example: https://site.test/p0, https://site.test/p1, https://site.test/p2',
			'- [low] Name of d_low: fails on 20 of 20 pages. How to fix: Fix d_low.',
			'- [unknown] Name of e_new: fails on 1 of 20 pages. How to fix: Fix e_new.',
		]);
		expect(item.slack).toContain('<https://site.test/p2|https://site.test/p2>');
	});

	test('new and fixed since last week, by check; the row keeps the failing checks with their pages', () => {
		const last = [
			{ check: 'title', name: 'Title', importance: 'high', pages_failing: 3, pages: [] },
			{ check: 'gone', name: 'Gone check', importance: 'low', pages_failing: 4, pages: [] },
		];
		const item = digestItem(
			input({
				history: { data: [row('2026-11-23', {}, last)] }.data,
				issues: [
					issue('title', 'high', 5, ['https://site.test/a']),
					issue('fresh', 'medium', 2, []),
				],
			}),
		);
		expect(item.subject).toBe('site.test: health 75 (▼15), 1 new issue, 1 fixed');
		expect(item.text).toContain(
			'New since last week (1)\n- [medium] Name of fresh: 2 pages\nFixed since last week (1)\n- [low] Gone check: was on 4 pages',
		);
		expect(item.row).toEqual({
			project: SITE,
			week: WEEK,
			checked_at: '2026-11-30T06:00:00.000Z',
			pages: 20,
			health: 75,
			score_average: 71.5,
			pages_good: 5,
			pages_decent: 10,
			pages_bad: 5,
			issues_high: 1,
			issues_medium: 1,
			issues_low: 0,
			pages_failing_high: 5,
			issues: JSON.stringify([
				{
					check: 'title',
					name: 'Name of title',
					importance: 'high',
					pages_failing: 5,
					pages: ['https://site.test/a'],
				},
				{
					check: 'fresh',
					name: 'Name of fresh',
					importance: 'medium',
					pages_failing: 2,
					pages: [],
				},
			]),
		});
	});

	test('a row without a readable list of issues: new and fixed are not guessed', () => {
		const item = digestItem(input({ history: [row('2026-11-23', { issues: 'not json' })] }));
		expect(item.text).toContain("Last week's row holds no list of issues");
		expect(item.text).not.toContain('New since');
	});
});

describe('coverage', () => {
	test("Audit Site's summary and failed pages: counts and the reason in words", () => {
		const item = digestItem(
			input({
				audit: [
					{ action: 'summary', project: 'other.test', pages_listed: 99 },
					{
						action: 'summary',
						project: SITE,
						pages_listed: 10,
						pages_fresh: 7,
						pages_failed: 1,
						pages_waiting: 2,
						pages_not_in_sitemaps: 1,
					},
					{
						action: 'failed',
						project: SITE,
						url: 'https://site.test/slow',
						error:
							'cURL error 28: Operation timed out after 30001 milliseconds with 0 bytes received',
					},
					{ action: 'not in sitemaps', project: SITE, url: 'https://site.test/old', deleted: true },
				],
			}),
		);
		expect(item.text).toContain(
			'Coverage: 7 of 10 listed pages have a fresh report; 1 page could not be audited; 2 pages wait for a later run; 1 page is no longer in the sitemaps\n- Not audited: https://site.test/slow: the page timed out\n- No longer listed: https://site.test/old (its reports deleted)',
		);
		expect(item.text).not.toContain('cURL');
	});

	test.each([
		['cURL error 28: Operation timed out after 30001 milliseconds', 'the page timed out'],
		['cURL error 6: Could not resolve host: x.test', "the site's host name could not be found"],
		[
			'cURL error 7: Failed to connect to x.test port 443: Connection refused',
			'the site refused the connection',
		],
		[
			'cURL error 60: SSL certificate problem: unable to get local issuer certificate',
			"the site's HTTPS certificate could not be checked",
		],
		['cURL error 47: Maximum (10) redirects followed', 'the page redirects too many times'],
		['The page answered HTTP 503', 'the page answered HTTP 503'],
		['<script>alert(1)</script>', 'phpRank could not audit it'],
		[undefined, 'phpRank could not audit it'],
	])('%s: %s', (error, words) => {
		expect(notAuditedReason(ENGLISH, error)).toBe(words);
	});
});

describe('Combine Sites', () => {
	test('one digest: the sites that got worse first, each with its section and row', () => {
		const better = input({
			project: 'a.test',
			summary: summary({ project: 'a.test', health: 95 }),
			history: [{ ...row('2026-11-23', { health: 90 }), project: 'a.test' }],
		});
		const worse = input({
			project: 'z.test',
			summary: summary({ project: 'z.test', health: 60 }),
			history: [{ ...row('2026-11-23', { health: 80 }), project: 'z.test' }],
		});
		const item = combinedItem([better, worse], WEEK);
		expect(item.subject).toBe('SEO health of 2 sites, week of 30 Nov 2026: 1 worse');
		expect(item.projects).toEqual(['z.test', 'a.test']);
		expect(item.text.split('\n').slice(0, 4)).toEqual([
			'SEO health of 2 sites, week of 30 Nov 2026',
			'Sites that got worse come first.',
			'- z.test: health 60 (▼20); new 0, fixed 0, pages failing a high check 5',
			'- a.test: health 95 (▲5); new 0, fixed 0, pages failing a high check 5',
		]);
		expect(item.text.indexOf('SEO health of z.test')).toBeLessThan(
			item.text.indexOf('SEO health of a.test'),
		);
		expect(item.rows.map((r) => [r.project, r.health])).toEqual([
			['a.test', 95],
			['z.test', 60],
		]);
		expect(emailSafetyProblems(item.html)).toEqual([]);
	});
});

describe('Week and History', () => {
	test.each([
		['2026-11-30', '2026-11-30'],
		['2026-12-06', '2026-11-30'],
		['2026-12-01T23:30:00.000+01:00', '2026-11-30'],
		['2026-02-30', undefined],
		['next monday', undefined],
	])('the Monday of %s: %s', (text, monday) => {
		expect(mondayOf(text)).toBe(monday);
	});

	test("this week's Monday in the workflow's time zone", () => {
		// Monday 30 Nov 2026, 23:30 UTC: already Tuesday in Berlin, still Monday in New York
		const now = new Date('2026-11-30T23:30:00Z');
		expect(mondayInZone(now, 'Europe/Berlin')).toBe('2026-11-30');
		expect(mondayInZone(new Date('2026-11-29T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-30');
		expect(mondayInZone(new Date('2026-11-29T23:30:00Z'), 'America/New_York')).toBe('2026-11-23');
		expect(mondayInZone(now, 'Not/AZone')).toBe('2026-11-30');
	});

	test('History: an array of rows, an object holding one (Aggregate), JSON text; anything else refused naming the field', () => {
		const rows = [row('2026-11-23')];
		expect(historyRows(rows)).toEqual(rows);
		expect(historyRows({ data: rows })).toEqual(rows);
		expect(historyRows(JSON.stringify(rows))).toEqual(rows);
		expect(historyRows('')).toEqual([]);
		for (const bad of [42, 'not json', [1, 2], { a: [], b: [] }, { nothing: true }]) {
			let error;
			try {
				historyRows(bad);
			} catch (e) {
				error = e;
			}
			expect(error).toMatchObject({ name: 'InvalidInput', field: 'History' });
			expect(error.message).toMatch(/^History must be the rows of earlier Digest runs/);
		}
	});

	test("pastWeeks: the project's weeks before this one, oldest first, a week once", () => {
		const weeks = pastWeeks(
			[
				row('2026-11-16', { health: 1 }),
				row('2026-11-09'),
				row('2026-11-16', { health: 2 }),
				row('2026-11-30'),
				row('bad'),
			],
			SITE,
			WEEK,
		);
		expect(weeks.map((w) => [w.week, w.health])).toEqual([
			['2026-11-09', 90],
			['2026-11-16', 2],
		]);
	});

	test('siteLink: only http(s) pages of the site (with or without www.)', () => {
		expect(siteLink('https://www.site.test/a', SITE)).toBe('https://www.site.test/a');
		expect(siteLink('http://site.test/a b', SITE)).toBe('http://site.test/a%20b');
		// as phpRank stores a URL: without its scheme (the site's, from Audit Site's site, else https)
		expect(siteLink('site.test/a', SITE)).toBe('https://site.test/a');
		expect(siteLink('site.test:8080/a', SITE, 'http:')).toBe('http://site.test:8080/a');
		expect(siteLink('evil.test/a', SITE)).toBeUndefined();
		expect(siteLink('javascript:alert(1)//site.test/', SITE)).toBeUndefined();
		for (const url of [
			'javascript:alert(1)',
			'https://evil.test/',
			'https://site.test.evil.test/',
			'https://user@site.test/',
			'data:text/html,x',
			'not a url',
		])
			expect([url, siteLink(url, SITE)]).toEqual([url, undefined]);
	});
});
