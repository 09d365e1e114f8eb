// Project → delete (nodes/PhpRank/resources/project/delete.ts): this operation's own tests. What all
// operations share (errors, Simplify, examples, agents) is tested in test/node/ and test/reliability/.
// Project operations: Get Many with its filters and paging, Delete with the name encoded as one
// path segment (and the reports of the project gone with it).
const {
	useSeededFixture,
	PROJECTS_SEED,
	apiGet,
	fromList,
	del,
	byName,
} = require('../../node/fixture');

const fixture = useSeededFixture(PROJECTS_SEED);

describe('Project: Delete', () => {
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
