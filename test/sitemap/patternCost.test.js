// Whether a regular expression's matching time can grow exponentially (nodes/PhpRank/sitemap/
// patternCost.ts): Include / Exclude URLs Containing refuse such a pattern before any request
// (pageFilter.test.js, test/operations/project/auditSite.test.js).
const { exponentialPart } = require('../helpers/built').patternCost;

const partOf = ([source, flags]) => [source, flags, exponentialPart(source, flags)];

test('refused: a repetition that one text can go through more than one way, named by the outermost such repetition as written', () => {
	const refused = [
		// the pattern: a repeated group that itself repeats
		['(\\w+-?)+\\.pdf$', 'i', '(\\w+-?)+'],
		['(a+)+', '', '(a+)+'],
		['(a*)*b', '', '(a*)*'],
		['(.*)+x', 's', '(.*)+'],
		['(.*a){2,}', '', '(.*a){2,}'],
		['^(\\w+\\s?)*$', '', '(\\w+\\s?)*'],
		['(x+x+)+y', '', '(x+x+)+'],
		['(\\w+\\.\\w+)+$', '', '(\\w+\\.\\w+)+'],
		['(a{2,5})+$', '', '(a{2,5})+'],
		['(?:\\d+)*?!', '', '(?:\\d+)*?'],
		// alternatives that overlap under a repetition (with the i flag, a and A overlap)
		['(a|ab)+c', '', '(a|ab)+'],
		['(a|b|ab)*c', '', '(a|b|ab)*'],
		['(\\w|\\d)+!', '', '(\\w|\\d)+'],
		['(a|A)+!', 'i', '(a|A)+'],
		['(a?a?)+!', '', '(a?a?)+'],
		// a repetition inside another, overlapping what follows it there
		['((\\/\\w+)+x)+', '', '((\\/\\w+)+x)+'],
		['/blog/(\\/?[a-z]+)+$', '', '(\\/?[a-z]+)+'],
		// inside a lookahead; with a Unicode property, and a character past U+FFFF (counted as any)
		['^(?=(a+)+b)', '', '(a+)+'],
		['(\\P{L}+-)+$', 'u', '(\\P{L}+-)+'],
		['(\\u{1F600}|a)+$', 'u', '(\\u{1F600}|a)+'],
		// a named group, lazy, in a character class and with escapes
		['(?<slug>[\\w-]+-?)+$', '', '(?<slug>[\\w-]+-?)+'],
		['([^/]*[a-z])+\\/$', '', '([^/]*[a-z])+'],
	];
	expect(refused.map(partOf)).toEqual(refused);
});

test('kept: one way through every repetition (each iteration begins or ends with a character the rest cannot match; alternatives apart), and ambiguity outside repetitions (`.*\\.pdf`, `\\d+\\w*`)', () => {
	const kept = [
		['[\\w-]+\\.pdf$', 'i'],
		['(\\/[\\w-]+)+\\.pdf$', 'i'],
		['(\\w+\\.)+com$', ''],
		['^https:\\/\\/a\\.test(\\/[a-z0-9-]+)*\\/?$', ''],
		['(\\d{1,3}\\.){3}\\d{1,3}', ''],
		['(foo|bar)+', ''],
		['(a|A)+', ''],
		['(a?)+', ''],
		['\\/(tag|author|page\\/\\d+)\\/', ''],
		['.*\\.pdf', ''],
		['\\d+\\w*', ''],
		['\\w+\\w+$', ''],
		['\\/blog\\/\\d{4}\\/.*', 'i'],
		['(\\p{L}+-)+$', 'u'],
		['(?:[a-z]+-)*[a-z]+$', ''],
		['((?=\\w+x)\\w)+', ''],
		['[]+a|[^]', ''],
		['a{,5}', ''],
		['\\/(?<year>\\d{4})\\/\\k<year>', ''],
		['[[a-z]--[aeiou]]+-', 'v'],
		['(?:ab){0}', ''],
	];
	expect(kept.map(partOf)).toEqual(kept.map(([source, flags]) => [source, flags, undefined]));
});
