import type { INodeProperties } from 'n8n-workflow';

/** Delete has no field of its own: the Report locator is shared with Get and Update (index.ts). */
export const reportDeleteFields: INodeProperties[] = [];
