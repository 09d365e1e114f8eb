import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { CHECK_OPTIONS } from '../report/checkCatalogue';
import { fromVersion, projectLocator, simplifyField } from '../shared/fields';
import type { TriggerEvent } from './watch';

/** The most reports one poll compares (10 requests of 100). */
export const MAX_WATCHED = 1000;
export const DEFAULT_WATCHED = 100;
/** phpRank calls scores below 49 "bad": the default alert is "a report became bad". */
export const DEFAULT_THRESHOLD = 49;
/**
 * Check Failed's default checks: the failures that take a page out of search, or its visitors away,
 * at once (docs/usage.md says why these): the page asks not to be indexed, robots.txt blocks the
 * crawler, HTTPS breaks (browsers warn, search engines demote), the title goes missing or wrong.
 */
export const DEFAULT_CHECKS = ['title', 'robots', 'noindex', 'https_encryption'];

const showForEvents = (events: TriggerEvent[]) => ({ show: { event: events } });

/** The events that compare reports between polls (Reports to Watch). */
const COMPARING_EVENTS: TriggerEvent[] = [
	'scoreChanged',
	'scoreBelow',
	'checkFailed',
	'checkFixed',
];

/** Confirm After's largest value: its count of readings takes 4 bits of a report's state (confirmAfter.ts). */
export const MAX_CONFIRM_AFTER = 10;

/**
 * Group Events for `events` (node version 3): grouped by default, or one item per report as before.
 * One value, `grouped`, for both kinds of event's grouping: switching the event keeps a valid value.
 */
function groupEventsField(
	events: TriggerEvent[],
	grouped: Pick<INodePropertyOptions, 'name' | 'description'>,
): INodeProperties {
	return {
		displayName: 'Group Events',
		name: 'groupEvents',
		type: 'options',
		default: 'grouped',
		options: [
			{ name: grouped.name, value: 'grouped', description: grouped.description },
			{
				name: 'One Item per Report',
				value: 'perReport',
				description: 'One item per report that changed, the report and what changed (as version 2)',
			},
		],
		description: 'Whether each report is an item, or a change shared by many pages is one alert',
		displayOptions: { show: { event: events, ...fromVersion(3) } },
	};
}

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
				name: 'Check Failed',
				value: 'checkFailed',
				description:
					'A chosen check (e.g. noindex, HTTPS) broke on one of the newest reports; once per fall, again only after it passed again',
			},
			{
				name: 'Check Fixed',
				value: 'checkFixed',
				description:
					'A chosen check that failed on a watched page passes in a re-run or a newer report of the page; once per recovery',
			},
			{
				name: 'New Report',
				value: 'newReport',
				description: 'A report was created (every new report, however many arrived between polls)',
			},
			{
				name: 'Score Below Threshold',
				value: 'scoreBelow',
				description:
					'The score of one of the newest reports fell below a number; once per fall, again only after it recovered',
			},
			{
				name: 'Score Changed',
				value: 'scoreChanged',
				description:
					'A re-run moved the score of one of the newest reports; outputs old and new score',
			},
		],
	},
	{
		displayName:
			"Each poll reads the watched reports (see 'Reports to Watch') and compares their scores with what it recorded. The first reading of a report only records it.",
		name: 'watchNotice',
		type: 'notice',
		default: '',
		displayOptions: showForEvents(['scoreChanged', 'scoreBelow']),
	},
	{
		displayName:
			"Each poll reads the watched reports (see 'Reports to Watch') and compares their checks with what it recorded. The first reading of a report only records it.",
		name: 'checkNotice',
		type: 'notice',
		default: '',
		displayOptions: showForEvents(['checkFailed', 'checkFixed']),
	},
	{
		displayName: 'Checks',
		name: 'checks',
		type: 'multiOptions',
		// DEFAULT_CHECKS: n8n's lint wants the literal here (test/trigger/checkFailures.test.js compares them).
		default: ['title', 'robots', 'noindex', 'https_encryption'],
		description:
			'The checks whose failure (Check Failed) or fix (Check Fixed) starts the workflow. The default: the failures that cost a page its search traffic at once (Title, Robots, Noindex, HTTPS Encryption).',
		options: [...CHECK_OPTIONS],
		displayOptions: showForEvents(['checkFailed', 'checkFixed']),
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
	// Node version 1: the newest 100 by default, as triggers saved before version 2 keep.
	{
		displayName: 'Reports to Watch',
		name: 'watchCount',
		type: 'number',
		default: DEFAULT_WATCHED,
		typeOptions: { minValue: 1, maxValue: MAX_WATCHED },
		description:
			'How many of the newest reports (of the project, if set) each poll compares: one request per 100, about 3 kB of data per report. Changes to older reports are not seen; raise this or set a project to cover them. Changes of a report that is re-run and back to the same score (or checks) between two polls are not seen either.',
		displayOptions: { show: { event: COMPARING_EVENTS, '@version': [1] } },
	},
	// Node version 2 and later: 0, every report of the Project (read in turns, rollingWatch.ts).
	{
		displayName: 'Reports to Watch',
		name: 'watchCount',
		type: 'number',
		default: 0,
		typeOptions: { minValue: 0, maxValue: MAX_WATCHED },
		description:
			'0: with a Project, every report of the project (each poll reads the newest 100 and the next 900 older ones, so a big project is covered in turns); without one, the newest 100. A number: only that many of the newest reports (of the project, if set), one request per 100. Changes of a report that is re-run and back to the same score (or checks) between two readings are not seen.',
		displayOptions: { show: { event: COMPARING_EVENTS, ...fromVersion(2) } },
	},
	// Node version 3: alerts grouped by default (alertGroups.ts); versions 1 and 2 keep one item per report.
	groupEventsField(['checkFailed', 'checkFixed'], {
		name: 'One Item per Check',
		description:
			'One item per check that broke (or was fixed): the count of its pages, up to 10 examples, and ready text, Slack and Markdown lines. Watching a whole project, one item per round of its reports.',
	}),
	groupEventsField(['scoreBelow', 'scoreChanged'], {
		name: 'One Item per Project',
		description:
			'One item per project: the count of its pages, up to 10 examples with their scores, and ready text, Slack and Markdown lines. Watching a whole project, one item per round of its reports.',
	}),
	{
		displayName: 'Confirm After',
		name: 'confirmAfter',
		type: 'number',
		default: 1,
		typeOptions: { minValue: 1, maxValue: MAX_CONFIRM_AFTER },
		description:
			'How many readings in a row (re-runs of a report) a check must fail (Check Failed), pass again (Check Fixed) or a score stay below the threshold before the event fires. A change undone before that fires nothing. 1: at the first reading.',
		displayOptions: showForEvents(['checkFailed', 'checkFixed', 'scoreBelow']),
	},
	simplifyField(),
];
