import type { Importance } from '../shared/constants';
import { dayOf, plural } from './digestCount';
import { cut } from './digestFit';

/** Project → Digest's words in Dutch (Options → Language): the shape of digestWording.ts' English. */

const MONTHS_NL = [
	'jan',
	'feb',
	'mrt',
	'apr',
	'mei',
	'jun',
	'jul',
	'aug',
	'sep',
	'okt',
	'nov',
	'dec',
];
const dayNl = (week: string, short = false) => dayOf(week, MONTHS_NL, short);
const pagesNl = (count: number) => plural(count, 'pagina', "pagina's");
const IMPORTANCE_NL: Record<Importance, string> = { high: 'hoog', medium: 'middel', low: 'laag' };

export const NL = {
	htmlLang: 'nl',
	noneYet: 'nog geen',
	weekDay: (week: string, short = false) => dayNl(week, short),
	pageCount: pagesNl,
	title: (project: string) => `SEO-gezondheid van ${project}`,
	combinedTitle: (sites: number) => `SEO-gezondheid van ${plural(sites, 'website', 'websites')}`,
	weekOf: (week: string) => `Week van ${dayNl(week)}`,
	weekOfInline: (week: string) => `week van ${dayNl(week)}`,
	health: 'Gezondheid',
	healthMeans: "aandeel pagina's zonder fout op een controle van hoog belang",
	pages: "Pagina's met een rapport",
	pagesFailingHigh: "Pagina's met een hoge fout",
	scoreAverage: 'Gemiddelde score',
	noReport:
		'Nog geen rapport van deze website: zodra de pagina’s zijn gecontroleerd, toont dit overzicht hun gezondheid.',
	vanished: (count: number, lastWeek: string) =>
		`Alle rapporten van deze website zijn verdwenen: de week van ${dayNl(lastWeek)} had ${pagesNl(count)} met een rapport. Controleer het project in phpRank (rapporten verwijderd, website hernoemd) en controleer de website opnieuw.`,
	firstWeek:
		'Eerste week: er is nog geen eerdere week om mee te vergelijken. De trend en de nieuwe en opgeloste problemen beginnen volgende week.',
	since: (lastWeek: string, weekly: boolean) =>
		weekly ? 'sinds vorige week' : `sinds de week van ${dayNl(lastWeek)}`,
	trend: (weeks: number) => `Gezondheid over ${plural(weeks, 'week', 'weken')}`,
	noHealth: 'geen cijfer',
	fixFirst: 'Eerst op te lossen',
	fixFirstNone: 'Niets: elke controle slaagt op elke pagina met een rapport.',
	failsOn: (failing: number, audited: number) => `faalt op ${failing} van ${pagesNl(audited)}`,
	howToFix: 'Zo lost u het op',
	examples: 'Bijvoorbeeld',
	more: (count: number) => `en nog ${count}`,
	newSince: (lastWeek: string, weekly: boolean) =>
		weekly ? 'Nieuw sinds vorige week' : `Nieuw sinds de week van ${dayNl(lastWeek)}`,
	fixedSince: (lastWeek: string, weekly: boolean) =>
		weekly ? 'Opgelost sinds vorige week' : `Opgelost sinds de week van ${dayNl(lastWeek)}`,
	newNone: 'Geen nieuw probleem.',
	fixedNone: 'Geen probleem opgelost.',
	fixedWas: (count: number) => `was op ${pagesNl(count)}`,
	issuesUnknown:
		'De rij van vorige week bevat geen lijst van problemen: de nieuwe en opgeloste problemen beginnen volgende week.',
	coverage: 'Dekking',
	coverageLine: (fresh: number, listed: number) =>
		`${fresh} van ${plural(listed, 'vermelde pagina', "vermelde pagina's")} hebben een recent rapport`,
	notAudited: (count: number) =>
		`${pagesNl(count)} ${count === 1 ? 'kon' : 'konden'} niet worden gecontroleerd`,
	waiting: (count: number) =>
		`${pagesNl(count)} ${count === 1 ? 'wacht' : 'wachten'} op een latere ronde`,
	notListed: (count: number) =>
		`${pagesNl(count)} ${count === 1 ? 'staat' : 'staan'} niet meer in de sitemaps`,
	notAuditedPage: 'Niet gecontroleerd',
	notListedPage: 'Niet meer vermeld',
	reportsDeleted: 'de rapporten verwijderd',
	noCoverage:
		'Hoeveel er is gecontroleerd: geef de samenvatting van Audit Site (het veld Audit Summary) om het te zien.',
	sites: 'Websites',
	site: 'Website',
	newCount: 'Nieuw',
	fixedCount: 'Opgelost',
	failingHighShort: "Pagina's met hoge fout",
	worseFirst: 'Websites die achteruitgingen staan bovenaan.',
	notRead: (error: string) => `niet gelezen: ${cut(error, 300)}`,
	moreSites: (count: number) => `en nog ${plural(count, 'website', 'websites')}`,
	moreDetails: (count: number) =>
		`De details van nog ${plural(count, 'website', 'websites')} zijn weggelaten vanwege de omvang: de tabel hierboven heeft hun cijfers.`,
	failedSite: (project: string | null, item: number) => project ?? `item ${item + 1}`,
	footer: 'Verzonden door de phpRank-node voor n8n (Project → Digest).',
	sentBy: (sender: string) => `Verzonden door ${sender}.`,
	logo: 'Logo',
	importance: (importance: Importance | null) =>
		importance === null ? 'onbekend' : IMPORTANCE_NL[importance],
	siteLine: (health: string, change: string, fresh: number, fixed: number, high: number) =>
		`gezondheid ${health}${change ? ` (${change})` : ''}; nieuw ${fresh}, opgelost ${fixed}, pagina's met een hoge fout ${high}`,
	subjectVanished: (project: string, count: number) =>
		`${project}: alle rapporten verdwenen (eerder ${pagesNl(count)})`,
	subjectNoReport: (project: string) => `${project}: nog geen rapport`,
	subjectHealth: (project: string, health: string) => `${project}: gezondheid ${health}`,
	subjectFirstWeek: 'eerste week',
	subjectCounts: (fresh: number, fixed: number) =>
		`${plural(fresh, 'nieuw probleem', 'nieuwe problemen')}, ${fixed} opgelost`,
	combinedSubject: (sites: number, worse: number, week: string, notRead: number) =>
		`SEO-gezondheid van ${plural(sites, 'website', 'websites')}, week van ${dayNl(week)}: ${worse === 0 ? 'geen achteruit' : `${worse} achteruit`}${notRead === 0 ? '' : `, ${notRead} niet gelezen`}`,
	reasons: {
		timeout: 'de pagina reageerde te laat',
		host: 'de hostnaam van de website is niet gevonden',
		refused: 'de website weigerde de verbinding',
		certificate: 'het HTTPS-certificaat van de website kon niet worden gecontroleerd',
		redirects: 'de pagina stuurt te vaak door',
		closed: 'de website sloot de verbinding',
		tooLong: 'het adres is te lang voor phpRank',
		plan: 'het abonnement van het account staat geen rapporten meer toe',
		slowDown: 'phpRank vroeg om langzamer te gaan',
	},
	reasonStatus: (status: string) => `de pagina antwoordde HTTP ${status}`,
	reasonUnknown: 'phpRank kon haar niet controleren',
	checks: {
		title: [
			'Titel',
			'Geef de pagina één <title> van 1 tot 60 tekens die zegt waar de pagina over gaat.',
		],
		meta_description: [
			'Metabeschrijving',
			'Voeg een <meta name="description"> van 1 tot 160 tekens toe die de pagina samenvat voor zoekresultaten.',
		],
		headings: [
			'Koppen',
			'Geef de pagina precies één <h1> en deel de rest van de tekst in met <h2> tot <h6>.',
		],
		content_keywords: [
			'Trefwoorden in de inhoud',
			'Gebruik de belangrijkste woorden van de titel in de zichtbare tekst van de pagina.',
		],
		image_keywords: [
			'Trefwoorden bij afbeeldingen',
			'Geef elke <img> een alternatieve tekst die de afbeelding beschrijft.',
		],
		seo_friendly_url: [
			'SEO-vriendelijk adres',
			'Gebruik korte adressen van kleine letters met koppeltekens, zonder querystrings of underscores.',
		],
		'404_page': [
			'404-pagina',
			'Laat onbekende adressen antwoorden met status 404 en een behulpzame pagina, niet met een doorverwijzing of status 200.',
		],
		robots: [
			'Robots',
			'Verwijder de robots.txt-regel die deze pagina blokkeert, tenzij ze buiten de zoekresultaten moet blijven.',
		],
		noindex: [
			'Noindex',
			'Verwijder „noindex” uit de robots-metatag en de X-Robots-Tag-header van de pagina, tenzij ze buiten de zoekresultaten moet blijven.',
		],
		in_page_links: [
			'Links op de pagina',
			'Houd de pagina onder 150 links: link naar wat ertoe doet, groepeer de rest op andere pagina’s.',
		],
		language: ['Taal', 'Geef de taal van de pagina aan op de <html>-tag, bijv. lang="nl".'],
		favicon: ['Favicon', 'Voeg een favicon toe met <link rel="icon" href="...">.'],
		text_compression: [
			'Tekstcompressie',
			'Zet gzip- of Brotli-compressie aan voor HTML, CSS en JavaScript op de webserver.',
		],
		load_time: [
			'Laadtijd',
			'Laat de pagina binnen 2 seconden laden: snellere hosting, caching, minder en kleinere bronnen.',
		],
		page_size: [
			'Paginagrootte',
			'Breng de pagina onder 330 kB: comprimeer afbeeldingen, verwijder ongebruikte CSS en JavaScript.',
		],
		http_requests: [
			'HTTP-verzoeken',
			'Laad minder bronnen (onder 50): bundel scripts en stijlen, laat weg wat de pagina niet gebruikt.',
		],
		image_format: [
			'Afbeeldingsformaat',
			'Lever afbeeldingen als WebP of AVIF in plaats van JPEG, PNG of GIF.',
		],
		defer_javascript: [
			'JavaScript uitstellen',
			'Voeg defer (of async) toe aan <script src>-tags die de eerste weergave niet nodig heeft.',
		],
		dom_size: [
			'DOM-grootte',
			'Houd de pagina onder 1.500 HTML-elementen: vereenvoudig de opmaak, laad lange lijsten op verzoek.',
		],
		https_encryption: [
			'HTTPS-versleuteling',
			'Lever de pagina via HTTPS met een geldig certificaat en stuur HTTP door naar HTTPS.',
		],
		mixed_content: [
			'Gemengde inhoud',
			'Laad elke afbeelding, elk script en elke stijl via https://, niet via http://.',
		],
		server_signature: [
			'Serverhandtekening',
			'Verberg de servernaam en -versie in de Server-header (nginx: server_tokens off; Apache: ServerTokens Prod).',
		],
		unsafe_cross_origin_links: [
			'Onveilige externe links',
			'Voeg rel="noopener" toe aan links die andere websites in een nieuw tabblad openen (target="_blank").',
		],
		plaintext_email: [
			'E-mail in platte tekst',
			'Vervang e-mailadressen die in de pagina staan door een contactformulier of een versluierde link.',
		],
		structured_data: [
			'Gestructureerde gegevens',
			'Beschrijf de pagina met Schema.org-gegevens (JSON-LD), Open Graph of Twitter-kaarten.',
		],
		meta_viewport: [
			'Meta-viewport',
			'Voeg <meta name="viewport" content="width=device-width, initial-scale=1"> toe zodat telefoons de pagina goed tonen.',
		],
		charset: ['Tekenset', 'Geef de codering als eerste aan in <head>: <meta charset="utf-8">.'],
		sitemap: [
			'Sitemap',
			'Publiceer een sitemap.xml en noem die in robots.txt (Sitemap: https://.../sitemap.xml).',
		],
		social: [
			'Sociale media',
			'Link vanaf de pagina naar de profielen van de website op sociale media.',
		],
		content_length: ['Tekstlengte', 'Schrijf minstens 500 woorden nuttige tekst op de pagina.'],
		text_html_ratio: [
			'Verhouding tekst/HTML',
			'Verhoog het aandeel zichtbare tekst in de HTML tot 10 % of meer: minder opmaak, inline code en stijlen.',
		],
		inline_css: ['Inline CSS', 'Verplaats style="..."-attributen naar een stylesheet.'],
		deprecated_html_tags: [
			'Verouderde HTML-tags',
			'Vervang oude tags zoals <center>, <font> en <marquee> door CSS.',
		],
	},
	unknownFix:
		'Een controle die dit pakket nog niet kent: zie de rapportpagina in phpRank voor wat ze vraagt.',
};
