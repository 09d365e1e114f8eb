// Project → Digest's week (issue 58): after skipped weeks every heading names the week compared
// with; a site whose reports all vanished got worse and comes first. Week's forms in the
// workflow's time zone: test/operations/project/digest.test.js.
const { digestItem, combinedItem } = require('../helpers/built').digestOutput;
const { siteSummaryOf } = require('../helpers/digest-input');

const WEEK = '2026-12-28';

const summary = (project, figures = {}) =>
	siteSummaryOf(project, { checked_at: '2026-12-28T06:00:00.000Z', ...figures });

const NONE = {
	pages: 0,
	health: null,
	score_average: null,
	pages_good: 0,
	pages_decent: 0,
	pages_bad: 0,
	issues_high: 0,
	pages_failing_high: 0,
};

const title = (project) => ({
	project,
	check: 'title',
	name: 'Title',
	category: 'seo',
	importance: 'high',
	pages_failing: 5,
	pages_audited: 20,
	pages: [],
	how_to_fix: 'Fix it',
});

const row = (project, week, figures = {}) => ({
	project,
	week,
	health: 80,
	pages: 20,
	pages_failing_high: 4,
	issues: JSON.stringify([
		{ check: 'robots', name: 'Robots', importance: 'medium', pages_failing: 2, pages: [] },
	]),
	...figures,
});

const input = (project, extra = {}) => ({
	project,
	week: WEEK,
	summary: summary(project),
	issues: [title(project)],
	history: [],
	audit: [],
	...extra,
});

test('after two skipped weeks: the figures and both headings say "since the week of 14 Dec 2026"', () => {
	const item = digestItem(input('site.test', { history: [row('site.test', '2026-12-14')] }));
	for (const channel of ['text', 'slack', 'markdown', 'discord', 'telegram'])
		expect([channel, item[channel].includes('since last week')]).toEqual([channel, false]);
	expect(item.text).toContain('Health 75 (▼5 since the week of 14 Dec 2026)');
	expect(item.text).toContain('New since the week of 14 Dec 2026 (1)');
	expect(item.text).toContain('Fixed since the week of 14 Dec 2026 (1)');
	expect(item.html).toContain('>New since the week of 14 Dec 2026 (1)</strong>');
	expect(item.html).toContain('>Fixed since the week of 14 Dec 2026 (1)</strong>');
	expect(item.html).not.toContain('since last week');
});

test('the week just before: "since last week", as today', () => {
	const item = digestItem(input('site.test', { history: [row('site.test', '2026-12-21')] }));
	expect(item.text).toContain('New since last week (1)');
	expect(item.text).toContain('Fixed since last week (1)');
});

describe('a site whose every report vanished', () => {
	const gone = input('gone.test', {
		summary: summary('gone.test', NONE),
		issues: [],
		history: [row('gone.test', '2026-12-21', { health: 30 })],
	});

	test('its own digest says so: worse, not "no report yet"', () => {
		const item = digestItem(gone);
		expect(item.subject).toBe('gone.test: every report gone (20 pages before)');
		expect(item.text.split('\n')[1]).toBe(
			'Every report of this site is gone: the week of 21 Dec 2026 had 20 pages with a report. Check the project in phpRank (reports deleted, the site renamed), then audit it again.',
		);
	});

	test('Combine Sites: it counts as worse and comes first, before a larger drop of health', () => {
		const dropped = input('dropped.test', {
			summary: summary('dropped.test', { health: 10 }),
			history: [row('dropped.test', '2026-12-21', { health: 90 })],
		});
		const steady = input('a-steady.test', {
			history: [row('a-steady.test', '2026-12-21', { health: 75 })],
		});
		const item = combinedItem([steady, dropped, gone], WEEK);
		expect(item.projects).toEqual(['gone.test', 'dropped.test', 'a-steady.test']);
		expect(item.subject).toBe('SEO health of 3 sites, week of 28 Dec 2026: 2 worse');
		expect(item.text.split('\n')[2]).toBe(
			'- gone.test: health none yet (▼30); new 0, fixed 1, pages failing a high check 0',
		);
	});

	test('a project without reports and none before is "no report yet", as today', () => {
		const item = digestItem(input('new.test', { summary: summary('new.test', NONE), issues: [] }));
		expect(item.subject).toBe('new.test: no report yet');
	});
});
