import type { INodeProperties } from 'n8n-workflow';

import { passwordField, privacyChoices, showFor } from '../../shared/fields';
import { simplifyField } from '../../shared/outputFields';

export const reportCreateFields: INodeProperties[] = [
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/about',
		description: 'The web page to analyse; phpRank fetches it while creating the report',
		displayOptions: showFor('report', ['create']),
		// Not routed: the operation's preSend (sendCreateForm) reads URL, Privacy and Password once.
	},
	{
		displayName: 'Privacy',
		name: 'privacy',
		type: 'options',
		// Private (1), and always sent: without it phpRank makes the report public, not private as documented.
		default: 1,
		description: 'Who can open the report page',
		options: privacyChoices,
		displayOptions: showFor('report', ['create']),
	},
	passwordField('create', false),
	simplifyField(showFor('report', ['create'])),
];
