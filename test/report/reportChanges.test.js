// What a re-run changed (report/reportChanges.ts). Pure functions, exact outputs.
const { diffReports } = require('../helpers/built').reportChanges;
const { pass, fail, sampleReport } = require('../helpers/fixtures/sample-report');

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
