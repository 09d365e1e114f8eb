import type { IDataObject, IExecutePaginationFunctions } from 'n8n-workflow';

import { reportView } from '../report/reportView';
import type { ApiRequest } from '../shared/apiRequest';
import type { SitePage } from './sitePageTypes';
import { PRIVACY } from '../shared/constants';
import {
	InvalidInput,
	maxAgeHoursFrom,
	pageUrlFrom,
	passwordFrom,
	privacyFrom,
} from '../shared/inputChecks';
import { createFormRequest } from '../shared/reportRequests';
import { pageFilterFrom } from './pageFilter';
import type { NotListedChoice } from './auditFields';
import {
	DEFAULT_DELETE_AT_MOST_PERCENT,
	DEFAULT_MAX_PAGES,
	NOT_LISTED,
	PAGES_FROM,
} from './auditFields';
import type { OutcomeOutput, PageRules } from '../createOrRerun';

/**
 * Project → Audit Site's fields (auditSite.ts), each read and checked once, before anything is
 * sent: a field that is wrong is refused, named, with what to give instead.
 */

/** Audit Site's fields, read and checked. */
export interface AuditSettings {
	site: URL;
	sitemapUrl?: string;
	maxPages: number;
	keep: (page: SitePage) => boolean;
	listOnly: boolean;
	/** The phpRank project of the site: its host without `www.`, as phpRank names it. */
	project: string;
	/** Version 1.1: the whole site, stalest first; the pages no longer listed. */
	wholeSite: boolean;
	notListed: NotListedChoice;
	/** Delete At Most (% of Pages): the share of the site's pages whose reports one run may delete. */
	deleteAtMostPercent: number;
	outputKept: boolean;
	/** What every page audited gives the rules, its Create and its item. */
	pages: AuditedPages;
}

/** Audit Site's fields as every page audited needs them, read once. */
export interface AuditedPages {
	/** Max Age (also the plan's, auditSite/auditPlan.ts), Check for a Parallel Create. */
	rules: PageRules;
	/** A page's Create, with Privacy and Password (shared/reportRequests.ts `createFormRequest`). */
	createOf: (url: string) => ApiRequest;
	/** What a page's item shows: Simplify (Audit Site has no Output Changes). */
	output: OutcomeOutput;
}

/** Site: a site's or a page's address; its scheme and host (and port) are the site. */
function siteFrom(value: unknown): URL {
	return new URL(new URL(pageUrlFrom(value, 'Site', 'https://example.com')).origin);
}

function maxPagesFrom(value: unknown): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number === 'number' && Number.isInteger(number) && number >= 1) return number;
	throw new InvalidInput(
		'Max Pages',
		`Max Pages must be a whole number, 1 or more, like 100 (got ${JSON.stringify(value)})`,
	);
}

/** Every field read and checked once, before anything is sent. */
export function auditSettings(
	context: IExecutePaginationFunctions,
	options: IDataObject,
): AuditSettings {
	const site = siteFrom(context.getNodeParameter('site', ''));
	const fromUrl =
		context.getNodeParameter('pagesFrom', PAGES_FROM.sitemaps) === PAGES_FROM.sitemapUrl;
	const sitemapUrl = fromUrl
		? pageUrlFrom(
				context.getNodeParameter('sitemapUrl', ''),
				'Sitemap URL',
				'https://example.com/sitemap.xml',
			)
		: undefined;
	const privacy = privacyFrom(options.privacy ?? PRIVACY.private);
	const password = privacy === PRIVACY.password ? passwordFrom(options.password ?? '') : undefined;
	return {
		site,
		sitemapUrl,
		maxPages: maxPagesFrom(context.getNodeParameter('maxPages', DEFAULT_MAX_PAGES)),
		// Modified Since is read in the workflow's time zone (n8n's setting, else the instance's);
		// Match As from version 1.3
		keep: pageFilterFrom(options, context.getTimezone(), context.getNode().typeVersion),
		listOnly: options.listOnly === true,
		project: site.hostname.replace(/^www\./i, ''),
		wholeSite: isWholeSite(context),
		notListed: notListedFrom(context.getNodeParameter('notListed', NOT_LISTED.keep)),
		deleteAtMostPercent: percentFrom(
			context.getNodeParameter('deleteAtMostPercent', DEFAULT_DELETE_AT_MOST_PERCENT),
		),
		outputKept: options.outputKept === true,
		pages: {
			rules: {
				maxAgeHours: maxAgeHoursFrom(options.maxAgeHours ?? 0),
				checkAfterCreate: options.checkAfterCreate !== false,
			},
			createOf: (url) => createFormRequest(url, privacy, password),
			output: { view: reportView(context), changes: false },
		},
	};
}

function percentFrom(value: unknown): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number === 'number' && number >= 0 && number <= 100) return number;
	throw new InvalidInput(
		'Delete At Most (% of Pages)',
		`Delete At Most (% of Pages) must be a number from 0 to 100, like 50 (got ${JSON.stringify(value)})`,
	);
}

function notListedFrom(value: unknown): NotListedChoice {
	if (value === NOT_LISTED.keep || value === NOT_LISTED.delete) return value;
	throw new InvalidInput(
		'Reports of Pages No Longer Listed',
		`Reports of Pages No Longer Listed must be "keep" or "delete" (got ${JSON.stringify(value)})`,
	);
}

/** Version 1.1 reads the whole site and audits the stalest pages; version 1 the first Max Pages pages. */
function isWholeSite(context: IExecutePaginationFunctions): boolean {
	return context.getNode().typeVersion >= 1.1;
}
