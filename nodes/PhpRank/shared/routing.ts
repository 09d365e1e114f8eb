import type { IHttpRequestMethods, INodePropertyRouting, PreSendAction } from 'n8n-workflow';

import { captureResponse } from '../hooks/captureResponse';

/**
 * The routing of one operation. `paginate` makes n8n hand the request to the node's request
 * executor (hooks/executeRoutedRequest.ts), which sends it through the one request pipeline
 * (transport/pipeline.ts); `captureResponse` gives the pipeline the whole response to read.
 */
export function operationRouting(
	method: IHttpRequestMethods,
	url?: string,
	preSend: PreSendAction[] = [],
): INodePropertyRouting {
	return {
		request: url === undefined ? { method } : { method, url },
		send: { paginate: true, preSend },
		output: { postReceive: [captureResponse] },
	};
}
