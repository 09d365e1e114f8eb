import type { INodeProperties } from 'n8n-workflow';

import {
	projectLocator,
	returnAllAndLimit,
	searchFilter,
	showFor,
	sortCollection,
} from '../../shared/fields';
import { simplifyField } from '../../shared/outputFields';

export const reportGetAllFields: INodeProperties[] = [
	...returnAllAndLimit('report'),
	simplifyField(showFor('report', ['getAll'])),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: showFor('report', ['getAll']),
		options: [
			projectLocator({
				description: 'Only reports of this project (exact name)',
				routing: { send: { type: 'query', property: 'project' } },
			}),
			{
				displayName: 'Result',
				name: 'result',
				type: 'options',
				default: 'good',
				description: "Only reports whose score is in this band (phpRank's thresholds)",
				options: [
					{ name: 'Good', value: 'good', description: 'Score above 79' },
					{ name: 'Decent', value: 'decent', description: 'Score 49 to 79' },
					{ name: 'Bad', value: 'bad', description: 'Score below 49' },
				],
				routing: { send: { type: 'query', property: 'result' } },
			},
			searchFilter(
				'Search URL',
				'url',
				'e.g. example.com/blog',
				'Only reports whose URL contains this text',
			),
		],
	},
	sortCollection(
		'report',
		[
			{ name: 'Date Created (ID)', value: 'id' },
			{
				name: 'Date Generated',
				value: 'generated_at',
				description: 'Some phpRank versions ignore this key and sort by date created',
			},
			{ name: 'Result', value: 'result' },
			{ name: 'URL', value: 'url' },
		],
		'id',
	),
];
