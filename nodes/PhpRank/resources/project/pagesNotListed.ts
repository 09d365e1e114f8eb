import type { IDataObject, IExecutePaginationFunctions } from 'n8n-workflow';

import type { PageReports } from '../../report/auditPlan';
import { generatedTime } from '../../report/maxAge';
import { reportRequest } from '../../shared/reportRequests';
import type { ItemRequests } from '../../transport';
import { pageFailureMessage } from '../../transport';
import type { AuditSettings } from './auditSettings';

/**
 * Project → Audit Site's pages that left the site (version 1.1 on): the site's reports whose page no
 * sitemap lists any more (in any spelling of the page), one item each, `action` "not in
 * sitemaps". With Reports of Pages No Longer Listed → Delete, every report of those pages is
 * deleted, but only pages that are surely gone (`pagesToDelete`): a sitemap broken for a day, one
 * sitemap of several, or a page published while the run read the sitemaps must not cost a report
 * of a page still on the site. Each refusal is said on the run's summary (`deleteSkipped`).
 */

export const NOT_IN_SITEMAPS = 'not in sitemaps';

/**
 * A report generated less than this before the run began counts as generated during the run:
 * phpRank's clock and n8n's may differ by minutes, and a page just published may not be in the
 * sitemaps yet (their cache).
 */
export const RECENT_REPORT_MS = 15 * 60 * 1000;

/** What the run read of the site, beyond the pages no longer listed, that the deletion depends on. */
export interface SiteRead {
	/** Sitemap files not read in full (failed, cut off, a `<loc>` not understood). */
	skipped: number;
	/** Reading stopped at the bound on a site's pages. */
	cutShort: boolean;
	/** The site's pages that have a report. */
	sitePages: number;
	/** When the run began (milliseconds since the epoch). */
	startedAt: number;
}

export interface DeleteDecision {
	/** The pages whose every report is deleted. */
	pages: PageReports[];
	/** Why some or all were not (the summary's `deleteSkipped`), when any was not. */
	skipped?: string;
}

/** Why the run deletes nothing, one reason a clause. */
function runRefusals(settings: AuditSettings, read: SiteRead, settled: number): string[] {
	const refusals: string[] = [];
	if (settings.sitemapUrl !== undefined) {
		refusals.push(
			`Pages From is "A Sitemap URL", and one sitemap is not the whole site (choose "The Site's Sitemaps" to delete)`,
		);
	}
	if (read.skipped > 0) {
		refusals.push(
			`${read.skipped} of the site's sitemap files could not be read in full (see sitemapsSkipped), so a page may be missing from them only for now`,
		);
	}
	if (read.cutShort) {
		refusals.push(
			"the sitemaps were not read to their end (the node's bound on a site's pages was reached)",
		);
	}
	if (settled * 100 > settings.deleteAtMostPercent * read.sitePages) {
		refusals.push(
			`${settled} of the site's ${read.sitePages} pages with a report are no longer listed, more than Delete At Most (${settings.deleteAtMostPercent}% of Pages) allows; a sitemap that lost its pages by mistake must not empty the project. Check the sitemaps, then raise Delete At Most or delete them with Report → Delete`,
		);
	}
	return refusals;
}

/**
 * The pages no longer listed that are surely gone, and why the others are kept. A page is deleted
 * only when the site's own sitemaps were read in full and well-formed (none skipped, cut off or
 * cut short), its newest report was generated before the run began (RECENT_REPORT_MS), and the
 * pages to delete are at most Delete At Most of the site's pages that have a report.
 */
export function pagesToDelete(
	pages: PageReports[],
	settings: AuditSettings,
	read: SiteRead,
): DeleteDecision {
	const settled = pages.filter(
		(page) => generatedTime(page.newest.generated_at) < read.startedAt - RECENT_REPORT_MS,
	);
	const recent = pages.length - settled.length;
	const refusals = runRefusals(settings, read, settled.length);
	const kept =
		recent === 0
			? []
			: [
					`${recent} of the ${pages.length} pages no longer listed ${recent === 1 ? 'was' : 'were'} kept: ${recent === 1 ? 'its' : 'their'} newest report was generated after the run began, less than ${RECENT_REPORT_MS / 60_000} minutes before or at no readable time, and such a page may be new, not in the sitemaps yet`,
				];
	if (refusals.length > 0) {
		return { pages: [], skipped: `Nothing deleted: ${[...refusals, ...kept].join('; ')}` };
	}
	return kept.length > 0 ? { pages: settled, skipped: kept[0] } : { pages: settled };
}

function itemOf(page: PageReports, settings: AuditSettings): IDataObject {
	const { id, url, generated_at } = page.newest;
	return { action: NOT_IN_SITEMAPS, id, url, generated_at, project: settings.project };
}

/** Deletes every report of one page; the item says how many, or why not. */
async function deletePage(
	context: IExecutePaginationFunctions,
	requests: ItemRequests,
	page: PageReports,
	item: IDataObject,
): Promise<IDataObject> {
	const deleteAll = async () => {
		for (const id of page.ids) {
			await requests.deletion(reportRequest('DELETE', id));
		}
	};
	return await deleteAll().then(
		() => ({ ...item, deleted: true, reports_deleted: page.ids.length }),
		async (error: unknown) => ({
			...item,
			deleted: false,
			error: await pageFailureMessage(context, error),
		}),
	);
}

/** The items of the pages no longer listed, `deleting` deleted first. */
export async function pagesNotListedItems(
	context: IExecutePaginationFunctions,
	requests: ItemRequests,
	pages: PageReports[],
	settings: AuditSettings,
	deleting: PageReports[],
): Promise<IDataObject[]> {
	const items = pages.map((page) => itemOf(page, settings));
	if (deleting.length === 0) return items;
	const doomed = new Set(deleting);
	const settled = await Promise.allSettled(
		pages.map(async (page, index) =>
			doomed.has(page) ? await deletePage(context, requests, page, items[index]) : items[index],
		),
	);
	return settled.map((result) => {
		if (result.status === 'rejected') throw result.reason;
		return result.value;
	});
}
