// Report → Create or Re-Run's lookup of one page (nodes/PhpRank/createOrRerun/pageLookup.ts, lookupTerm.ts) on the account
// shapes users have: one read for a page on an account of many sites, every stored spelling still found, and a
// phpRank build whose search takes `%` as itself. Through n8n-core's engine against the sandbox. The rest of the
// operation: createOrRerun.test.js. Each describe has its own sandbox (its own Base URL: its own account), so what
// one describe teaches the node about an account's search stays out of the other.
const {
	useFixture,
	urlSearch,
	urlSearchInUrlOrder,
	rerun,
	form,
	del,
} = require('../../node/fixture');

const createOrRerun = (url, extra) => ({
	resource: 'report',
	operation: 'createOrRerun',
	url,
	...extra,
});
const create = (url) => form('POST', '/api/v1/reports', `url=${encodeURIComponent(url)}&privacy=1`);
const jsonOf = (items) => items.map((item) => [item.json.id, item.json.url, item.json.action]);

/**
 * A first Create or Re-Run of `https://site-7.test/about` on a build that takes `%` as itself: the lookup lists nothing,
 * so the page is created; the read after it does not list the new report, so the page is read with the path alone.
 */
const FIRST_RUN_ON_AN_ESCAPING_BUILD = [
	urlSearch('site-7.test%/about'),
	create('https://site-7.test/about'),
	urlSearch('site-7.test%/about'),
	urlSearch('/about'),
];

/** An agency's account: 400 sites, each with its home page, /about, /blog and /contact (1,600 reports). */
const SITES = 400;
const SITE_PATHS = ['/', '/about', '/blog/', '/contact'];
const agencyAccount = () =>
	Array.from({ length: SITES }, (_, i) =>
		SITE_PATHS.map((path) => ({ url: `https://site-${i + 1}.test${path}` })),
	).flat();
/** The ID the sandbox gives the report of site `n`'s `path` in `agencyAccount` (seeded in order from 1). */
const agencyId = (n, path) => (n - 1) * SITE_PATHS.length + SITE_PATHS.indexOf(path) + 1;

