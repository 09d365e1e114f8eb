import type { IDataObject } from 'n8n-workflow';

import type { Category, Importance } from './checkCatalogue';
import {
	CHECK_CATALOGUE,
	checkIndex,
	checkInfo,
	isImportance,
	UNKNOWN_CHECK_FIX,
} from './checkCatalogue';
import { checkReason } from './checkReasons';
import { PageSet } from './pageSet';
import { shownReportId } from './reportId';
import { categoryOf, checksOf, isPassed, reportedImportance } from './score';
import type { IssuesByImportance, SiteFigures } from './siteSummary';

export { SiteFigures } from './siteSummary';

/**
 * Site health (Project → Get Issues): a project's reports, read newest first, folded page by page
 * into one count per failing check. A page (a stored URL) counts once, by its newest report: the
 * first of it met. The reports themselves are not kept, only which pages were met (pageSet.ts) and
 * per check a count and the first few pages (with the one-line reason Simplify writes). A check's
 * importance is the one the newest report that fails it says (the catalogue's where it says none).
 * With the site summary asked for, each page's newest report also goes into its figures
 * (siteSummary.ts): a page fails high when it fails a check whose issue is of high importance.
 */

/** One page that fails a check: its newest report, its URL, and why. */
export interface IssuePage extends IDataObject {
	id: number | string | null;
	url: string;
	reason: string;
}

/** One check that fails on at least one page of the project. */
export interface SiteIssue extends IDataObject {
	project: string;
	check: string;
	name: string;
	category: Category;
	importance: Importance | null;
	pages_failing: number;
	pages_audited: number;
	pages: IssuePage[];
	how_to_fix: string;
}

interface CheckTally {
	key: string;
	/** What the newest report failing the check says (score.ts `reportedImportance`); null: unknown. */
	importance: Importance | null;
	failing: number;
	pages: IssuePage[];
}

const RANK: Record<Importance, number> = { high: 0, medium: 1, low: 2 };

export class SiteHealth {
	private readonly pages = new PageSet();
	private readonly tallies: CheckTally[] = [];
	private readonly slotOfUnknown = new Map<string, number>();

	/**
	 * `pagesPerIssue`: how many failing pages each issue lists (0: counts only); `figures`: the site
	 * summary's, given each page's newest report as it is counted (none: no summary asked for).
	 */
	constructor(
		private readonly pagesPerIssue: number,
		private readonly figures?: SiteFigures,
	) {}

	/** How many pages (stored URLs) were counted. */
	get pagesAudited(): number {
		return this.pages.size;
	}

	/**
	 * Counts one report, read newest first: the first report of a page is its newest, and later
	 * (older) reports of the same page are skipped.
	 */
	add(report: IDataObject): void {
		const url = typeof report.url === 'string' ? report.url : String(report.url ?? '');
		if (!this.pages.add(url)) return;
		let failsHigh = false;
		for (const [key, check] of checksOf(report.results)) {
			if (isPassed(check) !== false) continue;
			const tally = this.tallies[this.slotOf(key, check)];
			tally.failing++;
			// the check's importance is settled by now: the newest report failing it was met first
			if (tally.importance === 'high') failsHigh = true;
			if (tally.pages.length < this.pagesPerIssue) {
				tally.pages.push({ id: shownReportId(report), url, reason: checkReason(key, check) });
			}
		}
		this.figures?.addPage(report, failsHigh);
	}

	/**
	 * How many checks fail on at least one page, by importance, whatever the issues asked for (the
	 * site summary's `issues_high`, ...); a check of unknown importance counts in none.
	 */
	issuesByImportance(): IssuesByImportance {
		const counts: IssuesByImportance = { high: 0, medium: 0, low: 0 };
		for (const tally of this.tallies) {
			if (tally !== undefined && tally.failing > 0 && tally.importance !== null)
				counts[tally.importance]++;
		}
		return counts;
	}

	/** The issues with at least one failing page, of the given importances, most urgent first. */
	issues(project: string, importances: readonly Importance[]): SiteIssue[] {
		const wanted = new Set(importances);
		const audited = this.pagesAudited;
		const issues: SiteIssue[] = [];
		for (const tally of this.tallies) {
			// The array has holes: slots of checks no report failed.
			if (tally === undefined || tally.failing === 0) continue;
			const info = checkInfo(tally.key);
			const importance = tally.importance;
			// A check of unknown importance (a newer phpRank that sends none) is shown with every filter.
			if (importance !== null && !wanted.has(importance)) continue;
			issues.push({
				project,
				check: tally.key,
				name: info?.name ?? tally.key,
				category: info?.category ?? categoryOf(tally.key),
				importance,
				pages_failing: tally.failing,
				pages_audited: audited,
				pages: tally.pages,
				how_to_fix: info?.howToFix ?? UNKNOWN_CHECK_FIX,
			});
		}
		return issues.sort(byUrgency);
	}

	private slotOf(key: string, check: IDataObject): number {
		let slot = checkIndex(key) ?? this.slotOfUnknown.get(key);
		if (slot === undefined) {
			// Checks of a newer phpRank get the slots after the catalogue's.
			slot = CHECK_CATALOGUE.length + this.slotOfUnknown.size;
			this.slotOfUnknown.set(key, slot);
		}
		if (this.tallies[slot] === undefined) {
			// The first failing report met is the newest: its importance is the check's.
			const said = reportedImportance(key, check);
			this.tallies[slot] = {
				key,
				importance: isImportance(said) ? said : null,
				failing: 0,
				pages: [],
			};
		}
		return slot;
	}
}

/** Importance (high, medium, low, unknown), then the most pages, then the check key. */
function byUrgency(a: SiteIssue, b: SiteIssue): number {
	const rank = (issue: SiteIssue) => (issue.importance === null ? 3 : RANK[issue.importance]);
	return rank(a) - rank(b) || b.pages_failing - a.pages_failing || a.check.localeCompare(b.check);
}
