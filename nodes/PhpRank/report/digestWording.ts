import type { Importance } from '../shared/constants';
import { cut } from './digestFit';

/**
 * Every word Project → Digest says, in one place (the channels, report/digestHtml.ts and
 * report/digestLines.ts, only lay them out): to change a sentence, change it here. Every function
 * takes figures the model (report/digest.ts) made, never a text from a site: those are escaped by
 * each channel where they are placed.
 */

/** "1 page", "3 pages". */
export function plural(count: number, one: string, many: string): string {
	return `${count} ${count === 1 ? one : many}`;
}

/** A change as an arrow: ▲3, ▼2, ±0; unknown (a figure missing from History): an empty text. */
export function arrow(change: number | null): string {
	if (change === null) return '';
	if (change > 0) return `▲${change}`;
	if (change < 0) return `▼${-change}`;
	return '±0';
}

/** A figure that may be missing (a site without reports has no health, no average score). */
export function figure(value: number | null, unit = ''): string {
	return value === null ? 'none yet' : `${value}${unit}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A week (its Monday, yyyy-mm-dd) as "30 Nov 2026"; `short`: "30 Nov". */
export function weekDay(week: string, short = false): string {
	const day = Number(week.slice(8, 10));
	const month = MONTHS[Number(week.slice(5, 7)) - 1] ?? '';
	return short ? `${day} ${month}` : `${day} ${month} ${week.slice(0, 4)}`;
}

export const WORDS = {
	title: (project: string) => `SEO health of ${project}`,
	combinedTitle: (sites: number) => `SEO health of ${plural(sites, 'site', 'sites')}`,
	weekOf: (week: string) => `Week of ${weekDay(week)}`,
	weekOfInline: (week: string) => `week of ${weekDay(week)}`,
	health: 'Health',
	healthMeans: 'share of pages failing no check of high importance',
	pages: 'Pages with a report',
	pagesFailingHigh: 'Pages failing a high check',
	scoreAverage: 'Average score',
	noReport:
		'No report of this site yet: once Audit Site (or Create) has audited its pages, this digest shows their health.',
	vanished: (pages: number, lastWeek: string) =>
		`Every report of this site is gone: the week of ${weekDay(lastWeek)} had ${plural(pages, 'page', 'pages')} with a report. Check the project in phpRank (reports deleted, the site renamed), then audit it again.`,
	firstWeek:
		'First week: there is no earlier week to compare with. The trend and the new and fixed issues start with next week.',
	since: (lastWeek: string, weekly: boolean) =>
		weekly ? 'since last week' : `since the week of ${weekDay(lastWeek)}`,
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
		weekly ? 'New since last week' : `New since the week of ${weekDay(lastWeek)}`,
	fixedSince: (lastWeek: string, weekly: boolean) =>
		weekly ? 'Fixed since last week' : `Fixed since the week of ${weekDay(lastWeek)}`,
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
	/** The coverage's figures in one sentence (every channel's). */
	coverageSummary(c: {
		fresh: number;
		listed: number;
		failed: number;
		waiting: number;
		notListed: number;
	}): string {
		return [
			WORDS.coverageLine(c.fresh, c.listed),
			WORDS.notAudited(c.failed),
			WORDS.waiting(c.waiting),
			WORDS.notListed(c.notListed),
		].join('; ');
	},
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
	importance: (importance: Importance | null) => importance ?? 'unknown',
} as const;

/** The subject of one site's digest. */
export function siteSubject(input: {
	project: string;
	health: number | null;
	firstWeek: boolean;
	healthChange: number | null;
	newIssues: number;
	fixed: number;
	noReport: boolean;
	/** Every report vanished: the pages the site had in the week compared with. */
	vanishedPages?: number;
}): string {
	if (input.vanishedPages !== undefined)
		return `${input.project}: every report gone (${plural(input.vanishedPages, 'page', 'pages')} before)`;
	if (input.noReport) return `${input.project}: no report yet`;
	const health = `${input.project}: health ${figure(input.health)}`;
	if (input.firstWeek) return `${health}, first week`;
	const change = arrow(input.healthChange);
	return `${health}${change === '' ? '' : ` (${change})`}, ${plural(input.newIssues, 'new issue', 'new issues')}, ${input.fixed} fixed`;
}

/** The subject of a combined digest: how many sites, how many got worse, how many could not be read. */
export function combinedSubject(sites: number, worse: number, week: string, notRead = 0): string {
	const worseText = worse === 0 ? 'none worse' : `${worse} worse`;
	const notReadText = notRead === 0 ? '' : `, ${notRead} not read`;
	return `SEO health of ${plural(sites, 'site', 'sites')}, week of ${weekDay(week)}: ${worseText}${notReadText}`;
}

/**
 * Why phpRank could not audit a page, in words: its fetch errors (cURL's numbered errors, an
 * HTTP status) and Audit Site's own refusals. The raw error is never shown: it is the site's text.
 */
const REASONS: Array<[RegExp, string]> = [
	[/cURL error 28\b|timed? ?out/i, 'the page timed out'],
	[/cURL error 6\b|resolve host|getaddrinfo|ENOTFOUND/i, "the site's host name could not be found"],
	[/cURL error 7\b|refused|ECONNREFUSED|failed to connect/i, 'the site refused the connection'],
	[
		/cURL error (35|51|58|60)\b|SSL|certificate/i,
		"the site's HTTPS certificate could not be checked",
	],
	[/cURL error 47\b|redirect/i, 'the page redirects too many times'],
	[/cURL error (52|56)\b|empty reply|reset by peer/i, 'the site closed the connection'],
	[/longer than|too long/i, 'its address is too long for phpRank'],
	[/\bplan\b|limit of reports/i, "the account's plan allows no more reports"],
	[/429|too many requests|rate limit/i, 'phpRank asked the node to slow down'],
];

export function notAuditedReason(error: unknown): string {
	const text = typeof error === 'string' ? error : '';
	for (const [pattern, words] of REASONS) if (pattern.test(text)) return words;
	const status = /\b(?:HTTP|status|answered)\D{0,12}([45]\d\d)\b/i.exec(text);
	if (status) return `the page answered HTTP ${status[1]}`;
	return 'phpRank could not audit it';
}
