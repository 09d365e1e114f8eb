import type { IDataObject } from 'n8n-workflow';

import { fingerprint } from '../report/pageSet';
import { reportId } from '../report/reportId';
import { toNumber } from '../report/score';
import { storedUrl } from '../report/storedUrl';
import type { NamedCheck } from './checkFailures';
import { bit, failingMask, flippedChecks, hasBit } from './checkFailures';

/**
 * Check Fixed: a chosen check that failed on a watched page passes in a re-run or in a newer report
 * of the page. The state stays one number per report: the chosen checks it fails (as Check Failed's
 * mask, checkFailures.ts) in the low bits and, above them, a key of the report's page (its stored URL's
 * fingerprint, report/pageSet.ts), so a new report finds the page's newest recorded report. The key
 * has at most 24 bits (53 minus one bit per chosen check, so the number stays exact): a new report of
 * another page takes a page's place only when both keys are equal, about one chance in 16 million per
 * recorded page with up to 29 checks chosen (docs/usage.md, Check Fixed).
 */

const MAX_KEY_BITS = 24;
const EXACT_BITS = 53;

function keyRange(checkCount: number): number {
	return 2 ** Math.max(0, Math.min(MAX_KEY_BITS, EXACT_BITS - checkCount));
}

/** The key of a report's page (its stored URL), within the bits left by the chosen checks. */
export function pageKeyOf(report: IDataObject, checkCount: number): number {
	return fingerprint(storedUrl(String(report.url ?? ''))) % keyRange(checkCount);
}

/** One report's number in the state: its page's key above the mask of the chosen checks it fails. */
export function fixRecord(pageKey: number, mask: number, checkCount: number): number {
	return pageKey * bit(checkCount) + mask;
}

/** The mask of a recorded number (the chosen checks the report failed when last read). */
export function maskOfRecord(record: number, checkCount: number): number {
	return record % bit(checkCount);
}

export function pageOfRecord(record: number, checkCount: number): number {
	return Math.floor(record / bit(checkCount));
}

/** One chosen check that passes again. */
export type Fix = NamedCheck;

/** The chosen checks failing in `before` and passing in `now`, most important first. */
export function fixesOf(
	report: IDataObject,
	checks: readonly string[],
	before: number,
	now: number,
): Fix[] {
	return flippedChecks(report, checks, before, now, (entry) => entry);
}

/** The numbers of reports read for the first time (a first poll): nothing is compared. */
export function fixRecordsOf(reports: IDataObject[], checks: readonly string[]): IDataObject {
	const records: IDataObject = {};
	for (const report of reports) {
		records[String(reportId(report))] = fixRecord(
			pageKeyOf(report, checks.length),
			failingMask(report, checks),
			checks.length,
		);
	}
	return records;
}

/** The bits set in both masks (masks pass 32 bits: no bitwise operators). */
function stillFailing(before: number, now: number, count: number): number {
	let mask = 0;
	for (let index = 0; index < count; index++) {
		if (hasBit(before, index) && hasBit(now, index)) mask += bit(index);
	}
	return mask;
}

/** Page key → the ID of the newest recorded report of that page. */
function newestByPage(records: IDataObject, checkCount: number): Map<number, number> {
	const newest = new Map<number, number>();
	for (const [key, value] of Object.entries(records)) {
		const record = toNumber(value);
		const id = Number(key);
		if (record === null) continue;
		const page = pageOfRecord(record, checkCount);
		if ((newest.get(page) ?? -1) < id) newest.set(page, id);
	}
	return newest;
}

export interface FixDecision {
	fixed: Array<{ report: IDataObject; fixed: Fix[] }>;
	/** `known` with every report read updated (and a page's older report cleared of what its newer one fixed). */
	records: IDataObject;
}

/**
 * Check Fixed's decision over the reports read (oldest first): a recorded report is compared with its
 * own number; a new one (ID above `lastId`) with the newest recorded report of its page, whose bits it
 * fixed are then cleared (the page's recovery is told once, not again when that older report is re-run).
 * A report met for the first time otherwise (moved into the watch) is recorded, not emitted.
 */
export function decideFixes(
	known: IDataObject,
	lastId: number,
	reports: IDataObject[],
	checks: readonly string[],
): FixDecision {
	const count = checks.length;
	const records: IDataObject = { ...known };
	let pages: Map<number, number> | undefined;
	const fixed: FixDecision['fixed'] = [];
	for (const report of reports) {
		const id = reportId(report);
		const recorded = toNumber(records[String(id)]);
		const page = pageKeyOf(report, count);
		const previous = recorded === null ? 0 : maskOfRecord(recorded, count);
		const now = failingMask(report, checks, previous);
		let before: number | undefined = recorded === null ? undefined : previous;
		if (recorded === null && id > lastId) {
			pages ??= newestByPage(records, count);
			const older = pages.get(page);
			const olderRecord = older === undefined ? null : toNumber(records[String(older)]);
			if (older !== undefined && older < id && olderRecord !== null) {
				before = maskOfRecord(olderRecord, count);
				records[String(older)] = fixRecord(page, stillFailing(before, now, count), count);
			}
		}
		records[String(id)] = fixRecord(page, now, count);
		if (pages && (pages.get(page) ?? -1) < id) pages.set(page, id);
		const fixes = before === undefined ? [] : fixesOf(report, checks, before, now);
		if (fixes.length > 0) fixed.push({ report, fixed: fixes });
	}
	return { fixed, records };
}
