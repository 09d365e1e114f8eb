// The phpRank Trigger's alerts a person reads (node version 3, issue 57), through n8n-core's poll
// machinery against the sandbox: Group Events gives one item per check that broke or was fixed (per
// project for the score events), one per round of the rolling watch; Confirm After fires nothing for
// a check that flaps; the ready lines keep a page's address from becoming markup, a mention or a link
// elsewhere. Saved triggers (versions 1 and 2) keep one item per report.
const { NodeHelpers } = require('n8n-workflow');
const { useFixture, reportList, fromList } = require('./fixture');
const { simplifyReport } = require('../helpers/built').simplify;
const { PhpRankTrigger } = require('../helpers/built').trigger;
const { LINE_BOUNDS } = require('../helpers/built').alertText;
const { roundPages } = require('../helpers/rolling-round');

const fixture = useFixture();
const CHOSEN = { title: true, robots: true, noindex: true, https_encryption: true };
const ROBOTS_REASON = 'robots: blocked by robots.txt: Disallow: /';
const TITLE_REASON = 'title: missing';

function session(parameters, typeVersion) {
	return fixture.pollSession(
		{ event: 'checkFailed', project: fromList('shop.test'), ...parameters },
		typeVersion ? { typeVersion } : {},
	);
}

const page = (n, project = 'shop.test') => reportList(100, n, { project });
const pages = (numbers) => numbers.map((n) => page(n));

/** `count` reports of shop.test (IDs 1..count, page p-i has ID i + 1), the chosen checks passing. */
function seed(count) {
	fixture.sandbox.reset(
		Array.from({ length: count }, (_, i) => ({ url: `https://shop.test/p-${i}` })),
	);
	for (const stored of fixture.sandbox.reports()) fixture.sandbox.setChecks(stored.id, CHOSEN);
	fixture.sandbox.clearRequests();
	return fixture.sandbox.reports().map((stored) => stored.id);
}

/** Every round of a watch that records the whole project: the first only records. */
async function recordRound(watcher, total) {
	for (const read of roundPages(total)) {
		const result = await watcher.poll();
		expect([result.error, result.emitted]).toEqual([undefined, false]);
		expect(fixture.takeRequests()).toEqual(pages(read));
	}
}

const pageUrl = (id) => `shop.test/p-${id - 1}`;
const href = (id) => `https://shop.test/p-${id - 1}`;

/** The lines' examples part over pages with these IDs, `more` not shown. */
function examplesText(ids, more) {
	const tail = more > 0 ? ` and ${more.toLocaleString('en-US')} more` : '';
	return {
		text: ` Examples: ${ids.map(href).join(', ')}${tail}.`,
		slack: ` Examples: ${ids.map((id) => `<${href(id)}|${pageUrl(id)}>`).join(', ')}${tail}.`,
		markdown: ` Examples: ${ids.map((id) => `[shop.test/p\\-${id - 1}](${href(id)})`).join(', ')}${tail}.`,
	};
}

const ROBOTS = { check: 'robots', name: 'Robots', category: 'seo', importance: 'medium' };
const TITLE = { check: 'title', name: 'Title', category: 'seo', importance: 'high' };

/**
 * A Check Failed item as version 3 gives it: `count` pages, the first ten of `shownFrom` as its
 * examples (all of `shownFrom` when `count` is left out), `watched` pages in the project.
 */
function failedItem(check, reason, shownFrom, watched, count = shownFrom.length) {
	const shown = shownFrom.slice(0, 10);
	const [n, of] = [count, watched].map((figure) => figure.toLocaleString('en-US'));
	const counted = watched > count ? `${n} of ${of} pages` : `${n} pages`;
	const lines = examplesText(shown, count - shown.length);
	const head = `fails on ${counted} of shop.test (${check.importance})`;
	return {
		event: 'checkFailed',
		...check,
		project: 'shop.test',
		pages: count,
		watched,
		examples: shown.map((id) => ({ id, url: pageUrl(id), reason })),
		text: `${check.name} ${head}: ${reason}.${lines.text}`,
		slack: `*${check.name}* ${head}: \`${reason}\`.${lines.slack}`,
		markdown: `**${check.name}** ${head.replace(/[()]/g, (c) => `\\${c}`)}: \`${reason}\`.${lines.markdown}`,
	};
}

