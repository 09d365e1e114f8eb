// The phpRank Trigger through n8n-core's poll machinery (test/helpers/poll-runner.js) against the
// sandbox: exact requests, exact items, every event exactly once across polls, nothing missed.
const {
	useFixture,
	startFixture,
	reportList: listRequest,
	fromList,
	apiSend,
	API_KEY,
} = require('./fixture');
const { simplifyReport } = require('../helpers/built').simplify;
const { computeScore } = require('../helpers/built').score;

const fixture = useFixture();
// Version 2's items, one per report, as saved workflows keep them (version 3's grouping: triggerAlerts.test.js).
const session = (parameters, target = fixture) =>
	target.pollSession(parameters, { typeVersion: 2 });

/** Re-runs a report's analysis through the API (as phpRank's UI or another workflow would). */
async function rerun(target, id) {
	const body = await apiSend(target.sandbox, 'PATCH', `/reports/${id}`, 'results=1');
	target.sandbox.clearRequests();
	return body.data;
}

const report = (id, target = fixture) => target.report(id);
/** A stored report's `created_at` as the API sends it, read without a request. */
const createdAt = (id) => fixture.sandbox.reports().find((stored) => stored.id === id).created_at;

const ids = (result) => result.items.map((item) => item.json.id);

/** What the trigger saves: the watched site (the credential's), the newest ID and its creation time. */
const saved = (watch, lastId, lastCreatedAt, extra = {}) => ({
	watch,
	site: fixture.sandbox.url,
	lastId,
	...(lastCreatedAt ? { lastCreatedAt } : {}),
	...extra,
});

