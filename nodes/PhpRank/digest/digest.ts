import type { IDataObject } from 'n8n-workflow';

import type { Importance } from '../shared/constants';
import { isRecord } from '../shared/isRecord';
import type { KeptIssue, PastWeek } from './digestHistory';
import { numberOrNull, pastWeeks } from './digestHistory';
import { utf8Bytes } from './digestFit';
import { SHOWN_URL_AT_MOST, siteScheme } from './digestLinks';
import { daysBetween } from './digestWeek';
import { notAuditedReason } from './digestWording';
import type { Words } from './digestWording';
import type { SiteIssue } from '../report/siteHealth';
import type { SiteSummary } from '../report/siteSummary';

/**
 * Project → Digest's model: one site's summary and issues (as Get Issues makes them, read once),
 * the earlier weeks' rows (History) and this run's Audit Site items, turned into the facts every
 * channel says (digest/digestHtml.ts, digest/digestLines.ts) and the row kept for next week. Pure:
 * no request, no clock (the week and the time of the read are given).
 */

/** How many weeks the trend shows (this one included). */
export const TREND_WEEKS = 12;
/** How many pages each check of "what to fix first" gives as examples (and its row keeps). */
export const EXAMPLE_PAGES = 3;

export interface FixItem {
	check: string;
	name: string;
	importance: Importance | null;
	pages: number;
	howToFix: string;
	examples: string[];
	/** The newest report of each example page (its ID; null when phpRank gave none). */
	exampleReports: Array<number | string | null>;
}

/**
 * Project → Digest's branding options: the agency's, said in every channel. Each '' (the default):
 * the digest as without them. Checked where they are read (resources/project/digestBrand.ts).
 */
export interface Brand {
	senderName: string;
	/** https only: the email's logo. */
	logoUrl: string;
	/** #rrggbb: links, the title, the card's top rule. */
	accentColor: string;
	footerText: string;
	/** An http(s) URL with {id}: where each example page links (its newest report's page). */
	reportPageUrl: string;
	/** The language every channel speaks (its words: digestRun.ts `wordsOf`); the row is the same in each. */
	language: string;
}

export const NO_BRAND: Brand = {
	senderName: '',
	logoUrl: '',
	accentColor: '',
	footerText: '',
	reportPageUrl: '',
	language: 'en',
};

export interface CoveragePage {
	url: string;
	reason: string;
}

export interface Coverage {
	/** The scheme of the site's pages (Audit Site's `site`): phpRank stores URLs without it. */
	scheme: string;
	listed: number;
	fresh: number;
	failed: number;
	waiting: number;
	notListed: number;
	failedPages: CoveragePage[];
	notListedPages: Array<{ url: string; deleted: boolean }>;
}

export interface SiteDigest {
	project: string;
	week: string;
	noReport: boolean;
	/** No report now, some in the week compared with: every report of the site vanished. */
	vanished: boolean;
	firstWeek: boolean;
	/** The earlier week compared with; `weekly`: it is the week just before. */
	last: { week: string; weekly: boolean } | undefined;
	health: number | null;
	pages: number;
	pagesFailingHigh: number;
	scoreAverage: number | null;
	change: { health: number | null; pages: number | null; pagesFailingHigh: number | null };
	trend: Array<{ week: string; health: number | null }>;
	fixFirst: FixItem[];
	/** undefined on the first week, or when last week's row holds no list of issues. */
	newIssues: FixItem[] | undefined;
	fixed: KeptIssue[] | undefined;
	coverage: Coverage | undefined;
	row: IDataObject;
	brand: Brand;
	/** The words the digest is said in (its Brand's language): each digest holds its own. */
	words: Words;
}

/** Combine Sites: an input item whose site could not be read, and why (one line). */
export interface SiteFailure {
	/** The input item's index. */
	item: number;
	/** Its Project; null when the Project itself was refused (empty, not text). */
	project: string | null;
	error: string;
}

export interface DigestInput {
	project: string;
	week: string;
	summary: SiteSummary;
	/** Every failing check, most urgent first (siteHealth.ts `issues`, EXAMPLE_PAGES pages each). */
	issues: SiteIssue[];
	history: IDataObject[];
	/** This run's Audit Site items (its summary, its failed and no-longer-listed pages), any site's. */
	audit: IDataObject[];
	brand?: Brand;
}

const difference = (now: number | null, then: number | null | undefined) =>
	now === null || then === null || then === undefined ? null : now - then;

function fixItemOf(issue: SiteIssue): FixItem {
	return {
		check: issue.check,
		name: issue.name,
		importance: issue.importance,
		pages: issue.pages_failing,
		howToFix: issue.how_to_fix,
		examples: issue.pages.slice(0, EXAMPLE_PAGES).map((page) => page.url),
		exampleReports: issue.pages.slice(0, EXAMPLE_PAGES).map((page) => page.id ?? null),
	};
}

/** A row's most bytes (as JSON): a Data table's row, an MCP client's answer. */
export const ROW_MAX_BYTES = 16_000;

/**
 * The row a digest keeps: the summary's figures and the failing checks with their pages (JSON
 * text), within ROW_MAX_BYTES: when the pages make it larger, only the pages of short URLs are
 * kept, then none; then the least urgent checks are left out. History reads a check by its key,
 * name, importance and pages failing (digestHistory.ts): the pages are examples only.
 */
