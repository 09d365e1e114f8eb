import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { diffReports } from '../../report/reportChanges';
import { reportId } from '../../report/reportId';
import { siteSearchTerm, storedUrl } from '../../report/storedUrl';
import { OPERATION, RESOURCE } from '../../shared/constants';
import {
	CHECK_AFTER_CREATE_PARAMETER,
	checkAfterCreateField,
	maxAgeHoursField,
	OUTPUT_CHANGES_PARAMETER,
	outputChangesField,
	showFor,
	simplifyField,
} from '../../shared/fields';
import { maxAgeHoursFrom } from '../../shared/inputChecks';
import type { PlanState } from '../../transport';
import { isCanceled, operationRouting } from '../../transport';
import type { CreateTicket } from './afterCreate';
import { SiteCreates, settleCreate } from './afterCreate';
import { createRequest } from './create';
import type { OverlapOptions, Step } from './overlappingRuns';
import { overlapping } from './overlappingRuns';
import { reportView } from './reportView';
import type { CreateOrRerunApi } from './rulesApi';
import { rulesApiOf } from './rulesApi';
import { findNewest, lookupThroughListing } from './pageLookup';
import type { PageAnswer } from './siteListing';
import { SiteListing, siteOf } from './siteListing';

/**
 * Report → Create or Re-Run: keep one up-to-date report per page.
 *
 * Finds the newest report whose stored URL is exactly the page's, then re-runs it, keeps it (Max
 * Age), or creates one. Several pages of one site in a run are answered from one listing of the
 * site (siteListing.ts) instead of a lookup each. The rules (`createOrRerunOnce`, which the
 * operation and Project → Audit Site call) never send a request themselves: they are handed a
 * `CreateOrRerunApi` (the item's requests, rulesApi.ts), so they are the same whatever sends the
 * requests (test/operations/report/createOrRerun.test.js scripts one).
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

export type CreateOrRerunAction = 'created' | 're-run' | 'kept';

export interface CreateOrRerunOutcome {
	action: CreateOrRerunAction;
	/** The report as phpRank sent it: created, re-run, or as found (kept). */
	record: IDataObject;
	/** The report before its re-run (re-run), the report itself (kept); none for a created one. */
	previous?: IDataObject;
}

const HOUR_MS = 3_600_000;

/** What a lookup found: the page's newest report, if any, and the highest report ID it listed. */
type Lookup = PageAnswer;

function generatedWithin(record: IDataObject, maxAgeHours: number, now: number): boolean {
	if (!(maxAgeHours > 0) || typeof record.generated_at !== 'string') return false;
	const generatedAt = Date.parse(record.generated_at);
	return Number.isFinite(generatedAt) && now - generatedAt < maxAgeHours * HOUR_MS;
}

/**
 * How a run's Create is settled (afterCreate.ts): alone, or with its site's pages in the run (one
 * read of the site after their Creates).
 */
type CreatePath = () => CreateTicket;

