// Report → createOrRerun (nodes/PhpRank/createOrRerun/createOrRerunOperation.ts): this operation's own tests, through
// n8n. Its rules with a scripted API (nodes/PhpRank/createOrRerun/): test/createOrRerun/rules.test.js. What all operations share
// (errors, Simplify, examples, agents) is tested in test/node/ and test/reliability/.
describe("through n8n-core's engine against the sandbox", () => {
	// Report → Create or Re-Run through n8n-core's engine against the sandbox: the exact lookup
	// (phpRank's search is a substring match), one write per page and run, Max Age, and a Create whose
	// answer was lost, made to happen for real with the sandbox's fault modes.
	const { useFixture, urlSearch, rerun, form, apiGet, CANCELED } = require('../../node/fixture');
	const { simplifyReport } = require('../../helpers/built').simplify;
	const { diffReports } = require('../../helpers/built').reportChanges;

	const HOUR_MS = 3_600_000;
	const MAY_EXIST =
		'phpRank may have created the report, but its answer was lost: look for it (Report → Get Many with Search URL) before creating it again';

	// The sandbox's clock at the real time, so Max Age compares against dates phpRank gave out now.
	// A seed list is dated one hour apart, the last entry one hour before the clock.
	const fixture = useFixture({ clock: Math.floor(Date.now() / 1000) * 1000 });
	beforeEach(() => fixture.sandbox.setFaults({}));

	const createOrRerun = (url, extra = {}) => ({
		resource: 'report',
		operation: 'createOrRerun',
		url,
		...extra,
	});

	/** The lookup request for a page (stored form), newest first, pages of 100. */
	const lookup = urlSearch;
	/** A site root's first read (createOrRerun/pageLookup.ts): its search in URL order. */
	const rootLookup = require('../../node/fixture').urlSearchInUrlOrder;
	const create = (body) => form('POST', '/api/v1/reports', body);

	const report = (id) => fixture.report(id);
	const jsonOf = (items) => items.map((item) => item.json);
	/** Requests of items that run at once, in a fixed order for comparison. */
	const sorted = (requests) =>
		[...requests].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

	describe('the lookup: the newest report whose stored URL is exactly the page', () => {
		beforeEach(() =>
			fixture.sandbox.reset([
				{ url: 'https://example.com/' },
				{ url: 'https://example.com/about', score: 64 },
				{ url: 'https://shop.test/cart' },
			]),
		);

		test.each([
			['as stored, with scheme', 'https://example.com/about'],
			['with www. and a trailing slash', 'https://www.example.com/about/'],
			['plain http', 'http://example.com/about'],
			['host in capitals', 'HTTPS://WWW.EXAMPLE.COM/about'],
			['with a fragment and spaces around', '  https://example.com/about#team  '],
		])('%s: re-runs report 2', async (_spelling, url) => {
			const before = await report(2);
			const { items, error } = await fixture.run(createOrRerun(url));
			expect(error).toBeUndefined();
			expect(fixture.takeRequests()).toEqual([lookup('example.com%/about'), rerun(2)]);
			const after = await report(2);
			expect(after.generated_at).not.toBe(before.generated_at);
			expect(jsonOf(items)).toEqual([{ ...simplifyReport(after), action: 're-run' }]);
			expect(fixture.sandbox.reports()).toHaveLength(3);
		});

		test('the site root is not one of its pages: example.com re-runs report 1, not the newer example.com/about', async () => {
			const { items } = await fixture.run(createOrRerun('https://www.example.com/'));
			expect(fixture.takeRequests()).toEqual([rootLookup('example.com'), rerun(1)]);
			expect(jsonOf(items).map((r) => [r.id, r.url, r.action])).toEqual([
				[1, 'example.com', 're-run'],
			]);
		});

		test('substring neighbours (page-3 also finds page-30 and page-3/x) are passed over, newest first', async () => {
			fixture.sandbox.reset([
				{ url: 'https://shop.test/page-3' },
				{ url: 'https://shop.test/page-3' },
				{ url: 'https://shop.test/page-30' },
				{ url: 'https://shop.test/page-3/reviews' },
				{ url: 'https://shop.test/list?page-3' },
			]);
			const { items } = await fixture.run(createOrRerun('https://shop.test/page-3'));
			// two reports of the page: the newer one (2) is re-run
			expect(fixture.takeRequests()).toEqual([lookup('shop.test%/page-3'), rerun(2)]);
			expect(jsonOf(items).map((r) => [r.id, r.action])).toEqual([[2, 're-run']]);
		});

		test('only neighbours: the page has no report, so it is created', async () => {
			fixture.sandbox.reset([
				{ url: 'https://shop.test/page-30' },
				{ url: 'https://shop.test/page-3/reviews' },
			]);
			const { items } = await fixture.run(createOrRerun('https://shop.test/page-3'));
			expect(fixture.takeRequests()).toEqual([
				lookup('shop.test%/page-3'),
				create('url=https%3A%2F%2Fshop.test%2Fpage-3&privacy=1'),
				// the read after a Create (afterCreate.ts): no older report of the page appeared
				lookup('shop.test%/page-3'),
			]);
			expect(jsonOf(items)).toEqual([{ ...simplifyReport(await report(3)), action: 'created' }]);
			expect(fixture.sandbox.createdCount('https://shop.test/page-3')).toBe(1);
		});

		test('many pages of matches: reads page after page until the page is found', async () => {
			fixture.sandbox.reset([
				{ url: 'https://blog.test/post' },
				...Array.from({ length: 230 }, (_, i) => ({ url: `https://blog.test/post-${i + 1}` })),
			]);
			const { items } = await fixture.run(createOrRerun('https://blog.test/post'));
			expect(fixture.takeRequests()).toEqual([
				lookup('blog.test%/post', 1),
				lookup('blog.test%/post', 2),
				lookup('blog.test%/post', 3),
				rerun(1),
			]);
			expect(jsonOf(items).map((r) => [r.id, r.url, r.action])).toEqual([
				[1, 'blog.test/post', 're-run'],
			]);
		});

		test('many pages of neighbours and no report of the page: reads to the end, then creates', async () => {
			fixture.sandbox.reset(
				Array.from({ length: 150 }, (_, i) => ({ url: `https://blog.test/post-${i + 1}` })),
			);
			const { items } = await fixture.run(createOrRerun('https://blog.test/post', { privacy: 0 }));
			expect(fixture.takeRequests()).toEqual([
				lookup('blog.test%/post', 1),
				lookup('blog.test%/post', 2),
				create('url=https%3A%2F%2Fblog.test%2Fpost&privacy=0'),
				// the read after the Create stops at the newest report the lookup saw
				lookup('blog.test%/post', 1),
			]);
			expect(jsonOf(items).map((r) => [r.id, r.url, r.privacy, r.action])).toEqual([
				[151, 'blog.test/post', 'public', 'created'],
			]);
		});
	});

	describe('create: Privacy and Password as in Create', () => {
		beforeEach(() => fixture.sandbox.reset([{ url: 'https://example.com/' }]));

		test('Private by default, always sent; Simplify off outputs the report as phpRank sent it, plus action', async () => {
			const { items } = await fixture.run(
				createOrRerun('https://example.com/new', { simplify: false }),
			);
			expect(fixture.takeRequests()).toEqual([
				lookup('example.com%/new'),
				create('url=https%3A%2F%2Fexample.com%2Fnew&privacy=1'),
				lookup('example.com%/new'),
			]);
			expect(jsonOf(items)).toEqual([{ ...(await report(2)), action: 'created' }]);
		});

		test('Password: sent only when a report is created; never in the output', async () => {
			const params = createOrRerun('https://example.com/secret', {
				privacy: 2,
				password: 'pw-Secret-77',
			});
			const first = await fixture.run(params);
			expect(fixture.takeRequests()).toEqual([
				lookup('example.com%/secret'),
				create('url=https%3A%2F%2Fexample.com%2Fsecret&privacy=2&password=pw-Secret-77'),
				lookup('example.com%/secret'),
			]);
			expect(jsonOf(first.items).map((r) => [r.id, r.privacy, r.action])).toEqual([
				[2, 'password', 'created'],
			]);
			const second = await fixture.run(params);
			expect(fixture.takeRequests()).toEqual([lookup('example.com%/secret'), rerun(2)]);
			expect(jsonOf(second.items).map((r) => [r.id, r.action])).toEqual([[2, 're-run']]);
			expect(JSON.stringify([first.items, second.items])).not.toContain('pw-Secret-77');
		});

		test('an empty Password (from an expression) is refused before any request, naming the field', async () => {
			const { error } = await fixture.run(
				createOrRerun('https://example.com/secret', { privacy: 2, password: '={{ "" }}' }),
			);
			expect(error.message).toBe('Password is required when Privacy is Password');
			expect(fixture.takeRequests()).toEqual([]);
		});
	});

	describe('Output Changes', () => {
		beforeEach(() => fixture.sandbox.reset([{ url: 'https://example.com/about', score: 64 }]));

		test('re-run: before (the report the lookup found) and after, no extra request', async () => {
			const before = await report(1);
			const { items } = await fixture.run(
				createOrRerun('https://example.com/about', { outputChanges: true }),
			);
			expect(fixture.takeRequests()).toEqual([lookup('example.com%/about'), rerun(1)]);
			const after = await report(1);
			expect(jsonOf(items)).toEqual([
				{ ...simplifyReport(after), action: 're-run', changes: diffReports(before, after) },
			]);
		});

		test('created: nothing before it', async () => {
			const { items } = await fixture.run(
				createOrRerun('https://example.com/new', { outputChanges: true }),
			);
			const created = await report(2);
			expect(jsonOf(items)).toEqual([
				{
					...simplifyReport(created),
					action: 'created',
					changes: {
						previous_score: null,
						score: simplifyReport(created).score,
						score_change: null,
						previous_label: null,
						label: simplifyReport(created).label,
						label_changed: false,
						previous_generated_at: null,
						generated_at: created.generated_at,
						regressions: [],
						fixed: [],
					},
				},
			]);
		});
	});

	describe('Max Age (Hours)', () => {
		// generated one hour before the sandbox's clock, which is the real time
		beforeEach(() => fixture.sandbox.reset([{ url: 'https://example.com/about', score: 64 }]));

		test('generated more recently than Max Age: kept as it is, nothing written', async () => {
			const found = await report(1);
			expect(Date.now() - Date.parse(found.generated_at)).toBeGreaterThanOrEqual(HOUR_MS);
			const { items } = await fixture.run(
				createOrRerun('https://example.com/about', { maxAgeHours: 2, outputChanges: true }),
			);
			expect(fixture.takeRequests()).toEqual([lookup('example.com%/about')]);
			expect(jsonOf(items)).toEqual([
				{ ...simplifyReport(found), action: 'kept', changes: diffReports(found, found) },
			]);
			expect(items[0].json.changes).toMatchObject({
				score_change: 0,
				label_changed: false,
				regressions: [],
				fixed: [],
			});
			expect(await report(1)).toEqual(found);
		});

		test('generated longer ago than Max Age: re-run', async () => {
			const { items } = await fixture.run(
				createOrRerun('https://example.com/about', { maxAgeHours: 0.5 }),
			);
			expect(fixture.takeRequests()).toEqual([lookup('example.com%/about'), rerun(1)]);
			expect(jsonOf(items).map((r) => [r.id, r.action])).toEqual([[1, 're-run']]);
		});

		test('0 (the default) always re-runs, even a report generated a moment ago', async () => {
			await fixture.run(createOrRerun('https://example.com/about'));
			fixture.takeRequests();
			const { items } = await fixture.run(createOrRerun('https://example.com/about'));
			expect(fixture.takeRequests()).toEqual([lookup('example.com%/about'), rerun(1)]);
			expect(jsonOf(items).map((r) => r.action)).toEqual(['re-run']);
		});

		test('Max Age does not stop a create', async () => {
			const { items } = await fixture.run(
				createOrRerun('https://example.com/new', { maxAgeHours: 24 }),
			);
			expect(fixture.takeRequests()).toEqual([
				lookup('example.com%/new'),
				create('url=https%3A%2F%2Fexample.com%2Fnew&privacy=1'),
				lookup('example.com%/new'),
			]);
			expect(jsonOf(items).map((r) => r.action)).toEqual(['created']);
		});

		test.each([
			[
				-1,
				'Max Age (Hours) must be a number of hours, 0 or more, like 24; 0 always re-runs (got -1)',
			],
			[
				'={{ "soon" }}',
				'Max Age (Hours) must be a number of hours, 0 or more, like 24; 0 always re-runs (got "soon")',
			],
		])(
			'%p is refused before any request, with a message that says what to enter',
			async (maxAgeHours, message) => {
				const { items, error } = await fixture.run(
					createOrRerun('https://example.com/about', { maxAgeHours }),
				);
				expect(items).toEqual([]);
				expect(error.message).toBe(message);
				expect(fixture.takeRequests()).toEqual([]);
			},
		);
	});

	describe('exactly once: items of one run naming the same page share one lookup and one write', () => {
		beforeEach(() =>
			fixture.sandbox.reset([
				{ url: 'https://example.com/' },
				{ url: 'https://example.com/about' },
			]),
		);

		test('a new page in three spellings, and an existing one twice: one create, one re-run; every item outputs its result', async () => {
			const urls = [
				'https://example.com/new',
				'https://example.com/about',
				'https://www.example.com/new/',
				'http://example.com/about/',
				'HTTP://EXAMPLE.COM/new#top',
			];
			const { items, error } = await fixture.run(createOrRerun('={{ $json.url }}'), {
				items: urls.map((url) => ({ url })),
			});
			expect(error).toBeUndefined();
			// two pages of one site: one read of the site's listing answers both
			expect(fixture.takeRequests()).toEqual([
				lookup('example.com'),
				create('url=https%3A%2F%2Fexample.com%2Fnew&privacy=1'),
				rerun(2),
				// the read of the site after its Create (afterCreate.ts)
				lookup('example.com'),
			]);
			const created = { ...simplifyReport(await report(3)), action: 'created' };
			const rerunOne = { ...simplifyReport(await report(2)), action: 're-run' };
			expect(jsonOf(items)).toEqual([created, rerunOne, created, rerunOne, created]);
			expect(items.map((item) => item.pairedItem)).toEqual(urls.map((_, item) => ({ item })));
			expect(fixture.sandbox.createdCount('https://example.com/new')).toBe(1);
			expect(fixture.sandbox.reports()).toHaveLength(3);
		});

		test('two runs of the node do not share: the second run re-runs what the first created', async () => {
			const first = await fixture.run(createOrRerun('https://example.com/new'));
			const second = await fixture.run(createOrRerun('https://example.com/new'));
			expect(fixture.takeRequests()).toEqual([
				lookup('example.com%/new'),
				create('url=https%3A%2F%2Fexample.com%2Fnew&privacy=1'),
				lookup('example.com%/new'),
				lookup('example.com%/new'),
				rerun(3),
			]);
			expect(
				[...jsonOf(first.items), ...jsonOf(second.items)].map((r) => [r.id, r.action]),
			).toEqual([
				[3, 'created'],
				[3, 're-run'],
			]);
		});

		test("a failure is every sharing item's failure; other pages go on (Continue On Fail)", async () => {
			fixture.sandbox.failNext({
				count: 1,
				status: 422,
				method: 'POST',
				body: { message: { url: ['The url field is required.'] }, status: 422 },
			});
			const urls = [
				'https://example.com/new',
				'https://example.com/about',
				'https://www.example.com/new',
			];
			const { items } = await fixture.run(createOrRerun('={{ $json.url }}'), {
				items: urls.map((url) => ({ url })),
				continueOnFail: true,
			});
			expect(fixture.takeRequests().filter((r) => r.method === 'POST')).toHaveLength(1);
			expect(jsonOf(items)).toEqual([
				{ error: 'phpRank rejected the input: url: The url field is required.' },
				{ ...simplifyReport(await report(2)), action: 're-run' },
				{ error: 'phpRank rejected the input: url: The url field is required.' },
			]);
		});
	});

	test("the plan's limit: after phpRank said the plan is full, no Create is sent in the run (not even one waiting its turn); re-runs go on", async () => {
		const { startFixture } = require('../../node/fixture');
		const limited = await startFixture({
			apiKeys: [{ key: 'test-key-5d1c9e', maxReports: 3 }],
			clock: Math.floor(Date.now() / 1000) * 1000,
		});
		try {
			limited.sandbox.reset([{ url: 'https://a.test/old' }, { url: 'https://b.test/kept' }]);
			const urls = [
				'https://c.test/1',
				'https://d.test/2',
				'https://a.test/old',
				'https://e.test/3',
			];
			const { items, error } = await limited.run(
				createOrRerun('={{ $json.url }}', { options: { maxParallelRequests: 1 } }),
				{ items: urls.map((url) => ({ url })), continueOnFail: true },
			);
			expect(error).toBeUndefined();
			const PLAN_FULL =
				"The phpRank account's plan allows no more reports: delete reports (Report → Delete, Project → Delete) or raise the plan";
			expect(jsonOf(items).map((item) => item.error ?? item.action)).toEqual([
				'created',
				PLAN_FULL,
				're-run',
				PLAN_FULL,
			]);
			// c.test fills the plan, d.test is refused, e.test is not sent; a.test's re-run goes on
			const posts = limited.takeRequests().filter((r) => r.method === 'POST');
			expect(posts.map((r) => decodeURIComponent(r.body))).toEqual([
				'url=https://c.test/1&privacy=1',
				'url=https://d.test/2&privacy=1',
			]);
			expect(limited.sandbox.reports()).toHaveLength(3);
		} finally {
			await limited.sandbox.close();
		}
	});

	describe("a site's pages in one run: one listing of the site answers them", () => {
		// The listing is the search for the site's host (newest first, 100 a page): every report a
		// page's own lookup can list is in it, so it gives every page the same answer.
		const SITE = 'site.test';
		const pages = (count, from = 1) =>
			Array.from({ length: count }, (_, i) => `https://${SITE}/page-${from + i}`);
		const listing = (page) => lookup(SITE, page);
		const itemsOf = (urls) => ({ items: urls.map((url) => ({ url })) });
		const ofMethod = (requests, method) => requests.filter((r) => r.method === method);
		const idByUrl = () =>
			new Map(
				fixture.sandbox
					.reports()
					.map((r) => [r.url, r.id])
					.reverse(),
			);

		test('300 pages, 300 reports: 3 listing reads + 300 re-runs; each page re-runs its own report', async () => {
			fixture.sandbox.reset(pages(300).map((url) => ({ url })));
			const ids = idByUrl();
			const { items, error } = await fixture.run(
				createOrRerun('={{ $json.url }}'),
				itemsOf(pages(300)),
			);
			expect(error).toBeUndefined();
			const requests = fixture.takeRequests();
			expect(ofMethod(requests, 'GET')).toEqual([listing(1), listing(2), listing(3)]);
			expect(sorted(ofMethod(requests, 'PATCH'))).toEqual(
				sorted(pages(300).map((url) => rerun(ids.get(url.replace('https://', ''))))),
			);
			expect(requests).toHaveLength(303);
			expect(jsonOf(items).map((r) => [r.url, r.action])).toEqual(
				pages(300).map((url) => [url.replace('https://', ''), 're-run']),
			);
		});

		test('all generated within Max Age: 3 listing reads, nothing written, every page kept as found', async () => {
			fixture.sandbox.reset(pages(300).map((url) => ({ url })));
			const before = new Map(
				(await apiGet(fixture.sandbox, '/reports?per_page=100&page=1')).data.map((r) => [r.id, r]),
			);
			const { items } = await fixture.run(
				// seeded an hour apart: the oldest 300 hours ago
				createOrRerun('={{ $json.url }}', { maxAgeHours: 400, outputChanges: true }),
				itemsOf(pages(300)),
			);
			expect(fixture.takeRequests()).toEqual([listing(1), listing(2), listing(3)]);
			expect(jsonOf(items).map((r) => r.action)).toEqual(pages(300).map(() => 'kept'));
			const newest = jsonOf(items).find((r) => r.id === 300);
			expect(newest).toEqual({
				...simplifyReport(before.get(300)),
				action: 'kept',
				changes: diffReports(before.get(300), before.get(300)),
			});
		});

		test('the same decisions as each page looked up alone: older copies, neighbours, other projects, pages without a report', async () => {
			const seed = [
				...pages(150).map((url) => ({ url })),
				// newer copies of some pages: the newest is the one re-run
				...pages(20, 10).map((url) => ({ url })),
				// neighbours the search lists too (page-1 is in page-10, www. and a trailing slash dropped)
				{ url: `https://www.${SITE}/page-1/reviews/` },
				{ url: `https://${SITE}.au/page-2` },
				{ url: `https://other.test/?from=${SITE}/page-3` },
				// filed under the host of another final URL
				{ url: `https://${SITE}/moved`, project: 'elsewhere.test' },
			];
			const urls = [
				...pages(150),
				...pages(30, 400), // no report
				`https://${SITE}/moved`,
			];
			const decisions = (outputs) =>
				outputs.map((r) => [
					r.url,
					r.action,
					r.action === 'created' ? null : r.id,
					r.changes.previous_generated_at,
					r.changes.previous_score,
				]);
			const params = createOrRerun('={{ $json.url }}', { outputChanges: true });

			fixture.sandbox.reset(seed);
			const together = await fixture.run(params, itemsOf(urls));
			const requests = fixture.takeRequests();
			// 174 reports listed (the moved one under elsewhere.test too): 2 pages; then one write per page
			// and one read of the site after its 30 Creates (afterCreate.ts)
			expect(ofMethod(requests, 'GET')).toEqual([listing(1), listing(2), listing(1)]);
			expect(ofMethod(requests, 'PATCH')).toHaveLength(151);
			expect(ofMethod(requests, 'POST')).toHaveLength(30);

			fixture.sandbox.reset(seed);
			const alone = [];
			for (const url of urls) alone.push(...(await fixture.run(params, itemsOf([url]))).items);
			fixture.takeRequests();
			expect(decisions(jsonOf(together.items))).toEqual(decisions(jsonOf(alone)));
			expect(decisions(jsonOf(together.items)).find((d) => d[0] === `${SITE}/moved`)).toEqual([
				`${SITE}/moved`,
				're-run',
				174,
				expect.any(String),
				expect.any(Number),
			]);
		});

		test('pages of many sites, one page each: the requests of each page looked up alone', async () => {
			const sites = Array.from({ length: 30 }, (_, i) => `https://site-${i}.test/about`);
			fixture.sandbox.reset(sites.slice(0, 20).map((url) => ({ url })));
			const { items } = await fixture.run(createOrRerun('={{ $json.url }}'), itemsOf(sites));
			const expected = sites.map((url, i) =>
				i < 20
					? [lookup(`site-${i}.test%/about`), rerun(i + 1)]
					: [
							lookup(`site-${i}.test%/about`),
							create(`url=${encodeURIComponent(url)}&privacy=1`),
							lookup(`site-${i}.test%/about`),
						],
			);
			expect(sorted(fixture.takeRequests())).toEqual(sorted(expected.flat()));
			expect(jsonOf(items).map((r) => r.action)).toEqual(
				sites.map((_, i) => (i < 20 ? 're-run' : 'created')),
			);
		});

		test('a page without a report anywhere, named by three items among other pages of its site: created once', async () => {
			fixture.sandbox.reset(pages(5).map((url) => ({ url })));
			const urls = [
				...pages(5),
				`https://${SITE}/new`,
				`https://www.${SITE}/new/`,
				`http://${SITE}/new`,
			];
			const { items } = await fixture.run(createOrRerun('={{ $json.url }}'), itemsOf(urls));
			const requests = fixture.takeRequests();
			expect(ofMethod(requests, 'GET')).toEqual([listing(1), listing(1)]);
			expect(ofMethod(requests, 'POST')).toEqual([
				create(`url=${encodeURIComponent(`https://${SITE}/new`)}&privacy=1`),
			]);
			expect(jsonOf(items).map((r) => [r.id, r.action])).toEqual([
				[1, 're-run'],
				[2, 're-run'],
				[3, 're-run'],
				[4, 're-run'],
				[5, 're-run'],
				[6, 'created'],
				[6, 'created'],
				[6, 'created'],
			]);
			expect(fixture.sandbox.createdCount(`https://${SITE}/new`)).toBe(1);
		});

		test('few pages of a big site: page 1 of the listing, then their own lookups (never more than alone + 1)', async () => {
			// 500 reports: the two pages' reports are the oldest, far from page 1 of the listing
			fixture.sandbox.reset([
				{ url: `https://${SITE}/a` },
				{ url: `https://${SITE}/b` },
				...pages(498).map((url) => ({ url })),
			]);
			const { items } = await fixture.run(
				createOrRerun('={{ $json.url }}'),
				itemsOf([`https://${SITE}/a`, `https://${SITE}/b`]),
			);
			expect(sorted(fixture.takeRequests())).toEqual(
				sorted([listing(1), lookup(`${SITE}%/a`), lookup(`${SITE}%/b`), rerun(1), rerun(2)]),
			);
			expect(jsonOf(items).map((r) => [r.id, r.action])).toEqual([
				[1, 're-run'],
				[2, 're-run'],
			]);
		});

		test("a page whose report phpRank filed under another site's name (its final URL was elsewhere): found in the listing, re-run, not created", async () => {
			fixture.sandbox.reset([
				{ url: `https://${SITE}/old-offer`, project: 'shop.elsewhere.test' },
				...pages(3).map((url) => ({ url })),
			]);
			expect(fixture.sandbox.reports()[0]).toMatchObject({
				url: `${SITE}/old-offer`,
				project: 'shop.elsewhere.test',
			});
			const { items } = await fixture.run(
				createOrRerun('={{ $json.url }}'),
				itemsOf([`https://${SITE}/old-offer`, ...pages(3)]),
			);
			const requests = fixture.takeRequests();
			expect(ofMethod(requests, 'GET')).toEqual([listing(1)]);
			expect(ofMethod(requests, 'POST')).toEqual([]);
			expect(sorted(ofMethod(requests, 'PATCH'))).toEqual(sorted([1, 2, 3, 4].map(rerun)));
			expect(jsonOf(items).map((r) => [r.id, r.action])).toEqual([
				[1, 're-run'],
				[2, 're-run'],
				[3, 're-run'],
				[4, 're-run'],
			]);
			expect(fixture.sandbox.createdCount(`https://${SITE}/old-offer`)).toBe(0);
		});

		test('a listing page that runs into the Timeout is tried again, as any list page', async () => {
			fixture.sandbox.reset(pages(300).map((url) => ({ url })));
			fixture.sandbox.failNext({
				trickleMs: 200,
				method: 'GET',
				path: new RegExp(`search=${SITE}&.*[?&]page=2(&|$)`),
			});
			const { items, error } = await fixture.run(
				createOrRerun('={{ $json.url }}', { requestOptions: { timeout: 800 } }),
				itemsOf(pages(300)),
			);
			expect(error).toBeUndefined();
			const gets = fixture.sandbox.requests.filter((r) => r.method === 'GET');
			expect(gets.map((r) => [r.query.page, r.outcome])).toEqual([
				['1', 'ok'],
				['2', 'trickled'],
				['2', 'ok'],
				['3', 'ok'],
			]);
			fixture.takeRequests();
			expect(jsonOf(items).every((r) => r.action === 're-run')).toBe(true);
		});

		test('a 429 during the listing: waited out and read again, the same answers', async () => {
			fixture.sandbox.reset(pages(300).map((url) => ({ url })));
			fixture.sandbox.failNext({
				status: 429,
				method: 'GET',
				path: /[?&]page=2(&|$)/,
				headers: { 'Retry-After': '1' },
			});
			const { items, error } = await fixture.run(
				createOrRerun('={{ $json.url }}'),
				itemsOf(pages(300)),
			);
			expect(error).toBeUndefined();
			const statuses = fixture.sandbox.requests
				.filter((r) => r.method === 'GET')
				.map((r) => r.status);
			expect(statuses).toEqual([200, 429, 200, 200]);
			const gets = ofMethod(fixture.takeRequests(), 'GET');
			expect(gets).toEqual([listing(1), listing(2), listing(2), listing(3)]);
			expect(jsonOf(items).every((r) => r.action === 're-run')).toBe(true);
			expect(fixture.sandbox.reports()).toHaveLength(300);
		});

		test('Stop during the listing: the run ends as canceled, nothing is sent after it, nothing created', async () => {
			fixture.sandbox.reset(pages(300).map((url) => ({ url })));
			// one request at a time: when page 2 arrives, no other request is on its way
			const params = createOrRerun('={{ $json.url }}', { options: { maxParallelRequests: 1 } });
			const result = await fixture.runAndStop(
				params,
				(entry) => entry.query.search === SITE && entry.query.page === '2',
				itemsOf(pages(300)),
			);
			expect(result.error.message).toBe(CANCELED);
			expect(result.run.status).toBe('canceled');
			const requests = fixture.takeRequests();
			expect(requests).toHaveLength(result.requestsAtStop);
			expect(ofMethod(requests, 'POST')).toEqual([]);
			expect(fixture.sandbox.reports()).toHaveLength(300);
		});

		test('a listing page that fails: the pages it did not answer are looked up on their own, none created again', async () => {
			fixture.sandbox.reset(pages(300).map((url) => ({ url })));
			fixture.sandbox.failNext({
				status: 403,
				method: 'GET',
				path: new RegExp(`search=${SITE}&.*[?&]page=2(&|$)`),
				body: { message: 'This action is unauthorized.' },
			});
			const { items, error } = await fixture.run(
				createOrRerun('={{ $json.url }}'),
				itemsOf(pages(300)),
			);
			expect(error).toBeUndefined();
			const requests = fixture.takeRequests();
			// page 1 answered the newest 100 pages (201 to 300); the others each looked themselves up,
			// as alone: page-1 and page-2 in two pages each (page-1 also lists page-100 to page-199)
			const gets = ofMethod(requests, 'GET');
			expect(gets.slice(0, 2)).toEqual([listing(1), listing(2)]);
			expect(sorted(gets.slice(2))).toEqual(
				sorted([
					...pages(200).map((url) => lookup(url.replace('https://site.test', 'site.test%'))),
					lookup('site.test%/page-1', 2),
					lookup('site.test%/page-2', 2),
				]),
			);
			expect(ofMethod(requests, 'POST')).toEqual([]);
			expect(ofMethod(requests, 'PATCH')).toHaveLength(300);
			expect(jsonOf(items).every((r) => r.action === 're-run')).toBe(true);
			expect(fixture.sandbox.reports()).toHaveLength(300);
		});
	});

	describe('a Create whose answer was lost', () => {
		beforeEach(() =>
			fixture.sandbox.reset([
				{ url: 'https://example.com/' },
				{ url: 'https://example.com/new-arrivals' },
			]),
		);

		test('stored before the answer was lost: looked up again and adopted as created, no duplicate', async () => {
			fixture.sandbox.failNext({ count: 1, drop: 'after', method: 'POST' });
			const { items, error } = await fixture.run(createOrRerun('https://example.com/new'));
			expect(error).toBeUndefined();
			expect(fixture.takeRequests()).toEqual([
				lookup('example.com%/new'),
				create('url=https%3A%2F%2Fexample.com%2Fnew&privacy=1'),
				lookup('example.com%/new'),
				// the read after the Create
				lookup('example.com%/new'),
			]);
			expect(jsonOf(items)).toEqual([{ ...simplifyReport(await report(3)), action: 'created' }]);
			expect(fixture.sandbox.createdCount('https://example.com/new')).toBe(1);
		});

		test('not stored (dropped before phpRank processed it): nothing found, the item fails as Create does', async () => {
			fixture.sandbox.failNext({ count: 1, drop: 'before', method: 'POST' });
			const { items, error } = await fixture.run(createOrRerun('https://example.com/new'));
			expect(items).toEqual([]);
			expect(error.message).toBe(MAY_EXIST);
			expect(error.description).toBe(
				'The request reached phpRank but no usable answer came back (ECONNRESET). The node does not send a Create again, so no duplicate report is made.',
			);
			expect(fixture.takeRequests()).toEqual([
				lookup('example.com%/new'),
				create('url=https%3A%2F%2Fexample.com%2Fnew&privacy=1'),
				lookup('example.com%/new'),
			]);
			expect(fixture.sandbox.createdCount('https://example.com/new')).toBe(0);
		});

		test('a 503 to the Create, and the look-up again finds nothing: the same error, with Continue On Fail in its place', async () => {
			fixture.sandbox.failNext({ count: 1, status: 503, method: 'POST' });
			const { items } = await fixture.run(createOrRerun('={{ $json.url }}'), {
				items: [{ url: 'https://example.com/new' }, { url: 'https://example.com/' }],
				continueOnFail: true,
			});
			expect(jsonOf(items).map((r) => r.error ?? r.action)).toEqual([MAY_EXIST, 're-run']);
			expect(fixture.sandbox.createdCount('https://example.com/new')).toBe(0);
		});
	});
});