export function digestRow(input: DigestInput, fixFirst: FixItem[]): IDataObject {
	const kept = (pages: (examples: string[]) => string[]): KeptIssue[] =>
		fixFirst.map((item) => ({
			check: item.check,
			name: item.name,
			importance: item.importance,
			pages_failing: item.pages,
			pages: pages(item.examples),
		}));
	const fits = (row: IDataObject) => utf8Bytes(JSON.stringify(row)) <= ROW_MAX_BYTES;
	let row = rowOf(
		input,
		kept((examples) => examples),
	);
	if (fits(row)) return row;
	row = rowOf(
		input,
		kept((examples) => examples.filter((url) => url.length <= SHOWN_URL_AT_MOST)),
	);
	if (fits(row)) return row;
	const issues = kept(() => []);
	do row = rowOf(input, issues);
	while (!fits(row) && issues.pop() !== undefined);
	return row;
}

function rowOf(input: DigestInput, issues: KeptIssue[]): IDataObject {
	const { summary } = input;
	return {
		project: input.project,
		week: input.week,
		checked_at: summary.checked_at,
		pages: summary.pages,
		health: summary.health,
		score_average: summary.score_average,
		pages_good: summary.pages_good,
		pages_decent: summary.pages_decent,
		pages_bad: summary.pages_bad,
		issues_high: summary.issues_high,
		issues_medium: summary.issues_medium,
		issues_low: summary.issues_low,
		pages_failing_high: summary.pages_failing_high,
		issues: JSON.stringify(issues),
	};
}

/** This run's Audit Site items of the site: its coverage, or undefined without its summary. */
export function coverageOf(
	audit: IDataObject[],
	project: string,
	words: Words,
): Coverage | undefined {
	const own = audit.filter((item) => isRecord(item) && item.project === project);
	const summary = own.find((item) => item.action === 'summary');
	if (summary === undefined) return undefined;
	const count = (value: unknown) => numberOrNull(value) ?? 0;
	const failedPages = own
		.filter((item) => item.action === 'failed')
		.map((item) => ({ url: String(item.url ?? ''), reason: notAuditedReason(words, item.error) }));
	const notListedPages = own
		.filter((item) => item.action === 'not in sitemaps')
		.map((item) => ({ url: String(item.url ?? ''), deleted: item.deleted === true }));
	return {
		scheme: siteScheme(summary.site, project),
		listed: count(summary.pages_listed),
		fresh: count(summary.pages_fresh),
		failed: Math.max(count(summary.pages_failed), failedPages.length),
		waiting: count(summary.pages_waiting),
		notListed: Math.max(count(summary.pages_not_in_sitemaps), notListedPages.length),
		failedPages,
		notListedPages,
	};
}

/** New and fixed since `last` (by check key); undefined when last week's issues are not known. */
function comparedIssues(fixFirst: FixItem[], last: PastWeek | undefined) {
	if (last?.issues === undefined) return { newIssues: undefined, fixed: undefined };
	const before = new Set(last.issues.map((issue) => issue.check));
	const now = new Set(fixFirst.map((item) => item.check));
	return {
		newIssues: fixFirst.filter((item) => !before.has(item.check)),
		fixed: last.issues.filter((issue) => !now.has(issue.check)),
	};
}

/** One site's digest, said in `words` (its Brand's language). */
export function siteDigest(input: DigestInput, words: Words): SiteDigest {
	const { summary } = input;
	const past = pastWeeks(input.history, input.project, input.week);
	const last = past[past.length - 1];
	const fixFirst = input.issues.map(fixItemOf);
	const health = summary.health;
	const vanished = summary.pages === 0 && (last?.pages ?? 0) > 0;
	const trend = [
		...past.slice(-(TREND_WEEKS - 1)).map((week) => ({ week: week.week, health: week.health })),
		{ week: input.week, health },
	];
	return {
		project: input.project,
		week: input.week,
		noReport: summary.pages === 0,
		vanished,
		firstWeek: last === undefined,
		last: last && { week: last.week, weekly: daysBetween(last.week, input.week) === 7 },
		health,
		pages: summary.pages,
		pagesFailingHigh: summary.pages_failing_high,
		scoreAverage: summary.score_average,
		change: {
			// every report gone: its health dropped to nothing (worse by all it had)
			health: vanished ? difference(0, last?.health) : difference(health, last?.health),
			pages: difference(summary.pages, last?.pages),
			pagesFailingHigh: difference(summary.pages_failing_high, last?.pagesFailingHigh),
		},
		trend,
		fixFirst,
		...comparedIssues(fixFirst, last),
		coverage: coverageOf(input.audit, input.project, words),
		row: digestRow(input, fixFirst),
		brand: input.brand ?? NO_BRAND,
		words,
	};
}

/** Whether a site got worse: its health dropped, or every report of it vanished. */
export function gotWorse(site: SiteDigest): boolean {
	return site.vanished || (site.change.health ?? 0) < 0;
}

/**
 * Combine Sites' order: the sites whose reports all vanished, then those that got worse (the
 * largest drop of health first), then by name.
 */
export function worseFirst(sites: SiteDigest[]): SiteDigest[] {
	const drop = (site: SiteDigest) => site.change.health ?? 0;
	const kept = (site: SiteDigest) => (site.vanished ? 0 : 1);
	return [...sites].sort(
		(a, b) => kept(a) - kept(b) || drop(a) - drop(b) || a.project.localeCompare(b.project),
	);
}
