import type { IDataObject, IHttpRequestOptions, INode } from 'n8n-workflow';

import type { Failure } from './failure';
import type { ChannelDeadline, RequestLimits } from './limits';
import type { ApiResponse } from './response';

/**
 * The channel a request's attempts go by, and the hooks of its sending: the types the entry point
 * (index.ts, which makes the channels), the pipeline (pipeline.ts) and the page loop (paging.ts)
 * share, apart so that none of them imports another for its types. The request itself is
 * shared/apiRequest.ts' (`ApiRequest`): what builds one need not know the transport.
 */

/**
 * What the pipeline calls while it sends one request (`send`'s `hooks`), for a Create within the
 * plan (index.ts `withinPlan`).
 */
export interface RequestHooks {
	/**
	 * Called once the request has its place at the gate, right before each attempt is sent: what it
	 * throws (a PipelineFailure) ends the request unsent. A Create once phpRank said in the run that
	 * the plan is full (createOrRerun/index.ts, the run's plan state): a Create that waited at the gate is not sent.
	 */
	beforeSend?: () => void;
	/**
	 * Called with the failure an answer stands for (not a 429), before the request's place at the
	 * gate goes to the next one: so a request waiting there sees at once what this answer said.
	 */
	onRefusal?: (failure: Failure) => void;
}

/**
 * How a request reaches its host beside its Timeout: the proxy (with its user and password, if
 * any) and whether a certificate that is not trusted is accepted, in the fields of n8n's HTTP helper.
 */
export type ConnectionOptions = Pick<IHttpRequestOptions, 'proxy' | 'skipSslCertificateValidation'>;

/** How one attempt goes on the wire, and what the wording of a failure may read. */
export interface ApiChannel {
	node: INode;
	itemIndex: number;
	limits: RequestLimits;
	/**
	 * The execution's cancel signal (Stop, the execution timeout), where n8n gives one: every wait
	 * ends on it at once, and nothing is sent or retried after it.
	 */
	cancelSignal?: AbortSignal;
	deadline?: ChannelDeadline;
	/**
	 * The node's Proxy and Ignore SSL Issues (Request Options) as n8n's routing put them into the
	 * item's requests (an operation's item only): the item's requests to a site are sent with them too.
	 */
	connection?: ConnectionOptions;
	/**
	 * Asks n8n to send one attempt; resolves with the response whatever its status, its body as n8n
	 * hands it over (a stream, which the pipeline reads within the bound: responseBody.ts), or
	 * throws when none came back. `signal` is the attempt's (the cancel signal and its deadline),
	 * also in `options` (`abortSignal`, `agentOptions.signal`).
	 */
	transmit(options: IHttpRequestOptions, signal: AbortSignal): Promise<ApiResponse>;
	/** The credential, read only when a failure is described: its Base URL is named, its key removed. */
	credential(): Promise<IDataObject>;
}
