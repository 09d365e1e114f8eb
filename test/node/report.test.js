// Report operations through n8n-core's engine against the sandbox: exact requests, exact items.
const { useFixture, get, apiGet, byId, fromList, del, form, byName } = require('./fixture');

const fixture = useFixture();

beforeEach(() => {
	fixture.sandbox.reset([
		{ url: 'https://example.com/', score: 91 },
		{ url: 'https://example.com/about', score: 64 },
		{ url: 'https://shop.test/cart', score: 30 },
	]);
});

describe('Report: Get', () => {
	test.each([
		['By ID', byId(2)],
		['From List', fromList(2)],
	])('%s sends GET /reports/{id} and outputs the report', async (_mode, reportId) => {
		const expected = (await apiGet(fixture.sandbox, '/reports/2')).data;
		const { items, error } = await fixture.run({
			resource: 'report',
			operation: 'get',
			reportId,
			simplify: false,
		});
		expect(error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([get('/api/v1/reports/2')]);
		expect(items.map((item) => item.json)).toEqual([expected]);
		expect(expected).toMatchObject({ id: 2, url: 'example.com/about', project: 'example.com' });
	});

	test('an ID from an expression is resolved per input item', async () => {
		const one = (await apiGet(fixture.sandbox, '/reports/1')).data;
		const three = (await apiGet(fixture.sandbox, '/reports/3')).data;
		const { items } = await fixture.run(
			{
				resource: 'report',
				operation: 'get',
				reportId: byId('={{ $json.reportId }}'),
				simplify: false,
			},
			{ items: [{ reportId: 3 }, { reportId: 1 }] },
		);
		expect(
			fixture
				.takeRequests()
				.map((r) => r.path)
				.sort(),
		).toEqual(['/api/v1/reports/1', '/api/v1/reports/3']);
		expect(items.map((item) => item.json)).toEqual([three, one]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});

describe('Report: Create', () => {
	test('sends the URL and privacy Private by default, as a form', async () => {
		const { items, error } = await fixture.run({
			resource: 'report',
			operation: 'create',
			url: 'https://example.com/contact',
			simplify: false,
		});
		expect(error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([
			form('POST', '/api/v1/reports', 'url=https%3A%2F%2Fexample.com%2Fcontact&privacy=1'),
		]);
		const stored = (await apiGet(fixture.sandbox, '/reports/4')).data;
		expect(items.map((item) => item.json)).toEqual([stored]);
		expect(stored).toMatchObject({
			id: 4,
			url: 'example.com/contact',
			privacy: 1,
			password: false,
		});
	});

	test('Public sends privacy 0 and no password', async () => {
		await fixture.run({
			resource: 'report',
			operation: 'create',
			url: 'https://example.com/public',
			privacy: 0,
			password: 'left-over-secret',
		});
		expect(fixture.takeRequests()).toEqual([
			form('POST', '/api/v1/reports', 'url=https%3A%2F%2Fexample.com%2Fpublic&privacy=0'),
		]);
	});

	test('Private does not send a password left in the parameters', async () => {
		await fixture.run({
			resource: 'report',
			operation: 'create',
			url: 'https://example.com/private',
			privacy: 1,
			password: 'left-over-secret',
		});
		expect(fixture.takeRequests()[0].body).toBe(
			'url=https%3A%2F%2Fexample.com%2Fprivate&privacy=1',
		);
	});

	test('Password sends privacy 2 and the password', async () => {
		const { items } = await fixture.run({
			resource: 'report',
			operation: 'create',
			url: 'https://example.com/members',
			privacy: 2,
			password: 'open sesame&more',
			simplify: false,
		});
		expect(fixture.takeRequests()).toEqual([
			form(
				'POST',
				'/api/v1/reports',
				'url=https%3A%2F%2Fexample.com%2Fmembers&privacy=2&password=open+sesame%26more',
			),
		]);
		expect(items[0].json).toMatchObject({ privacy: 2, password: true });
		expect(JSON.stringify(items)).not.toContain('open sesame');
	});

	test('one request per input item, each with its own URL', async () => {
		const { items } = await fixture.run(
			{ resource: 'report', operation: 'create', url: '={{ $json.page }}' },
			{ items: [{ page: 'https://a.test/1' }, { page: 'https://b.test/2' }] },
		);
		expect(
			fixture
				.takeRequests()
				.map((r) => r.body)
				.sort(),
		).toEqual(['url=https%3A%2F%2Fa.test%2F1&privacy=1', 'url=https%3A%2F%2Fb.test%2F2&privacy=1']);
		expect(items.map((item) => item.json.url)).toEqual(['a.test/1', 'b.test/2']);
	});
});

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

describe('Report: Get Many', () => {
	const getMany = (extra) => ({ resource: 'report', operation: 'getAll', ...extra });

	test('defaults: limit 50 is one request of per_page 50; items are the reports', async () => {
		const expected = (await apiGet(fixture.sandbox, '/reports?per_page=50')).data;
		const { items } = await fixture.run(getMany({ simplify: false }));
		expect(fixture.takeRequests()).toEqual([get('/api/v1/reports', { per_page: '50', page: '1' })]);
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
