import type { INodeProperties } from 'n8n-workflow';

import { projectLocator, simplifyField } from '../shared/fields';
import type { TriggerEvent } from './watch';

/** The most reports one poll compares (10 requests of 100). */
export const MAX_WATCHED = 1000;
export const DEFAULT_WATCHED = 100;
/** phpRank calls scores below 49 "bad": the default alert is "a report became bad". */
export const DEFAULT_THRESHOLD = 49;

const showForEvents = (events: TriggerEvent[]) => ({ show: { event: events } });

/** A number of score points (1 to 100), shown for the given events only. */
function scorePointsField(
	field: Pick<INodeProperties, 'displayName' | 'name' | 'default' | 'description'>,
	events: TriggerEvent[],
): INodeProperties {
	return {
		...field,
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 100 },
		displayOptions: showForEvents(events),
	};
}

/** The trigger's fields: the event, what to watch, and the Simplify switch. */
export const triggerFields: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		default: 'newReport',
		options: [
			{
				name: 'New Report',
				value: 'newReport',
				description: 'A report was created (every new report, however many arrived between polls)',
			},
			{
				name: 'Score Changed',
				value: 'scoreChanged',
				description:
					'A re-run moved the score of one of the newest reports; outputs old and new score',
			},
			{
				name: 'Score Below Threshold',
				value: 'scoreBelow',
				description:
					'The score of one of the newest reports fell below a number; once per fall, again only after it recovered',
			},
		],
	},
	{
		displayName:
			"Each poll reads the newest reports (see 'Reports to Watch') and compares their scores with the previous poll. The first poll after activation only records them.",
		name: 'watchNotice',
		type: 'notice',
		default: '',
		displayOptions: showForEvents(['scoreChanged', 'scoreBelow']),
	},
	projectLocator({
		description: 'Only reports of this project (exact name); leave empty for every project',
	}),
	scorePointsField(
		{
			displayName: 'Threshold',
			name: 'threshold',
			default: DEFAULT_THRESHOLD,
			description:
				'Emit a report when its score falls below this number (phpRank calls scores below 49 bad, 49 to 79 decent). Emitted once; again only after the score was back at this number or more. A new report that starts below it is emitted too.',
		},
		['scoreBelow'],
	),
	scorePointsField(
		{
			displayName: 'Minimum Change',
			name: 'minimumChange',
			default: 1,
			description:
				'Smallest score move, in points, that counts. Smaller moves are not emitted but add up: the score is compared with the one last emitted (or first recorded).',
		},
		['scoreChanged'],
	),
	{
		displayName: 'Reports to Watch',
		name: 'watchCount',
		type: 'number',
		default: DEFAULT_WATCHED,
		typeOptions: { minValue: 1, maxValue: MAX_WATCHED },
		description:
			'How many of the newest reports (of the project, if set) each poll compares: one request per 100, about 3 kB of data per report. Changes to older reports are not seen; raise this or set a project to cover them. Changes of a report that is re-run and back to the same score between two polls are not seen either.',
		displayOptions: showForEvents(['scoreChanged', 'scoreBelow']),
	},
	simplifyField(),
];
