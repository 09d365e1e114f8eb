import { siteKey, storedUrl } from '../report/storedUrl';
import { webAddress } from '../shared/webAddress';
import type { PageStatus } from './pageStatus';
import { pageHop } from './pageStatus';
import type { SiteSending } from './siteFetch';

/**
 * What a page answers its visitors, redirects followed on the site itself (Project → Audit Site's
 * Delete: pagesNotListed.ts). Most redirects are the same page in another spelling (a trailing
 * slash added, `http://` sent to `https://`, the bare host to `www.`): one page by the node's page
 * identity (report/storedUrl.ts), so such a hop is followed and what the page answers there
 * decides. Only a redirect for good (301, 308) to another page of the site that answers 200 says
 * the page moved. Nothing is asked of another host: a redirect there is the answer.
 */

/** Redirects followed at most for one page (as for the site's files, auditSite/siteFetch.ts). */
export const MAX_PAGE_HOPS = 5;

const GONE = new Set([404, 410]);
const FOR_GOOD = new Set([301, 308]);

/** What a page's answer says of it. */
export type PageVerdict =
	| 'gone'
	| 'moved'
	| 'live'
	| 'liveAfterRedirect'
	| 'offSite'
	| 'loop'
	| 'tooManyRedirects'
	| 'temporary'
	| 'unclear';

/** A page asked: its first and last status, where it was asked, where it ended, and what that says. */
export interface AnsweredPage {
	/** Where the page was asked (its first request). */
	url: string;
	/** The first request's status (null: no answer). */
	status: PageStatus;
	/** The last request's status, after the redirects followed. */
	finalStatus: PageStatus;
	/** Where the last redirect pointed (also when it was not followed: another host, a loop). */
	finalUrl: string;
	verdict: PageVerdict;
}

/** Whether the page says it is gone (404, 410) or lives on at another page of the site (moved). */
export function saysGone(answer: AnsweredPage | undefined): boolean {
	return answer?.verdict === 'gone' || answer?.verdict === 'moved';
}

/** Whether the page answered 200, redirects to the same page aside. */
export function answersLive(answer: AnsweredPage | undefined): boolean {
	return answer?.verdict === 'live' || answer?.verdict === 'liveAfterRedirect';
}

/** The verdict of a last answer that is no redirect followed further. */
function lastVerdict(status: PageStatus, hops: number, moved: boolean): PageVerdict {
	if (moved) return status === 200 ? 'moved' : 'unclear';
	if (status !== null && GONE.has(status)) return 'gone';
	if (status === 200) return hops === 0 ? 'live' : 'liveAfterRedirect';
	return 'unclear';
}

/**
 * Asks `url` (GET, as auditSite/pageStatus.ts sends), following its redirects on the site (the
 * site of `url`: its host or its `www.` twin, http or https) up to MAX_PAGE_HOPS; Stop rejects with
 * the `canceled` failure.
 */
export async function pageAnswer(sending: SiteSending, url: string): Promise<AnsweredPage> {
	const site = siteKey(new URL(url));
	const asked = new Set([url]);
	let current = url;
	let page = storedUrl(url);
	let first: PageStatus | undefined;
	let moved = false;
	for (let hops = 0; ; hops++) {
		const { status, location } = await pageHop(sending, current);
		first ??= status;
		const answer = (finalUrl: string, verdict: PageVerdict): AnsweredPage => ({
			url,
			status: first ?? null,
			finalStatus: status,
			finalUrl,
			verdict,
		});
		if (status === null || status < 300 || status >= 400 || location === undefined) {
			return answer(current, lastVerdict(status, hops, moved));
		}
		const next = webAddress(location, current);
		if (next === undefined) return answer(current, 'unclear');
		next.hash = '';
		if (siteKey(next) !== site) return answer(next.href, 'offSite');
		if (asked.has(next.href)) return answer(next.href, 'loop');
		if (hops >= MAX_PAGE_HOPS) return answer(next.href, 'tooManyRedirects');
		const nextPage = storedUrl(next.href);
		if (nextPage !== page) {
			// another page: only a redirect for good says the page lives on there
			if (!FOR_GOOD.has(status)) return answer(next.href, 'temporary');
			moved = true;
			page = nextPage;
		}
		asked.add(next.href);
		current = next.href;
	}
}

/**
 * Each of `urls` asked (pageAnswer), at most `parallel` at once, in the order given; the answers in
 * that order. Stop rejects with the `canceled` failure (the requests in flight end with it).
 */
export async function pageAnswers(
	sending: SiteSending,
	urls: string[],
	parallel: number,
): Promise<AnsweredPage[]> {
	const answers = new Array<AnsweredPage>(urls.length);
	let next = 0;
	const worker = async () => {
		while (next < urls.length) {
			const at = next++;
			answers[at] = await pageAnswer(sending, urls[at]);
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, urls.length)) }, worker));
	return answers;
}
