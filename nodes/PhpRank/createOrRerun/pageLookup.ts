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
 * reports the site holds, when the root's report is stored in the spelling the node sends and the
 * page shows it was not listed oldest first (a build that ignores `sort_by`).
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
	const term = await lookupTermOf(api, pageUrl);
	if (newerThanId > 0 || !isSiteRoot(pageUrl))
		return await newestFirst(api, term, pageUrl, newerThanId, ownRequest);
	if (ownRequest?.() === 'listingAnswers') return undefined;
	const read = rootInUrlOrder(await api.listPage(term, 1, LARGEST_PAGE_SIZE, 'url'), pageUrl);
	if ('answer' in read) return read.answer;
	const upTo = read.unlessNewer;
	const newer = await newestFirst(api, term, pageUrl, upTo?.newestSeenId ?? 0, ownRequest);
	if (!newer || !upTo) return newer;
	const newestSeenId = Math.max(newer.newestSeenId, upTo.newestSeenId);
	const found = newer.found ?? upTo.found;
	return found ? { found, newestSeenId } : { newestSeenId };
}

/**
 * The search for `term` read newest first (the transport's page loop, phpRank's largest page) until
 * `pageUrl`'s newest report, the reports with ID `newerThanId` or lower, or the list's end; a page
 * that repeats the ones before (a server that ignores `page`) ends it. Undefined when the site's
 * listing took over (`ownRequest`).
 */
async function newestFirst(
	api: ReportSearch,
	term: string,
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
 * What the first page of a root's search in URL order says: the answer (`answer`); or the root's
 * newest report on it, unless a report beyond the page is newer (`unlessNewer`: the search is then
 * read newest first down to the page's newest ID); or nothing (read newest first, as any page).
 *
 * The search for a root (the site's term) lists every page of the site, and newest first the
 * root's report may be pages away. In URL order the root's stored spelling (`example.com`) comes
 * before the site's other pages (`example.com/about`, `example.com:8080`: a URL sorts before the
 * longer URLs it begins, in any collation), so its reports stand together near the top; only URLs
 * that hold the site's name after something that sorts lower (`blog.example.com`) come first.
 * phpRank may list by ID instead (a build that ignores `sort_by`: docs/phprank-api.md, "Query
 * quirks"), and oldest first (`sort=asc` kept) page 1 holds the site's oldest reports, the root's
 * newest possibly pages later. So the newest of the root's reports on the page is the answer when
 * the page is the whole search (in any order), or when it shows where they end (a report after
 * them that is not the root's) and an ID after a higher one: not oldest first, so by URL (either
 * way: the root's reports stand together, and the page shows their end) or by ID from the newest
 * (the page holds the newest reports of all). A page whose IDs rise all the way down may be oldest
 * first, or URL order that follows the order the reports were made: `unlessNewer` (oldest first,
 * every report beyond the page is newer than those on it). No report of the root on the page, or
 * its reports running to its end: nothing. A report of the root in another spelling
 * (`example.com:443`) stands elsewhere: the newest-first read finds it when none in the node's
 * spelling is on the page.
 */
function rootInUrlOrder(
	envelope: ListEnvelope,
	pageUrl: string,
): { answer: PageAnswer } | { unlessNewer?: PageAnswer } {
	let found: IDataObject | undefined;
	let newestSeenId = 0;
	let lastIsTheRoot = false;
	let idsRise = true;
	for (const record of envelope.data) {
		if (!isRecord(record)) continue;
		const id = reportId(record);
		// a record without an ID (0) says nothing of the order
		if (id > 0 && id < newestSeenId) idsRise = false;
		newestSeenId = Math.max(newestSeenId, id);
		lastIsTheRoot = isStoredUrlOf(record.url, pageUrl);
		if (lastIsTheRoot && (found === undefined || id > reportId(found))) found = record;
	}
	const seen = found ? { found, newestSeenId } : { newestSeenId };
	if (isLastPage(envelope, 1, LARGEST_PAGE_SIZE)) return { answer: seen };
	if (!found || lastIsTheRoot) return {};
	return idsRise ? { unlessNewer: seen } : { answer: seen };
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
