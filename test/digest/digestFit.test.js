// Project → Digest fits every inbox and chat by construction (issue 58): at 20, 100 and 300 sites
// with every check failing on long URLs, and one site with 2,000-character URLs, each channel keeps
// within its limit, the email names every site, what is cut is said and never linked, and the row
// stays within 16 kB with History still working from it. Discord's and Telegram's own escaping.
const { digestItem, combinedItem } = require('../helpers/built').digestOutput;
const { emailSafetyProblems } = require('../helpers/email-safety');

const WEEK = '2026-11-30';
const CHECKS = Array.from({ length: 33 }, (_, i) => `check_${i}`);
const bytes = (text) => Buffer.byteLength(text, 'utf8');

/** Site `n`: every one of 33 checks failing on 3 pages of URLs `urlLength` long, 12 weeks of History, 20 pages not audited. */
function site(n, urlLength = 150) {
	const project = `site-${String(n).padStart(3, '0')}.example.com`;
	const url = (i) => `https://${project}/${'a'.repeat(urlLength)}/${i}`;
	const issues = CHECKS.map((check, i) => ({
		project,
		check,
		name: `Check ${i}`,
		category: 'seo',
		importance: ['high', 'medium', 'low'][i % 3],
		pages_failing: 40 - i,
		pages_audited: 50,
		pages: [1, 2, 3].map((k) => ({ id: k, url: url(i * 3 + k), reason: 'r' })),
		how_to_fix: 'Fix the thing on the page.',
	}));
	const kept = CHECKS.slice(5).map((check) => ({
		check,
		name: check,
		importance: 'low',
		pages_failing: 3,
		pages: [],
	}));
	const history = Array.from({ length: 12 }, (_, w) => ({
		project,
		week: new Date(Date.UTC(2026, 8, 7 + 7 * w)).toISOString().slice(0, 10),
		health: 50 + w,
		pages: 50,
		pages_failing_high: 10,
		issues: JSON.stringify(kept),
	}));
	const audit = [
		{ action: 'summary', project, pages_listed: 60, pages_fresh: 40, pages_failed: 20 },
		...Array.from({ length: 20 }, (_, i) => ({
			action: 'failed',
			project,
			url: url(900 + i),
			error: 'cURL error 28',
		})),
	];
	const summary = {
		project,
		checked_at: '2026-11-30T06:00:00.000Z',
		pages: 50,
		health: 40 + (n % 50),
		score_average: 60,
		pages_good: 10,
		pages_decent: 20,
		pages_bad: 20,
		issues_high: 11,
		issues_medium: 11,
		issues_low: 11,
		pages_failing_high: 30,
	};
	return { project, week: WEEK, summary, issues, history, audit };
}

const FAILED = { item: 0, project: 'down.test', error: 'phpRank had a server error (HTTP 500)' };

