import type { INodeProperties } from 'n8n-workflow';

import { KEEP_PRIVACY } from '../../shared/constants';
import { passwordField, privacyChoices, showFor } from '../../shared/fields';
import { outputChangesField, simplifyField } from '../../shared/outputFields';

export const reportUpdateFields: INodeProperties[] = [
	{
		displayName: 'Privacy',
		name: 'privacy',
		type: 'options',
		default: KEEP_PRIVACY,
		description:
			'Who can open the report page: Keep Current (keep), Public (0), Private (1) or Password (2)',
		options: [
			{
				name: 'Keep Current',
				value: KEEP_PRIVACY,
				description: 'Leave the privacy as it is',
			},
			...privacyChoices,
		],
		// Not routed: Update's preSend (sendUpdateForm) reads it once and also takes a name or digit
		// from an expression or an AI tool's argument, which n8n's option routing would drop.
		displayOptions: showFor('report', ['update']),
	},
	passwordField('update'),
	{
		displayName: 'Re-Run Analysis',
		name: 'rerunAnalysis',
		type: 'boolean',
		default: false,
		description:
			'Whether phpRank should analyse the page again and refresh the results (takes a few seconds)',
		displayOptions: showFor('report', ['update']),
		routing: { send: { type: 'body', property: 'results' } },
	},
	outputChangesField(showFor('report', ['update'], { rerunAnalysis: [true] })),
	simplifyField(showFor('report', ['update'])),
];
