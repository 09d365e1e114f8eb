import type { IDataObject } from 'n8n-workflow';

import { byIdAscending, reportId } from '../report/reportId';
import { toNumber } from '../report/score';
import { chosenChecks, failingMask, regressionsOf } from './checkFailures';
import type { Fix } from './checkFixes';
import { decideFixes, fixesOf } from './checkFixes';
import type { WatchEvent, WatchOutcome, WatchSettings, WatchState } from './watch';
import { windowState } from './watch';

/**
 * The check events, Check Failed and Check Fixed, in one shape: the window as both read it
 * (`checkWindow`), each event's decision over it (its numbers in checkFailures.ts, checkFixes.ts),
 * the outcome (`checkOutcome`); and "Fetch Test Event": the newest report with something to tell
 * (`newestEvent`).
 */

/** What the check events start a poll from. */
interface CheckWindow {
	/** The chosen checks in phpRank's order (checkFailures.ts chosenChecks). */
	checks: string[];
	/** The newest ID seen at the last poll (0: none). */
	lastId: number;
	/** Report ID → the number recorded for it at the last poll. */
	known: IDataObject;
	/** The window's reports, oldest first. */
	reports: IDataObject[];
}

function checkWindow(
	state: WatchState,
	settings: WatchSettings,
	window: IDataObject[],
): CheckWindow {
	return {
		checks: chosenChecks(settings.checks),
		lastId: state.lastId ?? 0,
		known: state.failing ?? {},
		reports: [...window].sort(byIdAscending),
	};
}

/** What a check event decided over its window. */
interface CheckDecision {
	events: WatchEvent[];
	/** Each report of the window → its number now (the state's `failing`). */
	failing: IDataObject;
	/** Check Fixed: every recorded number after the decision (WatchOutcome `records`). */
	records?: IDataObject;
}

/** A check event's poll: its decision over the window, and the next state. */
function checkOutcome(
	state: WatchState,
	settings: WatchSettings,
	window: IDataObject[],
	decide: (window: CheckWindow) => CheckDecision,
): WatchOutcome {
	const { events, failing, records } = decide(checkWindow(state, settings, window));
	const outcome: WatchOutcome = {
		events,
		state: windowState(state, settings, window, { failing }),
	};
	if (records) outcome.records = records;
	return outcome;
}

/**
 * "Fetch Test Event" of a check event: the newest report of `reports` with something to tell
 * (`extraOf` gives its fields, or nothing).
 */
function newestEvent(
	reports: IDataObject[],
	extraOf: (report: IDataObject) => IDataObject | undefined,
): WatchEvent | undefined {
	for (const report of [...reports].sort(byIdAscending).reverse()) {
		const extra = extraOf(report);
		if (extra) return { report, extra };
	}
	return undefined;
}

/** The field a Check Failed event adds: the chosen checks that broke, in Update's Output Changes shape. */
export function checkFailedFields(regressions: IDataObject[]): IDataObject {
	return { regressions };
}

/** The field a Check Fixed event adds: the chosen checks that pass again. */
function checkFixedFields(fixed: Fix[]): IDataObject {
	return { fixed };
}

/**
 * Check Failed: a report of the window is emitted when a chosen check that passed at the last poll
 * fails now (once per fall: again only after the check passed again), or when it is new (created
 * since the last poll) and fails a chosen check. Reports that moved into the window after deletions
 * are recorded, not emitted; reports that left it are forgotten.
 */
export function detectCheckFailures(
	state: WatchState,
	settings: WatchSettings,
	window: IDataObject[],
): WatchOutcome {
	return checkOutcome(state, settings, window, ({ checks, lastId, known, reports }) => {
		const failing: IDataObject = {};
		const events: WatchEvent[] = [];
		for (const report of reports) {
			const key = String(reportId(report));
			const recorded = toNumber(known[key]);
			const now = failingMask(report, checks, recorded ?? 0);
			failing[key] = now;
			const before = recorded ?? (reportId(report) > lastId ? 0 : now);
			const regressions = regressionsOf(report, checks, before, now);
			if (regressions.length > 0) events.push({ report, extra: checkFailedFields(regressions) });
		}
		return { events, failing };
	});
}

/**
 * Check Fixed: a report of the window is emitted when a chosen check it failed at the last poll
 * passes now, or when it is new and passes a chosen check that the newest recorded report of its
 * page failed (checkFixes.ts decideFixes). A page that passed when first recorded is not emitted.
 */
export function detectCheckFixes(
	state: WatchState,
	settings: WatchSettings,
	window: IDataObject[],
): WatchOutcome {
	return checkOutcome(state, settings, window, ({ checks, lastId, known, reports }) => {
		const { fixed, records } = decideFixes(known, lastId, reports, checks);
		const failing: IDataObject = {};
		for (const report of reports) {
			const key = String(reportId(report));
			failing[key] = records[key];
		}
		const events = fixed.map(({ report, fixed }) => ({ report, extra: checkFixedFields(fixed) }));
		return { events, failing, records };
	});
}

/** "Fetch Test Event", Check Failed: the newest report that fails a chosen check, with those checks. */
export function newestFailing(window: IDataObject[], checks: string[]): WatchEvent | undefined {
	const chosen = chosenChecks(checks);
	return newestEvent(window, (report) => {
		const regressions = regressionsOf(report, chosen, 0, failingMask(report, chosen));
		return regressions.length > 0 ? checkFailedFields(regressions) : undefined;
	});
}

/**
 * "Fetch Test Event", Check Fixed: the newest re-run report that passes a chosen check, with those
 * checks (what failed before is only known from a recorded state).
 */
export function newestFixed(window: IDataObject[], checks: string[]): WatchEvent | undefined {
	const chosen = chosenChecks(checks);
	const all = 2 ** chosen.length - 1;
	const rerun = window.filter(
		(report) => Date.parse(String(report.generated_at)) > Date.parse(String(report.created_at)),
	);
	return newestEvent(rerun, (report) => {
		const fixed = fixesOf(report, chosen, all, failingMask(report, chosen));
		return fixed.length > 0 ? checkFixedFields(fixed) : undefined;
	});
}
