import type { IDataObject, INode } from 'n8n-workflow';

import type { PipelineFailure } from './failure';
import type { FailureText } from './failureWording';
import { describeFailure } from './failureWording';
import { redactSecrets, userinfoSecrets, withoutUserinfo } from './redaction';

/** Where a failure happened, for its wording: the node, the item, and the credential it used. */
export interface ErrorSituation {
	node: INode;
	itemIndex: number;
	/** The credential, read only when a failure is described: its Base URL is named, its key removed. */
	credential(): Promise<IDataObject>;
}

/**
 * What an item shows of a failure of its requests: the words of failureWording.ts, naming the
 * Base URL, passed through the secret filter (redaction.ts): phpRank (or a proxy) may echo the
 * request, key and password included (the failure carries its request's secrets). The entry point
 * makes it n8n's error (index.ts `nodeErrorOf`); Validate Fix's `recordOrFailure` outputs it.
 */
export async function failureTextOf(
	situation: ErrorSituation,
	error: PipelineFailure,
): Promise<FailureText> {
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
	return {
		message: redactSecrets(text.message, allSecrets),
		description: redactSecrets(text.description, allSecrets),
		httpCode: text.httpCode,
	};
}
