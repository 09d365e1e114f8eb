import type { IDataObject } from 'n8n-workflow';

import { reportId } from '../report/reportId';
import { storedUrl } from '../report/storedUrl';
import type { ListEnvelope } from '../transport';
import { firstPageOf, LARGEST_PAGE_SIZE } from '../transport';
import type { ReportSearch } from './reportSearch';
import { readSearch } from './reportSearch';

/**
 * One listing of a site's reports, read for the pages of that site that one run of Create or
 * Re-Run names (index.ts decides when; docs/internals.md gives the rule and its bounds).
 *
 * The listing is phpRank's search for the site's host (`search=<host>`: `siteSearchTerm` in
 * report/storedUrl.ts, the part of the host every spelling shares, newest first, 100 a page).
 * Every report of a page of the site, in any spelling, holds that term, as it holds the page's
 * own search term: the site's listing holds the same newest report of every page as the page's
 * own lookup, under whichever project phpRank filed it, and a page it does not hold has no report
 * at all. So answers from the listing are the page lookup's answers, with no lookup left for a
 * page without a report.
 */

/** The newest report of one page, if any, and the highest report ID listed (0 when none; a lost Create looks above it). */
export interface PageAnswer {
	found?: IDataObject;
	newestSeenId: number;
}

/** The site of a page (stored form): its host, the part before the first `/`; always a prefix of it. */
export function siteOf(pageStoredUrl: string): string {
	return pageStoredUrl.split('/')[0];
}

/** A listing page as the list reader keeps it: the envelope, each record reduced to its ID. */
function idsOnly(envelope: ListEnvelope): ListEnvelope {
	return {
		...envelope,
		data: (envelope.data as IDataObject[]).map((record) => ({ id: record.id })),
	};
}

/**
 * What the listing answers before each request of a waiting page's own lookup: send it, or stop:
 * the rest of the listing is being read and answers the page (`answerFromRest`).
 */
export type OwnRequest = 'send' | 'listingAnswers';

/**
 * What the listing says about a page: its answer, or that the page runs its own lookup, `budgeted`
 * (each request asked for with `ownRequest`, and left when the listing takes over) or not
 * (a page whose report the listing met before the page joined: only its own lookup can say).
 */
export type ListingReply = { answer: PageAnswer } | { ownLookup: { budgeted: boolean } };

/**
 * The reports of one site read for one run, and which pages still wait for them.
 *
 * Page 1 of the listing is read once a second page of the site joins (index.ts). It holds
 * the site's newest 100 reports and says how many pages the listing has (L). Pages found there
 * are answered; when it is the only page, so is every other page (no report). The rest of the
 * listing (L - 1 requests) is read once the pages it would answer are at least as many as its
 * requests, or once the pages' own lookups have cost, meanwhile, as many requests as the rest
 * would: whichever comes first. So the site's lookups stay under twice its listing, and a page
 * never costs more than its own lookup.
 *
 * Only the records of pages that asked for them are kept, each until its page takes it: memory
 * follows the run's pages of the site, not the size of the listing.
 */
export class SiteListing {
	/** Pages of the site that joined the listing and have no answer yet. */
	private readonly waiting = new Set<string>();
	/** The newest report of each waiting page met in the listing so far. */
	private readonly kept = new Map<string, IDataObject>();
	/** Stored URLs met in the listing (not their records): a page joining later is looked up. */
	private readonly met = new Set<string>();
	private newestSeenId = 0;
	private lastPage = 1;
	private firstPage?: Promise<void>;
	private firstPageRead = false;
	/** Page 1 as the list reader needs it (IDs and the envelope), so the rest never reads it again. */
	private firstPageIds?: ListEnvelope;
	private rest?: Promise<void>;
	private complete = false;
	/** Waiting pages whose answer needs more than page 1. */
	private unresolved = 0;
	/** Requests the waiting pages' own lookups made. */
	private lookupRequests = 0;

