import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { InvalidInput } from '../shared/inputChecks';
import { siteRoot } from '../shared/apiBaseUrl';
import { RESOURCE } from '../shared/constants';
import { ownEntry } from '../shared/ownEntry';
import type { ResponseShape, Failure, FailureSubject } from './failure';
import { megabytes, PipelineFailure } from './failure';

/**
 * What the user, or an AI agent (which sees only the message), reads when a request fails: the
 * one wording of every failure (failure.ts), each message standing alone (what happened, then
 * what to do), without secrets, as n8n's error for the item (nodeErrorOf, at the end).
 */

/** What the wording may name: the credential's Base URL as typed. */
export interface FailureSituation {
	baseUrl: string;
}

export interface FailureText {
	message: string;
	description: string;
	httpCode: string;
}

const SET_BASE_URL =
	"set the credential's Base URL to your phpRank site's address, like https://seo.example.com";

/** The message of every rate-limit failure starts with this. */
const RATE_LIMIT_MESSAGE = "phpRank's rate limit was reached";

/** The message of a Create whose response was lost after phpRank may have stored the report. */
const CREATE_RESPONSE_LOST_MESSAGE =
	'phpRank may have created the report, but its answer was lost: look for it (Report → Get Many with Search URL) before creating it again';

function subjectName(subject: FailureSubject): string {
	const resource = subject.resource === RESOURCE.project ? 'Project' : 'Report';
	if (subject.id === undefined || subject.id === '') return resource;
	return subject.resource === RESOURCE.project
		? `${resource} "${subject.id}"`
		: `${resource} ${subject.id}`;
}

