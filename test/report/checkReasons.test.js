// The one-line reasons of failed checks (report/checkReasons.ts). Pure functions, exact outputs.
const { categoryOf } = require('../helpers/built').score;
const { checkReason, failedChecks } = require('../helpers/built').checkReasons;
const { pass, fail, sampleReport, SAMPLE_FAILED } = require('../helpers/fixtures/sample-report');

describe('one-line reasons', () => {
	test.each([
		['load_time', fail('high', 2.41, { too_slow: { max: 2 } }), 'load_time: 2.41 s, max 2 s'],
		['load_time', fail('high', 3.066666, { too_slow: { max: 2 } }), 'load_time: 3.07 s, max 2 s'],
		[
			'page_size',
			fail('medium', 1288301, { too_large: { max: 330000 } }),
			'page_size: 1.3 MB, max 330 kB',
		],
		['page_size', fail('medium', 900, { too_large: { max: 800 } }), 'page_size: 900 B, max 800 B'],
		[
			'title',
			fail('high', 'x'.repeat(88), { length: { min: 1, max: 60 } }),
			'title: 88 characters, max 60',
		],
		[
			'meta_description',
			fail('high', 'short', { length: { min: 70, max: 160 } }),
			'meta_description: 5 characters, min 70',
		],
		[
			'title',
			fail('high', null, { length: { min: 1, max: 60 } }),
			'title: length not 1 to 60 characters',
		],
		['title', fail('high', null, { missing: null }), 'title: missing'],
		[
			'in_page_links',
			fail('medium', { internals: 158, externals: 12 }, { too_many: { max: 150 } }),
			'in_page_links: 170 links, max 150',
		],
		[
			'http_requests',
			fail('medium', { JavaScripts: 21, CSS: 9, Images: 38 }, { too_many: { max: 50 } }),
			'http_requests: 68 requests, max 50',
		],
		[
			'text_html_ratio',
			fail('low', 6.2, { too_small: { min: 10 } }),
			'text_html_ratio: 6.2 %, min 10 %',
		],
		[
			'content_length',
			fail('low', 97, { too_few: { min: 500 } }),
			'content_length: 97 words, min 500',
		],
		[
			'content_keywords',
			fail('high', ['pricing'], { missing: ['plans', 'teams'] }),
			'content_keywords: keywords missing from the content: plans, teams',
		],
		[
			'defer_javascript',
			fail('medium', ['/a.js', '/b.js', '/c.js', '/d.js', '/e.js'], {
				missing: ['/a.js', '/b.js', '/c.js', '/d.js', '/e.js'],
			}),
			'defer_javascript: scripts not deferred: /a.js, /b.js, /c.js and 2 more',
		],
		[
			'image_format',
			fail('medium', ['/a.png'], { bad_format: ['/a.png'] }),
			'image_format: images in an old format: /a.png',
		],
		[
			'seo_friendly_url',
			fail('medium', 'https://x.test/A_B', { bad_format: null }),
			'seo_friendly_url: bad format',
		],
		[
			'mixed_content',
			fail('medium', ['http://cdn.test/a.png'], { failed: ['http://cdn.test/a.png'] }),
			'mixed_content: insecure resources: http://cdn.test/a.png',
		],
		[
			'unsafe_cross_origin_links',
			fail('medium', [], { failed: ['https://twitter.com/share'] }),
			'unsafe_cross_origin_links: links without rel="noopener": https://twitter.com/share',
		],
		[
			'plaintext_email',
			fail('low', [], { failed: ['info@example.org'] }),
			'plaintext_email: e-mail addresses in plain text: info@example.org',
		],
		[
			'noindex',
			fail('high', 'noindex, nofollow', { failed: null }),
			'noindex: noindex set: noindex, nofollow',
		],
		['robots', fail('medium', null, { failed: null }), 'robots: blocked by robots.txt'],
		['https_encryption', fail('high', 'http', { missing: null }), 'https_encryption: missing'],
		[
			'headings',
			fail('high', {}, { missing: null, duplicate: null }),
			'headings: missing; duplicate',
		],
		[
			'deprecated_html_tags',
			fail('low', {}, { bad_tags: { marquee: 1 } }),
			'deprecated_html_tags: deprecated tags: marquee (1)',
		],
		[
			'future_check',
			fail('low', 3, { some_new_error: { limit: 2 } }),
			'future_check: some new error: {"limit":2}',
		],
		['future_check', fail('low', 3, { other: null }), 'future_check: other'],
		['future_check', { passed: false, importance: 'low', value: 1 }, 'future_check: failed'],
		['dom_size', fail('low', 'lots', { too_many: { max: 1500 } }), 'dom_size: too many, max 1500'],
	])('%s: %j', (name, check, reason) => {
		expect(checkReason(name, check)).toBe(reason);
	});

	test('long list items are shortened', () => {
		const long = `https://example.com/${'a'.repeat(80)}`;
		expect(checkReason('mixed_content', fail('medium', [long], { failed: [long] }))).toBe(
			`mixed_content: insecure resources: ${long.slice(0, 57)}...`,
		);
	});
});

describe('failed checks by category', () => {
	test('the four categories, most important first, with reasons', () => {
		expect(failedChecks(sampleReport().results)).toEqual(SAMPLE_FAILED);
	});

	test('all four categories are present when nothing failed; passed "1"/"0" from PHP are read', () => {
		expect(
			failedChecks({ title: pass('high'), charset: { passed: '1', importance: 'medium' } }),
		).toEqual({
			seo: [],
			performance: [],
			security: [],
			miscellaneous: [],
		});
		expect(
			failedChecks({ charset: { passed: 0, importance: 'medium', errors: { missing: null } } }),
		).toEqual({
			seo: [],
			performance: [],
			security: [],
			miscellaneous: [{ check: 'charset', importance: 'medium', reason: 'charset: missing' }],
		});
	});

	test("importance as the report says it, where it differs from the catalogue's; the catalogue only where it says none", () => {
		const grouped = failedChecks({
			title: { passed: false, importance: 'low', errors: { missing: null } },
			charset: { passed: false, errors: { missing: null } },
			ai_readiness: { passed: false, errors: { missing: null } },
		});
		expect(grouped.seo).toEqual([{ check: 'title', importance: 'low', reason: 'title: missing' }]);
		expect(grouped.miscellaneous).toEqual([
			{ check: 'charset', importance: 'medium', reason: 'charset: missing' },
			{ check: 'ai_readiness', importance: null, reason: 'ai_readiness: missing' },
		]);
	});

	test('checks this package does not know go under miscellaneous, after the known ones', () => {
		expect(categoryOf('load_time')).toBe('performance');
		expect(categoryOf('ai_readiness')).toBe('miscellaneous');
		const grouped = failedChecks({
			ai_readiness: fail('low', null, { missing: null }),
			charset: fail('low', null, { missing: null }),
		});
		expect(grouped.miscellaneous.map((c) => c.check)).toEqual(['charset', 'ai_readiness']);
	});
});