describe('New Report', () => {
	beforeEach(() => {
		fixture.sandbox.reset([
			{ url: 'https://a.test/', score: 91 },
			{ url: 'https://b.test/', score: 64 },
			{ url: 'https://a.test/x', score: 30 },
		]);
	});

	test('the first poll records where history ends and emits nothing', async () => {
		const watcher = session({ event: 'newReport' });
		const first = await watcher.poll();
		expect(first.error).toBeUndefined();
		expect(first.emitted).toBe(false);
		expect(first.committed).toBe(true);
		expect(first.nodeStaticData).toEqual(
			saved('["newReport",""]', 3, '2026-01-05T08:00:00.000000Z'),
		);
		expect(fixture.takeRequests()).toEqual([listRequest(10)]);
	});

	test('reports created between polls are emitted once each, oldest first, simplified', async () => {
		const watcher = session({ event: 'newReport' });
		await watcher.poll();
		fixture.sandbox.addReport({ url: 'https://c.test/1', score: 70 });
		fixture.sandbox.addReport({ url: 'https://c.test/2', score: 40 });
		fixture.takeRequests();

		const second = await watcher.poll();
		expect(second.error).toBeUndefined();
		expect(ids(second)).toEqual([4, 5]);
		expect(second.items.map((item) => item.json)).toEqual([
			simplifyReport(await report(4)),
			simplifyReport(await report(5)),
		]);
		expect(second.items[1].json).toMatchObject({
			url: 'c.test/2',
			score: 40,
			label: 'bad',
			privacy: 'public',
		});
		expect(second.nodeStaticData).toEqual(
			saved('["newReport",""]', 5, '2026-01-05T09:01:00.000000Z'),
		);

		const third = await watcher.poll();
		expect(third.emitted).toBe(false);
		expect(third.committed).toBe(true);
		expect(fixture.takeRequests()).toEqual([listRequest(10)]);

		fixture.sandbox.addReport({ url: 'https://c.test/3' });
		expect(ids(await watcher.poll())).toEqual([6]);
		expect((await watcher.poll()).emitted).toBe(false);
	});

	test('more new reports than a page holds: every one once, none missed', async () => {
		const watcher = session({ event: 'newReport' });
		await watcher.poll();
		for (let i = 0; i < 130; i++) fixture.sandbox.addReport({ url: `https://burst.test/${i}` });
		fixture.takeRequests();

		const burst = await watcher.poll();
		expect(ids(burst)).toEqual(Array.from({ length: 130 }, (_, i) => i + 4));
		// A small probe first; all of it new, so the rest is read in pages of 100 until a known report.
		expect(fixture.takeRequests()).toEqual([
			listRequest(10),
			listRequest(100, 1),
			listRequest(100, 2),
		]);
		expect(burst.nodeStaticData.lastId).toBe(133);
		expect((await watcher.poll()).emitted).toBe(false);
	});

	test('Project: only that project is read and emitted', async () => {
		const watcher = session({ event: 'newReport', project: fromList('a.test') });
		expect((await watcher.poll()).nodeStaticData).toEqual({
			watch: '["newReport","a.test"]',
			site: fixture.sandbox.url,
			lastId: 3,
			lastCreatedAt: '2026-01-05T08:00:00.000000Z',
		});
		fixture.sandbox.addReport({ url: 'https://b.test/new' });
		fixture.sandbox.addReport({ url: 'https://a.test/new' });
		fixture.takeRequests();
		const next = await watcher.poll();
		expect(next.items.map((item) => [item.json.id, item.json.url])).toEqual([[5, 'a.test/new']]);
		expect(fixture.takeRequests()).toEqual([listRequest(10, 1, { project: 'a.test' })]);
	});

	test('Simplify off: the report exactly as phpRank sends it', async () => {
		const watcher = session({ event: 'newReport', simplify: false });
		await watcher.poll();
		fixture.sandbox.addReport({ url: 'https://c.test/raw' });
		const next = await watcher.poll();
		expect(next.items.map((item) => item.json)).toEqual([await report(4)]);
	});

	test('a poll that fails records nothing; the next poll emits what it missed', async () => {
		const watcher = session({ event: 'newReport' });
		await watcher.poll();
		fixture.sandbox.addReport({ url: 'https://c.test/late' });
		fixture.sandbox.failNext({
			status: 403,
			body: { message: "You don't have access to this feature.", status: 403 },
		});
		const failed = await watcher.poll();
		expect(failed.error.message).toBe(
			"This phpRank account's plan has no API access: use an API key of an account whose plan includes the API",
		);
		expect(failed.emitted).toBe(false);
		expect(failed.committed).toBe(false);
		expect(failed.nodeStaticData).toEqual(
			saved('["newReport",""]', 3, '2026-01-05T08:00:00.000000Z'),
		);

		expect(ids(await watcher.poll())).toEqual([4]);
		expect((await watcher.poll()).emitted).toBe(false);
	});

	test("a server error is retried by the package's request policy, as in the main node", async () => {
		const watcher = session({ event: 'newReport' });
		await watcher.poll();
		fixture.sandbox.addReport({ url: 'https://c.test/retried' });
		fixture.takeRequests();
		fixture.sandbox.failNext({ status: 503 });
		const next = await watcher.poll();
		expect(next.error).toBeUndefined();
		expect(ids(next)).toEqual([4]);
		expect(fixture.takeRequests()).toEqual([listRequest(10), listRequest(10)]);
	});

	test('changing what is watched starts over: no history is replayed', async () => {
		const watcher = session({ event: 'newReport', project: fromList('b.test') });
		await watcher.poll();
		fixture.sandbox.addReport({ url: 'https://a.test/new' });
		watcher.parameters = { event: 'newReport' };
		const changed = await watcher.poll();
		expect(changed.emitted).toBe(false);
		expect(changed.nodeStaticData).toEqual(
			saved('["newReport",""]', 4, '2026-01-05T09:00:00.000000Z'),
		);
	});

	test('an empty account: the first report is emitted on the poll after it appears', async () => {
		fixture.sandbox.reset(null);
		const watcher = session({ event: 'newReport' });
		expect((await watcher.poll()).nodeStaticData).toEqual(saved('["newReport",""]', 0));
		fixture.sandbox.addReport({ url: 'https://first.test/' });
		expect(ids(await watcher.poll())).toEqual([1]);
	});
});

// Scores of these pages, forced to 50, after each re-run in the sandbox (deterministic):
//   page-0: 48 48 58 55   page-1: 48 58 52 52   page-3: 48 55 48 55
//   page-4: 52 48 55 55   page-7: 52 52 58 52
const PAGES = Array.from({ length: 8 }, (_, i) => ({
	url: `https://site.test/page-${i}`,
	score: 50,
}));

