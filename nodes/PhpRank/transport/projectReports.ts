import type { IDataObject, IExecutePaginationFunctions } from 'n8n-workflow';

import { DEFAULT_PAGES_PER_ISSUE, PAGES_PER_ISSUE_PARAMETER } from '../shared/fields';
import { InvalidInput, pagesPerIssueFrom, projectNameFrom } from '../shared/inputChecks';
import type { ItemRequests } from './index';
import { planPages } from './index';

/**
 * Every report of a project, newest first, 100 a request (ceil(P/100) requests): the one read of
 * Get Issues and Validate Fix. Each report goes to `take` as its page of the list arrives, once
 * (the page loop hands on only reports not seen before), and nothing of them is kept here. A
 * project without reports is refused, after that one request, in the same words for both, unless
 * `emptyIsAnAnswer` (Get Issues with its site summary, which says so: pages 0).
 */
export async function readProjectReports(
	requests: ItemRequests,
	project: string,
	take: (report: IDataObject) => void,
	emptyIsAnAnswer = false,
): Promise<void> {
	let reports = 0;
	await requests.list(
		'/reports',
		{ project, sort_by: 'id', sort: 'desc' },
		{ plan: planPages(true, 0), newestFirst: true },
		(page) => {
			for (const report of page) take(report);
			reports += page.length;
			return [];
		},
	);
	if (reports === 0 && !emptyIsAnAnswer) {
		throw new InvalidInput(
			'Project',
			`Project "${project}" has no reports: check its name (phpRank names a project by its site's host, like example.com; Project → Get Many lists them)`,
		);
	}
}

/** The Project field of Get Issues and Validate Fix, read and checked. */
export function projectOf(context: IExecutePaginationFunctions): string {
	return projectNameFrom(context.getNodeParameter('project', undefined, { extractValue: true }));
}

/** Their Pages per Issue (shared/fields.ts pagesPerIssueField), read and checked. */
export function pagesPerIssueOf(context: IExecutePaginationFunctions): number {
	return pagesPerIssueFrom(
		context.getNodeParameter(PAGES_PER_ISSUE_PARAMETER, DEFAULT_PAGES_PER_ISSUE),
	);
}
