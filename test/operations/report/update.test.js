// Report → update (nodes/PhpRank/resources/report/update.ts): this operation's own tests. What all
// operations share (errors, Simplify, examples, agents) is tested in test/node/ and test/reliability/.
describe("through n8n-core's engine against the sandbox: exact requests, exact items", () => {
	// Report operations through n8n-core's engine against the sandbox: exact requests, exact items.
	const { useSeededFixture, REPORTS_SEED, get, apiGet, byId, form } = require('../../node/fixture');

	const fixture = useSeededFixture(REPORTS_SEED);

	describe('Report: Update', () => {
		const update = (extra) => ({
			resource: 'report',
			operation: 'update',
			reportId: byId(2),
			simplify: false,
			...extra,
		});

		test('with nothing changed sends only results=0 and outputs the report', async () => {
			const before = (await apiGet(fixture.sandbox, '/reports/2')).data;
			const { items } = await fixture.run(update({}));
			expect(fixture.takeRequests()).toEqual([form('PATCH', '/api/v1/reports/2', 'results=0')]);
			expect(items.map((item) => item.json)).toEqual([
				(await apiGet(fixture.sandbox, '/reports/2')).data,
			]);
			expect(items[0].json.generated_at).toBe(before.generated_at);
		});

		test('privacy Public sends privacy=0 and no password', async () => {
			const { items } = await fixture.run(update({ privacy: 0, password: 'left-over' }));
			expect(fixture.takeRequests()).toEqual([
				form('PATCH', '/api/v1/reports/2', 'privacy=0&results=0'),
			]);
			expect(items[0].json.privacy).toBe(0);
		});

		test('privacy Password sends the password', async () => {
			const { items } = await fixture.run(update({ privacy: 2, password: 'hunter2' }));
			expect(fixture.takeRequests()).toEqual([
				form('PATCH', '/api/v1/reports/2', 'privacy=2&password=hunter2&results=0'),
			]);
			expect(items[0].json).toMatchObject({ privacy: 2, password: true });
		});

		test('Re-Run Analysis sends results=1 and outputs the new analysis', async () => {
			const before = (await apiGet(fixture.sandbox, '/reports/2')).data;
			const { items } = await fixture.run(update({ rerunAnalysis: true }));
			expect(fixture.takeRequests()).toEqual([form('PATCH', '/api/v1/reports/2', 'results=1')]);
			const after = (await apiGet(fixture.sandbox, '/reports/2')).data;
			expect(items.map((item) => item.json)).toEqual([after]);
			expect(after.generated_at).not.toBe(before.generated_at);
		});
	});
});

describe('output options through the node', () => {
	// Readable output through n8n-core's engine against the sandbox: Simplify on report operations,
	// the average of Project Get Many, and Update's before/after comparison of a re-run.
	const { useFixture, get, apiGet, byId, form } = require('../../node/fixture');
	const { OUTPUT_SEED, REPORT_2 } = require('../../node/output-fixture');
	const { simplifyReport } = require('../../helpers/built').simplify;

	const fixture = useFixture();

	beforeEach(() => {
		fixture.sandbox.reset(OUTPUT_SEED);
	});

	describe('Update: Re-Run Analysis with Output Changes', () => {
		const rerun = (extra) => ({
			resource: 'report',
			operation: 'update',
			reportId: byId(3),
			rerunAnalysis: true,
			...extra,
		});

		test('reads the report, re-runs it, and outputs the report with what changed', async () => {
			const before = (await apiGet(fixture.sandbox, '/reports/3')).data;
			const { items, error } = await fixture.run(rerun({ outputChanges: true }));
			expect(error).toBeUndefined();
			expect(fixture.takeRequests()).toEqual([
				get('/api/v1/reports/3'),
				form('PATCH', '/api/v1/reports/3', 'results=1'),
			]);
			const after = (await apiGet(fixture.sandbox, '/reports/3')).data;
			// The oracle, from the raw reports: which checks flipped.
			const flipped = (from, to) =>
				Object.keys(after.results).filter(
					(n) => before.results[n].passed === from && after.results[n].passed === to,
				);
			expect(flipped(true, false)).toEqual(['dom_size']);
			expect(flipped(false, true)).toEqual([
				'text_compression',
				'structured_data',
				'text_html_ratio',
			]);

			expect(items.map((item) => item.json)).toEqual([
				{
					...simplifyReport(after),
					changes: {
						previous_score: 50,
						score: 58,
						score_change: 8,
						previous_label: 'decent',
						label: 'decent',
						label_changed: false,
						previous_generated_at: before.generated_at,
						generated_at: after.generated_at,
						regressions: [
							{
								check: 'dom_size',
								category: 'performance',
								importance: 'low',
								reason: 'dom_size: 1934 elements, max 1500',
							},
						],
						fixed: [
							{ check: 'text_compression', category: 'performance', importance: 'high' },
							{ check: 'structured_data', category: 'miscellaneous', importance: 'low' },
							{ check: 'text_html_ratio', category: 'miscellaneous', importance: 'low' },
						],
					},
				},
			]);
			expect(after.generated_at).not.toBe(before.generated_at);
		});

		test('with Simplify off the raw report carries `changes`', async () => {
			const { items } = await fixture.run(rerun({ outputChanges: true, simplify: false }));
			const after = (await apiGet(fixture.sandbox, '/reports/3')).data;
			const { changes, ...report } = items[0].json;
			expect(report).toEqual(after);
			expect(changes).toMatchObject({ previous_score: 50, score: 58, score_change: 8 });
		});

		test('without Output Changes: no read before, no `changes`', async () => {
			const { items } = await fixture.run(rerun({}));
			expect(fixture.takeRequests().map((r) => `${r.method} ${r.path}`)).toEqual([
				'PATCH /api/v1/reports/3',
			]);
			expect(Object.keys(items[0].json)).not.toContain('changes');
		});

		test('Output Changes only applies with Re-Run Analysis on', async () => {
			const { items } = await fixture.run(rerun({ rerunAnalysis: false, outputChanges: true }));
			expect(fixture.takeRequests().map((r) => `${r.method} ${r.path}`)).toEqual([
				'PATCH /api/v1/reports/3',
			]);
			expect(Object.keys(items[0].json)).not.toContain('changes');
		});

		test('the read before is for the same report in every item', async () => {
			const { items } = await fixture.run(
				{
					resource: 'report',
					operation: 'update',
					reportId: byId('={{ $json.id }}'),
					rerunAnalysis: true,
					outputChanges: true,
				},
				{ items: [{ id: 3 }, { id: 2 }] },
			);
			expect(items.map((item) => [item.json.id, item.json.changes.previous_score])).toEqual([
				[3, 50],
				[2, 64],
			]);
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		});
	});
});