describe('Score Changed', () => {
	beforeEach(() => fixture.sandbox.reset(PAGES));

	test('the first poll records the scores of the newest reports and emits nothing', async () => {
		const watcher = session({ event: 'scoreChanged' });
		const first = await watcher.poll();
		expect(first.emitted).toBe(false);
		expect(first.nodeStaticData).toEqual({
			watch: '["scoreChanged","",100]',
			site: fixture.sandbox.url,
			lastId: 8,
			lastCreatedAt: createdAt(8),
			scores: { 1: 50, 2: 50, 3: 50, 4: 50, 5: 50, 6: 50, 7: 50, 8: 50 },
		});
		expect(fixture.takeRequests()).toEqual([listRequest(100)]);
	});

	test('a re-run that moves the score is emitted once, with old and new score', async () => {
		const watcher = session({ event: 'scoreChanged' });
		await watcher.poll();
		await rerun(fixture, 2); // page-1: 50 -> 48
		await rerun(fixture, 8); // page-7: 50 -> 52

		const next = await watcher.poll();
		expect(next.items.map((item) => item.json)).toEqual([
			{
				...simplifyReport(await report(2)),
				score: 48,
				label: 'bad',
				previous_score: 50,
				previous_label: 'decent',
				score_change: -2,
			},
			{
				...simplifyReport(await report(8)),
				score: 52,
				label: 'decent',
				previous_score: 50,
				previous_label: 'decent',
				score_change: 2,
			},
		]);
		expect(next.nodeStaticData.scores).toEqual({
			1: 50,
			2: 48,
			3: 50,
			4: 50,
			5: 50,
			6: 50,
			7: 50,
			8: 52,
		});
		expect((await watcher.poll()).emitted).toBe(false);

		// Re-run again: page-7 stays at 52 (new generated_at, same score): no event.
		await rerun(fixture, 8);
		expect((await watcher.poll()).emitted).toBe(false);
		// page-1 goes 48 -> 58.
		await rerun(fixture, 2);
		expect(
			(await watcher.poll()).items.map((item) => [
				item.json.id,
				item.json.previous_score,
				item.json.score,
			]),
		).toEqual([[2, 48, 58]]);
	});

	test('Minimum Change: smaller moves are not emitted but add up', async () => {
		const watcher = session({ event: 'scoreChanged', minimumChange: 5 });
		await watcher.poll();
		await rerun(fixture, 5); // page-4: 50 -> 52
		expect((await watcher.poll()).emitted).toBe(false);
		await rerun(fixture, 5); // 52 -> 48, still 2 from the recorded 50
		expect((await watcher.poll()).emitted).toBe(false);
		await rerun(fixture, 5); // 48 -> 55: 5 from 50
		const moved = await watcher.poll();
		expect(
			moved.items.map((item) => [
				item.json.id,
				item.json.previous_score,
				item.json.score,
				item.json.score_change,
			]),
		).toEqual([[5, 50, 55, 5]]);
	});

	test('Reports to Watch bounds the requests, the state and what is seen', async () => {
		const watcher = session({ event: 'scoreChanged', watchCount: 3 });
		const first = await watcher.poll();
		expect(first.nodeStaticData.scores).toEqual({ 6: 50, 7: 50, 8: 50 });
		expect(fixture.takeRequests()).toEqual([listRequest(10)]);
		await rerun(fixture, 2); // older than the newest 3: not seen
		await rerun(fixture, 8);
		expect(ids(await watcher.poll())).toEqual([8]);
	});

	test('new reports are recorded, not emitted; reports pushed out of the window are forgotten', async () => {
		const watcher = session({ event: 'scoreChanged', watchCount: 3 });
		await watcher.poll();
		fixture.sandbox.addReport({ url: 'https://site.test/new', score: 77 });
		const next = await watcher.poll();
		expect(next.emitted).toBe(false);
		expect(next.nodeStaticData).toEqual({
			watch: '["scoreChanged","",3]',
			site: fixture.sandbox.url,
			lastId: 9,
			lastCreatedAt: createdAt(9),
			scores: { 7: 50, 8: 50, 9: 77 },
		});
	});

	test('Simplify off: the raw report with the event fields after it', async () => {
		const watcher = session({ event: 'scoreChanged', simplify: false });
		await watcher.poll();
		await rerun(fixture, 2);
		const next = await watcher.poll();
		expect(next.items.map((item) => item.json)).toEqual([
			{
				...(await report(2)),
				score: 48,
				label: 'bad',
				previous_score: 50,
				previous_label: 'decent',
				score_change: -2,
			},
		]);
	});
});

