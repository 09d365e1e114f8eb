// The phpRank Trigger watching every report of a project (node version 2, a Project set, Reports to
// Watch left at 0): page 1 and a slice of older pages each poll, exact requests, every report covered
// within the stated number of polls, nothing emitted twice or missed while reports are created, re-run
// and deleted between polls. Version 1 keeps the newest 100.
const { useFixture, reportList, fromList, API_KEY } = require('./fixture');
const { SLICE_PAGES, pollsPerRound } = require('../helpers/built').rollingWatch;
const { roundPages } = require('../helpers/rolling-round');

const fixture = useFixture();
const CHOSEN = { title: true, robots: true, noindex: true, https_encryption: true };

function session(parameters, typeVersion) {
	return fixture.pollSession(
		{ event: 'checkFailed', project: fromList('big.test'), ...parameters },
		// version 2 unless told: one item per report (version 3 reads the same: triggerAlerts.test.js)
		{ typeVersion: typeVersion ?? 2 },
	);
}

const page = (n, perPage = 100, project = 'big.test') =>
	reportList(perPage, n, project ? { project } : {});
const pages = (...numbers) => numbers.map((n) => page(n));
/** The page of the report with index `index` of `total` (IDs ascending; the newest on page 1). */
const pageOfIndex = (total, index) => Math.ceil((total - index) / 100);

/** `count` reports of big.test (IDs 1..count, one other.test report every 10th), the chosen checks passing. */
function seed(count) {
	const entries = [];
	for (let i = 0; i < count; i++) {
		entries.push({ url: `https://big.test/p-${i}` });
		if (i % 10 === 9) entries.push({ url: `https://other.test/p-${i}` });
	}
	fixture.sandbox.reset(entries);
	for (const stored of fixture.sandbox.reports()) fixture.sandbox.setChecks(stored.id, CHOSEN);
	fixture.sandbox.clearRequests();
	return fixture.sandbox
		.reports()
		.filter((stored) => stored.url.startsWith('big.test'))
		.map((stored) => stored.id);
}

async function remove(id) {
	await fetch(`${fixture.sandbox.url}/api/v1/reports/${id}`, {
		method: 'DELETE',
		headers: { Authorization: `Bearer ${API_KEY}`, Accept: 'application/json' },
	});
	fixture.sandbox.clearRequests();
}

const emittedIds = (result) => result.items.map((item) => item.json.id);

test("the round as stated: docs/usage.md's polls a round (pollsPerRound) are the polls the slices take", () => {
	for (const total of [50, 100, 101, 350, 999, 1000, 1001, 2000, 2720, 10_000]) {
		expect([total, roundPages(total).length]).toEqual([total, pollsPerRound(total)]);
	}
});

test('version 2 with a Project: every report of the project, 350 reports read whole each poll', async () => {
	const ids = seed(350);
	const [whole] = roundPages(350);
	expect(roundPages(350)).toHaveLength(1);
	const watcher = session({});
	const first = await watcher.poll();
	expect(first.emitted).toBe(false);
	expect(fixture.takeRequests()).toEqual(pages(...whole));
	expect(Object.keys(first.nodeStaticData.failing)).toHaveLength(350);
	expect(first.nodeStaticData.watch).toBe(
		'["checkFailed","big.test",0,"title,robots,noindex,https_encryption"]',
	);
	expect(first.nodeStaticData.cursor).toBeUndefined();
	// the oldest report, far outside the newest 100, breaks: seen at the next poll
	fixture.sandbox.setChecks(ids[0], { noindex: false });
	const next = await watcher.poll();
	expect(emittedIds(next)).toEqual([ids[0]]);
	expect(fixture.takeRequests()).toEqual(pages(...whole));
});

test('version 1 keeps what it did: the newest 100 of the project, one request', async () => {
	const ids = seed(350);
	const watcher = session({}, 1);
	const first = await watcher.poll();
	expect(fixture.takeRequests()).toEqual(pages(1));
	expect(Object.keys(first.nodeStaticData.failing)).toHaveLength(100);
	expect(first.nodeStaticData.watch).toBe(
		'["checkFailed","big.test",100,"title,robots,noindex,https_encryption"]',
	);
	fixture.sandbox.setChecks(ids[0], { noindex: false });
	expect((await watcher.poll()).emitted).toBe(false);
});

test('version 2: Reports to Watch narrows it; without a Project, the newest 100', async () => {
	seed(350);
	await session({ watchCount: 10 }).poll();
	expect(fixture.takeRequests()).toEqual([page(1, 10)]);
	const account = await session({ project: fromList('') }).poll();
	expect(fixture.takeRequests()).toEqual([page(1, 100, null)]);
	expect(account.nodeStaticData.watch).toBe(
		'["checkFailed","",100,"title,robots,noindex,https_encryption"]',
	);
});

