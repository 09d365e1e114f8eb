// nodes/PhpRank/report/fixValidation.ts: the pages that fail a check, and the re-runs' tally. What
// it outputs through the node is tested in test/operations/project/validateFix.test.js.
const { FailingPages, FixValidation, recheckOutcome } = require('../helpers/built').fixValidation;

const failing = (importance, errors = { missing: null }) => ({ passed: false, importance, errors });
const passing = (importance) => ({ passed: true, importance, value: 'ok' });
const report = (id, url, results) => ({ id, url, results });

test('the pages whose newest report fails the check, in the listing order; older reports of a page skipped', () => {
	const pages = new FailingPages('title');
	pages.add(report(9, 'a.test/x', { title: passing('high') }));
	pages.add(report(8, 'a.test/y', { title: failing('high') }));
	pages.add(report(7, 'a.test/x', { title: failing('high') }));
	pages.add(report('6', 'a.test/z', { title: failing('high') }));
	pages.add(report(5, 'a.test/w', { favicon: failing('low') }));
	expect(pages.pages).toEqual([
		{ id: 8, url: 'a.test/y' },
		{ id: 6, url: 'a.test/z' },
	]);
});

test("importance: the newest failing report's, even where it differs from the catalogue; the catalogue only where none is said", () => {
	const pages = new FailingPages('meta_description');
	pages.add(report(9, 'a.test/x', { meta_description: passing('medium') }));
	expect(pages.importance).toBe('medium');
	pages.add(report(8, 'a.test/y', { meta_description: failing('low') }));
	pages.add(report(7, 'a.test/z', { meta_description: failing('medium') }));
	expect(pages.importance).toBe('low');
	const silent = new FailingPages('meta_description');
	silent.add(report(3, 'a.test/y', { meta_description: { passed: false } }));
	expect(silent.importance).toBe('high');
	expect(new FailingPages('ai_summary').importance).toBeNull();
});

test('a re-run: fixed, still failing with the reason Simplify writes, or not graded', () => {
	expect(recheckOutcome('title', report(1, 'a', { title: passing('high') }))).toEqual({
		kind: 'fixed',
	});
	expect(recheckOutcome('title', report(1, 'a', { title: failing('high') }))).toEqual({
		kind: 'stillFailing',
		reason: 'title: missing',
	});
	expect(recheckOutcome('title', report(4, 'a', { favicon: passing('low') }))).toEqual({
		kind: 'notChecked',
		reason: 'The re-run of report 4 does not grade title: phpRank may still be analysing it',
	});
});

test('the tally: passed only when every failing page was re-checked and passes; pages still failing, then not checked, then fixed', () => {
	const pages = new FailingPages('title');
	for (const id of [5, 4, 3, 2]) pages.add(report(id, `a.test/${id}`, { title: failing('high') }));
	const all = new FixValidation(pages, 10);
	for (const page of pages.pages) all.record(page, { kind: 'fixed' });
	expect(all.result('a.test')).toMatchObject({ validation: 'passed', pages_fixed: 4 });

	const mixed = new FixValidation(pages, 3);
	mixed.record(pages.pages[0], { kind: 'fixed' });
	mixed.record(pages.pages[1], { kind: 'notChecked', reason: 'gone' });
	mixed.record(pages.pages[2], { kind: 'stillFailing', reason: 'title: missing' });
	mixed.record(pages.pages[3], { kind: 'fixed' });
	expect(mixed.result('a.test')).toEqual({
		project: 'a.test',
		check: 'title',
		name: 'Title',
		importance: 'high',
		validation: 'failed',
		pages_failing_before: 4,
		pages_rechecked: 3,
		pages_fixed: 2,
		pages_still_failing: 1,
		pages_not_checked: 1,
		pages: [
			{ id: 3, url: 'a.test/3', fixed: false, reason: 'title: missing' },
			{ id: 4, url: 'a.test/4', fixed: null, reason: 'gone' },
			{ id: 5, url: 'a.test/5', fixed: true, reason: null },
		],
	});

	const unchecked = new FixValidation(pages, 0);
	for (const page of pages.pages.slice(1)) unchecked.record(page, { kind: 'fixed' });
	unchecked.record(pages.pages[0], { kind: 'notChecked', reason: 'gone' });
	expect(unchecked.result('a.test')).toMatchObject({ validation: 'failed', pages: [] });

	const none = new FixValidation(new FailingPages('title'), 10);
	expect(none.result('a.test')).toMatchObject({
		validation: 'nothing to validate',
		pages_failing_before: 0,
	});
});
