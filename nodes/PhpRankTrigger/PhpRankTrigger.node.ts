import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { searchProjects } from '../PhpRank/methods/listSearch';
import { CREDENTIAL_NAME } from '../PhpRank/shared/constants';
import { projectLocator } from '../PhpRank/shared/fields';
import {
	SIMPLIFY_DEFAULT,
	SIMPLIFY_PARAMETER,
	simplifyField,
} from '../PhpRank/shared/outputFields';
import { codeChannel } from '../PhpRank/transport/channels';
import type { CollectOptions } from '../PhpRank/transport/pagedList';
import { planPages } from '../PhpRank/transport/pagePlan';
import type { RequestLimits } from '../PhpRank/transport/pipeline';
import { DEFAULT_LIMITS, readList } from '../PhpRank/transport/pipeline';
import type { TriggerEvent, WatchEvent, WatchSettings, WatchState } from './watch';
import {
	baseline,
	belowFields,
	changeFields,
	detectNewReports,
	detectScoreBelow,
	detectScoreChanges,
	eventItem,
	isKnownState,
	latestRerun,
	newestBelow,
	reportId,
} from './watch';

/** A poll must end within n8n's poll budget (minutes): wait at most a minute for the rate limit. */
const POLL_LIMITS: RequestLimits = { ...DEFAULT_LIMITS, maxRateLimitWaitMs: 60_000 };

async function pollList(
	context: IPollFunctions,
	url: string,
	qs: IDataObject,
	options: CollectOptions,
) {
	return await readList(codeChannel(context, POLL_LIMITS), url, qs, options);
}

/** New Report looks at one small page first; only a burst of new reports reads bigger pages. */
const PROBE_PAGE = 10;
const BURST_PAGE = 100;
const MAX_WATCHED = 1000;
const DEFAULT_WATCHED = 100;
/** phpRank calls scores below 49 "bad": the default alert is "a report became bad". */
const DEFAULT_THRESHOLD = 49;

const showForEvents = (events: TriggerEvent[]) => ({ show: { event: events } });

function settingsOf(context: IPollFunctions): WatchSettings {
	const project = context.getNodeParameter('project', '', { extractValue: true });
	const count = Number(context.getNodeParameter('watchCount', DEFAULT_WATCHED));
	return {
		event: context.getNodeParameter('event', 'newReport') as TriggerEvent,
		project: String(project ?? '').trim(),
		threshold: Number(context.getNodeParameter('threshold', DEFAULT_THRESHOLD)),
		minimumChange: Number(context.getNodeParameter('minimumChange', 1)),
		watchCount: Math.min(
			MAX_WATCHED,
			Math.max(1, Math.floor(Number.isFinite(count) ? count : DEFAULT_WATCHED)),
		),
	};
}

/** Newest first, one project or all: the order in which "already seen" is a stop. */
function listQuery(settings: WatchSettings): IDataObject {
	const qs: IDataObject = { sort_by: 'id', sort: 'desc' };
	if (settings.project) qs.project = settings.project;
	return qs;
}

/** The reports created after `lastId`: a small probe, then big pages only when it is all new. */
async function reportsAfter(context: IPollFunctions, settings: WatchSettings, lastId: number) {
	const stopAt = (report: IDataObject) => reportId(report) <= lastId;
	const qs = listQuery(settings);
	const probe = await pollList(context, '/reports', qs, {
		plan: { perPage: PROBE_PAGE, maxItems: PROBE_PAGE },
		stopAt,
		newestFirst: true,
	});
	if (probe.length < PROBE_PAGE) return probe;
	return await pollList(context, '/reports', qs, {
		plan: { perPage: BURST_PAGE, maxItems: undefined },
		stopAt,
		newestFirst: true,
	});
}

/** The newest report (of the project), if any: where New Report's history ends. */
async function newestReports(context: IPollFunctions, settings: WatchSettings) {
	return await pollList(context, '/reports', listQuery(settings), {
		plan: { perPage: PROBE_PAGE, maxItems: 1 },
	});
}

/** The newest `watchCount` reports (of the project): what Score Changed and Below compare. */
async function watchedWindow(context: IPollFunctions, settings: WatchSettings) {
	return await pollList(context, '/reports', listQuery(settings), {
		plan: planPages(false, settings.watchCount),
		newestFirst: true,
	});
}

function noTestEvent(
	context: IPollFunctions,
	message: string,
	description: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), message, { description });
}

