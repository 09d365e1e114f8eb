/**
 * What every language of Project → Digest's words (digestWording.ts and its translations) builds on:
 * a count with its noun, a week's day with the language's month names.
 */

/** "1 page", "3 pages". */
export function plural(count: number, one: string, many: string): string {
	return `${count} ${count === 1 ? one : many}`;
}

/** A week (its Monday, yyyy-mm-dd) as its day, month name and (unless `short`) year: "30 Nov 2026". */
export function dayOf(
	week: string,
	months: readonly string[],
	short: boolean,
	pattern = (day: number, month: string) => `${day} ${month}`,
): string {
	const dayMonth = pattern(Number(week.slice(8, 10)), months[Number(week.slice(5, 7)) - 1] ?? '');
	return short ? dayMonth : `${dayMonth} ${week.slice(0, 4)}`;
}
