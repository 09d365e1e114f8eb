// nodes/PhpRank/report/pageSet.ts: the pages a site-wide count has met, as URL fingerprints.
const { PageSet, fingerprint } = require('../helpers/built').pageSet;
const { storedUrl } = require('../helpers/built').storedUrl;

test('adds each URL once, tells whether it was new, and grows past its first capacity', () => {
	const pages = new PageSet();
	const urls = Array.from({ length: 5000 }, (_, i) => `site.test/section-${i % 7}/page-${i}`);
	expect(urls.every((url) => pages.add(url))).toBe(true);
	expect(pages.size).toBe(5000);
	expect(urls.some((url) => pages.add(url))).toBe(false);
	expect(pages.size).toBe(5000);
	expect(urls.every((url) => pages.has(url))).toBe(true);
	expect(pages.has('site.test/page-5000')).toBe(false);
	expect(pages.add('')).toBe(true);
	expect(pages.has('')).toBe(true);
});

test('fingerprints: whole numbers from 1 to 2^53, none shared among 200,000 URLs alike but for a digit or a case', () => {
	const seen = new Set();
	for (let i = 0; i < 100000; i++) {
		for (const url of [`shop.test/p/${i}`, `Shop.test/p/${i}`]) {
			const print = fingerprint(url);
			expect(Number.isSafeInteger(print) && print >= 1 && print <= 2 ** 53).toBe(true);
			seen.add(print);
		}
	}
	expect(seen.size).toBe(200000);
	expect(fingerprint('a.test/é')).not.toBe(fingerprint('a.test/e'));
});

test('a URL already in its one identity (addStored, hasStored) is the same page as any spelling of it', () => {
	const pages = new PageSet();
	expect(pages.addStored(storedUrl('https://www.a.test/caf%c3%a9/'))).toBe(true);
	expect(pages.has('http://a.test/café')).toBe(true);
	expect(pages.hasStored('a.test/caf%C3%A9')).toBe(true);
	expect(pages.add('https://a.test:443/docs/../café#top')).toBe(false);
	expect(pages.addStored('a.test/caf%C3%A9')).toBe(false);
	// the stored form is taken as given: a spelling that is not one is another page
	expect(pages.hasStored('https://a.test/café')).toBe(false);
	expect(pages.size).toBe(1);
});
