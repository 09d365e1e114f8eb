import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { OPERATION, RESOURCE } from '../../shared/constants';
import { showFor, simplifyField } from '../../shared/fields';
import { reportRequest } from '../../shared/reportRequests';
import { operationRouting } from '../../transport';
import { reportModules } from '../../report/reportModules';
import { reportFieldId } from './reportById';

/** Report → Get: one report by its ID (the Report field, shared with Update and Delete: index.ts). */
export const getOption: INodePropertyOptions = {
	name: 'Get',
	value: OPERATION.get,
	action: 'Get a report',
	description:
		'Get a report by its ID (a whole number, like 12, that Get Many returns): score from 0 to 100, label (good, decent or bad) and the failed checks with a reason each',
	routing: operationRouting(async (context, requests) => {
		const record = await requests.record(reportRequest('GET', reportFieldId(context)));
		const { reportView } = await reportModules.reportView();
		return [reportView(context)(record)];
	}),
};

export const getFields: INodeProperties[] = [
	simplifyField(showFor(RESOURCE.report, [OPERATION.get])),
];
