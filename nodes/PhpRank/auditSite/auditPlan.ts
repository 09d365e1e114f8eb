import type { IDataObject } from 'n8n-workflow';

import type { PageSet } from '../report/pageSet';
import { generatedTime, isWithinMaxAge } from '../report/maxAge';
import { reportId } from '../report/reportId';
import { storedUrl } from '../report/storedUrl';

/**
 * Which pages of a site one run of Project → Audit Site audits (its version 1.1), from the pages
 * its sitemaps list and the site's reports read once. A page without a report comes first (in the
 * sitemaps' order), then the pages whose newest report is the oldest; a page whose newest report
 * is within Max Age is kept and does not count against Max Pages. So run after run the whole site
 * is covered: a site of P pages is audited within ceil(P / Max Pages) runs, and later runs re-audit
 * the stalest. Reports whose page no sitemap lists any more are the pages that left the site.
 */

/** What the plan keeps of one report: enough to name it, date it and delete it. */
export interface ReportStub {
	id: number;
	/** The URL as phpRank stored it. */
	url: string;
	generated_at: string | null;
}

/** A page's reports on the site: the newest, and the IDs of all of them (newest first). */
export interface PageReports {
	newest: ReportStub;
	ids: number[];
}

/** A listed page as the plan sees it: the page (in its own shape) and its newest report, if any. */
export interface PlannedPage<P> {
	page: P;
	newest?: ReportStub;
}

export interface AuditPlan<P> {
	/** The pages this run audits (created or re-run), in the sitemaps' order. */
	audit: Array<PlannedPage<P>>;
	/** The pages whose newest report is within Max Age, in the sitemaps' order. */
	kept: Array<PlannedPage<P>>;
	/** Pages left for a later run: beyond Max Pages this time. */
	waiting: number;
	/** The site's pages that no sitemap lists any more, with their reports. */
	notListed: PageReports[];
}

export interface PlanSettings {
	maxPages: number;
	/** 0: no report is fresh, every page is audited (up to Max Pages). */
	maxAgeHours: number;
	now: number;
}

/** A report's time, for the order of the stalest: a report without a readable time counts as the oldest. */
function generatedAt(report: ReportStub): number {
	const time = generatedTime(report.generated_at);
	return Number.isFinite(time) ? time : -Infinity;
}

function isFresh(report: ReportStub, settings: PlanSettings): boolean {
	return isWithinMaxAge(report.generated_at, settings.maxAgeHours, settings.now);
}

/**
 * The plan of one run. `pages`: the pages to consider (after the filters), each with its stored
 * URL; `listed`: every page the sitemaps list (filters aside); `reports`: the site's reports by
 * the stored URL of their page.
 */
export function planAudit<P extends { url: string }>(
	pages: P[],
	listed: PageSet,
	reports: Map<string, PageReports>,
	settings: PlanSettings,
): AuditPlan<P> {
	const kept: Array<PlannedPage<P>> = [];
	const candidates: Array<PlannedPage<P> & { order: number }> = [];
	for (const [order, page] of pages.entries()) {
		const newest = reports.get(storedUrl(page.url))?.newest;
		if (newest && isFresh(newest, settings)) kept.push({ page, newest });
		else candidates.push({ page, newest, order });
	}
	// New pages first (sitemap order), then the stalest; the sort is stable.
	const stalest = [...candidates].sort((a, b) => {
		if (!a.newest || !b.newest) return a.newest ? 1 : b.newest ? -1 : a.order - b.order;
		return generatedAt(a.newest) - generatedAt(b.newest) || a.order - b.order;
	});
	const chosen = new Set(stalest.slice(0, settings.maxPages).map((candidate) => candidate.order));
	const audit = candidates
		.filter((candidate) => chosen.has(candidate.order))
		.map(({ page, newest }) => ({ page, newest }));
	const notListed = [...reports].filter(([url]) => !listed.hasStored(url)).map(([, page]) => page);
	return { audit, kept, waiting: candidates.length - audit.length, notListed };
}

/** A report as the plan keeps it, from a record of phpRank's list. */
export function reportStub(record: IDataObject): ReportStub | undefined {
	const id = reportId(record);
	if (id === 0 || typeof record.url !== 'string') return undefined;
	const generated = typeof record.generated_at === 'string' ? record.generated_at : null;
	return { id, url: record.url, generated_at: generated };
}
