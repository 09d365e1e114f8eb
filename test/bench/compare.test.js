'use strict';
// The flag rules of `npm run bench -- --against` (bench/lib/compare.js) and the order in which two
// packages' processes alternate (bench/lib/alternate.js), on made-up figures: no measurement here.
const {
	COSTS_BY_DESIGN,
	compareResults,
	judge,
	relativeSpread,
	verdictLine,
} = require('../../bench/lib/compare');
const { alternation, runAlternating } = require('../../bench/lib/alternate');

describe('judge: one row, current against baseline (lower is better)', () => {
	test('requests, memory and package size are worse only beyond 10%', () => {
		for (const kind of ['requests', 'memory', 'size', 'count']) {
			expect(judge({ kind, current: 11, baseline: 10 })).toMatchObject({
				ratio: 1.1,
				worse: false,
			});
			expect(judge({ kind, current: 12, baseline: 10 }).worse).toBe(true);
			expect(judge({ kind, current: 5, baseline: 10 }).worse).toBe(false);
		}
	});

	test('a time is worse only beyond the spread of the per-process figures', () => {
		expect(judge({ kind: 'time', current: 1.2, baseline: 1, spread: 0.25 }).worse).toBe(false);
		expect(judge({ kind: 'time', current: 1.3, baseline: 1, spread: 0.25 }).worse).toBe(true);
		// a tight spread flags a small slowdown that 10% would let through
		expect(judge({ kind: 'time', current: 1.05, baseline: 1, spread: 0.02 }).worse).toBe(true);
	});

	test('RSS needs both: beyond 10% and beyond its spread', () => {
		expect(judge({ kind: 'rss', current: 1.15, baseline: 1, spread: 0.02 }).worse).toBe(true);
		expect(judge({ kind: 'rss', current: 1.15, baseline: 1, spread: 0.3 }).worse).toBe(false);
		expect(judge({ kind: 'rss', current: 1.05, baseline: 1, spread: 0 }).worse).toBe(false);
	});

	test('a figure the baseline had and this package lost is worse; zero to something is worse', () => {
		expect(judge({ kind: 'time', current: null, baseline: 20, spread: 0.1 })).toMatchObject({
			worse: true,
			missing: 'current',
		});
		expect(judge({ kind: 'requests', current: 1, baseline: null }).worse).toBe(false);
		expect(judge({ kind: 'requests', current: 3, baseline: 0 })).toMatchObject({
			ratio: Infinity,
			worse: true,
		});
		expect(judge({ kind: 'requests', current: 0, baseline: 0 })).toMatchObject({
			ratio: 1,
			worse: false,
		});
	});
});

test('relativeSpread: (highest − lowest) ÷ middle', () => {
	expect(relativeSpread([0.8, 1.2], 1)).toBeCloseTo(0.4);
	expect(relativeSpread([NaN, 1], 1)).toBeNaN();
	expect(relativeSpread([1, 2], 0)).toBeNaN();
});

/** A results object of run.js with the fields the comparison reads. */
function results({ getRatio, getRange, returnAllRequests, retained, packed, requireMs }) {
	return {
		requests: { rows: [{ label: 'Return All', phpRank: { requests: returnAllRequests } }] },
		perItem: { get: { ratio: getRatio, ratioRange: getRange } },
		liveHeap: {
			variants: [
				{ key: 'simplified', label: 'Simplify on', bytes: 100, retained, peakLive: retained },
			],
		},
		package: {
			pack: { size: packed, unpackedSize: packed * 4 },
			require: [{ node: 'v24', ownMedian: requireMs, ownRange: [requireMs - 1, requireMs + 1] }],
		},
	};
}

