import type { IDataObject } from 'n8n-workflow';

import { byIdAscending, reportId } from '../report/reportId';
import { reportLabel, reportScore, scoreLabel, toNumber } from '../report/score';
import { simplifyReport } from '../report/simplify';
import { chosenChecks, failingMask } from './checkFailures';
import { fixRecordsOf } from './checkFixes';

/**
 * What the phpRank Trigger decides, as pure functions of (state, reports read this poll): what to
 * emit and the next state. The node (PhpRankTrigger.node.ts) only reads and writes.
 *
 * State lives in the workflow's static data and stays small:
 * - `watch`: what this state is about (event, project, threshold, window). When the node's
 *   settings change, the next poll starts over like a first activation (records, emits nothing).
 * - `site`: the phpRank site watched (the credential's site address, without userinfo). Pointed
 *   at another site, the trigger starts over instead of comparing another site's IDs.
 * - `lastId`: the newest report ID there at the last poll. phpRank's IDs grow (they are also its
 *   "date created" sort key), so "newer than lastId" is "created since the last poll", until
 *   phpRank is reinstalled or restored and its IDs start again lower. When the newest reports are
 *   deleted it follows the newest one left (IDs above it are never handed out again unless phpRank
 *   was restored, and then they name new reports).
 * - `lastCreatedAt`: the latest `created_at` seen: a report created after it is new whatever its
 *   ID, so nothing made after a restart of IDs is lost (New Report), and a report with an old ID
 *   made after it shows the IDs were handed out again (the other events: windowRestart).
 * - `scores` (Score Changed / Score Below Threshold only): report ID → score for the reports of
 *   the watched window, at most "Reports to Watch" entries.
 * - `failing` (Check Failed, Check Fixed): report ID → which chosen checks it fails, one number each
 *   (checkFailures.ts; for Check Fixed with its page's key above, checkFixes.ts), for the reports
 *   of the watched window.
 *
 * - `cursor` (the rolling watch of a whole project, rollingWatch.ts): the report ID below which
 *   the next slice of older reports is read; absent when the next poll starts a new round.
 * - `confirming` (Confirm After above 1, confirmAfter.ts): for a report whose change waits for
 *   more readings only, one number: which change, a mark of the last reading, how many in a row.
 * - `held` (Group Events, the rolling watch): the alerts of the round so far, told when it ends
 *   (alertGroups.ts: one per check or project, each with at most 10 examples).
 *
 * State saved by earlier versions (`watch` and `lastId` only) is taken over as it is: the first
 * poll adds `site` and `lastCreatedAt`.
 */

export type TriggerEvent =
	| 'newReport'
	| 'scoreChanged'
	| 'scoreBelow'
	| 'checkFailed'
	| 'checkFixed';

/** The events that compare the checks of reports (the Checks field). */
export const isCheckEvent = (event: TriggerEvent) =>
	event === 'checkFailed' || event === 'checkFixed';

export interface WatchState extends IDataObject {
	watch?: string;
	site?: string;
	lastId?: number;
	lastCreatedAt?: string;
	scores?: IDataObject;
	failing?: IDataObject;
	cursor?: number;
	held?: IDataObject[];
	confirming?: IDataObject;
}

export interface WatchSettings {
	event: TriggerEvent;
	/** Project name, '' for every project. */
	project: string;
	/** Score Below Threshold: emit when the score falls below this. */
	threshold: number;
	/** Score Changed: the smallest move (points) that counts. */
	minimumChange: number;
	/**
	 * Score Changed / Below, Check Failed / Fixed: how many of the newest reports are compared each
	 * poll; 0 (node version 2, a Project set): every report of the project (rollingWatch.ts).
	 */
	watchCount: number;
	/** Check Failed: the check keys that count, in phpRank's order (checkFailures.ts chosenChecks). */
	checks: string[];
	/** Group Events (node version 3): one item per check or project (alertGroups.ts), not per report. */
	grouped: boolean;
	/** Confirm After: the readings in a row a change must hold before it fires (1: at once). */
	confirmAfter: number;
}

/** A report and what made it an event. */
export interface WatchEvent {
	report: IDataObject;
	extra: IDataObject;
}

