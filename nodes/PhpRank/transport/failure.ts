import type { RequestSubject } from '../shared/apiRequest';

/**
 * Everything that can go wrong with one request and reach the user, as data: no English here.
 * The pipeline (pipeline.ts) decides what to do from a failure's `type`; failureWording.ts words
 * it, in one place.
 */

/** What shape of response a request expects (response.ts checks it). */
export type ResponseShape = 'list' | 'record' | 'deletion';

export type Failure =
	/** An error response (4xx, 5xx) other than a 429. */
	| {
			type: 'httpError';
			statusCode: number;
			serverMessage: string;
			webPage: boolean;
			path: string;
			subject?: RequestSubject;
			/** The web page a Create or a re-run made phpRank fetch. */
			page?: string;
	  }
	/**
	 * A Create not sent: phpRank answered earlier in the run that the account's plan allows no more
	 * reports (createOrRerun/index.ts), so the next ones would be refused too.
	 */
	| { type: 'planFull' }
	/** phpRank asks for a longer wait than Max Wait for Rate Limit leaves: fail at once. */
	| { type: 'rateLimitTooLong'; askedMs: number; maxWaitMs: number }
	/** Max Wait for Rate Limit spent on 429s (a server that keeps refusing without saying how long). */
	| { type: 'rateLimitWaitedOut'; waitedMs: number; maxWaitMs: number }
	/** A 3xx: never followed, so neither the key nor the body goes to the other address. */
	| { type: 'redirect'; statusCode: number; location: string }
	/** A 2xx web page: the Base URL leads to the site's pages, not its API. */
	| { type: 'webPage'; statusCode: number }
	| { type: 'notJson'; statusCode: number; bodyKind: string }
	| { type: 'unexpectedShape'; expected: ResponseShape; got: BodyOutline; path: string }
	/** Nothing reached phpRank. `configuration`: the Base URL, its host or its certificate is wrong (not retried). */
	| { type: 'notSent'; code: string; configuration: boolean }
	/** The request may have reached phpRank, but no response came back (reset, timeout). */
	| { type: 'noAnswer'; code: string }
	/**
	 * No response within a deadline: `timeout`, the node's Timeout (Request Options), for one attempt
	 * body included; `poll`, `search` and `credentialTest`, the whole poll of the trigger, list search
	 * or credential test.
	 */
	| { type: 'timedOut'; bound: DeadlineBound; limitMs: number; attempts: number }
	/**
	 * The response passed the bound on a response's size (responseBody.ts): its connection was closed.
	 * `declaredBytes`: the Content-Length it declared, when that alone was above the bound.
	 */
	| { type: 'tooLarge'; limitBytes: number; declaredBytes?: number }
	/**
	 * A Create phpRank may have processed, not sent again so that no duplicate is made. `cause`:
	 * the failure that lost its response (a server error, a reset, the Timeout, a too-large body).
	 */
	| { type: 'answerLost'; cause: Failure }
	/** A list that cannot be read page by page: the page asked for is not the one sent, or adds nothing. */
	| {
			type: 'pagingBroken';
			path: string;
			page: number;
			/** The `current_page` the server said, when it is not the page asked for. */
			sentPage?: number;
	  }
	/** The execution was stopped (Stop, the execution timeout): nothing more is sent. */
	| { type: 'canceled' };

/** An error response (4xx, 5xx) other than a 429, as the wording reads it. */
export type HttpError = Extract<Failure, { type: 'httpError' }>;

/**
 * What a response body of the wrong shape held, for the wording (never its values: they may
 * echo secrets): its kind, a list's or a text's length, an object's first keys and its `data`.
 */
export type BodyOutline =
	| { kind: 'null' | 'other'; type?: string }
	| { kind: 'list' | 'text'; length: number }
	| {
			kind: 'object';
			keys: string[];
			/** More keys than those listed. */
			moreKeys: boolean;
			/** What `data` holds, when the object has one: 'null', 'list', 'object' or a typeof. */
			data?: string;
	  };

/** Which deadline a request ran into (see the `timedOut` failure). */
export type DeadlineBound = 'timeout' | 'poll' | 'search' | 'credentialTest';

/**
 * A failure on its way through the pipeline, before it is described for the item (at the
 * transport's entry point, index.ts `nodeErrorOf`). `secrets`: what the failed request carried
 * that no error may show (a report's password), so that every item the failure reaches removes
 * them.
 */
export class PipelineFailure extends Error {
	readonly secrets: string[] = [];

	constructor(readonly failure: Failure) {
		super(failure.type);
		this.name = 'PipelineFailure';
	}
}

