import type { IDataObject } from 'n8n-workflow';

import type { Importance } from './checkCatalogue';
import { generatedTime } from './maxAge';
import { reportLabel, reportScore } from './score';

/**
 * The site summary of Project → Get Issues (version 1.2's Output Site Summary): the whole site in
 * one flat item, every value a number, a short text or null, so that it is a row of a table as it
 * is. Folded from each page's newest report as site health (siteHealth.ts) meets it: a few numbers,
 * nothing of the reports kept. docs/usage.md defines every field.
 */

/** The summary item: its keys in this order (a public contract: the example's tables name them). */
export interface SiteSummary extends IDataObject {
	kind: 'site summary';
	project: string;
	checked_at: string;
	pages: number;
	health: number | null;
	score_average: number | null;
	pages_good: number;
	pages_decent: number;
	pages_bad: number;
	issues_high: number;
	issues_medium: number;
	issues_low: number;
	pages_failing_high: number;
	newest_report_at: string | null;
	oldest_report_at: string | null;
}

/** What identifies the summary among Get Issues' items (an issue item has no `kind`). */
export const SITE_SUMMARY_KIND = 'site summary';

/** How many checks fail on at least one page, by the importance the issue items show. */
export type IssuesByImportance = Record<Importance, number>;

const isoOrNull = (time: number) => (Number.isFinite(time) ? new Date(time).toISOString() : null);

export class SiteFigures {
	private pages = 0;
	private pagesFailingHigh = 0;
	private scored = 0;
	private scoreSum = 0;
	private readonly labels = { good: 0, decent: 0, bad: 0 };
	private newest = -Infinity;
	private oldest = Infinity;

	/** One page, by its newest report; `failsHigh`: that report fails a check of high importance. */
	addPage(report: IDataObject, failsHigh: boolean): void {
		this.pages++;
		if (failsHigh) this.pagesFailingHigh++;
		const score = reportScore(report);
		if (score !== null) {
			this.scored++;
			this.scoreSum += score;
		}
		const label = reportLabel(report);
		if (label !== null) this.labels[label]++;
		const time = generatedTime(report.generated_at);
		if (Number.isFinite(time)) {
			if (time > this.newest) this.newest = time;
			if (time < this.oldest) this.oldest = time;
		}
	}

	/** The summary item; `checkedAt`: when the run read the site (ISO). */
	summary(project: string, checkedAt: string, issues: IssuesByImportance): SiteSummary {
		const { pages, pagesFailingHigh } = this;
		return {
			kind: SITE_SUMMARY_KIND,
			project,
			checked_at: checkedAt,
			pages,
			// no page with a report: no share to give (null, not 100)
			health: pages === 0 ? null : Math.round((100 * (pages - pagesFailingHigh)) / pages),
			score_average: this.scored === 0 ? null : Math.round((this.scoreSum / this.scored) * 10) / 10,
			pages_good: this.labels.good,
			pages_decent: this.labels.decent,
			pages_bad: this.labels.bad,
			issues_high: issues.high,
			issues_medium: issues.medium,
			issues_low: issues.low,
			pages_failing_high: pagesFailingHigh,
			newest_report_at: isoOrNull(this.newest),
			oldest_report_at: isoOrNull(this.oldest),
		};
	}
}
