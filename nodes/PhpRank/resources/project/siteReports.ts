import type { IDataObject } from 'n8n-workflow';

import type { PageReports } from '../../report/auditPlan';
import { reportStub } from '../../report/auditPlan';
import { siteSearchTerm, storedUrl } from '../../report/storedUrl';
import type { ItemRequests } from '../../transport';
import { planPages } from '../../transport';
import { reportSearchQuery, siteOf } from '../../upsert';

/**
 * Every report of one site, read once for Project → Audit Site (version 1.1), newest first, 100 a
 * request (ceil(R/100) requests): phpRank's search for the site's host (report/storedUrl.ts
 * `siteSearchTerm`), which lists every report of the site in any spelling, and reports of other
 * hosts that contain it (`blog.example.com` for `example.com`), which are left out here. What is
 * kept of each page: its newest report's ID, URL and time, and the IDs of all its reports.
 */
export interface SiteReports {
	/** By the stored URL of their page (report/storedUrl.ts). */
	pages: Map<string, PageReports>;
	/** How many reports the site has, all pages and all their reports. */
	reports: number;
	/** The highest report ID listed (a lost Create looks above it). */
	newestSeenId: number;
}

export async function readSiteReports(requests: ItemRequests, site: URL): Promise<SiteReports> {
	const siteKey = storedUrl(site.origin);
	const read: SiteReports = { pages: new Map(), reports: 0, newestSeenId: 0 };
	const take = (record: IDataObject) => {
		const stub = reportStub(record);
		if (!stub) return;
		read.newestSeenId = Math.max(read.newestSeenId, stub.id);
		const page = storedUrl(stub.url);
		if (siteOf(page) !== siteKey) return;
		read.reports++;
		const known = read.pages.get(page);
		if (!known) read.pages.set(page, { newest: stub, ids: [stub.id] });
		else {
			known.ids.push(stub.id);
			if (stub.id > known.newest.id) known.newest = stub;
		}
	};
	await requests.list(
		'/reports',
		reportSearchQuery(siteSearchTerm(siteKey)),
		{ plan: planPages(true, 0), newestFirst: true, path: '/reports' },
		(records) => {
			for (const record of records) take(record);
			return [];
		},
	);
	return read;
}
