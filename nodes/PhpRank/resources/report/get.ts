import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../../shared/fields';
import { simplifyField } from '../../shared/outputFields';

export const reportGetFields: INodeProperties[] = [simplifyField(showFor('report', ['get']))];