test(`2,000 reports: page 1 and ${SLICE_PAGES} older pages a poll, the whole project in ${pollsPerRound(2000)} polls`, async () => {
	const ids = seed(2000);
	const round = roundPages(2000);
	expect(round.length).toBeGreaterThan(1);
	const watcher = session({});
	const polls = [];
	for (const read of round) {
		polls.push(await watcher.poll());
		expect(fixture.takeRequests()).toEqual(pages(...read));
	}
	const [first] = polls;
	const last = polls[polls.length - 1];
	// the first poll records page 1 and its slice; the cursor is the slice's lowest ID
	const firstRead = 100 * round[0].length;
	expect(Object.keys(first.nodeStaticData.failing)).toHaveLength(firstRead);
	expect(first.nodeStaticData.cursor).toBe(ids[2000 - firstRead]);
	expect(polls.map((poll) => poll.emitted)).toEqual(round.map(() => false));
	expect(Object.keys(last.nodeStaticData.failing)).toHaveLength(2000);
	expect(last.nodeStaticData.cursor).toBeUndefined();
	// the round is complete: the oldest report breaks, and one in the middle; each is emitted when
	// the new round's slice first reads its page
	const broken = [0, 1500];
	fixture.sandbox.setChecks(ids[0], { title: false });
	fixture.sandbox.setChecks(ids[1500], { robots: false });
	const readAt = (index) => round.findIndex((read) => read.includes(pageOfIndex(2000, index)));
	for (const [poll, read] of round.entries()) {
		const result = await watcher.poll();
		expect(fixture.takeRequests()).toEqual(pages(...read));
		const expected = broken.filter((index) => readAt(index) === poll).map((index) => ids[index]);
		expect(emittedIds(result).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
	}
	const after = await watcher.poll();
	expect(after.emitted).toBe(false);
	// state: one number per report (and the cursor), under 24 bytes a report
	expect(Buffer.byteLength(JSON.stringify(after.nodeStaticData))).toBeLessThan(2000 * 24);
});

test('created, re-run and deleted between polls: each fall emitted once, none missed, in two rounds', async () => {
	const ids = seed(2000);
	const watcher = session({});
	// the first round records every report; what changes then is compared
	for (let poll = 0; poll < pollsPerRound(2000); poll++) {
		expect((await watcher.poll()).emitted).toBe(false);
	}
	const broken = [ids[5], ids[700], ids[1200], ids[1990]];
	// Each fall is read within two rounds of it, however many polls a round takes (60 reports
	// created a poll lengthen it): the polls follow from the rollingWatch's own figure.
	let polls = broken.length;
	while (polls < broken.length + 2 * pollsPerRound(2000 + 60 * polls)) polls++;
	// Deleted: 15 older reports a poll across the project, never a broken one (a report deleted
	// before a slice reads it has no fall to tell, and when that is depends on SLICE_PAGES).
	const deletedAt = (poll) =>
		Array.from({ length: 15 }, (_, i) => ids[((poll * 150 + i * 3) % 1900) + 100]).filter(
			(id) => !broken.includes(id),
		);
	const seen = [];
	for (let poll = 0; poll < polls; poll++) {
		// other clients: 60 new reports, older ones deleted, re-runs that break a chosen check
		for (let i = 0; i < 60; i++) {
			const added = fixture.sandbox.addReport({ url: `https://big.test/new-${poll}-${i}` });
			fixture.sandbox.setChecks(added.id, CHOSEN);
		}
		for (const id of deletedAt(poll)) await remove(id);
		if (poll < broken.length) fixture.sandbox.setChecks(broken[poll], { noindex: false });
		const result = await watcher.poll();
		expect(result.error).toBeUndefined();
		seen.push(...emittedIds(result));
		fixture.takeRequests();
	}
	expect([...seen].sort((a, b) => a - b)).toEqual(broken);
	const state = (await watcher.poll()).nodeStaticData;
	// deleted reports are forgotten once a slice passed where they were
	const left = fixture.sandbox.reports().filter((stored) => stored.url.startsWith('big.test'));
	expect(Object.keys(state.failing).length).toBeLessThanOrEqual(left.length);
});

test('Check Fixed and Score Changed watch the whole project too', async () => {
	const ids = seed(350);
	fixture.sandbox.setChecks(ids[0], { noindex: false });
	const fixes = session({ event: 'checkFixed' });
	const scores = session({ event: 'scoreChanged' });
	await fixes.poll();
	await scores.poll();
	fixture.takeRequests();
	fixture.sandbox.setChecks(ids[0], { noindex: true });
	const fixed = await fixes.poll();
	expect(fixed.items.map((item) => [item.json.id, item.json.fixed])).toEqual([
		[ids[0], [{ check: 'noindex', category: 'seo', importance: 'high' }]],
	]);
	const changed = await scores.poll();
	expect(changed.items.map((item) => [item.json.id, item.json.score_change > 0])).toEqual([
		[ids[0], true],
	]);
	const [whole] = roundPages(350);
	expect(fixture.takeRequests()).toEqual([...pages(...whole), ...pages(...whole)]);
});
