import { loadedOnce } from './shared/loadedOnce';

/**
 * What the operations of resources/ load at their first use from the core (report/) and from Create
 * or Re-Run's rules (createOrRerun/), each through `loadedOnce` (shared/loadedOnce.ts: loaded once,
 * its promise kept). A capability declares its own loads in its entry: Audit Site's in
 * auditSite/auditSite.ts, Digest's in digest/digestOperation.ts, the trigger's poll in
 * PhpRankTrigger.node.ts. The transport's own deferred load stays in the transport
 * (transport/index.ts `loadAtRun`): every module here imports the transport, so listing it here
 * would make each of them an import circle.
 */
export const runModules = {
	/** The rules of one fresh report per page (Create or Re-Run). */
	upsert: loadedOnce(async () => await import('./createOrRerun')),
	/** How a report is output (Simplify: the report model, report/simplify.ts, score.ts, checkReasons.ts). */
	reportView: loadedOnce(async () => await import('./report/reportView')),
	/** Before and after a re-run (Report → Update's Output Changes). */
	reportChanges: loadedOnce(async () => await import('./report/reportChanges')),
	/** A project's average score and label (Project → Get Many). */
	score: loadedOnce(async () => await import('./report/score')),
	/** A site's issues, folded from its reports (Project → Get Issues). */
	siteHealth: loadedOnce(async () => await import('./report/siteHealth')),
	/** The pages failing a check and their re-checks (Project → Validate Fix). */
	fixValidation: loadedOnce(async () => await import('./report/fixValidation')),
};
