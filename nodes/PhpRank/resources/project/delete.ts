import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { OPERATION, RESOURCE } from '../../shared/constants';
import { projectLocator, showFor } from '../../shared/fields';
import { projectPathSegment } from '../../shared/inputChecks';
import { operationRouting } from '../../transport';

/** Project → Delete: a project by name, and with it every report of the project. */
export const deleteOption: INodePropertyOptions = {
	name: 'Delete',
	value: OPERATION.delete,
	action: 'Delete a project and its reports',
	description:
		'Delete a project (a site) together with every report in it. Returns its name and deleted: true.',
	routing: operationRouting(async (context, requests) => {
		// The Project field ("From List" and "By Name" alike) read once, checked, one path segment.
		const name = context.getNodeParameter('project', undefined, { extractValue: true });
		const segment = projectPathSegment(name);
		return [
			await requests.deletion({
				method: 'DELETE',
				url: `/projects/${segment}`,
				subject: { resource: RESOURCE.project, id: name as string },
			}),
		];
	}),
};

export const deleteFields: INodeProperties[] = [
	projectLocator({
		required: true,
		description: 'The project to delete. phpRank deletes every report of the project with it.',
		displayOptions: showFor(RESOURCE.project, [OPERATION.delete]),
	}),
];
