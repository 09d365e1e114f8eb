import type { IDataObject } from 'n8n-workflow';

import type { ApiRequest } from '../shared/apiRequest';
import { PAGE_SIZES } from '../shared/constants';
import { PipelineFailure } from './failure';

/**
 * How a list is read: the fewest pages for the items asked for (planPages), where a list ends
 * (isLastPage), and the one page loop of the package (collectPages): every multi-page read (Get
 * Many, the trigger's polls, Create or Re-Run's lookup and its site's listing) pages through it,
 * so the page number, the page size, the guard against a server that ignores `page` and the stop
 * rule live here only.
 */

/** phpRank's largest page (100): Return All, a lookup, a site's listing, a burst of new reports. */
export const LARGEST_PAGE_SIZE = PAGE_SIZES[PAGE_SIZES.length - 1];

/** How a list is paged: the page size, and how many records to return at most. */
export interface PagePlan {
	perPage: number;
	/** Items to return at most; `undefined` means every item (Return All). */
	maxItems: number | undefined;
}

/**
 * The fewest requests for the items asked for: Return All and limits above one page use the
 * largest page; a smaller limit is one request with the smallest page that holds it.
 */
export function planPages(returnAll: boolean, limit: number): PagePlan {
	if (returnAll) return { perPage: LARGEST_PAGE_SIZE, maxItems: undefined };
	const perPage = PAGE_SIZES.find((size) => size >= limit) ?? LARGEST_PAGE_SIZE;
	return { perPage, maxItems: limit };
}

/** The part of Laravel's paginator envelope that paging relies on. */
export interface ListEnvelope {
	data: unknown[];
	meta?: { current_page?: number; last_page?: number; per_page?: number; total?: number };
	links?: { next?: string | null };
}

function finite(value: unknown): number | undefined {
	const number = Number(value);
	return value !== null && value !== undefined && value !== '' && Number.isFinite(number)
		? number
		: undefined;
}

/**
 * True once `page` is the last page. phpRank's envelope says `last_page`; a server without it
 * (a simple paginator, a proxy that trims) is read by `total`, then by whether `links.next`
 * names a next page (only its presence counts: the node builds the next request itself, so
 * the link's host is never called), and last by a short page.
 */
export function isLastPage(envelope: ListEnvelope, page: number, perPage: number): boolean {
	if (envelope.data.length === 0) return true;
	const lastPage = finite(envelope.meta?.last_page);
	if (lastPage !== undefined && lastPage >= 1) return page >= lastPage;
	const total = finite(envelope.meta?.total);
	const pageSize = finite(envelope.meta?.per_page) ?? perPage;
	if (total !== undefined && pageSize > 0) return page * pageSize >= total;
	if (envelope.links && 'next' in envelope.links) return !envelope.links.next;
	return envelope.data.length < perPage;
}

/** Pages the list had when `envelope` was read: `last_page`, or from `total`; 1 when unknown. */
export function pageCount(envelope: ListEnvelope, perPage: number): number {
	const lastPage = finite(envelope.meta?.last_page);
	if (lastPage !== undefined && lastPage >= 1) return lastPage;
	const total = finite(envelope.meta?.total);
	const pageSize = finite(envelope.meta?.per_page) ?? perPage;
	return total !== undefined && pageSize > 0 ? Math.max(1, Math.ceil(total / pageSize)) : 1;
}

/** Where a page is in its list: its number (1-based) and the page size. */
export interface PagePosition {
	page: number;
	perPage: number;
}

/** The request for one page of a list: every filter of `request` kept, then `per_page` and `page`. */
export function atPage(request: ApiRequest, { page, perPage }: PagePosition): ApiRequest {
	return { ...request, qs: { ...request.qs, per_page: perPage, page } };
}

/** Fetches one page of a list (1-based) with the given page size, every filter kept. */
export type PageFetcher = (page: number, perPage: number) => Promise<ListEnvelope>;

