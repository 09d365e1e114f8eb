import type { IDataObject, IExecutePaginationFunctions } from 'n8n-workflow';

import type { PageReports } from '../../report/auditPlan';
import { CREDENTIAL_NAME } from '../../shared/constants';
import type { ItemRequests } from '../../transport';
import { failsEveryPage, nodeErrorOf } from '../../transport';
import { reportRequest } from '../report/reportById';

/**
 * Project → Audit Site's pages that left the site (version 1.1): the site's reports whose page no
 * sitemap lists any more (in any spelling of the page), one item each, `action` "not in
 * sitemaps". With Reports of Pages No Longer Listed → Delete, every report of those pages is
 * deleted, but only when that is safe: every sitemap was read in full (none skipped, none cut
 * short), and the reports to delete are at most half of the site's. A sitemap broken for a day
 * must not wipe a project: otherwise nothing is deleted, and why is said on the run's summary.
 */

export const NOT_IN_SITEMAPS = 'not in sitemaps';

export interface NotListedReading {
	/** The sitemaps that could not be read, and whether reading stopped before the end. */
	skipped: number;
	cutShort: boolean;
	/** All the site's reports. */
	siteReports: number;
}

/** Why deleting is not safe this run, or undefined when it is. */
export function unsafeToDelete(
	pages: PageReports[],
	reading: NotListedReading,
): string | undefined {
	const toDelete = pages.reduce((sum, page) => sum + page.ids.length, 0);
	if (reading.skipped > 0) {
		return `Nothing deleted: ${reading.skipped} of the site's sitemap files could not be read (see sitemapsSkipped), so a page may be missing from them only for now`;
	}
	if (reading.cutShort) {
		return "Nothing deleted: the sitemaps were not read to their end (the node's bound on a site's pages was reached)";
	}
	if (toDelete * 2 > reading.siteReports) {
		return `Nothing deleted: ${toDelete} of the site's ${reading.siteReports} reports belong to pages no longer listed, more than half; a sitemap that lost its pages by mistake must not empty the project. Check the sitemaps, then delete them with Report → Delete or Project → Delete`;
	}
	return undefined;
}

function itemOf(page: PageReports, project: string): IDataObject {
	const { id, url, generated_at } = page.newest;
	return { action: NOT_IN_SITEMAPS, id, url, generated_at, project };
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
		async (error: unknown) => {
			if (failsEveryPage(error)) return await Promise.reject(error);
			const situation = {
				node: context.getNode(),
				itemIndex: context.getItemIndex(),
				credential: async () => await context.getCredentials<IDataObject>(CREDENTIAL_NAME),
			};
			const { message } = await nodeErrorOf(situation, error);
			return { ...item, deleted: false, error: message };
		},
	);
}

/** The items of the pages no longer listed, deleted first when asked and safe. */
export async function pagesNotListedItems(
	context: IExecutePaginationFunctions,
	requests: ItemRequests,
	pages: PageReports[],
	project: string,
	deleting: boolean,
): Promise<IDataObject[]> {
	const items = pages.map((page) => itemOf(page, project));
	if (!deleting) return items;
	const settled = await Promise.allSettled(
		pages.map(async (page, index) => await deletePage(context, requests, page, items[index])),
	);
	return settled.map((result) => {
		if (result.status === 'rejected') throw result.reason;
		return result.value;
	});
}
