// Report → delete (nodes/PhpRank/resources/report/delete.ts): this operation's own tests. What all
// operations share (errors, Simplify, examples, agents) is tested in test/node/ and test/reliability/.
// Report operations through n8n-core's engine against the sandbox: exact requests, exact items.
const { useSeededFixture, REPORTS_SEED, apiGet, byId, del } = require('../../node/fixture');

const fixture = useSeededFixture(REPORTS_SEED);

describe('Report: Delete', () => {
	test('sends DELETE /reports/{id} and outputs {id, deleted}', async () => {
		const { items } = await fixture.run({
			resource: 'report',
			operation: 'delete',
			reportId: byId(3),
		});
		expect(fixture.takeRequests()).toEqual([del('/api/v1/reports/3')]);
		expect(items.map((item) => item.json)).toEqual([{ id: 3, deleted: true }]);
		expect((await apiGet(fixture.sandbox, '/reports?per_page=10')).data.map((r) => r.id)).toEqual([
			2, 1,
		]);
	});
});
