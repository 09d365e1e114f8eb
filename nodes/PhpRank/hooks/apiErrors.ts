import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INode,
	INodeExecutionData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/** What went wrong with one API answer, worded for the person who set up the workflow. */
export interface ApiFailure {
	message: string;
	description: string;
	httpCode: string;
	/** Seconds the server asked us to wait (429), when it said so. */
	retryAfterSeconds?: number;
}

/** The record an operation was about, so a 404 can say "Report 12 not found". */
export interface FailureSubject {
	resource: string;
	id?: string | number;
}

type HttpHeaders = IN8nHttpFullResponse['headers'];

const CHECK_BASE_URL =
	"Set the credential's Base URL to your phpRank site's address, for example https://seo.example.com.";

export function headerValue(headers: HttpHeaders | undefined, name: string): string | undefined {
	const value = headers?.[name] ?? headers?.[name.toLowerCase()];
	if (Array.isArray(value)) return String(value[0]);
	return value === undefined || value === null ? undefined : String(value);
}

/** Wrong base URLs land on the site's web pages (login, home), which answer HTML, not JSON. */
function isHtmlAnswer(headers: HttpHeaders, body: unknown): boolean {
	const contentType = headerValue(headers, 'content-type') ?? '';
	if (contentType.includes('text/html')) return true;
	return typeof body === 'string' && body.trimStart().startsWith('<');
}

/** Laravel sends 422 `message` as {field: [texts]}; everything else sends a string. */
export function validationMessages(message: unknown): string {
	if (typeof message === 'string') return message;
	if (message === null || typeof message !== 'object') return '';
	return Object.entries(message as Record<string, unknown>)
		.map(([field, texts]) => {
			const list = Array.isArray(texts) ? texts : [texts];
			return list.map((text) => `${field}: ${String(text)}`).join('; ');
		})
		.join('; ');
}

function serverMessage(body: unknown): string {
	if (body && typeof body === 'object' && 'message' in body) {
		return validationMessages((body as IDataObject).message);
	}
	return '';
}

function subjectName(subject: FailureSubject | undefined): string {
	if (!subject) return 'The record';
	const resource = subject.resource.charAt(0).toUpperCase() + subject.resource.slice(1);
	if (subject.id === undefined || subject.id === '') return resource;
	return subject.resource === 'project'
		? `${resource} "${subject.id}"`
		: `${resource} ${subject.id}`;
}

/** The message of every rate-limit failure, whether phpRank answered 429 or the node gave up waiting. */
export const RATE_LIMIT_MESSAGE = "phpRank's rate limit was reached";

