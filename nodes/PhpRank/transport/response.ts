import type { IDataObject } from 'n8n-workflow';

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

function headerNumber(headers: IDataObject | undefined, name: string): number | undefined {
	const value = headerValue(headers, name)?.trim();
	if (value === undefined || value === '') return undefined;
	const number = Number(value);
	return Number.isFinite(number) ? number : undefined;
}

/** The throttle's `X-RateLimit-Remaining`: requests this window still takes, when the header is there. */
export function remainingRequests(headers: IDataObject | undefined): number | undefined {
	const remaining = headerNumber(headers, 'x-ratelimit-remaining');
	return remaining !== undefined && remaining >= 0 ? Math.floor(remaining) : undefined;
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

/** Whether a response is a web page (a login page, a proxy's error page), not the API's JSON. */
export function isWebPage(response: ApiResponse): boolean {
	const contentType = headerValue(response.headers, 'content-type') ?? '';
	if (contentType.includes('text/html')) return true;
	return typeof response.body === 'string' && response.body.trimStart().startsWith('<');
}
