import type { INodeProperties } from 'n8n-workflow';

import {
	checkMaxAge,
	sendCreateForm,
	sendUpdateForm,
	setReportPath,
} from '../../hooks/requestInput';
import { reportLocator, requestLimitOptions } from '../../shared/fields';
import { operationRouting } from '../../shared/routing';
import { reportCreateFields } from './create';
import { reportCreateOrRerunFields } from './createOrRerun';
import { reportGetFields } from './get';
import { reportGetAllFields } from './getAll';
import { reportUpdateFields } from './update';

/**
 * n8n's lint checks actions with a sentence-case converter that drops hyphens ("re-run" becomes
 * "re run"); n8n writes "re-run". Held in a constant, which that rule does not read: a unit test
 * (test/unit/nodeDescription.test.js) checks every action's case instead.
 */
const CREATE_OR_RERUN_ACTION = 'Create or re-run a report';

export const reportOperations: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['report'] } },
		default: 'getAll',
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a report',
				description:
					'Analyse a web page (a full http:// or https:// address) and store its report. Returns the report: score from 0 to 100, label (good, decent or bad) and the failed checks with a reason each.',
				routing: operationRouting('POST', '/reports', [sendCreateForm]),
			},
			{
				name: 'Create or Re-Run',
				value: 'createOrRerun',
				action: CREATE_OR_RERUN_ACTION,
				description:
					"Keep one up-to-date report per page: re-run the newest report of the URL, or create one when it has none. Returns the report (score from 0 to 100, label, failed checks) and 'action': created, re-run or kept.",
				// The routed request is the Create; the executor looks the URL up first and sends it only when no report has it.
				routing: operationRouting('POST', '/reports', [sendCreateForm, checkMaxAge]),
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a report',
				description:
					'Delete a report by its ID (a whole number, like 12, that Get Many returns). Returns its ID and deleted: true.',
				routing: operationRouting('DELETE', undefined, [setReportPath]),
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a report',
				description:
					'Get a report by its ID (a whole number, like 12, that Get Many returns): score from 0 to 100, label (good, decent or bad) and the failed checks with a reason each',
				routing: operationRouting('GET', undefined, [setReportPath]),
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many reports',
				description:
					'List reports, filtered by URL text, project or result and sorted; each with its score from 0 to 100, label and failed checks',
				routing: operationRouting('GET', '/reports'),
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a report',
				description:
					"Change a report's privacy or re-run its analysis, by the report's ID (the ID that Get Many returns). Returns the report with its score from 0 to 100, label and failed checks, and optionally what the re-run changed.",
				// PATCH: only the fields given change (phpRank accepts PUT and PATCH alike).
				routing: operationRouting('PATCH', undefined, [setReportPath, sendUpdateForm]),
			},
		],
	},
];

export const reportFields: INodeProperties[] = [
	...reportGetAllFields,
	reportLocator(['get', 'update', 'delete']),
	...reportGetFields,
	...reportCreateFields,
	...reportCreateOrRerunFields,
	...reportUpdateFields,
	requestLimitOptions('report', ['create', 'createOrRerun', 'delete', 'get', 'getAll', 'update']),
];
