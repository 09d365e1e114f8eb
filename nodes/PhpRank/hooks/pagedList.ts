import type { IDataObject } from 'n8n-workflow';

import type { ListEnvelope, PagePlan } from './pagePlan';
import { isLastPage } from './pagePlan';

/** Fetches one page of a list (1-based) with the given page size, every filter kept. */
export type PageFetcher = (page: number, perPage: number) => Promise<ListEnvelope>;

export interface CollectOptions {
	plan: PagePlan;
	/** Stop before this record and everything after it (the trigger: "already seen"). */
	stopAt?: (record: IDataObject) => boolean;
}

/** The key that tells two list records apart: reports by id, projects by name. */
export function recordKey(record: IDataObject): string {
	return String(record.id ?? record.project ?? JSON.stringify(record));
}

function totalOf(envelope: ListEnvelope): number | undefined {
	const total = Number((envelope.meta as IDataObject | undefined)?.total);
	return Number.isFinite(total) ? total : undefined;
}

/**
 * Reads a list page by page until the plan's limit or the last page.
 *
 * Other clients may create and delete records while we read. A record that moves down onto a
 * later page is seen twice: it is output once. A deletion before the page boundary moves
 * records up onto a page already read, where they would be missed: when the list's `total`
 * changes between two pages, the pages already read are read again (back to one that still
 * starts with a known record) and what is new on them is kept.
 */
export async function collectPages(fetchPage: PageFetcher, options: CollectOptions): Promise<IDataObject[]> {
	const { plan, stopAt } = options;
	const seen = new Set<string>();
	const records: IDataObject[] = [];
	let stopped = false;

	/** Adds the page's unseen records; false once the limit or the stop record is reached. */
	const take = (envelope: ListEnvelope): boolean => {
		for (const record of envelope.data as IDataObject[]) {
			if (stopAt?.(record)) {
				stopped = true;
				return false;
			}
			const key = recordKey(record);
			if (seen.has(key)) continue;
			seen.add(key);
			records.push(record);
			if (plan.maxItems !== undefined && records.length >= plan.maxItems) return false;
		}
		return true;
	};

	/** Re-reads pages before `page` after the list shrank or grew under us. */
	const recoverShifted = async (page: number): Promise<boolean> => {
		for (let earlier = page - 1; earlier >= 1; earlier--) {
			const envelope = await fetchPage(earlier, plan.perPage);
			const startsKnown = envelope.data.length > 0 && seen.has(recordKey(envelope.data[0] as IDataObject));
			if (!take(envelope)) return false;
			if (startsKnown) break;
		}
		return true;
	};

	let previousTotal: number | undefined;
	for (let page = 1; ; page++) {
		const envelope = await fetchPage(page, plan.perPage);
		const total = totalOf(envelope);
		const sizeBefore = seen.size;
		if (!take(envelope)) return records;
		if (page > 1 && total !== undefined && previousTotal !== undefined && total !== previousTotal) {
			if (!(await recoverShifted(page))) return records;
		}
		previousTotal = total;
		// A non-empty page of nothing new means the server ignores `page`: stop instead of looping.
		const addedNothing = envelope.data.length > 0 && seen.size === sizeBefore;
		if (stopped || isLastPage(envelope, page, plan.perPage) || addedNothing) return records;
	}
}
