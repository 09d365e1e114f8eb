import type { IDataObject, IExecutePaginationFunctions } from 'n8n-workflow';

import type { AuditPlan } from '../../report/auditPlan';
import { planAudit } from '../../report/auditPlan';
import type { SitePage, SitePages } from '../../sitemap/sitePageTypes';
import type { ItemRequests } from '../../transport';
import { auditPages, pageFields, projectOfSite } from './auditPages';
import type { AuditSettings } from './auditSettings';
import { NOT_LISTED } from './auditSettings';
import { pagesNotListedItems, unsafeToDelete } from './pagesNotListed';
import { readSiteReports } from './siteReports';

/**
 * Project → Audit Site's run once the site's pages are read (auditSite.ts loads this file at its
 * first run, runModules.ts: showing the node needs none of it). Version 1 audits the first
 * Max Pages pages; version 1.1 the whole site, stalest first, with its summary and the pages no
 * longer listed.
 */

/** The audit of one site's pages, as the node's version asks. */
export async function auditOfSite(
	context: IExecutePaginationFunctions,
	requests: ItemRequests,
	settings: AuditSettings,
	found: SitePages,
): Promise<IDataObject[]> {
	return settings.wholeSite
		? await wholeSiteAudit(context, requests, settings, found)
		: await firstPagesAudit(context, requests, settings, found);
}

/** Version 1: the first Max Pages pages of the sitemaps, each created, re-run or kept (or failed). */
async function firstPagesAudit(
	context: IExecutePaginationFunctions,
	requests: ItemRequests,
	settings: AuditSettings,
	found: SitePages,
): Promise<IDataObject[]> {
	const output = await auditPages(
		context,
		requests,
		settings,
		found.pages.map((page) => ({ page })),
	);
	// What could not be read stays visible: on the site's first item.
	if (found.skipped.length > 0)
		output[0].sitemapsSkipped = found.skipped as unknown as IDataObject[];
	return output;
}

/**
 * Version 1.1: the site's reports read once, then at most Max Pages pages audited, the stalest
 * first (report/auditPlan.ts), fresh pages kept; the pages no longer listed after them. The first
 * item is the run's summary of the site.
 */
async function wholeSiteAudit(
	context: IExecutePaginationFunctions,
	requests: ItemRequests,
	settings: AuditSettings,
	found: SitePages,
): Promise<IDataObject[]> {
	const reports = await readSiteReports(requests, settings.site);
	const plan = planAudit(found.pages, found.listed, reports.pages, {
		maxPages: settings.maxPages,
		maxAgeHours: settings.maxAgeHours,
		now: Date.now(),
	});
	const newestSeenId = reports.newestSeenId;
	const audited = await auditPages(
		context,
		requests,
		settings,
		plan.audit.map(({ page, newest }) => ({
			page,
			lookedUp: newest ? { found: { ...newest }, newestSeenId } : { newestSeenId },
		})),
	);
	const itemOfPage = new Map<SitePage, IDataObject>();
	for (const [index, { page }] of plan.audit.entries()) itemOfPage.set(page, audited[index]);
	if (settings.outputKept) {
		for (const { page, newest } of plan.kept)
			itemOfPage.set(page, { ...newest, action: 'kept', ...pageFields(page) });
	}
	const project = projectOfSite(settings.site);
	const deleting = settings.notListed === NOT_LISTED.delete && plan.notListed.length > 0;
	const refusal = deleting
		? unsafeToDelete(plan.notListed, {
				skipped: found.skipped.length,
				cutShort: found.cutShort,
				siteReports: reports.reports,
			})
		: undefined;
	const leftItems = await pagesNotListedItems(
		context,
		requests,
		plan.notListed,
		project,
		deleting && refusal === undefined,
	);
	const summary = siteSummary(settings, found, plan, audited, leftItems, refusal);
	const pageItems: IDataObject[] = [];
	for (const page of found.pages) {
		const item = itemOfPage.get(page);
		if (item) pageItems.push(item);
	}
	return [summary, ...pageItems, ...leftItems];
}

/** The run's first item: what it did on the site, and what could not be read or deleted. */
function siteSummary(
	settings: AuditSettings,
	found: SitePages,
	plan: AuditPlan<SitePage>,
	audited: IDataObject[],
	leftItems: IDataObject[],
	refusal: string | undefined,
): IDataObject {
	const counts = countActions(audited);
	const summary: IDataObject = {
		action: 'summary',
		site: settings.site.origin,
		project: projectOfSite(settings.site),
		pages_listed: found.pages.length,
		pages_fresh: plan.kept.length + counts.created + counts['re-run'],
		pages_audited: counts.created + counts['re-run'],
		pages_created: counts.created,
		pages_re_run: counts['re-run'],
		pages_kept: plan.kept.length,
		pages_failed: counts.failed,
		pages_waiting: plan.waiting,
		pages_not_in_sitemaps: plan.notListed.length,
		reports_deleted: leftItems.reduce((sum, item) => sum + Number(item.reports_deleted ?? 0), 0),
		sitemaps: found.sitemaps,
	};
	if (found.skipped.length > 0) summary.sitemapsSkipped = found.skipped as unknown as IDataObject[];
	if (refusal) summary.deleteSkipped = refusal;
	return summary;
}

/** How many page items have each action. */
function countActions(items: IDataObject[]): Record<'created' | 're-run' | 'failed', number> {
	const counts = { created: 0, 're-run': 0, failed: 0 };
	for (const item of items) {
		if (item.action === 'created' || item.action === 're-run' || item.action === 'failed')
			counts[item.action]++;
	}
	return counts;
}
