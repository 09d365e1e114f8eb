import type { INodeProperties } from 'n8n-workflow';

import { setProjectPath } from '../../hooks/requestInput';
import { projectLocator, showFor } from '../../shared/fields';

export const projectDeleteFields: INodeProperties[] = [
	projectLocator({
		required: true,
		description: 'The project to delete. phpRank deletes every report of the project with it.',
		displayOptions: showFor('project', ['delete']),
		routing: { send: { preSend: [setProjectPath] } },
	}),
];