function retryAfter(headers: HttpHeaders): number | undefined {
	const seconds = Number(headerValue(headers, 'retry-after'));
	return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/**
 * Maps one HTTP answer of phpRank to a failure, or `undefined` when it is a usable JSON answer.
 * Pure, so the wording of every case is tested without a server.
 */
export function describeApiFailure(
	statusCode: number,
	headers: HttpHeaders,
	body: unknown,
	subject?: FailureSubject,
): ApiFailure | undefined {
	const httpCode = String(statusCode);
	if (isHtmlAnswer(headers, body)) {
		return {
			message: 'The Base URL does not lead to the phpRank API',
			description: `The server answered with a web page (HTTP ${httpCode}) where phpRank's API answers JSON. ${CHECK_BASE_URL}`,
			httpCode,
		};
	}
	if (statusCode < 400) {
		if (body !== null && typeof body === 'object') return undefined;
		return {
			message: 'phpRank sent an answer that is not JSON',
			description: `HTTP ${httpCode} with a ${typeof body} body. ${CHECK_BASE_URL}`,
			httpCode,
		};
	}
	const said = serverMessage(body);
	const saidSuffix = said ? ` phpRank said: "${said}"` : '';
	switch (statusCode) {
		case 401:
			return {
				message: 'phpRank rejected the API key',
				description: `Check the API key in the phpRank credential and that the Base URL is the site the key belongs to.${saidSuffix}`,
				httpCode,
			};
		case 403:
			return {
				message: said.includes('feature')
					? "This phpRank account's plan has no API access"
					: `${subjectName(subject)} does not exist or belongs to another account`,
				description: `phpRank refused the request (HTTP 403).${saidSuffix}`,
				httpCode,
			};
		case 404:
			return subject?.id !== undefined
				? {
						message: `${subjectName(subject)} not found`,
						description: `phpRank has no ${subject.resource} with this ${subject.resource === 'project' ? 'name' : 'ID'} for this API key (it may have been deleted).${saidSuffix}`,
						httpCode,
					}
				: {
						message: 'phpRank answered "not found"',
						description: `${CHECK_BASE_URL}${saidSuffix}`,
						httpCode,
					};
		case 422:
			return {
				message: said ? `phpRank rejected the input: ${said}` : 'phpRank rejected the input',
				description: 'Correct the field named above and run the node again.',
				httpCode,
			};
		case 429: {
			const seconds = retryAfter(headers);
			return {
				message: RATE_LIMIT_MESSAGE,
				description: `Too many requests for this API key.${retryAfterText(seconds)}${saidSuffix}`,
				httpCode,
				retryAfterSeconds: seconds,
			};
		}
		default:
			return {
				message:
					statusCode >= 500
						? `phpRank had a server error (HTTP ${httpCode})`
						: `phpRank answered HTTP ${httpCode}`,
				description: said ? `phpRank said: "${said}"` : 'phpRank gave no reason.',
				httpCode,
			};
	}
}

function retryAfterText(seconds: number | undefined): string {
	return seconds === undefined ? '' : ` phpRank asked to wait ${seconds} s.`;
}

/** Errors this package built itself: their texts are known to hold no secret. */
const ownErrors = new WeakSet<object>();

export function isOwnError(error: unknown): boolean {
	return typeof error === 'object' && error !== null && ownErrors.has(error);
}

export function markOwnError<T extends object>(error: T): T {
	ownErrors.add(error);
	return error;
}

export function apiFailureError(node: INode, failure: ApiFailure, itemIndex: number): NodeApiError {
	const error = new NodeApiError(node, { message: failure.message } as JsonObject, {
		message: failure.message,
		description: failure.description,
		httpCode: failure.httpCode,
		itemIndex,
	});
	if (failure.retryAfterSeconds !== undefined) {
		error.context.retryAfterSeconds = failure.retryAfterSeconds;
	}
	return markOwnError(error);
}

/** The code (ECONNRESET, ETIMEDOUT, ...) of an error thrown by n8n's HTTP layer, or its cause's. */
export function errorCode(error: unknown): string | undefined {
	return (
		(error as { cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code
	);
}

/**
 * A request that got no answer. The thrown error carries the request config (and so the key):
 * only its code or message is kept, and the code goes in the description because n8n rewrites
 * any message that contains one.
 */
export function transportFailureError(
	node: INode,
	error: unknown,
	itemIndex: number,
): NodeApiError {
	const cause = (error as { cause?: { message?: string } })?.cause;
	const reason = errorCode(error) ?? cause?.message ?? (error as Error)?.message;
	return apiFailureError(
		node,
		{
			message: 'Could not reach phpRank',
			description: `The request got no answer (${reason ?? 'unknown error'}). Check the credential's Base URL and that the phpRank site is up.`,
			httpCode: 'none',
		},
		itemIndex,
	);
}

/** Errors this package worded pass unchanged; anything else is reworded without its request data. */
export function ownOrTransportError(node: INode, error: unknown, itemIndex: number): Error {
	return isOwnError(error) ? (error as Error) : transportFailureError(node, error, itemIndex);
}

function failureSubject(context: IExecuteSingleFunctions): FailureSubject {
	const resource = context.getNodeParameter('resource') as string;
	const idParameter = resource === 'project' ? 'project' : 'reportId';
	let id: string | number | undefined;
	try {
		id = context.getNodeParameter(idParameter, undefined, { extractValue: true }) as
			| string
			| number
			| undefined;
	} catch {
		// Get Many has no ID parameter: the failure is then about the list as a whole.
		id = undefined;
	}
	return { resource, id };
}

/**
 * postReceive hook of every operation: turns any answer that is not a usable JSON body into an
 * n8n error naming the cause. Requests are sent with `ignoreHttpStatusErrors` so this sees the
 * status, headers and body of every answer.
 */
export async function throwOnApiError(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const failure = describeApiFailure(
		response.statusCode,
		response.headers,
		response.body,
		response.statusCode === 404 || response.statusCode === 403 ? failureSubject(this) : undefined,
	);
	if (failure) throw apiFailureError(this.getNode(), failure, this.getItemIndex());
	return items;
}
