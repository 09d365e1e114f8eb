import { siteRoot } from '../shared/apiBaseUrl';
import type { RequestSubject } from '../shared/apiRequest';
import { RESOURCE } from '../shared/constants';
import { ownEntry } from '../shared/ownEntry';
import { truncated } from '../shared/truncate';
import type { BodyOutline, Failure, HttpError, ResponseShape } from './failure';
import type { FailureText } from './refusalWording';
import { describeRefusal, PLAN_FULL_NOT_SENT } from './refusalWording';

export type { FailureText };

/**
 * What the user, or an AI agent (which sees only the message), reads when a request fails: the one
 * wording of every failure (failure.ts), each standing alone (what happened, then what to do). The
 * entry point (index.ts `nodeErrorOf`) removes secrets (redaction.ts) and makes it n8n's error.
 */

/** What the wording may name: the credential's Base URL as typed. */
export interface FailureSituation {
	baseUrl: string;
}

const SET_BASE_URL =
	"set the credential's Base URL to your phpRank site's address, like https://seo.example.com";

/** The message of every rate-limit failure starts with this. */
const RATE_LIMIT_MESSAGE = "phpRank's rate limit was reached";

/** The message of a Create whose response was lost after phpRank may have stored the report. */
const CREATE_RESPONSE_LOST_MESSAGE =
	'phpRank may have created the report, but its answer was lost: look for it (Report → Get Many with Search URL) before creating it again';

function subjectName(subject: RequestSubject): string {
	const resource = subject.resource === RESOURCE.project ? 'Project' : 'Report';
	if (subject.id === undefined || subject.id === '') return resource;
	return subject.resource === RESOURCE.project
		? `${resource} "${subject.id}"`
		: `${resource} ${subject.id}`;
}

const subjectField = (subject: RequestSubject) =>
	subject.resource === RESOURCE.project ? 'the Project name' : 'the Report ID';

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
	// ERR_TLS_…, ERR_SSL_…, any certificate's error, EPROTO
	if (/^ERR_(?:TLS|SSL)|CERT/.test(code) || code === 'EPROTO')
		return 'the secure https connection failed';
	return 'the connection failed';
}

