/**
 * One poll of the phpRank Trigger (PhpRankTrigger.node.ts loads this file at its first poll, not
 * when n8n loads the package: what a poll reads and decides is not needed to show the node).
 */

import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { AlertGroup } from './alertGroups';
import { groupItem, groupProject, heldGroups, joinedGroups } from './alertGroups';

import { SIMPLIFY_DEFAULT, SIMPLIFY_PARAMETER } from '../shared/fields';
import {
	isRolling,
	newestReports,
	pollDeadline,
	reportsAfter,
	rollingReports,
	settingsOf,
	watchedSite,
	watchedWindow,
} from './readReports';
import type { RollingRead } from './rollingWatch';
import { rolledState } from './rollingWatch';
import { confirmedOutcome, keptWaiting } from './confirmAfter';
import { testEvent } from './testEvent';
import type { WatchEvent, WatchOutcome, WatchSettings, WatchState } from './watch';
import {
	baseline,
	detectNewReports,
	detectScoreBelow,
	detectScoreChanges,
	eventItem,
	isKnownState,
	watchedAnotherSite,
	windowRestart,
} from './watch';
import { detectCheckFailures, detectCheckFixes } from './checkEvents';

/** The poll's events as the trigger's items; null (nothing to start) when there are none. */
function toItems(events: WatchEvent[], simplify: boolean): INodeExecutionData[][] | null {
	if (events.length === 0) return null;
	return [events.map((event) => ({ json: eventItem(event, simplify) }))];
}

/** Grouped alerts as the trigger's items; `watched` counts the pages watched in a project. */
function groupedItems(
	groups: AlertGroup[],
	settings: WatchSettings,
	watched: (project: string) => number,
): INodeExecutionData[][] | null {
	if (groups.length === 0) return null;
	return [
		groups.map((group) => ({
			json: groupItem(group, watched(group.project), settings.threshold),
		})),
	];
}

/** How many reports of each project a list holds. */
function countByProject(reports: IDataObject[], project: string): (name: string) => number {
	return (name) => reports.filter((report) => groupProject(report, project) === name).length;
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

/** Fetch Test Event: the newest matching report, as an item of the node's Group Events. */
async function testItems(context: IPollFunctions, settings: WatchSettings, simplify: boolean) {
	const event = await testEvent(context, settings);
	if (!settings.grouped) return toItems([event], simplify);
	return groupedItems(
		joinedGroups([], settings.event, [event], settings.project),
		settings,
		() => 0,
	);
}

/**
 * Saves a comparing poll's state and gives its items: one per report, or (Group Events) the groups.
 * The rolling watch holds a round's groups in the state and tells them once, at its end (alertGroups.ts).
 */
function savedWithItems(
	state: WatchState,
	saved: WatchState,
	settings: WatchSettings,
	events: WatchEvent[],
	read: { simplify: boolean; window: IDataObject[]; rolling?: RollingRead },
): INodeExecutionData[][] | null {
	if (!settings.grouped) {
		saveState(state, saved);
		return toItems(events, read.simplify);
	}
	const { rolling } = read;
	const held = rolling ? heldGroups(state.held) : [];
	const groups = joinedGroups(held, settings.event, events, settings.project);
	if (rolling && rolling.cursor !== undefined) {
		if (groups.length > 0) saved.held = groups;
		saveState(state, saved);
		return null;
	}
	saveState(state, saved);
	const recorded = (saved.failing ?? saved.scores ?? {}) as IDataObject;
	const watched = rolling
		? () => Object.keys(recorded).length
		: countByProject(read.window, settings.project);
	return groupedItems(groups, settings, watched);
}

/** One poll: the events since the last one, as items, or null when there are none. */
export async function pollOnce(context: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const settings = settingsOf(context);
	const simplify = context.getNodeParameter(SIMPLIFY_PARAMETER, SIMPLIFY_DEFAULT) !== false;
	if (context.getMode() === 'manual') return testItems(context, settings, simplify);

	const deadline = pollDeadline(context);
	const site = await watchedSite(context);
	const state = context.getWorkflowStaticData('node') as WatchState;
	let known = isKnownState(state, settings);
	if (known && watchedAnotherSite(state, site)) {
		context.logger.info(
			`phpRank Trigger: the credential now points at ${site}, not ${String(state.site)}: the trigger starts over there (this poll records where its history ends and emits nothing).`,
			{ node: context.getNode().name, site, previousSite: state.site },
		);
		known = false;
	}
	if (settings.event === 'newReport') {
		if (!known) {
			saveState(state, baseline(settings, await newestReports(context, deadline, settings), site));
			return null;
		}
		const { reports, newest } = await reportsAfter(context, deadline, settings, state);
		const outcome = detectNewReports(state, settings, reports, newest, site);
		if (outcome.restart) logRestart(context, outcome.restart, site);
		saveState(state, outcome.state);
		return toItems(outcome.events, simplify);
	}

	const rolling = isRolling(settings)
		? await rollingReports(context, deadline, settings, known ? state : {})
		: undefined;
	const window = rolling ? rolling.reports : await watchedWindow(context, deadline, settings);
	const restart = known ? windowRestart(state, window) : undefined;
	if (restart) logRestart(context, restart, site);
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
	const decided = detect(state, settings, window);
	const outcome =
		settings.confirmAfter > 1 ? confirmedOutcome(state, settings, window, decided) : decided;
	const next = { ...outcome.state, site };
	const saved = rolling ? rolledState(state, next, rolling, outcome.records) : next;
	keptWaiting(saved);
	return savedWithItems(state, saved, settings, outcome.events, { simplify, window, rolling });
}
