import type { IDataObject } from 'n8n-workflow';

import { reportLabel, reportScore, scoreLabel, toNumber } from '../PhpRank/report/score';
import { simplifyReport } from '../PhpRank/report/simplify';

/**
 * What the phpRank Trigger decides, as pure functions of (state, reports read this poll): what to
 * emit and the next state. The node (PhpRankTrigger.node.ts) only reads and writes.
 *
 * State lives in the workflow's static data and stays small:
 * - `watch`: what this state is about (event, project, threshold, window). When the node's
 *   settings change, the next poll starts over like a first activation (records, emits nothing).
 * - `lastId`: the newest report ID seen. phpRank's IDs only grow (they are also its "date
 *   created" sort key), so "newer than lastId" is "created since the last poll".
 * - `scores` (Score Changed / Score Below Threshold only): report ID → score for the reports of
 *   the watched window, at most "Reports to Watch" entries.
 */

export type TriggerEvent = 'newReport' | 'scoreChanged' | 'scoreBelow';

export interface WatchState extends IDataObject {
	watch?: string;
	lastId?: number;
	scores?: IDataObject;
}

export interface WatchSettings {
	event: TriggerEvent;
	/** Project name, '' for every project. */
	project: string;
	/** Score Below Threshold: emit when the score falls below this. */
	threshold: number;
	/** Score Changed: the smallest move (points) that counts. */
	minimumChange: number;
	/** Score Changed / Below: how many of the newest reports are compared each poll. */
	watchCount: number;
}

/** A report and what made it an event. */
export interface WatchEvent {
	report: IDataObject;
	extra: IDataObject;
}

export interface WatchOutcome {
	events: WatchEvent[];
	state: WatchState;
}

/** One string for "what is watched": a state recorded for other settings is not reused. */
export function watchSignature(settings: WatchSettings): string {
	const parts: Array<string | number> = [settings.event, settings.project];
	if (settings.event !== 'newReport') parts.push(settings.watchCount);
	if (settings.event === 'scoreBelow') parts.push(settings.threshold);
	return JSON.stringify(parts);
}

export function reportId(report: IDataObject): number {
	return toNumber(report.id) ?? 0;
}

function byIdAscending(a: IDataObject, b: IDataObject): number {
	return reportId(a) - reportId(b);
}

function newestId(reports: IDataObject[], floor: number): number {
	return reports.reduce((max, report) => Math.max(max, reportId(report)), floor);
}

/** Whether a state recorded for these settings exists (else: first activation, or settings changed). */
export function isKnownState(state: WatchState, settings: WatchSettings): boolean {
	return state.watch === watchSignature(settings) && typeof state.lastId === 'number';
}

/** First activation: remember where history ends, emit nothing. */
export function baseline(settings: WatchSettings, reports: IDataObject[]): WatchState {
	const state: WatchState = { watch: watchSignature(settings), lastId: newestId(reports, 0) };
	if (settings.event !== 'newReport') state.scores = scoresOf(reports);
	return state;
}

function scoresOf(reports: IDataObject[]): IDataObject {
	const scores: IDataObject = {};
	for (const report of reports) {
		const score = reportScore(report);
		if (score !== null) scores[String(reportId(report))] = score;
	}
	return scores;
}

/** New Report: the reports created since `lastId`, oldest first. */
export function detectNewReports(
	state: WatchState,
	settings: WatchSettings,
	fresh: IDataObject[],
): WatchOutcome {
	const lastId = state.lastId ?? 0;
	const created = fresh.filter((report) => reportId(report) > lastId).sort(byIdAscending);
	return {
		events: created.map((report) => ({ report, extra: {} })),
		state: { watch: watchSignature(settings), lastId: newestId(created, lastId) },
	};
}

/** The fields a Score Changed event adds: new and old score and label, and the move. */
export function changeFields(report: IDataObject, previous: number | null): IDataObject {
	const score = reportScore(report);
	return {
		score,
		label: reportLabel(report),
		previous_score: previous,
		previous_label: scoreLabel(previous),
		score_change: score === null || previous === null ? null : score - previous,
	};
}