const json = (result) => result.items.map((item) => item.json);

test('a site-wide break read in one poll: one item for the check, its 300 pages counted, 10 shown', async () => {
	const ids = seed(300);
	const watcher = session({});
	await recordRound(watcher, 300);
	for (const id of ids) fixture.sandbox.setChecks(id, { robots: false });
	const result = await watcher.poll();
	// the grouping reads what version 2 reads: page 1 and the slice, nothing more
	expect(fixture.takeRequests()).toEqual(pages(roundPages(300)[0]));
	expect(json(result)).toEqual([failedItem(ROBOTS, ROBOTS_REASON, ids, 300)]);
	// told once: the next poll has nothing
	expect((await watcher.poll()).emitted).toBe(false);
});

test('2,500 reports over a round of 3 polls: one alert per check at the round end, counts adding up, most important first', async () => {
	const ids = seed(2500);
	const round = roundPages(2500);
	expect(round).toHaveLength(3);
	const watcher = session({});
	await recordRound(watcher, 2500);
	for (const id of ids) fixture.sandbox.setChecks(id, { robots: false });
	const halves = ids.filter((id) => id % 2 === 0);
	for (const id of halves) fixture.sandbox.setChecks(id, { title: false });
	const polls = [];
	for (const read of round) {
		polls.push(await watcher.poll());
		expect(fixture.takeRequests()).toEqual(pages(read));
	}
	expect(polls.map((poll) => [poll.error, poll.emitted])).toEqual([
		[undefined, false],
		[undefined, false],
		[undefined, true],
	]);
	// held during the round: one group per check, at most 10 examples each, whatever the pages;
	// the first poll reads page 1 and the first slice (the newest reports), told lowest ID first
	const firstRead = ids.slice(ids.length - 100 * round[0].length);
	const even = (list) => list.filter((id) => id % 2 === 0);
	expect(polls[0].nodeStaticData.held.map((group) => [group.check, group.pages])).toEqual([
		['title', even(firstRead).length],
		['robots', firstRead.length],
	]);
	expect(Buffer.byteLength(JSON.stringify(polls[1].nodeStaticData.held))).toBeLessThan(2000);
	expect(json(polls[2])).toEqual([
		failedItem(TITLE, TITLE_REASON, even(firstRead), 2500, 1250),
		failedItem(ROBOTS, ROBOTS_REASON, firstRead, 2500, 2500),
	]);
	expect(polls[2].nodeStaticData.held).toBeUndefined();
	expect((await watcher.poll()).emitted).toBe(false);
});

test("a break that lands after a round began: the pages the round still reads at its end, the rest at the next round's end", async () => {
	const ids = seed(2500);
	const round = roundPages(2500);
	const watcher = session({});
	await recordRound(watcher, 2500);
	expect((await watcher.poll()).emitted).toBe(false);
	for (const id of ids) fixture.sandbox.setChecks(id, { robots: false });
	const emitted = [];
	for (let poll = 1; poll < 2 * round.length; poll++) {
		const result = await watcher.poll();
		emitted.push(json(result).map((item) => [item.check, item.pages]));
	}
	// the pages this round reads after the break (page 1 every poll) / those its first poll had passed
	const later = new Set(round.slice(1).flat());
	const passed = round[0].filter((n) => !later.has(n));
	const none = Array.from({ length: round.length - 1 }, () => []);
	expect(emitted).toEqual([
		...none.slice(1),
		[['robots', 100 * later.size]],
		...none,
		[['robots', 100 * passed.length]],
	]);
	expect(100 * (later.size + passed.length)).toBe(2500);
});

test('the mend: one Check Fixed item for every page fixed', async () => {
	const ids = seed(300);
	for (const id of ids) fixture.sandbox.setChecks(id, { robots: false });
	const watcher = session({ event: 'checkFixed' });
	await recordRound(watcher, 300);
	for (const id of ids) fixture.sandbox.setChecks(id, { robots: true });
	const result = await watcher.poll();
	const lines = examplesText(ids.slice(0, 10), 290);
	expect(json(result)).toEqual([
		{
			event: 'checkFixed',
			...ROBOTS,
			project: 'shop.test',
			pages: 300,
			watched: 300,
			examples: ids.slice(0, 10).map((id) => ({ id, url: pageUrl(id) })),
			text: `Robots is fixed on 300 pages of shop.test (medium).${lines.text}`,
			slack: `*Robots* is fixed on 300 pages of shop.test (medium).${lines.slack}`,
			markdown: `**Robots** is fixed on 300 pages of shop.test \\(medium\\).${lines.markdown}`,
		},
	]);
	expect((await watcher.poll()).emitted).toBe(false);
});

