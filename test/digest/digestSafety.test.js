// Project → Digest: text stays text (issue 58). No character from data may start a line, hide or
// reverse text, or become a link in any channel or the subject; History's figures out of their
// range are "no figure". The channels' markup escaping itself: test/digest/digest.test.js.
const { digestItem, combinedItem } = require('../helpers/built').digestOutput;
const { siteSummaryOf } = require('../helpers/digest-input');

const SITE = 'site.test';
const WEEK = '2026-11-30';
const CHANNELS = ['subject', 'html', 'text', 'slack', 'markdown'];

const summary = (project = SITE) => siteSummaryOf(project);

const issue = (check, name, urls) => ({
	project: SITE,
	check,
	name,
	category: 'seo',
	importance: 'high',
	pages_failing: 5,
	pages_audited: 20,
	pages: urls.map((url, i) => ({ id: i + 1, url, reason: 'r' })),
	how_to_fix: 'Fix it',
});

/** A digest with `text` in the project's name, a check's name, a page URL of another host and a failed page. */
function digestWith(text, project = `a${text}b.test`) {
	return digestItem({
		project,
		week: WEEK,
		summary: summary(project),
		issues: [issue('title', `Ti${text}tle`, [`https://elsewhere.test/x${text}y`])],
		history: [],
		audit: [
			{ action: 'summary', project, pages_listed: 2, pages_fresh: 1, pages_failed: 1 },
			{ action: 'failed', project, url: `https://elsewhere.test/f${text}g`, error: 'x' },
		],
	});
}

const channelsOf = (item) => CHANNELS.map((name) => [name, item[name]]);

const LINE_BREAKS = ['\r', '\n', '\r\n', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029'];
const HIDDEN = {
	NUL: '\u0000',
	BEL: '\u0007',
	ESC: '\u001b',
	DEL: '\u007f',
	'C1 CSI': '\u009b',
	'soft hyphen': '\u00ad',
	'Arabic letter mark': '\u061c',
	'zero-width space': '\u200b',
	'zero-width joiner': '\u200d',
	'left-to-right mark': '\u200e',
	'right-to-left mark': '\u200f',
	'right-to-left override': '\u202e',
	'left-to-right embedding': '\u202a',
	'word joiner': '\u2060',
	'invisible separator': '\u2063',
	'first strong isolate': '\u2068',
	'pop directional isolate': '\u2069',
	BOM: '\ufeff',
};

describe('every channel and the subject', () => {
	test.each(
		LINE_BREAKS.map((c) => [
			[...c]
				.map((u) => `U+${u.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)
				.join(' '),
			c,
		]),
	)('the line break %s from data is a space: no line of its own anywhere', (_, c) => {
		const item = digestWith(c);
		const clean = digestWith(' ');
		for (const [name, text] of channelsOf(item)) expect([name, text]).toEqual([name, clean[name]]);
		expect(item.subject).toBe('a b.test: health 75, first week');
	});

	test.each(Object.entries(HIDDEN))('%s from data is dropped everywhere', (_, c) => {
		const item = digestWith(c);
		const clean = digestWith('');
		for (const [name, text] of channelsOf(item)) expect([name, text]).toEqual([name, clean[name]]);
		expect(item.subject).toBe('ab.test: health 75, first week');
	});

	test('a Project with CR LF: the subject is one line, no header of its own', () => {
		const item = digestWith('', 'site.test\r\nBcc: victim@evil.test');
		expect(item.subject).toBe('site.test Bcc: victim@evil.test: health 75, first week');
		expect(item.text.split('\n')[0]).toBe(
			'SEO health of site.test Bcc: victim@evil.test, week of 30 Nov 2026',
		);
	});

	test('a Combine Sites not-read error with line breaks and an override is one line', () => {
		const item = combinedItem([], WEEK, [
			{ item: 0, project: 'x.test', error: 'bad\r\nnews\u2028here\u202e!' },
		]);
		expect(item.text.split('\n')[2]).toBe('- x.test: not read: bad news here!');
		expect(item.slack.split('\n')[2]).toBe('• *x.test*: not read:\u200b bad news here!');
	});
});

describe('no autolink from data in Slack or Markdown', () => {
	test('a check key like "see https://evil.test/login" reads the same but is no address', () => {
		const item = digestItem({
			project: SITE,
			week: WEEK,
			summary: summary(),
			issues: [issue('see https://evil.test/login', 'see https://evil.test/login', [])],
			history: [],
			audit: [],
		});
		const inert = 'see https:\u200b//evil\u200b.test/login';
		expect(item.slack).toContain(`• [high] *${inert}*: fails on 5 of 20 pages.`);
		expect(item.markdown).toContain(`- \\[high\\] **${inert}**: fails on 5 of 20 pages.`);
		for (const name of ['slack', 'markdown'])
			expect([name, /https:\/\/evil|evil\.test/.test(item[name])]).toEqual([name, false]);
		// the text part keeps it as it is; the HTML breaks it with entities
		expect(item.text).toContain('- [high] see https://evil.test/login: fails on 5 of 20 pages.');
		expect(item.html).toContain('see https:&#8203;//evil&#8203;.test/login');
	});
});

describe('History figures out of range', () => {
	const rowOf = (figures) => ({
		project: SITE,
		week: '2026-11-23',
		health: 90,
		pages: 19,
		pages_failing_high: 2,
		score_average: 80,
		issues: '[]',
		...figures,
	});
	const digestOf = (figures) =>
		digestItem({
			project: SITE,
			week: WEEK,
			summary: summary(),
			issues: [],
			history: [rowOf(figures)],
			audit: [],
		});

	test.each([
		['health 1e300', { health: 1e300 }, { health: null }],
		['health -40', { health: -40 }, { health: null }],
		['health 250', { health: 250 }, { health: null }],
		['health "250" as text', { health: '250' }, { health: null }],
		['pages 2.5', { pages: 2.5 }, { pages: null }],
		['pages -3', { pages: -3 }, { pages: null }],
		['pages 1e300', { pages: 1e300 }, { pages: null }],
		['pages failing high 0.5', { pages_failing_high: 0.5 }, { pages_failing_high: null }],
		['average score 101', { score_average: 101 }, { score_average: null }],
	])('%s is "no figure", as a missing one', (_, figures, missing) => {
		const item = digestOf(figures);
		const expected = digestOf(missing);
		for (const [name, text] of channelsOf(item))
			expect([name, text]).toEqual([name, expected[name]]);
	});

	test('health 250 draws no bar over 100 px and no arrow', () => {
		const item = digestOf({ health: 250 });
		const heights = [...item.html.matchAll(/style="height:(\d+)px;background-color/g)].map((m) =>
			Number(m[1]),
		);
		expect(heights).toEqual([2, 75]);
		expect(item.text).toContain('Health over 2 weeks: ·▆ (23 Nov: no figure, 30 Nov: 75)');
		expect(item.subject).toBe('site.test: health 75, 0 new issues, 0 fixed');
	});
});

describe('the subject', () => {
	test('one line of at most 150 characters: a long project name is cut, never the figures', () => {
		const project = `${'a'.repeat(300)}.test`;
		const item = digestWith('', project);
		expect([...item.subject]).toHaveLength(150);
		expect(item.subject).toBe(`${'a'.repeat(126)}…: health 75, first week`);
	});

	test('a name of emoji is cut between characters, not inside one', () => {
		const item = digestWith('', '😀'.repeat(200));
		expect([...item.subject]).toHaveLength(150);
		expect(item.subject).toBe(`${'😀'.repeat(126)}…: health 75, first week`);
	});
});
