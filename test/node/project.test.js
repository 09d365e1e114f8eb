// Project operations: Get Many with its filters and paging, Delete with the name encoded as one
// path segment (and the reports of the project gone with it).
const { useFixture, get, apiGet, fromList, del, byName } = require('./fixture');

const fixture = useFixture();

function seedProjects() {
	fixture.sandbox.reset([
		{ url: 'https://alpha.test/', score: 90 },
		{ url: 'https://alpha.test/a', score: 70 },
		{ url: 'https://beta.test/', score: 40 },
		{ url: 'https://gamma.test/x', score: 80 },
	]);
}

describe('Project: Get Many', () => {
	beforeEach(seedProjects);

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

describe('Project: Delete', () => {
	beforeEach(seedProjects);

	test('deletes the project and its reports; outputs {id, deleted}', async () => {
		const { items } = await fixture.run({
			resource: 'project',
			operation: 'delete',
			project: fromList('alpha.test'),
		});
		expect(fixture.takeRequests()).toEqual([del('/api/v1/projects/alpha.test')]);
		expect(items.map((item) => item.json)).toEqual([{ id: 'alpha.test', deleted: true }]);
		const remaining = (await apiGet(fixture.sandbox, '/reports?per_page=100')).data.map(
			(r) => r.project,
		);
		expect(remaining).toEqual(['gamma.test', 'beta.test']);
	});

	test.each([
		['a/b', '/api/v1/projects/a%2Fb'],
		['q?x=1#y', '/api/v1/projects/q%3Fx%3D1%23y'],
		['100% sure', '/api/v1/projects/100%25%20sure'],
		['../reports', '/api/v1/projects/..%2Freports'],
		['bücher.de', '/api/v1/projects/b%C3%BCcher.de'],
	])('the name %p is one encoded path segment (404: no such project)', async (name, path) => {
		const { items, error } = await fixture.run({
			resource: 'project',
			operation: 'delete',
			project: byName(name),
		});
		expect(fixture.takeRequests()).toEqual([del(path)]);
		expect(items).toEqual([]);
		expect(error.message).toBe(
			`Project "${name}" not found: check the Project name (it may have been deleted)`,
		);
		expect((await apiGet(fixture.sandbox, '/reports?per_page=100')).data).toHaveLength(4);
	});

	test.each([
		['..', 'Project cannot be "..": name a project, like example.com'],
		['.', 'Project cannot be ".": name a project, like example.com'],
	])('refuses %p before any request', async (name, message) => {
		const { error } = await fixture.run({
			resource: 'project',
			operation: 'delete',
			project: byName(name),
		});
		expect(fixture.takeRequests()).toEqual([]);
		expect(error.message).toBe(message);
		expect(error.description).toBe('Check the "Project" field of this node.');
	});
});
