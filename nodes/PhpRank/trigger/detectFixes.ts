import type { IDataObject } from 'n8n-workflow';

import { chosenChecks, failingMask } from './checkFailures';
import { decideFixes, fixesOf } from './checkFixes';
import type { WatchEvent, WatchOutcome, WatchSettings, WatchState } from './watch';
import { newestId, reportId, watchSignature } from './watch';

/** Check Fixed's event over a poll's reports (the decision is checkFixes.ts'), and its test event. */

function byIdAscending(a: IDataObject, b: IDataObject): number {
	return reportId(a) - reportId(b);
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
	const checks = chosenChecks(settings.checks);
	const lastId = state.lastId ?? 0;
	const read = [...window].sort(byIdAscending);
	const decision = decideFixes(state.failing ?? {}, lastId, read, checks);
	const failing: IDataObject = {};
	for (const report of read)
		failing[String(reportId(report))] = decision.records[String(reportId(report))];
	const next: WatchState = { watch: watchSignature(settings) };
	if (state.site !== undefined) next.site = state.site;
	next.lastId = newestId(window, lastId);
	next.failing = failing;
	const events = decision.fixed.map(({ report, fixed }) => ({ report, extra: { fixed } }));
	return { events, state: next, records: decision.records };
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
