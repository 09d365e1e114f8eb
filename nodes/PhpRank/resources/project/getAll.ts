import type { INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit, showFor, sortDirectionField } from '../../shared/fields';

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
	{
		displayName: 'Sort',
		name: 'sorting',
		type: 'collection',
		placeholder: 'Add Sort Option',
		default: {},
		displayOptions: showFor('project', ['getAll']),
		options: [
			{
				displayName: 'Sort By',
				name: 'sortBy',
				type: 'options',
				default: 'created_at',
				options: [
					{ name: 'Date Created', value: 'created_at' },
					{ name: 'Name', value: 'project' },
				],
				routing: { send: { type: 'query', property: 'sort_by' } },
			},
			sortDirectionField,
		],
	},
];
