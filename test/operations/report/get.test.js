// Report → get (nodes/PhpRank/resources/report/get.ts): this operation's own tests. What all
// operations share (errors, Simplify, examples, agents) is tested in test/node/ and test/reliability/.
// Report operations through n8n-core's engine against the sandbox: exact requests, exact items.
const {
	useSeededFixture,
	REPORTS_SEED,
	get,
	apiGet,
	byId,
	fromList,
} = require('../../node/fixture');

const { countGetFunctions, GET_FUNCTIONS } = require('../../helpers/get-functions');

const fixture = useSeededFixture(REPORTS_SEED);

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

	test.each([
		['off', GET_FUNCTIONS.simplifyOff, false],
		['on', GET_FUNCTIONS.simplifyOn, true],
	])(
		'a Get by ID with Simplify %s runs %i distinct functions of the package',
		async (mode, expected, simplify) => {
			// V8's precise coverage of dist/ over a second Get in a fresh process (test/helpers/get-functions.js)
			const { functions, names } = await countGetFunctions({ simplify });
			// measured: the Get went through the routing, the retry loop and the bounded read
			expect(names).toEqual(
				expect.arrayContaining([
					'nodes/PhpRank/transport/index.js:pagination',
					'nodes/PhpRank/transport/pipeline.js:send',
					'nodes/PhpRank/transport/responseBody.js:readResponseBody',
				]),
			);
			if (functions !== expected) {
				throw new Error(
					`a Get (Simplify ${mode}) runs ${functions} functions of the package, not ${expected}: set GET_FUNCTIONS (test/helpers/get-functions.js) and docs/internals.md, "A Get of a report", to what it runs:\n${names.join('\n')}`,
				);
			}
		},
		60_000,
	);
});
