import type { IDataObject } from 'n8n-workflow';

import { toNumber } from './score';

/**
 * A report's ID, read in one place. `reportId`: the number the node sends and compares (0 when
 * there is none); `shownReportId`: the ID an output shows, which keeps what phpRank sent when it is
 * no number. A number or a number-like string is a number either way (score.ts `toNumber`).
 * phpRank hands IDs out in order, so newest first is highest first, and the trigger's "created
 * since the last poll" is "an ID above the last one seen".
 */

/** A report's ID as a number: 0 when it has none. */
export function reportId(report: IDataObject): number {
	return toNumber(report.id) ?? 0;
}

/**
 * A report's ID as an output shows it: the number, else what phpRank sent, as text (null when it
 * sent none).
 */
export function shownReportId(report: IDataObject): number | string | null {
	const { id } = report;
	return toNumber(id) ?? (id === undefined || id === null ? null : String(id));
}

/** Oldest first, by ID. */
export function byIdAscending(a: IDataObject, b: IDataObject): number {
	return reportId(a) - reportId(b);
}
