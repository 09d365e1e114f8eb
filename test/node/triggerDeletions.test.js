// The phpRank Trigger when reports disappear between polls, through n8n-core's poll machinery against
// the sandbox: deleting reports (the newest included: someone removes a duplicate, Check for a Parallel
// Create deletes the newer of two reports, Project → Delete) hides no event, for every event, with and
// without a Project, in both node versions; a real restart of IDs (phpRank reinstalled, or restored from
// an older backup and its IDs handed out again) floods nothing.
const { useFixture, fromList, apiSend } = require('./fixture');

const fixture = useFixture();

const NOINDEX = {
	check: 'noindex',
	category: 'seo',
	importance: 'high',
	reason: 'noindex: noindex set: noindex',
};
const NOINDEX_FIXED = { check: 'noindex', category: 'seo', importance: 'high' };
const CHOSEN = { title: true, robots: true, noindex: true, https_encryption: true };

const stored = (id) => fixture.sandbox.reports().find((report) => report.id === id);

/**
 * Each event: the checks every report starts with (`before`), what happens to one of them (`act`, as
 * a re-run would), and what the event's item then says of it (`fields`).
 */
const EVENTS = {
	checkFailed: {
		before: CHOSEN,
		act: { noindex: false },
		fields: (json) => json.regressions,
		expected: () => [NOINDEX],
	},
	checkFixed: {
		before: { ...CHOSEN, noindex: false },
		act: { noindex: true },
		fields: (json) => json.fixed,
		expected: () => [NOINDEX_FIXED],
	},
	scoreBelow: {
		before: 'all',
		act: 'none',
		fields: (json) => [json.previous_score, json.score, json.threshold],
		expected: () => [100, 0, 49],
	},
	scoreChanged: {
		before: 'all',
		act: { noindex: false },
		fields: (json) => [json.previous_score, json.score],
		expected: (id) => [100, stored(id).result],
	},
};

/** The trigger's versions and Project settings. Version 2 with a Project watches the whole project. */
const SETUPS = [
	{ name: 'version 1, Project', typeVersion: 1, project: 'big.test', whole: false },
	{
		name: 'version 2, Project (the whole project)',
		typeVersion: 2,
		project: 'big.test',
		whole: true,
	},
	{ name: 'version 1, no Project', typeVersion: 1, project: '', whole: false },
	{ name: 'version 2, no Project', typeVersion: 2, project: '', whole: false },
];

/** `count` reports of big.test (IDs 1..count, page p-i is ID i + 1), each with `checks`. */
function seed(count, checks) {
	fixture.sandbox.reset(
		Array.from({ length: count }, (_, i) => ({ url: `https://big.test/p-${i}` })),
	);
	for (const report of fixture.sandbox.reports()) fixture.sandbox.setChecks(report.id, checks);
	fixture.sandbox.clearRequests();
}

/** A session whose warnings (`this.logger`) are kept in `logs`. */
function watch(event, setup, logs = []) {
	const logger = {
		error: (message) => logs.push(['error', message]),
		warn: (message) => logs.push(['warn', message]),
		info: (message) => logs.push(['info', message]),
		debug: () => {},
		verbose: () => {},
	};
	const watcher = fixture.pollSession(
		{ event, ...(setup.project ? { project: fromList(setup.project) } : {}) },
		{ typeVersion: setup.typeVersion, logger },
	);
	return { watcher, logs };
}

const restartLog = (lastId, newestId) => [
	'warn',
	`phpRank Trigger: the newest report ID at ${fixture.sandbox.url} is ${newestId}, below the last one seen (${lastId}): phpRank was reinstalled or restored, or its newest reports were deleted. Reports created since the last poll are told by their creation time; the trigger follows the new IDs.`,
];

async function remove(path) {
	await apiSend(fixture.sandbox, 'DELETE', path);
	fixture.sandbox.clearRequests();
}

