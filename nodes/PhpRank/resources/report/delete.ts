import type { INodePropertyOptions } from 'n8n-workflow';

import { OPERATION } from '../../shared/constants';
import { reportRequest } from '../../shared/reportRequests';
import { operationRouting } from '../../transport';
import { reportFieldId } from './reportById';

/** Report → Delete: one report by its ID (the Report field, shared with Get and Update: index.ts). */
export const deleteOption: INodePropertyOptions = {
	name: 'Delete',
	value: OPERATION.delete,
	action: 'Delete a report',
	description:
		'Delete a report by its ID (a whole number, like 12, that Get Many returns). Returns its ID and deleted: true.',
	routing: operationRouting(async (context, requests) => [
		await requests.deletion(reportRequest('DELETE', reportFieldId(context))),
	]),
};
