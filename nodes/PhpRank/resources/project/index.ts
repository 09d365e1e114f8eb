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
				description:
					'Delete a project (a site) together with every report in it. Returns its name and deleted: true.',
				routing: operationRouting('DELETE'),
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many projects',
				description:
					'List projects (the sites reports belong to), each with its number of reports, average score from 0 to 100 and label',
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
