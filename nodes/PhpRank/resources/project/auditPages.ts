import type { IDataObject, IExecutePaginationFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { SitePage } from '../../sitemap/sitePageTypes';
import { CREDENTIAL_NAME } from '../../shared/constants';
import type { ItemRequests } from '../../transport';
import { failsEveryPage, nodeErrorOf } from '../../transport';
import type { PageAnswer } from '../../upsert';
import { createOrRerunOnce, createOrRerunOutput, rulesApiOf } from '../../upsert';
import { createFormRequest } from '../report/createForm';

/**
 * The writes of Project → Audit Site: each page through the rules it shares with Report → Create
 * or Re-Run (upsert/index.ts `createOrRerunOnce`, in the run's shared state: one outcome
 * per page, no Create once phpRank said the plan is full). A page's failure is the page's item
 * (`action` failed, with the error's words), not the run's end: the run fails only for what would
 * fail every page alike (transport `failsEveryPage`: Stop, the credential, the Base URL), or when
 * no page at all could be audited.
 */

/** The phpRank project of a site: its host without `www.`, as phpRank names it. */
export function projectOfSite(site: URL): string {
	return site.hostname.replace(/^www\./i, '');
}

/** What every page's write needs: the Create form's fields and Create or Re-Run's settings. */
export interface AuditWrite {
	site: URL;
	privacy: number;
	password?: string;
	maxAgeHours: number;
	checkAfterCreate: boolean;
}

export interface PageToAudit {
	page: SitePage;
	/** Its newest report as the site's listing gave it (version 1.1): no lookup of its own. */
	lookedUp?: PageAnswer;
}

/** The fields of every item of a page: the page, the sitemap that listed it, its lastmod. */
export function pageFields(page: SitePage): IDataObject {
	return { sitemap: page.sitemap, lastmod: page.lastmod };
}

/** No page could be audited: the reasons counted, most frequent first. */
function noPageAudited(
	context: IExecutePaginationFunctions,
	site: URL,
	errors: string[],
): NodeOperationError {
	const counts = new Map<string, number>();
	for (const error of errors) counts.set(error, (counts.get(error) ?? 0) + 1);
	const reasons = [...counts]
		.sort((a, b) => b[1] - a[1])
		.map(([error, count]) => `${count} ${count === 1 ? 'page' : 'pages'}: ${error}`);
	return new NodeOperationError(
		context.getNode(),
		`No page of ${site.origin} could be audited (${errors.length} failed). ${reasons.slice(0, 3).join(' | ')}`,
		{
			itemIndex: context.getItemIndex(),
			description: `Every page the run chose failed. ${reasons.join(' | ')}`,
		},
	);
}

/**
 * Create or Re-Run for every page at once (they join their site's listing in one turn), one item
 * per page in `pages`' order: the report with `action` created, re-run or kept, or `action`
 * failed with `error`.
 */
export async function auditPages(
	context: IExecutePaginationFunctions,
	requests: ItemRequests,
	settings: AuditWrite,
	pages: PageToAudit[],
): Promise<IDataObject[]> {
	const scope = context.getExecuteData() ?? {};
	const apiFor = rulesApiOf(context, requests);
	const { maxAgeHours, checkAfterCreate } = settings;
	const settled = await Promise.allSettled(
		pages.map(
			async ({ page, lookedUp }) =>
				await createOrRerunOnce(
					scope,
					{ url: page.url, maxAgeHours, checkAfterCreate, lookedUp },
					apiFor(createFormRequest(page.url, settings.privacy, settings.password)),
				),
		),
	);
	const situation = {
		node: context.getNode(),
		itemIndex: context.getItemIndex(),
		credential: async () => await context.getCredentials<IDataObject>(CREDENTIAL_NAME),
	};
	const output: IDataObject[] = [];
	const errors: string[] = [];
	const project = projectOfSite(settings.site);
	for (const [index, result] of settled.entries()) {
		const { page } = pages[index];
		if (result.status === 'fulfilled') {
			output.push({ ...createOrRerunOutput(context, result.value), ...pageFields(page) });
			continue;
		}
		if (failsEveryPage(result.reason)) throw result.reason;
		const { message } = await nodeErrorOf(situation, result.reason);
		errors.push(message);
		output.push({ url: page.url, ...pageFields(page), project, action: 'failed', error: message });
	}
	if (pages.length > 0 && errors.length === pages.length) {
		throw noPageAudited(context, settings.site, errors);
	}
	return output;
}
