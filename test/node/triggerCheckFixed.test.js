// The phpRank Trigger's Check Fixed event through n8n-core's poll machinery against the sandbox:
// exact requests, exact items, each recovery once, the state it keeps. The sandbox flips checks with
// setChecks (as a re-run that changed only those would) and adds newer reports of a page with addReport.
const { useFixture, reportList: listRequest } = require('./fixture');
const { simplifyReport } = require('../helpers/built').simplify;
const { CHECK_CATALOGUE } = require('../helpers/built').checkCatalogue;
const { maskOfRecord } = require('../helpers/built').checkFixes;

const fixture = useFixture();
// Version 2's items, one per report, as saved workflows keep them (version 3's grouping: triggerAlerts.test.js).
const session = (parameters) =>
	fixture.pollSession({ event: 'checkFixed', ...parameters }, { typeVersion: 2 });
const report = (id) => fixture.report(id);

/** Five pages of site.test, every check passing; pages 2 and 4 fail noindex, page 4 robots too. */
function reset() {
	fixture.sandbox.reset(
		Array.from({ length: 5 }, (_, i) => ({ url: `https://site.test/page-${i + 1}` })),
	);
	for (const stored of fixture.sandbox.reports()) fixture.sandbox.setChecks(stored.id, 'all');
	fixture.sandbox.setChecks(2, { noindex: false });
	fixture.sandbox.setChecks(4, { noindex: false, robots: false });
	fixture.sandbox.clearRequests();
}

const NOINDEX = { check: 'noindex', category: 'seo', importance: 'high' };
const ROBOTS = { check: 'robots', category: 'seo', importance: 'medium' };
const emitted = (result) => result.items.map((item) => [item.json.id, item.json.fixed]);
// bits in phpRank's order of the chosen checks: title 1, robots 2, noindex 4, https_encryption 8
const masks = (state) =>
	Object.fromEntries(
		Object.entries(state.failing).map(([id, record]) => [id, maskOfRecord(record, 4)]),
	);

beforeEach(() => reset());

test('the first poll records the failing checks of each report, with its page, and emits nothing', async () => {
	const watcher = session({});
	const first = await watcher.poll();
	expect(first.error).toBeUndefined();
	expect(first.emitted).toBe(false);
	expect(fixture.takeRequests()).toEqual([listRequest(100)]);
	expect(first.nodeStaticData.watch).toBe(
		'["checkFixed","",100,"title,robots,noindex,https_encryption"]',
	);
	expect(first.nodeStaticData.lastId).toBe(5);
	expect(masks(first.nodeStaticData)).toEqual({ 1: 0, 2: 4, 3: 0, 4: 6, 5: 0 });
	// one number per report: the page key sits above the 4 bits of the mask, below 2^(24 + 4)
	for (const record of Object.values(first.nodeStaticData.failing)) {
		expect(Number.isSafeInteger(record) && record < 2 ** 28).toBe(true);
	}
});

test('a re-run that fixes a chosen check is emitted once, with the report and what it fixed', async () => {
	const watcher = session({});
	await watcher.poll();
	fixture.sandbox.setChecks(2, { noindex: true });
	fixture.takeRequests();
	const fix = await watcher.poll();
	expect(fixture.takeRequests()).toEqual([listRequest(100)]);
	expect(fix.items.map((item) => item.json)).toEqual([
		{ ...simplifyReport(await report(2)), fixed: [NOINDEX] },
	]);
	expect(masks(fix.nodeStaticData)).toEqual({ 1: 0, 2: 0, 3: 0, 4: 6, 5: 0 });
	expect((await watcher.poll()).emitted).toBe(false);
	// one of two fixed: only it; then the other, then nothing more
	fixture.sandbox.setChecks(4, { robots: true });
	expect(emitted(await watcher.poll())).toEqual([[4, [ROBOTS]]]);
	fixture.sandbox.setChecks(4, { noindex: true });
	expect(emitted(await watcher.poll())).toEqual([[4, [NOINDEX]]]);
	expect((await watcher.poll()).emitted).toBe(false);
});

test('broken again, fixed again: emitted again; a fall alone emits nothing; most important first', async () => {
	const watcher = session({});
	await watcher.poll();
	fixture.sandbox.setChecks(3, { title: false });
	expect((await watcher.poll()).emitted).toBe(false);
	fixture.sandbox.setChecks(3, { title: true });
	fixture.sandbox.setChecks(4, { robots: true, noindex: true });
	expect(emitted(await watcher.poll())).toEqual([
		[3, [{ check: 'title', category: 'seo', importance: 'high' }]],
		[4, [NOINDEX, ROBOTS]],
	]);
	fixture.sandbox.setChecks(3, { title: false });
	expect((await watcher.poll()).emitted).toBe(false);
	fixture.sandbox.setChecks(3, { title: true });
	expect(emitted(await watcher.poll())).toEqual([
		[3, [{ check: 'title', category: 'seo', importance: 'high' }]],
	]);
});

