import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchProjects } from '../PhpRank/methods/listSearch';
import { CREDENTIAL_NAME } from '../PhpRank/shared/constants';
import { SIMPLIFY_DEFAULT, SIMPLIFY_PARAMETER } from '../PhpRank/shared/outputFields';
import {
	newestReports,
	pollDeadline,
	reportsAfter,
	settingsOf,
	watchedWindow,
} from './readReports';
import { testEvent } from './testEvent';
import { triggerFields } from './triggerFields';
import type { WatchEvent, WatchState } from './watch';
import {
	baseline,
	detectNewReports,
	detectScoreBelow,
	detectScoreChanges,
	eventItem,
	isKnownState,
} from './watch';

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
		properties: [...triggerFields],
	};

	methods = { listSearch: { searchProjects } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = settingsOf(this);
		const simplify = this.getNodeParameter(SIMPLIFY_PARAMETER, SIMPLIFY_DEFAULT) !== false;
		if (this.getMode() === 'manual') return toItems([await testEvent(this, settings)], simplify);

		const deadline = pollDeadline(this);
		const state = this.getWorkflowStaticData('node') as WatchState;
		const known = isKnownState(state, settings);
		if (settings.event === 'newReport') {
			if (!known) {
				saveState(state, baseline(settings, await newestReports(this, deadline, settings)));
				return null;
			}
			const outcome = detectNewReports(
				state,
				settings,
				await reportsAfter(this, deadline, settings, state.lastId ?? 0),
			);
			saveState(state, outcome.state);
			return toItems(outcome.events, simplify);
		}

		const window = await watchedWindow(this, deadline, settings);
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
