// Project → Digest's Language (issue 58): German, French, Spanish and Dutch in every channel and
// the subject, no English word left but URLs and names; the row the same in every language, so
// that History survives a change of language.
const built = require('../helpers/built');
const { digestItem, combinedItem } = built.digestOutput;
const { CHECK_CATALOGUE } = built.checkCatalogue;

/** Each language's words, as the Digest's run loads them (digest/digestRun.ts `wordsOf`). */
const WORDS = {
	de: built.digestWordsDe.DE,
	fr: built.digestWordsFr.FR,
	es: built.digestWordsEs.ES,
	nl: built.digestWordsNl.NL,
};

const WEEK = '2026-11-30';
const CHANNELS = ['subject', 'html', 'text', 'slack', 'markdown', 'discord', 'telegram'];
const LANGUAGES = ['de', 'fr', 'es', 'nl'];

const brand = (language) => ({
	senderName: '',
	logoUrl: '',
	accentColor: '',
	footerText: '',
	reportPageUrl: '',
	language,
});

/** Every check of the catalogue failing but Social, a gap in History, new and fixed issues, coverage with a failed and a no-longer-listed page. */
function site(project, figures = {}) {
	const issues = CHECK_CATALOGUE.filter((check) => check.key !== 'social').map((check, i) => ({
		project,
		check: check.key,
		name: check.name,
		category: check.category,
		importance: check.importance,
		pages_failing: 30 - i,
		pages_audited: 40,
		pages: [{ id: i + 1, url: `https://${project}/p${i}`, reason: 'r' }],
		how_to_fix: check.howToFix,
	}));
	// Social failed last week and no longer does: a fixed issue
	const kept = [
		{ check: 'social', name: 'Social', importance: 'low', pages_failing: 2, pages: [] },
	];
	return {
		project,
		week: WEEK,
		summary: {
			project,
			checked_at: '2026-11-30T06:00:00.000Z',
			pages: 40,
			health: 70,
			score_average: 61.5,
			pages_good: 10,
			pages_decent: 10,
			pages_bad: 20,
			issues_high: 10,
			issues_medium: 12,
			issues_low: 11,
			pages_failing_high: 12,
			...figures,
		},
		issues: figures.pages === 0 ? [] : issues,
		history: [
			{
				project,
				week: '2026-11-16',
				health: 80,
				pages: 40,
				pages_failing_high: 8,
				issues: JSON.stringify(kept),
			},
		],
		audit: [
			{
				action: 'summary',
				project,
				pages_listed: 42,
				pages_fresh: 40,
				pages_failed: 1,
				pages_not_in_sitemaps: 1,
			},
			{
				action: 'failed',
				project,
				url: `https://${project}/x`,
				error: 'cURL error 28: Operation timed out',
			},
			{ action: 'not in sitemaps', project, url: `${project}/old`, deleted: true },
		],
	};
}

const GONE = { pages: 0, health: null, score_average: null, pages_failing_high: 0 };

/** English words of the digest's own wording that none of the four languages uses. */
const ENGLISH =
	/\b(the|of|and|with|health|week|weeks|since|last|fixed|first|report|reports|none|yet|more|worse|failing|fails|example|how|what|checked|coverage|listed|audited|could|waits|longer|average|high|medium|low|sent|issue|issues|nothing|every|check|read|details|left|gone|before|give|add|make|remove|use|keep)\b/gi;

/** Words of that list that are the language's own too (Dutch "week", "of": or; Spanish "use": please use; German and Dutch "details"). */
const OWN_WORDS = { de: ['details'], nl: ['week', 'of', 'details'], es: ['use'] };

