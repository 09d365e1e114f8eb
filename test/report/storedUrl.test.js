const { likeMatcher } = require('../sandbox/laravel');
const { storedUrl, isStoredUrlOf, pageSearchTerm, siteSearchTerm, pageLookupTerm, pageAddressOn } =
	require('../helpers/built').storedUrl;
const { PageSet } = require('../helpers/built').pageSet;
const { parsePageUrl } = require('../sandbox');

describe('storedUrl: a page URL as phpRank stores it', () => {
	test.each([
		['https://example.com/about', 'example.com/about'],
		['http://example.com/about', 'example.com/about'],
		['https://www.example.com/about/', 'example.com/about'],
		['https://example.com/about///', 'example.com/about'],
		['https://example.com/', 'example.com'],
		['https://example.com', 'example.com'],
		['HTTPS://WWW.Example.COM/About', 'example.com/About'],
		['https://example.com/about#team', 'example.com/about'],
		['  https://example.com/about  ', 'example.com/about'],
		['https://example.com/a/?q=1', 'example.com/a/?q=1'],
		['https://example.com:443/a', 'example.com/a'],
		['https://example.com/café', 'example.com/caf%C3%A9'],
		['https://blog.www.example.com/', 'blog.www.example.com'],
		['https://wwwexample.com/', 'wwwexample.com'],
	])('%s → %s', (url, stored) => {
		expect(storedUrl(url)).toBe(stored);
	});

	test.each([
		['example.com/about'],
		['example.com'],
		['example.com/About'],
		['example.com/a/?q=1'],
		['example.com/caf%C3%A9'],
	])('a URL already stored (%s) stays as it is', (stored) => {
		expect(storedUrl(stored)).toBe(stored);
	});

	test.each([
		'https://www.Example.com/About/',
		'http://shop.test/page-3?x=1',
		'https://example.com/a/b/',
		'https://example.com/café#top',
		'https://sub.example.com:8080/x',
	])('agrees with the sandbox, which stores URLs as phpRank does: %s', (url) => {
		expect(storedUrl(url)).toBe(parsePageUrl(url).key);
	});
});

describe('isStoredUrlOf: exact, not a substring', () => {
	test.each([
		['example.com/page-3', true],
		['www.example.com/page-3/', true],
		['example.com/page-30', false],
		['example.com/page-3/reviews', false],
		['shop.example.com/page-3', false],
		['example.com/page', false],
		[null, false],
		[42, false],
	])('%p is the report of example.com/page-3: %p', (reportUrl, expected) => {
		expect(isStoredUrlOf(reportUrl, storedUrl('https://example.com/page-3'))).toBe(expected);
	});
});

// The spellings of one page (RFC 3986 6.2.2 and 6.2.3, RFC 3987's mapping), each pair as the user
// may type the first and phpRank may hold the second (or the other way round), and its one identity.
const ONE_PAGE = [
	['https://a.test/café', 'https://a.test/caf%C3%A9', 'a.test/caf%C3%A9'],
	['https://a.test/caf%c3%a9', 'https://a.test/caf%C3%A9', 'a.test/caf%C3%A9'],
	['a.test/café', 'a.test/caf%c3%a9', 'a.test/caf%C3%A9'],
	['https://a.test/%7Euser', 'https://a.test/~user', 'a.test/~user'],
	['https://a.test/%7euser', 'a.test/~user', 'a.test/~user'],
	['https://a.test/a b', 'https://a.test/a%20b', 'a.test/a%20b'],
	['https://a.test:443/p', 'https://a.test/p', 'a.test/p'],
	['http://a.test:80/p', 'a.test/p', 'a.test/p'],
	['a.test:443/p', 'a.test/p', 'a.test/p'],
	['https://a.test/docs/../p', 'https://a.test/p', 'a.test/p'],
	['a.test/docs/./../p/./', 'a.test/p', 'a.test/p'],
	['HTTPS://WWW.A.TEST/p', 'a.test/p', 'a.test/p'],
	['https://a.test/p?q=café', 'a.test/p?q=caf%C3%A9', 'a.test/p?q=caf%C3%A9'],
	['https://a.test/p?q=a b&r=%7e', 'a.test/p?q=a%20b&r=~', 'a.test/p?q=a%20b&r=~'],
	['https://a.test/a|b', 'a.test/a%7cb', 'a.test/a%7Cb'],
	['https://café.test/x', 'xn--caf-dma.test/x', 'xn--caf-dma.test/x'],
	['https://a.test/p/#part', 'http://www.a.test/p', 'a.test/p'],
];

// Pairs that stay two pages: the path's case, the query's order, an encoded reserved character, a port.
const TWO_PAGES = [
	['https://a.test/P', 'https://a.test/p'],
	['https://a.test/p?a=1&b=2', 'https://a.test/p?b=2&a=1'],
	['https://a.test/a%2Fb', 'https://a.test/a/b'],
	['https://a.test/p%3Fx', 'https://a.test/p?x'],
	['https://a.test/p%23x', 'https://a.test/p'],
	['https://a.test:8080/p', 'https://a.test/p'],
	['https://a.test/caf%C3%A9', 'https://a.test/cafe'],
	['https://a.test/p', 'https://b.test/p'],
	['https://a.test/p', 'https://a.test/p/q'],
];