/** Where a redirect pointed, reduced to the site address to use as the Base URL. */
function suggestedBaseUrl(location: string): string {
	const apiAt = location.search(/\/api\/v1(\/|\?|$)/i);
	return siteRoot(apiAt === -1 ? location.replace(/[?#].*$/, '') : location.slice(0, apiAt));
}

/** A size in whole megabytes (MiB), as the user reads the bound. */
function megabytes(bytes: number): string {
	return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** The one wording of every failure. */
export function describeFailure(failure: Failure, situation: FailureSituation): FailureText {
	const baseUrl = situation.baseUrl;
	switch (failure.type) {
		case 'httpError':
			return describeHttpError(failure, baseUrl);
		case 'rateLimitTooLong':
		case 'rateLimitWaitedOut':
			return describeRateLimit(failure);
		case 'redirect':
			return describeRedirect(failure);
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
				message: `${shapeProblem(failure.expected)} (got ${outlineWords(failure.got)}): check that the credential's Base URL (${baseUrl}) is your phpRank site and not a proxy or another service`,
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
			return CANCELED;
		case 'tooLarge':
			return describeTooLarge(failure, baseUrl);
		case 'answerLost':
			return describeAnswerLost(failure, baseUrl);
		case 'planFull':
			return PLAN_FULL_NOT_SENT;
	}
}

/**
 * n8n marks an execution stopped (not failed) when its error says "canceled" (n8n-core's
 * WorkflowExecute): the spelling matters.
 */
const CANCELED: FailureText = {
	message: 'The execution was canceled: the node stopped waiting for phpRank and sent nothing more',
	description:
		'The execution was stopped (Stop, or its timeout). A request phpRank had already received may still have been carried out: look before running the workflow again.',
	httpCode: 'none',
};

function describeRateLimit(
	failure: Extract<Failure, { type: 'rateLimitTooLong' | 'rateLimitWaitedOut' }>,
): FailureText {
	const what =
		failure.type === 'rateLimitTooLong'
			? `phpRank asks to wait ${seconds(failure.askedMs)}, more than Max Wait for Rate Limit allows (${seconds(failure.maxWaitMs)})`
			: `waited ${seconds(failure.waitedMs)} of Max Wait for Rate Limit (${seconds(failure.maxWaitMs)}) and phpRank still refused`;
	return {
		message: `${RATE_LIMIT_MESSAGE}: ${what}; raise Max Wait for Rate Limit in the node's Options, or run the workflow later`,
		description: 'phpRank did not process this request (HTTP 429).',
		httpCode: '429',
	};
}

function describeRedirect(failure: Extract<Failure, { type: 'redirect' }>): FailureText {
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

function describeTooLarge(
	failure: Extract<Failure, { type: 'tooLarge' }>,
	baseUrl: string,
): FailureText {
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

/** Why a possibly processed request has no usable answer, in the words of the "answer was lost" description. */
function lostReason(cause: Failure): string {
	if (cause.type === 'httpError') return `HTTP ${cause.statusCode}`;
	if (cause.type === 'noAnswer') return cause.code;
	if (cause.type === 'timedOut') return `the Timeout of ${cause.limitMs} ms was reached`;
	if (cause.type === 'tooLarge') return `its answer was larger than ${megabytes(cause.limitBytes)}`;
	return cause.type;
}

function describeAnswerLost(
	failure: Extract<Failure, { type: 'answerLost' }>,
	baseUrl: string,
): FailureText {
	const { cause } = failure;
	const tooLarge =
		cause.type === 'tooLarge'
			? ` No phpRank answer is that large: check that the Base URL (${baseUrl}) points at your phpRank API.`
			: '';
	return {
		message: CREATE_RESPONSE_LOST_MESSAGE,
		description: `The request reached phpRank but no usable answer came back (${lostReason(cause)}). The node does not send a Create again, so no duplicate report is made.${tooLarge}`,
		httpCode: cause.type === 'httpError' ? String(cause.statusCode) : 'none',
	};
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

/** A description of a response body longer than this is cut. */
const MAX_OUTLINE_LENGTH = 120;

/** What a body of the wrong shape held, in words: `an object with "error", "data": null`. */
function outlineWords(outline: BodyOutline): string {
	switch (outline.kind) {
		case 'null':
			return 'null';
		case 'list':
			return `a list of ${outline.length}`;
		case 'text':
			return `text of ${outline.length} characters`;
		case 'other':
			return `a ${outline.type}`;
	}
	if (outline.keys.length === 0) return 'an empty object';
	const listed = outline.keys.map((key) => `"${key}"`).join(', ');
	const data = outline.data === undefined ? '' : `, "data": ${dataWords(outline.data)}`;
	const text = `an object with ${listed}${outline.moreKeys ? ', ...' : ''}${data}`;
	return truncated(text, MAX_OUTLINE_LENGTH);
}

/** null, an object, a list, a string… */
const dataWords = (kind: string) =>
	kind === 'null' ? 'null' : kind === 'object' ? 'an object' : `a ${kind}`;

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

/** `phpRank said: "…"` after a description, when phpRank gave a message. */
function serverQuote(failure: HttpError): string {
	return failure.serverMessage ? ` phpRank said: "${failure.serverMessage}"` : '';
}

function describeHttpError(failure: HttpError, baseUrl: string): FailureText {
	const { statusCode, webPage } = failure;
	const httpCode = String(statusCode);
	if (statusCode >= 500) {
		return {
			message: `phpRank had a server error (HTTP ${httpCode}): try again later, or ask the phpRank site's administrator`,
			description: webPage
				? `The answer was a web page (from phpRank or a proxy in front of it); the node retried as its Options allow.`
				: `The node retried as its Options allow.${serverQuote(failure)}`,
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
	if (statusCode === 403) return describeForbidden(failure);
	if (statusCode === 404) return describeNotFound(failure, baseUrl);
	return describeClientError(failure);
}

function describeForbidden(failure: HttpError): FailureText {
	const { serverMessage, subject } = failure;
	const description = `phpRank refused the request (HTTP 403).${serverQuote(failure)}`;
	if (serverMessage.includes('feature') || !subject) {
		return {
			message:
				"This phpRank account's plan has no API access: use an API key of an account whose plan includes the API",
			description,
			httpCode: '403',
		};
	}
	return {
		message: `${subjectName(subject)} does not exist or belongs to another account: check ${subjectField(subject)}`,
		description,
		httpCode: '403',
	};
}

function describeNotFound(failure: HttpError, baseUrl: string): FailureText {
	const { subject } = failure;
	if (subject?.id !== undefined) {
		return {
			message: `${subjectName(subject)} not found: check ${subjectField(subject)} (it may have been deleted)`,
			description: `phpRank has no ${subject.resource} with this ${subject.resource === RESOURCE.project ? 'name' : 'ID'} for this API key.${serverQuote(failure)}`,
			httpCode: '404',
		};
	}
	return {
		message: `No phpRank API at the Base URL (HTTP 404 for ${failure.path}): ${SET_BASE_URL}`,
		description: `${baseUrl} has no phpRank API.${serverQuote(failure)}`,
		httpCode: '404',
	};
}

/** A 4xx other than 403 and 404 (and 429, which is waited out). */
function describeClientError(failure: HttpError): FailureText {
	const { statusCode, serverMessage } = failure;
	const httpCode = String(statusCode);
	if (statusCode === 401) {
		return {
			message:
				'phpRank rejected the API key: check the API key in the phpRank credential and that the Base URL is the site the key belongs to',
			description: `HTTP 401.${serverQuote(failure)}`,
			httpCode,
		};
	}
	if (statusCode === 422) return describeRefusal(failure, serverQuote(failure));
	return {
		message: `phpRank answered HTTP ${httpCode}: check the node's fields and the credential's Base URL`,
		description: serverMessage ? `phpRank said: "${serverMessage}"` : 'phpRank gave no reason.',
		httpCode,
	};
}

/** What can go wrong with a file of a site (Audit Site): never names what the site sent. */
export type SiteProblem =
	| { kind: 'status'; status: number }
	| { kind: 'offSite'; to: string }
	| { kind: 'alreadyRead'; to: string }
	| { kind: 'tooManyRedirects'; limit: number }
	| { kind: 'noAnswer'; code: string }
	| { kind: 'timedOut' }
	| { kind: 'tooLarge'; limitBytes: number }
	| { kind: 'notSitemap' | 'corrupt' | 'tooDeep' | 'tooMany' }
	| { kind: 'cutOff'; root: string }
	| { kind: 'listsNothing'; root: string }
	| { kind: 'notUnderstood'; count: number; example: string | undefined }
	| { kind: 'robotsCut'; limitBytes: number }
	| { kind: 'encoding'; encoding: string };

const SITE_PROBLEM_WORDS: {
	[K in SiteProblem['kind']]: (p: Extract<SiteProblem, { kind: K }>) => string;
} = {
	status: (p) => `answered HTTP ${p.status}`,
	offSite: (p) => `redirects to another site (${p.to}), which is not followed`,
	alreadyRead: (p) => `redirects to ${p.to}, a file already read`,
	tooManyRedirects: (p) => `redirects more than ${p.limit} times`,
	noAnswer: (p) => `did not answer (${transportWords(p.code)})`,
	timedOut: () => "was not read within the node's Timeout",
	tooLarge: (p) =>
		`is larger than ${megabytes(p.limitBytes)} once decompressed, the sitemaps' limit`,
	notSitemap: () => 'is not a sitemap (no <urlset> or <sitemapindex>: a web page or a login page?)',
	corrupt: () => 'is gzip-compressed but cannot be decompressed (a broken file)',
	tooDeep: () => 'is a sitemap index nested more than 3 deep, not read',
	tooMany: () => 'was not read: a run reads at most 100 sitemap files',
	cutOff: (p) =>
		`ended before its closing </${p.root}>: read only in part (cut off by an error or a time-out on the site?)`,
	listsNothing: (p) =>
		`lists no ${p.root === 'urlset' ? 'page' : 'sitemap'} (an empty <${p.root}>, served by mistake?): not understood, as if read only in part`,
	notUnderstood: (p) =>
		`lists ${p.count} ${p.count === 1 ? 'entry' : 'entries'} whose <loc> is ${p.example ? `not a web address (like ${p.example})` : 'empty'}: read only in part`,
	encoding: (p) =>
		`is written in ${truncated(JSON.stringify(p.encoding), 40)} (its XML declaration), which the node does not read (UTF-8, ISO-8859-1, windows-1252 and US-ASCII only): not read`,
	robotsCut: (p) =>
		`is longer than ${p.limitBytes / 1024} KiB: only its first ${p.limitBytes / 1024} KiB were read (RFC 9309's bound on robots.txt), so a Sitemap line past them is not used: read only in part`,
};

/** "<url> answered HTTP 503": one file of a site and what went wrong with it. */
export function describeSiteProblem(url: string, problem: SiteProblem): string {
	const words = SITE_PROBLEM_WORDS[problem.kind] as (p: SiteProblem) => string;
	return `${url} ${words(problem)}`;
}

/** Why a page a sitemap lists is not audited: phpRank refuses to store its URL (Audit Site). */
export const describeUrlTooLong = (length: number, limit: number) =>
	`Not audited: the page's address as the sitemap writes it is ${length.toLocaleString('en-US')} characters long, and phpRank stores at most ${limit.toLocaleString('en-US')} (each percent-encoded character counts 3). Its reports are kept: it is still listed`;