/** Telegram MarkdownV2's reserved characters left unescaped outside its markup (the API refuses any). */
function telegramUnescaped(text) {
	const rest = text
		.replace(/`(?:\\[`\\]|[^`\\])*`/g, '')
		.replace(/\]\((?:\\[)\\]|[^)\\])*\)/g, ']')
		.replace(/\\[\s\S]/g, '')
		.replace(/[*[\]]/g, '');
	return [...rest.matchAll(/[_*[\]()~`>#+\-=|{}.!\\]/g)].map((m) => m[0]);
}

/** The Slack message's parts between blank lines (a section block each). */
const slackParts = (slack) => slack.split('\n\n');

describe.each([20, 100, 300])('Combine Sites of %i sites and one not read', (count) => {
	const sites = Array.from({ length: count }, (_, i) => site(i));
	const item = combinedItem(sites, WEEK, [FAILED]);
	const sectionsShown = (
		item.html.match(/<strong style="font-size:20px;line-height:26px;">/g) ?? []
	).length;

	test('html: at most 100,000 bytes, email-safe, a one-line row for every site with its health and trend', () => {
		expect(bytes(item.html)).toBeLessThanOrEqual(100_000);
		expect(emailSafetyProblems(item.html)).toEqual([]);
		for (const { project } of sites)
			expect(item.html).toMatch(
				new RegExp(`<tr[^>]*><td>${project.replace(/\./g, '\\.')}</td><td>\\d+ [▲▼±]\\d+</td>`),
			);
		expect(item.html).toContain('<td>down.test</td><td colspan="4"');
	});

	test('html: the details cut are said, and nothing of them is linked', () => {
		expect(sectionsShown).toBeGreaterThan(0);
		expect(sectionsShown).toBeLessThan(count);
		expect(item.html).toContain(
			`The details of ${count - sectionsShown} more sites are left out for size: the table above has their figures.`,
		);
		const linkedHosts = new Set(
			[...item.html.matchAll(/href="https:\/\/([^/"]+)/g)].map((m) => m[1]),
		);
		expect(linkedHosts.size).toBe(sectionsShown);
	});

	test('subject: one line of at most 150 characters', () => {
		// History's last week is 61: a site of health 40 + n % 50 below it got worse
		const worse = sites.filter((s) => s.summary.health < 61).length;
		expect(item.subject).toBe(
			`SEO health of ${count + 1} sites, week of 30 Nov 2026: ${worse} worse, 1 not read`,
		);
		expect([...item.subject].length).toBeLessThanOrEqual(150);
	});

	test('slack: at most 40,000 characters, no part between blank lines over 3,000', () => {
		expect(item.slack.length).toBeLessThanOrEqual(40_000);
		expect(Math.max(...slackParts(item.slack).map((part) => part.length))).toBeLessThanOrEqual(
			3000,
		);
		expect(item.slack).toMatch(/The details of \d+ more sites are left out for size/);
	});

	test('discord at most 2,000 characters, telegram at most 4,096, neither with an HTML entity', () => {
		expect(item.discord.length).toBeLessThanOrEqual(2000);
		expect(item.telegram.length).toBeLessThanOrEqual(4096);
		const rows = {
			discord: /^- \*\*.*\*\*: (health|not read)/gm,
			telegram: /^• \*.*\*: (health|not read)/gm,
		};
		for (const [chat, row] of Object.entries(rows)) {
			expect(item[chat]).not.toMatch(/&(lt|gt|amp|quot|#\d+);/);
			const named = (item[chat].match(row) ?? []).length;
			expect(named).toBeGreaterThan(0);
			if (named < count + 1) expect(item[chat]).toContain(`and ${count + 1 - named} more sites`);
		}
		expect(telegramUnescaped(item.telegram)).toEqual([]);
	});

	test('every row at most 16 kB', () => {
		for (const row of item.rows) expect(bytes(JSON.stringify(row))).toBeLessThanOrEqual(16_000);
	});
});

describe('one site with 2,000-character URLs', () => {
	const input = site(1, 2000);
	const item = digestItem(input);

	test('every channel within its limit; a URL too long for a link is shown cut and not linked', () => {
		expect(bytes(item.html)).toBeLessThanOrEqual(100_000);
		expect(item.slack.length).toBeLessThanOrEqual(40_000);
		expect(Math.max(...slackParts(item.slack).map((part) => part.length))).toBeLessThanOrEqual(
			3000,
		);
		expect(item.discord.length).toBeLessThanOrEqual(2000);
		expect(item.telegram.length).toBeLessThanOrEqual(4096);
		expect(item.html).not.toContain('href=');
		const url = input.issues[0].pages[0].url;
		// shown cut at 120 characters (its zero-width spaces aside: digestEmailClients.test.js)
		expect(item.html.replace(/&#8203;/g, '').includes(`${url.slice(0, 119)}…`)).toBe(true);
	});

	test('the row at most 16 kB, History working from it a week later', () => {
		expect(bytes(JSON.stringify(item.row))).toBeLessThanOrEqual(16_000);
		const kept = JSON.parse(item.row.issues);
		expect(kept.map((issue) => issue.check)).toEqual(CHECKS);
		expect(kept.every((issue) => issue.pages.length === 0)).toBe(true);
		// next week: check_0 fixed, the rest as before
		const next = digestItem({
			...input,
			week: '2026-12-07',
			issues: input.issues.slice(1),
			history: [item.row],
		});
		expect(next.subject).toBe('site-001.example.com: health 41 (±0), 0 new issues, 1 fixed');
		expect(next.text).toContain('- [high] Check 0: was on 40 pages');
	});
});

test('a row whose URLs are short keeps its pages as today', () => {
	const item = digestItem(site(2, 20));
	const kept = JSON.parse(item.row.issues);
	expect(kept[0].pages).toEqual([
		`https://site-002.example.com/${'a'.repeat(20)}/1`,
		`https://site-002.example.com/${'a'.repeat(20)}/2`,
		`https://site-002.example.com/${'a'.repeat(20)}/3`,
	]);
});

