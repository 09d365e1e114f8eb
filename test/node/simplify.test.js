// Readable output through n8n-core's engine against the sandbox: Simplify on report operations,
// the average of Project Get Many, and Update's before/after comparison of a re-run.
const { useFixture, startFixture, get, apiGet, byId } = require('./fixture');
const { OUTPUT_SEED, REPORT_2 } = require('./output-fixture');
const { simplifyReport } = require('../helpers/built').simplify;

const fixture = useFixture();

beforeEach(() => {
	fixture.sandbox.reset(OUTPUT_SEED);
});

describe('Simplify (on by default)', () => {
	test('Get: the simplified report', async () => {
		const raw = (await apiGet(fixture.sandbox, '/reports/2')).data;
		const { items, error } = await fixture.run({
			resource: 'report',
			operation: 'get',
			reportId: byId(2),
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([REPORT_2]);
		// Every failed check of the raw report is listed, and nothing else.
		const failedRaw = Object.keys(raw.results)
			.filter((name) => raw.results[name].passed === false)
			.sort();
		const listed = Object.values(REPORT_2.failed_checks)
			.flat()
			.map((c) => c.check)
			.sort();
		expect(listed).toEqual(failedRaw);
	});

	test('Get Many: every item simplified, the requests unchanged', async () => {
		const raw = (await apiGet(fixture.sandbox, '/reports?per_page=10')).data;
		const { items } = await fixture.run({ resource: 'report', operation: 'getAll', limit: 10 });
		expect(fixture.takeRequests()).toEqual([get('/api/v1/reports', { per_page: '10', page: '1' })]);
		expect(items.map((item) => item.json)).toEqual(raw.map(simplifyReport));
		expect(items.map((item) => [item.json.id, item.json.score, item.json.label])).toEqual([
			[3, 50, 'decent'],
			[2, 64, 'decent'],
			[1, 91, 'good'],
		]);
		expect(items[1].json).toEqual(REPORT_2);
	});

	test('Create: the new report simplified', async () => {
		const { items } = await fixture.run({
			resource: 'report',
			operation: 'create',
			url: 'https://example.com/contact',
		});
		const stored = (await apiGet(fixture.sandbox, '/reports/4')).data;
		expect(items.map((item) => item.json)).toEqual([simplifyReport(stored)]);
		expect(items[0].json).toMatchObject({ id: 4, url: 'example.com/contact', privacy: 'private' });
	});

	test('Update: the updated report simplified', async () => {
		const { items } = await fixture.run({
			resource: 'report',
			operation: 'update',
			reportId: byId(2),
			privacy: 2,
			password: 'pw',
		});
		expect(items.map((item) => item.json)).toEqual([{ ...REPORT_2, privacy: 'password' }]);
	});

	test('Simplify off: the report exactly as phpRank sends it', async () => {
		const raw = (await apiGet(fixture.sandbox, '/reports/2')).data;
		const { items } = await fixture.run({
			resource: 'report',
			operation: 'get',
			reportId: byId(2),
			simplify: false,
		});
		expect(items.map((item) => item.json)).toEqual([raw]);
	});

	test('Delete is not simplified', async () => {
		const { items } = await fixture.run({
			resource: 'report',
			operation: 'delete',
			reportId: byId(2),
		});
		expect(items.map((item) => item.json)).toEqual([{ id: 2, deleted: true }]);
	});
});

describe('what the real server varies', () => {
	test.each([
		['score', 'newer builds: the score is under "score"', 64],
		['null', 'v1.1: result is null, the score is computed from the checks', null],
	])('resultField %s (%s)', async (resultField, _name, sent) => {
		const other = await startFixture({ resultField });
		try {
			other.sandbox.reset([{ url: 'http://example.com/about', score: 64 }]);
			const raw = (await apiGet(other.sandbox, '/reports/1')).data;
			if (resultField === 'score') expect([raw.score, 'result' in raw]).toEqual([64, false]);
			else expect([raw.result, 'score' in raw]).toEqual([null, false]);
			const { items } = await other.run({
				resource: 'report',
				operation: 'get',
				reportId: byId(1),
			});
			const points = { high: 10, medium: 5, low: 0 };
			const checks = Object.values(raw.results);
			const computed = Math.round(
				(checks.filter((c) => c.passed).reduce((sum, c) => sum + points[c.importance], 0) /
					checks.reduce((sum, c) => sum + points[c.importance], 0)) *
					100,
			);
			const score = sent ?? computed;
			expect(items[0].json).toEqual({
				...REPORT_2,
				id: 1,
				score,
				label: score > 79 ? 'good' : score < 49 ? 'bad' : 'decent',
				generated_at: raw.generated_at,
			});
		} finally {
			await other.sandbox.close();
		}
	});
});

test('checks named like the members of every object (constructor, toString, valueOf, __proto__) score and read right', async () => {
	// The report exactly as a server sends it (JSON text, so `__proto__` is an ordinary key).
	const body = `{"data":{"id":7,"url":"odd.test","project":"odd.test","result":null,"privacy":0,
		"generated_at":"2026-01-05T09:00:00.000000Z","created_at":"2026-01-05T09:00:00.000000Z",
		"results":{
		"constructor":{"passed":false,"importance":"high","value":null,"errors":{"toString":3}},
		"toString":{"passed":true,"importance":"constructor","value":1},
		"valueOf":{"passed":false,"importance":"medium","value":2,"errors":{"valueOf":["a"]}},
		"__proto__":{"passed":false,"importance":"low","value":1,"errors":{"__proto__":1}},
		"title":{"passed":true,"importance":"high","value":"x"}}}}`;
	fixture.sandbox.failNext({
		status: 200,
		headers: { 'Content-Type': 'application/json' },
		body,
		path: '/api/v1/reports/7',
	});
	const { items, error } = await fixture.run({
		resource: 'report',
		operation: 'get',
		reportId: byId(7),
	});
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json)).toEqual([
		{
			id: 7,
			url: 'odd.test',
			project: 'odd.test',
			// high 10 + medium 5 + low 0 + an unknown importance 0 + title's 10: 10 of 25 passed
			score: 40,
			label: 'bad',
			generated_at: '2026-01-05T09:00:00.000000Z',
			privacy: 'public',
			failed_checks: {
				seo: [],
				performance: [],
				security: [],
				miscellaneous: [
					{ check: 'constructor', importance: 'high', reason: 'constructor: toString: 3' },
					{ check: 'valueOf', importance: 'medium', reason: 'valueOf: valueOf: a' },
					{ check: '__proto__', importance: 'low', reason: '__proto__:   proto  : 1' },
				],
			},
		},
	]);
});
