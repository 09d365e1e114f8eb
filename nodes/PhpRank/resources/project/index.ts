import type { INodeProperties } from 'n8n-workflow';

import { requestLimitOptions } from '../../shared/fields';
import { operationRouting } from '../../shared/routing';
import { projectDeleteFields } from './delete';
import { projectGetAllFields } from './getAll';

export const projectOperations: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['project'] } },
		default: 'getAll',
		options: [
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a project and its reports',
				description: 'Delete a project together with every report in it',
				routing: operationRouting('DELETE'),
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many projects',
				description: 'List projects with their report count and score sum',
				routing: operationRouting('GET', '/projects'),
			},
		],
	},
];

export const projectFields: INodeProperties[] = [
	...projectGetAllFields,
	...projectDeleteFields,
	requestLimitOptions('project', ['delete', 'getAll']),
];
