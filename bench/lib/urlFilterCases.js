'use strict';
// Section 9's cases (bench/lib/urlFilters.js): Include / Exclude URLs Containing as users write them,
// on their worst case, one URL of 2,048 characters (phpRank's longest), and on 1,000 URLs as sitemaps
// list them. `native`: JavaScript's own RegExp is timed on the same URLs too (only where it answers
// in time: not on the worst cases that hold it for minutes).

/**
 * A URL of exactly `length` characters: `https://a.test`, `lead`, `unit` repeated, then `tail`. The
 * lead holds the text every match contains, which the engine looks for first: the matching then
 * runs to the URL's end, as on a URL made to be slow.
 */
function worstCase(unit, tail = '', length = 2048, lead = '') {
	const head = `https://a.test${lead}`;
	const body = unit.repeat(Math.ceil(length / unit.length));
	return head + body.slice(0, length - head.length - tail.length) + tail;
}

/** 1,000 URLs as a site's sitemap lists them (about 60 characters each). */
function sitemapUrls() {
	const sections = ['blog', 'shop', 'en/blog', 'tag', 'docs', 'author'];
	return Array.from(
		{ length: 1000 },
		(_, i) =>
			`https://www.example.com/${sections[i % 6]}/${i % 7 === 0 ? '2024/' : ''}some-article-title-${i}${i % 3 ? '/' : i % 2 ? '.html' : '.pdf'}`,
	);
}

const CASES = [
	{
		key: 'enEs',
		field: '/(\\/(?:en|es))+\\/blog\\//',
		about: "the issue's, harmless (refused before as exponential)",
		worst: ['/en', '/x', 2048, '/blog/'],
		native: true,
	},
	{
		key: 'categoryCatalog',
		field: '/(\\/(?:category|catalog)\\/[\\w-]+)+$/',
		about: "the issue's, harmless (refused before as exponential)",
		worst: ['/category/a-b', '/'],
		native: true,
	},
	{
		key: 'threeSegmentsPdf',
		field: '/\\/.*\\/.*\\/.*\\.pdf$/i',
		about: "the issue's, polynomial for JavaScript (accepted before)",
		worst: ['/a', '', 2048, '/x.pdf'],
	},
	{
		key: 'nestedRepetition',
		field: '/(\\w+-?)+\\.pdf$/i',
		about: 'exponential for JavaScript (refused before)',
		worst: ['a', '!', 2048, '/x.pdf'],
	},
	{
		key: 'largestProgram',
		field: '/[^#]{0,999}[xy]/',
		about: 'the largest program accepted (2,000 instructions)',
		worst: ['a', ''],
		native: true,
	},
	{
		key: 'blogYear',
		field: '/\\/blog\\/\\d{4}\\//i',
		about: 'harmless',
		sitemap: true,
		native: true,
	},
	{
		key: 'anchoredPrefix',
		field: '/^https:\\/\\/www\\.example\\.com\\/(blog|shop)\\//',
		about: 'harmless, anchored',
		sitemap: true,
		native: true,
	},
	{ key: 'pdfName', field: '/[\\w-]+\\.pdf$/i', about: 'harmless', sitemap: true, native: true },
	{
		key: 'placeholderText',
		field: '/tag/, /author/',
		about: "Exclude's placeholder (text here; a regular expression before)",
		sitemap: true,
	},
	// Match As Text (version 1.3's default; issue 49): the URL also compared percent-decoded. A
	// baseline without Match As reads the same field by its shape (text as written)
	{
		key: 'placeholderAsText',
		field: '/tag/, /author/',
		matchAs: 'text',
		about: "Exclude's placeholder, Match As Text (1.3's default; the baseline: by its shape)",
		sitemap: true,
	},
	{
		key: 'placeholderAsTextEncoded',
		field: '/tag/, /author/',
		matchAs: 'text',
		about:
			"Exclude's placeholder, Match As Text, on percent-encoded URLs (each also decoded to compare; the baseline: as written)",
		sitemap: true,
		encoded: true,
	},
	{
		key: 'accentAsTextEncoded',
		field: '/café/, /tag/',
		matchAs: 'text',
		about:
			'a text with an accent, Match As Text, on percent-encoded URLs: each URL decoded to compare (the baseline: text as written, never keeping /caf%C3%A9/)',
		sitemap: true,
		encoded: true,
	},
];

/** The same 1,000 URLs with a non-Latin word in each path, percent-encoded as sitemaps write them. */
function encodedSitemapUrls() {
	const words = ['блог', 'café', 'über-uns', 'магазин', '日本語'];
	return sitemapUrls().map((url, i) =>
		url.replace('/some-article-', `/${encodeURIComponent(words[i % words.length])}-article-`),
	);
}

/** The URLs a case is timed on. */
function urlsOf(testCase) {
	if (testCase.encoded) return encodedSitemapUrls();
	return testCase.sitemap ? sitemapUrls() : [worstCase(...testCase.worst)];
}

module.exports = { CASES, urlsOf, worstCase };
