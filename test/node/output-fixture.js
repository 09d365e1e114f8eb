'use strict';
// The seed and the written-out Simplified report that the output-option tests share (Simplify on
// report operations, Project Get Many's average, Update's before/after of a re-run).

/** Three reports; re-running the third moves 50 -> 58: one check newly fails, three newly pass. */
const OUTPUT_SEED = [
	{ url: 'https://example.com/', score: 91 },
	{ url: 'http://example.com/about', score: 64 },
	{ url: 'https://site.test/page-9', score: 50 },
];

/** Report 2 of OUTPUT_SEED simplified, written out: the reasons come from the sandbox's check values. */
const REPORT_2 = {
	id: 2,
	url: 'example.com/about',
	project: 'example.com',
	score: 64,
	label: 'decent',
	generated_at: '2026-01-05T07:00:00.000000Z',
	privacy: 'public',
	failed_checks: {
		seo: [
			{ check: 'headings', importance: 'high', reason: 'headings: duplicate' },
			{ check: 'noindex', importance: 'high', reason: 'noindex: noindex set: noindex' },
			{ check: '404_page', importance: 'medium', reason: '404_page: missing' },
			{
				check: 'robots',
				importance: 'medium',
				reason: 'robots: blocked by robots.txt: Disallow: /',
			},
			{ check: 'in_page_links', importance: 'medium', reason: 'in_page_links: 206 links, max 150' },
			{ check: 'language', importance: 'medium', reason: 'language: missing' },
		],
		performance: [
			{ check: 'page_size', importance: 'medium', reason: 'page_size: 401.9 kB, max 330 kB' },
			{ check: 'dom_size', importance: 'low', reason: 'dom_size: 3310 elements, max 1500' },
		],
		// a plain http:// page
		security: [
			{ check: 'https_encryption', importance: 'high', reason: 'https_encryption: missing' },
		],
		miscellaneous: [],
	},
};

module.exports = { OUTPUT_SEED, REPORT_2 };