describe('compareResults: the rows of two runs', () => {
	const baseline = results({
		getRatio: 0.97,
		getRange: [0.95, 0.99],
		returnAllRequests: 10,
		retained: 106,
		packed: 40000,
		requireMs: 10,
	});

	test('the same figures: every row compared, none worse', () => {
		const rows = compareResults(baseline, baseline);
		expect(rows.map((r) => r.label)).toEqual([
			'Get Many Return All: requests',
			'per item, Get by ID: phpRank ÷ HTTP Request in real n8n',
			'Return All, Simplify on, in-process: live heap held by the output ÷ bytes received',
			'Return All, Simplify on, in-process: live heap peak while running ÷ bytes received',
			'packed tarball',
			'unpacked size',
			'cold require() + new, Node v24',
		]);
		expect(rows.every((r) => r.ratio === 1 && !r.worse)).toBe(true);
		expect(verdictLine(rows, 'a4c8012')).toBe('no row worse than a4c8012 (7 rows compared)');
	});

	test('the regression of issue 27 (output held 3.11× instead of 1.06× the bytes) is flagged', () => {
		const before = results({
			getRatio: 0.97,
			getRange: [0.95, 0.99],
			returnAllRequests: 10,
			retained: 106,
			packed: 40000,
			requireMs: 10,
		});
		const after = results({
			getRatio: 1.12,
			getRange: [1.1, 1.15],
			returnAllRequests: 11,
			retained: 311,
			packed: 43000,
			requireMs: 10.5,
		});
		const rows = compareResults(after, before);
		const worse = rows.filter((r) => r.worse).map((r) => r.label);
		expect(worse).toEqual([
			'per item, Get by ID: phpRank ÷ HTTP Request in real n8n',
			'Return All, Simplify on, in-process: live heap held by the output ÷ bytes received',
			'Return All, Simplify on, in-process: live heap peak while running ÷ bytes received',
		]);
		const line = verdictLine(rows, '2635475');
		expect(line).toMatch(/^⚠ 3 rows worse than 2635475: per item, Get by ID/);
		expect(line).toContain('live heap held by the output ÷ bytes received (2.93×)');
	});

	test("a time within the noise is not flagged: the larger of the two packages' spreads counts", () => {
		const noisy = results({
			getRatio: 1.05,
			getRange: [0.74, 1.17],
			returnAllRequests: 10,
			retained: 106,
			packed: 40000,
			requireMs: 10,
		});
		const row = compareResults(noisy, baseline).find((r) => r.kind === 'time' && r.section === 2);
		expect(row.ratio).toBeCloseTo(1.05 / 0.97);
		expect(row.spread).toBeCloseTo((1.17 - 0.74) / 1.05);
		expect(row.worse).toBe(false);
	});

	test('section 7 against a baseline without Get Issues: its rows, none worse', () => {
		const current = {
			siteHealth: {
				n8n: { issues: { requests: 20 } },
				heap: { issues: { share: 0.05 } },
				tool: { asShipped: { bytes: 9000 } },
				state: { rows: [{ label: 'Check Failed', bytes: 3000 }] },
			},
		};
		const rows = compareResults(current, {});
		expect(rows.map((r) => [r.section, r.baseline.value, r.worse])).toEqual([
			[7, undefined, false],
			[7, undefined, false],
			[7, undefined, false],
			[7, undefined, false],
			[7, undefined, false],
			[7, undefined, false],
		]);
		// the trigger watching a whole site: three rows more, "—" for a baseline without trigger version 2
		const rolling = structuredClone(current);
		rolling.siteHealth.rolling = { requestsPerPoll: 10, pollsPerRound: 13, stateBytes: 89049 };
		const withRolling = compareResults(rolling, current);
		expect(withRolling.filter((r) => r.label.includes('whole site'))).toHaveLength(3);
		expect(withRolling.every((r) => !r.worse)).toBe(true);
		const more = structuredClone(current);
		more.siteHealth.heap.issues.share = 0.2;
		expect(
			compareResults(more, current)
				.filter((r) => r.worse)
				.map((r) => r.label),
		).toEqual(['site health, Get Issues in-process: live heap peak ÷ bytes received']);
	});

	test("section 7: Get Issues' node time and peak live heap, each package at its default version (issue 45: the site summary)", () => {
		const health = (typeVersion, { ms, msRange, peakLive }) => ({
			siteHealth: {
				n8n: { typeVersion, issues: { requests: 100, ms, msRange } },
				heap: { issues: { share: peakLive / 36e6, peakLive } },
				tool: { asShipped: { bytes: 9000 } },
				state: { rows: [] },
			},
		});
		const baseline = health(1.1, { ms: 1800, msRange: [1700, 1900], peakLive: 2.9e6 });
		const row = (current, what) =>
			compareResults(current, baseline).find((r) => r.label.endsWith(what));
		const same = health(1.2, { ms: 1850, msRange: [1800, 1900], peakLive: 3.0e6 });
		expect(row(same, 'node time')).toMatchObject({
			label:
				'site health, Get Issues (version 1.2 here, 1.1 in the baseline) in real n8n: node time',
			kind: 'time',
			worse: false,
		});
		expect(row(same, 'node time').spread).toBeCloseTo(200 / 1800);
		expect(row(same, 'peak live heap')).toMatchObject({
			label:
				'site health, Get Issues (version 1.2 here, 1.1 in the baseline) in-process: peak live heap',
			kind: 'memory',
			worse: false,
		});
		// slower beyond the runs' own spread, a heap 20 % larger: both worse
		const worse = health(1.2, { ms: 2300, msRange: [2250, 2350], peakLive: 3.5e6 });
		expect([row(worse, 'node time').worse, row(worse, 'peak live heap').worse]).toEqual([
			true,
			true,
		]);
	});

	test("section 8: Audit Site's requests and issue 38's whole site, each package at its default version", () => {
		const siteAudit = (typeVersion, f) => ({
			requests: [{ pages: 300, withReports: 150, phpRank: 304 }],
			fresh: {
				pages: 1000,
				maxPages: 100,
				typeVersion,
				requests: { total: 10 },
				ms: f.ms,
				msRange: f.msRange,
				peakLive: f.peakLive,
			},
			planLimit: {
				pages: 300,
				allowed: 150,
				typeVersion,
				requests: { creates: f.creates, refused: f.refused },
			},
		});
		const current = {
			siteAudit: siteAudit(1.1, {
				ms: 450,
				msRange: [400, 500],
				peakLive: 2_400_000,
				creates: 155,
				refused: 5,
			}),
		};
		const before = {
			siteAudit: siteAudit(1, {
				ms: 480,
				msRange: [420, 540],
				peakLive: 2_100_000,
				creates: 200,
				refused: 50,
			}),
		};
		const rows = compareResults(current, before);
		const fresh =
			'Audit Site, 1,000 pages all within Max Age, Max Pages 100 (version 1.1 here, 1 in the baseline)';
		const limit =
			"Audit Site meets the plan's limit, 300 pages, 150 reports more allowed (version 1.1 here, 1 in the baseline)";
		expect(
			rows.map((r) => [r.section, r.label, r.kind, r.current.value, r.baseline.value, r.worse]),
		).toEqual([
			[
				8,
				'Audit Site, 300 pages, 150 with a report: requests to phpRank',
				'requests',
				304,
				304,
				false,
			],
			[8, `${fresh}: requests to phpRank`, 'requests', 10, 10, false],
			[8, `${fresh}: time`, 'time', 450, 480, false],
			// the whole site held (1,000 pages, not the first 100): a cost by design within 1.5x
			[8, `${fresh}: peak live heap`, 'memory', 2_400_000, 2_100_000, false],
			[8, `${limit}: Creates sent`, 'requests', 155, 200, false],
			[8, `${limit}: Creates refused`, 'count', 5, 50, false],
		]);
		expect(rows[3].byDesign).toMatch(/^issue 38: version 1.1 keeps every listed page/);
		// above its bound it is worse as any row
		const heavier = compareResults(
			{
				siteAudit: siteAudit(1.1, {
					ms: 450,
					msRange: [400, 500],
					peakLive: 3_200_000,
					creates: 155,
					refused: 5,
				}),
			},
			before,
		);
		expect([heavier[3].worse, heavier[3].byDesign]).toEqual([true, undefined]);
		// the time's tolerance: the larger of the two packages' spreads
		expect(rows[2].spread).toBeCloseTo(120 / 480);
		// a baseline from before Audit Site: the rows, its column empty, none worse
		const alone = compareResults(current, {});
		expect(alone.map((r) => [r.baseline.value, r.worse])).toEqual(
			Array.from({ length: 6 }, () => [undefined, false]),
		);
		expect(alone[1].label).toBe(
			'Audit Site, 1,000 pages all within Max Age, Max Pages 100 (version 1.1 here): requests to phpRank',
		);
	});

	test("section 9: the URL filters' time per URL; a pattern the baseline refused or was stopped on has no figure there, one this package refuses is worse", () => {
		const cases = (figures) => ({
			urlFilters: {
				limitMs: 10_000,
				cases: Object.fromEntries(
					Object.entries(figures).map(([key, x]) => [
						key,
						{ key, field: `/${key}/`, sitemap: key === 'text', ...x },
					]),
				),
			},
		});
		const current = cases({
			slow: { ms: 0.2, msRange: [0.19, 0.22] },
			nested: { ms: 0.3, msRange: [0.3, 0.31] },
			text: { ms: 0.0004, msRange: [0.0004, 0.0004] },
			lookahead: { refused: 'Exclude URLs Containing /x(?=y)/ uses a lookahead' },
		});
		const before = cases({
			slow: { overLimitMs: 10_000 },
			nested: { refused: 'Exclude URLs Containing … could take hours' },
			// 80 times faster: beyond the 40 times issue 44 accepts for a linear engine (bench/lib/compare.js COSTS_BY_DESIGN)
			text: { ms: 0.000005, msRange: [0.000005, 0.000005] },
			lookahead: { ms: 0.001, msRange: [0.001, 0.001] },
		});
		expect(
			compareResults(current, before).map((r) => [
				r.section,
				r.label,
				r.unit,
				r.current.value,
				r.baseline.value,
				r.worse,
			]),
		).toEqual([
			[
				9,
				'URL filter /slow/, a 2,048-character worst case: time per URL',
				'µs',
				200,
				undefined,
				false,
			],
			[
				9,
				'URL filter /nested/, a 2,048-character worst case: time per URL',
				'µs',
				300,
				undefined,
				false,
			],
			[9, 'URL filter /text/, 1,000 sitemap URLs: time per URL', 'µs', 0.4, 0.005, true],
			[
				9,
				'URL filter /lookahead/, a 2,048-character worst case: time per URL',
				'µs',
				undefined,
				1,
				true,
			],
		]);
		// twice JavaScript's own time is within the bound: a cost by design, named
		const within = compareResults(
			cases({ text: { ms: 0.0004, msRange: [0.0004, 0.0004] } }),
			cases({ text: { ms: 0.0002, msRange: [0.0002, 0.0002] } }),
		);
		expect(within.map((r) => [r.worse, r.byDesign?.slice(0, 9)])).toEqual([[false, 'issue 44:']]);
	});

	test('sections one package did not run are left out', () => {
		const partial = { package: baseline.package };
		expect(compareResults(partial, baseline).map((r) => r.section)).toEqual([4, 4, 4]);
	});
});

