// nodes/PhpRank/report/reportId.ts: a report's ID, the one reading of it: as a number (Create or
// Re-Run's lookup and listing, the read after a Create, the trigger, Validate Fix's re-runs, Audit
// Site's plan) and as an output shows it (Simplify, Get Issues' pages).
const { reportId, shownReportId, byIdAscending } = require('../helpers/built').reportId;

test.each([
	[{ id: 12 }, 12],
	[{ id: '12' }, 12],
	[{ id: ' 863 ' }, 863],
	[{ id: null }, 0],
	[{}, 0],
	[{ id: 'abc' }, 0],
	[{ id: Infinity }, 0],
])('reportId(%j) = %p', (report, id) => {
	expect(reportId(report)).toBe(id);
});

test('byIdAscending: oldest first, a number-like string by its number', () => {
	const reports = [{ id: '10' }, { id: 9 }, {}, { id: 100 }];
	expect([...reports].sort(byIdAscending)).toEqual([{}, { id: 9 }, { id: '10' }, { id: 100 }]);
});

test.each([
	[{ id: 12 }, 12],
	[{ id: '12' }, 12],
	[{ id: ' 863 ' }, 863],
	[{ id: 'abc' }, 'abc'],
	[{ id: true }, 'true'],
	[{ id: null }, null],
	[{}, null],
])(
	'shownReportId(%j) = %p: the number, else what phpRank sent as text, else null',
	(report, id) => {
		expect(shownReportId(report)).toBe(id);
	},
);
