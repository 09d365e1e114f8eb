// Where the operations apply the views (report/reportView.ts, resources/report/update.ts).
const { projectWithAverage } = require('../../helpers/built').score;
const { simplifyReport } = require('../../helpers/built').simplify;
const { reportView } = require('../../helpers/built').reportView;
const { needsPreviousState } = require('../../helpers/built').update;
const { SIMPLIFY_DEFAULT, simplifyField, outputChangesField } =
	require('../../helpers/built').fields;
const { pass, sampleReport } = require('../../helpers/fixtures/sample-report');

describe('where the operations apply the views (report/reportView.ts, resources/report/update.ts)', () => {
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
