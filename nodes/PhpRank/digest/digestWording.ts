import type { Importance } from '../shared/constants';
import { UNKNOWN_CHECK_FIX } from '../report/checkCatalogue';
import { dayOf, plural } from './digestCount';
import { cut } from './digestFit';

export { plural } from './digestCount';

/**
 * Every word Project → Digest says, in one place (the channels, digest/digestHtml.ts and
 * digest/digestLines.ts, only lay them out): to change a sentence, change it here. Every function
 * takes figures the model (digest/digest.ts) made, never a text from a site: those are escaped by
 * each channel where they are placed. English is built in; each other language is loaded at its
 * first use (digest/digestRun.ts `wordsOf`). Every function takes the words of the digest it
 * says (the model's `words`), never a language kept here: two digests in two languages cannot mix.
 */

/** A change as an arrow: ▲3, ▼2, ±0; unknown (a figure missing from History): an empty text. */
export function arrow(change: number | null): string {
	if (change === null) return '';
	if (change > 0) return `▲${change}`;
	if (change < 0) return `▼${-change}`;
	return '±0';
}

/** A figure that may be missing (a site without reports has no health, no average score). */
export function figure(words: Words, value: number | null, unit = ''): string {
	return value === null ? words.noneYet : `${value}${unit}`;
}

/** A week (its Monday, yyyy-mm-dd) as "30 Nov 2026"; `short`: "30 Nov". */
export function weekDay(words: Words, week: string, short = false): string {
	return words.weekDay(week, short);
}

const MONTHS_EN = [
	'Jan',
	'Feb',
	'Mar',
	'Apr',
	'May',
	'Jun',
	'Jul',
	'Aug',
	'Sep',
	'Oct',
	'Nov',
	'Dec',
];

/** Why phpRank could not audit a page, as a key of each language's `reasons`. */
export type Reason =
	| 'timeout'
	| 'host'
	| 'refused'
	| 'certificate'
	| 'redirects'
	| 'closed'
	| 'tooLong'
	| 'plan'
	| 'slowDown';

const dayEn = (week: string, short = false) => dayOf(week, MONTHS_EN, short);

