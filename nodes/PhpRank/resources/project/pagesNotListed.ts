import type { IDataObject, IExecutePaginationFunctions } from 'n8n-workflow';

import type { PageReports } from '../../report/auditPlan';
import { generatedTime } from '../../report/maxAge';
import { pageAddressOn } from '../../report/storedUrl';
import { reportRequest } from '../../shared/reportRequests';
import type { ItemRequests } from '../../transport';
import { pageFailureMessage } from '../../transport';
import type { PageStatus } from '../../transport/pageStatus';
import { pageStatus, pageStatuses } from '../../transport/pageStatus';
import type { SiteSending } from '../../transport/siteFetch';
import type { AuditSettings } from './auditSettings';
import { NOT_LISTED } from './auditSettings';

/**
 * Project → Audit Site's pages that left the site (version 1.1 on): the site's reports whose page no
 * sitemap lists any more (in any spelling of the page), one item each, `action` "not in
 * sitemaps". A sitemap says what a site lists, never what it stopped serving: with Reports of Pages
 * No Longer Listed → Delete, a page's reports are deleted only when the page itself says it is
 * gone (404, 410) or moved (301, 308), asked at the site's address (transport/pageStatus.ts), and
 * only in a run that may delete at all (`runRefusals`: the site's own sitemaps read in full, at
 * most Delete At Most of its pages) and in which a listed page answered 200 to the same requests
 * (the control: a firewall that hides a site from bots answers 404 to everything). Each refusal is
 * said on the run's summary (`deleteSkipped`); each page asked has its `page_status`.
 */

export const NOT_IN_SITEMAPS = 'not in sitemaps';

/**
 * A report generated less than this before the run began counts as generated during the run:
 * phpRank's clock and n8n's may differ by minutes, and a page just published may not be in the
 * sitemaps yet (their cache).
 */
export const RECENT_REPORT_MS = 15 * 60 * 1000;

/** What a page answers when it is gone, and when it moved for good. */
const GONE = [404, 410];
const MOVED = [301, 308];
/** The statuses that say a page is gone (404, 410) or moved for good (301, 308): its reports go. */
export const GONE_STATUSES: ReadonlySet<number> = new Set([...GONE, ...MOVED]);
/** Listed pages asked at most, one after the other, until one answers 200 (the control). */
export const CONTROL_PAGES = 3;

/** What a page no longer listed answered, in words (`page_answer`). */
export const PAGE_ANSWER = {
	gone: 'gone',
	moved: 'moved',
	live: 'live, but in no sitemap',
	unclear: 'no clear answer',
} as const;

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
	/** The first pages the sitemaps list (the control asks them). */
	listedPages: string[];
	/** How the site is asked (as its files are read), and how many at once (Max Parallel Requests). */
	sending: SiteSending;
	parallel: number;
}

export interface DeleteDecision {
	/** The pages whose every report is deleted. */
	pages: PageReports[];
	/** What each page asked answered. */
	statuses: Map<PageReports, PageStatus>;
	/** Why some or all were not (the summary's `deleteSkipped`), when any was not. */
	skipped?: string;
}

/** Why the run deletes nothing, one reason a clause; `notListed`: every page no longer listed. */
function runRefusals(settings: AuditSettings, read: SiteRead, notListed: number): string[] {
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
	if (notListed * 100 > settings.deleteAtMostPercent * read.sitePages) {
		refusals.push(
			`${notListed} of the site's ${read.sitePages} pages with a report are no longer listed, more than Delete At Most (${settings.deleteAtMostPercent}% of Pages) allows; a sitemap that lost its pages by mistake must not empty the project. Check the sitemaps, then raise Delete At Most or delete them with Report → Delete`,
		);
	}
	return refusals;
}

/** "was kept: its" or "were kept: their", as `count` asks. */
function keptWords(count: number, total: number): string {
	return `${count} of the ${total} pages no longer listed ${count === 1 ? 'was kept: its' : 'were kept: their'}`;
}

/** The control's refusal when no listed page answered 200, else undefined. */
async function controlRefusal(read: SiteRead): Promise<string | undefined> {
	const answers: string[] = [];
	for (const url of read.listedPages.slice(0, CONTROL_PAGES)) {
		const status = await pageStatus(read.sending, url);
		if (status === 200) return undefined;
		answers.push(`${url} ${status === null ? 'did not answer' : `answered HTTP ${status}`}`);
	}
	return `no page the sitemaps list answered HTTP 200 to the node's requests (${answers.join(', ') || 'none asked'}), so the site's answers cannot tell a page that is gone: a firewall that hides the site from bots answers this way. Let n8n's requests through, then run again`;
}

