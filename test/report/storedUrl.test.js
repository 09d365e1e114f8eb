const { storedUrl, isStoredUrlOf } = require('../helpers/built').storedUrl;
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
