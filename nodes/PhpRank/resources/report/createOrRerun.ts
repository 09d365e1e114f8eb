import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { diffReports } from '../../report/reportChanges';
import { isStoredUrlOf, storedUrl } from '../../report/storedUrl';
import { OPERATION, RESOURCE } from '../../shared/constants';
import { OUTPUT_CHANGES_PARAMETER, showFor, simplifyField } from '../../shared/fields';
import { maxAgeHoursFrom } from '../../shared/inputChecks';
import type { ApiRequest, ItemRequests, ListEnvelope } from '../../transport';
import { collectPages, isAnswerLost, LARGEST_PAGE_SIZE, operationRouting } from '../../transport';
import { createRequest } from './create';
import { reportView } from './reportView';
import type { PageAnswer } from './siteListing';
import { idOf, ListingAnswers, SiteListing, siteOf } from './siteListing';

/**
 * Report → Create or Re-Run: keep one up-to-date report per page.
 *
 * Finds the newest report whose stored URL is exactly the page's, then re-runs it, keeps it (Max
 * Age), or creates one. Several pages of one site in a run are answered from one listing of the
 * site (siteListing.ts) instead of a lookup each. The rules (createOrRerun, createOrRerunOnce)
 * never send a request themselves: they are handed a `CreateOrRerunApi` (the item's requests,
 * `lookupApi` below), so they are the same whatever sends the requests
 * (test/operations/report/createOrRerun.test.js scripts one).
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

const HOUR_MS = 3_600_000;

/** What a lookup found: the page's newest report, if any, and the highest report ID it listed. */
type Lookup = PageAnswer;

/**
 * The newest report whose stored URL is exactly `pageUrl` (stored form). phpRank's search is a
 * substring match (`page-3` also lists `page-30`), so every listed report is compared exactly,
 * newest first, page after page (the transport's page loop, phpRank's largest page: a search for
 * `example.com` also lists every other page of the site, and the site's own report may be old)
 * until found or the list ends. With `newerThanId`, reports with that ID or a lower one are not
 * looked at (the list is newest first: the search stops there). Only the answer is kept, not the
 * records read; a page that repeats the ones before (a server that ignores `page`) ends the search.
 */
async function findNewest(
	api: CreateOrRerunApi,
	pageUrl: string,
	newerThanId = 0,
	beforeRequest?: () => void,
): Promise<Lookup> {
	let newestSeenId = 0;
	let found: IDataObject | undefined;
	const stopAt = (record: IDataObject) => {
		const id = idOf(record);
		newestSeenId = Math.max(newestSeenId, id);
		if (id <= newerThanId) return true;
		if (isStoredUrlOf(record.url, pageUrl)) found = record;
		return found !== undefined;
	};
	const fetchPage = async (page: number, perPage: number) => {
		beforeRequest?.();
		return await api.listPage(pageUrl, page, perPage);
	};
	await collectPages(fetchPage, {
		plan: { perPage: LARGEST_PAGE_SIZE, maxItems: undefined },
		stopAt,
		newestFirst: true,
		path: '/reports',
		shapePage: () => [],
		endAtRepeatedPage: true,
	});
	return found ? { found, newestSeenId } : { newestSeenId };
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

/** What to do with a page once its newest report is known: re-run it, keep it, or create one. */
async function act(
	input: CreateOrRerunInput,
	api: CreateOrRerunApi,
	pageUrl: string,
	{ found, newestSeenId }: Lookup,
): Promise<CreateOrRerunOutcome> {
	if (!found) return await createOnce(api, pageUrl, newestSeenId);
	if (generatedWithin(found, input.maxAgeHours, api.now())) {
		return { action: 'kept', record: found, previous: found };
	}
	return { action: 're-run', record: await api.rerun(idOf(found)), previous: found };
}

/** Create or Re-Run for one page: one lookup (one request in most cases), then at most one write. */
export async function createOrRerun(
	input: CreateOrRerunInput,
	api: CreateOrRerunApi,
): Promise<CreateOrRerunOutcome> {
	const pageUrl = storedUrl(input.url);
	return await act(input, api, pageUrl, await findNewest(api, pageUrl));
}

/**
 * A page's newest report through its site's listing. When the listing cannot say, or one of its
 * requests failed, the page's own lookup says, as for a page alone: so a failed listing costs
 * requests, never a Create for a page that has a report.
 */
async function lookupThroughListing(
	listing: SiteListing,
	api: CreateOrRerunApi,
	pageUrl: string,
): Promise<Lookup> {
	let reply;
	try {
		reply = await listing.reply(pageUrl);
	} catch {
		return await findNewest(api, pageUrl);
	}
	if ('answer' in reply) return reply.answer;
	if (!reply.ownLookup.budgeted) return await findNewest(api, pageUrl);
	// The site's listing takes over once the pages' own lookups cost what its rest costs.
	const own = await findNewest(api, pageUrl, 0, () => listing.spendLookupRequest()).catch(
		async (error: unknown) =>
			error instanceof ListingAnswers ? undefined : await Promise.reject(error),
	);
	if (own) return own;
	try {
		return await listing.answerFromRest(pageUrl);
	} catch {
		return await findNewest(api, pageUrl);
	}
}

/** A site's pages in one run: how many joined, and its listing once a second one did. */
interface RunSite {
	pages: number;
	listing?: SiteListing;
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
	if (site.pages < 2) return await act(input, api, pageUrl, await findNewest(api, pageUrl));
	site.listing ??= new SiteListing(
		siteOf(pageUrl),
		async (search, page) => await api.listPage(search, page, LARGEST_PAGE_SIZE),
	);
	return await act(input, api, pageUrl, await lookupThroughListing(site.listing, api, pageUrl));
}

/** What one run of the node shares between its items: each page's outcome, each site's pages. */
interface RunState {
	outcomes: Map<string, Promise<CreateOrRerunOutcome>>;
	sites: Map<string, RunSite>;
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
		run = { outcomes: new Map(), sites: new Map() };
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
		outcome = createOrRerunInRun(input, api, pageUrl, site);
		run.outcomes.set(pageUrl, outcome);
	}
	return await outcome;
}

