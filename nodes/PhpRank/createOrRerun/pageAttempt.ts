import type { IDataObject } from 'n8n-workflow';

import { isWithinMaxAge } from '../report/maxAge';
import { reportId } from '../report/reportId';
import { isCanceled } from '../transport';
import type { CreateTicket, SiteCreates } from './afterCreate';
import { settleCreate } from './afterCreate';
import type { OverlapOptions, Step } from './overlappingRuns';
import { findNewest, lookupThroughListing } from './pageLookup';
import type { CreateOrRerunApi } from './rulesApi';
import type { PageAnswer, SiteListing } from './siteListing';

/**
 * One page of a run, once its newest report is known or being looked up: re-run it, keep it (Max
 * Age), or create one, and after a Create the read that settles it (afterCreate.ts). Each page is
 * a `PageAttempt`, which overlappingRuns.ts works; index.ts says which pages share a run's listing.
 */

export interface CreateOrRerunInput {
	/** The page, as the user gave it (any spelling: scheme, `www.`, trailing slash). */
	url: string;
	/** Keep a report generated less than this many hours ago; 0 = always re-run. */
	maxAgeHours: number;
	/**
	 * After a Create, read the page's reports once more and end on the one with the lowest ID
	 * (afterCreate.ts): runs in other processes that created the page too end on the same report.
	 * On unless false.
	 */
	checkAfterCreate?: boolean;
	/**
	 * The page's newest report as the caller already read it (Project → Audit Site reads its site's
	 * reports once before it chooses the pages): no lookup is sent.
	 */
	lookedUp?: PageAnswer;
}

/**
 * What an operation's fields say of every page it hands the rules (Max Age, Check for a Parallel
 * Create), read once by the operation.
 */
export type PageRules = Pick<CreateOrRerunInput, 'maxAgeHours' | 'checkAfterCreate'>;

export type CreateOrRerunAction = 'created' | 're-run' | 'kept';

export interface CreateOrRerunOutcome {
	action: CreateOrRerunAction;
	/** The report as phpRank sent it: created, re-run, or as found (kept). */
	record: IDataObject;
	/** The report before its re-run (re-run), the report itself (kept); none for a created one. */
	previous?: IDataObject;
}

/** What a lookup found: the page's newest report, if any, and the highest report ID it listed. */
type Lookup = PageAnswer;

/**
 * How a run's Create is settled (afterCreate.ts): alone, or with its site's pages in the run (one
 * read of the site after their Creates).
 */
type CreatePath = () => CreateTicket;

/** The check turned off: the run's own report, as created. */
const UNCHECKED: CreatePath = () => ({
	settle: async (created) => await Promise.resolve({ created }),
	cancel: () => undefined,
});

/** A page alone in its run: its Create, then one read of the page's reports. */
function alonePath(input: CreateOrRerunInput, api: CreateOrRerunApi, pageUrl: string): CreatePath {
	if (input.checkAfterCreate === false) return UNCHECKED;
	return () => ({
		settle: async (created, newestSeenId) =>
			await settleCreate(api, pageUrl, created, newestSeenId),
		cancel: () => undefined,
	});
}

/**
 * Creates the report, or, when the response was lost, looks the page up again: a report of the page
 * newer than every report the first lookup listed is the one this Create made (phpRank stored it
 * before the response was lost). Nothing found: the Create's own error, so the user is told that
 * phpRank may have created it. Then the report every overlapping run ends on (`settle`), or the
 * page's report the lookup could not see, which is then re-run or kept as if found (`foundStep`).
 */
async function createOnce(
	input: CreateOrRerunInput,
	api: CreateOrRerunApi,
	pageUrl: string,
	newestSeenId: number,
	path: CreatePath,
): Promise<CreateOrRerunOutcome> {
	const ticket = path();
	const created = await createdReport(api, pageUrl, newestSeenId).catch(async (error: unknown) => {
		ticket.cancel();
		return await Promise.reject(error);
	});
	const settled = await ticket.settle(created, newestSeenId);
	if ('created' in settled) return { action: 'created', record: settled.created };
	const step = foundStep(input, api, settled.found);
	return 'outcome' in step ? step.outcome : await step.write();
}

