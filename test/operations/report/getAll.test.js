// Report → getAll (nodes/PhpRank/resources/report/getAll.ts): this operation's own tests. What all
// operations share (errors, Simplify, examples, agents) is tested in test/node/ and test/reliability/.
describe("through n8n-core's engine against the sandbox: exact requests, exact items", () => {
	// Report operations through n8n-core's engine against the sandbox: exact requests, exact items.
	const {
		useSeededFixture,
		REPORTS_SEED,
		get,
		apiGet,
		fromList,
		byName,
	} = require('../../node/fixture');

	const fixture = useSeededFixture(REPORTS_SEED);

	describe('Report: Get Many', () => {
		const getMany = (extra) => ({ resource: 'report', operation: 'getAll', ...extra });

		test('defaults: limit 50 is one request of per_page 50; items are the reports', async () => {
			const expected = (await apiGet(fixture.sandbox, '/reports?per_page=50')).data;
			const { items } = await fixture.run(getMany({ simplify: false }));
			expect(fixture.takeRequests()).toEqual([
				get('/api/v1/reports', { per_page: '50', page: '1' }),
			]);
			expect(items.map((item) => item.json)).toEqual(expected);
			expect(expected.map((r) => r.id)).toEqual([3, 2, 1]);
		});

		test('every filter and sort is sent', async () => {
			const { items } = await fixture.run(
				getMany({
					limit: 5,
					filters: { search: 'about', project: fromList('example.com'), result: 'decent' },
					sorting: { sortBy: 'url', sort: 'asc' },
				}),
			);
			expect(fixture.takeRequests()).toEqual([
				get('/api/v1/reports', {
					project: 'example.com',
					result: 'decent',
					search_by: 'url',
					search: 'about',
					sort_by: 'url',
					sort: 'asc',
					per_page: '10',
					page: '1',
				}),
			]);
			expect(items.map((item) => item.json.id)).toEqual([2]);
		});

		test('a project typed by name and the Date Generated sort key are sent as given', async () => {
			await fixture.run(
				getMany({
					returnAll: true,
					filters: { project: byName('shop.test') },
					sorting: { sortBy: 'generated_at' },
				}),
			);
			expect(fixture.takeRequests()).toEqual([
				get('/api/v1/reports', {
					project: 'shop.test',
					sort_by: 'generated_at',
					per_page: '100',
					page: '1',
				}),
			]);
		});
	});
});

describe('page planning against lists of many sizes', () => {
	// Get Many's page planning against lists of many sizes: the fewest requests, filters on every
	// page, exactly min(limit, total) items in the server's order.
	const { useFixture, get, apiGet, byName } = require('../../node/fixture');

	const fixture = useFixture();

	/** The ids the API lists for a query, read page by page straight from the sandbox. */
	async function allIds(query) {
		const ids = [];
		for (let page = 1; ; page++) {
			const body = await apiGet(fixture.sandbox, `/reports?per_page=100&page=${page}${query}`);
			ids.push(...body.data.map((report) => report.id));
			if (page >= body.meta.last_page) return ids;
		}
	}

	function pageRequests(count, perPage, query = {}) {
		return Array.from({ length: count }, (_, index) =>
			get('/api/v1/reports', { ...query, per_page: String(perPage), page: String(index + 1) }),
		);
	}

	describe('Return All', () => {
		test.each([
			[0, 1],
			[1, 1],
			[100, 1],
			[101, 2],
			[1000, 10],
		])(
			'over %i reports takes %i request(s) of 100 and returns every report once',
			async (total, requests) => {
				fixture.sandbox.reset({ reports: total });
				const expectedIds = total === 0 ? [] : await allIds('');
				const { items, error } = await fixture.run({
					resource: 'report',
					operation: 'getAll',
					returnAll: true,
				});
				expect(error).toBeUndefined();
				expect(fixture.takeRequests()).toEqual(pageRequests(requests, 100));
				expect(items.map((item) => item.json.id)).toEqual(expectedIds);
				expect(items).toHaveLength(total);
			},
		);

		test('with Simplify off, items are the full report objects the API sends', async () => {
			fixture.sandbox.reset({ reports: 3 });
			const expected = (await apiGet(fixture.sandbox, '/reports?per_page=100')).data;
			const { items } = await fixture.run({
				resource: 'report',
				operation: 'getAll',
				returnAll: true,
				simplify: false,
			});
			expect(items.map((item) => item.json)).toEqual(expected);
		});
	});

	describe('Limit', () => {
		beforeAll(() => fixture.sandbox.reset({ reports: 300 }));

		test.each([
			[1, 1, 10],
			[10, 1, 10],
			[11, 1, 25],
			[25, 1, 25],
			[60, 1, 100],
			[100, 1, 100],
			[101, 2, 100],
			[250, 3, 100],
			[1000, 3, 100],
		])('limit %i takes %i request(s) of per_page %i', async (limit, requests, perPage) => {
			const expectedIds = (await allIds('')).slice(0, limit);
			const { items } = await fixture.run({ resource: 'report', operation: 'getAll', limit });
			expect(fixture.takeRequests()).toEqual(pageRequests(requests, perPage));
			expect(items.map((item) => item.json.id)).toEqual(expectedIds);
			expect(items).toHaveLength(Math.min(limit, 300));
		});
	});

	describe('filters across pages', () => {
		test('Return All keeps every filter and sort on every page', async () => {
			fixture.sandbox.reset({ reports: 1000 });
			const project = (await apiGet(fixture.sandbox, '/projects?per_page=100')).data
				.map((entry) => ({ name: entry.project, reports: entry.reports }))
				.sort((a, b) => b.reports - a.reports)[0].name;
			const query = {
				project,
				search_by: 'url',
				search: project.slice(0, 3),
				sort_by: 'url',
				sort: 'asc',
			};
			const expectedIds = await allIds(
				`&project=${encodeURIComponent(project)}&search_by=url&search=${encodeURIComponent(query.search)}&sort_by=url&sort=asc`,
			);
			expect(expectedIds.length).toBeGreaterThan(100);

			const { items } = await fixture.run({
				resource: 'report',
				operation: 'getAll',
				returnAll: true,
				filters: { project: byName(project), search: query.search },
				sorting: { sortBy: 'url', sort: 'asc' },
			});
			expect(fixture.takeRequests()).toEqual(
				pageRequests(Math.ceil(expectedIds.length / 100), 100, query),
			);
			expect(items.map((item) => item.json.id)).toEqual(expectedIds);
		});

		test('a result filter pages with the limit', async () => {
			fixture.sandbox.reset({ reports: 400 });
			const expectedIds = (await allIds('&result=bad')).slice(0, 150);
			expect(expectedIds).toHaveLength(150);
			const { items } = await fixture.run({
				resource: 'report',
				operation: 'getAll',
				limit: 150,
				filters: { result: 'bad' },
			});
			expect(fixture.takeRequests()).toEqual(pageRequests(2, 100, { result: 'bad' }));
			expect(items.map((item) => item.json.id)).toEqual(expectedIds);
		});
	});
});
