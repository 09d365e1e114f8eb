import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';

import { capturedResponse } from '../transport/channels';

/**
 * postReceive of every operation: hands the whole response (status, headers, body) to the
 * request pipeline, which reads every response itself (transport/pipeline.ts).
 */
export async function captureResponse(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	return [{ json: capturedResponse(response) as unknown as IDataObject }];
}
