import type { IDataObject } from 'n8n-workflow';

import { reportId } from '../report/reportId';
import { isStoredUrlOf } from '../report/storedUrl';
import type { ListEnvelope } from '../transport';
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
