import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import type { ApiRequest } from '../shared/apiRequest';
import { CREDENTIAL_NAME } from '../shared/constants';
import { reportRequest, rerunRequest } from '../shared/reportRequests';
import type { ItemRequests, PlanState } from '../transport';
import { isAnswerLost, untilCanceled, withinPlan } from '../transport';
import type { WaitFor } from './overlappingRuns';
import { accountOf } from './overlappingRuns';
import type { ReportSearch } from './reportSearch';
import { reportSearchQuery } from './reportSearch';

/**
 * The requests of the rules (index.ts): what the rules see
 * (`CreateOrRerunApi`: tests script it), and its one implementation through an item's requests
 * (`rulesApiOf`), which Report → Create or Re-Run and Project → Audit Site use.
 */

/**
 * What came of a Create. `answerLost`: the request may have reached phpRank (a dropped connection,
 * a timeout, a server error) and is not sent again; the error is the one Create itself gives then.
 */
export type CreateResult = { created: IDataObject } | { answerLost: Error };

/**
 * The requests Create or Re-Run needs, each sent with the node's credential, throttle and retry
 * rules: the search (reportSearch.ts), and the writes.
 */
export interface CreateOrRerunApi extends ReportSearch {
	/**
	 * Creates the report of the item's page with its Privacy and Password (the Create form), unless
	 * `plan` says phpRank has answered in this run that the account's plan is full (then it fails
	 * unsent); a plan-full answer to it marks `plan` full.
	 */
	create(plan?: PlanState): Promise<CreateResult>;
	/**
	 * Re-runs the analysis of report `id` (`results=1`) and returns the report as phpRank sends it.
	 * `page`: the report's URL, named when phpRank cannot fetch it.
	 */
	rerun(id: number, page?: string): Promise<IDataObject>;
	/** Deletes report `id`: the run's own Create when another process created the page first (afterCreate.ts). */
	deleteReport(id: number): Promise<void>;
	/** The current time, in milliseconds since the epoch (for Max Age). */
	now(): number;
	/** Waits for another run's work, ended by this run's own Stop (overlappingRuns.ts). */
	waitFor?: WaitFor;
}

/**
 * The rules' requests, each through the transport: the lookup, the item's Create (its form built
 * and checked by create.ts), and a re-run. A Create whose answer was lost is handed back as such,
 * told apart by its failure before that becomes the item's error (transport `isAnswerLost`).
 */
function lookupApi(
	requests: ItemRequests,
	create: ApiRequest,
	account: Promise<string>,
	signal: AbortSignal | undefined,
): CreateOrRerunApi {
	return {
		account,
		waitFor: async (work) => await untilCanceled(work, signal),
		listPage: async (search, page, perPage, order) =>
			await requests.page(
				{ method: 'GET', url: '/reports', qs: reportSearchQuery(search, order) },
				{ page, perPage },
			),
		create: async (plan) =>
			await requests.record(create, plan ? withinPlan(plan) : undefined).then(
				(created) => ({ created }),
				async (error: unknown) =>
					isAnswerLost(error) ? { answerLost: error } : await Promise.reject(error),
			),
		deleteReport: async (id) => {
			await requests.deletion(reportRequest('DELETE', id));
		},
		rerun: async (id, page) => await requests.record(rerunRequest(id, page)),
		now: () => Date.now(),
	};
}

/**
 * The rules' requests of an item, for each Create form it may send: the account (Base URL and API
 * key, for overlappingRuns.ts) read from the item's credential, the execution's Stop. Create or
 * Re-Run takes one; Project → Audit Site one per page of the site (auditSite/auditRun.ts).
 * Not awaited here: the pages of a run must join their site in the turn they start
 * (createOrRerunInRun), and n8n reads a credential asynchronously; the rules await the account
 * only when the page's lookup begins.
 */
export function rulesApiOf(
	context: IExecuteSingleFunctions,
	requests: ItemRequests,
): (create: ApiRequest) => CreateOrRerunApi {
	const account = context
		.getCredentials<IDataObject>(CREDENTIAL_NAME)
		.then((credential) =>
			accountOf(String(credential.baseUrl ?? ''), String(credential.apiKey ?? '')),
		);
	// A credential that cannot be read fails the page's requests too; this item only awaits it later.
	account.catch(() => undefined);
	const signal = context.getExecutionCancelSignal?.();
	return (create) => lookupApi(requests, create, account, signal);
}
