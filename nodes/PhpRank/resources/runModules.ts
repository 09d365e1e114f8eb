/**
 * What the operations' runs load at their first use, in one place: n8n loads every installed
 * package when it starts, and showing the node needs none of it (bench section 4, the cold
 * require()). Each module is loaded once and its promise kept: every item of a run awaits the same
 * promise, so the items resume in one turn, as they started (Create or Re-Run's pages must join
 * their site together, upsert/index.ts `createOrRerunInRun`).
 */
let upsert: Promise<typeof import('../upsert')> | undefined;
let auditRun: Promise<typeof import('./project/auditRun')> | undefined;

export const runModules = {
	/** The rules of one fresh report per page (Create or Re-Run). */
	upsert: async () => await (upsert ??= import('../upsert')),
	/** Project → Audit Site's run once the site's pages are read. */
	auditRun: async () => await (auditRun ??= import('./project/auditRun')),
};
