// Check Fixed's decisions (nodes/PhpRank/trigger/checkFixes.ts, watch.ts detectCheckFixes): pure
// functions of the recorded numbers and the reports read in one poll.
const { decideFixes, fixRecord, fixRecordsOf, fixesOf, maskOfRecord, pageKeyOf } =
	require('../helpers/built').checkFixes;
const { detectCheckFixes } = require('../helpers/built').checkEvents;

const checks = ['title', 'robots', 'noindex'];
const fail = { passed: false, importance: 'high', errors: { missing: null } };
const pass = { passed: true, importance: 'high' };
const r = (id, url, results) => ({ id, url, results });
const all = (result) => ({ title: result, robots: result, noindex: result });

test('the page key: one per stored URL, in any spelling; within the bits the checks leave', () => {
	const key = pageKeyOf({ url: 'site.test/a' }, 3);
	expect(pageKeyOf({ url: 'https://www.site.test/a/' }, 3)).toBe(key);
	expect(pageKeyOf({ url: 'site.test/b' }, 3)).not.toBe(key);
	expect(key).toBeLessThan(2 ** 24);
	expect(pageKeyOf({ url: 'site.test/a' }, 33)).toBeLessThan(2 ** 20);
	const record = fixRecord(2 ** 20 - 1, 2 ** 33 - 1, 33);
	expect(Number.isSafeInteger(record)).toBe(true);
	expect(maskOfRecord(record, 33)).toBe(2 ** 33 - 1);
});

test('fixesOf: the bits failing before and passing now, most important first', () => {
	const report = r(1, 'a', {
		title: pass,
		robots: { passed: true, importance: 'low' },
		noindex: fail,
	});
	expect(fixesOf(report, checks, 7, 4)).toEqual([
		{ check: 'title', category: 'seo', importance: 'high' },
		{ check: 'robots', category: 'seo', importance: 'low' },
	]);
	expect(fixesOf(report, checks, 4, 4)).toEqual([]);
});

test('decideFixes: a recorded report, a newer report of a page, a new page, a report moved in', () => {
	const known = fixRecordsOf([r(1, 'a', all(fail)), r(2, 'b', all(pass))], checks);
	const reports = [
		r(1, 'a', { title: pass, robots: fail, noindex: fail }), // re-run: title fixed
		r(3, 'https://a/', { title: pass, robots: pass, noindex: fail }), // newer report of a: robots fixed
		r(4, 'c', all(pass)), // new page: passed when first recorded
		r(0, 'd', all(fail)), // below lastId, never recorded: moved in
	];
	const decision = decideFixes(known, 2, reports, checks);
	expect(decision.fixed.map(({ report, fixed }) => [report.id, fixed.map((f) => f.check)])).toEqual(
		[
			[1, ['title']],
			[3, ['robots']],
		],
	);
	const masks = Object.fromEntries(
		Object.entries(decision.records).map(([id, record]) => [id, maskOfRecord(record, 3)]),
	);
	// report 1 keeps only what its page still fails (noindex): a later re-run of it fixing robots is not news
	expect(masks).toEqual({ 0: 7, 1: 4, 2: 0, 3: 4, 4: 0 });
	const later = decideFixes(decision.records, 4, [r(1, 'a', all(pass))], checks);
	expect(later.fixed.map(({ fixed }) => fixed.map((f) => f.check))).toEqual([['noindex']]);
});

test('a check not graded in the report (being generated) keeps what was recorded: no fix', () => {
	const known = fixRecordsOf([r(1, 'a', all(fail))], checks);
	const decision = decideFixes(known, 1, [r(1, 'a', { title: { passed: null } })], checks);
	expect(decision.fixed).toEqual([]);
	expect(maskOfRecord(decision.records[1], 3)).toBe(7);
});

test('detectCheckFixes keeps the window only; the outcome carries every record', () => {
	const settings = {
		event: 'checkFixed',
		project: '',
		watchCount: 1,
		checks,
		threshold: 49,
		minimumChange: 1,
	};
	const state = {
		watch: 'x',
		lastId: 2,
		failing: fixRecordsOf([r(1, 'a', all(fail)), r(2, 'a', all(fail))], checks),
	};
	const outcome = detectCheckFixes(state, settings, [r(2, 'a', all(pass))]);
	expect(outcome.events.map((event) => event.report.id)).toEqual([2]);
	expect(Object.keys(outcome.state.failing)).toEqual(['2']);
	expect(Object.keys(outcome.records)).toEqual(['1', '2']);
	expect(outcome.state.watch).toBe('["checkFixed","",1,"title,robots,noindex"]');
});