/**
 * The pages no longer listed whose page says it is gone, and why the others are kept. Asked only
 * when the run may delete (`runRefusals`), and only the pages whose newest report was generated
 * before the run began (RECENT_REPORT_MS: a page just published may not be listed yet).
 */
export async function pagesToDelete(
	pages: PageReports[],
	settings: AuditSettings,
	read: SiteRead,
): Promise<DeleteDecision> {
	const statuses = new Map<PageReports, PageStatus>();
	const settled = pages.filter(
		(page) => generatedTime(page.newest.generated_at) < read.startedAt - RECENT_REPORT_MS,
	);
	const recent = pages.length - settled.length;
	const kept =
		recent === 0
			? []
			: [
					`${keptWords(recent, pages.length)} newest report was generated after the run began, less than ${RECENT_REPORT_MS / 60_000} minutes before or at no readable time, and such a page may be new, not in the sitemaps yet`,
				];
	const refusals = runRefusals(settings, read, pages.length);
	if (refusals.length === 0 && settled.length > 0) {
		const control = await controlRefusal(read);
		if (control) refusals.push(control);
	}
	if (refusals.length > 0) {
		return {
			pages: [],
			statuses,
			skipped: `Nothing deleted: ${[...refusals, ...kept].join('; ')}`,
		};
	}
	// a page whose address would not be the site's is not asked (and so kept)
	const addressed = settled.flatMap((page) => {
		const url = pageAddressOn(settings.site, page.newest.url);
		return url === undefined ? [] : [{ page, url }];
	});
	const asked = await pageStatuses(
		read.sending,
		addressed.map(({ url }) => url),
		read.parallel,
	);
	for (const [index, { page }] of addressed.entries()) statuses.set(page, asked[index]);
	const gone = settled.filter((page) => isGone(statuses.get(page)));
	const answered = settled.length - gone.length;
	if (answered > 0) {
		kept.push(
			`${keptWords(answered, pages.length)} page did not say it is gone (page_status: not ${GONE.join(' or ')}, nor ${MOVED.join(' or ')})`,
		);
	}
	return kept.length > 0
		? { pages: gone, statuses, skipped: kept.join('; ') }
		: { pages: gone, statuses };
}

function isGone(status: PageStatus | undefined): boolean {
	return typeof status === 'number' && GONE_STATUSES.has(status);
}

/** `page_answer`: what the status says of the page, null when it was not asked. */
function pageAnswer(status: PageStatus | undefined): string | null {
	if (status === undefined) return null;
	if (status !== null && GONE.includes(status)) return PAGE_ANSWER.gone;
	if (status !== null && MOVED.includes(status)) return PAGE_ANSWER.moved;
	return status === 200 ? PAGE_ANSWER.live : PAGE_ANSWER.unclear;
}

/** A page's item; with Delete, what the page answered (null: not asked) and whether it was deleted. */
function itemOf(
	page: PageReports,
	settings: AuditSettings,
	statuses: Map<PageReports, PageStatus> | undefined,
): IDataObject {
	const { id, url, generated_at } = page.newest;
	const item: IDataObject = {
		action: NOT_IN_SITEMAPS,
		id,
		url,
		generated_at,
		project: settings.project,
	};
	if (settings.notListed !== NOT_LISTED.delete) return item;
	const status = statuses?.get(page);
	return { ...item, page_status: status ?? null, page_answer: pageAnswer(status), deleted: false };
}

/** How many pages asked answered 200: live, but in no sitemap (null when none was asked). */
export function liveNotListed(decision: DeleteDecision | undefined): number | null {
	if (!decision || decision.statuses.size === 0) return null;
	let live = 0;
	for (const status of decision.statuses.values()) if (status === 200) live++;
	return live;
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

/** The items of the pages no longer listed, the decision's pages deleted first. */
export async function pagesNotListedItems(
	context: IExecutePaginationFunctions,
	requests: ItemRequests,
	pages: PageReports[],
	settings: AuditSettings,
	decision: DeleteDecision | undefined,
): Promise<IDataObject[]> {
	const items = pages.map((page) => itemOf(page, settings, decision?.statuses));
	if (!decision || decision.pages.length === 0) return items;
	const doomed = new Set(decision.pages);
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