function where(settings: WatchSettings): string {
	return settings.project ? ` of project "${settings.project}"` : '';
}

/** "Fetch Test Event": the most recent item that matches the event; the state is not touched. */
async function testEvent(context: IPollFunctions, settings: WatchSettings): Promise<WatchEvent> {
	if (settings.event === 'newReport') {
		const [newest] = await newestReports(context, settings);
		if (newest) return { report: newest, extra: {} };
		throw noTestEvent(
			context,
			`No report${where(settings)} yet`,
			'Create a report in phpRank (or with the phpRank node), then fetch a test event again.',
		);
	}
	const window = await watchedWindow(context, settings);
	if (settings.event === 'scoreBelow') {
		const report = newestBelow(window, settings.threshold);
		if (report) return { report, extra: belowFields(report, null, settings.threshold) };
		throw noTestEvent(
			context,
			`No report${where(settings)} scores below ${settings.threshold}`,
			`None of the newest ${settings.watchCount} reports has a score below the threshold. Raise the threshold to see a test event.`,
		);
	}
	const report = latestRerun(window);
	// A test event cannot know the score before the re-run: previous_score and score_change are null.
	if (report) return { report, extra: changeFields(report, null) };
	throw noTestEvent(
		context,
		`No re-run report${where(settings)} among the newest ${settings.watchCount}`,
		'Score Changed reports a score that moved when phpRank re-ran a report. Re-run one (phpRank node: Report → Update with Re-Run Analysis), then fetch a test event again.',
	);
}

function toItems(events: WatchEvent[], simplify: boolean): INodeExecutionData[][] | null {
	if (events.length === 0) return null;
	return [events.map((event) => ({ json: eventItem(event, simplify) }))];
}

/** Replaces the node's static data with `next` (in place: n8n watches that object). */
function saveState(state: WatchState, next: WatchState): void {
	for (const key of Object.keys(state)) delete state[key];
	Object.assign(state, next);
}

export class PhpRankTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'phpRank Trigger',
		name: 'phpRankTrigger',
		icon: { light: 'file:phpRank.svg', dark: 'file:phpRank.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ {"newReport": "New Report", "scoreChanged": "Score Changed", "scoreBelow": "Score Below Threshold"}[$parameter["event"]] }}',
		description: 'Starts the workflow when phpRank has a new report or a report score changes',
		defaults: { name: 'phpRank Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_NAME, required: true }],
		properties: [
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
						description:
							'A report was created (every new report, however many arrived between polls)',
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
			{
				displayName: 'Threshold',
				name: 'threshold',
				type: 'number',
				default: DEFAULT_THRESHOLD,
				typeOptions: { minValue: 1, maxValue: 100 },
				description:
					'Emit a report when its score falls below this number (phpRank calls scores below 49 bad, 49 to 79 decent). Emitted once; again only after the score was back at this number or more. A new report that starts below it is emitted too.',
				displayOptions: showForEvents(['scoreBelow']),
			},
			{
				displayName: 'Minimum Change',
				name: 'minimumChange',
				type: 'number',
				default: 1,
				typeOptions: { minValue: 1, maxValue: 100 },
				description:
					'Smallest score move, in points, that counts. Smaller moves are not emitted but add up: the score is compared with the one last emitted (or first recorded).',
				displayOptions: showForEvents(['scoreChanged']),
			},
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
		],
	};

	methods = { listSearch: { searchProjects } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = settingsOf(this);
		const simplify = this.getNodeParameter(SIMPLIFY_PARAMETER, SIMPLIFY_DEFAULT) !== false;
		if (this.getMode() === 'manual') return toItems([await testEvent(this, settings)], simplify);

		const state = this.getWorkflowStaticData('node') as WatchState;
		const known = isKnownState(state, settings);
		if (settings.event === 'newReport') {
			if (!known) {
				saveState(state, baseline(settings, await newestReports(this, settings)));
				return null;
			}
			const outcome = detectNewReports(
				state,
				settings,
				await reportsAfter(this, settings, state.lastId ?? 0),
			);
			saveState(state, outcome.state);
			return toItems(outcome.events, simplify);
		}

		const window = await watchedWindow(this, settings);
		if (!known) {
			saveState(state, baseline(settings, window));
			return null;
		}
		const detect = settings.event === 'scoreChanged' ? detectScoreChanges : detectScoreBelow;
		const outcome = detect(state, settings, window);
		saveState(state, outcome.state);
		return toItems(outcome.events, simplify);
	}
}
