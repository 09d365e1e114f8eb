import type { IHttpRequestMethods, INodePropertyRouting, PreSendAction } from 'n8n-workflow';

import { throwOnApiError } from '../hooks/apiErrors';
import { observeRateLimit } from '../hooks/requestPolicy';

/**
 * The routing of one operation. `paginate` makes n8n hand the request to the node's request
 * executor (hooks/executeRoutedRequest.ts), which pages, shapes answers and maps transport
 * errors in one place; `observeRateLimit` shows the throttle's headers to the account's gate;
 * `throwOnApiError` turns every error answer into a clear n8n error.
 */
export function operationRouting(
	method: IHttpRequestMethods,
	url?: string,
	preSend: PreSendAction[] = [],
): INodePropertyRouting {
	return {
		request: url === undefined ? { method } : { method, url },
		send: { paginate: true, preSend },
		output: { postReceive: [observeRateLimit, throwOnApiError] },
	};
}
