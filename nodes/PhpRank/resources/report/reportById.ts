import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { InvalidInput, quotedValue } from '../../shared/inputChecks';

/**
 * The report of Get, Update and Delete: the Report field ("From List" and "By ID" alike) read once
 * and checked before any request. A report ID is a positive whole number; a number-like string
 * from an expression is fine. Their requests to it: shared/reportRequests.ts.
 */
export function reportFieldId(context: IExecuteSingleFunctions): number {
	const value = context.getNodeParameter('reportId', undefined, { extractValue: true });
	const text =
		typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (!/^[1-9][0-9]{0,15}$/.test(text) || !Number.isSafeInteger(Number(text))) {
		throw new InvalidInput(
			'Report',
			`Report ID must be a positive whole number, like 12 (got ${value === '' ? 'nothing' : quotedValue(value)})`,
		);
	}
	return Number(text);
}
