// The rolling watch's pure parts (nodes/PhpRank/trigger/rollingWatch.ts): where a slice starts, what
// it covered, and which recorded reports are gone.
const fs = require('node:fs');
const path = require('node:path');
const { afterSlice, rolledRecords, sliceCursor, slicePage, SLICE_PAGES, pollsPerRound } =
	require('../helpers/built').rollingWatch;

const reports = (from, to) => {
	const list = [];
	for (let id = from; id >= to; id--) list.push({ id });
	return list;
};
const recorded = (from, to) => Object.fromEntries(reports(from, to).map(({ id }) => [id, 0]));

test('a round starts below page 1; a recorded cursor inside page 1 starts there too', () => {
	const pageOne = reports(1000, 901);
	expect(sliceCursor(undefined, pageOne)).toBe(901);
	expect(sliceCursor(950, pageOne)).toBe(901);
	expect(sliceCursor(400, pageOne)).toBe(400);
});

test("the slice's first page: the page of the first report below the cursor, one page earlier", () => {
	const pageOne = reports(1000, 901);
	expect(slicePage({}, 901, pageOne)).toBe(2);
	// 100 on page 1 and 400 recorded at or above the cursor: the next report is the 501st, page 6
	expect(slicePage(recorded(900, 501), 501, pageOne)).toBe(5);
	expect(slicePage(recorded(900, 1), 501, pageOne)).toBe(5);
});

test('after a slice: joined, the next cursor or the end of the round; not joined, a new round', () => {
	expect(afterSlice(501, 5, reports(560, 61), false)).toEqual({ cursor: 61, covered: [[61, 501]] });
	expect(afterSlice(501, 5, reports(560, 1), true)).toEqual({
		cursor: undefined,
		covered: [[0, 501]],
	});
	// the slice starts below the cursor (more deleted than the margin): covers what it read, starts over
	expect(afterSlice(501, 5, reports(400, 1), false)).toEqual({
		cursor: undefined,
		covered: [[1, 400]],
	});
	expect(afterSlice(501, 9, [], true)).toEqual({ cursor: undefined, covered: [] });
});

test('rolled records: decided over recorded; a recorded report inside a covered range not read is gone', () => {
	const read = { reports: [{ id: 10 }, { id: 8 }], covered: [[8, 10]] };
	expect(rolledRecords({ 5: 1, 8: 1, 9: 1, 10: 1 }, { 8: 2, 10: 0 }, read)).toEqual({
		5: 1,
		8: 2,
		10: 0,
	});
});

test('pollsPerRound: ceil((full pages - 1) / (SLICE_PAGES - 1)), at least 1', () => {
	const stated = (reports) =>
		Math.max(1, Math.ceil((Math.floor(reports / 100) - 1) / (SLICE_PAGES - 1)));
	for (const reports of [0, 99, 100, 199, 200, 999, 1000, 1001, 1800, 1801, 2000, 10_000]) {
		expect([reports, pollsPerRound(reports)]).toEqual([reports, stated(reports)]);
	}
});

// A constant changed in one place changes every figure that states it: docs/usage.md and the README
// state the slice's pages and what follows from them; this fails until they say what SLICE_PAGES now
// makes true (test/node/triggerRolling.test.js checks the polls themselves). docs/architecture.md,
// docs/internals.md, bench/README.md and CONTRIBUTING.md name SLICE_PAGES and refer to docs/usage.md, stating no figure.
// A change of SLICE_PAGES: rollingWatch.ts, docs/usage.md, README.md.
describe('the figures that state the rolling watch', () => {
	const text = (file) =>
		fs.readFileSync(path.join(__dirname, '..', '..', file), 'utf8').replace(/\s+/g, ' ');
	const polls = (reports) => {
		const count = pollsPerRound(reports);
		return `${reports.toLocaleString('en-US')} reports, ${count} ${count === 1 ? 'poll' : 'polls'}`;
	};
	test.each([
		['docs/usage.md', `a slice of up to ${SLICE_PAGES} older pages`],
		['docs/usage.md', `at most ${SLICE_PAGES + 1} requests a poll`],
		['docs/usage.md', `⌈(F − 1) / ${SLICE_PAGES - 1}⌉ polls`],
		['docs/usage.md', `one poll for every ${(SLICE_PAGES - 1) * 100} reports created`],
		['docs/usage.md', polls(350)],
		['docs/usage.md', polls(1000)],
		['docs/usage.md', polls(2000)],
		['docs/usage.md', `${polls(10_000)} (${pollsPerRound(10_000)} minutes)`],
		[
			'README.md',
			`a round over 10,000 reports takes ${pollsPerRound(10_000)} polls of at most ${SLICE_PAGES + 1} requests`,
		],
	])('%s: "%s"', (file, figure) => {
		expect(text(file)).toContain(figure);
	});
});
