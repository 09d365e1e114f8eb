import type { IDataObject } from 'n8n-workflow';

import { byIdAscending, reportId } from '../report/reportId';
import { chosenChecks, failingMask } from './checkFailures';
import { decideFixes, fixesOf } from './checkFixes';
import type { WatchEvent, WatchOutcome, WatchSettings, WatchState } from './watch';
import { checkWindow, windowState } from './watch';

/** Check Fixed's event over a poll's reports (the decision is checkFixes.ts'), and its test event. */

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
	const { checks, lastId, known, reports } = checkWindow(state, settings, window);
	const decision = decideFixes(known, lastId, reports, checks);
	const failing: IDataObject = {};
	for (const report of reports)
		failing[String(reportId(report))] = decision.records[String(reportId(report))];
	const events = decision.fixed.map(({ report, fixed }) => ({ report, extra: { fixed } }));
	return {
		events,
		state: windowState(state, settings, window, { failing }),
		records: decision.records,
	};
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
	for (const report of [...rerun].sort(byIdAscending).reverse()) {
		const fixed = fixesOf(report, chosen, all, failingMask(report, chosen));
		if (fixed.length > 0) return { report, extra: { fixed } };
	}
	return undefined;
}
