import type { IDataObject } from 'n8n-workflow';

import type { RequestSubject } from '../shared/apiRequest';
import { isRecord } from '../shared/isRecord';
import type { BodyOutline, Failure, ResponseShape } from './failure';
import { PipelineFailure } from './failure';

/**
 * Reading phpRank's response to one attempt: its status, headers and body. Whatever is wrong
 * with it becomes a Failure (failure.ts), worded in failureWording.ts.
 */

/** One HTTP response as the pipeline reads it, whichever way n8n was asked to send the request. */
export interface ApiResponse {
	statusCode: number;
	headers: IDataObject;
	body: unknown;
}

/** A header's value as text (n8n hands headers over lower-cased, sometimes as lists). */
export function headerValue(headers: IDataObject | undefined, name: string): string | undefined {
	const value = headers?.[name] ?? headers?.[name.toLowerCase()];
	if (Array.isArray(value)) return value.length > 0 ? String(value[0]) : undefined;
	return value === undefined || value === null ? undefined : String(value);
}

/** The throttle's `X-RateLimit-Remaining`: requests this window still takes, when the header is there. */
export function remainingRequests(headers: IDataObject | undefined): number | undefined {
	const value = headerValue(headers, 'x-ratelimit-remaining')?.trim();
	if (value === undefined || value === '') return undefined;
	const remaining = Number(value);
	return Number.isFinite(remaining) && remaining >= 0 ? Math.floor(remaining) : undefined;
}

/**
 * `Retry-After` in milliseconds: whole (or decimal) seconds, or an HTTP date (a date in the past
 * is 0). `undefined` when missing or unreadable: the gate then chooses a pause itself.
 */
export function retryAfterMs(
	headers: IDataObject | undefined,
	now = Date.now(),
): number | undefined {
	const value = headerValue(headers, 'retry-after')?.trim();
	if (value === undefined || value === '') return undefined;
	if (/^[0-9]+(\.[0-9]+)?$/.test(value)) return Math.round(Number(value) * 1000);
	// An HTTP date names a weekday and a month; a bare number in another form is not one.
	if (!/[a-z]/i.test(value)) return undefined;
	const date = Date.parse(value);
	return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/** Laravel sends 422 `message` as {field: [texts]}; everything else sends a string. */
export function validationMessages(message: unknown): string {
	if (typeof message === 'string') return message;
	if (!isRecord(message)) return '';
	return Object.entries(message)
		.map(([field, texts]) => {
			const list = Array.isArray(texts) ? texts : [texts];
			return list.map((text) => `${field}: ${String(text)}`).join('; ');
		})
		.join('; ');
}

/**
 * A 429: phpRank did not process the request. Not a failure: the pipeline always waits it out
 * (or fails with `rateLimitTooLong` / `rateLimitWaitedOut`, which the user reads).
 */
export interface RateLimitedResponse {
	type: 'rateLimited';
	retryAfterMs: number | undefined;
}

/**
 * The failure an HTTP response stands for, a 429 to wait out, or `undefined` for a usable JSON
 * response. Only a 2xx web page means a wrong Base URL: a proxy's HTML error page during an
 * outage is a server error.
 */
export function responseFailure(
	response: ApiResponse,
	path: string,
	subject?: RequestSubject,
	page?: string,
): Failure | RateLimitedResponse | undefined {
	const { statusCode, headers, body } = response;
	if (statusCode === 429) return { type: 'rateLimited', retryAfterMs: retryAfterMs(headers) };
	if (statusCode >= 300 && statusCode < 400) {
		return { type: 'redirect', statusCode, location: headerValue(headers, 'location') ?? '' };
	}
	// A web page (a login page, a proxy's error page), not the API's JSON.
	const webPage =
		(headerValue(headers, 'content-type') ?? '').includes('text/html') ||
		(typeof body === 'string' && body.trimStart().startsWith('<'));
	if (statusCode >= 400) {
		const serverMessage = isRecord(body) ? validationMessages(body.message) : '';
		return { type: 'httpError', statusCode, serverMessage, webPage, path, subject, page };
	}
	if (webPage) return { type: 'webPage', statusCode };
	// a JSON object or list
	if (typeof body === 'object' && body !== null) return undefined;
	return {
		type: 'notJson',
		statusCode,
		bodyKind: body === '' || body === undefined ? 'an empty' : `a ${typeof body}`,
	};
}

/**
 * The shapes of phpRank's responses (docs/phprank-api.md): a list is `{data: [...], meta, links}`,
 * a single record `{data: {...}}`, a deletion `{id, deleted}`. A response of another shape (a
 * proxy's JSON, a different API, `{"data": null}`) is refused here, in one place, for the node,
 * the trigger and the list searches alike, instead of becoming an item full of nulls.
 */
export function bodyOfExpectedShape(body: unknown, expect: ResponseShape, path: string): unknown {
	// A JSON object, and its `data` (isRecord's test written out: every answer passes here).
	if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
		const envelope = body as IDataObject;
		const { data } = envelope;
		if (expect === 'list' && Array.isArray(data)) return envelope;
		if (expect === 'record' && typeof data === 'object' && data !== null && !Array.isArray(data))
			return data;
		if (expect === 'deletion' && typeof envelope.deleted === 'boolean')
			return { id: envelope.id, deleted: envelope.deleted } as IDataObject;
	}
	throw new PipelineFailure({
		type: 'unexpectedShape',
		expected: expect,
		got: outlineOf(body),
		path,
	});
}

/** Keys of an object body the outline lists at most. */
const MAX_OUTLINE_KEYS = 6;

/** What a body holds, as data for the wording, never its values: its kind, length, first keys and `data`. */
function outlineOf(body: unknown): BodyOutline {
	if (body === null) return { kind: 'null' };
	if (Array.isArray(body)) return { kind: 'list', length: body.length };
	if (typeof body === 'string') return { kind: 'text', length: body.length };
	if (!isRecord(body)) return { kind: 'other', type: typeof body };
	const keys = Object.keys(body);
	const outline: BodyOutline = {
		kind: 'object',
		keys: keys.slice(0, MAX_OUTLINE_KEYS),
		moreKeys: keys.length > MAX_OUTLINE_KEYS,
	};
	if ('data' in body) outline.data = kindOfData(body.data);
	return outline;
}

function kindOfData(data: unknown): string {
	if (data === null) return 'null';
	if (Array.isArray(data)) return 'list';
	return typeof data;
}
