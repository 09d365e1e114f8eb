/**
 * Max Age (Hours), as Create or Re-Run (createOrRerun/pageAttempt.ts) and Audit Site (auditSite/auditPlan.ts)
 * read it: a report generated more recently is kept as it is.
 */

const HOUR_MS = 3_600_000;

/** When a report was generated (milliseconds since the epoch), or NaN when phpRank gave no readable date. */
export function generatedTime(generatedAt: unknown): number {
	return typeof generatedAt === 'string' ? Date.parse(generatedAt) : NaN;
}

/** Whether a report generated at `generatedAt` is within Max Age at `now`: never for 0 or no readable date. */
export function isWithinMaxAge(generatedAt: unknown, maxAgeHours: number, now: number): boolean {
	const time = generatedTime(generatedAt);
	return maxAgeHours > 0 && Number.isFinite(time) && now - time < maxAgeHours * HOUR_MS;
}
