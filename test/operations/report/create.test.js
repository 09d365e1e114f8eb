// Report → create (nodes/PhpRank/resources/report/create.ts): this operation's own tests. What all
// operations share (errors, Simplify, examples, agents) is tested in test/node/ and test/reliability/.
// Report operations through n8n-core's engine against the sandbox: exact requests, exact items.
const { useSeededFixture, REPORTS_SEED, apiGet, form } = require('../../node/fixture');

const fixture = useSeededFixture(REPORTS_SEED);

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
