// Where the operations apply the views (shared/reportOutput.ts, resources/report/update.ts).
const { projectWithAverage } = require('../helpers/built').score;
const { simplifyReport } = require('../helpers/built').simplify;
const { reportView } = require('../helpers/built').reportOutput;
const { needsPreviousState } = require('../helpers/built').update;
const { SIMPLIFY_DEFAULT, simplifyField, outputChangesField } = require('../helpers/built').fields;

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

describe('where the operations apply the views (shared/reportOutput.ts, report/update.ts)', () => {
	/** A stand-in for n8n's per-item context: only getNodeParameter is used. */
	const context = (parameters) => ({
		getNodeParameter: (name, fallback) => (name in parameters ? parameters[name] : fallback),
	});
	const report = sampleReport();

	test('the field default and the fallback agree: Simplify is on by default', () => {
		expect(SIMPLIFY_DEFAULT).toBe(true);
		expect(simplifyField().default).toBe(SIMPLIFY_DEFAULT);
		expect(outputChangesField({ show: {} }).default).toBe(false);
	});

	test('a report: simplified by default, raw with Simplify off', () => {
		expect(reportView(context({}))(report)).toEqual(simplifyReport(report));
		expect(reportView(context({ simplify: false }))(report)).toEqual(report);
	});

	test('non-object records pass unchanged', () => {
		expect(reportView(context({}))('x')).toEqual('x');
	});

	test('project Get Many adds the average', () => {
		const project = { project: 'a.test', reports: 2, result: '101.00' };
		expect(projectWithAverage(project)).toEqual({
			...project,
			average_score: 50.5,
			label: 'decent',
		});
	});

	test('Update asks for the state before only with Re-Run Analysis and Output Changes on', () => {
		expect(needsPreviousState(context({ outputChanges: true }), true)).toBe(true);
		expect(needsPreviousState(context({ outputChanges: false }), true)).toBe(false);
		expect(needsPreviousState(context({ outputChanges: true }), false)).toBe(false);
	});
});
