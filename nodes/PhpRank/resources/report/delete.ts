import type { INodeProperties } from 'n8n-workflow';

import { reportLocator } from '../../shared/fields';

export const reportDeleteFields: INodeProperties[] = [reportLocator('delete')];
