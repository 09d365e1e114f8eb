import { siteSearchTerm, storedUrl } from '../report/storedUrl';
import type { PlanState } from '../transport';
import { SiteCreates } from './afterCreate';
import { overlapping } from './overlappingRuns';
import type { CreateOrRerunInput, CreateOrRerunOutcome, SiteOfPage } from './pageAttempt';
import { PageAttempt } from './pageAttempt';
import type { CreateOrRerunApi } from './rulesApi';
import { SiteListing, siteOf } from './siteListing';

/**
 * One fresh report per page: the rules Report → Create or Re-Run and Project → Audit Site both
 * call, owned by neither (this folder; docs/internals.md, "Create or Re-Run, step by step").
 *
 * For each page, the newest report whose stored URL is exactly the page's is found, then re-run,
 * kept (Max Age), or a report is created. Several pages of one site in a run are answered from one
 * listing of the site (siteListing.ts) instead of a lookup each. The rules never send a request
 * themselves: they are handed a `CreateOrRerunApi` (the item's requests, `rulesApiOf` in
 * rulesApi.ts), so they are the same whatever sends the requests (test/createOrRerun/rules.test.js
 * scripts one). This module is the folder's one entry: the operations import from here only.
 */

export type {
	CreateOrRerunAction,
	CreateOrRerunInput,
	CreateOrRerunOutcome,
	PageRules,
} from './pageAttempt';
export type { CreateOrRerunApi, CreateResult } from './rulesApi';
export { rulesApiOf } from './rulesApi';
export type { OutcomeOutput } from './output';
export { createOrRerunOutput } from './output';
export { reportSearchQuery } from './reportSearch';
export type { PageAnswer } from './siteListing';
export { siteOf } from './siteListing';

/** A site's pages in one run: how many joined, its listing once a second one did, and their Creates. */
interface RunSite {
	pages: number;
	listing?: SiteListing;
	creates?: SiteCreates;
}

/**
 * Create or Re-Run for one page of a run. A page alone on its site in the run is looked up on its
 * own, as always. From the second page of a site on, the site's listing answers (siteListing.ts):
 * one read of the site instead of a lookup per page.
 */
async function createOrRerunInRun(
	input: CreateOrRerunInput,
	api: CreateOrRerunApi,
	pageUrl: string,
	site: RunSite,
): Promise<CreateOrRerunOutcome> {
	// n8n starts every item of a run in one go (the items' runs begin before any of them awaits):
	// after this one turn, every page of the run has joined its site.
	await Promise.resolve();
	let shared: SiteOfPage | undefined;
	if (site.pages > 1) {
		if (!input.lookedUp) site.listing ??= new SiteListing(siteSearchTerm(pageUrl), api);
		site.creates ??= new SiteCreates(pageUrl, api);
		shared = { listing: site.listing, creates: site.creates };
	}
	// returned, not awaited: each page of a run waits in `overlapping`, and a layer more is memory a page
	return overlapping(new PageAttempt(input, api, pageUrl, shared));
}

/**
 * What one run of the node shares between its items: each page's outcome, each site's pages, and
 * whether phpRank said the account's plan is full (then no further Create is sent in the run).
 */
interface RunState {
	outcomes: Map<string, Promise<CreateOrRerunOutcome>>;
	sites: Map<string, RunSite>;
	plan: PlanState;
}

/**
 * The page's requests, whose Create is not sent once phpRank has answered in this run that the
 * account's plan allows no more reports: it ends unsent, with the same words (transport
 * `withinPlan`), even when it was already waiting for its place at the account's gate.
 * Creates on the wire then (at most Max Parallel Requests) may be refused too; re-runs go on.
 */
function creatingWithinPlan(run: RunState, api: CreateOrRerunApi): CreateOrRerunApi {
	return {
		...api,
		create: async () => await api.create(run.plan),
	};
}

const runs = new WeakMap<object, RunState>();

/**
 * One outcome per page and node run. n8n starts every input item of a run at once, each on its
 * own; items naming the same page (in any spelling) must share one lookup and one write, or two
 * items would create two reports. `runScope` is an object that exists once per run of the node
 * (n8n's execute data of that run): held weakly, so the outcomes go when n8n drops the run, and
 * two runs, nodes or executions never share. The run's sites go the same way: how many of its
 * pages each site has, and the site's listing once it has two (createOrRerunInRun).
 */
export async function createOrRerunOnce(
	runScope: object,
	input: CreateOrRerunInput,
	api: CreateOrRerunApi,
): Promise<CreateOrRerunOutcome> {
	let run = runs.get(runScope);
	if (!run) {
		run = { outcomes: new Map(), sites: new Map(), plan: { full: false } };
		runs.set(runScope, run);
	}
	const pageUrl = storedUrl(input.url);
	let outcome = run.outcomes.get(pageUrl);
	if (!outcome) {
		const host = siteOf(pageUrl);
		let site = run.sites.get(host);
		if (!site) {
			site = { pages: 0 };
			run.sites.set(host, site);
		}
		site.pages++;
		outcome = createOrRerunInRun(input, creatingWithinPlan(run, api), pageUrl, site);
		run.outcomes.set(pageUrl, outcome);
	}
	return await outcome;
}