describe('costs by design: a row an issue chose to make higher, within the bound it set', () => {
	/** Create or Re-Run's request rows of a results object. */
	const createOrRerun = (counts) => ({
		createOrRerunRequests: {
			rows: Object.entries(counts).map(([label, requests]) => ({ label, requests })),
		},
	});
	const NEW_PAGE = 'a page without a report';
	const THREE_PAGES = '10 items naming 3 pages, in different spellings';
	const WITH_A_REPORT = 'a page with a report';

	test('within its bound: shown as by design with its reason, not worse; the verdict names it', () => {
		const rows = compareResults(
			createOrRerun({ [NEW_PAGE]: 3, [THREE_PAGES]: 6, [WITH_A_REPORT]: 2 }),
			createOrRerun({ [NEW_PAGE]: 2, [THREE_PAGES]: 5, [WITH_A_REPORT]: 2 }),
		);
		expect(rows.map((r) => [r.label, r.ratio, r.worse, r.byDesign])).toEqual([
			[`Create or Re-Run, ${NEW_PAGE}: requests`, 1.5, false, COSTS_BY_DESIGN[0].why],
			[`Create or Re-Run, ${THREE_PAGES}: requests`, 1.2, false, COSTS_BY_DESIGN[1].why],
			[`Create or Re-Run, ${WITH_A_REPORT}: requests`, 1, false, undefined],
		]);
		expect(verdictLine(rows, '871e8bb')).toBe(
			`no row worse than 871e8bb (3 rows compared, 2 higher by design within their bound: Create or Re-Run, ${NEW_PAGE}: requests (1.50×); Create or Re-Run, ${THREE_PAGES}: requests (1.20×))`,
		);
	});

	test('above its bound, or a row with no designed cost: worse as any row', () => {
		const rows = compareResults(
			createOrRerun({ [NEW_PAGE]: 4, [WITH_A_REPORT]: 3 }),
			createOrRerun({ [NEW_PAGE]: 2, [WITH_A_REPORT]: 2 }),
		);
		expect(rows.map((r) => [r.ratio, r.worse, r.byDesign])).toEqual([
			[2, true, undefined],
			[1.5, true, undefined],
		]);
		expect(verdictLine(rows, '871e8bb')).toMatch(/^⚠ 2 rows worse than 871e8bb: /);
	});
});

describe('alternation of two packages', () => {
	test('step by step, the order reversed every other step (A B, B A, A B)', () => {
		expect(alternation([3, 3])).toEqual([
			[0, 0],
			[1, 0],
			[1, 1],
			[0, 1],
			[0, 2],
			[1, 2],
		]);
		expect(alternation([1, 2])).toEqual([
			[0, 0],
			[1, 0],
			[1, 1],
		]);
	});

	test('runAlternating runs every step once, closes every plan, and returns each result', async () => {
		const seen = [];
		const plan = (name, closed) => ({
			steps: [0, 1].map((i) => async () => seen.push(`${name}${i}`)),
			finish: () => `${name} done`,
			close: async () => closed.push(name),
		});
		const closed = [];
		await expect(runAlternating([plan('a', closed), plan('b', closed)])).resolves.toEqual([
			'a done',
			'b done',
		]);
		expect(seen).toEqual(['a0', 'b0', 'b1', 'a1']);
		expect(closed).toEqual(['a', 'b']);
	});
});
