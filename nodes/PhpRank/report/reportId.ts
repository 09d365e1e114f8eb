import type { IDataObject } from 'n8n-workflow';

import { toNumber } from './score';

/**
 * A report's ID as a number: 0 when it has none (a number or a number-like string otherwise,
 * score.ts `toNumber`). phpRank hands IDs out in order, so newest first is highest first, and the
 * trigger's "created since the last poll" is "an ID above the last one seen".
 */
export function reportId(report: IDataObject): number {
	return toNumber(report.id) ?? 0;
}

/** Oldest first, by ID. */
export function byIdAscending(a: IDataObject, b: IDataObject): number {
	return reportId(a) - reportId(b);
}
