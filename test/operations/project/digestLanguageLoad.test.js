// Project → Digest loads only the language it speaks (digest/digestRun.ts `wordsOf`): English
// is built in, each other language's words are loaded at its first run, once (bench/findings.md:
// the four hold 237 KiB of heap). Jest gives this file its own module registry, which
// `require.cache` lists: the runs below are its first Digest runs, in this order.
const path = require('node:path');
const { useFixture, fromList } = require('../../node/fixture');

const fixture = useFixture();

const SITE = 'site.test';
const DIGEST_DIST = path.join(__dirname, '..', '..', '..', 'dist', 'nodes', 'PhpRank', 'digest');

const digest = (language) => ({
	resource: 'project',
	operation: 'digest',
	project: fromList(SITE),
	week: '2026-11-30',
	options: language === undefined ? {} : { language },
});

/** The translations loaded so far: digestWordsDe.js and its kin, by file name. */
const translationsLoaded = () =>
	Object.keys(require.cache)
		.filter((file) => path.dirname(file) === DIGEST_DIST)
		.map((file) => path.basename(file))
		.filter((file) => /^digestWords[A-Z][a-z]\.js$/.test(file))
		.sort();

beforeAll(() => {
	fixture.sandbox.reset(
		Array.from({ length: 2 }, (_, i) => ({ url: `https://${SITE}/page-${i + 1}`, score: 20 })),
	);
});

test('an English digest loads no other language', async () => {
	const english = await fixture.run(digest());
	expect(english.error).toBeUndefined();
	expect(english.items[0].json.subject).toMatch(/^site\.test: health \d+, first week$/);
	// the digest's own modules were loaded: the list below is not empty for want of a registry
	expect(Object.keys(require.cache)).toContain(path.join(DIGEST_DIST, 'digestWording.js'));
	expect(translationsLoaded()).toEqual([]);
});

test('a German digest loads German only; a French one then French', async () => {
	const german = await fixture.run(digest('de'));
	expect(german.error).toBeUndefined();
	expect(german.items[0].json.subject).toMatch(/^site\.test: Zustand \d+, erste Woche$/);
	expect(translationsLoaded()).toEqual(['digestWordsDe.js']);
	const french = await fixture.run(digest('fr'));
	expect(french.items[0].json.subject).toMatch(/^site\.test : santé \d+, première semaine$/);
	expect(translationsLoaded()).toEqual(['digestWordsDe.js', 'digestWordsFr.js']);
});

test('two runs in two languages at once, each loading its words: each speaks its own', async () => {
	const [spanish, dutch, english] = await Promise.all([
		fixture.run(digest('es')),
		fixture.run(digest('nl')),
		fixture.run(digest('en')),
	]);
	expect(spanish.items[0].json.html).toMatch(/^<!DOCTYPE html><html lang="es">/);
	expect(dutch.items[0].json.html).toMatch(/^<!DOCTYPE html><html lang="nl">/);
	expect(english.items[0].json.html).toMatch(/^<!DOCTYPE html><html lang="en">/);
	expect(spanish.items[0].json.subject).toMatch(/salud/);
	expect(dutch.items[0].json.subject).toMatch(/gezondheid/);
	expect(english.items[0].json.subject).toMatch(/health/);
});
