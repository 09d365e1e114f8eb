import type { IDataObject } from 'n8n-workflow';

import { fingerprint } from '../report/pageSet';
import { reportId } from '../report/reportId';
import { toNumber } from '../report/score';
import { bit, chosenChecks } from './checkFailures';
import { fixRecord, maskOfRecord, pageOfRecord } from './checkFixes';
import type { WatchEvent, WatchOutcome, WatchSettings, WatchState } from './watch';

/**
 * Confirm After (Check Failed, Check Fixed, Score Below Threshold): an event fires only once the
 * change it tells held for that many readings of the report in a row, a reading being a re-run (a
 * new `generated_at`) or the report's first reading. Until then the report keeps its recorded
 * number as it was (the checks it failed, its score), so the next poll decides again, and the state
 * keeps, for such a report only, one number in `confirming`: which checks are waiting (the bits of
 * its number), whether the report was new when they started, a 12-bit mark of the reading (its
 * `generated_at`), and how many readings in a row showed it. A reading without the change, or with
 * other checks changed, ends the wait: a check that flaps fires nothing.
 */

const MARKS = 2 ** 12;
const COUNTS = 16;

interface Waiting {
	/** Check events: the bits of the checks waiting; Score Below: 1. */
	bits: number;
	/** The report was not recorded when the wait began (a new report). */
	fresh: boolean;
	mark: number;
	count: number;
}

function waitingNumber(waiting: Waiting): number {
	return (
		((waiting.bits * 2 + (waiting.fresh ? 1 : 0)) * MARKS + waiting.mark) * COUNTS + waiting.count
	);
}

function waitingOf(value: unknown): Waiting | undefined {
	const number = toNumber(value);
	if (number === null || number < 0) return undefined;
	const count = number % COUNTS;
	const mark = Math.floor(number / COUNTS) % MARKS;
	const rest = Math.floor(number / (COUNTS * MARKS));
	return { bits: Math.floor(rest / 2), fresh: rest % 2 === 1, mark, count };
}

/** The mark of a reading: a re-run gives the report a new `generated_at`. */
function readingMark(report: IDataObject): number {
	return fingerprint(String(report.generated_at ?? '')) % MARKS;
}

/** The bits of the checks an event names (its regressions or fixes); Score Below's event is 1. */
function eventBits(event: WatchEvent, checks: string[]): number {
	const named = (event.extra.regressions ?? event.extra.fixed) as IDataObject[] | undefined;
	if (!named) return 1;
	return named.reduce((sum, entry) => sum + bit(checks.indexOf(String(entry.check))), 0);
}

const has = (records: IDataObject, key: string) =>
	Object.prototype.hasOwnProperty.call(records, key);

/** The newest recorded report of `page` below `id` (Check Fixed: the report a new one was compared with). */
function olderOfPage(
	known: IDataObject,
	page: number,
	id: number,
	count: number,
): string | undefined {
	let older: number | undefined;
	for (const [key, value] of Object.entries(known)) {
		const record = toNumber(value);
		const other = Number(key);
		if (record === null || other >= id || pageOfRecord(record, count) !== page) continue;
		if (older === undefined || other > older) older = other;
	}
	return older === undefined ? undefined : String(older);
}

/**
 * A waiting report's number put back to what it was before the change (`numbers`: the window's,
 * `records`: Check Fixed's every one): Check Failed without the checks that broke, Check Fixed with
 * those fixed (and, for a new report, the page's older report as it was), Score Below its score.
 */
function putBack(
	settings: WatchSettings,
	count: number,
	{ known, numbers, records }: { known: IDataObject; numbers: IDataObject; records?: IDataObject },
	{ key, id, bits, fresh }: { key: string; id: number; bits: number; fresh: boolean },
): void {
	if (settings.event === 'checkFailed') {
		numbers[key] = Number(numbers[key]) - bits;
	} else if (settings.event === 'checkFixed' && records) {
		const record = Number(records[key]);
		const page = pageOfRecord(record, count);
		const back = fixRecord(page, maskOfRecord(record, count) + bits, count);
		numbers[key] = back;
		records[key] = back;
		const older = fresh ? olderOfPage(known, page, id, count) : undefined;
		if (older !== undefined) records[older] = known[older];
	} else {
		// A new report below the threshold is recorded at it, so its next reading is a fall again.
		numbers[key] = has(known, key) ? known[key] : settings.threshold;
	}
}

/**
 * The outcome with Confirm After applied: the events whose change held long enough, and the numbers
 * of the others put back to what they were (the change waits in `confirming`).
 */
export function confirmedOutcome(
	state: WatchState,
	settings: WatchSettings,
	window: IDataObject[],
	outcome: WatchOutcome,
): WatchOutcome {
	const known = state.failing ?? state.scores ?? {};
	const confirming: IDataObject = { ...((state.confirming as IDataObject | undefined) ?? {}) };
	const checks = chosenChecks(settings.checks);
	const next: WatchState = { ...outcome.state };
	const numbers: IDataObject = { ...((next.failing ?? next.scores) as IDataObject) };
	const records = outcome.records ? { ...outcome.records } : undefined;
	const byId = new Map(outcome.events.map((event) => [reportId(event.report), event]));
	const fired = new Set<WatchEvent>();
	for (const report of window) {
		const id = reportId(report);
		const key = String(id);
		const event = byId.get(id);
		if (!event) {
			delete confirming[key];
			continue;
		}
		const bits = eventBits(event, checks);
		const mark = readingMark(report);
		const waiting = waitingOf(confirming[key]);
		const same = waiting !== undefined && waiting.bits === bits;
		const count = same ? waiting.count + (waiting.mark === mark ? 0 : 1) : 1;
		const fresh = same ? waiting.fresh : !has(known, key);
		if (count >= settings.confirmAfter) {
			delete confirming[key];
			if (settings.event === 'scoreBelow' && fresh) event.extra.previous_score = null;
			fired.add(event);
			continue;
		}
		confirming[key] = waitingNumber({ bits, fresh, mark, count });
		putBack(settings, checks.length, { known, numbers, records }, { key, id, bits, fresh });
	}
	if (next.failing !== undefined) next.failing = numbers;
	else next.scores = numbers;
	next.confirming = confirming;
	const confirmed: WatchOutcome = {
		...outcome,
		events: outcome.events.filter((event) => fired.has(event)),
		state: next,
	};
	if (records) confirmed.records = records;
	return confirmed;
}

/** `confirming` of a state to be saved, without the reports it no longer records (none: left out). */
export function keptWaiting(saved: IDataObject): void {
	const waiting = saved.confirming as IDataObject | undefined;
	delete saved.confirming;
	if (!waiting) return;
	const records = (saved.failing ?? saved.scores ?? {}) as IDataObject;
	const kept: IDataObject = {};
	for (const [key, value] of Object.entries(waiting)) if (has(records, key)) kept[key] = value;
	if (Object.keys(kept).length > 0) saved.confirming = kept;
}