test('a newer report of a failing page that passes is emitted once; its older report re-run then is not', async () => {
	const watcher = session({});
	await watcher.poll();
	const newer = fixture.sandbox.addReport({ url: 'https://www.site.test/page-4/' });
	fixture.sandbox.setChecks(newer.id, 'all');
	fixture.sandbox.setChecks(newer.id, { robots: false });
	const next = await watcher.poll();
	expect(next.items.map((item) => item.json)).toEqual([
		{ ...simplifyReport(await report(newer.id)), fixed: [NOINDEX] },
	]);
	// the page's older report keeps only what the page still fails
	expect(masks(next.nodeStaticData)).toEqual({ 1: 0, 2: 4, 3: 0, 4: 2, 5: 0, 6: 2 });
	fixture.sandbox.setChecks(4, { noindex: true });
	expect((await watcher.poll()).emitted).toBe(false);
	fixture.sandbox.setChecks(newer.id, { robots: true });
	expect(emitted(await watcher.poll())).toEqual([[newer.id, [ROBOTS]]]);
});

test('a page that passed when first recorded is not emitted, nor a new page, nor a new report of a passing page', async () => {
	const watcher = session({});
	await watcher.poll();
	const fresh = fixture.sandbox.addReport({ url: 'https://site.test/new' });
	fixture.sandbox.setChecks(fresh.id, 'all');
	const again = fixture.sandbox.addReport({ url: 'https://site.test/page-1' });
	fixture.sandbox.setChecks(again.id, 'all');
	const next = await watcher.poll();
	expect(next.emitted).toBe(false);
	expect(next.nodeStaticData.lastId).toBe(7);
	// a new page that fails, then is fixed: it failed when recorded, so its fix counts
	const broken = fixture.sandbox.addReport({ url: 'https://site.test/broken' });
	fixture.sandbox.setChecks(broken.id, 'all');
	fixture.sandbox.setChecks(broken.id, { https_encryption: false });
	expect((await watcher.poll()).emitted).toBe(false);
	fixture.sandbox.setChecks(broken.id, { https_encryption: true });
	expect(emitted(await watcher.poll())).toEqual([
		[broken.id, [{ check: 'https_encryption', category: 'security', importance: 'high' }]],
	]);
});

test('a check not chosen passing again emits nothing', async () => {
	fixture.sandbox.setChecks(1, { favicon: false });
	const watcher = session({});
	await watcher.poll();
	fixture.sandbox.setChecks(1, { favicon: true });
	expect((await watcher.poll()).emitted).toBe(false);
});

test('an empty selection is refused before any request', async () => {
	const result = await session({ checks: [] }).poll();
	expect(result.error.message).toBe('Choose at least one check in "Checks"');
	expect(result.error.description).toBe(
		'Check Fixed starts the workflow when one of the chosen checks passes again; with none chosen it could never fire.',
	);
	expect(fixture.takeRequests()).toEqual([]);
});

test('Fetch Test Event: the newest re-run report passing a chosen check; none says so; the state is not touched', async () => {
	fixture.sandbox.reset([{ url: 'https://site.test/a' }, { url: 'https://site.test/b' }]);
	const watcher = session({});
	const none = await watcher.poll({ mode: 'manual' });
	expect(none.error.message).toBe('No re-run report passes a chosen check');
	fixture.sandbox.setChecks(1, 'all');
	const test = await watcher.poll({ mode: 'manual' });
	expect(test.items.map((item) => item.json)).toEqual([
		{
			...simplifyReport(await report(1)),
			fixed: [
				{ check: 'title', category: 'seo', importance: 'high' },
				NOINDEX,
				{ check: 'https_encryption', category: 'security', importance: 'high' },
				ROBOTS,
			],
		},
	]);
	expect(watcher.staticData).toEqual({});
});

test('the state for 1,000 watched reports, every check chosen and failing, stays under 64 kB', async () => {
	fixture.sandbox.reset({ reports: 1000 });
	const watcher = session({ checks: CHECK_CATALOGUE.map((check) => check.key), watchCount: 1000 });
	const first = await watcher.poll();
	expect(Object.keys(first.nodeStaticData.failing)).toHaveLength(1000);
	expect(Buffer.byteLength(JSON.stringify(first.nodeStaticData))).toBeLessThan(64 * 1024);
	expect(fixture.takeRequests()).toHaveLength(10);
});
