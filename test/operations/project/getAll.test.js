// Project → getAll (nodes/PhpRank/resources/project/getAll.ts): this operation's own tests. What all
// operations share (errors, Simplify, examples, agents) is tested in test/node/ and test/reliability/.
describe("through n8n-core's engine against the sandbox: exact requests, exact items", () => {
	// Project operations: Get Many with its filters and paging, Delete with the name encoded as one
	// path segment (and the reports of the project gone with it).
	const { useSeededFixture, PROJECTS_SEED, get, apiGet } = require('../../node/fixture');

	const fixture = useSeededFixture(PROJECTS_SEED);

	describe('Project: Get Many', () => {
		test('defaults: one request of per_page 50; items are the projects', async () => {
			const expected = (await apiGet(fixture.sandbox, '/projects?per_page=50')).data;
			const { items } = await fixture.run({ resource: 'project', operation: 'getAll' });
			expect(fixture.takeRequests()).toEqual([
				get('/api/v1/projects', { per_page: '50', page: '1' }),
			]);
			// Each project gains its average score (sum / reports) and that average's label.
			const averages = {
				'gamma.test': [80, 'good'],
				'beta.test': [40, 'bad'],
				'alpha.test': [80, 'good'],
			};
			expect(items.map((item) => item.json)).toEqual(
				expected.map((p) => ({
					...p,
					average_score: averages[p.project][0],
					label: averages[p.project][1],
				})),
			);
			expect(expected.map((p) => [p.project, p.reports])).toEqual([
				['gamma.test', 1],
				['beta.test', 1],
				['alpha.test', 2],
			]);
		});

		test('search and sort are sent', async () => {
			const { items } = await fixture.run({
				resource: 'project',
				operation: 'getAll',
				limit: 2,
				filters: { search: 'a.test' },
				sorting: { sortBy: 'project', sort: 'asc' },
			});
			expect(fixture.takeRequests()).toEqual([
				get('/api/v1/projects', {
					search_by: 'project',
					search: 'a.test',
					sort_by: 'project',
					sort: 'asc',
					per_page: '10',
					page: '1',
				}),
			]);
			expect(items.map((item) => item.json.project)).toEqual(['alpha.test', 'beta.test']);
		});

		test('Return All pages through more than 100 projects', async () => {
			fixture.sandbox.reset(
				Array.from({ length: 230 }, (_, i) => ({ url: `https://site${i}.test/` })),
			);
			const { items } = await fixture.run({
				resource: 'project',
				operation: 'getAll',
				returnAll: true,
			});
			expect(fixture.takeRequests()).toEqual(
				[1, 2, 3].map((page) => get('/api/v1/projects', { per_page: '100', page: String(page) })),
			);
			expect(new Set(items.map((item) => item.json.project)).size).toBe(230);
		});
	});
});

describe('output options through the node', () => {
	// Readable output through n8n-core's engine against the sandbox: Simplify on report operations,
	// the average of Project Get Many, and Update's before/after comparison of a re-run.
	const { useFixture, get, apiGet } = require('../../node/fixture');
	const { OUTPUT_SEED, REPORT_2 } = require('../../node/output-fixture');

	const fixture = useFixture();

	beforeEach(() => {
		fixture.sandbox.reset(OUTPUT_SEED);
	});

	describe('Project Get Many: average score and label', () => {
		test('the decimal-string sum divided by the report count, one decimal, with its label', async () => {
			fixture.sandbox.reset([
				{ url: 'https://alpha.test/', score: 90 },
				{ url: 'https://alpha.test/a', score: 71 },
				{ url: 'https://alpha.test/b', score: 70 },
				{ url: 'https://beta.test/', score: 40 },
			]);
			const raw = (await apiGet(fixture.sandbox, '/projects?per_page=50')).data;
			expect(raw.map((p) => [p.project, p.reports, p.result])).toEqual([
				['beta.test', 1, '40.00'],
				['alpha.test', 3, '231.00'],
			]);
			const { items } = await fixture.run({ resource: 'project', operation: 'getAll' });
			expect(items.map((item) => item.json)).toEqual([
				{ ...raw[0], average_score: 40, label: 'bad' },
				{ ...raw[1], average_score: 77, label: 'decent' },
			]);
		});
	});
});
