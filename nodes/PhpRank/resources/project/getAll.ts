import type { INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit, showFor, sortCollection } from '../../shared/fields';

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
			{
				displayName: 'Search Name',
				name: 'search',
				type: 'string',
				default: '',
				placeholder: 'e.g. example',
				description: 'Only projects whose name contains this text',
				// phpRank searches projects by name only: search_by is sent with its one value.
				routing: {
					request: { qs: { search_by: 'project' } },
					send: { type: 'query', property: 'search' },
				},
			},
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
