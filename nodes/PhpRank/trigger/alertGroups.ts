import type { IDataObject } from 'n8n-workflow';

import { checkInfo } from '../report/checkCatalogue';
import { shownReportId } from '../report/reportId';
import { byImportance, toNumber } from '../report/score';
import { alertLines } from './alertText';
import type { TriggerEvent, WatchEvent } from './watch';

/**
 * Group Events (node version 3): the events of a poll as alerts a person reads. Check Failed and
 * Check Fixed give one item per check (and project) that broke or was fixed, with the count of its
 * pages and a few examples; the score events one item per project. The rolling watch holds the
 * groups of a round in the state (`held`: at most one per chosen check, each with at most
 * EXAMPLES_KEPT examples) and tells them once, when the round ends (poll.ts).
 */

/** How many pages a grouped item shows as examples (the count tells the rest). */
export const EXAMPLES_KEPT = 10;

/** One page of a group: its report, its URL, and what the event says of it. */
export interface AlertExample extends IDataObject {
	id: number | string | null;
	url: string;
}

/** One grouped alert, without its ready lines: what the state holds during a round. */
export interface AlertGroup extends IDataObject {
	event: TriggerEvent;
	project: string;
	/** Check Failed / Fixed: the check key; the score events have none. */
	check?: string;
	/** How many pages (reports) the event is about. */
	pages: number;
	examples: AlertExample[];
}

const isCheckGroup = (event: TriggerEvent) => event === 'checkFailed' || event === 'checkFixed';

/** The project a report's alert is about: the watched one, else the report's own. */
export function groupProject(report: IDataObject, project: string): string {
	if (project !== '') return project;
	return typeof report.project === 'string' ? report.project : '';
}

function exampleOf(report: IDataObject): AlertExample {
	return { id: shownReportId(report), url: typeof report.url === 'string' ? report.url : '' };
}

/** The groups one event makes: a check event's report one per check it names, a score event's one. */
function groupsOfEvent(event: TriggerEvent, watched: WatchEvent, project: string): AlertGroup[] {
	const site = groupProject(watched.report, project);
	const example = exampleOf(watched.report);
	if (!isCheckGroup(event)) {
		const { score, previous_score, score_change } = watched.extra;
		const figures: IDataObject = { score, previous_score };
		if (event === 'scoreChanged') figures.score_change = score_change;
		return [{ event, project: site, pages: 1, examples: [{ ...example, ...figures }] }];
	}
	const flipped = (watched.extra.regressions ?? watched.extra.fixed) as IDataObject[];
	return flipped.map((entry) => {
		const check = String(entry.check);
		const shown: AlertExample =
			event === 'checkFailed' ? { ...example, reason: String(entry.reason ?? '') } : example;
		return {
			event,
			project: site,
			check,
			category: entry.category,
			importance: entry.importance,
			pages: 1,
			examples: [shown],
		};
	});
}

const groupKey = (group: AlertGroup) => JSON.stringify([group.project, group.check ?? '']);

/** Score Below: the lowest scores first; Score Changed: the biggest moves first; checks: as found. */
function examplesInOrder(event: TriggerEvent, examples: AlertExample[]): AlertExample[] {
	if (event === 'scoreBelow') {
		return [...examples].sort(
			(a, b) => (toNumber(a.score) ?? Infinity) - (toNumber(b.score) ?? Infinity),
		);
	}
	if (event === 'scoreChanged') {
		const move = (example: AlertExample) => Math.abs(toNumber(example.score_change) ?? 0);
		return [...examples].sort((a, b) => move(b) - move(a));
	}
	return examples;
}

/** Most important check first (then phpRank's order), a project's groups together, by name. */
function byAlertOrder(a: AlertGroup, b: AlertGroup): number {
	const byCheck =
		a.check !== undefined && b.check !== undefined
			? byImportance(
					{ check: a.check, importance: (a.importance as string | null) ?? null },
					{ check: b.check, importance: (b.importance as string | null) ?? null },
				)
			: 0;
	return byCheck || (a.project < b.project ? -1 : a.project > b.project ? 1 : 0);
}

/**
 * `held` (groups of earlier polls of the round, or none) joined with this poll's events: one group
 * per check and project, its count the sum, its examples the first (or, for scores, the most
 * telling) EXAMPLES_KEPT.
 */
export function joinedGroups(
	held: AlertGroup[],
	event: TriggerEvent,
	events: WatchEvent[],
	project: string,
): AlertGroup[] {
	const groups = new Map<string, AlertGroup>();
	const fresh = events.flatMap((watched) => groupsOfEvent(event, watched, project));
	for (const group of [...held, ...fresh]) {
		const key = groupKey(group);
		const joined = groups.get(key);
		if (!joined) {
			groups.set(key, { ...group, examples: [...group.examples] });
			continue;
		}
		joined.pages += group.pages;
		joined.examples = examplesInOrder(event, [...joined.examples, ...group.examples]).slice(
			0,
			EXAMPLES_KEPT,
		);
	}
	return [...groups.values()].sort(byAlertOrder);
}

/** The groups a state holds, as saved (anything else is read as none). */
export function heldGroups(value: unknown): AlertGroup[] {
	return Array.isArray(value) ? (value as AlertGroup[]) : [];
}

/**
 * A group as the trigger's item: the check's readable name beside its key, how many pages are
 * watched in its project (`watched`: 0 when unknown), and the ready lines (alertText.ts).
 */
export function groupItem(group: AlertGroup, watched: number, threshold: number): IDataObject {
	const item: IDataObject = { event: group.event };
	if (group.check !== undefined) {
		item.check = group.check;
		item.name = checkInfo(group.check)?.name ?? group.check;
		item.category = group.category;
		item.importance = group.importance;
	}
	item.project = group.project;
	item.pages = group.pages;
	item.watched = Math.max(watched, group.pages);
	if (group.event === 'scoreBelow') item.threshold = threshold;
	item.examples = group.examples;
	return { ...item, ...alertLines(item) };
}
