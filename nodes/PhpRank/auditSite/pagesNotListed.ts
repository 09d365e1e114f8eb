import type { IDataObject, IExecutePaginationFunctions } from 'n8n-workflow';

import type { PageReports } from './auditPlan';
import { generatedTime } from '../report/maxAge';
import { pageAddressOn } from '../report/storedUrl';
import { reportRequest } from '../shared/reportRequests';
import type { ItemRequests } from '../transport';
import { pageFailureMessage } from '../transport';
import type { SiteSending } from './siteFetch';
import type { AuditSettings } from './auditSettings';
import { NOT_LISTED } from './auditFields';
import type { AnsweredPage, PageVerdict } from './pageAnswer';
import { answersLive, MAX_PAGE_HOPS, pageAnswer, pageAnswers, saysGone } from './pageAnswer';

/**
 * Project → Audit Site's pages that left the site (version 1.1 on): the site's reports whose page no
 * sitemap lists any more (in any spelling of the page), one item each, `action` "not in
 * sitemaps". A sitemap says what a site lists, never what it stopped serving: with Reports of Pages
 * No Longer Listed → Delete, a page's reports are deleted only when the page itself says it is
 * gone (404, 410) or moved to another page of the site (pageAnswer.ts: redirects to the same page in
 * another spelling followed), asked at the address form the site's own sitemaps use (`askedOrigin`),
 * and only in a run that may delete at all (`runRefusals`: the site's own sitemaps read in full, at
 * most Delete At Most of its pages) and in which the listed pages answered 200 to the same requests,
 * before the pages were asked and again after (the control: a firewall that hides a site from bots,
 * a single-page app or a deployment answers 404 to everything). Each refusal is said on the run's
 * summary (`deleteSkipped`); each page asked has its `page_status` and `page_answer`.
 */

export const NOT_IN_SITEMAPS = 'not in sitemaps';

/**
 * A report generated less than this before the run began counts as generated during the run:
 * phpRank's clock and n8n's may differ by minutes, and a page just published may not be in the
 * sitemaps yet (their cache).
 */
export const RECENT_REPORT_MS = 15 * 60 * 1000;

/** Listed pages asked, one after the other, before the pages no longer listed and again after (the control). */
export const CONTROL_PAGES = 3;

/** What a page no longer listed answered, in words (`page_answer`). */
export const PAGE_ANSWER: Record<PageVerdict, string> = {
	gone: 'gone',
	moved: 'moved to another page',
	live: 'live, but in no sitemap',
	liveAfterRedirect: 'live after a redirect to the same page',
	offSite: 'redirected off the site',
	loop: 'redirect loop',
	tooManyRedirects: `more than ${MAX_PAGE_HOPS} redirects`,
	temporary: 'redirected for now (302, 303, 307)',
	unclear: 'no clear answer',
};

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
	/** The pages the sitemaps list, in their order (their address form, `askedOrigin`; the first are the control). */
	listedPages: string[];
	/** How the site is asked (as its files are read), and how many at once (Max Parallel Requests). */
	sending: SiteSending;
	parallel: number;
}

