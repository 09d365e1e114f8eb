import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { phpRankApiTest } from './methods/credentialTest';
import { searchProjects } from './methods/listSearch';
import { SIMPLIFY_DEFAULT, SIMPLIFY_PARAMETER } from './shared/fields';
import {
	isRolling,
	newestReports,
	pollDeadline,
	reportsAfter,
	rollingReports,
	settingsOf,
	watchedSite,
	watchedWindow,
} from './trigger/readReports';
import { rolledState } from './trigger/rollingWatch';
import { testEvent } from './trigger/testEvent';
import { triggerFields } from './trigger/triggerFields';
import type { WatchEvent, WatchOutcome, WatchState } from './trigger/watch';
import {
	baseline,
	detectCheckFailures,
	detectNewReports,
	detectScoreBelow,
	detectScoreChanges,
	eventItem,
	isKnownState,
	scoreWindowRestart,
	watchedAnotherSite,
} from './trigger/watch';
import { detectCheckFixes } from './trigger/detectFixes';

function toItems(events: WatchEvent[], simplify: boolean): INodeExecutionData[][] | null {
	if (events.length === 0) return null;
	return [events.map((event) => ({ json: eventItem(event, simplify) }))];
}

/** Says in n8n's log why the trigger starts over or what it recovered from (no secrets: the site has no userinfo). */
function logRestart(
	context: IPollFunctions,
	restart: NonNullable<WatchOutcome['restart']>,
	site: string,
): void {
	context.logger.warn(
		`phpRank Trigger: the newest report ID at ${site} is ${restart.newestId}, below the last one seen (${restart.lastId}): phpRank was reinstalled or restored, or its newest reports were deleted. Reports created since the last poll are told by their creation time; the trigger follows the new IDs.`,
		{ node: context.getNode().name, site, lastId: restart.lastId, newestId: restart.newestId },
	);
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
		// Version 2: with a Project, Reports to Watch 0 (every report of the project) by default.
		version: [1, 2],
		defaultVersion: 2,
		subtitle:
			'={{ {"newReport": "New Report", "scoreChanged": "Score Changed", "scoreBelow": "Score Below Threshold", "checkFailed": "Check Failed", "checkFixed": "Check Fixed"}[$parameter["event"]] }}',
		description:
			'Starts the workflow when phpRank has a new report, a report score changes, or a chosen check fails or is fixed',
		defaults: { name: 'phpRank Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// The credential's Test runs through the transport (methods/credentialTest.ts). n8n's lint reads
		// this name and testedBy as literals (test/unit/nodeDescription.test.js checks the name).
		credentials: [{ name: 'phpRankApi', required: true, testedBy: 'phpRankApiTest' }],
		properties: [...triggerFields],
	};

	methods = { listSearch: { searchProjects }, credentialTest: { phpRankApiTest } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = settingsOf(this);
		const simplify = this.getNodeParameter(SIMPLIFY_PARAMETER, SIMPLIFY_DEFAULT) !== false;
		if (this.getMode() === 'manual') return toItems([await testEvent(this, settings)], simplify);

		const deadline = pollDeadline(this);
		const site = await watchedSite(this);
		const state = this.getWorkflowStaticData('node') as WatchState;
		let known = isKnownState(state, settings);
		if (known && watchedAnotherSite(state, site)) {
			this.logger.info(
				`phpRank Trigger: the credential now points at ${site}, not ${String(state.site)}: the trigger starts over there (this poll records where its history ends and emits nothing).`,
				{ node: this.getNode().name, site, previousSite: state.site },
			);
			known = false;
		}
		if (settings.event === 'newReport') {
			if (!known) {
				saveState(state, baseline(settings, await newestReports(this, deadline, settings), site));
				return null;
			}
			const { reports, newest } = await reportsAfter(this, deadline, settings, state);
			const outcome = detectNewReports(state, settings, reports, newest, site);
			if (outcome.restart) logRestart(this, outcome.restart, site);
			saveState(state, outcome.state);
			return toItems(outcome.events, simplify);
		}

		const rolling = isRolling(settings)
			? await rollingReports(this, deadline, settings, known ? state : {})
			: undefined;
		const window = rolling ? rolling.reports : await watchedWindow(this, deadline, settings);
		const restart = known ? scoreWindowRestart(state, window) : undefined;
		if (restart) logRestart(this, restart, site);
		if (!known || restart) {
			const first = baseline(settings, window, site);
			saveState(state, rolling ? rolledState({}, first, rolling) : first);
			return null;
		}
		const detect = {
			scoreChanged: detectScoreChanges,
			scoreBelow: detectScoreBelow,
			checkFailed: detectCheckFailures,
			checkFixed: detectCheckFixes,
		}[settings.event];
		const outcome = detect(state, settings, window);
		const next = { ...outcome.state, site };
		saveState(state, rolling ? rolledState(state, next, rolling, outcome.records) : next);
		return toItems(outcome.events, simplify);
	}
}
