import type { IDataObject } from 'n8n-workflow';

import { reportId } from '../report/reportId';
import { isSiteRoot, isStoredUrlOf } from '../report/storedUrl';
import { isRecord } from '../shared/isRecord';
import type { ListEnvelope } from '../transport';
import { isLastPage, LARGEST_PAGE_SIZE } from '../transport';
import { lookupTermOf } from './lookupTerm';
import type { ReportSearch } from './reportSearch';
import { readSearch } from './reportSearch';
import type { OwnRequest, PageAnswer, SiteListing } from './siteListing';

/**
 * Create or Re-Run's lookup of one page (index.ts): alone (`findNewest`), or through its
 * site's listing in the run (`lookupThroughListing`, siteListing.ts).
 */

/** What the page loop is handed once the site's listing took over: an empty page, the list's end. */
const LISTING_TOOK_OVER: ListEnvelope = { data: [] };

/**
 * The newest report whose stored URL is exactly `pageUrl` (stored form, report/storedUrl.ts).
 * phpRank's search is a substring match on the URL as it was sent: the search is for what every
 * spelling of the page holds (lookupTerm.ts: the site, then the path), which also lists neighbours
 * (`/page-3` also lists `/page-30`), so every listed report is compared exactly, newest first,
 * page after page (the transport's page loop, phpRank's largest page: a search for the site's
 * root, `example.com`, also lists every other page of the site) until found or the list ends. With `newerThanId`, reports with that ID or a lower one are not
 * looked at (the list is newest first: the search stops there). Only the answer is kept, not the
 * records read; a page that repeats the ones before (a server that ignores `page`) ends the search.
 * A site's root is first read in URL order (`rootInUrlOrder`): one read, however many newer
 * reports the site holds, when the root's report is stored in the spelling the node sends.
 */
export async function findNewest(
	api: ReportSearch,
	pageUrl: string,
	newerThanId = 0,
): Promise<PageAnswer> {
	// without a listing, nothing takes over: the lookup always answers
	return (await lookUp(api, pageUrl, newerThanId)) as PageAnswer;
}

/**
 * `findNewest`, asking `ownRequest` before each request: once it answers that the site's listing
 * answers the page, no request more is sent and the lookup ends without an answer (undefined).
 */
async function lookUp(
	api: ReportSearch,
	pageUrl: string,
	newerThanId: number,
	ownRequest?: () => OwnRequest,
): Promise<PageAnswer | undefined> {
	let newestSeenId = 0;
	let found: IDataObject | undefined;
	let listingTookOver = false;
	const stopAt = (record: IDataObject) => {
		const id = reportId(record);
		newestSeenId = Math.max(newestSeenId, id);
		if (id <= newerThanId) return true;
		if (isStoredUrlOf(record.url, pageUrl)) found = record;
		return found !== undefined;
	};
	const term = await lookupTermOf(api, pageUrl);
	if (newerThanId === 0 && isSiteRoot(pageUrl)) {
		if (ownRequest?.() === 'listingAnswers') return undefined;
		const answer = rootInUrlOrder(await api.listPage(term, 1, LARGEST_PAGE_SIZE, 'url'), pageUrl);
		if (answer) return answer;
	}
	const fetchPage = async (page: number, perPage: number) => {
		listingTookOver ||= ownRequest?.() === 'listingAnswers';
		if (listingTookOver) return LISTING_TOOK_OVER;
		return await api.listPage(term, page, perPage);
	};
	await readSearch(fetchPage, { stopAt, endAtRepeatedPage: true });
	if (listingTookOver) return undefined;
	return found ? { found, newestSeenId } : { newestSeenId };
}

/**
 * What the first page of a root's search in URL order says, when it says enough. The search for a
 * root (the site's term) lists every page of the site, and newest first the root's report may be
 * pages away; in URL order the root's stored spelling (`example.com`) comes before every other page
 * of the site (`example.com/about`, `example.com:8080`), so its reports stand together near the
 * top, and only URLs that hold the site's name after something that sorts lower (`blog.example.com`)
 * come before them. The answer: the newest of those reports, when the page shows where they end
 * (a report after them that is not the root's); or, when the page is the whole search, what it
 * holds (its newest ID is the search's). Otherwise (no report of the root on it, or its reports
 * running to the page's end) undefined: the lookup reads newest first, as for any page. A report of
 * the root in another spelling (`example.com:443`) stands elsewhere: the newest-first read finds it.
 */
function rootInUrlOrder(envelope: ListEnvelope, pageUrl: string): PageAnswer | undefined {
	let found: IDataObject | undefined;
	let newestSeenId = 0;
	let lastIsTheRoot = false;
	for (const record of envelope.data) {
		if (!isRecord(record)) continue;
		const id = reportId(record);
		newestSeenId = Math.max(newestSeenId, id);
		lastIsTheRoot = isStoredUrlOf(record.url, pageUrl);
		if (lastIsTheRoot && (found === undefined || id > reportId(found))) found = record;
	}
	if (isLastPage(envelope, 1, LARGEST_PAGE_SIZE))
		return found ? { found, newestSeenId } : { newestSeenId };
	return found && !lastIsTheRoot ? { found, newestSeenId } : undefined;
}

/**
 * A page's newest report through its site's listing. When the listing cannot say, or one of its
 * requests failed, the page's own lookup says, as for a page alone: so a failed listing costs
 * requests, never a Create for a page that has a report.
 */
export async function lookupThroughListing(
	listing: SiteListing,
	api: ReportSearch,
	pageUrl: string,
): Promise<PageAnswer> {
	let reply;
	try {
		reply = await listing.reply(pageUrl);
	} catch {
		return await findNewest(api, pageUrl);
	}
	if ('answer' in reply) return reply.answer;
	if (!reply.ownLookup.budgeted) return await findNewest(api, pageUrl);
	// The site's listing takes over once the pages' own lookups cost what its rest costs.
	const own = await lookUp(api, pageUrl, 0, () => listing.ownRequest());
	if (own) return own;
	try {
		return await listing.answerFromRest(pageUrl);
	} catch {
		return await findNewest(api, pageUrl);
	}
}
