// Include / Exclude URLs Containing as text (nodes/PhpRank/auditSite/textFilter.ts): versions 1 to 1.2
// compare with the URL as the sitemap wrote it (`asWritten`), 1.3's Match As Text also with the URL
// percent-decoded, both sides NFC (`decoded`). How a field comes to be text: pageFilter.test.js.
const { textMatcher, percentDecoded } = require('../helpers/built').textFilter;

const URLS = [
	'https://a.test/café/',
	'https://a.test/CAFÉ',
	'https://a.test/cafés/plural',
	'https://a.test/caf%C3%A9?x=1',
	'https://a.test/cafe\u0301/',
	'https://a.test/x?caf%C3%A9/',
	'https://a.test/what%3F/',
	'https://a.test/what?/',
];
const kept = (text, reading) => URLS.filter(textMatcher(text, reading));

test('decoded: any case, NFC, the URL as written and percent-decoded; a text ending in / matches where the decoded path ends, not in the query', () => {
	expect(kept('/café/', 'decoded')).toEqual([
		'https://a.test/café/',
		'https://a.test/CAFÉ',
		'https://a.test/caf%C3%A9?x=1',
		'https://a.test/cafe\u0301/',
	]);
	// a decoded %3F is a character of the path, no query; a written ? ends the path
	expect(kept('/what?/', 'decoded')).toEqual(['https://a.test/what%3F/', 'https://a.test/what?/']);
	expect(kept('%3f', 'decoded')).toEqual(['https://a.test/what%3F/']);
});

test('asWritten (versions 1 to 1.2): lowercased only, nothing decoded or normalised', () => {
	expect(kept('/café/', 'asWritten')).toEqual(['https://a.test/café/', 'https://a.test/CAFÉ']);
	expect(kept('/what?/', 'asWritten')).toEqual(['https://a.test/what?/']);
	expect(kept('%c3%a9', 'asWritten')).toEqual([
		'https://a.test/caf%C3%A9?x=1',
		'https://a.test/x?caf%C3%A9/',
	]);
	expect(kept(' , ', 'asWritten')).toEqual([]);
});

test('percent-decoding as UTF-8 never throws: what is not UTF-8 stays as written', () => {
	const written = ['caf%C3%A9', 'caf%c3%a9', '%E9t%C3', '%C3%A9%FF%41', '%F0%9F%98%80', '%E2%82'];
	written.push('%ED%A0%80', '100%', '%zz%', '%C3%A9%C3', '%2F%3F%25');
	expect(written.map(percentDecoded)).toEqual([
		'café',
		'café',
		'%E9t%C3',
		'é%FFA',
		'😀',
		'%E2%82',
		'%ED%A0%80',
		'100%',
		'%zz%',
		'é%C3',
		'/?%',
	]);
});

test('decoded: a text of letters, digits, - . _ ~ and / is compared as written (a sitemap never encodes those; an encoded / is another page); a text holding + is compared decoded too, each text of a field on its own', () => {
	const urls = [
		'https://a.test/tag/x',
		'https://a.test/%74ag/x',
		'https://a.test/a%2Ftag/',
		'https://a.test/a%2Bb/',
		'https://a.test/a+b/',
	];
	expect(urls.filter(textMatcher('/tag/', 'decoded'))).toEqual(['https://a.test/tag/x']);
	expect(urls.filter(textMatcher('/a+b/', 'decoded'))).toEqual([
		'https://a.test/a%2Bb/',
		'https://a.test/a+b/',
	]);
	expect(urls.filter(textMatcher('/a+b/, /tag/', 'decoded'))).toEqual([
		'https://a.test/tag/x',
		'https://a.test/a%2Bb/',
		'https://a.test/a+b/',
	]);
});
