// nodes/PhpRank/report/checkCatalogue.ts: phpRank's 33 checks, as the sandbox (which follows
// docs/phprank-api.md) reports them.
const { CHECK_CATALOGUE, CHECK_OPTIONS, checkInfo, checkIndex, isImportance } =
	require('../helpers/built').checkCatalogue;
const { categoryOf, byImportance } = require('../helpers/built').score;
const { CHECKS } = require('../sandbox/checks');

test('the 33 checks: key, category and importance as phpRank reports them, in its order', () => {
	expect(CHECK_CATALOGUE.map((check) => [check.key, check.category, check.importance])).toEqual(
		CHECKS.map((check) => [check.name, check.category, check.importance]),
	);
	expect(CHECK_CATALOGUE).toHaveLength(33);
});

test('every check has a readable name and a plain-language fix of one line', () => {
	const names = CHECK_CATALOGUE.map((check) => check.name);
	expect(new Set(names).size).toBe(33);
	for (const check of CHECK_CATALOGUE) {
		expect(check.name).toMatch(/^[A-Z0-9]/);
		expect(check.howToFix).toMatch(/^[A-Z].{20,150}\.$/);
		expect(check.howToFix).not.toMatch(/\n/);
	}
	expect(checkInfo('noindex')).toEqual({
		key: 'noindex',
		name: 'Noindex',
		category: 'seo',
		importance: 'high',
		howToFix:
			'Remove "noindex" from the page\'s robots meta tag and X-Robots-Tag header, unless the page is meant to stay out of search results.',
	});
});

test("the editor's options: every check by readable name, in localeCompare's order without calling it at load", () => {
	const byLocale = [...CHECK_CATALOGUE]
		.sort((a, b) => a.name.localeCompare(b.name, 'en'))
		.map((check) => ({
			name: check.name,
			value: check.key,
			description: `${check.category}, ${check.importance} importance`,
		}));
	expect(CHECK_OPTIONS).toEqual(byLocale);
	expect(CHECK_OPTIONS.slice(0, 3).map((option) => option.name)).toEqual([
		'404 Page',
		'Charset',
		'Content Keywords',
	]);
	expect(CHECK_OPTIONS.find((option) => option.value === 'dom_size')).toEqual({
		name: 'DOM Size',
		value: 'dom_size',
		description: 'performance, low importance',
	});
});

test('unknown checks: no entry; score.ts reads categories and order from the catalogue', () => {
	expect(checkInfo('ai_summary')).toBeUndefined();
	expect(checkIndex('ai_summary')).toBeUndefined();
	expect(checkInfo('__proto__')).toBeUndefined();
	expect(checkIndex('title')).toBe(0);
	expect(checkIndex('deprecated_html_tags')).toBe(32);
	expect(categoryOf('https_encryption')).toBe('security');
	expect(categoryOf('ai_summary')).toBe('miscellaneous');
	const sorted = ['favicon', 'title', 'noindex'].map((check) => ({ check, importance: 'high' }));
	expect(sorted.sort(byImportance).map((c) => c.check)).toEqual(['title', 'noindex', 'favicon']);
	expect([isImportance('high'), isImportance('High'), isImportance(undefined)]).toEqual([
		true,
		false,
		false,
	]);
});

test('docs/usage.md lists every check with its name, importance and how_to_fix as the code has them', () => {
	const usage = require('node:fs').readFileSync(
		require('node:path').join(__dirname, '..', '..', 'docs', 'usage.md'),
		'utf8',
	);
	for (const check of CHECK_CATALOGUE) {
		const row = `| \`${check.key}\` | ${check.name} | ${check.category} | ${check.importance} | ${check.howToFix.replace(/\|/g, '\\|')} |`;
		expect([check.key, usage.includes(row)]).toEqual([check.key, true]);
	}
});
