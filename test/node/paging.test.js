// Get Many's page planning against lists of many sizes: the fewest requests, filters on every
// page, exactly min(limit, total) items in the server's order.
const { useFixture, get, apiGet, byName } = require('./fixture');

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
