import type { Importance } from '../shared/constants';
import { dayOf, plural } from './digestCount';
import { cut } from './digestFit';

/** Project → Digest's words in German (Options → Language): the shape of digestWording.ts' English. */

const MONTHS_DE = [
	'Jan.',
	'Feb.',
	'März',
	'Apr.',
	'Mai',
	'Juni',
	'Juli',
	'Aug.',
	'Sept.',
	'Okt.',
	'Nov.',
	'Dez.',
];
const dayDe = (week: string, short = false) =>
	dayOf(week, MONTHS_DE, short, (d, month) => `${d}. ${month}`);
const pagesDe = (count: number) => plural(count, 'Seite', 'Seiten');
const IMPORTANCE_DE: Record<Importance, string> = {
	high: 'hoch',
	medium: 'mittel',
	low: 'niedrig',
};

export const DE = {
	htmlLang: 'de',
	noneYet: 'noch keine',
	weekDay: (week: string, short = false) => dayDe(week, short),
	pageCount: pagesDe,
	title: (project: string) => `SEO-Zustand von ${project}`,
	combinedTitle: (sites: number) => `SEO-Zustand von ${plural(sites, 'Website', 'Websites')}`,
	weekOf: (week: string) => `Woche vom ${dayDe(week)}`,
	weekOfInline: (week: string) => `Woche vom ${dayDe(week)}`,
	health: 'Zustand',
	healthMeans: 'Anteil der Seiten ohne Fehler bei einer Prüfung hoher Wichtigkeit',
	pages: 'Seiten mit Bericht',
	pagesFailingHigh: 'Seiten mit hohem Fehler',
	scoreAverage: 'Durchschnittliche Punktzahl',
	noReport:
		'Noch kein Bericht dieser Website: Sobald ihre Seiten geprüft sind, zeigt diese Übersicht ihren Zustand.',
	vanished: (count: number, lastWeek: string) =>
		`Alle Berichte dieser Website sind verschwunden: In der Woche vom ${dayDe(lastWeek)} hatten ${pagesDe(count)} einen Bericht. Prüfen Sie das Projekt in phpRank (Berichte gelöscht, Website umbenannt) und prüfen Sie die Website erneut.`,
	firstWeek:
		'Erste Woche: Es gibt noch keine frühere Woche zum Vergleich. Verlauf sowie neue und behobene Probleme beginnen nächste Woche.',
	since: (lastWeek: string, weekly: boolean) =>
		weekly ? 'seit letzter Woche' : `seit der Woche vom ${dayDe(lastWeek)}`,
	trend: (weeks: number) => `Zustand über ${plural(weeks, 'Woche', 'Wochen')}`,
	noHealth: 'kein Wert',
	fixFirst: 'Zuerst zu beheben',
	fixFirstNone: 'Nichts: Jede Prüfung besteht auf jeder Seite mit Bericht.',
	failsOn: (failing: number, audited: number) =>
		`schlägt auf ${failing} von ${pagesDe(audited)} fehl`,
	howToFix: 'So beheben Sie es',
	examples: 'Zum Beispiel',
	more: (count: number) => `und ${count} weitere`,
	newSince: (lastWeek: string, weekly: boolean) =>
		weekly ? 'Neu seit letzter Woche' : `Neu seit der Woche vom ${dayDe(lastWeek)}`,
	fixedSince: (lastWeek: string, weekly: boolean) =>
		weekly ? 'Behoben seit letzter Woche' : `Behoben seit der Woche vom ${dayDe(lastWeek)}`,
	newNone: 'Kein neues Problem.',
	fixedNone: 'Kein Problem behoben.',
	fixedWas: (count: number) => `war auf ${pagesDe(count)}`,
	issuesUnknown:
		'Die Zeile der letzten Woche enthält keine Liste der Probleme: Neue und behobene Probleme beginnen nächste Woche.',
	coverage: 'Abdeckung',
	coverageLine: (fresh: number, listed: number) =>
		`${fresh} von ${plural(listed, 'gelisteten Seite', 'gelisteten Seiten')} haben einen aktuellen Bericht`,
	notAudited: (count: number) =>
		`${pagesDe(count)} ${count === 1 ? 'konnte' : 'konnten'} nicht geprüft werden`,
	waiting: (count: number) =>
		`${pagesDe(count)} ${count === 1 ? 'wartet' : 'warten'} auf einen späteren Lauf`,
	notListed: (count: number) =>
		`${pagesDe(count)} ${count === 1 ? 'ist' : 'sind'} nicht mehr in den Sitemaps`,
	notAuditedPage: 'Nicht geprüft',
	notListedPage: 'Nicht mehr gelistet',
	reportsDeleted: 'ihre Berichte gelöscht',
	noCoverage:
		'Wie viel geprüft wurde: Geben Sie die Zusammenfassung von Audit Site an (Feld Audit Summary), um es zu sehen.',
	sites: 'Websites',
	site: 'Website',
	newCount: 'Neu',
	fixedCount: 'Behoben',
	failingHighShort: 'Seiten mit hohem Fehler',
	worseFirst: 'Websites, die sich verschlechtert haben, stehen zuerst.',
	notRead: (error: string) => `nicht gelesen: ${cut(error, 300)}`,
	moreSites: (count: number) => `und ${plural(count, 'weitere Website', 'weitere Websites')}`,
	moreDetails: (count: number) =>
		`Die Details von ${plural(count, 'weiteren Website', 'weiteren Websites')} sind aus Platzgründen ausgelassen: Die Tabelle oben zeigt ihre Werte.`,
	failedSite: (project: string | null, item: number) => project ?? `Eintrag ${item + 1}`,
	footer: 'Gesendet vom phpRank-Node für n8n (Project → Digest).',
	sentBy: (sender: string) => `Gesendet von ${sender}.`,
	logo: 'Logo',
	importance: (importance: Importance | null) =>
		importance === null ? 'unbekannt' : IMPORTANCE_DE[importance],
	siteLine: (health: string, change: string, fresh: number, fixed: number, high: number) =>
		`Zustand ${health}${change ? ` (${change})` : ''}; neu ${fresh}, behoben ${fixed}, Seiten mit hohem Fehler ${high}`,
	subjectVanished: (project: string, count: number) =>
		`${project}: alle Berichte verschwunden (vorher ${pagesDe(count)})`,
	subjectNoReport: (project: string) => `${project}: noch kein Bericht`,
	subjectHealth: (project: string, health: string) => `${project}: Zustand ${health}`,
	subjectFirstWeek: 'erste Woche',
	subjectCounts: (fresh: number, fixed: number) =>
		`${plural(fresh, 'neues Problem', 'neue Probleme')}, ${fixed} behoben`,
	combinedSubject: (sites: number, worse: number, week: string, notRead: number) =>
		`SEO-Zustand von ${plural(sites, 'Website', 'Websites')}, Woche vom ${dayDe(week)}: ${worse === 0 ? 'keine schlechter' : `${worse} schlechter`}${notRead === 0 ? '' : `, ${notRead} nicht gelesen`}`,
	reasons: {
		timeout: 'Zeitüberschreitung beim Laden der Seite',
		host: 'der Hostname der Website wurde nicht gefunden',
		refused: 'die Website hat die Verbindung abgelehnt',
		certificate: 'das HTTPS-Zertifikat der Website konnte nicht geprüft werden',
		redirects: 'die Seite leitet zu oft weiter',
		closed: 'die Website hat die Verbindung geschlossen',
		tooLong: 'ihre Adresse ist für phpRank zu lang',
		plan: 'der Tarif des Kontos erlaubt keine weiteren Berichte',
		slowDown: 'phpRank bat darum, langsamer zu senden',
	},
	reasonStatus: (status: string) => `die Seite antwortete mit HTTP ${status}`,
	reasonUnknown: 'phpRank konnte sie nicht prüfen',
	checks: {
		title: [
			'Titel',
			'Geben Sie der Seite einen <title> mit 1 bis 60 Zeichen, der sagt, worum es auf der Seite geht.',
		],
		meta_description: [
			'Meta-Beschreibung',
			'Fügen Sie ein <meta name="description"> mit 1 bis 160 Zeichen hinzu, das die Seite für Suchergebnisse zusammenfasst.',
		],
		headings: [
			'Überschriften',
			'Geben Sie der Seite genau eine <h1> und gliedern Sie den übrigen Text mit <h2> bis <h6>.',
		],
		content_keywords: [
			'Inhalts-Schlüsselwörter',
			'Verwenden Sie die Hauptwörter des Titels im sichtbaren Text der Seite.',
		],
		image_keywords: [
			'Bild-Schlüsselwörter',
			'Geben Sie jedem <img> einen Alternativtext, der das Bild beschreibt.',
		],
		seo_friendly_url: [
			'SEO-freundliche Adresse',
			'Verwenden Sie kurze Adressen aus kleingeschriebenen, durch Bindestriche verbundenen Wörtern, ohne Abfragezeichenketten oder Unterstriche.',
		],
		'404_page': [
			'404-Seite',
			'Lassen Sie unbekannte Adressen mit Status 404 und einer hilfreichen Seite antworten, nicht mit einer Weiterleitung oder Status 200.',
		],
		robots: [
			'Robots',
			'Entfernen Sie die robots.txt-Regel, die diese Seite sperrt, außer sie soll aus den Suchergebnissen bleiben.',
		],
		noindex: [
			'Noindex',
			'Entfernen Sie „noindex“ aus dem Robots-Meta-Tag und dem X-Robots-Tag-Header der Seite, außer sie soll aus den Suchergebnissen bleiben.',
		],
		in_page_links: [
			'Links auf der Seite',
			'Halten Sie die Links der Seite unter 150: Verlinken Sie das Wichtige, gruppieren Sie den Rest auf anderen Seiten.',
		],
		language: ['Sprache', 'Geben Sie die Sprache der Seite im <html>-Tag an, z. B. lang="de".'],
		favicon: ['Favicon', 'Fügen Sie ein Favicon mit <link rel="icon" href="..."> hinzu.'],
		text_compression: [
			'Textkomprimierung',
			'Aktivieren Sie gzip- oder Brotli-Komprimierung für HTML, CSS und JavaScript auf dem Webserver.',
		],
		load_time: [
			'Ladezeit',
			'Lassen Sie die Seite in 2 Sekunden laden: schnelleres Hosting, Caching, weniger und kleinere Ressourcen.',
		],
		page_size: [
			'Seitengröße',
			'Bringen Sie die Seite unter 330 kB: Bilder komprimieren, ungenutztes CSS und JavaScript entfernen.',
		],
		http_requests: [
			'HTTP-Anfragen',
			'Laden Sie weniger Ressourcen (unter 50): Skripte und Stile bündeln, Ungenutztes weglassen.',
		],
		image_format: ['Bildformat', 'Liefern Sie Bilder als WebP oder AVIF statt JPEG, PNG oder GIF.'],
		defer_javascript: [
			'JavaScript aufschieben',
			'Fügen Sie <script src>-Tags, die der erste Aufbau nicht braucht, defer (oder async) hinzu.',
		],
		dom_size: [
			'DOM-Größe',
			'Halten Sie die Seite unter 1.500 HTML-Elementen: Layout vereinfachen, lange Listen bei Bedarf laden.',
		],
		https_encryption: [
			'HTTPS-Verschlüsselung',
			'Liefern Sie die Seite über HTTPS mit gültigem Zertifikat aus und leiten Sie HTTP auf HTTPS um.',
		],
		mixed_content: [
			'Gemischte Inhalte',
			'Laden Sie jedes Bild, Skript und jeden Stil über https://, nicht http://.',
		],
		server_signature: [
			'Server-Signatur',
			'Verbergen Sie Servername und Version im Server-Header (nginx: server_tokens off; Apache: ServerTokens Prod).',
		],
		unsafe_cross_origin_links: [
			'Unsichere Cross-Origin-Links',
			'Fügen Sie Links, die andere Websites in einem neuen Tab öffnen (target="_blank"), rel="noopener" hinzu.',
		],
		plaintext_email: [
			'E-Mail im Klartext',
			'Ersetzen Sie auf der Seite geschriebene E-Mail-Adressen durch ein Kontaktformular oder einen verschleierten Link.',
		],
		structured_data: [
			'Strukturierte Daten',
			'Beschreiben Sie die Seite mit Schema.org-Daten (JSON-LD), Open Graph oder Twitter Cards.',
		],
		meta_viewport: [
			'Meta-Viewport',
			'Fügen Sie <meta name="viewport" content="width=device-width, initial-scale=1"> hinzu, damit Telefone die Seite gut zeigen.',
		],
		charset: [
			'Zeichensatz',
			'Geben Sie die Kodierung zuerst im <head> an: <meta charset="utf-8">.',
		],
		sitemap: [
			'Sitemap',
			'Veröffentlichen Sie eine sitemap.xml und nennen Sie sie in der robots.txt (Sitemap: https://.../sitemap.xml).',
		],
		social: [
			'Soziale Netzwerke',
			'Verlinken Sie die Profile der Website in sozialen Netzwerken auf der Seite.',
		],
		content_length: [
			'Textlänge',
			'Schreiben Sie mindestens 500 Wörter nützlichen Text auf die Seite.',
		],
		text_html_ratio: [
			'Text-HTML-Verhältnis',
			'Erhöhen Sie den Anteil sichtbaren Textes im HTML auf 10 % oder mehr: weniger Markup, Inline-Code und Stile.',
		],
		inline_css: ['Inline-CSS', 'Verschieben Sie style="..."-Attribute in ein Stylesheet.'],
		deprecated_html_tags: [
			'Veraltete HTML-Tags',
			'Ersetzen Sie alte Tags wie <center>, <font> und <marquee> durch CSS.',
		],
	},
	unknownFix:
		'Eine Prüfung, die dieses Paket noch nicht kennt: Siehe die Berichtsseite in phpRank für das, was sie verlangt.',
};
