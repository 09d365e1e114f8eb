// nodes/PhpRank/createOrRerun/siteListing.ts: a site's listing, read for the pages of one run of Create
// or Re-Run, with a scripted search. Through the rules (createOrRerunOnce): rules.test.js.
const { likeMatcher } = require('../sandbox/laravel');
const { SiteListing, siteOf } = require('../helpers/built').siteListing;

/** A scripted search over `urls` (ids 1..n, newest first), 100 a page; `calls` records each page read. */
function scriptedSearch(urls) {
	const reports = urls.map((url, i) => ({ id: i + 1, url })).reverse();
	const calls = [];
	const searchPage = async (search, page, perPage) => {
		expect(perPage).toBe(100);
		calls.push([search, page]);
		const matches = reports.filter((r) => likeMatcher(search)(r.url));
		return {
			data: matches.slice((page - 1) * 100, page * 100),
			meta: {
				current_page: page,
				last_page: Math.max(1, Math.ceil(matches.length / 100)),
				total: matches.length,
			},
		};
	};
	return { searchPage, calls };
}

const site = (count) => Array.from({ length: count }, (_, i) => `a.test/p${i + 1}`);

test('siteOf: the stored URL up to its first slash, a prefix of it', () => {
	expect(siteOf('example.com/about/team')).toBe('example.com');
	expect(siteOf('example.com')).toBe('example.com');
	expect(siteOf('example.com:8080/x?y=1')).toBe('example.com:8080');
});

test('a one-page listing answers every page: found (the newest copy), or absent', async () => {
	const { searchPage, calls } = scriptedSearch(['a.test/x', 'a.test/y', 'a.test/x']);
	const listing = new SiteListing('a.test', { listPage: searchPage });
	const replies = await Promise.all(
		['a.test/x', 'a.test/y', 'a.test/z'].map((u) => listing.reply(u)),
	);
	expect(replies).toEqual([
		{ answer: { found: { id: 3, url: 'a.test/x' }, newestSeenId: 3 } },
		{ answer: { found: { id: 2, url: 'a.test/y' }, newestSeenId: 3 } },
		{ answer: { newestSeenId: 3 } },
	]);
	expect(calls).toEqual([['a.test', 1]]);
});

test('pages not on page 1, at least as many as the rest costs: the rest is read at once, page 1 not again', async () => {
	const { searchPage, calls } = scriptedSearch(site(300));
	const listing = new SiteListing('a.test', { listPage: searchPage });
	const replies = await Promise.all(['a.test/p1', 'a.test/p2'].map((u) => listing.reply(u)));
	expect(replies.map((r) => r.answer.found.id)).toEqual([1, 2]);
	expect(calls).toEqual([
		['a.test', 1],
		['a.test', 2],
		['a.test', 3],
	]);
});

test('fewer: each looks itself up, counting its requests; past what the rest costs, the rest answers', async () => {
	const { searchPage, calls } = scriptedSearch(site(500));
	const listing = new SiteListing('a.test', { listPage: searchPage });
	const replies = await Promise.all(['a.test/p1', 'a.test/p2'].map((u) => listing.reply(u)));
	expect(replies).toEqual([{ ownLookup: { budgeted: true } }, { ownLookup: { budgeted: true } }]);
	// the rest costs 4 requests: 4 own requests are allowed, the fifth starts the rest instead
	const turns = Array.from({ length: 5 }, () => listing.ownRequest());
	expect(turns).toEqual(['send', 'send', 'send', 'send', 'listingAnswers']);
	expect(calls).toHaveLength(1);
	// and so on for every later request: the rest is read once
	expect(listing.ownRequest()).toBe('listingAnswers');
	expect((await listing.answerFromRest('a.test/p2')).found.id).toBe(2);
	expect(calls.map((c) => c[1])).toEqual([1, 2, 3, 4, 5]);
});

test('a page joining after the listing met its URL looks itself up; one it never met is absent', async () => {
	const { searchPage } = scriptedSearch(site(50));
	const listing = new SiteListing('a.test', { listPage: searchPage });
	await listing.reply('a.test/p1');
	expect(await listing.reply('a.test/p9')).toEqual({ ownLookup: { budgeted: false } });
	expect(await listing.reply('a.test/new')).toEqual({ answer: { newestSeenId: 50 } });
});

test("a listing request that fails is every waiting page's failure (they then look themselves up)", async () => {
	const failure = new Error('listing failed');
	const listing = new SiteListing('a.test', { listPage: async () => Promise.reject(failure) });
	const results = await Promise.allSettled(['a.test/p1', 'a.test/p2'].map((u) => listing.reply(u)));
	expect(results.map((r) => r.reason)).toEqual([failure, failure]);
});

test('a taken record is not kept: each page takes its record once', async () => {
	const { searchPage } = scriptedSearch(site(3));
	const listing = new SiteListing('a.test', { listPage: searchPage });
	await Promise.all(['a.test/p1', 'a.test/p2'].map((u) => listing.reply(u)));
	expect(listing.kept.size).toBe(0);
	expect(listing.waiting.size).toBe(0);
});
