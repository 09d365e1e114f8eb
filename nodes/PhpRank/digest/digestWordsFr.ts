import type { Importance } from '../shared/constants';
import { dayOf, plural } from './digestCount';
import { cut } from './digestFit';

/** Project → Digest's words in French (Options → Language): the shape of digestWording.ts' English. */

const MONTHS_FR = [
	'janv.',
	'févr.',
	'mars',
	'avr.',
	'mai',
	'juin',
	'juil.',
	'août',
	'sept.',
	'oct.',
	'nov.',
	'déc.',
];
const dayFr = (week: string, short = false) => dayOf(week, MONTHS_FR, short);
const pagesFr = (count: number) => plural(count, 'page', 'pages');
const IMPORTANCE_FR: Record<Importance, string> = {
	high: 'haute',
	medium: 'moyenne',
	low: 'basse',
};

export const FR = {
	htmlLang: 'fr',
	noneYet: 'pas encore',
	weekDay: (week: string, short = false) => dayFr(week, short),
	pageCount: pagesFr,
	title: (project: string) => `Santé SEO de ${project}`,
	combinedTitle: (sites: number) => `Santé SEO de ${plural(sites, 'site', 'sites')}`,
	weekOf: (week: string) => `Semaine du ${dayFr(week)}`,
	weekOfInline: (week: string) => `semaine du ${dayFr(week)}`,
	health: 'Santé',
	healthMeans: "part des pages sans échec à un contrôle d'importance haute",
	pages: 'Pages avec un rapport',
	pagesFailingHigh: 'Pages en échec haut',
	scoreAverage: 'Score moyen',
	noReport:
		'Pas encore de rapport pour ce site : dès que ses pages auront été auditées, ce résumé montrera leur santé.',
	vanished: (count: number, lastWeek: string) =>
		`Tous les rapports de ce site ont disparu : la semaine du ${dayFr(lastWeek)} comptait ${pagesFr(count)} avec un rapport. Vérifiez le projet dans phpRank (rapports supprimés, site renommé), puis auditez-le à nouveau.`,
	firstWeek:
		'Première semaine : aucune semaine antérieure à comparer. La tendance et les problèmes nouveaux et corrigés commencent la semaine prochaine.',
	since: (lastWeek: string, weekly: boolean) =>
		weekly ? 'depuis la semaine dernière' : `depuis la semaine du ${dayFr(lastWeek)}`,
	trend: (weeks: number) => `Santé sur ${plural(weeks, 'semaine', 'semaines')}`,
	noHealth: 'aucun chiffre',
	fixFirst: "À corriger d'abord",
	fixFirstNone: 'Rien : chaque contrôle réussit sur chaque page avec un rapport.',
	failsOn: (failing: number, audited: number) => `échoue sur ${failing} de ${pagesFr(audited)}`,
	howToFix: 'Comment corriger',
	examples: 'Par exemple',
	more: (count: number) => `et ${count} de plus`,
	newSince: (lastWeek: string, weekly: boolean) =>
		weekly
			? 'Nouveaux depuis la semaine dernière'
			: `Nouveaux depuis la semaine du ${dayFr(lastWeek)}`,
	fixedSince: (lastWeek: string, weekly: boolean) =>
		weekly
			? 'Corrigés depuis la semaine dernière'
			: `Corrigés depuis la semaine du ${dayFr(lastWeek)}`,
	newNone: 'Aucun nouveau problème.',
	fixedNone: 'Aucun problème corrigé.',
	fixedWas: (count: number) => `était sur ${pagesFr(count)}`,
	issuesUnknown:
		'La ligne de la semaine dernière ne contient pas de liste des problèmes : les problèmes nouveaux et corrigés commencent la semaine prochaine.',
	coverage: 'Couverture',
	coverageLine: (fresh: number, listed: number) =>
		`${fresh} sur ${plural(listed, 'page listée', 'pages listées')} ont un rapport récent`,
	notAudited: (count: number) =>
		`${pagesFr(count)} ${count === 1 ? "n'a pas pu être auditée" : "n'ont pas pu être auditées"}`,
	waiting: (count: number) =>
		`${pagesFr(count)} ${count === 1 ? 'attend' : 'attendent'} un passage ultérieur`,
	notListed: (count: number) =>
		`${pagesFr(count)} ${count === 1 ? "n'est" : 'ne sont'} plus dans les sitemaps`,
	notAuditedPage: 'Non auditée',
	notListedPage: 'Plus listée',
	reportsDeleted: 'ses rapports supprimés',
	noCoverage:
		"Ce qui a été contrôlé : donnez le résumé d'Audit Site (le champ Audit Summary) pour le voir.",
	sites: 'Sites',
	site: 'Site',
	newCount: 'Nouveaux',
	fixedCount: 'Corrigés',
	failingHighShort: 'Pages en échec haut',
	worseFirst: "Les sites qui se sont dégradés viennent d'abord.",
	notRead: (error: string) => `non lu : ${cut(error, 300)}`,
	moreSites: (count: number) => `et ${plural(count, 'site de plus', 'sites de plus')}`,
	moreDetails: (count: number) =>
		`Les détails de ${plural(count, 'site de plus', 'sites de plus')} sont omis faute de place : le tableau ci-dessus donne leurs chiffres.`,
	failedSite: (project: string | null, item: number) => project ?? `élément ${item + 1}`,
	footer: 'Envoyé par le nœud phpRank pour n8n (Project → Digest).',
	sentBy: (sender: string) => `Envoyé par ${sender}.`,
	logo: 'Logo',
	importance: (importance: Importance | null) =>
		importance === null ? 'inconnue' : IMPORTANCE_FR[importance],
	siteLine: (health: string, change: string, fresh: number, fixed: number, high: number) =>
		`santé ${health}${change ? ` (${change})` : ''} ; nouveaux ${fresh}, corrigés ${fixed}, pages en échec haut ${high}`,
	subjectVanished: (project: string, count: number) =>
		`${project} : tous les rapports ont disparu (${pagesFr(count)} avant)`,
	subjectNoReport: (project: string) => `${project} : pas encore de rapport`,
	subjectHealth: (project: string, health: string) => `${project} : santé ${health}`,
	subjectFirstWeek: 'première semaine',
	subjectCounts: (fresh: number, fixed: number) =>
		`${plural(fresh, 'nouveau problème', 'nouveaux problèmes')}, ${fixed} ${fixed === 1 ? 'corrigé' : 'corrigés'}`,
	combinedSubject: (sites: number, worse: number, week: string, notRead: number) =>
		`Santé SEO de ${plural(sites, 'site', 'sites')}, semaine du ${dayFr(week)} : ${worse === 0 ? 'aucun en baisse' : `${worse} en baisse`}${notRead === 0 ? '' : `, ${notRead} non lus`}`,
	reasons: {
		timeout: 'la page a mis trop de temps à répondre',
		host: "le nom d'hôte du site est introuvable",
		refused: 'le site a refusé la connexion',
		certificate: "le certificat HTTPS du site n'a pas pu être vérifié",
		redirects: 'la page redirige trop de fois',
		closed: 'le site a fermé la connexion',
		tooLong: 'son adresse est trop longue pour phpRank',
		plan: "la formule du compte n'autorise plus de rapports",
		slowDown: 'phpRank a demandé de ralentir',
	},
	reasonStatus: (status: string) => `la page a répondu HTTP ${status}`,
	reasonUnknown: "phpRank n'a pas pu l'auditer",
	checks: {
		title: [
			'Titre',
			'Donnez à la page un <title> de 1 à 60 caractères qui dit de quoi parle la page.',
		],
		meta_description: [
			'Méta-description',
			'Ajoutez une <meta name="description"> de 1 à 160 caractères qui résume la page pour les résultats de recherche.',
		],
		headings: [
			'Titres de section',
			'Donnez à la page exactement un <h1> et structurez le reste du texte avec <h2> à <h6>.',
		],
		content_keywords: [
			'Mots-clés du contenu',
			'Utilisez les mots principaux du titre dans le texte visible de la page.',
		],
		image_keywords: [
			"Mots-clés d'images",
			'Donnez à chaque <img> un texte alternatif qui décrit l’image.',
		],
		seo_friendly_url: [
			'Adresse optimisée SEO',
			'Utilisez des adresses courtes de mots en minuscules reliés par des tirets, sans paramètres ni tirets bas.',
		],
		'404_page': [
			'Page 404',
			'Faites répondre les adresses inconnues avec le statut 404 et une page utile, pas une redirection ni le statut 200.',
		],
		robots: [
			'Robots',
			'Supprimez la règle robots.txt qui bloque cette page, sauf si elle doit rester hors des résultats de recherche.',
		],
		noindex: [
			'Noindex',
			'Retirez « noindex » de la balise meta robots et de l’en-tête X-Robots-Tag de la page, sauf si elle doit rester hors des résultats de recherche.',
		],
		in_page_links: [
			'Liens de la page',
			"Gardez moins de 150 liens sur la page : liez l'essentiel, regroupez le reste sur d'autres pages.",
		],
		language: ['Langue', 'Déclarez la langue de la page sur la balise <html>, par ex. lang="fr".'],
		favicon: ['Favicon', 'Ajoutez un favicon avec <link rel="icon" href="...">.'],
		text_compression: [
			'Compression du texte',
			'Activez la compression gzip ou Brotli pour le HTML, le CSS et le JavaScript sur le serveur web.',
		],
		load_time: [
			'Temps de chargement',
			'Faites charger la page en 2 secondes : hébergement plus rapide, cache, ressources moins nombreuses et plus légères.',
		],
		page_size: [
			'Poids de la page',
			'Ramenez la page sous 330 ko : compressez les images, retirez le CSS et le JavaScript inutilisés.',
		],
		http_requests: [
			'Requêtes HTTP',
			"Chargez moins de ressources (moins de 50) : regroupez scripts et styles, retirez ce que la page n'utilise pas.",
		],
		image_format: [
			"Format d'image",
			'Servez les images en WebP ou AVIF au lieu de JPEG, PNG ou GIF.',
		],
		defer_javascript: [
			'Différer le JavaScript',
			"Ajoutez defer (ou async) aux balises <script src> dont le premier affichage n'a pas besoin.",
		],
		dom_size: [
			'Taille du DOM',
			'Gardez la page sous 1 500 éléments HTML : simplifiez la mise en page, chargez les longues listes à la demande.',
		],
		https_encryption: [
			'Chiffrement HTTPS',
			'Servez la page en HTTPS avec un certificat valide et redirigez HTTP vers HTTPS.',
		],
		mixed_content: [
			'Contenu mixte',
			'Chargez chaque image, script et style en https://, pas en http://.',
		],
		server_signature: [
			'Signature du serveur',
			"Masquez le nom et la version du serveur dans l'en-tête Server (nginx : server_tokens off ; Apache : ServerTokens Prod).",
		],
		unsafe_cross_origin_links: [
			'Liens externes non sûrs',
			'Ajoutez rel="noopener" aux liens qui ouvrent d’autres sites dans un nouvel onglet (target="_blank").',
		],
		plaintext_email: [
			'E-mail en clair',
			'Remplacez les adresses e-mail écrites dans la page par un formulaire de contact ou un lien masqué.',
		],
		structured_data: [
			'Données structurées',
			'Décrivez la page avec des données Schema.org (JSON-LD), Open Graph ou des cartes Twitter.',
		],
		meta_viewport: [
			'Méta viewport',
			'Ajoutez <meta name="viewport" content="width=device-width, initial-scale=1"> pour que les téléphones affichent bien la page.',
		],
		charset: [
			'Jeu de caractères',
			'Déclarez l\'encodage en premier dans <head> : <meta charset="utf-8">.',
		],
		sitemap: [
			'Sitemap',
			'Publiez un sitemap.xml et indiquez-le dans robots.txt (Sitemap: https://.../sitemap.xml).',
		],
		social: ['Réseaux sociaux', 'Liez depuis la page les profils du site sur les réseaux sociaux.'],
		content_length: [
			'Longueur du contenu',
			'Écrivez au moins 500 mots de texte utile sur la page.',
		],
		text_html_ratio: [
			'Ratio texte/HTML',
			'Portez la part de texte visible dans le HTML à 10 % ou plus : moins de balisage, de code et de styles en ligne.',
		],
		inline_css: ['CSS en ligne', 'Déplacez les attributs style="..." dans une feuille de style.'],
		deprecated_html_tags: [
			'Balises HTML obsolètes',
			'Remplacez les anciennes balises comme <center>, <font> et <marquee> par du CSS.',
		],
	},
	unknownFix:
		'Un contrôle que ce paquet ne connaît pas encore : voyez la page du rapport dans phpRank pour ce qu’il demande.',
};
