import type { IDataObject } from 'n8n-workflow';

import { PAGE_SIZES } from '../shared/constants';
import { PipelineFailure } from './failure';

/**
 * How a list is read: the fewest pages for the items asked for (planPages), where a list ends
 * (isLastPage), and reading it page by page while other clients change it (collectPages).
 */
const LARGEST_PAGE = PAGE_SIZES[PAGE_SIZES.length - 1];

/** How Get Many pages through a list: the page size, and where to stop. */
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
	if (returnAll) return { perPage: LARGEST_PAGE, maxItems: undefined };
	const perPage = PAGE_SIZES.find((size) => size >= limit) ?? LARGEST_PAGE;
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
}

/** The key that tells two list records apart: reports by id, projects by name. */
function recordKey(record: IDataObject): string {
	return String(record.id ?? record.project ?? JSON.stringify(record));
}

function firstKey(envelope: ListEnvelope): string | undefined {
	const first = envelope.data[0] as IDataObject | undefined;
	return first === undefined ? undefined : recordKey(first);
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

/**
 * Reads a list page by page until the plan's limit or the last page.
 *
 * Other clients may create and delete records while we read. A record that moves down onto a
 * later page is seen twice: it is output once. A deletion before a page boundary moves records
 * up onto a page already read, where they would be missed. So two neighbouring pages count as
 * read together only when the list's `total` was the same for both (or, newest first, did not
 * shrink); otherwise the earlier page
 * is read again (and the ones before it, while a re-read page starts with a record not seen
 * before: the list moved by more than a page), then the later one, a few times at most.
 */
export async function collectPages(
	fetchPage: PageFetcher,
	options: CollectOptions,
): Promise<IDataObject[]> {
	const { plan, stopAt, newestFirst = false } = options;
	/** Whether the list changed between two reads in a way that can hide records between them. */
	const mayHaveGap = (earlier: ListEnvelope, later: ListEnvelope) => {
		const before = totalOf(earlier);
		const after = totalOf(later);
		if (before === undefined || after === undefined) return false;
		return newestFirst ? after < before : after !== before;
	};
	const seen = new Set<string>();
	const records: IDataObject[] = [];
	let finished = false;

	/** Adds the page's unseen records and says how many; sets `finished` at the limit or the stop record. */
	const take = (envelope: ListEnvelope): number => {
		let added = 0;
		for (const record of envelope.data as IDataObject[]) {
			if (finished) break;
			if (stopAt?.(record)) {
				finished = true;
				break;
			}
			const key = recordKey(record);
			if (seen.has(key)) continue;
			seen.add(key);
			records.push(record);
			added++;
			if (plan.maxItems !== undefined && records.length >= plan.maxItems) finished = true;
		}
		return added;
	};
	const startsUnseen = (envelope: ListEnvelope) => {
		const key = firstKey(envelope);
		return key !== undefined && !seen.has(key);
	};
	const read = async (page: number) => {
		const envelope = await fetchPage(page, plan.perPage);
		const unseenStart = startsUnseen(envelope);
		const added = take(envelope);
		return { envelope, unseenStart, added };
	};

	/** Reads `page` again, and earlier pages while the list has moved by a page or more. */
	const rereadBefore = async (page: number): Promise<ListEnvelope> => {
		const { envelope, unseenStart } = await read(page);
		let moved = unseenStart;
		for (let earlier = page - 1; moved && earlier >= 1 && !finished; earlier--) {
			moved = (await read(earlier)).unseenStart;
		}
		return envelope;
	};

	let previous = (await read(1)).envelope;
	let rereadBudget =
		REREAD_BUDGET_BASE + REREAD_BUDGET_PER_PAGE * pageCount(previous, plan.perPage);
	for (
		let page = 1;
		!finished && page < MAX_PAGES && !isLastPage(previous, page, plan.perPage);
		page++
	) {
		const next = await read(page + 1);
		let current = next.envelope;
		// A page of records all read before, from a list that did not grow: the server ignores
		// `page` (its own `current_page` is checked with every answer, pipeline.ts). Reading on
		// would only ask for the same records again, up to the number of pages it claims.
		if (
			!finished &&
			next.added === 0 &&
			current.data.length > 0 &&
			totalOf(current) === totalOf(previous)
		) {
			throw new PipelineFailure({ type: 'pagingBroken', path: options.path ?? '', page: page + 1 });
		}
		for (let reread = 0; reread < MAX_REREADS_PER_PAGE && rereadBudget > 0 && !finished; reread++) {
			if (!mayHaveGap(previous, current)) break;
			rereadBudget--;
			previous = await rereadBefore(page);
			if (finished) break;
			// Read the later page again too: only an earlier page read before a later one can be
			// checked by the totals (a record can slip between them only by moving up).
			current = (await read(page + 1)).envelope;
		}
		previous = current;
	}
	return records;
}
