import type { INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit, searchFilter, showFor, sortCollection } from '../../shared/fields';

export const projectGetAllFields: INodeProperties[] = [
	...returnAllAndLimit('project'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: showFor('project', ['getAll']),
		options: [
			searchFilter(
				'Search Name',
				'project',
				'e.g. example',
				'Only projects whose name contains this text',
			),
		],
	},
	sortCollection(
		'project',
		[
			{ name: 'Date Created', value: 'created_at' },
			{ name: 'Name', value: 'project' },
		],
		'created_at',
	),
];
