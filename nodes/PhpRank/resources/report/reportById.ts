import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { reportIdFrom } from '../../shared/inputChecks';

/**
 * The report of Get, Update and Delete: the Report field ("From List" and "By ID" alike) read once
 * and checked (a positive whole number), before any request. Their requests to it:
 * shared/reportRequests.ts.
 */
export function reportFieldId(context: IExecuteSingleFunctions): number {
	return reportIdFrom(context.getNodeParameter('reportId', undefined, { extractValue: true }));
}
