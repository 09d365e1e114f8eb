import type { Importance } from '../shared/constants';
import { dayOf, plural } from './digestCount';
import { cut } from './digestFit';

/** Project → Digest's words in Spanish (Options → Language): the shape of digestWording.ts' English. */

const MONTHS_ES = [
	'ene',
	'feb',
	'mar',
	'abr',
	'may',
	'jun',
	'jul',
	'ago',
	'sept',
	'oct',
	'nov',
	'dic',
];
const dayEs = (week: string, short = false) => dayOf(week, MONTHS_ES, short);
const pagesEs = (count: number) => plural(count, 'página', 'páginas');
const IMPORTANCE_ES: Record<Importance, string> = { high: 'alta', medium: 'media', low: 'baja' };

export const ES = {
	htmlLang: 'es',
	noneYet: 'aún ninguna',
	weekDay: (week: string, short = false) => dayEs(week, short),
	pageCount: pagesEs,
	title: (project: string) => `Salud SEO de ${project}`,
	combinedTitle: (sites: number) => `Salud SEO de ${plural(sites, 'sitio', 'sitios')}`,
	weekOf: (week: string) => `Semana del ${dayEs(week)}`,
	weekOfInline: (week: string) => `semana del ${dayEs(week)}`,
	health: 'Salud',
	healthMeans: 'proporción de páginas sin fallos en comprobaciones de importancia alta',
	pages: 'Páginas con informe',
	pagesFailingHigh: 'Páginas con fallo alto',
	scoreAverage: 'Puntuación media',
	noReport:
		'Aún no hay informe de este sitio: en cuanto se auditen sus páginas, este resumen mostrará su salud.',
	vanished: (count: number, lastWeek: string) =>
		`Todos los informes de este sitio han desaparecido: la semana del ${dayEs(lastWeek)} tenía ${pagesEs(count)} con informe. Revise el proyecto en phpRank (informes eliminados, sitio renombrado) y vuelva a auditarlo.`,
	firstWeek:
		'Primera semana: no hay una semana anterior con la que comparar. La tendencia y los problemas nuevos y corregidos empiezan la semana próxima.',
	since: (lastWeek: string, weekly: boolean) =>
		weekly ? 'desde la semana pasada' : `desde la semana del ${dayEs(lastWeek)}`,
	trend: (weeks: number) => `Salud en ${plural(weeks, 'semana', 'semanas')}`,
	noHealth: 'sin cifra',
	fixFirst: 'Qué corregir primero',
	fixFirstNone: 'Nada: todas las comprobaciones pasan en todas las páginas con informe.',
	failsOn: (failing: number, audited: number) => `falla en ${failing} de ${pagesEs(audited)}`,
	howToFix: 'Cómo corregirlo',
	examples: 'Por ejemplo',
	more: (count: number) => `y ${count} más`,
	newSince: (lastWeek: string, weekly: boolean) =>
		weekly ? 'Nuevos desde la semana pasada' : `Nuevos desde la semana del ${dayEs(lastWeek)}`,
	fixedSince: (lastWeek: string, weekly: boolean) =>
		weekly
			? 'Corregidos desde la semana pasada'
			: `Corregidos desde la semana del ${dayEs(lastWeek)}`,
	newNone: 'Ningún problema nuevo.',
	fixedNone: 'Ningún problema corregido.',
	fixedWas: (count: number) => `estaba en ${pagesEs(count)}`,
	issuesUnknown:
		'La fila de la semana pasada no tiene lista de problemas: los problemas nuevos y corregidos empiezan la semana próxima.',
	coverage: 'Cobertura',
	coverageLine: (fresh: number, listed: number) =>
		`${fresh} de ${plural(listed, 'página listada', 'páginas listadas')} tienen un informe reciente`,
	notAudited: (count: number) =>
		`${pagesEs(count)} ${count === 1 ? 'no se pudo' : 'no se pudieron'} auditar`,
	waiting: (count: number) =>
		`${pagesEs(count)} ${count === 1 ? 'espera' : 'esperan'} una ejecución posterior`,
	notListed: (count: number) =>
		`${pagesEs(count)} ya no ${count === 1 ? 'está' : 'están'} en los sitemaps`,
	notAuditedPage: 'No auditada',
	notListedPage: 'Ya no listada',
	reportsDeleted: 'sus informes eliminados',
	noCoverage:
		'Cuánto se comprobó: indique el resumen de Audit Site (el campo Audit Summary) para verlo.',
	sites: 'Sitios',
	site: 'Sitio',
	newCount: 'Nuevos',
	fixedCount: 'Corregidos',
	failingHighShort: 'Páginas con fallo alto',
	worseFirst: 'Los sitios que empeoraron van primero.',
	notRead: (error: string) => `no leído: ${cut(error, 300)}`,
	moreSites: (count: number) => `y ${plural(count, 'sitio más', 'sitios más')}`,
	moreDetails: (count: number) =>
		`Los detalles de ${plural(count, 'sitio más', 'sitios más')} se omiten por tamaño: la tabla de arriba tiene sus cifras.`,
	failedSite: (project: string | null, item: number) => project ?? `elemento ${item + 1}`,
	footer: 'Enviado por el nodo phpRank para n8n (Project → Digest).',
	sentBy: (sender: string) => `Enviado por ${sender}.`,
	logo: 'Logotipo',
	importance: (importance: Importance | null) =>
		importance === null ? 'desconocida' : IMPORTANCE_ES[importance],
	siteLine: (health: string, change: string, fresh: number, fixed: number, high: number) =>
		`salud ${health}${change ? ` (${change})` : ''}; nuevos ${fresh}, corregidos ${fixed}, páginas con fallo alto ${high}`,
	subjectVanished: (project: string, count: number) =>
		`${project}: todos los informes han desaparecido (antes ${pagesEs(count)})`,
	subjectNoReport: (project: string) => `${project}: aún no hay informe`,
	subjectHealth: (project: string, health: string) => `${project}: salud ${health}`,
	subjectFirstWeek: 'primera semana',
	subjectCounts: (fresh: number, fixed: number) =>
		`${plural(fresh, 'problema nuevo', 'problemas nuevos')}, ${fixed} ${fixed === 1 ? 'corregido' : 'corregidos'}`,
	combinedSubject: (sites: number, worse: number, week: string, notRead: number) =>
		`Salud SEO de ${plural(sites, 'sitio', 'sitios')}, semana del ${dayEs(week)}: ${worse === 0 ? 'ninguno peor' : `${worse} peor`}${notRead === 0 ? '' : `, ${notRead} no leídos`}`,
	reasons: {
		timeout: 'la página tardó demasiado en responder',
		host: 'no se encontró el nombre de host del sitio',
		refused: 'el sitio rechazó la conexión',
		certificate: 'no se pudo verificar el certificado HTTPS del sitio',
		redirects: 'la página redirige demasiadas veces',
		closed: 'el sitio cerró la conexión',
		tooLong: 'su dirección es demasiado larga para phpRank',
		plan: 'el plan de la cuenta no permite más informes',
		slowDown: 'phpRank pidió ir más despacio',
	},
	reasonStatus: (status: string) => `la página respondió HTTP ${status}`,
	reasonUnknown: 'phpRank no pudo auditarla',
	checks: {
		title: [
			'Título',
			'Dé a la página un <title> de 1 a 60 caracteres que diga de qué trata la página.',
		],
		meta_description: [
			'Metadescripción',
			'Añada una <meta name="description"> de 1 a 160 caracteres que resuma la página para los resultados de búsqueda.',
		],
		headings: [
			'Encabezados',
			'Dé a la página exactamente un <h1> y estructure el resto del texto con <h2> a <h6>.',
		],
		content_keywords: [
			'Palabras clave del contenido',
			'Use las palabras principales del título en el texto visible de la página.',
		],
		image_keywords: [
			'Palabras clave de imágenes',
			'Dé a cada <img> un texto alternativo que describa la imagen.',
		],
		seo_friendly_url: [
			'Dirección apta para SEO',
			'Use direcciones cortas de palabras en minúsculas unidas por guiones, sin parámetros ni guiones bajos.',
		],
		'404_page': [
			'Página 404',
			'Haga que las direcciones desconocidas respondan con el estado 404 y una página útil, no con una redirección ni el estado 200.',
		],
		robots: [
			'Robots',
			'Quite la regla de robots.txt que bloquea esta página, salvo que deba quedar fuera de los resultados de búsqueda.',
		],
		noindex: [
			'Noindex',
			'Quite «noindex» de la etiqueta meta robots y de la cabecera X-Robots-Tag de la página, salvo que deba quedar fuera de los resultados de búsqueda.',
		],
		in_page_links: [
			'Enlaces de la página',
			'Mantenga menos de 150 enlaces en la página: enlace lo importante y agrupe el resto en otras páginas.',
		],
		language: ['Idioma', 'Declare el idioma de la página en la etiqueta <html>, p. ej. lang="es".'],
		favicon: ['Favicon', 'Añada un favicon con <link rel="icon" href="...">.'],
		text_compression: [
			'Compresión de texto',
			'Active la compresión gzip o Brotli para HTML, CSS y JavaScript en el servidor web.',
		],
		load_time: [
			'Tiempo de carga',
			'Haga que la página cargue en 2 segundos: alojamiento más rápido, caché, menos recursos y más ligeros.',
		],
		page_size: [
			'Tamaño de la página',
			'Deje la página por debajo de 330 kB: comprima imágenes, quite el CSS y el JavaScript sin usar.',
		],
		http_requests: [
			'Peticiones HTTP',
			'Cargue menos recursos (menos de 50): agrupe scripts y estilos, quite lo que la página no usa.',
		],
		image_format: [
			'Formato de imagen',
			'Sirva las imágenes en WebP o AVIF en lugar de JPEG, PNG o GIF.',
		],
		defer_javascript: [
			'Aplazar JavaScript',
			'Añada defer (o async) a las etiquetas <script src> que la primera visualización no necesita.',
		],
		dom_size: [
			'Tamaño del DOM',
			'Mantenga la página por debajo de 1.500 elementos HTML: simplifique el diseño, cargue las listas largas bajo demanda.',
		],
		https_encryption: [
			'Cifrado HTTPS',
			'Sirva la página por HTTPS con un certificado válido y redirija HTTP a HTTPS.',
		],
		mixed_content: [
			'Contenido mixto',
			'Cargue cada imagen, script y estilo por https://, no por http://.',
		],
		server_signature: [
			'Firma del servidor',
			'Oculte el nombre y la versión del servidor en la cabecera Server (nginx: server_tokens off; Apache: ServerTokens Prod).',
		],
		unsafe_cross_origin_links: [
			'Enlaces externos inseguros',
			'Añada rel="noopener" a los enlaces que abren otros sitios en una pestaña nueva (target="_blank").',
		],
		plaintext_email: [
			'Correo en texto plano',
			'Sustituya las direcciones de correo escritas en la página por un formulario de contacto o un enlace ofuscado.',
		],
		structured_data: [
			'Datos estructurados',
			'Describa la página con datos de Schema.org (JSON-LD), Open Graph o tarjetas de Twitter.',
		],
		meta_viewport: [
			'Meta viewport',
			'Añada <meta name="viewport" content="width=device-width, initial-scale=1"> para que los teléfonos muestren bien la página.',
		],
		charset: [
			'Juego de caracteres',
			'Declare la codificación primero en <head>: <meta charset="utf-8">.',
		],
		sitemap: [
			'Sitemap',
			'Publique un sitemap.xml e indíquelo en robots.txt (Sitemap: https://.../sitemap.xml).',
		],
		social: ['Redes sociales', 'Enlace desde la página los perfiles del sitio en redes sociales.'],
		content_length: [
			'Longitud del contenido',
			'Escriba al menos 500 palabras de texto útil en la página.',
		],
		text_html_ratio: [
			'Relación texto/HTML',
			'Suba la proporción de texto visible en el HTML al 10 % o más: menos marcado, código y estilos en línea.',
		],
		inline_css: ['CSS en línea', 'Mueva los atributos style="..." a una hoja de estilos.'],
		deprecated_html_tags: [
			'Etiquetas HTML obsoletas',
			'Sustituya etiquetas antiguas como <center>, <font> y <marquee> por CSS.',
		],
	},
	unknownFix:
		'Una comprobación que este paquete aún no conoce: consulte la página del informe en phpRank para ver qué pide.',
};
