/**
 * A module loaded at its first use, once, its promise kept: n8n loads every installed package when
 * it starts, and showing the node needs none of what only a run needs (bench section 4 times the
 * cold require()). Every item of a run awaits the same promise, so the items resume in one turn,
 * as they started (Create or Re-Run's pages must join their site together, createOrRerun/index.ts
 * `createOrRerunInRun`). The one way the package loads at first use. The file that needs a module
 * declares its load: a capability's entry its run, once (auditSite/auditSite.ts,
 * createOrRerun/createOrRerunOperation.ts, digest/digestOperation.ts, PhpRankTrigger.node.ts), the
 * core its own (report/reportModules.ts, transport/index.ts).
 */
export function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
	let kept: Promise<T> | undefined;
	return async () => await (kept ??= load());
}
