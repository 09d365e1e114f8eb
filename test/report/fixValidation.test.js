// nodes/PhpRank/report/fixValidation.ts: the pages that fail a check, and the re-runs' tally. What
// it outputs through the node is tested in test/operations/project/validateFix.test.js.
const fs = require('node:fs');
const path = require('node:path');
const { FailingPages, FixValidation, NOT_CHECKED_IN_A_ROW, recheckOutcome } =
	require('../helpers/built').fixValidation;

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
		reason: '1 page still fails Title when re-run. a.test/3: title: missing',
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
	expect(unchecked.result('a.test')).toMatchObject({
		validation: 'failed',
		reason: 'phpRank could not re-check 1 page. a.test/5: gone',
		pages: [],
	});

	const none = new FixValidation(new FailingPages('title'), 10);
	expect(none.result('a.test')).toMatchObject({
		validation: 'nothing to validate',
		reason: null,
		pages_failing_before: 0,
	});
	expect(all.result('a.test').reason).toBeNull();
});

/** A validation of `count` failing pages (ids count..1, urls a.test/<id>) and the pages in order. */
function validationOf(count, pagesListed = 10) {
	const failingPages = new FailingPages('title');
	for (let id = count; id >= 1; id--)
		failingPages.add(report(id, `a.test/${id}`, { title: failing('high') }));
	return {
		validation: new FixValidation(failingPages, pagesListed),
		pages: failingPages.pages,
	};
}
const notChecked = (reason) => ({ kind: 'notChecked', reason });

// Every figure below follows from NOT_CHECKED_IN_A_ROW (N): none holds only for one N.
const N = NOT_CHECKED_IN_A_ROW;

test(`settled: at the first page still failing, or after ${N} pages in a row not checked; a page checked between starts the count again`, () => {
	// fixed; N - 1 not checked; fixed (the count starts again); N not checked (the Nth settles); 2 fixed
	const kinds = [
		'fixed',
		...Array(N - 1).fill('notChecked'),
		'fixed',
		...Array(N).fill('notChecked'),
		'fixed',
		'fixed',
	];
	const { validation, pages } = validationOf(kinds.length);
	const settledAfter = pages.map((page, i) => {
		validation.record(page, kinds[i] === 'fixed' ? { kind: 'fixed' } : notChecked(`no ${page.id}`));
		return validation.settled;
	});
	const settlesAt = 2 * N; // the Nth of the second run: settled stays settled
	expect(settledAfter).toEqual(kinds.map((_, i) => i >= settlesAt));
	const first = pages[kinds.indexOf('notChecked')];
	expect(validation.result('a.test').reason).toBe(
		`phpRank could not re-check ${2 * N - 1} pages. The first, ${first.url}: no ${first.id}`,
	);
	const still = validationOf(3);
	still.validation.record(still.pages[0], { kind: 'fixed' });
	expect(still.validation.settled).toBe(false);
	still.validation.record(still.pages[1], { kind: 'stillFailing', reason: 'title: missing' });
	expect(still.validation.settled).toBe(true);
});

test('the reason of a failed validation: what settled it, whether pages were left, the first page and its reason', () => {
	const stopped = validationOf(20, 0);
	stopped.validation.record(stopped.pages[0], notChecked('deleted'));
	stopped.validation.record(stopped.pages[1], { kind: 'fixed' });
	for (const page of stopped.pages.slice(2, 2 + N))
		stopped.validation.record(page, notChecked(`timed out at ${page.url}`));
	expect(stopped.validation.result('a.test')).toEqual({
		project: 'a.test',
		check: 'title',
		name: 'Title',
		importance: 'high',
		validation: 'failed',
		reason: `phpRank could not re-check ${N} pages in a row, so the validation stopped (${20 - 2 - N} pages not re-run). The first, a.test/18: timed out at a.test/18`,
		pages_failing_before: 20,
		pages_rechecked: 1,
		pages_fixed: 1,
		pages_still_failing: 0,
		pages_not_checked: 1 + N,
		pages: [],
	});

	const allUnchecked = validationOf(4);
	for (const page of allUnchecked.pages) allUnchecked.validation.record(page, notChecked('503'));
	expect(allUnchecked.validation.result('a.test').reason).toBe(
		'phpRank could not re-check 4 pages. The first, a.test/4: 503',
	);

	const oneStill = validationOf(5);
	oneStill.validation.record(oneStill.pages[0], { kind: 'stillFailing', reason: 'title: missing' });
	expect(oneStill.validation.result('a.test').reason).toBe(
		'1 page still fails Title when re-run, so the validation stopped (4 pages not re-run). a.test/5: title: missing',
	);

	const manyStill = validationOf(3);
	manyStill.validation.record(manyStill.pages[0], notChecked('gone'));
	for (const page of manyStill.pages.slice(1))
		manyStill.validation.record(page, { kind: 'stillFailing', reason: `title: ${page.id}` });
	expect(manyStill.validation.result('a.test').reason).toBe(
		'2 pages still fail Title when re-run. The first, a.test/2: title: 2',
	);
});

// A constant changed in one place changes every figure that states it: validateFix.ts's descriptions
// state NOT_CHECKED_IN_A_ROW from the constant; docs/usage.md and the README state it, and this fails
// until they say what it now is (docs/architecture.md names the constant; the MCP example's tool
// description says "a few"). A change of it:
// fixValidation.ts, docs/usage.md, README.md (and the description snapshot, regenerated).
describe('the figures that state NOT_CHECKED_IN_A_ROW', () => {
	const text = (file) =>
		fs.readFileSync(path.join(__dirname, '..', '..', file), 'utf8').replace(/\s+/g, ' ');
	test.each([
		['README.md', `or after ${N} pages in a row phpRank could not re-check`],
		[
			'docs/usage.md',
			`It also stops after **${N} pages in a row that phpRank could not re-check**`,
		],
		['docs/usage.md', `those cost ${N} re-runs, not one per page`],
		['docs/usage.md', `or after ${N} pages in a row phpRank could not re-check. On:`],
		['docs/usage.md', `up to ${N} such pages in a row with the default`],
		[
			'docs/usage.md',
			`\`phpRank could not re-check ${N} pages in a row, so the validation stopped (`,
		],
	])('%s: "%s"', (file, figure) => {
		expect(text(file)).toContain(figure);
	});

	test("Validate Fix's descriptions say it from the constant", () => {
		const { PhpRank } = require('../helpers/built').node;
		const { properties } = new PhpRank().description;
		const operation = properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) => p.options)
			.find((o) => o.value === 'validateFix');
		const checkAll = properties.find((p) => p.name === 'checkAllPages');
		for (const description of [operation.description, checkAll.description])
			expect(description).toContain(`after ${N} pages in a row phpRank could not re-check`);
	});
});
