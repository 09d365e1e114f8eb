// The phpRank Trigger's Check Failed event through n8n-core's poll machinery against the sandbox:
// exact requests, exact items, each fall once, the state it keeps. The sandbox flips checks with
// setChecks (as a re-run that changed only those would).
const { useFixture, reportList: listRequest, fromList } = require('./fixture');
const { simplifyReport } = require('../helpers/built').simplify;
const { CHECK_CATALOGUE } = require('../helpers/built').checkCatalogue;

const fixture = useFixture();
// Version 2's items, one per report, as saved workflows keep them (version 3's grouping: triggerAlerts.test.js).
const session = (parameters) =>
	fixture.pollSession({ event: 'checkFailed', ...parameters }, { typeVersion: 2 });
const report = (id) => fixture.report(id);
/** A stored report's `created_at` as the API sends it, read without a request. */
const createdAt = (id) => fixture.sandbox.reports().find((stored) => stored.id === id).created_at;

/** Five pages of site.test and one of other.test, every check passing. */
function resetAllPassing(count = 5) {
	fixture.sandbox.reset([
		...Array.from({ length: count }, (_, i) => ({ url: `https://site.test/page-${i}` })),
		{ url: 'https://other.test/' },
	]);
	for (const stored of fixture.sandbox.reports()) fixture.sandbox.setChecks(stored.id, 'all');
	fixture.sandbox.clearRequests();
}

const DEFAULT_SIGNATURE = '["checkFailed","",100,"title,robots,noindex,https_encryption"]';

const NOINDEX = {
	check: 'noindex',
	category: 'seo',
	importance: 'high',
	reason: 'noindex: noindex set: noindex',
};
const ROBOTS = {
	check: 'robots',
	category: 'seo',
	importance: 'medium',
	reason: 'robots: blocked by robots.txt: Disallow: /',
};

const emitted = (result) => result.items.map((item) => [item.json.id, item.json.regressions]);

beforeEach(() => resetAllPassing());

test('the first poll records which chosen checks each watched report fails, and emits nothing', async () => {
	fixture.sandbox.setChecks(2, { noindex: false, favicon: false });
	const watcher = session({});
	const first = await watcher.poll();
	expect(first.error).toBeUndefined();
	expect(first.emitted).toBe(false);
	expect(fixture.takeRequests()).toEqual([listRequest(100)]);
	// bits in phpRank's order of the chosen checks: title 1, robots 2, noindex 4, https_encryption 8
	expect(first.nodeStaticData).toEqual({
		watch: DEFAULT_SIGNATURE,
		site: fixture.sandbox.url,
		lastId: 6,
		lastCreatedAt: createdAt(6),
		failing: { 1: 0, 2: 4, 3: 0, 4: 0, 5: 0, 6: 0 },
	});
});

test('a fall is emitted once, with the report and its regressions; no change emits nothing', async () => {
	const watcher = session({});
	await watcher.poll();
	fixture.sandbox.setChecks(3, { noindex: false });
	fixture.takeRequests();
	const fall = await watcher.poll();
	expect(fixture.takeRequests()).toEqual([listRequest(100)]);
	expect(fall.items.map((item) => item.json)).toEqual([
		{ ...simplifyReport(await report(3)), regressions: [NOINDEX] },
	]);
	expect(fall.nodeStaticData.failing).toEqual({ 1: 0, 2: 0, 3: 4, 4: 0, 5: 0, 6: 0 });
	expect((await watcher.poll()).emitted).toBe(false);
	// another chosen check breaks while noindex still fails: only the new one is a regression
	fixture.sandbox.setChecks(3, { robots: false });
	expect(emitted(await watcher.poll())).toEqual([[3, [ROBOTS]]]);
	expect((await watcher.poll()).emitted).toBe(false);
});

test('fixed, then fallen again: emitted again; several reports at once, oldest first, most important first', async () => {
	const watcher = session({});
	await watcher.poll();
	fixture.sandbox.setChecks(4, { noindex: false });
	expect(emitted(await watcher.poll())).toEqual([[4, [NOINDEX]]]);
	fixture.sandbox.setChecks(4, { noindex: true });
	expect((await watcher.poll()).emitted).toBe(false);
	fixture.sandbox.setChecks(4, { noindex: false });
	fixture.sandbox.setChecks(1, { robots: false, noindex: false });
	expect(emitted(await watcher.poll())).toEqual([
		[1, [NOINDEX, ROBOTS]],
		[4, [NOINDEX]],
	]);
});

