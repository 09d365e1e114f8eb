import type { IDataObject } from 'n8n-workflow';

import type { Importance } from '../shared/constants';
import { InvalidInput, quotedValue } from '../shared/inputChecks';
import { isRecord } from '../shared/isRecord';
import { isImportance } from '../report/checkCatalogue';
import { mondayOf } from './digestWeek';

/**
 * Project → Digest's History: the rows earlier Digest runs output (its `row`), as n8n's Data table
 * node returns them (with its own id, createdAt, updatedAt) and its Aggregate node gathers them
 * (an object holding the array). A row's figures may be null or numbers as text (a table's column
 * of another type): each is read as a number or as missing, never as NaN; a figure outside its
 * range (a health or average score not from 0 to 100, a count of pages not a whole number of 0 or
 * more) is missing too, so that no bar or arrow is drawn of it.
 */

/** A failing check as a row keeps it (its `issues` column, JSON text). */
export interface KeptIssue {
	check: string;
	name: string;
	importance: Importance | null;
	pages_failing: number;
	pages: string[];
}

/** One earlier week of one site, as read from its row. */
export interface PastWeek {
	week: string;
	health: number | null;
	pages: number | null;
	pagesFailingHigh: number | null;
	scoreAverage: number | null;
	/** undefined: the row holds no readable list of issues. */
	issues: KeptIssue[] | undefined;
}

const HISTORY_FIELD = 'History';

/** The History field's value as rows: an array of rows, or an object holding one array. */
export function historyRows(value: unknown): IDataObject[] {
	if (value === undefined || value === null || value === '') return [];
	let rows: unknown = typeof value === 'string' ? parsedJson(value) : value;
	if (isRecord(rows)) {
		const arrays = Object.values(rows).filter((entry) => Array.isArray(entry));
		// Aggregate's "All Item Data" holds the rows in `data`; one aggregated field in its name
		if (arrays.length === 1) rows = arrays[0];
		else if ('project' in rows && 'week' in rows) rows = [rows];
	}
	if (!Array.isArray(rows) || !rows.every((row) => isRecord(row))) {
		throw new InvalidInput(
			HISTORY_FIELD,
			`History must be the rows of earlier Digest runs: an array of rows, or an object holding one (as Aggregate gives it), got ${quotedValue(value)}`,
		);
	}
	return rows as IDataObject[];
}

/** JSON text as its value; text that is not JSON stays the text (and is refused as no rows). */
function parsedJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}

/** A figure of a row: a finite number (or number as text), else missing. */
export function numberOrNull(value: unknown): number | null {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

/** A share of a row (health, average score): a figure from 0 to 100, else missing ("no figure"). */
function percentOrNull(value: unknown): number | null {
	const number = numberOrNull(value);
	return number !== null && number >= 0 && number <= 100 ? number : null;
}

/** A count of a row (pages): a whole number, 0 or more, else missing. */
function countOrNull(value: unknown): number | null {
	const number = numberOrNull(value);
	return number !== null && Number.isSafeInteger(number) && number >= 0 ? number : null;
}

function keptIssuesOf(value: unknown): KeptIssue[] | undefined {
	let list: unknown = value;
	if (typeof list === 'string') {
		try {
			list = JSON.parse(list);
		} catch {
			return undefined;
		}
	}
	if (!Array.isArray(list)) return undefined;
	const issues: KeptIssue[] = [];
	for (const entry of list) {
		if (!isRecord(entry) || typeof entry.check !== 'string') continue;
		issues.push({
			check: entry.check,
			name: typeof entry.name === 'string' ? entry.name : entry.check,
			importance: isImportance(entry.importance) ? entry.importance : null,
			pages_failing: countOrNull(entry.pages_failing) ?? 0,
			pages: Array.isArray(entry.pages) ? entry.pages.filter((p) => typeof p === 'string') : [],
		});
	}
	return issues;
}

/**
 * The weeks before `week` of `project`, oldest first, one a week (a week's later row wins: the
 * table is upserted on project and week, but a history may be gathered from several tables).
 */
export function pastWeeks(rows: IDataObject[], project: string, week: string): PastWeek[] {
	const byWeek = new Map<string, PastWeek>();
	for (const row of rows) {
		if (String(row.project ?? '') !== project) continue;
		const rowWeek = mondayOf(String(row.week ?? ''));
		if (rowWeek === undefined || rowWeek >= week) continue;
		byWeek.set(rowWeek, {
			week: rowWeek,
			health: percentOrNull(row.health),
			pages: countOrNull(row.pages),
			pagesFailingHigh: countOrNull(row.pages_failing_high),
			scoreAverage: percentOrNull(row.score_average),
			issues: keptIssuesOf(row.issues),
		});
	}
	return [...byWeek.values()].sort((a, b) => (a.week < b.week ? -1 : 1));
}