/** The words of English, the default: built in (digestRun.ts `wordsOf` loads the others). */
export const ENGLISH = {
	htmlLang: 'en',
	noneYet: 'none yet',
	weekDay: (week: string, short = false) => dayEn(week, short),
	pageCount: (count: number) => plural(count, 'page', 'pages'),
	title: (project: string) => `SEO health of ${project}`,
	combinedTitle: (sites: number) => `SEO health of ${plural(sites, 'site', 'sites')}`,
	weekOf: (week: string) => `Week of ${dayEn(week)}`,
	weekOfInline: (week: string) => `week of ${dayEn(week)}`,
	health: 'Health',
	healthMeans: 'share of pages failing no check of high importance',
	pages: 'Pages with a report',
	pagesFailingHigh: 'Pages failing a high check',
	scoreAverage: 'Average score',
	noReport:
		'No report of this site yet: once Audit Site (or Create) has audited its pages, this digest shows their health.',
	vanished: (pages: number, lastWeek: string) =>
		`Every report of this site is gone: the week of ${dayEn(lastWeek)} had ${plural(pages, 'page', 'pages')} with a report. Check the project in phpRank (reports deleted, the site renamed), then audit it again.`,
	firstWeek:
		'First week: there is no earlier week to compare with. The trend and the new and fixed issues start with next week.',
	since: (lastWeek: string, weekly: boolean) =>
		weekly ? 'since last week' : `since the week of ${dayEn(lastWeek)}`,
	trend: (weeks: number) => `Health over ${plural(weeks, 'week', 'weeks')}`,
	noHealth: 'no figure',
	fixFirst: 'What to fix first',
	fixFirstNone: 'Nothing: every check passes on every page with a report.',
	failsOn: (pages: number, audited: number) =>
		`fails on ${pages} of ${plural(audited, 'page', 'pages')}`,
	howToFix: 'How to fix',
	examples: 'For example',
	more: (count: number) => `and ${count} more`,
	/** The new and fixed issues' headings: since the week compared with. */
	newSince: (lastWeek: string, weekly: boolean) =>
		weekly ? 'New since last week' : `New since the week of ${dayEn(lastWeek)}`,
	fixedSince: (lastWeek: string, weekly: boolean) =>
		weekly ? 'Fixed since last week' : `Fixed since the week of ${dayEn(lastWeek)}`,
	newNone: 'No new issue.',
	fixedNone: 'No issue fixed.',
	fixedWas: (pages: number) => `was on ${plural(pages, 'page', 'pages')}`,
	issuesUnknown:
		"Last week's row holds no list of issues: the new and fixed issues start next week.",
	coverage: 'Coverage',
	coverageLine: (fresh: number, listed: number) =>
		`${fresh} of ${plural(listed, 'listed page', 'listed pages')} have a fresh report`,
	notAudited: (count: number) => `${plural(count, 'page', 'pages')} could not be audited`,
	waiting: (count: number) => `${plural(count, 'page waits', 'pages wait')} for a later run`,
	notListed: (count: number) =>
		`${plural(count, 'page is', 'pages are')} no longer in the sitemaps`,
	notAuditedPage: 'Not audited',
	notListedPage: 'No longer listed',
	reportsDeleted: 'its reports deleted',
	noCoverage:
		"How much was checked: give Audit Site's summary (the Audit Summary field) to see it.",
	sites: 'Sites',
	site: 'Site',
	newCount: 'New',
	fixedCount: 'Fixed',
	failingHighShort: 'Pages failing high',
	worseFirst: 'Sites that got worse come first.',
	/** Why a site was not read (phpRank's error, cut: a server's message may be long). */
	notRead: (error: string) => `not read: ${cut(error, 300)}`,
	moreSites: (count: number) => `and ${plural(count, 'more site', 'more sites')}`,
	moreDetails: (count: number) =>
		`The details of ${plural(count, 'more site', 'more sites')} are left out for size: the table above has their figures.`,
	/** A site whose Project was refused has no name: its input item's, counted from 1. */
	failedSite: (project: string | null, item: number) => project ?? `item ${item + 1}`,
	footer: 'Sent by the phpRank node for n8n (Project → Digest).',
	/** The footer with a Sender Name: the agency's, no word of the node or n8n. */
	sentBy: (sender: string) => `Sent by ${sender}.`,
	logo: 'Logo',
	importance: (importance: Importance | null): string => importance ?? 'unknown',
	/** Combine Sites' line of a site: its health and change, new, fixed, pages failing a high check. */
	siteLine: (health: string, change: string, fresh: number, fixed: number, high: number) =>
		`health ${health}${change ? ` (${change})` : ''}; new ${fresh}, fixed ${fixed}, pages failing a high check ${high}`,
	subjectVanished: (project: string, pages: number) =>
		`${project}: every report gone (${plural(pages, 'page', 'pages')} before)`,
	subjectNoReport: (project: string) => `${project}: no report yet`,
	subjectHealth: (project: string, health: string) => `${project}: health ${health}`,
	subjectFirstWeek: 'first week',
	subjectCounts: (fresh: number, fixed: number) =>
		`${plural(fresh, 'new issue', 'new issues')}, ${fixed} fixed`,
	combinedSubject: (sites: number, worse: number, week: string, notRead: number) =>
		`SEO health of ${plural(sites, 'site', 'sites')}, week of ${dayEn(week)}: ${worse === 0 ? 'none worse' : `${worse} worse`}${notRead === 0 ? '' : `, ${notRead} not read`}`,
	reasons: {
		timeout: 'the page timed out',
		host: "the site's host name could not be found",
		refused: 'the site refused the connection',
		certificate: "the site's HTTPS certificate could not be checked",
		redirects: 'the page redirects too many times',
		closed: 'the site closed the connection',
		tooLong: 'its address is too long for phpRank',
		plan: "the account's plan allows no more reports",
		slowDown: 'phpRank asked the node to slow down',
	} as Record<Reason, string>,
	reasonStatus: (status: string) => `the page answered HTTP ${status}`,
	reasonUnknown: 'phpRank could not audit it',
	/** The catalogue's checks in this language, by key: [name, how to fix]; English: as the catalogue says them. */
	checks: {} as Record<string, readonly string[] | undefined>,
	unknownFix: UNKNOWN_CHECK_FIX,
};