test('a new report that fails a chosen check is emitted; one that passes them is not', async () => {
	const watcher = session({});
	await watcher.poll();
	const failing = fixture.sandbox.addReport({ url: 'https://site.test/new' });
	fixture.sandbox.setChecks(failing.id, 'all');
	fixture.sandbox.setChecks(failing.id, { https_encryption: false });
	const passing = fixture.sandbox.addReport({ url: 'https://site.test/fine' });
	fixture.sandbox.setChecks(passing.id, 'all');
	const next = await watcher.poll();
	expect(emitted(next)).toEqual([
		[
			7,
			[
				{
					check: 'https_encryption',
					category: 'security',
					importance: 'high',
					reason: 'https_encryption: missing',
				},
			],
		],
	]);
	expect(next.nodeStaticData.lastId).toBe(8);
	expect((await watcher.poll()).emitted).toBe(false);
});

test('a check not chosen breaking emits nothing; chosen, it does', async () => {
	const watcher = session({});
	await watcher.poll();
	fixture.sandbox.setChecks(2, { favicon: false, load_time: false });
	expect((await watcher.poll()).emitted).toBe(false);

	const favicon = session({ checks: ['favicon'] });
	await favicon.poll();
	fixture.sandbox.setChecks(5, { favicon: false });
	const next = await favicon.poll();
	expect(emitted(next)).toEqual([
		[
			5,
			[
				{
					check: 'favicon',
					category: 'seo',
					importance: 'low',
					reason: next.items[0].json.regressions[0].reason,
				},
			],
		],
	]);
	expect(next.nodeStaticData.watch).toBe('["checkFailed","",100,"favicon"]');
});

test('Project: only that project is read and emitted', async () => {
	const watcher = session({ project: fromList('site.test'), watchCount: 10 });
	await watcher.poll();
	expect(fixture.takeRequests()).toEqual([listRequest(10, 1, { project: 'site.test' })]);
	fixture.sandbox.setChecks(6, { noindex: false }); // other.test
	fixture.sandbox.setChecks(1, { noindex: false });
	const next = await watcher.poll();
	expect(emitted(next)).toEqual([[1, [NOINDEX]]]);
	expect(Object.keys(next.nodeStaticData.failing)).toEqual(['1', '2', '3', '4', '5']);
});

test('an empty selection is refused before any request, in a poll and for a test event', async () => {
	for (const mode of [undefined, 'manual']) {
		const result = await session({ checks: [] }).poll(mode ? { mode } : undefined);
		expect(result.error.message).toBe('Choose at least one check in "Checks"');
		expect(result.error.description).toBe(
			'Check Failed starts the workflow when one of the chosen checks breaks; with none chosen it could never fire.',
		);
	}
	expect(fixture.takeRequests()).toEqual([]);
});

test('Simplify off: the report as phpRank sends it, then the regressions', async () => {
	const watcher = session({ simplify: false });
	await watcher.poll();
	fixture.sandbox.setChecks(2, { title: false });
	const next = await watcher.poll();
	const raw = await report(2);
	expect(next.items.map((item) => item.json)).toEqual([
		{
			...raw,
			regressions: [
				{ check: 'title', category: 'seo', importance: 'high', reason: 'title: missing' },
			],
		},
	]);
});

test('Fetch Test Event: the newest report failing a chosen check; none says so; the state is not touched', async () => {
	fixture.sandbox.setChecks(2, { robots: false });
	fixture.sandbox.setChecks(4, { noindex: false, title: false });
	const watcher = session({});
	const test = await watcher.poll({ mode: 'manual' });
	expect(test.items.map((item) => item.json)).toEqual([
		{
			...simplifyReport(await report(4)),
			regressions: [
				{ check: 'title', category: 'seo', importance: 'high', reason: 'title: missing' },
				NOINDEX,
			],
		},
	]);
	expect(watcher.staticData).toEqual({});
	const none = await session({ checks: ['sitemap'] }).poll({ mode: 'manual' });
	expect(none.error.message).toBe('No report fails a chosen check');
});

test('the state for 1,000 watched reports, every check chosen and failing, stays under 64 kB', async () => {
	fixture.sandbox.reset({ reports: 1000 });
	const watcher = session({ checks: CHECK_CATALOGUE.map((check) => check.key), watchCount: 1000 });
	const first = await watcher.poll();
	expect(Object.keys(first.nodeStaticData.failing)).toHaveLength(1000);
	const bytes = Buffer.byteLength(JSON.stringify(first.nodeStaticData));
	expect(bytes).toBeLessThan(64 * 1024);
	expect(fixture.takeRequests()).toHaveLength(10);
});