/** A channel's words, without URLs, tags and markup (what a reader reads). */
const words = (text) =>
	text
		.replace(/https?:\/\/[^\s"<>)|\]]+/g, ' ')
		.replace(/<[^>]*>/g, ' ')
		.replace(/&[a-z#0-9]+;/gi, ' ')
		.replace(/[a-z0-9.-]+\.test\S*/gi, ' ');

describe.each(LANGUAGES)('%s', (language) => {
	const one = digestItem({ ...site('site.test'), brand: brand(language) }, WORDS[language]);
	const gone = digestItem({ ...site('zeta.test', GONE), brand: brand(language) }, WORDS[language]);
	const combined = combinedItem(
		[site('site.test'), site('zeta.test', GONE)],
		WEEK,
		[],
		brand(language),
		WORDS[language],
	);

	test('no English word left in any channel or subject', () => {
		const english = (text) =>
			(words(text).match(ENGLISH) ?? []).filter(
				(word) => !(OWN_WORDS[language] ?? []).includes(word.toLowerCase()),
			);
		for (const [name, item] of Object.entries({ one, gone, combined }))
			for (const channel of CHANNELS)
				expect([name, channel, english(item[channel])]).toEqual([name, channel, []]);
	});

	test('the row (and rows) the same as in English', () => {
		const english = digestItem(site('site.test'));
		expect(one.row).toEqual(english.row);
		expect(combined.rows).toEqual(
			combinedItem([site('site.test'), site('zeta.test', GONE)], WEEK).rows,
		);
	});

	test('the email says which language it is in', () => {
		expect(one.html.startsWith(`<!DOCTYPE html><html lang="${language}">`)).toBe(true);
	});
});

test.each([
	['de', 'site.test: Zustand 70 (▼10), 32 neue Probleme, 1 behoben', 'Woche vom 30. Nov. 2026'],
	['fr', 'site.test : santé 70 (▼10), 32 nouveaux problèmes, 1 corrigé', 'semaine du 30 nov. 2026'],
	['es', 'site.test: salud 70 (▼10), 32 problemas nuevos, 1 corregido', 'semana del 30 nov 2026'],
	['nl', 'site.test: gezondheid 70 (▼10), 32 nieuwe problemen, 1 opgelost', 'week van 30 nov 2026'],
])('%s: the subject and the date with its month names', (language, subject, week) => {
	const item = digestItem({ ...site('site.test'), brand: brand(language) }, WORDS[language]);
	expect(item.subject).toBe(subject);
	expect(item.text).toContain(week);
});

test('German check names and how to fix them; the URLs untouched', () => {
	const item = digestItem({ ...site('site.test'), brand: brand('de') }, WORDS.de);
	expect(item.text).toContain(
		'- [hoch] Titel: schlägt auf 30 von 40 Seiten fehl. So beheben Sie es: Geben Sie der Seite einen <title> mit 1 bis 60 Zeichen, der sagt, worum es auf der Seite geht. Zum Beispiel: https://site.test/p0',
	);
	expect(item.text).toContain(
		'- Nicht geprüft: https://site.test/x: Zeitüberschreitung beim Laden der Seite',
	);
});

test('English by default, as before', () => {
	expect(digestItem(site('site.test'))).toEqual(
		digestItem({ ...site('site.test'), brand: brand('en') }),
	);
});

test('two digests in two languages, made one within the other, each speak their own', () => {
	const alone = {
		de: digestItem({ ...site('site.test'), brand: brand('de') }, WORDS.de),
		fr: digestItem({ ...site('site.test'), brand: brand('fr') }, WORDS.fr),
	};
	// the French digest is made while the German one's words are in use (a channel, say): no word
	// of either language is kept anywhere but in its own digest
	const german = { ...site('site.test'), brand: brand('de') };
	let french;
	const importance = WORDS.de.importance;
	const germanMakingFrench = {
		...WORDS.de,
		importance: (value) => {
			french ??= digestItem({ ...site('site.test'), brand: brand('fr') }, WORDS.fr);
			return importance(value);
		},
	};
	expect(digestItem(german, germanMakingFrench)).toEqual(alone.de);
	expect(french).toEqual(alone.fr);
});

test('a language whose words are not given is refused, never said in English', () => {
	expect(() => digestItem({ ...site('site.test'), brand: brand('de') })).toThrow(
		'The digest speaks de: its words must be given (got en)',
	);
	expect(() => combinedItem([site('site.test')], WEEK, [], brand('nl'), WORDS.de)).toThrow(
		'The digest speaks nl: its words must be given (got de)',
	);
});
