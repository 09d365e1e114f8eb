// What a re-run changed (report/reportChanges.ts). Pure functions, exact outputs.
const { diffReports } = require('../helpers/built').reportChanges;

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

describe('diffReports', () => {
	const before = sampleReport();
	const after = sampleReport({
		result: 47,
		generated_at: '2026-01-06T09:00:00.000000Z',
		results: {
			...before.results,
			// regressions (passed before, fail now)
			meta_description: fail('high', null, { missing: null }),
			charset: fail('medium', null, { missing: null }),
			// fixed (failed before, pass now)
			load_time: pass('high', 1.2),
			dom_size: pass('low', 900),
			// still failing, other value: neither
			page_size: fail('medium', 401882, { too_large: { max: 330000 } }),
			// only on one side: not compared
			brand_new_check: fail('high', null, { missing: null }),
		},
	});

	test('score and label before and after, regressions with reasons, fixed checks', () => {
		expect(diffReports(before, after)).toEqual({
			previous_score: 58,
			score: 47,
			score_change: -11,
			previous_label: 'decent',
			label: 'bad',
			label_changed: true,
			previous_generated_at: '2026-01-05T09:00:00.000000Z',
			generated_at: '2026-01-06T09:00:00.000000Z',
			regressions: [
				{
					check: 'meta_description',
					category: 'seo',
					importance: 'high',
					reason: 'meta_description: missing',
				},
				{
					check: 'charset',
					category: 'miscellaneous',
					importance: 'medium',
					reason: 'charset: missing',
				},
			],
			fixed: [
				{ check: 'load_time', category: 'performance', importance: 'high' },
				{ check: 'dom_size', category: 'performance', importance: 'low' },
			],
		});
	});

	test('no change: empty lists, change 0; unknown scores give a null change', () => {
		expect(diffReports(before, before)).toMatchObject({
			score_change: 0,
			label_changed: false,
			regressions: [],
			fixed: [],
		});
		expect(diffReports({ result: null }, { result: 50 })).toMatchObject({
			previous_score: null,
			score: 50,
			score_change: null,
			previous_label: null,
			label: 'decent',
			label_changed: true,
		});
	});
});
