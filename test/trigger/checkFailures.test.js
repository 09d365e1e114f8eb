// Check Failed's decisions (nodes/PhpRank/trigger/checkFailures.ts and watch.ts
// detectCheckFailures): pure functions of the recorded state and the reports read in one poll.
const { chosenChecks, failingMask, regressionsOf } = require('../helpers/built').checkFailures;
const { baseline, watchSignature } = require('../helpers/built').watch;
const { detectCheckFailures } = require('../helpers/built').checkEvents;

const settings = (checks, extra = {}) => ({
	event: 'checkFailed',
	project: '',
	threshold: 49,
	minimumChange: 1,
	watchCount: 100,
	checks,
	...extra,
});
const fail = { passed: false, importance: 'high', errors: { missing: null } };
const pass = { passed: true, importance: 'high' };
const r = (id, results) => ({ id, url: `a.test/${id}`, results });

test("chosen checks: each once, in phpRank's order, unknown keys last", () => {
	expect(chosenChecks(['noindex', 'title', 'noindex', 'ai_summary', 'https_encryption'])).toEqual([
		'title',
		'noindex',
		'https_encryption',
		'ai_summary',
	]);
	expect(watchSignature(settings(['noindex', 'title']))).toBe(
		'["checkFailed","",100,"title,noindex"]',
	);
});

test('the mask: a bit per chosen check; a check not graded keeps what was recorded', () => {
	const checks = ['title', 'noindex', 'https_encryption'];
	expect(failingMask(r(1, { title: fail, noindex: pass, https_encryption: fail }), checks)).toBe(5);
	expect(failingMask(r(1, { title: pass, noindex: { passed: null } }), checks, 7)).toBe(6);
	expect(failingMask(r(1, undefined), checks, 3)).toBe(3);
	const all = Array.from({ length: 33 }, (_, i) => `check_${i}`);
	const results = Object.fromEntries(all.map((key) => [key, fail]));
	expect(failingMask(r(1, results), all)).toBe(2 ** 33 - 1);
	expect(regressionsOf(r(1, results), all, 2 ** 33 - 2, 2 ** 33 - 1).map((x) => x.check)).toEqual([
		'check_0',
	]);
});

test('a report moved into the window (not new, not recorded) is recorded, not emitted; one that left is forgotten', () => {
	const s = settings(['title']);
	const state = baseline(s, [r(5, { title: pass }), r(4, { title: pass })]);
	expect(state).toEqual({ watch: watchSignature(s), lastId: 5, failing: { 4: 0, 5: 0 } });
	const outcome = detectCheckFailures(state, s, [r(5, { title: fail }), r(3, { title: fail })]);
	expect(outcome.events.map((event) => event.report.id)).toEqual([5]);
	expect(outcome.events[0].extra).toEqual({
		regressions: [
			{ check: 'title', category: 'seo', importance: 'high', reason: 'title: missing' },
		],
	});
	expect(outcome.state).toEqual({ watch: watchSignature(s), lastId: 5, failing: { 3: 1, 5: 1 } });
});

test('a report still being generated (no checks) decides nothing and keeps its record', () => {
	const s = settings(['title', 'noindex']);
	const state = { watch: watchSignature(s), lastId: 2, failing: { 2: 2 } };
	const outcome = detectCheckFailures(state, s, [r(2, null)]);
	expect(outcome.events).toEqual([]);
	expect(outcome.state.failing).toEqual({ 2: 2 });
});

test("the Checks field: every check by readable name, phpRank's key as value, the default as documented", () => {
	const { triggerFields, DEFAULT_CHECKS } = require('../helpers/built').triggerFields;
	const field = triggerFields.find((property) => property.name === 'checks');
	expect(field.default).toEqual(DEFAULT_CHECKS);
	expect(DEFAULT_CHECKS).toEqual(['title', 'robots', 'noindex', 'https_encryption']);
	expect(field.options).toHaveLength(33);
	expect(field.options.find((option) => option.value === 'https_encryption')).toEqual({
		name: 'HTTPS Encryption',
		value: 'https_encryption',
		description: 'security, high importance',
	});
	expect(field.displayOptions).toEqual({ show: { event: ['checkFailed', 'checkFixed'] } });
});