export interface CollectOptions {
	plan: PagePlan;
	/** Stop before this record and everything after it (the trigger: "already seen"). */
	stopAt?: (record: IDataObject) => boolean;
	/**
	 * The list is newest first (by id, descending): new records then only push others down,
	 * so only a shrinking total can hide records, and a growing one needs no re-read.
	 */
	newestFirst?: boolean;
	/** The list's path, for the failure of a list that cannot be paged. */
	path?: string;
	/**
	 * What is kept of each page's new records, as they arrive (the records themselves when not
	 * given): a Return All never holds every raw record and every output record at once.
	 */
	shapePage?: (records: IDataObject[]) => IDataObject[];
	/**
	 * A page of records all read before ends the list instead of failing with `pagingBroken`
	 * (Create or Re-Run's lookup: nothing more to find there).
	 */
	endAtRepeatedPage?: boolean;
	/**
	 * Page 1 as `firstPageOf` read it, for a caller that decided from it to read on: it is not asked
	 * for again (unless the list changed and page 1 must be read again).
	 */
	firstPage?: ListEnvelope;
	/**
	 * The first page to read (1 when not given): the trigger's rolling watch reads a slice of a list
	 * from its middle. A page before it is read only as a re-read, when records deleted meanwhile
	 * moved up past the slice's first page.
	 */
	fromPage?: number;
}

/** Page 1 of a list, how many pages the list had then, and whether page 1 is its last. */
export interface FirstPage {
	envelope: ListEnvelope;
	pages: number;
	isLast: boolean;
}

/** Reads page 1 alone, for a caller that decides from it whether to read the rest (collectPages, `firstPage`). */
export async function firstPageOf(fetchPage: PageFetcher, perPage: number): Promise<FirstPage> {
	const envelope = await fetchPage(1, perPage);
	return {
		envelope,
		pages: pageCount(envelope, perPage),
		isLast: isLastPage(envelope, 1, perPage),
	};
}

/** The key that tells two list records apart: reports by id, projects by name. */
function recordKey(record: IDataObject): string {
	return String(record.id ?? record.project ?? JSON.stringify(record));
}

function totalOf(envelope: ListEnvelope): number | undefined {
	const total = Number((envelope.meta as IDataObject | undefined)?.total);
	return Number.isFinite(total) ? total : undefined;
}

/** No list is read past this page, whatever a server says about further pages (10 million records of 100). */
const MAX_PAGES = 100_000;

/** How often one page boundary is read again while the list keeps changing under us. */
const MAX_REREADS_PER_PAGE = 5;

/** Re-reads of a whole list at most, in pages per page of the list (plus a few), so a list that keeps growing under us cannot keep us reading forever. */
const REREAD_BUDGET_PER_PAGE = 2;
const REREAD_BUDGET_BASE = 10;

/** One page as read: its envelope, whether it starts with a record not seen before, and how many records it added. */
interface PageRead {
	envelope: ListEnvelope;
	startsUnseen: boolean;
	added: number;
}

/** One reading of a list: the records kept so far, the keys seen, and whether it is finished. */
class ListReading {
	readonly records: IDataObject[] = [];
	finished = false;
	rereadBudget = 0;
	private readonly seen = new Set<string>();
	private taken = 0;
	/** Page 1 as the caller read it, until it is used. */
	private firstPage: ListEnvelope | undefined;

	constructor(
		private readonly fetchPage: PageFetcher,
		private readonly options: CollectOptions,
	) {
		this.firstPage = options.firstPage;
	}

	async read(page: number): Promise<PageRead> {
		const given = page === 1 ? this.firstPage : undefined;
		this.firstPage = undefined;
		const envelope = given ?? (await this.fetchPage(page, this.options.plan.perPage));
		const first = envelope.data[0] as IDataObject | undefined;
		const startsUnseen = first !== undefined && !this.seen.has(recordKey(first));
		return { envelope, startsUnseen, added: this.take(envelope) };
	}

