import { loadedOnce } from './shared/loadedOnce';

/**
 * What the operations' runs load at their first use from the floors below them (upsert/, report/,
 * sitemap/), in one place, each through `loadedOnce` (shared/loadedOnce.ts: loaded once, its
 * promise kept). A load within an operation's own floor is its file's: Audit Site's run
 * (resources/project/auditSite.ts), the trigger's poll (PhpRankTrigger.node.ts). The transport's
 * own deferred load stays in the transport (transport/index.ts `loadAtRun`): every module here
 * imports the transport, so listing it here would make each of them an import circle.
 */
export const runModules = {
	/** The rules of one fresh report per page (Create or Re-Run). */
	upsert: loadedOnce(async () => await import('./upsert')),
	/** How a report is output (Simplify: the report model, report/simplify.ts, score.ts, checkReasons.ts). */
	reportView: loadedOnce(async () => await import('./report/reportView')),
	/** Before and after a re-run (Report → Update's Output Changes). */
	reportChanges: loadedOnce(async () => await import('./report/reportChanges')),
	/** A project's average score and label (Project → Get Many). */
	score: loadedOnce(async () => await import('./report/score')),
	/** A site's issues, folded from its reports (Project → Get Issues). */
	siteHealth: loadedOnce(async () => await import('./report/siteHealth')),
	/** Project → Digest: its week, its History, its model and channels. */
	digestWeek: loadedOnce(async () => await import('./report/digestWeek')),
	digestHistory: loadedOnce(async () => await import('./report/digestHistory')),
	digest: loadedOnce(async () => await import('./report/digest')),
	digestOutput: loadedOnce(async () => await import('./report/digestOutput')),
	/** The pages failing a check and their re-checks (Project → Validate Fix). */
	fixValidation: loadedOnce(async () => await import('./report/fixValidation')),
	/** The reading of a site's sitemaps (Project → Audit Site): the scanner, gzip, robots.txt, the site fetch. */
	readSite: loadedOnce(async () => await import('./sitemap/readSite')),
	/** Audit Site's Include, Exclude and Modified Since, read and checked (their pattern and date checks). */
	pageFilter: loadedOnce(async () => await import('./sitemap/pageFilter')),
};