describe('Score Below Threshold', () => {
	beforeEach(() =>
		fixture.sandbox.reset([
			{ url: 'https://site.test/page-0', score: 50 },
			{ url: 'https://site.test/page-3', score: 50 },
			{ url: 'https://site.test/low', score: 30 },
		]),
	);

	const fell = (result) =>
		result.items.map((item) => [item.json.id, item.json.previous_score, item.json.score]);

	test('emitted once when a score crosses below, again only after it recovered', async () => {
		const watcher = session({ event: 'scoreBelow' }); // threshold 49 by default: "bad"
		const first = await watcher.poll();
		// Report 3 was already below: history, not an event.
		expect(first.emitted).toBe(false);
		expect(first.nodeStaticData).toEqual({
			watch: '["scoreBelow","",100,49]',
			site: fixture.sandbox.url,
			lastId: 3,
			lastCreatedAt: createdAt(3),
			scores: { 1: 50, 2: 50, 3: 30 },
		});

		await rerun(fixture, 1); // page-0: 50 -> 48
		await rerun(fixture, 2); // page-3: 50 -> 48
		const crossed = await watcher.poll();
		expect(crossed.items.map((item) => item.json)).toEqual([
			{
				...simplifyReport(await report(1)),
				score: 48,
				label: 'bad',
				previous_score: 50,
				threshold: 49,
			},
			{
				...simplifyReport(await report(2)),
				score: 48,
				label: 'bad',
				previous_score: 50,
				threshold: 49,
			},
		]);
		expect((await watcher.poll()).emitted).toBe(false);

		await rerun(fixture, 1); // page-0 stays below (48): not again
		await rerun(fixture, 2); // page-3 recovers (55)
		expect((await watcher.poll()).emitted).toBe(false);
		await rerun(fixture, 2); // page-3 falls again (48)
		expect(fell(await watcher.poll())).toEqual([[2, 55, 48]]);
	});

	test('a new report that starts below the threshold is emitted; one above it is not', async () => {
		const watcher = session({ event: 'scoreBelow', threshold: 60 });
		await watcher.poll();
		fixture.sandbox.addReport({ url: 'https://site.test/new-low', score: 20 });
		fixture.sandbox.addReport({ url: 'https://site.test/new-high', score: 90 });
		expect(fell(await watcher.poll())).toEqual([[4, null, 20]]);
	});
});

describe('what the real server varies', () => {
	test.each([
		['null', 'v1.1 sends result: null: scores are computed from the checks'],
		['score', 'newer builds send the score as "score"'],
	])('resultField %s: %s', async (resultField) => {
		const other = await startFixture({ resultField });
		try {
			other.sandbox.reset(PAGES);
			const watcher = session({ event: 'scoreChanged' }, other);
			await watcher.poll();
			const before = await report(2, other);
			const after = await rerun(other, 2);
			const expectedBefore = resultField === 'null' ? computeScore(before.results) : 50;
			const expectedAfter = resultField === 'null' ? computeScore(after.results) : 48;
			const next = await watcher.poll();
			if (expectedBefore === expectedAfter) {
				expect(next.emitted).toBe(false);
			} else {
				expect(
					next.items.map((item) => [item.json.id, item.json.previous_score, item.json.score]),
				).toEqual([[2, expectedBefore, expectedAfter]]);
			}
			expect(expectedAfter).not.toBeNull();
		} finally {
			await other.sandbox.close();
		}
	});
});

