import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { Failure } from './failures';
import type { FailureSituation } from './failureWording';
import { describeFailure } from './failureWording';
import { redactSecrets } from './secrets';

/** The kind of failure behind each error the pipeline built, for callers that treat one kind apart. */
const failureTypes = new WeakMap<object, Failure['type']>();

export function failureTypeOf(error: unknown): Failure['type'] | undefined {
	return typeof error === 'object' && error !== null ? failureTypes.get(error) : undefined;
}

/**
 * The n8n error for a failure, for one item. Message and description pass through the secret
 * filter: phpRank (or a proxy) may echo the request, key and password included, in its message.
 */
export function failureError(
	node: INode,
	failure: Failure,
	itemIndex: number,
	situation: FailureSituation,
	secrets: Array<string | undefined>,
): NodeApiError {
	const text = describeFailure(failure, situation);
	const message = redactSecrets(text.message, secrets);
	const error = new NodeApiError(node, { message } as JsonObject, {
		message,
		description: redactSecrets(text.description, secrets),
		httpCode: text.httpCode,
		itemIndex,
	});
	failureTypes.set(error, failure.type);
	return error;
}
