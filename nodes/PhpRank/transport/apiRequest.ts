import type {
	FunctionsBase,
	IDataObject,
	IHttpRequestMethods,
	IN8nHttpFullResponse,
	IHttpRequestOptions,
} from 'n8n-workflow';

import type { FailureSubject } from '../hooks/apiErrors';
import { apiFailureError, describeApiFailure, ownOrTransportError } from '../hooks/apiErrors';
import type { CollectOptions } from '../hooks/pagedList';
import { collectPages } from '../hooks/pagedList';
import type { RequestLimits } from '../hooks/requestPolicy';
import {
	DEFAULT_LIMITS,
	gateFor,
	observeRateLimitHeaders,
	sendWithPolicy,
} from '../hooks/requestPolicy';
import type { ListEnvelope } from '../hooks/pagePlan';
import { apiBaseUrl } from '../shared/apiBaseUrl';
import { CREDENTIAL_NAME } from '../shared/constants';

/** The n8n contexts that make their own requests: list searches, the trigger's polls. */
export type ApiContext = FunctionsBase & {
	helpers: {
		httpRequestWithAuthentication(
			credentialsType: string,
			requestOptions: IHttpRequestOptions,
		): Promise<unknown>;
	};
};

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below /api/v1, e.g. `/reports`. */
	url: string;
	qs?: IDataObject;
	subject?: FailureSubject;
}

async function sendOnce(
	context: ApiContext,
	request: ApiRequest,
	baseURL: string,
): Promise<IDataObject> {
	// A transport failure propagates as thrown: the request policy reads its code first.
	const response = (await context.helpers.httpRequestWithAuthentication.call(
		context,
		CREDENTIAL_NAME,
		{
			method: request.method,
			baseURL,
			url: request.url,
			qs: request.qs,
			headers: { Accept: 'application/json' },
			ignoreHttpStatusErrors: true,
			returnFullResponse: true,
		},
	)) as IN8nHttpFullResponse;
	observeRateLimitHeaders(context.getNode(), response.headers);
	const failure = describeApiFailure(
		response.statusCode,
		response.headers,
		response.body,
		request.subject,
	);
	if (failure) throw apiFailureError(context.getNode(), failure, 0);
	return response.body as IDataObject;
}

/**
 * One API request from code (not from routing), with the node's base-URL handling, headers,
 * error wording, and the same rate-limit gate and retry rules as the routed requests.
 */
export async function apiRequest(
	context: ApiContext,
	request: ApiRequest,
	limits: RequestLimits = DEFAULT_LIMITS,
): Promise<IDataObject> {
	return await sendRequest(context, request, await apiRootOf(context), limits);
}

async function apiRootOf(context: ApiContext): Promise<string> {
	const credentials = await context.getCredentials<{ baseUrl: string }>(CREDENTIAL_NAME);
	return apiBaseUrl(credentials.baseUrl);
}

async function sendRequest(
	context: ApiContext,
	request: ApiRequest,
	baseURL: string,
	limits: RequestLimits,
): Promise<IDataObject> {
	try {
		return await sendWithPolicy(
			gateFor(context.getNode()),
			request.method,
			limits,
			async () => await sendOnce(context, request, baseURL),
			{
				notResent: (error) => error as Error,
				waitedTooLong: (error) => error as Error,
			},
		);
	} catch (error) {
		throw ownOrTransportError(context.getNode(), error, 0);
	}
}

/** A whole list (or as much as `options` asks for), page by page, filters on every page. */
export async function apiList(
	context: ApiContext,
	url: string,
	qs: IDataObject,
	options: CollectOptions,
	limits: RequestLimits = DEFAULT_LIMITS,
): Promise<IDataObject[]> {
	const baseURL = await apiRootOf(context);
	const fetchPage = async (page: number, perPage: number) =>
		(await sendRequest(
			context,
			{ method: 'GET', url, qs: { ...qs, per_page: perPage, page } },
			baseURL,
			limits,
		)) as unknown as ListEnvelope;
	return await collectPages(fetchPage, options);
}
