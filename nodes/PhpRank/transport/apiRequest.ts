import type {
	FunctionsBase,
	IDataObject,
	IHttpRequestMethods,
	IN8nHttpFullResponse,
	IHttpRequestOptions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { FailureSubject } from '../hooks/apiErrors';
import { apiFailureError, describeApiFailure, isOwnError, markOwnError } from '../hooks/apiErrors';
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

/** Transport failures carry the request config (and so the key): keep only a safe text. */
export function transportFailure(
	context: FunctionsBase,
	error: unknown,
	itemIndex = 0,
): NodeApiError {
	const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
	const reason =
		cause?.code ??
		(error as { code?: string })?.code ??
		cause?.message ??
		(error as Error)?.message;
	// The code goes in the description: n8n rewrites any message that contains one.
	return markOwnError(
		new NodeApiError(context.getNode(), { message: 'Could not reach phpRank' } as JsonObject, {
			message: 'Could not reach phpRank',
			description: `The request got no answer (${reason ?? 'unknown error'}). Check the credential's Base URL and that the phpRank site is up.`,
			httpCode: 'none',
			itemIndex,
		}),
	);
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
	const credentials = await context.getCredentials<{ baseUrl: string }>(CREDENTIAL_NAME);
	const baseURL = apiBaseUrl(credentials.baseUrl);
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
		throw isOwnError(error) ? (error as NodeApiError) : transportFailure(context, error);
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
	const fetchPage = async (page: number, perPage: number) =>
		(await apiRequest(
			context,
			{ method: 'GET', url, qs: { ...qs, per_page: perPage, page } },
			limits,
		)) as unknown as ListEnvelope;
	return await collectPages(fetchPage, options);
}
