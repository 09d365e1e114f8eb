// The Report field of Get, Update and Delete (nodes/PhpRank/resources/report/reportById.ts), read and
// checked before any request. Through the node: test/node/errors.test.js.
const { reportFieldId } = require('../../helpers/built').reportById;
const { refusal } = require('../../helpers/input-refusal');

/** A context whose Report field (its value once extracted, as n8n hands it) is `value`. */
const reportField = (value) => ({
	getNodeParameter: (name, fallback, options) => {
		expect([name, fallback, options]).toEqual(['reportId', undefined, { extractValue: true }]);
		return value;
	},
});

describe('reportFieldId: the Report field, read and checked', () => {
	test.each([
		[12, 12],
		['12', 12],
		[' 7 ', 7],
		['9007199254740991', 9007199254740991],
	])('accepts %p', (value, id) => expect(reportFieldId(reportField(value))).toBe(id));

	test.each([
		[0, 'Report ID must be a positive whole number, like 12 (got 0)'],
		[-3, 'Report ID must be a positive whole number, like 12 (got -3)'],
		[1.5, 'Report ID must be a positive whole number, like 12 (got 1.5)'],
		['abc', 'Report ID must be a positive whole number, like 12 (got "abc")'],
		['12/../projects', 'Report ID must be a positive whole number, like 12 (got "12/../projects")'],
		['', 'Report ID must be a positive whole number, like 12 (got nothing)'],
		[null, 'Report ID must be a positive whole number, like 12 (got null)'],
		[{ id: 1 }, 'Report ID must be a positive whole number, like 12 (got {"id":1})'],
		[
			'9007199254740993',
			'Report ID must be a positive whole number, like 12 (got "9007199254740993")',
		],
	])('refuses %p', (value, message) => {
		expect(refusal(() => reportFieldId(reportField(value)))).toEqual({ field: 'Report', message });
	});
});