describe('Fetch Test Event (manual)', () => {
	beforeEach(() => fixture.sandbox.reset(PAGES));

	test('New Report: the newest report; the state is not touched', async () => {
		const watcher = session({ event: 'newReport' });
		const test = await watcher.poll({ mode: 'manual' });
		expect(test.error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([listRequest(10)]);
		expect(test.items.map((item) => item.json)).toEqual([simplifyReport(await report(8))]);
		expect(watcher.staticData).toEqual({});
	});

	test('New Report with no report yet says so', async () => {
		fixture.sandbox.reset(null);
		const test = await session({ event: 'newReport', project: fromList('a.test') }).poll({
			mode: 'manual',
		});
		expect(test.error.message).toBe('No report of project "a.test" yet');
	});

	test('Score Below Threshold: the newest report below it', async () => {
		fixture.sandbox.addReport({ url: 'https://site.test/low', score: 20 });
		fixture.sandbox.addReport({ url: 'https://site.test/high', score: 95 });
		const test = await session({ event: 'scoreBelow' }).poll({ mode: 'manual' });
		expect(test.items.map((item) => item.json)).toEqual([
			{
				...simplifyReport(await report(9)),
				score: 20,
				label: 'bad',
				previous_score: null,
				threshold: 49,
			},
		]);
		const none = await session({ event: 'scoreBelow', threshold: 10 }).poll({ mode: 'manual' });
		expect(none.error.message).toBe('No report scores below 10');
	});

	test('Score Changed: the most recently re-run report; the score before is unknown', async () => {
		const none = await session({ event: 'scoreChanged' }).poll({ mode: 'manual' });
		expect(none.error.message).toBe('No re-run report among the newest 100');
		await rerun(fixture, 3);
		await rerun(fixture, 2);
		const test = await session({ event: 'scoreChanged' }).poll({ mode: 'manual' });
		expect(test.items.map((item) => item.json)).toEqual([
			{
				...simplifyReport(await report(2)),
				score: 48,
				label: 'bad',
				previous_score: null,
				previous_label: null,
				score_change: null,
			},
		]);
	});
});

describe('a trigger that cannot go silent', () => {
	const FIVE = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ url: `https://${name}.test/` }));
	beforeEach(() => fixture.sandbox.reset(FIVE));

	/** A session whose `this.logger` lines are kept in `logs`. */
	function watched(parameters = { event: 'newReport' }, staticData) {
		const logs = [];
		const logger = {
			error: (message, meta) => logs.push(['error', message, meta]),
			warn: (message, meta) => logs.push(['warn', message, meta]),
			info: (message, meta) => logs.push(['info', message, meta]),
			debug: () => {},
			verbose: () => {},
		};
		const watcher = fixture.pollSession(parameters, { logger, typeVersion: 2 });
		if (staticData) Object.assign(watcher.staticData, staticData);
		return { watcher, logs };
	}
	const restartLog = (lastId, newestId) => [
		'warn',
		`phpRank Trigger: the newest report ID at ${fixture.sandbox.url} is ${newestId}, below the last one seen (${lastId}): phpRank was reinstalled or restored, or its newest reports were deleted. Reports created since the last poll are told by their creation time; the trigger follows the new IDs.`,
		{ node: 'phpRank Trigger', site: fixture.sandbox.url, lastId, newestId },
	];

	test('phpRank reinstalled (IDs from 1 again): the reports made since are emitted once, and it is logged', async () => {
		const { watcher, logs } = watched();
		expect((await watcher.poll()).nodeStaticData.lastId).toBe(5);
		fixture.sandbox.reinstall();
		const made = ['n1', 'n2'].map((name) => fixture.sandbox.addReport({ url: `${name}.test` }));
		fixture.takeRequests();

		const after = await watcher.poll();
		expect(ids(after)).toEqual([1, 2]);
		expect(after.items.map((item) => item.json.url)).toEqual(['n1.test', 'n2.test']);
		expect(after.nodeStaticData).toEqual(saved('["newReport",""]', 2, made[1].created_at));
		expect(logs).toEqual([restartLog(5, 2)]);
		expect(fixture.takeRequests()).toEqual([listRequest(10)]);

		fixture.sandbox.addReport({ url: 'n3.test' });
		expect(ids(await watcher.poll())).toEqual([3]);
		expect((await watcher.poll()).emitted).toBe(false);
		expect(logs).toHaveLength(1);
	});

	test('reinstalled and past the old IDs before the next poll (the last seen ID is another report): nothing lost', async () => {
		const { watcher, logs } = watched();
		await watcher.poll();
		fixture.sandbox.reinstall();
		for (let i = 1; i <= 7; i++) fixture.sandbox.addReport({ url: `n${i}.test` });
		const after = await watcher.poll();
		expect(ids(after)).toEqual([1, 2, 3, 4, 5, 6, 7]);
		expect(after.nodeStaticData.lastId).toBe(7);
		expect(logs).toEqual([restartLog(5, 7)]);
		expect((await watcher.poll()).emitted).toBe(false);
	});

	test('restored from an older backup (IDs below the last seen, nothing new): nothing emitted, the next report is', async () => {
		const { watcher, logs } = watched();
		await watcher.poll();
		fixture.sandbox.reset(FIVE.slice(0, 3));
		const restored = await watcher.poll();
		expect(restored.emitted).toBe(false);
		expect(restored.nodeStaticData.lastId).toBe(3);
		expect(logs).toEqual([restartLog(5, 3)]);
		fixture.sandbox.addReport({ url: 'later.test' });
		expect(ids(await watcher.poll())).toEqual([4]);
	});

	test('the credential pointed at another site: starts over there (logged), then emits its new reports', async () => {
		const other = await startFixture();
		try {
			other.sandbox.reset([{ url: 'https://x.test/' }, { url: 'https://y.test/' }]);
			const { watcher, logs } = watched();
			await watcher.poll();
			const moved = { credentials: { baseUrl: other.sandbox.url, apiKey: API_KEY } };
			const first = await watcher.poll(moved);
			expect(first.emitted).toBe(false);
			expect(first.nodeStaticData).toMatchObject({ site: other.sandbox.url, lastId: 2 });
			expect(logs).toEqual([
				[
					'info',
					`phpRank Trigger: the credential now points at ${other.sandbox.url}, not ${fixture.sandbox.url}: the trigger starts over there (this poll records where its history ends and emits nothing).`,
					{ node: 'phpRank Trigger', site: other.sandbox.url, previousSite: fixture.sandbox.url },
				],
			]);
			other.sandbox.addReport({ url: 'z.test' });
			expect(ids(await watcher.poll(moved))).toEqual([3]);
		} finally {
			await other.sandbox.close();
		}
	});

	test("the site it remembers and logs is the credential's site address, without userinfo", async () => {
		const { watchedSite } = require('../helpers/built').readReports;
		const context = (baseUrl) => ({ getCredentials: async () => ({ baseUrl }) });
		expect(await watchedSite(context(' https://someone:pa55@seo.example.com/api/v1/ '))).toBe(
			'https://seo.example.com',
		);
		expect(await watchedSite(context('https://seo.example.com/seo'))).toBe(
			'https://seo.example.com/seo',
		);
	});

	test('state saved by the released version (watch and lastId only) keeps working', async () => {
		const { watcher, logs } = watched(undefined, {
			'node:phpRank Trigger': { watch: '["newReport",""]', lastId: 3 },
		});
		const result = await watcher.poll();
		expect(ids(result)).toEqual([4, 5]);
		expect(result.nodeStaticData).toEqual(
			saved('["newReport",""]', 5, (await report(5)).created_at),
		);
		expect(logs).toEqual([]);
	});

	test('Score Changed after phpRank was reinstalled records afresh (the IDs name other reports now), logged', async () => {
		const { watcher, logs } = watched({ event: 'scoreChanged' });
		await watcher.poll();
		fixture.sandbox.reinstall();
		// IDs 1 and 2 again, made after the newest report seen, scores unlike those recorded for 1 and 2
		fixture.sandbox.addReport({ url: 'n1.test', score: 10 });
		fixture.sandbox.addReport({ url: 'n2.test', score: 95 });
		const after = await watcher.poll();
		expect(after.emitted).toBe(false);
		expect(after.nodeStaticData.lastId).toBe(2);
		expect(after.nodeStaticData.scores).toEqual({ 1: 10, 2: 95 });
		expect(logs).toEqual([restartLog(5, 2)]);
	});

	test('Score Changed, restored from an older backup (the reports left are the ones recorded): no restart, a move is emitted', async () => {
		const { watcher, logs } = watched({ event: 'scoreChanged' });
		const first = await watcher.poll();
		fixture.sandbox.reset(FIVE.slice(0, 2));
		const restored = await watcher.poll();
		expect(restored.emitted).toBe(false);
		expect(restored.nodeStaticData.lastId).toBe(2);
		expect(restored.nodeStaticData.scores).toEqual({
			1: first.nodeStaticData.scores[1],
			2: first.nodeStaticData.scores[2],
		});
		fixture.sandbox.setChecks(1, 'none');
		expect(ids(await watcher.poll())).toEqual([1]);
		expect(logs).toEqual([]);
	});
});