/** The check turned off: the run's own report, as created. */
const UNCHECKED: CreatePath = () => ({
	settle: async (created) => await Promise.resolve(created),
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
 * phpRank may have created it. Then the report every overlapping run ends on (`settle`).
 */
async function createOnce(
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
	return { action: 'created', record: await ticket.settle(created, newestSeenId) };
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
	if (!found) return { write: async () => await createOnce(api, pageUrl, newestSeenId, path) };
	if (generatedWithin(found, input.maxAgeHours, api.now())) {
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
class PageAttempt implements OverlapOptions<Lookup, CreateOrRerunOutcome> {
	constructor(
		private readonly input: CreateOrRerunInput,
		private readonly api: CreateOrRerunApi,
		readonly page: string,
		/** The site's listing (none when the page was looked up already) and Creates, for a page of a site with several pages in the run. */
		private readonly site?: Pick<RunSite, 'listing'> & Required<Pick<RunSite, 'creates'>>,
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
	// returned, not awaited: each page of a run waits in `overlapping`, and a layer more is memory a page
	if (site.pages < 2) return overlapping(new PageAttempt(input, api, pageUrl));
	if (!input.lookedUp) {
		site.listing ??= new SiteListing(siteSearchTerm(pageUrl), api);
	}
	site.creates ??= new SiteCreates(pageUrl, api);
	const { listing, creates } = site;
	return overlapping(new PageAttempt(input, api, pageUrl, { listing, creates }));
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

/**
 * What Create or Re-Run outputs for one item: the report (simplified when Simplify is on), its
 * `action` (created, re-run or kept) and, with Output Changes, `changes` as Update gives them. A
 * kept report did not change (score_change 0); a created one has nothing before it: its
 * previous_* and score_change are null, label_changed is false and there are no regressions.
 */
export function createOrRerunOutput(
	context: IExecuteSingleFunctions,
	outcome: CreateOrRerunOutcome,
): IDataObject {
	const { record, previous, action } = outcome;
	const output: IDataObject = { ...reportView(context)(record), action };
	if (context.getNodeParameter(OUTPUT_CHANGES_PARAMETER, false) === true) {
		output.changes = previous
			? diffReports(previous, record)
			: { ...diffReports({}, record), label_changed: false };
	}
	return output;
}

/**
 * n8n's lint checks actions with a sentence-case converter that drops hyphens ("re-run" becomes
 * "re run"); n8n writes "re-run". Held in a constant, which that rule does not read: a unit test
 * (test/unit/nodeDescription.test.js) checks every action's case instead.
 */
const CREATE_OR_RERUN_ACTION = 'Create or re-run a report';

export const createOrRerunOption: INodePropertyOptions = {
	name: 'Create or Re-Run',
	value: OPERATION.createOrRerun,
	action: CREATE_OR_RERUN_ACTION,
	description:
		"Keep one up-to-date report per page: re-run the newest report of the URL, or create one when it has none. Returns the report (score from 0 to 100, label, failed checks) and 'action': created, re-run or kept.",
	// The run looks the URL up first and sends the Create only when no report has it.
	routing: operationRouting(async (context, requests) => {
		const create = createRequest(context);
		const maxAgeHours = maxAgeHoursFrom(context.getNodeParameter('maxAgeHours', 0));
		const checkAfterCreate = context.getNodeParameter(CHECK_AFTER_CREATE_PARAMETER, true) !== false;
		const apiFor = rulesApiOf(context, requests);
		// One run's items naming the same page share one outcome; the run's execute data scopes them.
		const outcome = await createOrRerunOnce(
			context.getExecuteData() ?? {},
			{ url: create.url, maxAgeHours, checkAfterCreate },
			apiFor(create.request),
		);
		return [createOrRerunOutput(context, outcome)];
	}),
};

/**
 * Create or Re-Run's own fields. URL, Privacy and Password are Create's (create.ts): Privacy and
 * Password are sent only when the report is created.
 */
export const createOrRerunFields: INodeProperties[] = [
	maxAgeHoursField(showFor(RESOURCE.report, [OPERATION.createOrRerun])),
	outputChangesField(
		"Whether to add what the re-run changed under 'changes': score and label before and after ('score_change' is negative when the score dropped), 'regressions' (checks that passed before and fail now, with the reason) and 'fixed'. No extra request: the report found by the lookup is the one before. A kept report shows no change; a created one has no previous values.",
		showFor(RESOURCE.report, [OPERATION.createOrRerun]),
	),
	checkAfterCreateField(
		"Whether to read the page's reports once more after creating one (one more request per Create): when another n8n process (a queue-mode worker, another n8n) created the same page at the same time, the newer report is deleted and the older one output, so every run ends on one report. Turn off only when runs for one page never overlap across n8n processes.",
		showFor(RESOURCE.report, [OPERATION.createOrRerun]),
	),
	simplifyField(showFor(RESOURCE.report, [OPERATION.createOrRerun])),
];
