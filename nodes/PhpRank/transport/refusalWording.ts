import { truncated } from '../shared/truncate';
import type { HttpError } from './failure';
import { pageRefusalOf } from './failure';

/**
 * The words of a 422 (failureWording.ts hands it here): phpRank answers under `url` both a bad
 * address and a page it refused (failure.ts `pageRefusalOf`): its plan is full, or it could not
 * fetch the page. The plan's words are the same for a Create left unsent after that answer.
 */

/** A failure as the user reads it (failureWording.ts words every one; a 422's words are here). */
export interface FailureText {
	message: string;
	description: string;
	httpCode: string;
}

/** What the user does when the account's plan is full: the same words whether or not the Create was sent. */
const PLAN_FULL_MESSAGE =
	"The phpRank account's plan allows no more reports: delete reports (Report → Delete, Project → Delete) or raise the plan";

/** phpRank's note after a cURL error, and the page's address it repeats: the message names the page already. */
const CURL_NOTE = /\s*\(see https?:\/\/curl\.haxx\.se[^)]*\)/gi;
const FOR_PAGE = /\s+for\s+https?:\/\/\S+$/i;

/**
 * A 422: phpRank refused the page (its plan is full, or it could not fetch the page: transport
 * `pageRefusalOf`), or an input (a field to correct).
 */
export function describeRefusal(failure: HttpError, serverQuote: string): FailureText {
	const refusal = pageRefusalOf(failure);
	const description = `HTTP 422.${serverQuote}`;
	if (refusal?.kind === 'planFull') {
		return { message: PLAN_FULL_MESSAGE, description, httpCode: '422' };
	}
	if (refusal?.kind === 'fetchFailed') {
		const reason = refusal.reason.replace(CURL_NOTE, '').replace(FOR_PAGE, '');
		return {
			message: `phpRank could not fetch ${failure.page ?? 'the page'}: ${truncated(reason, 300)}. Check that the page answers from phpRank's server`,
			description: `phpRank fetches the page itself when it creates or re-runs a report, and could not.${serverQuote}`,
			httpCode: '422',
		};
	}
	return {
		message: failure.serverMessage
			? `phpRank rejected the input: ${failure.serverMessage}`
			: "phpRank rejected the input: check the node's fields",
		description: 'Correct the field named in the message and run the node again.',
		httpCode: '422',
	};
}

/** A Create not sent because phpRank said earlier in the run that the plan is full. */
export const PLAN_FULL_NOT_SENT: FailureText = {
	message: PLAN_FULL_MESSAGE,
	description:
		'Not sent: phpRank answered earlier in this run that the account\'s plan allows no more reports ("You created too many reports."), so no further report is created in this run.',
	httpCode: 'none',
};
