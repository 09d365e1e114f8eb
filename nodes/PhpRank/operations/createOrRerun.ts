import type { IDataObject } from 'n8n-workflow';

import { isStoredUrlOf, storedUrl } from '../report/storedUrl';
import type { ListEnvelope } from '../transport/pagePlan';
import { isLastPage } from '../transport/pagePlan';

/**
 * Report → Create or Re-Run: keep one up-to-date report per page.
 *
 * Finds the newest report whose stored URL is exactly the page's, then re-runs it, keeps it (Max
 * Age), or creates one. It never sends a request itself: the node's request executor hands it a
 * `CreateOrRerunApi`, so the rules below are the same whatever sends the requests.
 */

/**
 * What came of a Create. `answerLost`: the request may have reached phpRank (a dropped connection,
 * a timeout, a server error) and is not sent again; the error is the one Create itself gives then.
 */
export type CreateResult = { created: IDataObject } | { answerLost: Error };

/** The requests Create or Re-Run needs, each sent with the node's credential, throttle and retry rules. */
export interface CreateOrRerunApi {
	/**
	 * One page (1-based) of the account's reports whose URL contains `search` (phpRank's substring
	 * search on the URL), newest first by ID, `perPage` to a page.
	 */
	listPage(search: string, page: number, perPage: number): Promise<ListEnvelope>;
	/** Creates the report of the item's page with its Privacy and Password (the Create form). */
	create(): Promise<CreateResult>;
	/** Re-runs the analysis of report `id` (`results=1`) and returns the report as phpRank sends it. */
	rerun(id: number): Promise<IDataObject>;
	/** The current time, in milliseconds since the epoch (for Max Age). */
	now(): number;
}

export interface CreateOrRerunInput {
	/** The page, as the user gave it (any spelling: scheme, `www.`, trailing slash). */
	url: string;
	/** Keep a report generated less than this many hours ago; 0 = always re-run. */
	maxAgeHours: number;
}

export type CreateOrRerunAction = 'created' | 're-run' | 'kept';

export interface CreateOrRerunOutcome {
	action: CreateOrRerunAction;
	/** The report as phpRank sent it: created, re-run, or as found (kept). */
	record: IDataObject;
	/** The report before its re-run (re-run), the report itself (kept); none for a created one. */
	previous?: IDataObject;
}

/**
 * Page size of the lookup: phpRank's largest. A search for `example.com` also finds every other
 * page of the site, newest first, and the site's own report may be old: large pages keep that
 * to one request in most cases, and cost nothing extra when there are few matches.
 */
export const LOOKUP_PAGE_SIZE = 100;

const HOUR_MS = 3_600_000;

function idOf(record: IDataObject): number {
	const id = Number(record.id);
	return Number.isFinite(id) ? id : 0;
}

interface Lookup {
	/** The newest report of the page, if any. */
	found?: IDataObject;
	/** The highest report ID the search listed (0 when it listed none). */
	newestSeenId: number;
}

/**
 * The newest report whose stored URL is exactly `pageUrl` (stored form). phpRank's search is a
 * substring match (`page-3` also lists `page-30`), so every listed report is compared exactly,
 * newest first, page after page until found or the list ends. With `newerThanId`, reports with
 * that ID or a lower one are not looked at (the list is newest first: the search stops there).
 */
async function findNewest(
	api: CreateOrRerunApi,
	pageUrl: string,
	newerThanId = 0,
): Promise<Lookup> {
	let newestSeenId = 0;
	let previousFirstId: number | undefined;
	for (let pageNumber = 1; ; pageNumber++) {
		const page = await api.listPage(pageUrl, pageNumber, LOOKUP_PAGE_SIZE);
		const firstId = page.data.length > 0 ? idOf(page.data[0] as IDataObject) : undefined;
		// The same first report on the next page: the server ignores `page`; stop, do not loop.
		if (firstId !== undefined && firstId === previousFirstId) return { newestSeenId };
		previousFirstId = firstId;
		for (const record of page.data as IDataObject[]) {
			const id = idOf(record);
			newestSeenId = Math.max(newestSeenId, id);
			if (id <= newerThanId) return { newestSeenId };
			if (isStoredUrlOf(record.url, pageUrl)) return { found: record, newestSeenId };
		}
		if (isLastPage(page, pageNumber, LOOKUP_PAGE_SIZE)) return { newestSeenId };
	}
}

function generatedWithin(record: IDataObject, maxAgeHours: number, now: number): boolean {
	if (!(maxAgeHours > 0) || typeof record.generated_at !== 'string') return false;
	const generatedAt = Date.parse(record.generated_at);
	return Number.isFinite(generatedAt) && now - generatedAt < maxAgeHours * HOUR_MS;
}

/**
 * Creates the report, or, when the response was lost, looks the page up again: a report of the page
 * newer than every report the first lookup listed is the one this Create made (phpRank stored it
 * before the response was lost). Nothing found: the Create's own error, so the user is told that
 * phpRank may have created it.
 */
async function createOnce(
	api: CreateOrRerunApi,
	pageUrl: string,
	newestSeenId: number,
): Promise<CreateOrRerunOutcome> {
	const result = await api.create();
	if ('created' in result) return { action: 'created', record: result.created };
	let adopted: Lookup;
	try {
		adopted = await findNewest(api, pageUrl, newestSeenId);
	} catch {
		// The lookup failed too: what the user must know is still that the Create may have worked.
		throw result.answerLost;
	}
	if (adopted.found) return { action: 'created', record: adopted.found };
	throw result.answerLost;
}

/** Create or Re-Run for one page: one lookup (one request in most cases), then at most one write. */
export async function createOrRerun(
	input: CreateOrRerunInput,
	api: CreateOrRerunApi,
): Promise<CreateOrRerunOutcome> {
	const pageUrl = storedUrl(input.url);
	const { found, newestSeenId } = await findNewest(api, pageUrl);
	if (!found) return await createOnce(api, pageUrl, newestSeenId);
	if (generatedWithin(found, input.maxAgeHours, api.now())) {
		return { action: 'kept', record: found, previous: found };
	}
	return { action: 're-run', record: await api.rerun(idOf(found)), previous: found };
}

/**
 * One outcome per page and node run. n8n starts every input item of a run at once, each on its
 * own; items naming the same page (in any spelling) must share one lookup and one write, or two
 * items would create two reports. `runScope` is an object that exists once per run of the node
 * (n8n's execute data of that run): held weakly, so the outcomes go when n8n drops the run, and
 * two runs, nodes or executions never share.
 */
const outcomesByRun = new WeakMap<object, Map<string, Promise<CreateOrRerunOutcome>>>();

export async function createOrRerunOnce(
	runScope: object,
	input: CreateOrRerunInput,
	api: CreateOrRerunApi,
): Promise<CreateOrRerunOutcome> {
	let outcomes = outcomesByRun.get(runScope);
	if (!outcomes) {
		outcomes = new Map();
		outcomesByRun.set(runScope, outcomes);
	}
	const key = storedUrl(input.url);
	let outcome = outcomes.get(key);
	if (!outcome) {
		outcome = createOrRerun(input, api);
		outcomes.set(key, outcome);
	}
	return await outcome;
}
