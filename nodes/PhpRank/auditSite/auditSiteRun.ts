import type { IDataObject, IExecutePaginationFunctions } from 'n8n-workflow';

import { InvalidInput } from '../shared/inputChecks';
import type { ItemRequests } from '../transport';
import { pageFilterFields } from './auditFields';
import { auditOfSite } from './auditRun';
import type { AuditSettings } from './auditSettings';
import { auditSettings } from './auditSettings';
import { readSitePages } from './readSite';
import type { SitePages } from './sitePageTypes';
import { MAX_SITE_PAGES } from './sitePages';

/**
 * Project → Audit Site's run, loaded at its first use (auditSite.ts): its fields read and checked
 * once (auditSettings.ts), the site's pages read from its own sitemaps (readSite.ts, without the
 * credential: siteFetch.ts), then the run (auditRun.ts), each page through Create or Re-Run's
 * rules. List Only sends nothing to phpRank.
 */

/** No page to audit: what was tried, and what to do. */
function nothingFound(settings: AuditSettings, found: SitePages): InvalidInput {
	const errors = (files: SitePages['skipped']) => files.map((file) => file.error).join('; ');
	const tried = errors(found.skipped);
	const field = settings.sitemapUrl === undefined ? 'Site' : 'Sitemap URL';
	if (found.sitemaps.length === 0) {
		const everything = errors([...found.absent, ...found.skipped]);
		return new InvalidInput(
			field,
			`No sitemap of ${settings.site.origin} could be read (${everything || 'none found'}): give the sitemap's address with Pages From "A Sitemap URL", or check that the site is up`,
		);
	}
	const offSite = found.offSitePages > 0 ? `, ${found.offSitePages} on another host` : '';
	return new InvalidInput(
		found.offSitePages > 0 ? field : 'Options',
		`No page of ${settings.site.origin} is left to audit: the sitemaps read (${found.sitemaps.join(', ')}) list none that passes the filters${offSite}${tried ? `; skipped: ${tried}` : ''}. ${loosenFilters()}`,
	);
}

/** "Loosen Include URLs Containing, Exclude URLs Containing or Modified Since": every filter, by its field's name. */
function loosenFilters(): string {
	const names = Object.values(pageFilterFields).map((field) => field.displayName);
	return `Loosen ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** One item's run: `options` is the item's Options, read once by the routing (transport/index.ts). */
export async function auditSite(
	context: IExecutePaginationFunctions,
	requests: ItemRequests,
	options: IDataObject,
): Promise<IDataObject[]> {
	const settings = auditSettings(context, options);
	const send = async (request: Parameters<typeof context.helpers.httpRequest>[0]) =>
		await context.helpers.httpRequest(request);
	const startedAt = Date.now();
	const sending = {
		send,
		cancel: context.getExecutionCancelSignal?.(),
		timeoutMs: requests.attemptMs,
		connection: requests.connection,
	};
	const found = await readSitePages(
		sending,
		// Version 1.1 reads every page to choose the stalest; List Only lists the first Max Pages.
		{
			site: settings.site,
			sitemapUrl: settings.sitemapUrl,
			keep: settings.keep,
			pagesToRead: settings.wholeSite && !settings.listOnly ? MAX_SITE_PAGES : settings.maxPages,
		},
	);
	if (found.pages.length === 0) throw nothingFound(settings, found);
	if (settings.listOnly) {
		// each page as the reader keeps it ({ url, sitemap, lastmod }): not copied
		const pages = found.pages as unknown as IDataObject[];
		if (found.skipped.length > 0)
			pages[0].sitemapsSkipped = found.skipped as unknown as IDataObject[];
		return pages;
	}
	return await auditOfSite(context, requests, settings, { found, startedAt, sending });
}
