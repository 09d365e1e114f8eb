import type { INodeProperties } from 'n8n-workflow';

import { passwordField, privacyChoices, showFor } from '../../shared/fields';
import { simplifyField } from '../../shared/outputFields';

/** URL, Privacy and Password: Create's form, also sent by Create or Re-Run when it creates. */
const FORM_OPERATIONS = ['create', 'createOrRerun'];

export const reportCreateFields: INodeProperties[] = [
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/about',
		description:
			'The web page to analyse, as a full address starting with http:// or https://, like https://example.com/about. phpRank fetches it while creating the report.',
		displayOptions: showFor('report', FORM_OPERATIONS),
		// Not routed: the operation's preSend (sendCreateForm) reads URL, Privacy and Password once.
	},
	{
		displayName: 'Privacy',
		name: 'privacy',
		type: 'options',
		// Private (1), and always sent: without it phpRank makes the report public, not private as documented.
		default: 1,
		description:
			'Who can open the report page: Public (0), Private (1) or Password (2). Create or Re-Run sends it only when it creates the report.',
		options: privacyChoices,
		displayOptions: showFor('report', FORM_OPERATIONS),
	},
	passwordField(FORM_OPERATIONS, false),
	simplifyField(showFor('report', ['create'])),
];
