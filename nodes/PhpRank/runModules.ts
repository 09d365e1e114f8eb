/**
 * What the node's runs load at their first use (the operations', the trigger's polls), in one
 * place: n8n loads every installed package when it starts, and showing the node needs none of it
 * (bench section 4 times the cold require(), and what each module here would add to it). The
 * transport's own deferred load stays in the transport (transport/index.ts `loadAtRun`): every
 * module here imports the transport, so listing it here would make each of them an import circle.
 * Each module is loaded once and its promise kept: every item of a run awaits the same promise, so
 * the items resume in one turn, as they started (Create or Re-Run's pages must join their site
 * together, upsert/index.ts `createOrRerunInRun`).
 */
function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
	let kept: Promise<T> | undefined;
	return async () => await (kept ??= load());
}

export const runModules = {
	/** The rules of one fresh report per page (Create or Re-Run). */
	upsert: loadedOnce(async () => await import('./upsert')),
	/** Project → Audit Site's run once the site's pages are read. */
	auditRun: loadedOnce(async () => await import('./resources/project/auditRun')),
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
	/** A poll of the trigger. */
	poll: loadedOnce(async () => await import('./trigger/poll')),
};
