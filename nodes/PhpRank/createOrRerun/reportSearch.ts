import type { IDataObject } from 'n8n-workflow';

import type { CollectOptions, ListEnvelope } from '../transport';
import { collectPages, LARGEST_PAGE_SIZE } from '../transport';

/**
 * phpRank's search of reports by URL, as Create or Re-Run reads it: its lookup of a page
 * (pageLookup.ts), its site's listing (siteListing.ts) and the read after a Create (afterCreate.ts)
 * all search the same way, newest first, through the one page loop.
 */

/** The request every search needs. */
export interface ReportSearch {
	/**
	 * One page (1-based) of the account's reports whose URL contains `search` (phpRank's substring
	 * search on the URL), `perPage` to a page, in `order`: newest first by ID unless said.
	 */
	listPage(
		search: string,
		page: number,
		perPage: number,
		order?: SearchOrder,
	): Promise<ListEnvelope>;
	/**
	 * The phpRank account searched (overlappingRuns.ts `accountOf`): runs of the same account and
	 * page in this process share their lookup and their write, and what a lookup learnt of its
	 * search is kept for it (lookupTerm.ts). None: the run shares with no other run, nothing is kept.
	 */
	account?: string | Promise<string>;
}

/**
 * The order of a search's reports: `newest` first by ID (every search's), or by `url`, A to Z in
 * the database's collation (docs/phprank-api.md, "Query quirks"), where a URL comes before the
 * longer URLs it begins: a site's root before its other pages (pageLookup.ts).
 */
export type SearchOrder = 'newest' | 'url';

/** The query of a search: the reports whose URL contains `search`, in `order`. */
export function reportSearchQuery(search: string, order: SearchOrder = 'newest'): IDataObject {
	return order === 'url'
		? { search_by: 'url', search, sort_by: 'url', sort: 'asc' }
		: { search_by: 'url', search, sort_by: 'id', sort: 'desc' };
}

/** A fetcher of page `page` of a search, `perPage` to a page (the page loop's). */
export type SearchPageFetcher = (page: number, perPage: number) => Promise<ListEnvelope>;

/**
 * Reads a search through the one page loop (transport/paging.ts `collectPages`): newest first,
 * phpRank's largest page, to its end or the stop record. Nothing is kept: each caller keeps what
 * it needs as the records pass (`stopAt`, or its fetcher).
 */
export async function readSearch(
	fetchPage: SearchPageFetcher,
	options: Pick<CollectOptions, 'stopAt' | 'endAtRepeatedPage' | 'firstPage'>,
): Promise<void> {
	await collectPages(fetchPage, {
		plan: { perPage: LARGEST_PAGE_SIZE, maxItems: undefined },
		newestFirst: true,
		path: '/reports',
		shapePage: () => [],
		...options,
	});
}
