import { pageLookupTerm, pageSearchTerm } from '../report/storedUrl';
import type { ReportSearch } from './reportSearch';

/**
 * What a page's lookup searches for on an account. phpRank passes the search to SQL's
 * `LIKE '%term%'` as it is (docs/phprank-api.md, "Query quirks"), so the lookup searches for the site
 * and the page's path with `%` between them (`pageLookupTerm`): one read on an account of many
 * sites. A phpRank build that escaped the term would list nothing for it; the read after a Create
 * sees that, as its own new report is not listed (afterCreate.ts), and from then on this process
 * searches that account without `%` (`pageSearchTerm`: the path alone, listed on every site).
 */

/** Accounts (overlappingRuns.ts `accountOf`) whose phpRank was seen to search `%` as itself. */
const searchedAsWritten = new Set<string>();

/** The term a lookup of `pageUrl` (stored form) searches for on the search's account. */
export async function lookupTermOf(search: ReportSearch, pageUrl: string): Promise<string> {
	const account = await search.account;
	return account !== undefined && searchedAsWritten.has(account)
		? pageSearchTerm(pageUrl)
		: pageLookupTerm(pageUrl);
}

/** The account's phpRank searched `%` as itself: its lookups search the path alone from now on. */
export async function searchWithoutWildcard(search: ReportSearch): Promise<void> {
	const account = await search.account;
	if (account !== undefined) searchedAsWritten.add(account);
}
