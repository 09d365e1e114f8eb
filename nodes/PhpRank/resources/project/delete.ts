import type { INodeProperties } from 'n8n-workflow';

import { setProjectPath } from '../../hooks/requestInput';
import { showFor } from '../../shared/fields';

export const projectDeleteFields: INodeProperties[] = [
	{
		displayName: 'Project',
		name: 'project',
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description: 'The project to delete. phpRank deletes every report of the project with it.',
		displayOptions: showFor('project', ['delete']),
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a project...',
				typeOptions: { searchListMethod: 'searchProjects', searchable: true },
			},
			{ displayName: 'By Name', name: 'name', type: 'string', placeholder: 'e.g. example.com' },
		],
		routing: { send: { preSend: [setProjectPath] } },
	},
];