/** The fields a Score Below Threshold event adds; `previous_score` is null for a new report. */
export function belowFields(
	report: IDataObject,
	previous: number | null,
	threshold: number,
): IDataObject {
	return {
		score: reportScore(report),
		label: reportLabel(report),
		previous_score: previous,
		threshold,
	};
}

/** What one report's comparison decided: the score to record, and the event's fields if any. */
interface ScoreDecision {
	record: number;
	event?: IDataObject;
}

/**
 * The walk both score events share: the window oldest first, each report's score beside the one
 * recorded for it. A report without a score (still being generated) keeps its recorded score and
 * decides nothing; reports that left the window are forgotten.
 */
function compareScores(
	state: WatchState,
	settings: WatchSettings,
	window: IDataObject[],
	decide: (report: IDataObject, score: number, previous: number | null) => ScoreDecision,
): WatchOutcome {
	const known = state.scores ?? {};
	const scores: IDataObject = {};
	const events: WatchEvent[] = [];
	for (const report of [...window].sort(byIdAscending)) {
		const key = String(reportId(report));
		const score = reportScore(report);
		const previous = toNumber(known[key]);
		if (score === null) {
			if (previous !== null) scores[key] = previous;
			continue;
		}
		const decision = decide(report, score, previous);
		scores[key] = decision.record;
		if (decision.event) events.push({ report, extra: decision.event });
	}
	return {
		events,
		state: { watch: watchSignature(settings), lastId: newestId(window, state.lastId ?? 0), scores },
	};
}

/**
 * Score Changed: reports of the window whose score moved by at least `minimumChange` since it
 * was last recorded. A move below that keeps the recorded score, so slow drifts add up until
 * they count. Reports new to the window (created, or moved in after deletions) are recorded,
 * not emitted.
 */
export function detectScoreChanges(
	state: WatchState,
	settings: WatchSettings,
	window: IDataObject[],
): WatchOutcome {
	const smallestMove = Math.max(1, settings.minimumChange);
	return compareScores(state, settings, window, (report, score, previous) => {
		if (previous === null) return { record: score };
		if (Math.abs(score - previous) < smallestMove) return { record: previous };
		return { record: score, event: changeFields(report, previous) };
	});
}

/**
 * Score Below Threshold: a report is emitted when its score goes from the threshold or more to
 * below it, or when it is created below it. It is not emitted again while it stays below; once
 * it recovered (threshold or more), a new fall is a new event.
 */
export function detectScoreBelow(
	state: WatchState,
	settings: WatchSettings,
	window: IDataObject[],
): WatchOutcome {
	const lastId = state.lastId ?? 0;
	return compareScores(state, settings, window, (report, score, previous) => {
		const below = score < settings.threshold;
		const crossed = previous !== null ? previous >= settings.threshold : reportId(report) > lastId;
		return below && crossed
			? { record: score, event: belowFields(report, previous, settings.threshold) }
			: { record: score };
	});
}

/** The item of an event: the report (simplified or as sent) with the event's fields after it. */
export function eventItem(event: WatchEvent, simplify: boolean): IDataObject {
	return { ...(simplify ? simplifyReport(event.report) : event.report), ...event.extra };
}

/**
 * "Fetch Test Event", Score Changed: the report re-run most recently (its generated_at is later
 * than its created_at). The score it had before is only known from a recorded state.
 */
export function latestRerun(window: IDataObject[]): IDataObject | undefined {
	let latest: IDataObject | undefined;
	let latestTime = -Infinity;
	for (const report of window) {
		const generated = Date.parse(String(report.generated_at));
		const created = Date.parse(String(report.created_at));
		if (!Number.isFinite(generated) || !(generated > created)) continue;
		if (
			generated > latestTime ||
			(generated === latestTime && reportId(report) > reportId(latest ?? {}))
		) {
			latest = report;
			latestTime = generated;
		}
	}
	return latest;
}

/** "Fetch Test Event", Score Below Threshold: the newest report below the threshold. */
export function newestBelow(window: IDataObject[], threshold: number): IDataObject | undefined {
	return [...window]
		.sort(byIdAscending)
		.reverse()
		.find((report) => {
			const score = reportScore(report);
			return score !== null && score < threshold;
		});
}
