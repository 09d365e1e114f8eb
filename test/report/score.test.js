// The report model's numbers (report/score.ts): scores, labels, a project's average. Pure functions, exact outputs.
const {
	toNumber,
	scoreLabel,
	computeScore,
	reportScore,
	reportLabel,
	privacyWord,
	projectWithAverage,
} = require('../helpers/built').score;
const { countOf } = require('../helpers/built').checkReasons;
const { pass, fail, sampleReport } = require('../helpers/fixtures/sample-report');

describe('numbers and labels', () => {
	test.each([
		[64, 64],
		['64', 64],
		['863.00', 863],
		[' 7.5 ', 7.5],
		['-3', -3],
		['', null],
		['good', null],
		[null, null],
		[undefined, null],
		[true, null],
		[Number.NaN, null],
		[[1], null],
	])('toNumber(%p) is %p', (value, expected) => {
		expect(toNumber(value)).toBe(expected);
	});

	test.each([
		[100, 'good'],
		[80, 'good'],
		[79.5, 'good'],
		[79, 'decent'],
		[49, 'decent'],
		[48.9, 'bad'],
		[48, 'bad'],
		[0, 'bad'],
		[null, null],
		[undefined, null],
	])("phpRank's thresholds: score %p is %p", (score, label) => {
		expect(scoreLabel(score)).toBe(label);
	});

	test.each([
		[0, 'public'],
		[1, 'private'],
		[2, 'password'],
		['2', 'password'],
		[3, null],
		[1.5, null],
		[null, null],
	])('privacy %p is %p', (value, word) => {
		expect(privacyWord(value)).toBe(word);
	});

	test.each([
		[5, 5],
		['12', 12],
		[['a', 'b'], 2],
		[{ internals: 158, externals: 12 }, 170],
		[{ JavaScripts: ['/a.js', '/b.js'], CSS: ['/c.css'] }, 3],
		[{ a: 'x' }, null],
		[null, null],
	])('countOf(%p) is %p', (value, count) => {
		expect(countOf(value)).toBe(count);
	});
});

describe('the score, whatever the server calls it', () => {
	test("phpRank's formula: passed points / total points x 100, high 10, medium 5, low 0", () => {
		// points: high 10+10 (one passed), medium 5 (passed), low 0: 15 of 25 = 60.
		expect(
			computeScore({
				a: pass('high'),
				b: fail('high', 1, {}),
				c: pass('medium'),
				d: fail('low', 1, {}),
			}),
		).toBe(60);
		expect(computeScore({ a: pass('low') })).toBeNull();
		expect(computeScore(null)).toBeNull();
	});

	test('sample report: 25 of 70 points passed (meta_description, https_encryption, charset) gives 36', () => {
		expect(computeScore(sampleReport().results)).toBe(36);
	});

	test.each([
		['result (v1.5)', { result: 58 }, 58],
		['result as a string', { result: '58' }, 58],
		['score (newer builds)', { result: undefined, score: 71 }, 71],
		['score wins over result', { result: 'good', score: 85 }, 85],
		['result null (v1.1): computed from the checks', { result: null }, 36],
		['no score and no checks', { result: null, results: undefined }, null],
	])('%s', (_name, overrides, score) => {
		expect(reportScore(sampleReport(overrides))).toBe(score);
	});

	test('a label sent as `result` is believed when there is no score', () => {
		expect(reportLabel({ result: 'Decent' })).toBe('decent');
		expect(reportLabel({ result: 'excellent' })).toBeNull();
		expect(reportLabel(sampleReport({ result: 80 }))).toBe('good');
	});
});

describe('projectWithAverage', () => {
	test.each([
		[{ project: 'a.test', reports: 12, result: '863.00' }, 71.9, 'decent'],
		[{ project: 'a.test', reports: '2', result: '160.00' }, 80, 'good'],
		[{ project: 'a.test', reports: 3, result: 100 }, 33.3, 'bad'],
		[{ project: 'a.test', reports: 1, score: '95' }, 95, 'good'],
		[{ project: 'a.test', reports: 4, result: null }, null, null],
		[{ project: 'a.test', reports: 0, result: '0.00' }, null, null],
	])('%j: average %p, label %p', (project, average, label) => {
		expect(projectWithAverage(project)).toEqual({ ...project, average_score: average, label });
	});
});
