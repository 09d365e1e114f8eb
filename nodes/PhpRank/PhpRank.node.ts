import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { executeRoutedRequest } from './hooks/executeRoutedRequest';
import { searchProjects, searchReports } from './methods/listSearch';
import { projectFields, projectOperations } from './resources/project';
import { reportFields, reportOperations } from './resources/report';
import { CREDENTIAL_NAME } from './shared/constants';

export class PhpRank implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'phpRank',
		name: 'phpRank',
		icon: { light: 'file:phpRank.svg', dark: 'file:phpRank.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Create, re-run and read SEO reports of a phpRank site',
		defaults: { name: 'phpRank' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_NAME, required: true }],
		// No requestDefaults: the credential sets the site's API root and the Bearer header, and the
		// request pipeline (transport/pipeline.ts) the rest of every request.
		requestOperations: { pagination: executeRoutedRequest },
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Project', value: 'project' },
					{ name: 'Report', value: 'report' },
				],
				default: 'report',
			},
			...reportOperations,
			...reportFields,
			...projectOperations,
			...projectFields,
		],
	};

	methods = { listSearch: { searchProjects, searchReports } };
}