test('one page breaks: a group of one, told "1 of 5 pages"', async () => {
	const ids = seed(5);
	const watcher = session({});
	await recordRound(watcher, 5);
	fixture.sandbox.setChecks(ids[2], { title: false });
	const result = await watcher.poll();
	expect(json(result)).toEqual([
		{
			event: 'checkFailed',
			...TITLE,
			project: 'shop.test',
			pages: 1,
			watched: 5,
			examples: [{ id: 3, url: 'shop.test/p-2', reason: 'title: missing' }],
			text: 'Title fails on 1 of 5 pages of shop.test (high): title: missing. Examples: https://shop.test/p-2.',
			slack:
				'*Title* fails on 1 of 5 pages of shop.test (high): `title: missing`. Examples: <https://shop.test/p-2|shop.test/p-2>.',
			markdown:
				'**Title** fails on 1 of 5 pages of shop.test \\(high\\): `title: missing`. Examples: [shop.test/p\\-2](https://shop.test/p-2).',
		},
	]);
});

test('Confirm After 2: a check that flaps fires nothing; a poll is no reading; two failing re-runs in a row fire once', async () => {
	const ids = seed(5);
	const watcher = session({ confirmAfter: 2 });
	await recordRound(watcher, 5);
	for (let flap = 0; flap < 3; flap++) {
		fixture.sandbox.setChecks(ids[1], { robots: false });
		const failed = await watcher.poll();
		expect([failed.error, failed.emitted]).toEqual([undefined, false]);
		expect(Object.keys(failed.nodeStaticData.confirming)).toEqual(['2']);
		fixture.sandbox.setChecks(ids[1], { robots: true });
		const passed = await watcher.poll();
		expect(passed.emitted).toBe(false);
		expect(passed.nodeStaticData.confirming).toBeUndefined();
	}
	fixture.sandbox.setChecks(ids[1], { robots: false });
	expect((await watcher.poll()).emitted).toBe(false);
	// the same reading again (no re-run) counts once
	expect((await watcher.poll()).emitted).toBe(false);
	fixture.sandbox.setChecks(ids[1], { robots: false });
	const broken = await watcher.poll();
	expect(json(broken)).toEqual([failedItem(ROBOTS, ROBOTS_REASON, [2], 5)]);
	expect(broken.nodeStaticData.confirming).toBeUndefined();
	expect(broken.nodeStaticData.failing['2']).toBe(2);
	expect(broken.nodeStaticData.watch).toBe(
		'["checkFailed","shop.test",0,"title,robots,noindex,https_encryption","confirm 2"]',
	);
	expect((await watcher.poll()).emitted).toBe(false);
});

test('Confirm After 2, Check Fixed: a fix undone at the next re-run fires nothing; a fix that holds fires once', async () => {
	const ids = seed(5);
	fixture.sandbox.setChecks(ids[0], { noindex: false });
	const watcher = session({ event: 'checkFixed', confirmAfter: 2 });
	await recordRound(watcher, 5);
	fixture.sandbox.setChecks(ids[0], { noindex: true });
	expect((await watcher.poll()).emitted).toBe(false);
	fixture.sandbox.setChecks(ids[0], { noindex: false });
	expect((await watcher.poll()).emitted).toBe(false);
	fixture.sandbox.setChecks(ids[0], { noindex: true });
	expect((await watcher.poll()).emitted).toBe(false);
	fixture.sandbox.setChecks(ids[0], { noindex: true });
	const fixed = await watcher.poll();
	expect(json(fixed).map((item) => [item.check, item.pages, item.examples])).toEqual([
		['noindex', 1, [{ id: 1, url: 'shop.test/p-0' }]],
	]);
});