function subjectField(subject: FailureSubject): string {
	return subject.resource === RESOURCE.project ? 'the Project name' : 'the Report ID';
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

const TRANSPORT_WORDS: Record<string, string> = {
	ECONNREFUSED: 'the connection was refused',
	ENOTFOUND: 'its host name was not found',
	EAI_AGAIN: 'its host name could not be looked up',
	ENETUNREACH: 'the network is unreachable',
	EHOSTUNREACH: 'the host is unreachable',
	ECONNRESET: 'the connection was reset',
	ETIMEDOUT: 'the request timed out',
	ECONNABORTED: 'the request timed out or was aborted',
};

function transportWords(code: string): string {
	const words = ownEntry(TRANSPORT_WORDS, code);
	if (words) return words;
	if (
		code.startsWith('ERR_TLS') ||
		code.startsWith('ERR_SSL') ||
		code.includes('CERT') ||
		code === 'EPROTO'
	)
		return 'the secure https connection failed';
	return 'the connection failed';
}

/** Where a redirect pointed, reduced to the site address to use as the Base URL. */
function suggestedBaseUrl(location: string): string {
	const apiAt = location.search(/\/api\/v1(\/|\?|$)/i);
	return siteRoot(apiAt === -1 ? location.replace(/[?#].*$/, '') : location.slice(0, apiAt));
}

/** The one wording of every failure. */
export function describeFailure(failure: Failure, situation: FailureSituation): FailureText {
	const baseUrl = situation.baseUrl;
	switch (failure.type) {
		case 'httpError':
			return describeHttpError(failure, baseUrl);
		case 'rateLimitTooLong':
			return {
				message: `${RATE_LIMIT_MESSAGE}: phpRank asks to wait ${seconds(failure.askedMs)}, more than Max Wait for Rate Limit allows (${seconds(failure.maxWaitMs)}); raise Max Wait for Rate Limit in the node's Options, or run the workflow later`,
				description: 'phpRank did not process this request (HTTP 429).',
				httpCode: '429',
			};
		case 'rateLimited':
		case 'rateLimitWaitedOut': {
			const waited = failure.type === 'rateLimitWaitedOut' ? failure.waitedMs : 0;
			const maxWait = failure.type === 'rateLimitWaitedOut' ? failure.maxWaitMs : 0;
			return {
				message: `${RATE_LIMIT_MESSAGE}: waited ${seconds(waited)} of Max Wait for Rate Limit (${seconds(maxWait)}) and phpRank still refused; raise Max Wait for Rate Limit in the node's Options, or run the workflow later`,
				description: 'phpRank did not process this request (HTTP 429).',
				httpCode: '429',
			};
		}
		case 'redirect': {
			const target = failure.location || 'an address it did not name';
			const suggestion = failure.location
				? `if that is your phpRank site, set the credential's Base URL to ${suggestedBaseUrl(failure.location)}`
				: SET_BASE_URL;
			return {
				message: `The Base URL redirects to another address (HTTP ${failure.statusCode} to ${target}): ${suggestion}`,
				description:
					'The node does not follow redirects, so the API key and the request are never sent to another address. Nothing was sent there.',
				httpCode: String(failure.statusCode),
			};
		}
		case 'webPage':
			return {
				message: `The Base URL does not lead to the phpRank API (it answered with a web page): ${SET_BASE_URL}`,
				description: `${baseUrl} answered HTTP ${failure.statusCode} with a web page where phpRank's API answers JSON.`,
				httpCode: String(failure.statusCode),
			};
		case 'notJson':
			return {
				message: `phpRank sent an answer that is not JSON (HTTP ${failure.statusCode} with ${failure.bodyKind} body): check that the credential's Base URL (${baseUrl}) is your phpRank site`,
				description: `phpRank's API answers JSON. ${SET_BASE_URL}.`,
				httpCode: String(failure.statusCode),
			};
		case 'unexpectedShape':
			return {
				message: `${shapeProblem(failure.expected)} (got ${failure.got}): check that the credential's Base URL (${baseUrl}) is your phpRank site and not a proxy or another service`,
				description: `The answer to ${failure.path} does not have the shape of phpRank's API.`,
				httpCode: '200',
			};
		case 'notSent':
			return describeNotSent(failure.code, failure.configuration, baseUrl);
		case 'noAnswer':
			return {
				message: `phpRank did not answer (${transportWords(failure.code)}): check that the phpRank site at ${baseUrl} is up, then run the node again`,
				description: `The request got no answer (${failure.code}) after the retries in the node's Options.`,
				httpCode: 'none',
			};
		case 'timedOut':
			return describeTimedOut(failure, baseUrl);
		case 'pagingBroken':
			return describePagingBroken(failure, baseUrl);
		case 'canceled':
			// n8n marks an execution stopped (not failed) when its error says "canceled" (n8n-core's
			// WorkflowExecute): the spelling matters.
			return {
				message:
					'The execution was canceled: the node stopped waiting for phpRank and sent nothing more',
				description:
					'The execution was stopped (Stop, or its timeout). A request phpRank had already received may still have been carried out: look before running the workflow again.',
				httpCode: 'none',
			};
		case 'tooLarge': {
			const declared =
				failure.declaredBytes === undefined
					? 'The node stopped reading it there and closed the connection.'
					: `It declared ${failure.declaredBytes} bytes: the node did not read it and closed the connection.`;
			return {
				message: `phpRank's answer was larger than ${megabytes(failure.limitBytes)}, far more than any answer of phpRank's API: the Base URL (${baseUrl}) may not point at your phpRank API; ${SET_BASE_URL}`,
				description: `${declared} The request is not sent again: the answer would be as large.`,
				httpCode: 'none',
			};
		}
		case 'answerLost':
			return {
				message: CREATE_RESPONSE_LOST_MESSAGE,
				description: `The request reached phpRank but no usable answer came back (${failure.reason}). The node does not send a Create again, so no duplicate report is made.${failure.tooLarge ? ` No phpRank answer is that large: check that the Base URL (${baseUrl}) points at your phpRank API.` : ''}`,
				httpCode: failure.reason.startsWith('HTTP ') ? failure.reason.slice(5) : 'none',
			};
	}
}

function describeTimedOut(
	failure: Extract<Failure, { type: 'timedOut' }>,
	baseUrl: string,
): FailureText {
	const tries = failure.attempts === 1 ? '1 attempt' : `${failure.attempts} attempts`;
	if (failure.bound === 'timeout') {
		return {
			message: `phpRank did not answer within the Timeout (${failure.limitMs} ms, the whole answer included): check that the phpRank site at ${baseUrl} is up, or raise Timeout under the node's Request Options`,
			description: `Each attempt may take at most the Timeout of the node's Request Options; ${tries}, as Retries in the node's Options allow.`,
			httpCode: 'none',
		};
	}
	if (failure.bound === 'poll') {
		return {
			message: `phpRank did not answer before the poll's deadline (${seconds(failure.limitMs)}): check that the phpRank site at ${baseUrl} is up; the next poll tries again and misses nothing`,
			description: `A poll must end well before the next one is due; it saved nothing, so the next poll emits what this one missed (${tries}).`,
			httpCode: 'none',
		};
	}
	if (failure.bound === 'credentialTest') {
		return {
			message: `phpRank did not answer the credential test within ${seconds(failure.limitMs)}: check the Base URL and that the phpRank site at ${baseUrl} is up`,
			description: `The test gave up after ${tries}.`,
			httpCode: 'none',
		};
	}
	return {
		message: `phpRank did not answer the list search within ${seconds(failure.limitMs)}: check that the phpRank site at ${baseUrl} is up, or enter the value By ID or By Name`,
		description: `The search gave up after ${tries}.`,
		httpCode: 'none',
	};
}

function describePagingBroken(
	failure: Extract<Failure, { type: 'pagingBroken' }>,
	baseUrl: string,
): FailureText {
	const what =
		failure.sentPage !== undefined
			? `phpRank sent page ${failure.sentPage} of ${failure.path} when page ${failure.page} was asked for`
			: `page ${failure.page} of ${failure.path} held only records of earlier pages`;
	return {
		message: `${what}, so the list cannot be read page by page: check that the credential's Base URL (${baseUrl}) is your phpRank site and not a proxy or cache that drops the query, or use a Limit of 100 or less`,
		description:
			'The node stopped reading instead of asking for the same records again; nothing was output for this item.',
		httpCode: '200',
	};
}

function shapeProblem(expected: ResponseShape): string {
	if (expected === 'list') return 'phpRank sent a list without its "data" array';
	if (expected === 'record') return 'phpRank sent an answer without the record in "data"';
	return 'phpRank answered the deletion without saying "deleted"';
}

function describeNotSent(code: string, configuration: boolean, baseUrl: string): FailureText {
	const nothingSent = 'Nothing was sent to phpRank.';
	if (code === 'ERR_BASE_URL_USERINFO') {
		return {
			message: `The credential's Base URL has a user name or password in it (user:password@ before the host): remove them, so that it reads like ${baseUrl}; phpRank's API takes the API key, not a password in the address`,
			description: `${nothingSent} n8n would send the user name and password in place of the API key.`,
			httpCode: 'none',
		};
	}
	if (
		code === 'ERR_INVALID_URL' ||
		code === 'ERR_INVALID_BASE_URL' ||
		code === 'ERR_UNSUPPORTED_PROTOCOL'
	) {
		return {
			message: `The credential's Base URL "${baseUrl}" is not a web address: it must start with https:// or http://, like https://seo.example.com`,
			description: nothingSent,
			httpCode: 'none',
		};
	}
	return {
		message: `Could not connect to phpRank at ${baseUrl} (${transportWords(code)}): ${configuration ? "check the credential's Base URL" : "check the credential's Base URL and that the phpRank site is up"}`,
		description: `${nothingSent} (${code})`,
		httpCode: 'none',
	};
}

function describeHttpError(
	failure: Extract<Failure, { type: 'httpError' }>,
	baseUrl: string,
): FailureText {
	const { statusCode, serverMessage, subject, webPage } = failure;
	const httpCode = String(statusCode);
	const serverQuote = serverMessage ? ` phpRank said: "${serverMessage}"` : '';
	if (statusCode >= 500) {
		return {
			message: `phpRank had a server error (HTTP ${httpCode}): try again later, or ask the phpRank site's administrator`,
			description: webPage
				? `The answer was a web page (from phpRank or a proxy in front of it); the node retried as its Options allow.`
				: `The node retried as its Options allow.${serverQuote}`,
			httpCode,
		};
	}
	if (webPage) {
		return {
			message: `The Base URL does not lead to the phpRank API (it answered HTTP ${httpCode} with a web page): ${SET_BASE_URL}`,
			description: `${baseUrl} answered ${failure.path} with a web page where phpRank's API answers JSON.`,
			httpCode,
		};
	}
	switch (statusCode) {
		case 401:
			return {
				message:
					'phpRank rejected the API key: check the API key in the phpRank credential and that the Base URL is the site the key belongs to',
				description: `HTTP 401.${serverQuote}`,
				httpCode,
			};
		case 403:
			if (serverMessage.includes('feature') || !subject) {
				return {
					message:
						"This phpRank account's plan has no API access: use an API key of an account whose plan includes the API",
					description: `phpRank refused the request (HTTP 403).${serverQuote}`,
					httpCode,
				};
			}
			return {
				message: `${subjectName(subject)} does not exist or belongs to another account: check ${subjectField(subject)}`,
				description: `phpRank refused the request (HTTP 403).${serverQuote}`,
				httpCode,
			};
		case 404:
			if (subject?.id !== undefined) {
				return {
					message: `${subjectName(subject)} not found: check ${subjectField(subject)} (it may have been deleted)`,
					description: `phpRank has no ${subject.resource} with this ${subject.resource === RESOURCE.project ? 'name' : 'ID'} for this API key.${serverQuote}`,
					httpCode,
				};
			}
			return {
				message: `No phpRank API at the Base URL (HTTP 404 for ${failure.path}): ${SET_BASE_URL}`,
				description: `${baseUrl} has no phpRank API.${serverQuote}`,
				httpCode,
			};
		case 422:
			return {
				message: serverMessage
					? `phpRank rejected the input: ${serverMessage}`
					: "phpRank rejected the input: check the node's fields",
				description: 'Correct the field named in the message and run the node again.',
				httpCode,
			};
		default:
			return {
				message: `phpRank answered HTTP ${httpCode}: check the node's fields and the credential's Base URL`,
				description: serverMessage ? `phpRank said: "${serverMessage}"` : 'phpRank gave no reason.',
				httpCode,
			};
	}
}

/**
 * Removes secrets from a text the package shows: the API key and a report's password, as typed
 * and in the encoded forms a server may echo them in (percent-encoded, form-encoded, JSON).
 */
const REDACTED = '[redacted]';

/**
 * Shorter strings occur in ordinary words, so they are not searched for as such; an echoed
 * password field or Bearer header is removed whatever its length (SECRET_FIELDS).
 */
const MIN_SECRET_LENGTH = 3;

/** `password=…`, `"password":"…"`, `Bearer …` however the value is quoted or encoded. */
const SECRET_FIELDS = [
	/(password\\?["']?\s*(?:=|:|%3D)\s*\\?["']?)[^"'&\s,}\\]*/gi,
	/(bearer(?:\s|%20|\+)+)[^"'&\s,}\\]+/gi,
];

function spellings(secret: string): string[] {
	const forms = new Set([
		secret,
		encodeURIComponent(secret),
		encodeURIComponent(secret).replace(/%20/g, '+'),
		JSON.stringify(secret).slice(1, -1),
		JSON.stringify(secret).slice(1, -1).replace(/\//g, '\\/'),
	]);
	return [...forms]
		.filter((form) => form.length >= MIN_SECRET_LENGTH)
		.sort((a, b) => b.length - a.length);
}

/** `scheme://user:password@`: the userinfo of any address in a text. */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/?#@\s]*@/gi;

/** An address as it may be shown: without its userinfo (`https://user:password@host` → `https://host`). */
export function withoutUserinfo(url: string): string {
	return url.replace(URL_USERINFO, '$1');
}

/**
 * The parts of an address's userinfo, as typed and decoded: secrets to remove wherever else a
 * server may echo them (a redirect's Location, an error page).
 */
export function userinfoSecrets(url: string): string[] {
	const match = /^\s*[a-z][a-z0-9+.-]*:\/\/([^/?#@\s]*)@/i.exec(url);
	if (!match) return [];
	const parts = [match[1], ...match[1].split(':')];
	const decoded = parts.map((part) => {
		try {
			return decodeURIComponent(part);
		} catch {
			return part;
		}
	});
	return [...new Set([...parts, ...decoded])].filter((part) => part !== '');
}

export function redactSecrets(text: string, secrets: Array<string | undefined>): string {
	let result = withoutUserinfo(text);
	for (const field of SECRET_FIELDS) result = result.replace(field, `$1${REDACTED}`);
	for (const secret of secrets) {
		if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) continue;
		for (const form of spellings(secret)) result = result.split(form).join(REDACTED);
	}
	return result;
}

/** Where a failure happened, for its wording: the node, the item, and the credential it used. */
export interface ErrorSituation {
	node: INode;
	itemIndex: number;
	/** The credential, read only when a failure is described: its Base URL is named, its key removed. */
	credential(): Promise<IDataObject>;
}

/**
 * The transport's edge (index.ts): the n8n error an item shows for what went wrong while its
 * requests ran, made once. A Failure becomes a NodeApiError in the words above, naming the Base
 * URL; a refused parameter (InvalidInput) a NodeOperationError naming the field to correct. What
 * a Failure shows passes through the secret filter: phpRank (or a proxy) may echo the request,
 * key and password included (the failure carries its request's secrets). Other errors pass
 * unchanged.
 */
export async function nodeErrorOf(situation: ErrorSituation, error: unknown): Promise<Error> {
	const { node, itemIndex } = situation;
	if (error instanceof InvalidInput) {
		return new NodeOperationError(node, error.message, {
			itemIndex,
			description: `Check the "${error.field}" field of this node.`,
		});
	}
	if (!(error instanceof PipelineFailure)) return error as Error;
	let credential: IDataObject = {};
	try {
		credential = await situation.credential();
	} catch {
		// Without the credential the wording names no Base URL; the failure itself still shows.
	}
	const typedBaseUrl = String(credential.baseUrl ?? '').trim();
	// The Base URL is named without its userinfo (`https://user:password@host`), whose parts are
	// removed wherever else they appear.
	const allSecrets = [
		typeof credential.apiKey === 'string' ? credential.apiKey : undefined,
		...error.secrets,
		...userinfoSecrets(typedBaseUrl),
	];
	const text = describeFailure(error.failure, { baseUrl: withoutUserinfo(typedBaseUrl) });
	const message = redactSecrets(text.message, allSecrets);
	return new NodeApiError(node, { message } as JsonObject, {
		message,
		description: redactSecrets(text.description, allSecrets),
		httpCode: text.httpCode,
		itemIndex,
	});
}
