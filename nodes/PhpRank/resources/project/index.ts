import type { INodeProperties } from 'n8n-workflow';

import { OPERATION, RESOURCE } from '../../shared/constants';
import { requestLimitOptions } from '../../shared/fields';
import { auditSiteFields, auditSiteOption } from '../../auditSite/auditSite';
import { deleteFields, deleteOption } from './delete';
import { digestFields, digestOption } from '../../digest/digestOperation';
import { getAllFields, getAllOption } from './getAll';
import { getIssuesFields, getIssuesOption } from './getIssues';
import { validateFixFields, validateFixOption } from './validateFix';

/** The Project resource: its operations (one file each) and their fields, in the editor's order. */
export const projectProperties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [RESOURCE.project] } },
		// n8n's lint wants the literal here (the description snapshot test guards it).
		default: 'getAll',
		options: [
			auditSiteOption,
			deleteOption,
			digestOption,
			getAllOption,
			getIssuesOption,
			validateFixOption,
		],
	},
	...getAllFields,
	...deleteFields,
	...getIssuesFields,
	...validateFixFields,
	...auditSiteFields,
	...digestFields,
	requestLimitOptions(RESOURCE.project, [
		OPERATION.delete,
		OPERATION.getAll,
		OPERATION.getIssues,
		OPERATION.validateFix,
	]),
];