test('Score Below with Confirm After 2: one item for the project once a score stayed below for two re-runs', async () => {
	const ids = seed(3);
	const watcher = session({ event: 'scoreBelow', confirmAfter: 2 });
	await recordRound(watcher, 3);
	fixture.sandbox.setChecks(ids[0], 'none');
	expect((await watcher.poll()).emitted).toBe(false);
	fixture.sandbox.setChecks(ids[0], 'all');
	expect((await watcher.poll()).emitted).toBe(false);
	fixture.sandbox.setChecks(ids[0], 'none');
	expect((await watcher.poll()).emitted).toBe(false);
	fixture.sandbox.setChecks(ids[0], 'none');
	const below = await watcher.poll();
	expect(json(below)).toEqual([
		{
			event: 'scoreBelow',
			project: 'shop.test',
			pages: 1,
			watched: 3,
			threshold: 49,
			examples: [{ id: 1, url: 'shop.test/p-0', score: 0, previous_score: 100 }],
			text: '1 of 3 pages of shop.test scored below 49. Examples: https://shop.test/p-0 0 (was 100).',
			slack:
				'1 of 3 pages of shop.test scored below 49. Examples: <https://shop.test/p-0|shop.test/p-0> 0 (was 100).',
			markdown:
				'1 of 3 pages of shop.test scored below 49. Examples: [shop.test/p\\-0](https://shop.test/p-0) 0 \\(was 100\\).',
		},
	]);
	expect((await watcher.poll()).emitted).toBe(false);
});

test('hostile page addresses: no markup, mention or link to another host in the lines', async () => {
	seed(1);
	const watcher = session({});
	await recordRound(watcher, 1);
	const hostile = fixture.sandbox.addReport({
		url: 'https://shop.test/@everyone/*bold*_x_|[a](http://evil.test)!',
	});
	const elsewhere = fixture.sandbox.addReport({
		url: 'https://evil.test/<!channel>',
		project: 'shop.test',
	});
	for (const added of [hostile, elsewhere]) {
		fixture.sandbox.setChecks(added.id, CHOSEN);
		fixture.sandbox.setChecks(added.id, { title: false });
	}
	const [item] = json(await watcher.poll());
	expect(item.examples.map((example) => example.url)).toEqual([
		'shop.test/@everyone/*bold*_x_|[a](http://evil.test)!',
		'evil.test/%3C!channel%3E',
	]);
	expect(item.text).toBe(
		'Title fails on 2 of 3 pages of shop.test (high): title: missing. Examples: https://shop.test/@everyone/*bold*_x_|[a](http://evil.test)!, evil.test/%3C!channel%3E.',
	);
	// Slack: the label escaped, the link's address its own (| encoded); the other host's address inert
	expect(item.slack).toBe(
		'*Title* fails on 2 of 3 pages of shop.test (high): `title: missing`. Examples: <https://shop.test/@everyone/*bold*_x_%7C[a](http://evil.test)!|shop.test/@everyone/*bold*_x_|[a](http://evil.test)!>, `evil.test/%3C!channel%3E`.',
	);
	// Markdown: every special character and @ escaped in the label, brackets encoded in the address
	expect(item.markdown).toBe(
		'**Title** fails on 2 of 3 pages of shop.test \\(high\\): `title: missing`. Examples: [shop.test/\\@everyone/\\*bold\\*\\_x\\_\\|\\[a\\]\\(http://evil.test\\)\\!](https://shop.test/@everyone/%2Abold%2A%5Fx%5F%7C%5Ba%5D%28http://evil.test%29!), `evil.test/%3C!channel%3E`.',
	);
});

