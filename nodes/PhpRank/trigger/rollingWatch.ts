import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { reportId } from '../report/reportId';
import type { ApiRequest } from '../shared/apiRequest';
import type { ChannelDeadline, RequestLimits } from '../transport';
import { isLastPage, LARGEST_PAGE_SIZE, sendFromCode } from '../transport';

/**
 * The rolling watch (a Project set and Reports to Watch at 0, node version 2): every report of the
 * project is compared, without reading the whole project in one poll. Each poll reads page 1 of the
 * project's reports, newest first (new reports are seen at once), and then a slice of the older ones:
 * up to SLICE_PAGES pages from where the last slice stopped. The slice's place is kept as a report ID
 * (`cursor`: the next slice reads the reports below it), not as a page number, so reports created or
 * deleted between polls do not make it skip or repeat reports: its first page is found by counting
 * the recorded reports at or above the cursor, one page earlier than that count says (reports deleted
 * since they were recorded move the rest up). Whether a report is an event is decided by its own recorded
 * number (watch.ts), so a report read twice is never emitted twice. docs/usage.md states how many
 * polls a round over P reports takes.
 */

/**
 * Pages of older reports one poll reads after page 1: with page 1, as many requests a poll as the most
 * Reports to Watch reads (MAX_WATCHED, triggerFields.ts). docs/usage.md and the README state it and
 * what follows from it (test/trigger/rollingWatch.test.js checks them).
 */
export const SLICE_PAGES = 9;
/**
 * How many polls a round over `reports` reports takes while none is created or deleted: docs/usage.md
 * states it (bench section 7 and test/node/triggerRolling.test.js check it). The first slice reads
 * pages 2 to SLICE_PAGES + 1, each next one starts on the page where the last one stopped
 * (SLICE_PAGES - 1 new pages), and the round ends on a slice that is not full: one whose pages hold
 * fewer than SLICE_PAGES pages of reports, which a list ending exactly on a slice's last page does
 * not (the next poll reads that page again, alone). So with F = floor(reports / 100) full pages:
 * ceil((F - 1) / (SLICE_PAGES - 1)) polls, at least 1.
 */
export function pollsPerRound(reports: number): number {
	const fullPages = Math.floor(reports / LARGEST_PAGE_SIZE);
	return Math.max(1, Math.ceil((fullPages - 1) / (SLICE_PAGES - 1)));
}

/** Recorded reports that may have been deleted since the slice passed them, before its start is off by a page. */
const DELETED_MARGIN = LARGEST_PAGE_SIZE;

export interface RollingRead {
	/** Page 1 and the slice, each report once, as phpRank sent them. */
	reports: IDataObject[];
	/** Where the next slice starts (it reads the reports below this ID); undefined: the next poll starts a new round. */
	cursor?: number;
	/** ID ranges (lowest, highest) read whole this poll: a recorded report in one that was not read is gone. */
	covered: Array<[number, number]>;
}

function lowestId(reports: IDataObject[]): number {
	return reports.reduce((low, report) => Math.min(low, reportId(report)), Infinity);
}

function highestId(reports: IDataObject[]): number {
	return reports.reduce((high, report) => Math.max(high, reportId(report)), -Infinity);
}

/** The cursor of this poll's slice: the recorded one, or page 1's lowest ID when a round starts. */
export function sliceCursor(recorded: number | undefined, pageOne: IDataObject[]): number {
	const low = lowestId(pageOne);
	return recorded !== undefined && recorded < low ? recorded : low;
}

/** The page the slice starts at: the page of the first report below the cursor, one page earlier. */
export function slicePage(known: IDataObject, cursor: number, pageOne: IDataObject[]): number {
	const low = lowestId(pageOne);
	let above = pageOne.length;
	for (const key of Object.keys(known)) {
		const id = Number(key);
		if (id >= cursor && id < low) above++;
	}
	return Math.max(2, Math.floor(Math.max(0, above - DELETED_MARGIN) / LARGEST_PAGE_SIZE) + 1);
}

/**
 * What a slice read tells: the next cursor and the ranges it covered. The slice joins what was read
 * before when it starts at page 2 or holds a report at or above the cursor; otherwise (more reports
 * deleted than the margin) the next poll starts a new round, so nothing is skipped.
 */
export function afterSlice(
	cursor: number,
	from: number,
	slice: IDataObject[],
	ended: boolean,
): Pick<RollingRead, 'cursor' | 'covered'> {
	if (slice.length === 0)
		return { cursor: undefined, covered: ended && from === 2 ? [[0, cursor]] : [] };
	const joined = from === 2 || slice.some((report) => reportId(report) >= cursor);
	const high = joined ? cursor : highestId(slice);
	const low = ended && joined ? 0 : lowestId(slice);
	return { cursor: ended || !joined ? undefined : lowestId(slice), covered: [[low, high]] };
}

/** Page 1 and the next slice of the project's reports, within the poll's deadline. */
export async function readRolling(
	context: IPollFunctions,
	deadline: ChannelDeadline,
	limits: RequestLimits,
	query: IDataObject,
	known: IDataObject,
	recordedCursor: number | undefined,
): Promise<RollingRead> {
	const request: ApiRequest = { method: 'GET', url: '/reports', qs: query };
	return await sendFromCode(
		context,
		deadline,
		async (requests) => {
			const first = await requests.page(request, { page: 1, perPage: LARGEST_PAGE_SIZE });
			const pageOne = first.data as IDataObject[];
			if (pageOne.length === 0 || isLastPage(first, 1, LARGEST_PAGE_SIZE)) {
				return { reports: pageOne, cursor: undefined, covered: [[0, Infinity]] };
			}
			const cursor = sliceCursor(recordedCursor, pageOne);
			const from = slicePage(known, cursor, pageOne);
			const maxItems = SLICE_PAGES * LARGEST_PAGE_SIZE;
			const slice = await requests.list('/reports', query, {
				plan: { perPage: LARGEST_PAGE_SIZE, maxItems },
				newestFirst: true,
				fromPage: from,
			});
			const seen = new Set(pageOne.map(reportId));
			const reports = [...pageOne, ...slice.filter((report) => !seen.has(reportId(report)))];
			const after = afterSlice(cursor, from, slice, slice.length < maxItems);
			return { reports, ...after, covered: [[lowestId(pageOne), Infinity], ...after.covered] };
		},
		limits,
	);
}

/**
 * The recorded numbers after a rolling poll: those decided now over those recorded before, less the
 * reports gone (recorded, inside a covered range, not read).
 */
export function rolledRecords(
	before: IDataObject,
	decided: IDataObject,
	read: RollingRead,
): IDataObject {
	const readIds = new Set(read.reports.map(reportId));
	const records: IDataObject = {};
	for (const [key, value] of Object.entries({ ...before, ...decided })) {
		const id = Number(key);
		const gone = !readIds.has(id) && read.covered.some(([low, high]) => id >= low && id <= high);
		if (!gone) records[key] = value;
	}
	return records;
}

/** The state after a rolling poll: the decided numbers rolled over the recorded ones, and the cursor. */
export function rolledState(
	before: IDataObject,
	next: IDataObject,
	read: RollingRead,
	decided?: IDataObject,
): IDataObject {
	const key = next.failing !== undefined ? 'failing' : 'scores';
	const records = rolledRecords(
		(before[key] as IDataObject | undefined) ?? {},
		decided ?? (next[key] as IDataObject | undefined) ?? {},
		read,
	);
	const rolled: IDataObject = { ...next, [key]: records };
	delete rolled.cursor;
	if (read.cursor !== undefined) rolled.cursor = read.cursor;
	return rolled;
}
