import type { INodeProperties } from 'n8n-workflow';

import { sendCreateForm, sendReportForm, setReportPath } from '../../hooks/requestInput';
import { reportLocator, requestLimitOptions } from '../../shared/fields';
import { operationRouting } from '../../shared/routing';
import { reportCreateFields } from './create';
import { reportDeleteFields } from './delete';
import { reportGetFields } from './get';
import { reportGetAllFields } from './getAll';
import { reportUpdateFields } from './update';

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
				description: 'Analyse a web page and store the report',
				routing: operationRouting('POST', '/reports', [sendCreateForm]),
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a report',
				description: 'Delete a report',
				routing: operationRouting('DELETE', undefined, [setReportPath]),
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a report',
				description: 'Get a report with all its check results',
				routing: operationRouting('GET', undefined, [setReportPath]),
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many reports',
				description: 'List reports, filtered and sorted',
				routing: operationRouting('GET', '/reports'),
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a report',
				description: "Change a report's privacy or re-run its analysis",
				// PATCH: only the fields given change (phpRank accepts PUT and PATCH alike).
				routing: operationRouting('PATCH', undefined, [setReportPath, sendReportForm]),
			},
		],
	},
];

export const reportFields: INodeProperties[] = [
	...reportGetAllFields,
	reportLocator(['get', 'update', 'delete']),
	...reportGetFields,
	...reportCreateFields,
	...reportUpdateFields,
	...reportDeleteFields,
	requestLimitOptions('report', ['create', 'delete', 'get', 'getAll', 'update']),
];
