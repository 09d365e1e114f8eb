import type { INodeProperties } from 'n8n-workflow';

import { reportLocator, showFor } from '../../shared/fields';
import { simplifyField } from '../../shared/outputFields';

export const reportGetFields: INodeProperties[] = [
	reportLocator('get'),
	simplifyField(showFor('report', ['get'])),
];
