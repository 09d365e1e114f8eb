import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { OPERATION, RESOURCE } from '../shared/constants';
import { inDisplayNameOrder, projectLocator, requestLimitFields, showFor } from '../shared/fields';
import { loadedOnce } from '../shared/loadedOnce';
import { operationRouting } from '../transport';
import {
	AUDIT_SUMMARY_PARAMETER,
	brandFields,
	COMBINE_SITES,
	DIGEST_FIELDS,
	HISTORY_PARAMETER,
	OUTPUT_FIELDS,
	WEEK_PARAMETER,
} from './digestParameters';

/**
 * Project → Digest: the operation's description (its option and fields), the entry of the
 * capability. Its run (digestRun.ts, and through it the week, History, the model and the
 * channels) loads at its first use, once (shared/loadedOnce.ts): showing the node needs none of it.
 */
const digestRun = loadedOnce(async () => await import('./digestRun'));

export const digestOption: INodePropertyOptions = {
	name: 'Digest',
	value: OPERATION.digest,
	action: 'Sum up the week of a site',
	description:
		"A site's week in one item: a subject, an email's HTML and text, a Slack and a Markdown message (health and its trend, this week against the last, what to fix first, new and fixed issues, how much was checked) and the row to keep for next week. Use it for questions like 'how did example.com do this week?'.",
	routing: operationRouting(
		async (context, requests, { options }) =>
			await (await digestRun()).digestOfItem(context, requests, options),
	),
};

const showDigest = showFor(RESOURCE.project, [OPERATION.digest]);

export const digestFields: INodeProperties[] = [
	projectLocator({
		required: true,
		description: 'The project (site) to sum up',
		displayOptions: showDigest,
	}),
	{
		displayName: 'Week',
		name: WEEK_PARAMETER,
		type: 'string',
		default: '',
		placeholder: 'e.g. 2026-11-30',
		description:
			"The week to sum up, named by its Monday (a date of the week is fine: its Monday is taken). Empty: this week, in the workflow's time zone. It is the row's week, the key of the history table with the project.",
		displayOptions: showDigest,
	},
	{
		displayName: 'History',
		name: HISTORY_PARAMETER,
		type: 'json',
		default: '[]',
		description:
			'The rows earlier Digest runs output (their row), as the Data table node returns them and Aggregate gathers them: an array of rows, or an object holding one. Rows of other projects and of this week or later are left out. Empty: the first week.',
		displayOptions: showDigest,
	},
	{
		displayName: 'Audit Summary',
		name: AUDIT_SUMMARY_PARAMETER,
		type: 'json',
		default: '',
		description:
			"This run's Audit Site summary item (or all its items, for the reasons pages were not audited), for the digest's coverage: fresh pages of those listed, not audited, waiting, no longer listed. Empty: no coverage.",
		displayOptions: showDigest,
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: showDigest,
		options: inDisplayNameOrder([
			...requestLimitFields(),
			...brandFields,
			{
				displayName: 'Output Fields',
				name: OUTPUT_FIELDS,
				type: 'multiOptions',
				default: [],
				description:
					'Which of the digest to output beside project and week; none chosen: all. An AI agent or MCP client needs only Subject and Text (an answer of a few kB).',
				// every row of DIGEST_FIELDS, in the editor's order: by lower-cased name, compared as
				// strings (localeCompare would load ICU's collator at n8n's start, shared/fields.ts)
				options: DIGEST_FIELDS.map(({ name, value }) => ({ name, value })).sort((a, b) => {
					const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
					return x < y ? -1 : x > y ? 1 : 0;
				}),
			},
			{
				displayName: 'Combine Sites',
				name: COMBINE_SITES,
				type: 'boolean',
				default: false,
				description:
					"Whether every input item's site goes into one digest: a table of the sites (health, its trend, new and fixed issues, pages failing a high check), the sites that got worse first, then each site's section. The first item outputs it, with each site's row in rows; the other items output nothing.",
			},
		]),
	},
];
