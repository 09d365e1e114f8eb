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
import { categoryOf, checksOf, isPassed, toNumber } from './score';

/**
 * Site health (Project → Get Issues): a project's reports, read newest first, folded page by page
 * into one count per failing check. A page (a stored URL) counts once, by its newest report; the
 * reports themselves are not kept, only per page its newest report's ID and failing checks, and per
 * check a count and the first few pages (with the one-line reason Simplify writes).
 */

/** One page that fails a check: its newest report, its URL, and why. */
export interface IssuePage extends IDataObject {
	id: number | string;
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
	/** For checks the catalogue does not know: the importance the reports sent. */
	importance: Importance | null;
	failing: number;
	pages: IssuePage[];
}

interface PageEntry {
	id: number;
	/** The tallies' slots of the checks its newest report fails. */
	failing: number[];
}

const RANK: Record<Importance, number> = { high: 0, medium: 1, low: 2 };

export class SiteHealth {
	private readonly pagesByUrl = new Map<string, PageEntry>();
	private readonly tallies: CheckTally[] = [];
	private readonly slotOfUnknown = new Map<string, number>();

	/** `pagesPerIssue`: how many failing pages each issue lists (0: counts only). */
	constructor(private readonly pagesPerIssue: number) {}

	/** How many pages (stored URLs) were counted. */
	get pagesAudited(): number {
		return this.pagesByUrl.size;
	}

	/**
	 * Counts one report, read newest first. An older report of a page already counted is skipped;
	 * a newer one (created while the list was read, then seen on a page read again) takes its place.
	 */
	add(report: IDataObject): void {
		const url = typeof report.url === 'string' ? report.url : String(report.url ?? '');
		const id = toNumber(report.id) ?? 0;
		const known = this.pagesByUrl.get(url);
		if (known && known.id >= id) return;
		if (known) this.forget(known);
		const failing: number[] = [];
		for (const [key, check] of checksOf(report.results)) {
			if (isPassed(check) !== false) continue;
			const slot = this.slotOf(key, check);
			const tally = this.tallies[slot];
			tally.failing++;
			if (tally.pages.length < this.pagesPerIssue) {
				tally.pages.push({
					id: toNumber(report.id) ?? String(report.id),
					url,
					reason: checkReason(key, check),
				});
			}
			failing.push(slot);
		}
		this.pagesByUrl.set(url, { id, failing });
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
			const importance = info?.importance ?? tally.importance;
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
			const sent = check.importance;
			this.tallies[slot] = {
				key,
				importance: isImportance(sent) ? sent : null,
				failing: 0,
				pages: [],
			};
		}
		return slot;
	}

	/** Takes an older report of a page back out of the counts. */
	private forget(entry: PageEntry): void {
		for (const slot of entry.failing) {
			const tally = this.tallies[slot];
			tally.failing--;
			tally.pages = tally.pages.filter((page) => page.id !== entry.id);
		}
	}
}

/** Importance (high, medium, low, unknown), then the most pages, then the check key. */
function byUrgency(a: SiteIssue, b: SiteIssue): number {
	const rank = (issue: SiteIssue) => (issue.importance === null ? 3 : RANK[issue.importance]);
	return rank(a) - rank(b) || b.pages_failing - a.pages_failing || a.check.localeCompare(b.check);
}
