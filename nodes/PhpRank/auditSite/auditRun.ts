import type { IDataObject, IExecutePaginationFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { AuditPlan, PageReports } from './auditPlan';
import { planAudit, reportStub } from './auditPlan';
import { siteSearchTerm, storedUrl } from '../report/storedUrl';
import { MAX_PAGE_URL_LENGTH } from './readSite';
import type { SitePage, SitePages } from './sitePageTypes';
import type { ItemRequests } from '../transport';
import type { SiteSending } from './siteFetch';
import { pageFailureMessage, planPages } from '../transport';
import { describeUrlTooLong } from '../transport/failureWording';
import type { PageAnswer } from '../createOrRerun';
import {
	createOrRerunOnce,
	createOrRerunOutput,
	reportSearchQuery,
	rulesApiOf,
	siteOf,
} from '../createOrRerun';
import type { AuditSettings } from './auditSettings';
import { NOT_LISTED } from './auditFields';
import type { DeleteDecision } from './pagesNotListed';
import { liveNotListed, pagesNotListedItems, pagesToDelete } from './pagesNotListed';

/**
 * Project → Audit Site's run once the site's pages are read (loaded with the run at its first
 * use, auditSite.ts `auditSiteRun`: showing the node needs none of it). Version 1 audits the first Max
 * Pages pages; version 1.1 the whole site: its reports read once, at most Max Pages pages audited,
 * stalest first (auditSite/auditPlan.ts), the run's summary first, the pages no longer listed last
 * (pagesNotListed.ts).
 *
 * Every page is written through the rules it shares with Report → Create or Re-Run
 * (createOrRerun/index.ts `createOrRerunOnce`, in the run's shared state: one outcome per page, no Create
 * once phpRank said the plan is full). A page's failure is the page's item (`action` failed, with
 * the error's words), not the run's end: the run fails only for what would fail every page alike
 * (transport `failsEveryPage`: Stop, the credential, the Base URL), or when no page at all could be
 * audited (`noPageAudited`, checked once the run's other work is done).
 */

/**
 * What the run read of the site's sitemaps, when it began (before the first file was asked for),
 * and how the site is asked (its pages, before a report is deleted: pagesNotListed.ts).
 */
export interface SiteReading {
	found: SitePages;
	startedAt: number;
	sending: SiteSending;
}

/** The audit of one site's pages, as the node's version asks. */
export async function auditOfSite(
	context: IExecutePaginationFunctions,
	requests: ItemRequests,
	settings: AuditSettings,
	reading: SiteReading,
): Promise<IDataObject[]> {
	return settings.wholeSite
		? await wholeSiteAudit(context, requests, settings, reading)
		: await firstPagesAudit(context, requests, settings, reading.found);
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
	const failure = noPageAudited(context, settings, output);
	if (failure) throw failure;
	// What could not be read stays visible: on the site's first item.
	if (found.skipped.length > 0)
		output[0].sitemapsSkipped = found.skipped as unknown as IDataObject[];
	return output;
}

/**
 * Version 1.1: the site's reports read once, then at most Max Pages pages audited, the stalest
 * first (auditSite/auditPlan.ts), fresh pages kept; the pages no longer listed after them (deleted
 * when asked and surely gone, even when every page audited failed: a full plan is freed). The
 * first item is the run's summary of the site.
 */
async function wholeSiteAudit(
	context: IExecutePaginationFunctions,
	requests: ItemRequests,
	settings: AuditSettings,
	{ found, startedAt, sending }: SiteReading,
): Promise<IDataObject[]> {
	const reports = await readSiteReports(requests, settings);
	const plan = planAudit(found.pages, found.listed, reports.pages, {
		maxPages: settings.maxPages,
		maxAgeHours: settings.pages.rules.maxAgeHours,
		now: startedAt,
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
	const deletion = await deletionOf(plan.notListed, settings, {
		reading: { found, startedAt, sending },
		sitePages: reports.pages.size,
		parallel: requests.maxParallel,
	});
	const leftItems = await pagesNotListedItems(
		context,
		requests,
		plan.notListed,
		settings,
		deletion,
	);
	const summary = auditSummary(settings, found, plan, audited, leftItems, deletion);
	const failure = noPageAudited(context, settings, audited, summary.reports_deleted as number);
	if (failure) throw failure;
	const pageItems: IDataObject[] = [];
	for (const page of found.pages) {
		const item = itemOfPage.get(page);
		if (item) pageItems.push(item);
	}
	return [summary, ...pageItems, ...tooLongItems(settings, found), ...leftItems];
}

/**
 * Delete's decision on the pages no longer listed (pagesNotListed.ts `pagesToDelete`): none unless
 * Delete is chosen and some page is no longer listed.
 */
async function deletionOf(
	notListed: AuditPlan<SitePage>['notListed'],
	settings: AuditSettings,
	{ reading, sitePages, parallel }: { reading: SiteReading; sitePages: number; parallel: number },
): Promise<DeleteDecision | undefined> {
	if (settings.notListed !== NOT_LISTED.delete || notListed.length === 0) return undefined;
	const { found, startedAt, sending } = reading;
	return await pagesToDelete(notListed, settings, {
		skipped: found.skipped.length,
		cutShort: found.cutShort,
		sitePages,
		startedAt,
		listedPages: found.pages.map((page) => page.url),
		sending,
		parallel,
	});
}

/**
 * The pages phpRank cannot store (readSite.ts MAX_PAGE_URL_LENGTH), each `failed` with why: listed
 * (their reports are not "not in sitemaps"), never sent; counted in the summary's `pages_failed`.
 */
function tooLongItems(settings: AuditSettings, found: SitePages): IDataObject[] {
	return found.tooLong.pages.map((page) => ({
		url: page.url,
		...pageFields(page),
		project: settings.project,
		action: 'failed',
		error: describeUrlTooLong(page.url.length, MAX_PAGE_URL_LENGTH),
	}));
}

/**
 * Every report of the site, read once (version 1.1), newest first, 100 a request (ceil(R/100)
 * requests): phpRank's search for the site's host (report/storedUrl.ts `siteSearchTerm`), which
 * lists every report of the site in any spelling, and reports of other hosts that contain it
 * (`blog.example.com` for `example.com`), which are left out here. What is kept of each page: its
 * newest report's ID, URL and time, and the IDs of all its reports.
 */
interface SiteReports {
	/** By the stored URL of their page (report/storedUrl.ts). */
	pages: Map<string, PageReports>;
	/** The highest report ID listed (a lost Create looks above it). */
	newestSeenId: number;
}

async function readSiteReports(
	requests: ItemRequests,
	settings: AuditSettings,
): Promise<SiteReports> {
	const siteKey = storedUrl(settings.site.origin);
	const read: SiteReports = { pages: new Map(), newestSeenId: 0 };
	const take = (record: IDataObject) => {
		const stub = reportStub(record);
		if (!stub) return;
		read.newestSeenId = Math.max(read.newestSeenId, stub.id);
		const page = storedUrl(stub.url);
		if (siteOf(page) !== siteKey) return;
		const known = read.pages.get(page);
		if (!known) read.pages.set(page, { newest: stub, ids: [stub.id] });
		else {
			known.ids.push(stub.id);
			if (stub.id > known.newest.id) known.newest = stub;
		}
	};
	await requests.list(
		'/reports',
		reportSearchQuery(siteSearchTerm(siteKey)),
		{ plan: planPages(true, 0), newestFirst: true, path: '/reports' },
		(records) => {
			for (const record of records) take(record);
			return [];
		},
	);
	return read;
}

interface PageToAudit {
	page: SitePage;
	/** Its newest report as the site's listing gave it (version 1.1): no lookup of its own. */
	lookedUp?: PageAnswer;
}

/**
 * Create or Re-Run for every page at once (they join their site's listing in one turn), one item
 * per page in `pages`' order: the report with `action` created, re-run or kept, or `action`
 * failed with `error` (every page failed: `noPageAudited` says it).
 */
async function auditPages(
	context: IExecutePaginationFunctions,
	requests: ItemRequests,
	settings: AuditSettings,
	pages: PageToAudit[],
): Promise<IDataObject[]> {
	const scope = context.getExecuteData() ?? {};
	const apiFor = rulesApiOf(context, requests);
	const { rules, createOf, output: outcomeOutput } = settings.pages;
	const settled = await Promise.allSettled(
		pages.map(
			async ({ page, lookedUp }) =>
				await createOrRerunOnce(
					scope,
					{ url: page.url, ...rules, lookedUp },
					apiFor(createOf(page.url)),
				),
		),
	);
	const output: IDataObject[] = [];
	for (const [index, result] of settled.entries()) {
		const { page } = pages[index];
		if (result.status === 'fulfilled') {
			output.push({ ...createOrRerunOutput(result.value, outcomeOutput), ...pageFields(page) });
			continue;
		}
		const message = await pageFailureMessage(context, result.reason);
		output.push({
			url: page.url,
			...pageFields(page),
			project: settings.project,
			action: 'failed',
			error: message,
		});
	}
	return output;
}

/** The fields of every item of a page: the page, the sitemap that listed it, its lastmod. */
function pageFields(page: SitePage): IDataObject {
	return { sitemap: page.sitemap, lastmod: page.lastmod };
}

/**
 * The run's failure when every page it audited failed (the reasons counted, most frequent first);
 * undefined when a page was audited, or none was to be. `deleted`: reports of pages no longer
 * listed deleted before (version 1.1 on): said, so the failure hides nothing the run did.
 */
function noPageAudited(
	context: IExecutePaginationFunctions,
	settings: AuditSettings,
	items: IDataObject[],
	deleted = 0,
): NodeOperationError | undefined {
	if (items.length === 0 || items.some((item) => item.action !== 'failed')) return undefined;
	const counts = new Map<string, number>();
	for (const { error } of items) counts.set(String(error), (counts.get(String(error)) ?? 0) + 1);
	const reasons = [...counts]
		.sort((a, b) => b[1] - a[1])
		.map(([error, count]) => `${count} ${count === 1 ? 'page' : 'pages'}: ${error}`);
	return new NodeOperationError(
		context.getNode(),
		`No page of ${settings.site.origin} could be audited (${items.length} failed). ${reasons.slice(0, 3).join(' | ')}`,
		{
			itemIndex: context.getItemIndex(),
			description: `Every page the run chose failed. ${reasons.join(' | ')}${deletedFirst(deleted)}`,
		},
	);
}

/** The failure's last sentence when reports were deleted before it (an empty one when none was). */
function deletedFirst(deleted: number): string {
	if (deleted === 0) return '';
	return ` ${deleted} ${deleted === 1 ? 'report' : 'reports'} of pages no longer listed ${deleted === 1 ? 'was' : 'were'} deleted first.`;
}

/** The run's first item: what it did on the site, and what could not be read or deleted. */
function auditSummary(
	settings: AuditSettings,
	found: SitePages,
	plan: AuditPlan<SitePage>,
	audited: IDataObject[],
	leftItems: IDataObject[],
	deletion: DeleteDecision | undefined,
): IDataObject {
	const counts = countActions(audited);
	const summary: IDataObject = {
		action: 'summary',
		site: settings.site.origin,
		project: settings.project,
		pages_listed: found.pages.length + found.tooLong.count,
		pages_fresh: plan.kept.length + counts.created + counts['re-run'],
		pages_audited: counts.created + counts['re-run'],
		pages_created: counts.created,
		pages_re_run: counts['re-run'],
		pages_kept: plan.kept.length,
		pages_failed: counts.failed + found.tooLong.count,
		pages_waiting: plan.waiting,
		pages_not_in_sitemaps: plan.notListed.length,
		pages_live_not_in_sitemaps: liveNotListed(deletion),
		reports_deleted: leftItems.reduce((sum, item) => sum + Number(item.reports_deleted ?? 0), 0),
		sitemaps: found.sitemaps,
	};
	if (found.skipped.length > 0) summary.sitemapsSkipped = found.skipped as unknown as IDataObject[];
	if (deletion?.skipped) summary.deleteSkipped = deletion.skipped;
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