/** What `polls` polls emitted, one [id, the event's fields] each, and the last poll's result. */
async function pollTimes(watcher, polls, fields) {
	const emitted = [];
	let last;
	for (let poll = 0; poll < polls; poll++) {
		last = await watcher.poll();
		expect(last.error).toBeUndefined();
		emitted.push(...last.items.map((item) => [item.json.id, fields(item.json)]));
	}
	return { emitted, last };
}

const recordsOf = (state) => state.failing ?? state.scores;

describe.each(SETUPS)('$name: the newest report deleted in the same interval', (setup) => {
	// an old report: outside the newest 100 when the whole project is watched, inside them otherwise
	const target = setup.whole ? 5 : 250;

	test.each(Object.keys(EVENTS))(
		'%s: the event is emitted once, the next polls emit nothing',
		async (event) => {
			const { before, act, fields, expected } = EVENTS[event];
			seed(300, before);
			const { watcher, logs } = watch(event, setup);
			expect((await watcher.poll()).emitted).toBe(false);

			fixture.sandbox.setChecks(target, act);
			await remove('/reports/300');
			const first = await watcher.poll();
			expect(first.items.map((item) => [item.json.id, fields(item.json)])).toEqual([
				[target, expected(target)],
			]);
			const { emitted, last } = await pollTimes(watcher, 8, fields);
			expect(emitted).toEqual([]);
			expect(logs).toEqual([]);
			// the state follows the newest report left and forgets the deleted one
			expect(last.nodeStaticData.lastId).toBe(299);
			expect(recordsOf(last.nodeStaticData)).not.toHaveProperty('300');
			expect(Object.keys(recordsOf(last.nodeStaticData))).toHaveLength(setup.whole ? 299 : 100);
		},
	);

	test('New Report: the report created in that interval is emitted once', async () => {
		seed(300, 'all');
		const { watcher, logs } = watch('newReport', setup);
		await watcher.poll();
		await remove('/reports/300');
		const made = fixture.sandbox.addReport({ url: 'https://big.test/new' });
		const { emitted, last } = await pollTimes(watcher, 3, (json) => json.url);
		expect(emitted).toEqual([[made.id, 'big.test/new']]);
		expect(last.nodeStaticData.lastId).toBe(made.id);
		expect(logs).toEqual([]);
	});
});

test('the whole project: the newest three deleted, an old and a recent report break: each emitted once', async () => {
	seed(300, CHOSEN);
	const { watcher, logs } = watch('checkFailed', SETUPS[1]);
	await watcher.poll();
	for (const id of [298, 299, 300]) await remove(`/reports/${id}`);
	fixture.sandbox.setChecks(2, { noindex: false });
	fixture.sandbox.setChecks(297, { noindex: false });
	const { emitted, last } = await pollTimes(watcher, 8, (json) => json.regressions);
	expect(emitted).toEqual([
		[2, [NOINDEX]],
		[297, [NOINDEX]],
	]);
	expect(last.nodeStaticData.lastId).toBe(297);
	expect(logs).toEqual([]);
});

test.each([SETUPS[2], SETUPS[3]])(
	'$name: Project → Delete removes the newest reports; a break on an older one is emitted once',
	async (setup) => {
		seed(300, CHOSEN);
		for (let i = 0; i < 5; i++) {
			const added = fixture.sandbox.addReport({ url: `https://other.test/p-${i}` });
			fixture.sandbox.setChecks(added.id, CHOSEN);
		}
		const { watcher, logs } = watch('checkFailed', setup);
		await watcher.poll();
		await remove('/projects/other.test');
		fixture.sandbox.setChecks(250, { noindex: false });
		const { emitted, last } = await pollTimes(watcher, 3, (json) => json.regressions);
		expect(emitted).toEqual([[250, [NOINDEX]]]);
		expect(last.nodeStaticData.lastId).toBe(300);
		expect(logs).toEqual([]);
	},
);

