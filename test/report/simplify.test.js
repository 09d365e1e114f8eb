// The simplified report (report/simplify.ts). Pure functions, exact outputs.
const { simplifyReport } = require('../helpers/built').simplify;

const pass = (importance, value = null) => ({ passed: true, importance, value });
const fail = (importance, value, errors) => ({ passed: false, importance, value, errors });

/** A report as phpRank 1.5 sends it, with one failure of most error kinds. */
function sampleReport(overrides = {}) {
	return {
		id: 12,
		url: 'example.com/about',
		project: 'example.com',
		result: 58,
		results: {
			title: fail(
				'high',
				'The Complete Guide to Everything You Ever Wanted to Know About Our Products',
				{
					length: { min: 1, max: 60 },
				},
			),
			meta_description: pass('high', 'About us'),
			headings: fail('high', { h1: ['A', 'B'] }, { duplicate: null }),
			image_keywords: fail('medium', ['/a.png', '/b.png'], { missing: ['/a.png', '/b.png'] }),
			favicon: pass('low', 'https://example.com/favicon.ico'),
			load_time: fail('high', 2.41, { too_slow: { max: 2 } }),
			page_size: fail('medium', 612734, { too_large: { max: 330000 } }),
			dom_size: fail('low', 1622, { too_many: { max: 1500 } }),
			https_encryption: pass('high', 'https'),
			server_signature: fail('medium', 'Apache/2.4.41 (Ubuntu)', { failed: null }),
			content_length: fail('low', 214, { too_few: { min: 500 } }),
			deprecated_html_tags: fail(
				'low',
				{ center: 2, font: 1 },
				{ bad_tags: { center: 2, font: 1 } },
			),
			charset: pass('medium', 'utf-8'),
		},
		privacy: 1,
		password: false,
		generated_at: '2026-01-05T09:00:00.000000Z',
		created_at: '2026-01-04T09:00:00.000000Z',
		updated_at: '2026-01-05T09:00:00.000000Z',
		...overrides,
	};
}

const SAMPLE_FAILED = {
	seo: [
		{ check: 'title', importance: 'high', reason: 'title: 75 characters, max 60' },
		{ check: 'headings', importance: 'high', reason: 'headings: duplicate' },
		{
			check: 'image_keywords',
			importance: 'medium',
			reason: 'image_keywords: images without alt text: /a.png, /b.png',
		},
	],
	performance: [
		{ check: 'load_time', importance: 'high', reason: 'load_time: 2.41 s, max 2 s' },
		{ check: 'page_size', importance: 'medium', reason: 'page_size: 612.7 kB, max 330 kB' },
		{ check: 'dom_size', importance: 'low', reason: 'dom_size: 1622 elements, max 1500' },
	],
	security: [
		{
			check: 'server_signature',
			importance: 'medium',
			reason: 'server_signature: server signature shown: Apache/2.4.41 (Ubuntu)',
		},
	],
	miscellaneous: [
		{ check: 'content_length', importance: 'low', reason: 'content_length: 214 words, min 500' },
		{
			check: 'deprecated_html_tags',
			importance: 'low',
			reason: 'deprecated_html_tags: deprecated tags: center (2), font (1)',
		},
	],
};

describe('simplifyReport', () => {
	test('the simplified item: 8 fields, failed checks with reasons', () => {
		expect(simplifyReport(sampleReport())).toEqual({
			id: 12,
			url: 'example.com/about',
			project: 'example.com',
			score: 58,
			label: 'decent',
			generated_at: '2026-01-05T09:00:00.000000Z',
			privacy: 'private',
			failed_checks: SAMPLE_FAILED,
		});
	});

	test('newer builds (`score`), v1.1 (`result: null`) and numbers sent as strings', () => {
		const newer = sampleReport({ result: undefined, score: '85', id: '12', privacy: '0' });
		delete newer.result;
		expect(simplifyReport(newer)).toMatchObject({
			id: 12,
			score: 85,
			label: 'good',
			privacy: 'public',
		});
		expect(simplifyReport(sampleReport({ result: null }))).toMatchObject({
			score: 36,
			label: 'bad',
		});
	});

	test('a report without checks still has every field', () => {
		expect(simplifyReport({ id: 3 })).toEqual({
			id: 3,
			url: null,
			project: null,
			score: null,
			label: null,
			generated_at: null,
			privacy: null,
			failed_checks: { seo: [], performance: [], security: [], miscellaneous: [] },
		});
	});
});