/**
 * The rules' requests, each through the transport: the lookup, the item's Create (its form built
 * and checked by create.ts), and a re-run. A Create whose answer was lost is handed back as such,
 * told apart by its failure before that becomes the item's error (transport `isAnswerLost`).
 * Project → Audit Site builds one per page of the site (resources/project/auditSite.ts).
 */
export function lookupApi(requests: ItemRequests, create: ApiRequest): CreateOrRerunApi {
	return {
		listPage: async (search, page, perPage) =>
			await requests.page(
				{
					method: 'GET',
					url: '/reports',
					qs: { search_by: 'url', search, sort_by: 'id', sort: 'desc' },
				},
				{ page, perPage },
			),
		create: async () =>
			await requests.record(create).then(
				(created) => ({ created }),
				async (error: unknown) =>
					isAnswerLost(error) ? { answerLost: error } : await Promise.reject(error),
			),
		rerun: async (id) =>
			await requests.record({
				method: 'PATCH',
				url: `/reports/${id}`,
				body: 'results=1',
				subject: { resource: RESOURCE.report, id },
			}),
		now: () => Date.now(),
	};
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
		// One run's items naming the same page share one outcome; the run's execute data scopes them.
		const outcome = await createOrRerunOnce(
			context.getExecuteData() ?? {},
			{ url: create.url, maxAgeHours },
			lookupApi(requests, create.request),
		);
		return [createOrRerunOutput(context, outcome)];
	}),
};

/**
 * Create or Re-Run's own fields. URL, Privacy and Password are Create's (create.ts): Privacy and
 * Password are sent only when the report is created.
 */
export const createOrRerunFields: INodeProperties[] = [
	{
		displayName: 'Max Age (Hours)',
		name: 'maxAgeHours',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description:
			'Keep a report generated less than this many hours ago as it is, without re-running it (action "kept"). 0 always re-runs.',
		displayOptions: showFor(RESOURCE.report, [OPERATION.createOrRerun]),
	},
	{
		displayName: 'Output Changes',
		name: OUTPUT_CHANGES_PARAMETER,
		type: 'boolean',
		default: false,
		description:
			"Whether to add what the re-run changed under 'changes': score and label before and after ('score_change' is negative when the score dropped), 'regressions' (checks that passed before and fail now, with the reason) and 'fixed'. No extra request: the report found by the lookup is the one before. A kept report shows no change; a created one has no previous values.",
		displayOptions: showFor(RESOURCE.report, [OPERATION.createOrRerun]),
	},
	simplifyField(showFor(RESOURCE.report, [OPERATION.createOrRerun])),
];
