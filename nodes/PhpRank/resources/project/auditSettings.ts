import type { IDataObject, IExecutePaginationFunctions } from 'n8n-workflow';

import type { SitePage } from '../../sitemap/sitePageTypes';
import { PRIVACY } from '../../shared/constants';
import { DEFAULT_TIMEOUT_MS } from '../../transport';
import {
	InvalidInput,
	maxAgeHoursFrom,
	pageUrlFrom,
	passwordFrom,
	privacyFrom,
} from '../../shared/inputChecks';
import type { pageFilterFrom as PageFilterFrom } from '../../sitemap/pageFilter';

/** Reports of Pages No Longer Listed (version 1.1): what pagesNotListed.ts does with them. */
export const NOT_LISTED = { keep: 'keep', delete: 'delete' } as const;
export type NotListedChoice = (typeof NOT_LISTED)[keyof typeof NOT_LISTED];

/**
 * Project → Audit Site's fields (auditSite.ts), each read and checked once, before anything is
 * sent: a field that is wrong is refused, named, with what to give instead.
 */

/** Pages From's options: the site's own sitemaps, or one sitemap's URL. */
export const PAGES_FROM = { sitemaps: 'sitemaps', sitemapUrl: 'sitemapUrl' } as const;
const DEFAULT_MAX_PAGES = 100;

/** What reads Include, Exclude and Modified Since (sitemap/pageFilter.ts `pageFilterFrom`). */
type PageFilterReader = typeof PageFilterFrom;

/** Audit Site's fields, read and checked. */
export interface AuditSettings {
	site: URL;
	sitemapUrl?: string;
	maxPages: number;
	keep: (page: SitePage) => boolean;
	maxAgeHours: number;
	privacy: number;
	password?: string;
	listOnly: boolean;
	/** Check for a Parallel Create (upsert/pageAttempt.ts): one read of the site after its Creates. */
	checkAfterCreate: boolean;
	/** Version 1.1: the whole site, stalest first; the pages no longer listed. */
	wholeSite: boolean;
	notListed: NotListedChoice;
	outputKept: boolean;
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
export async function auditSettings(
	context: IExecutePaginationFunctions,
	/** The filters' reader (sitemap/pageFilter.ts), which the run loads at its first use (runModules.ts). */
	pageFilterFrom: PageFilterReader,
): Promise<AuditSettings> {
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
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const privacy = privacyFrom(options.privacy ?? PRIVACY.private);
	return {
		site,
		sitemapUrl,
		maxPages: maxPagesFrom(context.getNodeParameter('maxPages', DEFAULT_MAX_PAGES)),
		// Modified Since is read in the workflow's time zone (n8n's setting, else the instance's)
		keep: pageFilterFrom(options, context.getTimezone()),
		maxAgeHours: maxAgeHoursFrom(options.maxAgeHours ?? 0),
		privacy,
		password: privacy === PRIVACY.password ? passwordFrom(options.password ?? '') : undefined,
		listOnly: options.listOnly === true,
		checkAfterCreate: options.checkAfterCreate !== false,
		wholeSite: isWholeSite(context),
		notListed: notListedFrom(context.getNodeParameter('notListed', NOT_LISTED.keep)),
		outputKept: options.outputKept === true,
	};
}

function notListedFrom(value: unknown): NotListedChoice {
	if (value === NOT_LISTED.keep || value === NOT_LISTED.delete) return value;
	throw new InvalidInput(
		'Reports of Pages No Longer Listed',
		`Reports of Pages No Longer Listed must be "keep" or "delete" (got ${JSON.stringify(value)})`,
	);
}

/** The node's Timeout (Request Options), for each file of the site read. */
export function timeoutMsOf(context: IExecutePaginationFunctions): number {
	const requestOptions = context.getNodeParameter('requestOptions', {}) as IDataObject;
	const timeout = Number(requestOptions?.timeout);
	return Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS;
}

/** Version 1.1 reads the whole site and audits the stalest pages; version 1 the first Max Pages pages. */
function isWholeSite(context: IExecutePaginationFunctions): boolean {
	return context.getNode().typeVersion >= 1.1;
}
