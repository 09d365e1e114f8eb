import { PAGE_SIZES } from '../shared/constants';

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