export interface DeleteDecision {
	/** The pages whose every report is deleted. */
	pages: PageReports[];
	/** What each page asked answered. */
	answers: Map<PageReports, AnsweredPage>;
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

/**
 * Where the site's pages are asked: the scheme and host (and port) every page of the site's own
 * sitemaps is written with, when they all agree (the site's preferred spelling: a page asked there
 * is asked as the site links it), else the Site's.
 */
export function askedOrigin(listed: string[], site: URL): URL {
	let origin: string | undefined;
	for (const url of listed) {
		const own = ORIGIN.exec(url)?.[0].toLowerCase();
		if (own === undefined || (origin !== undefined && own !== origin)) return site;
		origin = own;
	}
	return origin === undefined ? site : new URL(origin);
}
const ORIGIN = /^https?:\/\/[^/?#]+/i;

/** What one listed page answered, for the control's message. */
function controlAnswer(answer: AnsweredPage): string {
	const first = answer.status === null ? 'did not answer' : `answered HTTP ${answer.status}`;
	if (answer.finalUrl === answer.url) return `${answer.url} ${first}`;
	if (answer.verdict === 'moved' || answer.verdict === 'unclear') {
		const last = answer.finalStatus === null ? 'no answer' : `HTTP ${answer.finalStatus}`;
		return `${answer.url} ${first}, then ${last} at ${answer.finalUrl}`;
	}
	return `${answer.url} ${first} (${PAGE_ANSWER[answer.verdict]}: ${answer.finalUrl})`;
}

/** What the user can do about the listed pages' answers: the likeliest cause first. */
function controlAdvice(answers: AnsweredPage[]): string {
	const offSite = answers.find((answer) => answer.verdict === 'offSite');
	if (offSite) {
		return `the site sends its pages to ${new URL(offSite.finalUrl).origin}: set the Site to ${new URL(offSite.finalUrl).origin}, then run again`;
	}
	const last = answers.map((answer) => answer.finalStatus);
	if (last.some((status) => status === 404 || status === 410)) {
		return `the site answers ${last.find((status) => status === 404 || status === 410)} to pages its sitemaps list (a single-page app, or a site in the middle of a deployment). Run again when the listed pages answer 200`;
	}
	if (last.some((status) => status === 401 || status === 403 || status === 429)) {
		return "a firewall that hides the site from bots answers this way. Let n8n's requests through, then run again";
	}
	if (answers.some((answer) => answer.verdict === 'moved' || answer.verdict === 'temporary')) {
		return 'the sitemaps list pages that redirect to other pages. List each page at the address it answers at, then run again';
	}
	if (
		answers.some((answer) => answer.verdict === 'loop' || answer.verdict === 'tooManyRedirects')
	) {
		return 'the site redirects its own pages without end. Mend the redirects, then run again';
	}
	return 'the site is not answering as it should (down, or failing). Run again when the listed pages answer 200';
}

/**
 * The control's refusal when a listed page does not answer 200 (after redirects to the same page),
 * else undefined; `after`: asked again once the pages no longer listed were.
 */
async function controlRefusal(
	read: SiteRead,
	origin: URL,
	after: boolean,
): Promise<string | undefined> {
	const answers: AnsweredPage[] = [];
	for (const url of read.listedPages.slice(0, CONTROL_PAGES)) {
		const address = pageAddressOn(origin, url);
		if (address !== undefined) answers.push(await pageAnswer(read.sending, address));
	}
	const failed = answers.filter((answer) => !answersLive(answer));
	if (answers.length > 0 && failed.length === 0) return undefined;
	const which = after
		? 'after the pages no longer listed were asked, a page the sitemaps list no longer answered HTTP 200'
		: "not every page the sitemaps list answered HTTP 200 to the node's requests";
	return `${which} (${failed.map(controlAnswer).join(', ') || 'none asked'}), so the site's answers cannot tell a page that is gone: ${controlAdvice(failed)}`;
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
	const answers = new Map<PageReports, AnsweredPage>();
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
	const nothingDeleted = (refusals: string[]): DeleteDecision => ({
		pages: [],
		answers,
		skipped: `Nothing deleted: ${[...refusals, ...kept].join('; ')}`,
	});
	const refusals = runRefusals(settings, read, pages.length);
	const origin = askedOrigin(read.listedPages, settings.site);
	if (refusals.length === 0 && settled.length > 0) {
		const control = await controlRefusal(read, origin, false);
		if (control) refusals.push(control);
	}
	if (refusals.length > 0) return nothingDeleted(refusals);
	// a page whose address would not be the site's is not asked (and so kept)
	const addressed = settled.flatMap((page) => {
		const url = pageAddressOn(origin, page.newest.url);
		return url === undefined ? [] : [{ page, url }];
	});
	const asked = await pageAnswers(
		read.sending,
		addressed.map(({ url }) => url),
		read.parallel,
	);
	for (const [index, { page }] of addressed.entries()) answers.set(page, asked[index]);
	const gone = settled.filter((page) => saysGone(answers.get(page)));
	// the site may have begun to fail while the pages were asked (a deployment, an ingress restart)
	const after = gone.length > 0 ? await controlRefusal(read, origin, true) : undefined;
	if (after) return nothingDeleted([after]);
	const answered = settled.length - gone.length;
	if (answered > 0) {
		kept.push(
			`${keptWords(answered, pages.length)} page did not say it is gone (page_answer: not "${PAGE_ANSWER.gone}" nor "${PAGE_ANSWER.moved}")`,
		);
	}
	return kept.length > 0
		? { pages: gone, answers, skipped: kept.join('; ') }
		: { pages: gone, answers };
}

/** A page's item; with Delete, what the page answered (null: not asked) and whether it was deleted. */
function itemOf(
	page: PageReports,
	settings: AuditSettings,
	answers: Map<PageReports, AnsweredPage> | undefined,
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
	const answer = answers?.get(page);
	return {
		...item,
		page_url: answer?.url ?? null,
		page_status: answer?.status ?? null,
		page_final_status: answer?.finalStatus ?? null,
		page_answer: answer ? PAGE_ANSWER[answer.verdict] : null,
		deleted: false,
	};
}

/** How many pages asked answered 200, redirects to the same page aside: live, but in no sitemap (null when none was asked). */
export function liveNotListed(decision: DeleteDecision | undefined): number | null {
	if (!decision || decision.answers.size === 0) return null;
	let live = 0;
	for (const answer of decision.answers.values()) if (answersLive(answer)) live++;
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
	const items = pages.map((page) => itemOf(page, settings, decision?.answers));
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
