// nodes/PhpRank/report/maxAge.ts: Max Age (Hours) as Create or Re-Run and Audit Site read it. Through the operations:
// test/createOrRerun/rules.test.js ("Max Age") and test/operations/project/auditSite.test.js.
const { isWithinMaxAge, generatedTime } = require('../helpers/built').maxAge;

const NOW = Date.parse('2026-03-02T12:00:00Z');

describe('isWithinMaxAge', () => {
	test.each([
		['2026-03-02T10:00:01.000000Z', 2, true],
		['2026-03-02T10:00:00.000000Z', 2, false],
		['2026-03-02T11:59:59Z', 0, false],
		['2026-03-02T11:59:59Z', -1, false],
		['2026-03-02T11:59:59Z', NaN, false],
		['not a date', 24, false],
		[null, 24, false],
		[undefined, 24, false],
		[1772452799000, 24, false],
	])('generated %p, Max Age %p h: %p', (generatedAt, hours, within) => {
		expect(isWithinMaxAge(generatedAt, hours, NOW)).toBe(within);
	});
});

describe('generatedTime', () => {
	test('a date as phpRank writes it, or NaN', () => {
		expect(generatedTime('2026-03-02T10:00:00.000000Z')).toBe(Date.parse('2026-03-02T10:00:00Z'));
		expect(generatedTime('soon')).toBeNaN();
		expect(generatedTime(null)).toBeNaN();
	});
});