/** The report the Create made: as answered, or, when the answer was lost, found again. */
async function createdReport(
	api: CreateOrRerunApi,
	pageUrl: string,
	newestSeenId: number,
): Promise<IDataObject> {
	const result = await api.create();
	if ('created' in result) return result.created;
	let adopted: Lookup;
	try {
		adopted = await findNewest(api, pageUrl, newestSeenId);
	} catch {
		// The lookup failed too: what the user must know is still that the Create may have worked.
		throw result.answerLost;
	}
	if (!adopted.found) throw result.answerLost;
	return adopted.found;
}

/** What to do with a page once its newest report is known: re-run it, keep it, or create one. */
function plan(
	input: CreateOrRerunInput,
	api: CreateOrRerunApi,
	pageUrl: string,
	{ found, newestSeenId }: Lookup,
	path: CreatePath,
): Step<CreateOrRerunOutcome> {
	if (!found) {
		return { write: async () => await createOnce(input, api, pageUrl, newestSeenId, path) };
	}
	return foundStep(input, api, found);
}

/**
 * What a report of the page calls for, found by the lookup or after a Create (afterCreate.ts): kept
 * as it is when generated within Max Age, else re-run.
 */
function foundStep(
	input: CreateOrRerunInput,
	api: CreateOrRerunApi,
	found: IDataObject,
): Step<CreateOrRerunOutcome> {
	if (isWithinMaxAge(found.generated_at, input.maxAgeHours, api.now())) {
		return { outcome: { action: 'kept', record: found, previous: found } };
	}
	return {
		write: async () => ({
			action: 're-run',
			record: await api.rerun(
				reportId(found),
				typeof found.url === 'string' ? found.url : undefined,
			),
			previous: found,
		}),
	};
}

/**
 * One page of a run as overlappingRuns.ts works it: looks the page up and acts, shared with the runs
 * of the same account and page that overlap in this process: one Create or re-run, whose outcome
 * each of them outputs. A run whose writer was stopped takes over; a writer's other failure is the
 * waiting runs' too. One object a page, its steps methods: every page of a run waits with it (for
 * its site's listing, say), and a closure a step would be memory a page more.
 */
export class PageAttempt implements OverlapOptions<Lookup, CreateOrRerunOutcome> {
	constructor(
		private readonly input: CreateOrRerunInput,
		private readonly api: CreateOrRerunApi,
		readonly page: string,
		/** For a page of a site with several pages in the run. */
		private readonly site?: SiteOfPage,
	) {}

	get account(): string | Promise<string> | undefined {
		return this.api.account;
	}

	async waitFor<W>(work: Promise<W>): Promise<W> {
		return this.api.waitFor ? await this.api.waitFor(work) : await work;
	}

	takeOver(error: unknown): boolean {
		return isCanceled(error);
	}

	lookup(): Promise<Lookup> {
		const { site, api, page, input } = this;
		if (input.lookedUp) return Promise.resolve(input.lookedUp);
		return site?.listing ? lookupThroughListing(site.listing, api, page) : findNewest(api, page);
	}

	plan(found: Lookup): Step<CreateOrRerunOutcome> {
		const { input, api, page, site } = this;
		const path =
			site && input.checkAfterCreate !== false
				? () => site.creates.begin(page)
				: alonePath(input, api, page);
		return plan(input, api, page, found, path);
	}
}

/**
 * What a page of a site with several pages in the run shares with them: the site's listing (none
 * when the page was looked up already) and their Creates.
 */
export interface SiteOfPage {
	listing?: SiteListing;
	creates: SiteCreates;
}
