// The node's one "is this a URL?" (nodes/PhpRank/shared/webAddress.ts), and the checks built on it,
// asked as often as a big sitemap or listing asks: Node 20's `URL.canParse` starts to answer false for
// some addresses with a non-ASCII host once V8 has optimised the call, so each case repeats the call
// many times with fresh strings (as parsed text gives them), not once. With `URL.canParse`, the URL
// field's case below failed on Node 20 (thousands of valid URLs refused).
const { webAddress } = require('../helpers/built').webAddress;
const { pageUrlFrom } = require('../helpers/built').inputChecks;
const { sitemapsOfRobotsTxt } = require('../helpers/built').robotsTxt;

const CALLS = 50000;
/** A fresh copy of `text`, as JSON or a decoder would hand it over. */
const fresh = (text) => JSON.parse(JSON.stringify(text));
const hosts = ['https://bücher.example', 'https://café.test', 'https://xn--bcher-kva.example'];

test(`a non-ASCII host is read as a web address every time, ${CALLS} calls`, () => {
	const answers = new Map();
	for (let i = 0; i < CALLS; i++) {
		const url = fresh(`${hosts[i % 3]}/p${i % 10}`);
		const href = webAddress(url)?.href ?? 'not read';
		answers.set(href, (answers.get(href) ?? 0) + 1);
	}
	expect(answers.get('not read')).toBeUndefined();
	// i % 10 = 0 with the Unicode host (i % 30 = 0: 1,667 calls) or its ASCII form (i % 30 = 20: 1,666)
	expect(answers.get('https://xn--bcher-kva.example/p0')).toBe(3333);
	expect(answers.size).toBe(20);
});

test('against a base: a relative address on a non-ASCII host, every time', () => {
	let read = 0;
	for (let i = 0; i < CALLS; i++) {
		if (
			webAddress(fresh('/s.xml'), fresh('https://café.test/robots.txt'))?.href ===
			'https://xn--caf-dma.test/s.xml'
		)
			read++;
	}
	expect(read).toBe(CALLS);
});

test.each([
	['', undefined],
	['example.com/page', undefined],
	['https://', undefined],
	['/relative', undefined],
])('%p is not a web address', (text, href) => {
	expect(webAddress(text)?.href).toBe(href);
});

test(`Create's URL field takes a URL with a non-ASCII host every time, ${CALLS} calls`, () => {
	const refused = [];
	for (let i = 0; i < CALLS; i++) {
		const url = fresh(`https://bücher.example/p${i % 10}`);
		try {
			pageUrlFrom(url);
		} catch (error) {
			refused.push(error.message);
		}
	}
	expect(refused).toEqual([]);
});

test(`robots.txt's Sitemap line on a non-ASCII host is kept every time, ${CALLS} reads`, () => {
	let kept = 0;
	for (let i = 0; i < CALLS; i++) {
		const found = sitemapsOfRobotsTxt(
			fresh('Sitemap: https://bücher.example/sitemap.xml'),
			fresh('https://bücher.example/robots.txt'),
		);
		if (found.length === 1 && found[0] === 'https://xn--bcher-kva.example/sitemap.xml') kept++;
	}
	expect(kept).toBe(CALLS);
});