export interface WatchOutcome {
	events: WatchEvent[];
	state: WatchState;
	/**
	 * phpRank's IDs went back (reinstalled, restored, or its newest reports deleted): what was
	 * seen (`lastId`), and the newest ID now (0 when no report is left).
	 */
	restart?: { lastId: number; newestId: number };
	/** Check Fixed: every recorded number after the decision, a page's older report outside the window included. */
	records?: IDataObject;
}

/** One string for "what is watched": a state recorded for other settings is not reused. */
export function watchSignature(settings: WatchSettings): string {
	const parts: Array<string | number> = [settings.event, settings.project];
	if (settings.event !== 'newReport') parts.push(settings.watchCount);
	if (settings.event === 'scoreBelow') parts.push(settings.threshold);
	if (isCheckEvent(settings.event)) parts.push(chosenChecks(settings.checks).join(','));
	// Only when set: a state saved before Confirm After existed (or at 1) stays this watch's.
	if (settings.confirmAfter > 1) parts.push(`confirm ${settings.confirmAfter}`);
	return JSON.stringify(parts);
}

/** A report's creation time (ms since the epoch), when it has a readable `created_at`. */
export function createdAtMs(report: IDataObject | undefined): number | undefined {
	const time = Date.parse(String(report?.created_at ?? ''));
	return Number.isFinite(time) ? time : undefined;
}

/** Oldest first: by creation time where both have one, else (and on a tie) by ID. */
function byCreationAscending(a: IDataObject, b: IDataObject): number {
	const timeA = createdAtMs(a);
	const timeB = createdAtMs(b);
	const byTime = timeA !== undefined && timeB !== undefined ? timeA - timeB : 0;
	return byTime || byIdAscending(a, b);
}

export function newestId(reports: IDataObject[], floor: number): number {
	return reports.reduce((max, report) => Math.max(max, reportId(report)), floor);
}

/**
 * The next state of the events that compare a window of reports (the score and check events): the
 * same watch and site, the newest ID there now, the latest creation time seen, and what was recorded
 * of the window (`scores` or `failing`), in that order.
 */
export function windowState(
	state: WatchState,
	settings: WatchSettings,
	window: IDataObject[],
	recorded: Pick<WatchState, 'scores' | 'failing'>,
): WatchState {
	const next: WatchState = { watch: watchSignature(settings) };
	if (state.site !== undefined) next.site = state.site;
	// The window holds the newest report: below the last ID when the newest ones were deleted.
	next.lastId = newestId(window, 0);
	const lastCreatedAt = latestCreatedAt(window, state.lastCreatedAt);
	if (lastCreatedAt !== undefined) next.lastCreatedAt = lastCreatedAt;
	return Object.assign(next, recorded);
}

/** The latest `created_at` among the reports and `since` (as sent, so it is stored as phpRank wrote it). */
function latestCreatedAt(reports: IDataObject[], since?: string): string | undefined {
	let latest = since;
	let latestMs = createdAtMs({ created_at: since }) ?? -Infinity;
	for (const report of reports) {
		const time = createdAtMs(report);
		if (time !== undefined && time > latestMs) {
			latest = String(report.created_at);
			latestMs = time;
		}
	}
	return latest;
}

/** Whether a state recorded for these settings exists (else: first activation, or settings changed). */
export function isKnownState(state: WatchState, settings: WatchSettings): boolean {
	return state.watch === watchSignature(settings) && typeof state.lastId === 'number';
}

/** Whether the state was recorded for another site than `site` (a state from before sites were recorded is taken as this site's). */
export function watchedAnotherSite(state: WatchState, site: string): boolean {
	return typeof state.site === 'string' && state.site !== site;
}

/** First activation: remember where history ends, emit nothing. */
export function baseline(
	settings: WatchSettings,
	reports: IDataObject[],
	site?: string,
): WatchState {
	const state: WatchState = { watch: watchSignature(settings) };
	if (site !== undefined) state.site = site;
	state.lastId = newestId(reports, 0);
	const lastCreatedAt = latestCreatedAt(reports);
	if (lastCreatedAt !== undefined) state.lastCreatedAt = lastCreatedAt;
	if (settings.event === 'checkFailed') state.failing = masksOf(reports, settings.checks);
	else if (settings.event === 'checkFixed')
		state.failing = fixRecordsOf(reports, chosenChecks(settings.checks));
	else if (settings.event !== 'newReport') state.scores = scoresOf(reports);
	return state;
}

