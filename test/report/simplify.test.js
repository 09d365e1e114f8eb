// The simplified report (report/simplify.ts). Pure functions, exact outputs.
const { simplifyReport } = require('../helpers/built').simplify;
const { sampleReport, SAMPLE_FAILED } = require('../helpers/fixtures/sample-report');

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