export type Words = typeof ENGLISH;

/** A check's name in the digest's language (by its key; a check no catalogue knows: as phpRank names it). */
export function checkName(words: Words, check: string, name: string): string {
	return words.checks[check]?.[0] ?? name;
}

/** How to fix a check, in the digest's language (as given when the language has no words for it). */
export function checkFix(words: Words, check: string, howToFix: string): string {
	if (howToFix === UNKNOWN_CHECK_FIX) return words.unknownFix;
	return words.checks[check]?.[1] ?? howToFix;
}

/** The coverage's figures in one sentence (every channel's). */
export function coverageSummary(
	words: Words,
	c: {
		fresh: number;
		listed: number;
		failed: number;
		waiting: number;
		notListed: number;
	},
): string {
	return [
		words.coverageLine(c.fresh, c.listed),
		words.notAudited(c.failed),
		words.waiting(c.waiting),
		words.notListed(c.notListed),
	].join('; ');
}

/** The subject of one site's digest. */
export function siteSubject(
	words: Words,
	input: {
		project: string;
		health: number | null;
		firstWeek: boolean;
		healthChange: number | null;
		newIssues: number;
		fixed: number;
		noReport: boolean;
		/** Every report vanished: the pages the site had in the week compared with. */
		vanishedPages?: number;
	},
): string {
	if (input.vanishedPages !== undefined)
		return words.subjectVanished(input.project, input.vanishedPages);
	if (input.noReport) return words.subjectNoReport(input.project);
	const health = words.subjectHealth(input.project, figure(words, input.health));
	if (input.firstWeek) return `${health}, ${words.subjectFirstWeek}`;
	const change = arrow(input.healthChange);
	return `${health}${change === '' ? '' : ` (${change})`}, ${words.subjectCounts(input.newIssues, input.fixed)}`;
}

/** The subject of a combined digest: how many sites, how many got worse, how many could not be read. */
export function combinedSubject(
	words: Words,
	sites: number,
	worse: number,
	week: string,
	notRead = 0,
): string {
	return words.combinedSubject(sites, worse, week, notRead);
}

/**
 * Why phpRank could not audit a page, in words: its fetch errors (cURL's numbered errors, an
 * HTTP status) and Audit Site's own refusals. The raw error is never shown: it is the site's text.
 */
const REASONS: Array<[RegExp, Reason]> = [
	[/cURL error 28\b|timed? ?out/i, 'timeout'],
	[/cURL error 6\b|resolve host|getaddrinfo|ENOTFOUND/i, 'host'],
	[/cURL error 7\b|refused|ECONNREFUSED|failed to connect/i, 'refused'],
	[/cURL error (35|51|58|60)\b|SSL|certificate/i, 'certificate'],
	[/cURL error 47\b|redirect/i, 'redirects'],
	[/cURL error (52|56)\b|empty reply|reset by peer/i, 'closed'],
	[/longer than|too long/i, 'tooLong'],
	[/\bplan\b|limit of reports/i, 'plan'],
	[/429|too many requests|rate limit/i, 'slowDown'],
];

export function notAuditedReason(words: Words, error: unknown): string {
	const text = typeof error === 'string' ? error : '';
	for (const [pattern, reason] of REASONS) if (pattern.test(text)) return words.reasons[reason];
	const status = /\b(?:HTTP|status|answered)\D{0,12}([45]\d\d)\b/i.exec(text);
	if (status) return words.reasonStatus(status[1]);
	return words.reasonUnknown;
}