/**
 * New Report's test of a report read newest first: new when its ID is above the last seen, or
 * when it was created after the newest report seen (IDs that started again lower after a
 * reinstall or restore). The first report that is neither ends the reading.
 */
export function isNewSince(state: WatchState): (report: IDataObject) => boolean {
	const lastId = state.lastId ?? 0;
	const lastCreated = createdAtMs({ created_at: state.lastCreatedAt });
	return (report) => {
		if (reportId(report) > lastId) return true;
		const created = createdAtMs(report);
		return lastCreated !== undefined && created !== undefined && created > lastCreated;
	};
}

function scoresOf(reports: IDataObject[]): IDataObject {
	const scores: IDataObject = {};
	for (const report of reports) {
		const score = reportScore(report);
		if (score !== null) scores[String(reportId(report))] = score;
	}
	return scores;
}

function masksOf(reports: IDataObject[], checks: string[]): IDataObject {
	const chosen = chosenChecks(checks);
	const failing: IDataObject = {};
	for (const report of reports) failing[String(reportId(report))] = failingMask(report, chosen);
	return failing;
}

/**
 * New Report: the reports created since the last poll (isNewSince), oldest first. `newest` is
 * the newest report of the list as read now (none when the list is empty): below the last ID
 * seen, phpRank's IDs went back, and the next state follows the IDs as they are now.
 */
export function detectNewReports(
	state: WatchState,
	settings: WatchSettings,
	fresh: IDataObject[],
	newest?: IDataObject,
	site?: string,
): WatchOutcome {
	const lastId = state.lastId ?? 0;
	const created = fresh.filter(isNewSince(state)).sort(byCreationAscending);
	const newestNow = newestId(newest ? [newest, ...created] : created, 0);
	const restarted = newestNow < lastId || created.some((report) => reportId(report) <= lastId);
	const next: WatchState = { watch: watchSignature(settings) };
	const watchedSite = site ?? state.site;
	if (watchedSite !== undefined) next.site = watchedSite;
	next.lastId = restarted ? newestNow : newestId(created, lastId);
	const lastCreatedAt = latestCreatedAt(
		newest ? [newest, ...created] : created,
		state.lastCreatedAt,
	);
	if (lastCreatedAt !== undefined) next.lastCreatedAt = lastCreatedAt;
	return {
		events: created.map((report) => ({ report, extra: {} })),
		state: next,
		...(restarted ? { restart: { lastId, newestId: newestNow } } : {}),
	};
}

/** Whether a report ID (as a key of the recorded numbers) was recorded. */
function isRecorded(recorded: IDataObject, report: IDataObject): boolean {
	return Object.prototype.hasOwnProperty.call(recorded, String(reportId(report)));
}

/**
 * The score and check events compare the reports by ID, so they record the window afresh (returning
 * the restart) only when the IDs may now name other reports: the newest ID is below the last one seen,
 * and either no report recorded is still there, or a report there was created after the latest one
 * seen (phpRank handed its IDs out again). Deleted reports, the newest included, are not a restart:
 * the reports still there are the ones recorded (deleted reports keep their IDs, never handed out
 * again), so their events are emitted as usual and the next state follows the newest ID left.
 */
export function windowRestart(state: WatchState, window: IDataObject[]): WatchOutcome['restart'] {
	const lastId = state.lastId ?? 0;
	const newestNow = newestId(window, 0);
	if (newestNow >= lastId) return undefined;
	const recorded = state.failing ?? state.scores ?? {};
	const stillThere = window.some((report) => isRecorded(recorded, report));
	// Every ID now is below lastId: isNewSince is "created after the latest report seen".
	const handedOutAgain = window.some(isNewSince(state));
	return stillThere && !handedOutAgain ? undefined : { lastId, newestId: newestNow };
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
	return { events, state: windowState(state, settings, window, { scores }) };
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
