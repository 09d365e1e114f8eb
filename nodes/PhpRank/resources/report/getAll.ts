import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { OPERATION, RESOURCE } from '../../shared/constants';
import {
	projectLocator,
	returnAllAndLimit,
	searchFilter,
	showFor,
	simplifyField,
	sortCollection,
} from '../../shared/fields';
import { getManyRouting } from '../getMany';
import { reportModules } from '../../report/reportModules';

/**
 * Report → Get Many: its filters and sort are routed as query parameters (n8n builds them from the
 * fields below); the run pages through the list as Return All and Limit ask (resources/getMany.ts).
 */
export const getAllOption: INodePropertyOptions = {
	name: 'Get Many',
	value: OPERATION.getAll,
	action: 'Get many reports',
	description:
		'List reports, filtered by URL text, project or result and sorted; each with its score from 0 to 100, label and failed checks',
	routing: getManyRouting('/reports', async (context) =>
		(await reportModules.reportView()).reportView(context),
	),
};

export const getAllFields: INodeProperties[] = [
	...returnAllAndLimit(RESOURCE.report),
	simplifyField(showFor(RESOURCE.report, [OPERATION.getAll])),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: showFor(RESOURCE.report, [OPERATION.getAll]),
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
		RESOURCE.report,
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
