/**
 * Project → Digest's Week: a week is named by its Monday (yyyy-mm-dd), the key of its row in the
 * history table. Pure: the time zone and the moment are given (the operation reads the workflow's
 * time zone with getTimezone()).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** yyyy-mm-dd of a UTC day number. */
function isoDay(utcMs: number): string {
	return new Date(utcMs).toISOString().slice(0, 10);
}

/** The Monday (yyyy-mm-dd) of the week of a calendar day given as yyyy-mm-dd…; undefined if it is none. */
export function mondayOf(text: string): string | undefined {
	const match = DATE.exec(text.trim());
	if (!match) return undefined;
	const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
	const utc = Date.UTC(year, month - 1, day);
	const date = new Date(utc);
	// a day that does not exist (2026-02-30) is refused, not moved
	if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
	const sinceMonday = (date.getUTCDay() + 6) % 7;
	return isoDay(utc - sinceMonday * DAY_MS);
}

/** The Monday of the week `now` falls in, in the time zone `timeZone` (an IANA name). */
export function mondayInZone(now: Date, timeZone: string): string {
	let parts: Intl.DateTimeFormatPart[];
	try {
		parts = new Intl.DateTimeFormat('en-CA', {
			timeZone,
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
		}).formatToParts(now);
	} catch {
		// a time zone this Node does not know: UTC's calendar day
		return mondayOf(now.toISOString()) as string;
	}
	const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
	return mondayOf(`${part('year')}-${part('month')}-${part('day')}`) as string;
}

/** Whole days from week `a` to week `b` (both yyyy-mm-dd). */
export function daysBetween(a: string, b: string): number {
	return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** A time with its offset (`Z`, `+01:00`, `-0500`): an instant, not a wall-clock time. */
const INSTANT =
	/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * The Monday of the week a Week value names: a date or a time without an offset by its calendar day
 * (as written: the workflow's own wall clock); an instant (a time ending in `Z` or an offset, as a
 * JS Date and n8n's DateTime give it) by its day in `timeZone`, as Audit Site's Modified Since reads
 * it. Undefined when it is no date.
 */
export function mondayOfWeekValue(text: string, timeZone: string): string | undefined {
	const monday = mondayOf(text);
	const trimmed = text.trim();
	const offset = INSTANT.exec(trimmed);
	if (monday === undefined || !offset) return monday;
	const zone = offset[1];
	const iso =
		zone.length === 5 ? `${trimmed.slice(0, -5)}${zone.slice(0, 3)}:${zone.slice(3)}` : trimmed;
	const time = Date.parse(iso.replace(' ', 'T').replace(',', '.'));
	return Number.isNaN(time) ? monday : mondayInZone(new Date(time), timeZone);
}
