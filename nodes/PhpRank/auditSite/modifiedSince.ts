import { InvalidInput } from '../shared/inputChecks';

/**
 * Modified Since against a sitemap's `lastmod`, the same on every n8n server. Both are read as ISO
 * 8601 (the sitemap protocol's W3C Datetime: `2026-01-31`, `2026-01-31T10:00:00+01:00`, also `2026`
 * and `2026-01`), never with `Date.parse`, which reads a time without an offset in the server's
 * time zone and `01/02/2026` as 2 January. A date or time without an offset is read in the
 * workflow's time zone (n8n's setting for the workflow, else the instance's: `getTimezone()`), which
 * is what n8n's date picker means: it stores `2026-01-31T00:00:00`. A `lastmod` that is only a day
 * (or a month, a year) counts as the whole of it: a page modified on Modified Since's day is kept in
 * every time zone.
 */

const FIELD = 'Modified Since';
const FORM = 'like 2026-01-31 or 2026-01-31T08:00:00';

/** W3C Datetime / ISO 8601: a year, a month, a day, a time to the minute or finer, an offset. */
const ISO_8601 =
	/^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?$/i;

/** A date as written: its fields, and how precise it is. */
interface WrittenDate {
	/** The wall-clock time it names, as if in UTC (milliseconds). */
	wall: number;
	/** The last day it covers (`YYYY-MM-DD`): itself for a day, the month's last for a month. */
	lastDay: string;
	hasTime: boolean;
	/** Minutes east of UTC, when it gives an offset. */
	offset?: number;
}

export interface ModifiedSince {
	/** The instant. */
	time: number;
	/** Its day in the workflow's time zone (`YYYY-MM-DD`). */
	day: string;
	timeZone: string;
}

/** Date.UTC for every year (Date.UTC reads 0–99 as 1900–1999); day 0 is the month's eve. */
function utc(year: number, month: number, day: number, ...time: number[]): number {
	const date = new Date(0);
	date.setUTCFullYear(year, month - 1, day);
	date.setUTCHours(time[0] ?? 0, time[1] ?? 0, time[2] ?? 0, time[3] ?? 0);
	return date.getTime();
}

function dayText(wall: number): string {
	return new Date(wall).toISOString().slice(0, 10);
}

function offsetMinutes(text: string | undefined): number | undefined {
	if (text === undefined) return undefined;
	if (text.toUpperCase() === 'Z') return 0;
	const hours = Number(text.slice(1, 3));
	const minutes = Number(text.slice(3).replace(':', '') || '0');
	if (hours > 23 || minutes > 59) return NaN;
	return (text[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

/** `text` read as ISO 8601; undefined when it is not (or names no such day or time). */
function writtenDate(text: string): WrittenDate | undefined {
	const match = ISO_8601.exec(text.trim());
	if (!match) return undefined;
	const [, y, mo, d, h, mi, s, fraction, zone] = match;
	const [year, month, day] = [Number(y), Number(mo ?? 1), Number(d ?? 1)];
	const [hour, minute, second] = [Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0)];
	const offset = offsetMinutes(zone);
	const daysInMonth = new Date(utc(year, month + 1, 0)).getUTCDate();
	if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return undefined;
	if (hour > 23 || minute > 59 || second > 59 || Number.isNaN(offset)) return undefined;
	const milliseconds = Number((fraction ?? '').slice(0, 3).padEnd(3, '0'));
	const wall = utc(year, month, day, hour, minute, second, milliseconds);
	// the period's last day: a day itself, a month's last day, a year's 31 December
	const last =
		d !== undefined ? wall : mo !== undefined ? utc(year, month + 1, 0) : utc(year, 12, 31);
	return { wall, lastDay: dayText(last), hasTime: h !== undefined, offset };
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The workflow's time zone as Intl reads it; UTC if n8n ever gave one it does not know. */
function usableZone(timeZone: string): string {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone });
		return timeZone;
	} catch {
		return 'UTC';
	}
}

/** The wall-clock time in `timeZone` at `time`, as if in UTC. */
function wallClock(time: number, timeZone: string): number {
	let clock = clocks.get(timeZone);
	if (!clock) {
		clock = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
		});
		clocks.set(timeZone, clock);
	}
	const part: Record<string, number> = {};
	for (const { type, value } of clock.formatToParts(time)) part[type] = Number(value);
	const seconds = utc(part.year, part.month, part.day, part.hour, part.minute, part.second);
	return seconds + (((time % 1000) + 1000) % 1000);
}

/**
 * The instant a wall-clock time in `timeZone` names; a time a clock change skips or repeats (02:30,
 * 01:30 on those days) with one of the offsets around it.
 */
function instantIn(wall: number, timeZone: string): number {
	const guess = wall - (wallClock(wall, timeZone) - wall);
	const offset = wallClock(guess, timeZone) - guess;
	return wall - offset;
}

function instantOf(date: WrittenDate, timeZone: string): number {
	return date.offset === undefined
		? instantIn(date.wall, timeZone)
		: date.wall - date.offset * 60_000;
}

function refused(value: unknown): InvalidInput {
	const shown = typeof value === 'string' ? `"${value.slice(0, 60)}"` : typeof value;
	return new InvalidInput(
		FIELD,
		`${FIELD} must be a date in ISO 8601 form (year-month-day), ${FORM} (got ${shown})`,
	);
}

/**
 * Modified Since, checked; none when empty. Text is ISO 8601; a Date or a number of milliseconds
 * (an expression's) is that instant. Read in `timeZone` (the workflow's).
 */
export function modifiedSinceFrom(value: unknown, timeZone: string): ModifiedSince | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const zone = usableZone(timeZone);
	let time: number;
	if (typeof value === 'string') {
		const date = writtenDate(value);
		if (!date) throw refused(value);
		time = instantOf(date, zone);
	} else if (typeof value === 'number' || value instanceof Date) {
		time = Number(value);
	} else {
		throw refused(value);
	}
	if (!Number.isFinite(time)) throw refused(value);
	return { time, day: dayText(wallClock(time, zone)), timeZone: zone };
}

/**
 * Whether a page whose `lastmod` is this was modified on or after Modified Since. A `lastmod`
 * without a time counts as its whole day (month, year); one that is not ISO 8601 is kept.
 */
export function modifiedSinceKeeps(lastmod: string, since: ModifiedSince): boolean {
	const date = writtenDate(lastmod);
	if (!date) return true;
	if (!date.hasTime) return date.lastDay >= since.day;
	return instantOf(date, since.timeZone) >= since.time;
}