describe("Discord's and Telegram's escaping", () => {
	const item = digestItem({
		project: 'site.test',
		week: WEEK,
		summary: {
			...site(0).summary,
			project: 'site.test',
			pages: 20,
			health: 75,
			score_average: 71.5,
			pages_failing_high: 5,
		},
		issues: [
			{
				project: 'site.test',
				check: 'title',
				name: 'Title <b>&_x',
				importance: 'high',
				pages_failing: 5,
				pages_audited: 20,
				pages: [
					{ id: 1, url: 'site.test/a(1)', reason: 'r' },
					{ id: 2, url: 'https://evil.test/`x', reason: 'r' },
				],
				how_to_fix: 'Give the page one <title> of 1 to 60 characters.',
			},
		],
		history: [
			{
				project: 'site.test',
				week: '2026-11-23',
				health: 80,
				pages: 20,
				pages_failing_high: 4,
				issues: '[]',
			},
		],
		audit: [],
	});

	test('Telegram MarkdownV2: every reserved character escaped outside markup, links to the site only', () => {
		expect(item.telegram).toBe(
			[
				'*SEO health of site\\.test, week of 30 Nov 2026*',
				'Health *75* \\(▼5 since last week\\) · Pages with a report: 20 \\(±0 since last week\\) · Pages failing a high check: 5 \\(▲1 since last week\\) · Average score: 71\\.5',
				'Health over 2 weeks: ▇▆ \\(23 Nov: 80, 30 Nov: 75\\)',
				'',
				'*What to fix first \\(1\\)*',
				'• \\[high\\] *Title <b\\>&\\_x*: fails on 5 of 20 pages\\. How to fix: Give the page one <title\\> of 1 to 60 characters\\. For example: [site\\.test/a\\(1\\)](https://site.test/a(1\\)), `https://evil.test/\\`x`',
				'',
				'*New since last week \\(1\\)*',
				'• \\[high\\] Title <b\\>&\\_x: 5 pages',
				'*Fixed since last week \\(0\\)*',
				'No issue fixed\\.',
				'',
				"How much was checked: give Audit Site's summary \\(the Audit Summary field\\) to see it\\.",
			].join('\n'),
		);
		expect(telegramUnescaped(item.telegram)).toEqual([]);
	});

	test('Discord: backslash escapes, no HTML entity, links to the site only', () => {
		expect(item.discord).toContain(
			"- \\[high\\] **Title \\<b\\>&\\_x**: fails on 5 of 20 pages. How to fix: Give the page one \\<title\\> of 1 to 60 characters. For example: [site.test/a\\(1\\)](https://site.test/a%281%29), `https://evil.test/'x`",
		);
		expect(item.discord).not.toMatch(/&(lt|gt|amp);/);
	});
});

test('Discord: @everyone and @here from data mention no one', () => {
	const input = site(3, 10);
	input.issues = [{ ...input.issues[0], check: 'x @everyone', name: 'x @everyone @here' }];
	const item = digestItem(input);
	expect(item.discord).toContain('**x \\@everyone \\@here**');
	expect(item.discord).not.toMatch(/(^|[^\\])@(everyone|here)/);
});
