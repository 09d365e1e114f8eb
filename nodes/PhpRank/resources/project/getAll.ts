import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { OPERATION, RESOURCE } from '../../shared/constants';
import { returnAllAndLimit, searchFilter, showFor, sortCollection } from '../../shared/fields';
import { isRecord } from '../../shared/isRecord';
import { getManyRouting } from '../getMany';
import { reportModules } from '../../report/reportModules';

/** Each project as output: as phpRank sends it, plus its `average_score` and `label`. */
async function withAverage(): Promise<(project: IDataObject) => IDataObject> {
	const { projectWithAverage } = await reportModules.score();
	return (project) => (isRecord(project) ? projectWithAverage(project) : project);
}

/**
 * Project → Get Many: its filter and sort are routed as query parameters; the run pages through
 * the list as Return All and Limit ask (resources/getMany.ts).
 */
export const getAllOption: INodePropertyOptions = {
	name: 'Get Many',
	value: OPERATION.getAll,
	action: 'Get many projects',
	description:
		'List projects (the sites reports belong to), each with its number of reports, average score from 0 to 100 and label',
	routing: getManyRouting('/projects', withAverage),
};

export const getAllFields: INodeProperties[] = [
	...returnAllAndLimit(RESOURCE.project),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: showFor(RESOURCE.project, [OPERATION.getAll]),
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
		RESOURCE.project,
		[
			{ name: 'Date Created', value: 'created_at' },
			{ name: 'Name', value: 'project' },
		],
		'created_at',
	),
];
