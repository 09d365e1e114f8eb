// nodes/PhpRank/report/reportId.ts: a report's ID as a number, the one reading of it (Create or Re-Run's
// lookup and listing, the read after a Create, the trigger).
const { reportId, byIdAscending } = require('../helpers/built').reportId;

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
