import type {
	IDataObject,
	IExecutePaginationFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import type { SitePage, SitePages } from '../../sitemap/sitePages';
import { pageFilterOf, SitePagesReader } from '../../sitemap/sitePages';
import { CREDENTIAL_NAME, OPERATION, PRIVACY, RESOURCE } from '../../shared/constants';
import {
	checkAfterCreateField,
	maxAgeHoursField,
	privacyChoices,
	requestLimitOptions,
	showFor,
	simplifyField,
} from '../../shared/fields';
import {
	InvalidInput,
	maxAgeHoursFrom,
	pageUrlFrom,
	passwordFrom,
	privacyFrom,
} from '../../shared/inputChecks';
import type { ItemRequests } from '../../transport';
import { nodeErrorOf, operationRouting, siteFetch } from '../../transport';
import { createFormRequest } from '../report/create';
import { createOrRerunOnce, createOrRerunOutput, rulesApiOf } from '../report/createOrRerun';

/**
 * Project → Audit Site: a site's pages from its own sitemaps (sitemap/sitePages.ts), each through
 * Create or Re-Run's rules (resources/report/createOrRerun.ts `createOrRerunOnce`, in the run's
 * shared state: one outcome per page, the site's listing read once when that is cheaper). The
 * site's files are read without the credential (transport/siteFetch.ts); List Only sends nothing
 * to phpRank. One output item per page: Create or Re-Run's item plus `sitemap` and `lastmod`.
 */

const PAGES_FROM = { sitemaps: 'sitemaps', sitemapUrl: 'sitemapUrl' } as const;
const DEFAULT_MAX_PAGES = 100;
/** n8n's default Timeout of a request (RoutingNode's, when Request Options has none). */
const DEFAULT_TIMEOUT_MS = 300_000;

interface AuditSettings {
	site: URL;
	sitemapUrl?: string;
	maxPages: number;
	keep: (page: SitePage) => boolean;
	maxAgeHours: number;
	privacy: number;
	password?: string;
	listOnly: boolean;
	/** Check for a Parallel Create (createOrRerun.ts): one read of the site after its Creates. */
	checkAfterCreate: boolean;
}

/** A URL field checked as Create's URL is, its errors naming `field` and its own example. */
function urlField(field: string, example: string, value: unknown): string {
	let refused: unknown;
	try {
		return pageUrlFrom(value);
	} catch (error) {
		refused = error;
	}
	// pageUrlFrom refuses only with InvalidInput (shared/inputChecks.ts)
	const message = (refused as InvalidInput).message
		.replace(/^URL/, field)
		.replace('https://example.com/page', example);
	throw new InvalidInput(field, message);
}

/** Site: a site's or a page's address; its scheme and host (and port) are the site. */
function siteFrom(value: unknown): URL {
	return new URL(new URL(urlField('Site', 'https://example.com', value)).origin);
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
async function auditSettings(context: IExecutePaginationFunctions): Promise<AuditSettings> {
	const site = siteFrom(context.getNodeParameter('site', ''));
	const fromUrl =
		context.getNodeParameter('pagesFrom', PAGES_FROM.sitemaps) === PAGES_FROM.sitemapUrl;
	const sitemapUrl = fromUrl
		? urlField(
				'Sitemap URL',
				'https://example.com/sitemap.xml',
				context.getNodeParameter('sitemapUrl', ''),
			)
		: undefined;
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const privacy = privacyFrom(options.privacy ?? PRIVACY.private);
	return {
		site,
		sitemapUrl,
		maxPages: maxPagesFrom(context.getNodeParameter('maxPages', DEFAULT_MAX_PAGES)),
		// Modified Since is read in the workflow's time zone (n8n's setting, else the instance's)
		keep: await pageFilterOf(options, context.getTimezone()),
		maxAgeHours: maxAgeHoursFrom(options.maxAgeHours ?? 0),
		privacy,
		password: privacy === PRIVACY.password ? passwordFrom(options.password ?? '') : undefined,
		listOnly: options.listOnly === true,
		checkAfterCreate: options.checkAfterCreate !== false,
	};
}

function timeoutMsOf(context: IExecutePaginationFunctions): number {
	const requestOptions = context.getNodeParameter('requestOptions', {}) as IDataObject;
	const timeout = Number(requestOptions?.timeout);
	return Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS;
}

/** No page to audit: what was tried, and what to do. */
function nothingFound(settings: AuditSettings, found: SitePages): InvalidInput {
	const tried = found.skipped.map((skipped) => skipped.error).join('; ');
	const field = settings.sitemapUrl === undefined ? 'Site' : 'Sitemap URL';
	if (found.sitemaps.length === 0) {
		return new InvalidInput(
			field,
			`No sitemap of ${settings.site.origin} could be read (${tried || 'none found'}): give the sitemap's address with Pages From "A Sitemap URL", or check that the site is up`,
		);
	}
	const offSite = found.offSitePages > 0 ? `, ${found.offSitePages} on another host` : '';
	return new InvalidInput(
		found.offSitePages > 0 ? field : 'Options',
		`No page of ${settings.site.origin} is left to audit: the sitemaps read (${found.sitemaps.join(', ')}) list none that passes the filters${offSite}${tried ? `; skipped: ${tried}` : ''}. Loosen Include, Exclude or Modified Since`,
	);
}

/** The page's fields of every output item: the page, the sitemap that listed it, its lastmod. */
function pageFields(page: SitePage): IDataObject {
	return { sitemap: page.sitemap, lastmod: page.lastmod };
}

/** Create or Re-Run for every page at once (they join their site's listing in one turn). */
async function auditPages(
	context: IExecutePaginationFunctions,
	requests: ItemRequests,
	settings: AuditSettings,
	pages: SitePage[],
): Promise<IDataObject[]> {
	const scope = context.getExecuteData() ?? {};
	const apiFor = rulesApiOf(context, requests);
	const settled = await Promise.allSettled(
		pages.map(
			async (page) =>
				await createOrRerunOnce(
					scope,
					{
						url: page.url,
						maxAgeHours: settings.maxAgeHours,
						checkAfterCreate: settings.checkAfterCreate,
					},
					apiFor(createFormRequest(page.url, settings.privacy, settings.password)),
				),
		),
	);
	const situation = {
		node: context.getNode(),
		itemIndex: context.getItemIndex(),
		credential: async () => await context.getCredentials<IDataObject>(CREDENTIAL_NAME),
	};
	const output: IDataObject[] = [];
	for (const [index, result] of settled.entries()) {
		const page = pages[index];
		if (result.status === 'fulfilled') {
			output.push({ ...createOrRerunOutput(context, result.value), ...pageFields(page) });
			continue;
		}
		// A page that failed: the node's error (the others were done), or its error item.
		if (!context.continueOnFail()) throw result.reason;
		const { message } = await nodeErrorOf(situation, result.reason);
		output.push({ url: page.url, ...pageFields(page), error: message });
	}
	return output;
}

export const auditSiteOption: INodePropertyOptions = {
	name: 'Audit Site',
	value: OPERATION.auditSite,
	action: 'Audit a site from its sitemaps',
	description:
		"Find a site's pages in its own sitemaps (robots.txt, then /sitemap.xml) and create or re-run the report of each, as Create or Re-Run does. Returns one item per page: the report, 'action' (created, re-run or kept), 'sitemap' and 'lastmod'. List Only returns the pages without auditing them.",
	routing: operationRouting(async (context, requests) => {
		const settings = await auditSettings(context);
		const send = async (options: Parameters<typeof context.helpers.httpRequest>[0]) =>
			await context.helpers.httpRequest(options);
		const reader = new SitePagesReader(
			siteFetch(send, context.getExecutionCancelSignal?.(), timeoutMsOf(context)),
			settings,
		);
		const found = await reader.pagesOfSite();
		if (found.pages.length === 0) throw nothingFound(settings, found);
		const output: IDataObject[] = settings.listOnly
			? // each page as the reader keeps it ({ url, sitemap, lastmod }): not copied
				(found.pages as unknown as IDataObject[])
			: await auditPages(context, requests, settings, found.pages);
		// What could not be read stays visible: on the site's first item.
		if (found.skipped.length > 0)
			output[0].sitemapsSkipped = found.skipped as unknown as IDataObject[];
		return output;
	}),
};

const show = showFor(RESOURCE.project, [OPERATION.auditSite]);
const limitOptions = requestLimitOptions(RESOURCE.project, [OPERATION.auditSite]).options ?? [];

export const auditSiteFields: INodeProperties[] = [
	{
		displayName: 'Site',
		name: 'site',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com',
		description:
			"The site's address, like https://example.com. A page's address works too: its scheme and host are the site.",
		displayOptions: show,
	},
	{
		displayName: 'Pages From',
		name: 'pagesFrom',
		type: 'options',
		default: 'sitemaps',
		options: [
			{
				name: "The Site's Sitemaps",
				value: PAGES_FROM.sitemaps,
				description:
					"Every sitemap named in the site's robots.txt; where it names none, /sitemap.xml, then /sitemap_index.xml",
			},
			{
				name: 'A Sitemap URL',
				value: PAGES_FROM.sitemapUrl,
				description: 'One sitemap (or sitemap index) on the site',
			},
		],
		displayOptions: show,
	},
	{
		displayName: 'Sitemap URL',
		name: 'sitemapUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/sitemap.xml',
		description: 'The sitemap to read, on the site (plain, gzip-compressed or a sitemap index)',
		displayOptions: showFor(RESOURCE.project, [OPERATION.auditSite], {
			pagesFrom: [PAGES_FROM.sitemapUrl],
		}),
	},
	{
		displayName: 'Max Pages',
		name: 'maxPages',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 100,
		description:
			"At most this many pages, in the sitemaps' order, after the filters, each page once. Reading stops once they are found.",
		displayOptions: show,
	},
	simplifyField(show),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show,
		options: [
			checkAfterCreateField(
				"Whether to read the site's reports once more after its Creates (one more request per site, as Create or Re-Run does per page): a page that another n8n process created at the same time keeps its older report, and the newer one is deleted. Turn off only when audits of a site never overlap across n8n processes.",
			),
			{
				displayName: 'Exclude URLs Containing',
				name: 'exclude',
				type: 'string',
				default: '',
				placeholder: 'e.g. /tag/, /author/',
				description:
					'Leave out pages whose URL contains any of these (comma-separated, any case), or matches one /regular expression/',
			},
			{
				displayName: 'Include URLs Containing',
				name: 'include',
				type: 'string',
				default: '',
				placeholder: 'e.g. /blog/',
				description:
					'Only pages whose URL contains any of these (comma-separated, any case), or matches one /regular expression/',
			},
			{
				displayName: 'List Only',
				name: 'listOnly',
				type: 'boolean',
				default: false,
				description:
					"Whether to only output the pages found, with their 'sitemap' and 'lastmod', without auditing them: nothing is sent to phpRank",
			},
			maxAgeHoursField(),
			...limitOptions.slice(0, 2),
			{
				displayName: 'Modified Since',
				name: 'modifiedSince',
				type: 'dateTime',
				default: '',
				description:
					"Leave out pages whose 'lastmod' in the sitemap is older than this, in the workflow's time zone. A 'lastmod' without a time counts as its whole day; pages without 'lastmod' are kept.",
			},
			{
				displayName: 'Password',
				name: 'password',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description:
					'Password visitors must enter to open the report pages created (1 to 128 characters), for Privacy Password',
			},
			{
				displayName: 'Privacy',
				name: 'privacy',
				type: 'options',
				default: 1,
				description:
					'Who can open the pages of the reports created: Public (0), Private (1) or Password (2). Sent only when a report is created.',
				options: privacyChoices,
			},
			...limitOptions.slice(2),
		],
	},
];