describe('one page, one identity: every spelling in both orders', () => {
	test.each(ONE_PAGE)('%s and %s are the page %s', (first, second, identity) => {
		expect(storedUrl(first)).toBe(identity);
		expect(storedUrl(second)).toBe(identity);
		expect(storedUrl(identity)).toBe(identity);
		expect(isStoredUrlOf(second, storedUrl(first))).toBe(true);
		expect(isStoredUrlOf(first, storedUrl(second))).toBe(true);
	});

	test('a letter written as its percent-encoding is the letter (compared, not searched for: docs/usage.md)', () => {
		expect(storedUrl('https://a.test/%41%62c')).toBe('a.test/Abc');
		expect(isStoredUrlOf('a.test/%41%62c', storedUrl('https://a.test/Abc'))).toBe(true);
	});

	test.each(TWO_PAGES)('%s and %s stay two pages', (first, second) => {
		expect(storedUrl(first)).not.toBe(storedUrl(second));
		expect(isStoredUrlOf(second, storedUrl(first))).toBe(false);
		expect(isStoredUrlOf(first, storedUrl(second))).toBe(false);
	});

	test('the page set (Get Issues, the trigger) counts every spelling of a page once', () => {
		const pages = new PageSet();
		for (const [first, second] of ONE_PAGE) {
			pages.add(first);
			expect(pages.add(second)).toBe(false);
			expect(pages.has(second)).toBe(true);
		}
		const distinct = new Set(ONE_PAGE.map(([, , identity]) => identity));
		expect(pages.size).toBe(distinct.size);
		for (const [first, second] of TWO_PAGES) {
			const apart = new PageSet();
			expect(apart.add(first)).toBe(true);
			expect(apart.add(second)).toBe(true);
		}
	});
});

describe('the search terms: a part every spelling of the page shares', () => {
	/** phpRank's search: LIKE %term%, case-insensitive, on the URL as stored (scheme, www. and trailing / cut). */
	const asStored = (url) =>
		url
			.trim()
			.replace(/^https?:\/\//i, '')
			.replace(/^www\./i, '')
			.replace(/\/+$/, '')
			.replace(/#.*$/, '');
	const listedBy = (term, url) => asStored(url).toLowerCase().includes(term.toLowerCase());
	/** The same search with `%` as SQL's LIKE reads it (phpRank passes the term as it is): the sandbox's. */
	const listedByLike = (term, url) => likeMatcher(term)(asStored(url));

	test.each(ONE_PAGE)(
		'%s / %s: each spelling is listed by the page and site terms',
		(first, second) => {
			for (const typed of [first, second]) {
				const page = storedUrl(typed);
				for (const held of [first, second]) {
					expect(listedBy(pageSearchTerm(page), held)).toBe(true);
					expect(listedBy(siteSearchTerm(page), held)).toBe(true);
					expect(listedByLike(pageLookupTerm(page), held)).toBe(true);
				}
			}
		},
	);

	test.each([
		['example.com/about', '/about', 'example.com'],
		['example.com', 'example.com', 'example.com'],
		['a.test/caf%C3%A9/menu-items', '/menu-items', 'a.test'],
		['a.test/caf%C3%A9-menu', '-menu', 'a.test'],
		['a.test/p?page=123', 'page', 'a.test'],
		['a.test/~user', 'user', 'a.test'],
		['xn--caf-dma.test:8080/x', '/x', 'test'],
		['shop.a.test/cart', '/cart', 'shop.a.test'],
	])('%s: page term %s, site term %s', (page, pageTerm, siteTerm) => {
		expect(pageSearchTerm(page)).toBe(pageTerm);
		expect(siteSearchTerm(page)).toBe(siteTerm);
	});

	test.each([
		['example.com/about', 'example.com%/about'],
		['example.com', 'example.com'],
		['a.test/caf%C3%A9/menu-items', 'a.test%/menu-items'],
		['a.test/p?page=123', 'a.test%page'],
		['xn--caf-dma.test:8080/x', 'test%/x'],
		['shop.a.test/cart', 'shop.a.test%/cart'],
	])('%s: lookup term %s (the site, then the path)', (page, term) => {
		expect(pageLookupTerm(page)).toBe(term);
	});

	test.each([
		['site-7.test/about', 'site-17.test/about', false],
		['site-7.test/about', 'site-70.test/about', false],
		['site-7.test/about', 'other.test/about', false],
		['site-7.test/about', 'my-site-7.test/about', true],
		['site-7.test/about', 'site-7.test/blog/about-us', true],
	])(
		'the lookup term of %s lists %s: %s (a listed neighbour is compared exactly)',
		(page, held, listed) => {
			expect(listedByLike(pageLookupTerm(page), held)).toBe(listed);
		},
	);
});

describe("pageAddressOn: a report's page asked at the Site's address, never elsewhere", () => {
	const site = new URL('https://a.test');
	test.each([
		['a.test/gone', 'https://a.test/gone'],
		['www.a.test/gone/', 'https://a.test/gone/'],
		['http://a.test/caf%c3%a9?x=1#top', 'https://a.test/caf%c3%a9?x=1'],
		['a.test:443/p', 'https://a.test/p'],
		['a.test', 'https://a.test/'],
		['a.test?page=2', 'https://a.test/?page=2'],
		// a path that reads as another host stays a path of the site
		['a.test//evil.test/login', 'https://a.test//evil.test/login'],
		['a.test/\\evil.test/login', 'https://a.test//evil.test/login'],
		['a.test/x@evil.test', 'https://a.test/x@evil.test'],
	])('%s is asked at %s', (reportUrl, address) => {
		expect(pageAddressOn(site, reportUrl)).toBe(address);
	});
});
