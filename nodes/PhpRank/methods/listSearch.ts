import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { siteRoot } from '../shared/apiBaseUrl';
import { CREDENTIAL_NAME } from '../shared/constants';
import { deadlineFrom, isLastPage, sendFromCode, withoutUserinfo } from '../transport';

/** One page of the picker: enough to choose from, small enough to load quickly. */
const PICKER_PAGE_SIZE = 25;

/**
 * A search answers the editor while the user waits: it gives up after this long (n8n gives list
 * searches no deadline of their own), Max Wait for Rate Limit included.
 */
const SEARCH_DEADLINE_MS = 20_000;

/** One page of a "From List" picker: the records of `url`, filtered by `searchBy`, and the next page's token. */
async function pickerPage(
	context: ILoadOptionsFunctions,
	url: string,
	searchBy: string,
	filter: string | undefined,
	token: string | undefined,
): Promise<{ records: IDataObject[]; paginationToken?: string }> {
	const requested = Number(token);
	const page = Number.isInteger(requested) && requested > 1 ? requested : 1;
	const qs: IDataObject = { per_page: PICKER_PAGE_SIZE, page };
	if (filter) Object.assign(qs, { search: filter, search_by: searchBy });
	const envelope = await sendFromCode(
		context,
		deadlineFrom('search', SEARCH_DEADLINE_MS),
		async (requests) => await requests.page({ method: 'GET', url, qs }),
	);
	return {
		records: envelope.data as IDataObject[],
		paginationToken: isLastPage(envelope, page, PICKER_PAGE_SIZE) ? undefined : String(page + 1),
	};
}

/** "From List" of the Report field: the account's reports, newest first, searchable by URL. */
export async function searchReports(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = await pickerPage(this, '/reports', 'url', filter, paginationToken);
	const credentials = await this.getCredentials<{ baseUrl: string }>(CREDENTIAL_NAME);
	// A link the editor shows: never with the Base URL's userinfo.
	const siteUrl = withoutUserinfo(siteRoot(credentials.baseUrl));
	const results: INodeListSearchItems[] = page.records.map((report) => ({
		name: `${String(report.url)} (#${String(report.id)})`,
		value: String(report.id),
		url: `${siteUrl}/reports/${String(report.id)}`,
	}));
	return { results, paginationToken: page.paginationToken };
}

/** "From List" of the Project fields: the account's projects, searchable by name. */
export async function searchProjects(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = await pickerPage(this, '/projects', 'project', filter, paginationToken);
	const results: INodeListSearchItems[] = page.records.map((project) => ({
		name: `${String(project.project)} (${String(project.reports)} reports)`,
		value: String(project.project),
	}));
	return { results, paginationToken: page.paginationToken };
}
