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
	meta?: { current_page?: number; last_page?: number };
}

/** True once `page` is the last page: by the envelope's `meta`, or by a short page without it. */
export function isLastPage(envelope: ListEnvelope, page: number, perPage: number): boolean {
	if (envelope.data.length === 0) return true;
	const lastPage = Number(envelope.meta?.last_page);
	if (Number.isFinite(lastPage) && lastPage >= 1) return page >= lastPage;
	return envelope.data.length < perPage;
}
