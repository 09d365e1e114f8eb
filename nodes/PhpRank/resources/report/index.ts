import type { INodeProperties } from 'n8n-workflow';

import { OPERATION, RESOURCE } from '../../shared/constants';
import { reportLocator, requestLimitOptions } from '../../shared/fields';
import { createFields, createOption } from './create';
import {
	createOrRerunFields,
	createOrRerunOption,
} from '../../createOrRerun/createOrRerunOperation';
import { deleteOption } from './delete';
import { getFields, getOption } from './get';
import { getAllFields, getAllOption } from './getAll';
import { updateFields, updateOption } from './update';

/** The Report resource: its operations (one file each) and their fields, in the editor's order. */
export const reportProperties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [RESOURCE.report] } },
		// n8n's lint wants the literal here (the description snapshot test guards it).
		default: 'getAll',
		options: [
			createOption,
			createOrRerunOption,
			deleteOption,
			getOption,
			getAllOption,
			updateOption,
		],
	},
	...getAllFields,
	// One Report field for Get, Update and Delete: n8n evaluates every top-level property for every
	// item, so one definition per operation would evaluate an ID expression three times over.
	reportLocator([OPERATION.get, OPERATION.update, OPERATION.delete]),
	...getFields,
	...createFields,
	...createOrRerunFields,
	...updateFields,
	requestLimitOptions(RESOURCE.report, Object.values(OPERATION)),
];