/** Transport codes where the request never left this machine or never reached phpRank. */
const NOT_SENT_TRANSIENT = new Set(['ECONNREFUSED', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);
const NOT_SENT_CONFIGURATION = new Set([
	'ERR_BASE_URL_USERINFO',
	'ENOTFOUND',
	'ERR_INVALID_URL',
	'ERR_INVALID_BASE_URL',
	'ERR_UNSUPPORTED_PROTOCOL',
	'EPROTO',
	'CERT_HAS_EXPIRED',
	'CERT_NOT_YET_VALID',
	'DEPTH_ZERO_SELF_SIGNED_CERT',
	'SELF_SIGNED_CERT_IN_CHAIN',
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
	'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The transport code of an error thrown by n8n's HTTP layer (axios underneath), or its cause's. */
function transportCode(error: unknown): string | undefined {
	const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
	const code = cause?.code ?? (error as { code?: unknown })?.code;
	if (typeof code === 'string' && code !== '' && code !== 'ERR_BAD_REQUEST') return code;
	const message =
		`${String(cause?.message ?? '')} ${String((error as Error)?.message ?? '')}`.toLowerCase();
	if (message.includes('invalid url')) return 'ERR_INVALID_URL';
	if (message.includes('unsupported protocol')) return 'ERR_UNSUPPORTED_PROTOCOL';
	if (message.includes('socket hang up')) return 'ECONNRESET';
	if (message.includes('timeout')) return 'ETIMEDOUT';
	return typeof code === 'string' && code !== '' ? code : undefined;
}

/** A request that got no HTTP response: never sent, or maybe processed. */
export function transportFailure(error: unknown): Failure {
	const code = transportCode(error) ?? 'unknown error';
	if (NOT_SENT_TRANSIENT.has(code)) return { type: 'notSent', code, configuration: false };
	if (NOT_SENT_CONFIGURATION.has(code) || code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS'))
		return { type: 'notSent', code, configuration: true };
	return { type: 'noAnswer', code };
}

/**
 * How a failure decides the next step: wait and retry, retry, retry only if safe, or stop.
 * `finalMaybeProcessed`: not retried (it would fail the same way), but phpRank may have carried
 * the request out, which a Create must say.
 */
export function retryKind(
	failure: Failure,
): 'resend' | 'resendIfRepeatable' | 'finalMaybeProcessed' | 'final' {
	switch (failure.type) {
		case 'tooLarge':
			return 'finalMaybeProcessed';
		case 'notSent':
			return failure.configuration ? 'final' : 'resend';
		case 'noAnswer':
			return 'resendIfRepeatable';
		case 'timedOut':
			// A poll's or a search's deadline is for all its requests: nothing is left to retry in.
			return failure.bound === 'timeout' ? 'resendIfRepeatable' : 'final';
		case 'httpError':
			return failure.statusCode >= 500 ? 'resendIfRepeatable' : 'final';
		default:
			return 'final';
	}
}

/** phpRank's answer (422, under `url`) to a Create when the account's plan allows no more reports. */
const PLAN_FULL_ANSWER = 'You created too many reports.';
/** Laravel's own messages for a bad `url` field start so; any other message under `url` is phpRank's fetch of the page. */
const URL_FIELD_MESSAGE = /^The url\b/i;
const URL_MESSAGE = /^url: /;

/**
 * What a 422 says about the page rather than a field (docs/phprank-api.md, "Errors"): phpRank
 * answers both under `url`, in the same shape as a bad address. `planFull`: the account's plan
 * allows no more reports; `fetchFailed`: phpRank could not fetch the page (a cURL error, a
 * timeout, the page's own HTTP error), with phpRank's reason.
 */
export type PageRefusal = { kind: 'planFull' } | { kind: 'fetchFailed'; reason: string };

export function pageRefusalOf(failure: Failure): PageRefusal | undefined {
	if (failure.type === 'planFull') return { kind: 'planFull' };
	if (failure.type !== 'httpError' || failure.statusCode !== 422) return undefined;
	const { serverMessage } = failure;
	if (serverMessage.includes(PLAN_FULL_ANSWER)) return { kind: 'planFull' };
	if (!URL_MESSAGE.test(serverMessage)) return undefined;
	const reason = serverMessage.replace(URL_MESSAGE, '');
	return URL_FIELD_MESSAGE.test(reason) ? undefined : { kind: 'fetchFailed', reason };
}

/** Failures of one record's request that the next record's request would not share. */
const RECORD_ONLY: ReadonlySet<string> = new Set([
	'httpError',
	'noAnswer',
	'timedOut',
	'tooLarge',
	'notJson',
	'unexpectedShape',
]);

/**
 * Whether a request failed for its record only (after the pipeline's retries): the record is gone
 * or its answer failed (a 403 or 404 for a report deleted meanwhile, a 5xx, a reset, the Timeout).
 * Stop, the rate limit, a wrong key (401) or a wrong Base URL would fail every next request too.
 */
export function failedForItsRecordOnly(error: unknown): error is PipelineFailure {
	if (!(error instanceof PipelineFailure)) return false;
	const { failure } = error;
	if (failure.type === 'httpError') return failure.statusCode !== 401;
	return RECORD_ONLY.has(failure.type);
}