describe('an account of many sites: a page is looked up in one read', () => {
	const fixture = useFixture();
	beforeEach(() => fixture.sandbox.reset(agencyAccount()));

	test.each([
		['/about', urlSearch('site-7.test%/about')],
		['/blog/', urlSearch('site-7.test%/blog')],
		['/', urlSearchInUrlOrder('site-7.test')],
	])(
		'site-7.test%s among 400 sites that all have it: one read, then the re-run',
		async (path, read) => {
			const { items, error } = await fixture.run(createOrRerun(`https://site-7.test${path}`));
			expect(error).toBeUndefined();
			const id = agencyId(7, path);
			expect(fixture.takeRequests()).toEqual([read, rerun(id)]);
			expect(jsonOf(items)).toEqual([[id, `site-7.test${path}`.replace(/\/$/, ''), 're-run']]);
		},
	);

	test('a new page: one read, the Create, and one read after it', async () => {
		const { items, error } = await fixture.run(createOrRerun('https://site-7.test/pricing'));
		expect(error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([
			urlSearch('site-7.test%/pricing'),
			create('https://site-7.test/pricing'),
			urlSearch('site-7.test%/pricing'),
		]);
		expect(jsonOf(items)).toEqual([[1601, 'site-7.test/pricing', 'created']]);
	});

	// The spellings phpRank may hold that put text between the site and the path: still one read.
	test.each([
		['https://site-7.test:443/team', 'https://site-7.test/team'],
		['https://site-7.test/x/../team', 'https://site-7.test/team'],
		['https://SITE-7.TEST/team', 'https://site-7.test/team/'],
		['https://site-7.test/team', 'https://site-7.test:443/x/../team'],
	])('held as %s, asked as %s: one read, re-run, nothing created', async (held, asked) => {
		fixture.sandbox.reset([...agencyAccount(), { url: held }]);
		const { items, error } = await fixture.run(createOrRerun(asked));
		expect(error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([urlSearch('site-7.test%/team'), rerun(1601)]);
		expect(jsonOf(items).map(([id, , action]) => [id, action])).toEqual([[1601, 're-run']]);
		expect(fixture.sandbox.reports()).toHaveLength(1601);
	});

	test("a report phpRank filed under another site's name (its final URL was elsewhere): found, re-run", async () => {
		fixture.sandbox.reset([
			...agencyAccount(),
			{ url: 'https://site-7.test/old-offer', project: 'shop.elsewhere.test' },
		]);
		const { items } = await fixture.run(createOrRerun('https://site-7.test/old-offer'));
		expect(fixture.takeRequests()).toEqual([urlSearch('site-7.test%/old-offer'), rerun(1601)]);
		expect(jsonOf(items)).toEqual([[1601, 'site-7.test/old-offer', 're-run']]);
	});

	test("sites whose host holds the site's name are neighbours, passed over: site-7.test is not my-site-7.test", async () => {
		fixture.sandbox.reset([
			{ url: 'https://site-7.test/about' },
			{ url: 'https://my-site-7.test/about' },
			{ url: 'https://blog.site-7.test/about' },
		]);
		const { items } = await fixture.run(createOrRerun('https://site-7.test/about'));
		expect(fixture.takeRequests()).toEqual([urlSearch('site-7.test%/about'), rerun(1)]);
		expect(jsonOf(items)).toEqual([[1, 'site-7.test/about', 're-run']]);
	});
});

/**
 * site-7.test's 349 pages after `root` (the reports seeded first), then blog.site-7.test and site-8.test: the
 * root's search (site-7.test) lists all but site-8.test.
 */
const bigSite = (root = []) => [
	...root,
	...Array.from({ length: 349 }, (_, i) => ({ url: `https://site-7.test/page-${i + 1}` })),
	{ url: 'https://blog.site-7.test/' },
	{ url: 'https://site-8.test/' },
];

describe("a big site's root: read in URL order, one read where its report is stored as the node sends it", () => {
	// The site's root is searched for by the site's name, which lists every page of the site: newest
	// first, its report (the site's oldest) is the last of 350. In URL order it comes first.
	const fixture = useFixture();
	/** The root's search read newest first, all four pages (350 reports of the site, and blog.site-7.test). */
	const NEWEST_FIRST_TO_THE_END = [1, 2, 3, 4].map((page) => urlSearch('site-7.test', page));

	test('its report first of 350: one read, then the re-run', async () => {
		fixture.sandbox.reset(bigSite([{ url: 'https://site-7.test/' }]));
		const { items, error } = await fixture.run(createOrRerun('https://www.site-7.test/'));
		expect(error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([urlSearchInUrlOrder('site-7.test'), rerun(1)]);
		expect(jsonOf(items)).toEqual([[1, 'site-7.test', 're-run']]);
	});

	test('two reports of the root in its spelling: the newer one is re-run', async () => {
		fixture.sandbox.reset([
			...bigSite([{ url: 'https://site-7.test/' }]),
			{ url: 'https://SITE-7.test/' },
		]);
		const { items } = await fixture.run(createOrRerun('https://site-7.test'));
		expect(fixture.takeRequests()).toEqual([urlSearchInUrlOrder('site-7.test'), rerun(353)]);
		expect(jsonOf(items).map(([id, , action]) => [id, action])).toEqual([[353, 're-run']]);
	});

	test('no report of the root: the read in URL order, then newest first to the end, the Create, the read after', async () => {
		fixture.sandbox.reset(bigSite());
		const { items, error } = await fixture.run(createOrRerun('https://site-7.test/'));
		expect(error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([
			urlSearchInUrlOrder('site-7.test'),
			...NEWEST_FIRST_TO_THE_END,
			create('https://site-7.test/'),
			urlSearch('site-7.test'),
		]);
		expect(jsonOf(items)).toEqual([[352, 'site-7.test', 'created']]);
	});

	test('the root stored only in another spelling (site-7.test:443) is found newest first: re-run, nothing created', async () => {
		fixture.sandbox.reset(bigSite([{ url: 'http://site-7.test:443/' }]));
		const { items } = await fixture.run(createOrRerun('https://site-7.test/'));
		expect(fixture.takeRequests()).toEqual([
			urlSearchInUrlOrder('site-7.test'),
			...NEWEST_FIRST_TO_THE_END,
			rerun(1),
		]);
		expect(jsonOf(items).map(([id, , action]) => [id, action])).toEqual([[1, 're-run']]);
		expect(fixture.sandbox.reports()).toHaveLength(352);
	});

	test("a small site's new root: the read in URL order is the whole search, so it is the only one", async () => {
		fixture.sandbox.reset([{ url: 'https://site-7.test/about' }, { url: 'https://site-8.test/' }]);
		const { items } = await fixture.run(createOrRerun('https://site-7.test/'));
		expect(fixture.takeRequests()).toEqual([
			urlSearchInUrlOrder('site-7.test'),
			create('https://site-7.test/'),
			urlSearch('site-7.test'),
		]);
		expect(jsonOf(items)).toEqual([[3, 'site-7.test', 'created']]);
	});
});

describe('a phpRank build that ignores sort_by (sorts by id, keeping sort=asc): the newest report of the root all the same', () => {
	// The read in URL order then lists the site's oldest reports: the root's oldest report (1) is on
	// it, its newest (353) pages later. The sandbox's clock at the real time: report 353 is dated one
	// hour before it, report 1 353 hours.
	const fixture = useFixture({ clock: Math.floor(Date.now() / 1000) * 1000 });
	const withNewerRoot = () => [
		...bigSite([{ url: 'https://site-7.test/' }]),
		{ url: 'https://site-7.test/' },
	];
	beforeAll(() => fixture.sandbox.setFaults({ sortByIgnored: true }));
	afterAll(() => fixture.sandbox.setFaults({}));

	test('its IDs rise all the way down the page read: the search is read newest first, report 353 re-run', async () => {
		fixture.sandbox.reset(withNewerRoot());
		const { items, error } = await fixture.run(createOrRerun('https://site-7.test/'));
		expect(error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([
			urlSearchInUrlOrder('site-7.test'),
			urlSearch('site-7.test', 1),
			rerun(353),
		]);
		expect(jsonOf(items)).toEqual([[353, 'site-7.test', 're-run']]);
	});

	test('report 353 generated within Max Age: kept as it is, nothing written', async () => {
		fixture.sandbox.reset(withNewerRoot());
		const { items, error } = await fixture.run(
			createOrRerun('https://site-7.test/', { maxAgeHours: 2 }),
		);
		expect(error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([
			urlSearchInUrlOrder('site-7.test'),
			urlSearch('site-7.test', 1),
		]);
		expect(jsonOf(items)).toEqual([[353, 'site-7.test', 'kept']]);
	});

	test('no newer report of the root: read newest first down to the newest ID on that page (100), then report 1 re-run', async () => {
		fixture.sandbox.reset(bigSite([{ url: 'https://site-7.test/' }]));
		const { items, error } = await fixture.run(createOrRerun('https://site-7.test/'));
		expect(error).toBeUndefined();
		// newest first: 351-252, 251-152, 151-52 (100 is there): reports 1-100 were on the page read
		expect(fixture.takeRequests()).toEqual([
			urlSearchInUrlOrder('site-7.test'),
			urlSearch('site-7.test', 1),
			urlSearch('site-7.test', 2),
			urlSearch('site-7.test', 3),
			rerun(1),
		]);
		expect(jsonOf(items)).toEqual([[1, 'site-7.test', 're-run']]);
	});
});

describe('a phpRank that sorts by URL, on a site whose reports were made in URL order', () => {
	// page-001 … page-349 after the root: URL order is ID order, so the page read in URL order cannot
	// show that it is not oldest first. The search is read newest first down to its newest ID.
	const fixture = useFixture();

	test('the root (report 1) re-run after the reads newest first down to report 100', async () => {
		fixture.sandbox.reset([
			{ url: 'https://site-7.test/' },
			...Array.from({ length: 349 }, (_, i) => ({
				url: `https://site-7.test/page-${String(i + 1).padStart(3, '0')}`,
			})),
			{ url: 'https://site-8.test/' },
		]);
		const { items, error } = await fixture.run(createOrRerun('https://site-7.test/'));
		expect(error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([
			urlSearchInUrlOrder('site-7.test'),
			urlSearch('site-7.test', 1),
			urlSearch('site-7.test', 2),
			urlSearch('site-7.test', 3),
			rerun(1),
		]);
		expect(jsonOf(items)).toEqual([[1, 'site-7.test', 're-run']]);
	});
});

describe('a phpRank build whose search takes `%` as itself: one report per page all the same', () => {
	// phpRank passes the search to LIKE as it is (docs/phprank-api.md); a build that escapes it lists
	// nothing for `site-7.test%/about`. The read after the Create does not list the run's own report
	// then: the node reads the page's reports with the path alone, keeps the older report, re-runs it,
	// and searches this account with the path alone from then on.
	const fixture = useFixture();
	beforeEach(() => {
		fixture.sandbox.reset([
			{ url: 'https://site-1.test/about' },
			{ url: 'https://site-7.test/about' },
			{ url: 'https://site-9.test/about' },
		]);
		fixture.sandbox.setFaults({ searchAsWritten: true });
	});
	afterAll(() => fixture.sandbox.setFaults({}));

	test("the first run: its Create is deleted, the page's report re-run; the next run searches the path alone", async () => {
		const first = await fixture.run(createOrRerun('https://site-7.test/about'));
		expect(first.error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([
			...FIRST_RUN_ON_AN_ESCAPING_BUILD,
			del('/api/v1/reports/4'),
			rerun(2),
		]);
		expect(jsonOf(first.items)).toEqual([[2, 'site-7.test/about', 're-run']]);
		expect(fixture.sandbox.reports().filter((r) => r.deleted_at === null)).toHaveLength(3);

		const second = await fixture.run(createOrRerun('https://site-7.test/about'));
		expect(fixture.takeRequests()).toEqual([urlSearch('/about'), rerun(2)]);
		expect(jsonOf(second.items)).toEqual([[2, 'site-7.test/about', 're-run']]);

		const created = await fixture.run(createOrRerun('https://site-7.test/new'));
		expect(fixture.takeRequests()).toEqual([
			urlSearch('/new'),
			create('https://site-7.test/new'),
			urlSearch('/new'),
		]);
		expect(jsonOf(created.items)).toEqual([[5, 'site-7.test/new', 'created']]);
	});
});

describe('a build that takes `%` as itself, the older report within Max Age', () => {
	// The sandbox's clock at the real time: the seeded report is dated one hour before it.
	const fixture = useFixture({ clock: Math.floor(Date.now() / 1000) * 1000 });
	beforeAll(() => {
		fixture.sandbox.reset([{ url: 'https://site-7.test/about' }]);
		fixture.sandbox.setFaults({ searchAsWritten: true });
	});

	test('its Create is deleted and the older report kept as it is, as the lookup would have kept it', async () => {
		const { items, error } = await fixture.run(
			createOrRerun('https://site-7.test/about', { maxAgeHours: 2 }),
		);
		expect(error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual([
			...FIRST_RUN_ON_AN_ESCAPING_BUILD,
			del('/api/v1/reports/2'),
		]);
		expect(jsonOf(items)).toEqual([[1, 'site-7.test/about', 'kept']]);
		expect(fixture.sandbox.reports().map((r) => [r.id, r.deleted_at === null])).toEqual([
			[1, true],
			[2, false],
		]);
	});
});

describe('a build that takes `%` as itself, met first with a new page', () => {
	const fixture = useFixture();
	beforeAll(() => {
		fixture.sandbox.reset([{ url: 'https://site-1.test/about' }]);
		fixture.sandbox.setFaults({ searchAsWritten: true });
	});

	test('the page had no report: the Create stays, the path alone is read once, the next lookup searches it', async () => {
		const first = await fixture.run(createOrRerun('https://site-7.test/about'));
		expect(first.error).toBeUndefined();
		expect(fixture.takeRequests()).toEqual(FIRST_RUN_ON_AN_ESCAPING_BUILD);
		expect(jsonOf(first.items)).toEqual([[2, 'site-7.test/about', 'created']]);

		const second = await fixture.run(createOrRerun('https://site-7.test/about'));
		expect(fixture.takeRequests()).toEqual([urlSearch('/about'), rerun(2)]);
		expect(jsonOf(second.items)).toEqual([[2, 'site-7.test/about', 're-run']]);
		expect(fixture.sandbox.reports()).toHaveLength(2);
	});
});