test("long addresses: each line within its channel's bound, examples left out to fit", async () => {
	seed(1);
	const watcher = session({});
	await recordRound(watcher, 1);
	for (let i = 0; i < 12; i++) {
		const added = fixture.sandbox.addReport({ url: `https://shop.test/${'a'.repeat(400)}-${i}` });
		fixture.sandbox.setChecks(added.id, CHOSEN);
		fixture.sandbox.setChecks(added.id, { title: false });
	}
	const [item] = json(await watcher.poll());
	expect(item.pages).toBe(12);
	expect(item.examples).toHaveLength(10);
	expect(LINE_BOUNDS).toEqual({ text: 2000, slack: 3000, markdown: 2000 });
	// a label is cut to 120 characters (the address stays whole); as many examples as fit, the rest a count
	const url = (i) => `shop.test/${'a'.repeat(400)}-${i}`;
	const label = (i) => `${url(i).slice(0, 119)}…`;
	const first = (count, shown) => Array.from({ length: count }, (_, i) => shown(i)).join(', ');
	const head = 'fails on 12 of 13 pages of shop.test';
	expect(item.text).toBe(
		`Title ${head} (high): title: missing. Examples: ${first(4, (i) => `https://${url(i)}`)} and 8 more.`,
	);
	expect(item.slack).toBe(
		`*Title* ${head} (high): \`title: missing\`. Examples: ${first(5, (i) => `<https://${url(i)}|${label(i)}>`)} and 7 more.`,
	);
	expect(item.markdown).toBe(
		`**Title** ${head} \\(high\\): \`title: missing\`. Examples: ${first(3, (i) => `[${label(i)}](https://${url(i)})`)} and 9 more.`,
	);
	// one example more would not fit
	expect([item.text.length, item.slack.length, item.markdown.length]).toEqual([1775, 2816, 1733]);
	expect(
		[1775 + 412, 2816 + 535, 1733 + 540].map((length, i) => length > [2000, 3000, 2000][i]),
	).toEqual([true, true, true]);
});

test('a saved trigger (version 2) and version 3 with One Item per Report: the same items, one per report, as before', async () => {
	// the saved versions are still offered beside the new one
	expect(new PhpRankTrigger().description.version).toEqual([1, 2, 3]);
	const outputs = [];
	for (const [typeVersion, parameters] of [
		[2, {}],
		[3, { groupEvents: 'perReport' }],
	]) {
		const ids = seed(5);
		const watcher = session(parameters, typeVersion);
		await recordRound(watcher, 5);
		fixture.sandbox.setChecks(ids[1], { robots: false });
		fixture.sandbox.setChecks(ids[3], { robots: false, title: false });
		const result = await watcher.poll();
		expect(fixture.takeRequests()).toEqual(pages([1]));
		outputs.push(json(result));
		expect(json(result)).toEqual([
			{
				...simplifyReport(await fixture.report(ids[1])),
				regressions: [
					{ check: 'robots', category: 'seo', importance: 'medium', reason: ROBOTS_REASON },
				],
			},
			{
				...simplifyReport(await fixture.report(ids[3])),
				regressions: [
					{ check: 'title', category: 'seo', importance: 'high', reason: TITLE_REASON },
					{ check: 'robots', category: 'seo', importance: 'medium', reason: ROBOTS_REASON },
				],
			},
		]);
		expect(result.nodeStaticData.held).toBeUndefined();
	}
	expect(outputs[1]).toEqual(outputs[0]);
});

test('Fetch Test Event of version 3: the newest failing report as a group of one', async () => {
	const ids = seed(3);
	fixture.sandbox.setChecks(ids[1], { title: false });
	const result = await session({}).poll({ mode: 'manual' });
	expect(json(result).map((item) => [item.event, item.check, item.pages, item.examples])).toEqual([
		['checkFailed', 'title', 1, [{ id: 2, url: 'shop.test/p-1', reason: TITLE_REASON }]],
	]);
});

test('version 3 shows every field version 2 shows (Reports to Watch, the whole-project watch), and Group Events', () => {
	const { description } = new PhpRankTrigger();
	const shown = (typeVersion, event) =>
		Object.keys(
			NodeHelpers.getNodeParameters(
				description.properties,
				{ event, project: fromList('shop.test') },
				true,
				false,
				{ typeVersion, parameters: {} },
				description,
			),
		).sort();
	for (const event of ['newReport', 'scoreChanged', 'scoreBelow', 'checkFailed', 'checkFixed']) {
		const before = shown(2, event);
		const after = shown(3, event);
		expect([event, before.filter((name) => !after.includes(name))]).toEqual([event, []]);
		const added = event === 'newReport' ? [] : ['groupEvents'];
		expect([event, after.filter((name) => !before.includes(name))]).toEqual([event, added]);
	}
	expect(
		NodeHelpers.getNodeParameters(
			description.properties,
			{ event: 'checkFailed' },
			true,
			false,
			{ typeVersion: 3, parameters: {} },
			description,
		),
	).toMatchObject({ watchCount: 0, groupEvents: 'grouped', confirmAfter: 1 });
});