describe.each([SETUPS[0], SETUPS[1]])('$name: a real restart of IDs floods nothing', (setup) => {
	test.each(Object.keys(EVENTS))(
		'%s: phpRank reinstalled, 120 reports made since (IDs 1 to 120 again, each unlike the report that had its ID): recorded afresh, logged; then followed',
		async (event) => {
			const { before, act, fields, expected } = EVENTS[event];
			seed(300, before);
			const { watcher, logs } = watch(event, setup);
			await watcher.poll();
			fixture.sandbox.reinstall();
			for (let i = 0; i < 120; i++) {
				const made = fixture.sandbox.addReport({ url: `https://big.test/p-${i}` });
				fixture.sandbox.setChecks(made.id, before);
				fixture.sandbox.setChecks(made.id, act);
			}
			const after = await watcher.poll();
			expect(after.emitted).toBe(false);
			expect(logs).toEqual([restartLog(300, 120)]);
			expect(after.nodeStaticData.lastId).toBe(120);
			expect(Object.keys(recordsOf(after.nodeStaticData))).toHaveLength(
				100 + (setup.whole ? 20 : 0),
			);

			// the new IDs are followed: report 110 goes back, then the event happens to it again
			fixture.sandbox.setChecks(110, before);
			const back = await pollTimes(watcher, 1, fields);
			expect(back.emitted.map(([id]) => id)).toEqual(event === 'scoreChanged' ? [110] : []);
			fixture.sandbox.setChecks(110, act);
			const again = await pollTimes(watcher, 3, fields);
			expect(again.emitted).toEqual([[110, expected(110)]]);
			expect(logs).toHaveLength(1);
		},
	);
});

describe('version 2, Project (the whole project): restored from an older backup', () => {
	/** The backup: the project's first 250 reports, with the checks they had. */
	function restore() {
		seed(250, CHOSEN);
	}

	test('the reports left are the ones recorded: nothing emitted, not a restart; the IDs handed out again are new reports', async () => {
		seed(300, CHOSEN);
		const { watcher, logs } = watch('checkFailed', SETUPS[1]);
		await watcher.poll();
		restore();
		const restored = await watcher.poll();
		expect(restored.emitted).toBe(false);
		expect(restored.nodeStaticData.lastId).toBe(250);
		expect(Object.keys(restored.nodeStaticData.failing)).toHaveLength(250);
		expect(logs).toEqual([]);

		// ID 251 again, for another page that fails noindex: a new report, not the one recorded as 251
		const made = fixture.sandbox.addReport({ url: 'https://big.test/after-restore' });
		fixture.sandbox.setChecks(made.id, { ...CHOSEN, noindex: false });
		fixture.sandbox.setChecks(3, { noindex: false });
		const { emitted } = await pollTimes(watcher, 3, (json) => json.regressions);
		expect(made.id).toBe(251);
		expect(emitted).toEqual([
			[3, [NOINDEX]],
			[251, [NOINDEX]],
		]);
		expect(logs).toEqual([]);
	});

	test('reports made after the restore before the next poll (IDs handed out again, made after the newest seen): recorded afresh, logged', async () => {
		seed(300, CHOSEN);
		const { watcher, logs } = watch('checkFailed', SETUPS[1]);
		const seen = (await watcher.poll()).nodeStaticData.lastCreatedAt;
		restore();
		for (let i = 0; i < 3; i++) {
			const made = fixture.sandbox.addReport({ url: `https://big.test/after-${i}` });
			fixture.sandbox.setChecks(made.id, { ...CHOSEN, noindex: false });
		}
		// the sandbox's clock started again with the restore; re-applying the checks moved it on past the
		// newest report seen, as a real clock would be
		expect(Date.parse(stored(251).created_at)).toBeGreaterThan(Date.parse(seen));
		const after = await watcher.poll();
		expect(after.emitted).toBe(false);
		expect(after.nodeStaticData.lastId).toBe(253);
		expect(logs).toEqual([restartLog(300, 253)]);
		expect((await watcher.poll()).emitted).toBe(false);
	});
});
