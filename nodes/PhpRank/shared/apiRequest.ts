import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import type { Resource } from './constants';

/**
 * One request to phpRank's API, as an operation, the rules (createOrRerun/) or shared/reportRequests.ts
 * build it and the transport sends it (transport/pipeline.ts `send`, with the hooks of its sending,
 * transport/request.ts `RequestHooks`). Here, under everything that builds or sends one.
 */

/** The record a request is about, so a 404 can say "Report 12 not found". */
export interface RequestSubject {
	resource: Resource;
	id?: string | number;
}

/** One request to phpRank's API. */
export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below the API root, e.g. `/reports/12`: the credential adds its site's API root. */
	url: string;
	qs?: IDataObject;
	/** A form body (`application/x-www-form-urlencoded`), already encoded. */
	body?: string;
	/** What the request is about, for "Report 12 not found". */
	subject?: RequestSubject;
	/** The web page a Create or a re-run makes phpRank fetch, for "phpRank could not fetch <page>". */
	page?: string;
	/** What the request carries that no error may show: a report's password. */
	secrets?: string[];
}
