import type { IDataObject } from 'n8n-workflow';

import { reportId } from '../report/reportId';
import { pageSearchTerm, siteSearchTerm, storedUrl } from '../report/storedUrl';
import { lookupTermOf, searchWithoutWildcard } from './lookupTerm';
import type { ReportSearch } from './reportSearch';
import { readSearch } from './reportSearch';

/**
 * After a Create, the report every overlapping run ends on. Runs in other processes (the workers
 * of queue mode, a second n8n on the same phpRank) share nothing with this one, so two of them may
 * each have found no report and each sent a Create. After its Create a run reads the page's
 * reports once more: when a report of the page with a lower ID than its own exists that its
 * lookup had not seen, it deletes its own and outputs that one. The lowest ID always survives, so
 * every run ends on the same report. For the pages of a site in one run (siteListing.ts), one read
 * of the site's listing after their Creates does it for all of them (`SiteCreates`).
 */

/** The requests the check needs: the search, and a deletion. */
export interface AfterCreateApi extends ReportSearch {
	/** Deletes report `id` (the run's own newer duplicate). */
	deleteReport(id: number): Promise<void>;
}

/**
 * What a page's Create ends on: a report created (the run's own, or an older one another run
 * created), or, when the lookup could not see the page's report, that report (`found`): the run
 * then does with it what it does with a report its lookup found (pageAttempt.ts: re-run, or kept
 * within Max Age).
 */
export type SettledCreate = { created: IDataObject } | { found: IDataObject };

/**
 * The oldest report of each of `pages` (stored form) among the reports newer than `newerThanId`
 * that `search` lists: read newest first down to `newerThanId` (the lookup saw the rest). `ids`
 * collects the ID of every report listed.
 */
async function oldestNewer(
	api: AfterCreateApi,
	search: string,
	pages: ReadonlySet<string>,
	newerThanId: number,
	ids?: Set<number>,
): Promise<Map<string, IDataObject>> {
	const oldest = new Map<string, IDataObject>();
	await readSearch(async (page, perPage) => await api.listPage(search, page, perPage), {
		endAtRepeatedPage: true,
		stopAt: (record) => {
			const id = reportId(record);
			if (id <= newerThanId) return true;
			ids?.add(id);
			const url = typeof record.url === 'string' ? storedUrl(record.url) : undefined;
			// Newest first: the last one met is the oldest.
			if (url !== undefined && pages.has(url)) oldest.set(url, record);
			return false;
		},
	});
	return oldest;
}

/** The report the page ends on: an older one (and the run's own deleted), or the run's own. */
async function keepOldest(
	api: AfterCreateApi,
	created: IDataObject,
	oldest: IDataObject | undefined,
): Promise<IDataObject> {
	if (!oldest || reportId(oldest) >= reportId(created)) return created;
	await api.deleteReport(reportId(created));
	return oldest;
}

/**
 * After one page's Create: one read of the page's reports newer than its lookup saw, with the
 * lookup's term. That read lists the run's own new report unless phpRank took the term's `%` as
 * itself (lookupTerm.ts); then the lookup saw nothing, the page's reports are read again with the
 * path alone, and an older report of the page is the one that stays: the run's own is deleted and
 * the older one is handed back as found, for the run to act on as its lookup would have.
 */
export async function settleCreate(
	api: AfterCreateApi,
	pageUrl: string,
	created: IDataObject,
	newestSeenId: number,
): Promise<SettledCreate> {
	const pages = new Set([pageUrl]);
	const listed = new Set<number>();
	const term = await lookupTermOf(api, pageUrl);
	const oldest = await oldestNewer(api, term, pages, newestSeenId, listed);
	if (listed.has(reportId(created))) {
		return { created: await keepOldest(api, created, oldest.get(pageUrl)) };
	}
	await searchWithoutWildcard(api);
	const older = (await oldestNewer(api, pageSearchTerm(pageUrl), pages, 0)).get(pageUrl);
	if (!older || reportId(older) >= reportId(created)) return { created };
	await api.deleteReport(reportId(created));
	return { found: older };
}

interface Created {
	pageUrl: string;
	created: IDataObject;
	newestSeenId: number;
	resolve: (settled: SettledCreate) => void;
	reject: (error: unknown) => void;
}

/** One Create under way: settled once it answered, or cancelled when it failed. */
export interface CreateTicket {
	/** The report the page ends on. */
	settle(created: IDataObject, newestSeenId: number): Promise<SettledCreate>;
	/** The Create failed: nothing to settle. */
	cancel(): void;
}

/**
 * The Creates of one site's pages in one run: once none is under way any more (each settled or
 * cancelled), one read of the site's listing (down to the lowest ID their lookups had seen)
 * settles every page created meanwhile. Creates that start later (n8n's Batching) make another
 * round.
 */
export class SiteCreates {
	private underWay = 0;
	private created: Created[] = [];

	constructor(
		private readonly pageUrlOfSite: string,
		private readonly api: AfterCreateApi,
	) {}

	/** A Create of page `pageUrl` begins: counted until it is settled or cancelled. */
	begin(pageUrl: string): CreateTicket {
		this.underWay++;
		let open = true;
		const close = () => {
			if (!open) return false;
			open = false;
			this.underWay--;
			return true;
		};
		return {
			settle: async (created, newestSeenId) => {
				const settled = new Promise<SettledCreate>((resolve, reject) => {
					this.created.push({ pageUrl, created, newestSeenId, resolve, reject });
				});
				if (close()) this.flushIfDone();
				return await settled;
			},
			cancel: () => {
				if (close()) this.flushIfDone();
			},
		};
	}

	private flushIfDone(): void {
		if (this.underWay > 0 || this.created.length === 0) return;
		const round = this.created.splice(0);
		this.read(round).catch((error: unknown) => {
			for (const page of round) page.reject(error);
		});
	}

	private async read(round: Created[]): Promise<void> {
		const pages = new Set(round.map((page) => page.pageUrl));
		const newerThanId = Math.min(...round.map((page) => page.newestSeenId));
		const search = siteSearchTerm(this.pageUrlOfSite);
		const oldest = await oldestNewer(this.api, search, pages, newerThanId);
		for (const page of round) {
			keepOldest(this.api, page.created, oldest.get(page.pageUrl)).then(
				(created) => page.resolve({ created }),
				page.reject,
			);
		}
	}
}