	constructor(
		private readonly site: string,
		private readonly search: ReportSearch,
	) {}

	/** What the listing says about `pageUrl` (stored form); throws when a listing request failed. */
	async reply(pageUrl: string): Promise<ListingReply> {
		if (this.met.has(pageUrl)) return { ownLookup: { budgeted: false } };
		const joinedAfterFirstPage = this.firstPageRead;
		this.waiting.add(pageUrl);
		this.firstPage ??= this.readFirstPage();
		await this.firstPage;
		if (this.kept.has(pageUrl) || this.complete) return { answer: this.take(pageUrl) };
		if (joinedAfterFirstPage && !this.rest) {
			this.unresolved++;
			this.readRestIfCheaper();
		}
		if (!this.rest) return { ownLookup: { budgeted: true } };
		return { answer: await this.answerFromRest(pageUrl) };
	}

	/**
	 * Before each request of a waiting page's own lookup: counts it (`send`), or, once the lookups
	 * have cost what the rest of the listing costs, starts the rest (`listingAnswers`).
	 */
	ownRequest(): OwnRequest {
		if (!this.rest && this.lookupRequests + 1 > this.lastPage - 1) this.startRest();
		if (this.rest) return 'listingAnswers';
		this.lookupRequests++;
		return 'send';
	}

	/** A waiting page's answer once the rest of the listing is read. */
	async answerFromRest(pageUrl: string): Promise<PageAnswer> {
		await this.rest;
		return this.take(pageUrl);
	}

	private take(pageUrl: string): PageAnswer {
		const found = this.kept.get(pageUrl);
		this.kept.delete(pageUrl);
		this.waiting.delete(pageUrl);
		return found ? { found, newestSeenId: this.newestSeenId } : { newestSeenId: this.newestSeenId };
	}

	/** Keeps the newest record of each waiting page in `records`; notes every stored URL met. */
	private note(records: IDataObject[]): void {
		for (const record of records) {
			const id = reportId(record);
			this.newestSeenId = Math.max(this.newestSeenId, id);
			if (typeof record.url !== 'string') continue;
			const url = storedUrl(record.url);
			this.met.add(url);
			if (!this.waiting.has(url)) continue;
			const known = this.kept.get(url);
			if (!known || reportId(known) < id) this.kept.set(url, record);
		}
	}

	/** One page of the listing for the page loop: its records noted here, only their IDs handed on. */
	private readonly readPage = async (page: number, perPage: number): Promise<ListEnvelope> => {
		const envelope = await this.search.listPage(this.site, page, perPage);
		this.note(envelope.data as IDataObject[]);
		return idsOnly(envelope);
	};

	private async readFirstPage(): Promise<void> {
		const first = await firstPageOf(this.readPage, LARGEST_PAGE_SIZE);
		this.firstPageIds = first.envelope;
		this.firstPageRead = true;
		this.lastPage = first.pages;
		this.complete = first.isLast;
		if (this.complete) return;
		for (const url of this.waiting) if (!this.kept.has(url)) this.unresolved++;
		this.readRestIfCheaper();
	}

	private readRestIfCheaper(): void {
		if (!this.rest && this.unresolved >= this.lastPage - 1) this.startRest();
	}

	/**
	 * Pages 2 to the end (page 1 as read): through the page loop the node's Get Many uses
	 * (transport/paging.ts), which reads a page boundary again when other clients deleted reports
	 * meanwhile, so that no report moved up onto a page already read is missed. The loop gets only
	 * IDs and keeps nothing; the records wanted are kept here.
	 */
	private startRest(): void {
		const firstPage = this.firstPageIds;
		this.firstPageIds = undefined;
		// page 1 as read; read again for real only if the list changed
		const rest = readSearch(this.readPage, { firstPage }).then(() => {
			this.complete = true;
		});
		// Every waiting page awaits it; a failure with none waiting is not an unhandled one.
		rest.catch(() => undefined);
		this.rest = rest;
	}
}
