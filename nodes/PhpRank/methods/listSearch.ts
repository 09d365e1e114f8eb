import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';


import { apiFailureError, describeApiFailure } from '../hooks/apiErrors';
import type { ListEnvelope } from '../hooks/pagePlan';
import { apiBaseUrl } from '../shared/apiBaseUrl';
import { CREDENTIAL_NAME } from '../shared/constants';

/** One page of the picker: enough to choose from, small enough to answer quickly. */
const PICKER_PAGE_SIZE = 25;

async function listPage(
	context: ILoadOptionsFunctions,
	path: string,
	filter: string | undefined,
	searchBy: string,
	page: number,
): Promise<{ records: IDataObject[]; nextPage?: number; siteUrl: string }> {
	const credentials = await context.getCredentials<{ baseUrl: string }>(CREDENTIAL_NAME);
	const baseURL = apiBaseUrl(credentials.baseUrl);
	const qs: IDataObject = { per_page: PICKER_PAGE_SIZE, page };
	if (filter) Object.assign(qs, { search: filter, search_by: searchBy });
	const response = await context.helpers.httpRequestWithAuthentication.call(context, CREDENTIAL_NAME, {
		method: 'GET',
		baseURL,
		url: path,
		qs,
		headers: { Accept: 'application/json' },
		ignoreHttpStatusErrors: true,
		returnFullResponse: true,
	});
	const failure = describeApiFailure(response.statusCode, response.headers, response.body);
	if (failure) throw apiFailureError(context.getNode(), failure, 0);
	const envelope = response.body as ListEnvelope;
	const lastPage = Number(envelope.meta?.last_page ?? page);
	return {
		records: (envelope.data ?? []) as IDataObject[],
		nextPage: page < lastPage ? page + 1 : undefined,
		siteUrl: baseURL.slice(0, -'/api/v1'.length),
	};
}

function pageFromToken(token?: string): number {
	const page = Number(token);
	return Number.isInteger(page) && page > 1 ? page : 1;
}

/** "From List" of the Report field: the account's reports, newest first, searchable by URL. */
export async function searchReports(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const { records, nextPage, siteUrl } = await listPage(
		this,
		'/reports',
		filter,
		'url',
		pageFromToken(paginationToken),
	);
	const results: INodeListSearchItems[] = records.map((report) => ({
		name: `${String(report.url)} (#${String(report.id)})`,
		value: String(report.id),
		url: `${siteUrl}/reports/${String(report.id)}`,
	}));
	return { results, paginationToken: nextPage === undefined ? undefined : String(nextPage) };
}

/** "From List" of the Project fields: the account's projects, searchable by name. */
export async function searchProjects(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const { records, nextPage } = await listPage(
		this,
		'/projects',
		filter,
		'project',
		pageFromToken(paginationToken),
	);
	const results: INodeListSearchItems[] = records.map((project) => ({
		name: `${String(project.project)} (${String(project.reports)} reports)`,
		value: String(project.project),
	}));
	return { results, paginationToken: nextPage === undefined ? undefined : String(nextPage) };
}

