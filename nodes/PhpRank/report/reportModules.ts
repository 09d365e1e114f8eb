import { loadedOnce } from '../shared/loadedOnce';

/**
 * What a report means, loaded where an operation first needs it, once (shared/loadedOnce.ts): n8n
 * loads every installed package when it starts, and showing the node needs none of it. The core's
 * loads, for every operation; a capability declares its own run's load in its entry
 * (auditSite/auditSite.ts, createOrRerun/createOrRerunOperation.ts, digest/digestOperation.ts,
 * PhpRankTrigger.node.ts), the transport its pipeline's (transport/index.ts).
 */
export const reportModules = {
	/** How a report is output (Simplify: the report model, report/simplify.ts, score.ts, checkReasons.ts). */
	reportView: loadedOnce(async () => await import('./reportView')),
	/** Before and after a re-run (Report → Update's Output Changes). */
	reportChanges: loadedOnce(async () => await import('./reportChanges')),
	/** A project's average score and label (Project → Get Many). */
	score: loadedOnce(async () => await import('./score')),
	/** A site's issues, folded from its reports (Project → Get Issues). */
	siteHealth: loadedOnce(async () => await import('./siteHealth')),
	/** The pages failing a check and their re-checks (Project → Validate Fix). */
	fixValidation: loadedOnce(async () => await import('./fixValidation')),
};