	/** Keeps the page's unseen records (shaped) and says how many; finished at the limit or the stop record. */
	private take(envelope: ListEnvelope): number {
		const { plan, stopAt, shapePage } = this.options;
		const fresh: IDataObject[] = [];
		for (const record of envelope.data as IDataObject[]) {
			if (this.finished) break;
			if (stopAt?.(record)) {
				this.finished = true;
				break;
			}
			const key = recordKey(record);
			if (this.seen.has(key)) continue;
			this.seen.add(key);
			fresh.push(record);
			this.taken++;
			if (plan.maxItems !== undefined && this.taken >= plan.maxItems) this.finished = true;
		}
		for (const record of shapePage ? shapePage(fresh) : fresh) this.records.push(record);
		return fresh.length;
	}

	/** Whether the list changed between two reads in a way that can hide records between them. */
	mayHaveGap(earlier: ListEnvelope, later: ListEnvelope): boolean {
		const before = totalOf(earlier);
		const after = totalOf(later);
		if (before === undefined || after === undefined) return false;
		return this.options.newestFirst ? after < before : after !== before;
	}

	/**
	 * A page of records all read before, from a list that did not grow: the server ignores `page`
	 * (its own `current_page` is checked with every response, pipeline.ts). Reading on would only ask
	 * for the same records again, up to the number of pages it claims.
	 */
	repeats(next: PageRead, previous: ListEnvelope): boolean {
		return (
			!this.finished &&
			next.added === 0 &&
			next.envelope.data.length > 0 &&
			totalOf(next.envelope) === totalOf(previous)
		);
	}

	/** Reads `page` again, and earlier pages while the list has moved by a page or more. */
	async rereadBefore(page: number): Promise<ListEnvelope> {
		const { envelope, startsUnseen } = await this.read(page);
		let moved = startsUnseen;
		for (let earlier = page - 1; moved && earlier >= 1 && !this.finished; earlier--) {
			moved = (await this.read(earlier)).startsUnseen;
		}
		return envelope;
	}

	/**
	 * Pages `page` and `page + 1` as read together: while the totals say records may have slipped
	 * between them, the earlier page is read again, then the later one (only an earlier page read
	 * before a later one can be checked by the totals: a record can slip between them only by
	 * moving up), a few times at most. Returns the later page as last read.
	 */
	async settle(page: number, previous: ListEnvelope, next: ListEnvelope): Promise<ListEnvelope> {
		let earlier = previous;
		let later = next;
		for (let reread = 0; reread < MAX_REREADS_PER_PAGE && this.rereadBudget > 0; reread++) {
			if (this.finished || !this.mayHaveGap(earlier, later)) break;
			this.rereadBudget--;
			earlier = await this.rereadBefore(page);
			if (this.finished) break;
			later = (await this.read(page + 1)).envelope;
		}
		return later;
	}
}

/**
 * The one page loop: reads a list page by page until the plan's limit, the stop record or the
 * last page, and returns what was kept of its records.
 *
 * Other clients may create and delete records while we read. A record that moves down onto a
 * later page is seen twice: it is output once. A deletion before a page boundary moves records
 * up onto a page already read, where they would be missed. So two neighbouring pages count as
 * read together only when the list's `total` was the same for both (or, newest first, did not
 * shrink); otherwise the earlier page is read again (and the ones before it, while a re-read page
 * starts with a record not seen before: the list moved by more than a page), then the later one,
 * a few times at most.
 */
export async function collectPages(
	fetchPage: PageFetcher,
	options: CollectOptions,
): Promise<IDataObject[]> {
	const { perPage } = options.plan;
	const reading = new ListReading(fetchPage, options);
	const first = Math.max(1, Math.floor(options.fromPage ?? 1));
	let previous = (await reading.read(first)).envelope;
	reading.rereadBudget = REREAD_BUDGET_BASE + REREAD_BUDGET_PER_PAGE * pageCount(previous, perPage);
	for (
		let page = first;
		!reading.finished && page < MAX_PAGES && !isLastPage(previous, page, perPage);
		page++
	) {
		const next = await reading.read(page + 1);
		if (reading.repeats(next, previous)) {
			if (options.endAtRepeatedPage) break;
			throw new PipelineFailure({ type: 'pagingBroken', path: options.path ?? '', page: page + 1 });
		}
		previous = await reading.settle(page, previous, next.envelope);
	}
	return reading.records;
}
