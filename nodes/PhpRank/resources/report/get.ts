import type { INodeProperties } from 'n8n-workflow';

import { reportLocator } from '../../shared/fields';

export const reportGetFields: INodeProperties[] = [reportLocator('get')];
