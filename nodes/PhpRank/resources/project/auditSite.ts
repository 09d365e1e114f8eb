import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { SitePages } from '../../sitemap/sitePageTypes';
import { MAX_SITE_PAGES } from '../../sitemap/sitePages';
import { OPERATION, RESOURCE } from '../../shared/constants';
import {
	checkAfterCreateField,
	maxAgeHoursField,
	privacyChoices,
	inDisplayNameOrder,
	requestLimitFields,
	showFor,
	simplifyField,
} from '../../shared/fields';
import { InvalidInput } from '../../shared/inputChecks';
import { operationRouting } from '../../transport';
import { runModules } from '../../runModules';
import type { AuditSettings } from './auditSettings';
import { auditSettings, NOT_LISTED, PAGES_FROM, timeoutMsOf } from './auditSettings';

/**
 * Project → Audit Site: a site's pages from its own sitemaps (sitemap/sitePages.ts), each through
 * Create or Re-Run's rules (auditRun.ts, loaded at the first run). The site's files are read without the credential
 * (transport/siteFetch.ts); List Only sends nothing to phpRank.
 *
 * Version 1: the first Max Pages pages, one item each (created, re-run, kept or failed), the site's
 * listing read once when that is cheaper. Version 1.1 (the whole site): every page listed is read,
 * the site's reports once (siteReports.ts), and at most Max Pages pages audited, new ones first,
 * then the stalest (report/auditPlan.ts); a fresh page is kept and not output unless Output Kept
 * Pages asks; the run's summary first, the pages no longer listed last (pagesNotListed.ts).
 */

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

export const auditSiteOption: INodePropertyOptions = {
	name: 'Audit Site',
	value: OPERATION.auditSite,
	action: 'Audit a site from its sitemaps',
	description:
		"Find a site's pages in its own sitemaps (robots.txt, then /sitemap.xml) and create or re-run the report of each, as Create or Re-Run does. Returns one item per page: the report, 'action' (created, re-run or kept), 'sitemap' and 'lastmod'. List Only returns the pages without auditing them.",
	routing: operationRouting(async (context, requests) => {
		const settings = await auditSettings(context, (await runModules.pageFilter()).pageFilterFrom);
		const send = async (options: Parameters<typeof context.helpers.httpRequest>[0]) =>
			await context.helpers.httpRequest(options);
		const { readSitePages } = await runModules.readSite();
		const found = await readSitePages(
			{ send, cancel: context.getExecutionCancelSignal?.(), timeoutMs: timeoutMsOf(context) },
			// Version 1.1 reads every page to choose the stalest; List Only lists the first Max Pages.
			{
				...settings,
				maxPages: settings.wholeSite && !settings.listOnly ? MAX_SITE_PAGES : settings.maxPages,
			},
		);
		if (found.pages.length === 0) throw nothingFound(settings, found);
		if (settings.listOnly) {
			// each page as the reader keeps it ({ url, sitemap, lastmod }): not copied
			const pages = found.pages as unknown as IDataObject[];
			if (found.skipped.length > 0)
				pages[0].sitemapsSkipped = found.skipped as unknown as IDataObject[];
			return pages;
		}
		const { auditOfSite } = await runModules.auditRun();
		return await auditOfSite(context, requests, settings, found);
	}),
};

const show = showFor(RESOURCE.project, [OPERATION.auditSite]);

/** Max Pages, whose meaning changed in version 1.1: one field a version, the same name and default. */
function maxPagesField(version: number, description: string): INodeProperties {
	return {
		displayName: 'Max Pages',
		name: 'maxPages',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 100,
		description,
		displayOptions: showFor(RESOURCE.project, [OPERATION.auditSite], { '@version': [version] }),
	};
}

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
	maxPagesField(
		1,
		"At most this many pages, in the sitemaps' order, after the filters, each page once. Reading stops once they are found.",
	),
	maxPagesField(
		1.1,
		'At most this many pages are audited (created or re-run) in a run: pages without a report first, then those whose report is the oldest. Pages audited within Max Age are kept and do not count. So every page of a site of P pages is audited within P ÷ Max Pages runs.',
	),
	{
		displayName: 'Reports of Pages No Longer Listed',
		name: 'notListed',
		type: 'options',
		default: 'keep',
		description:
			"What to do with the site's reports whose page no sitemap lists any more: each is output as an item with action 'not in sitemaps'",
		options: [
			{
				name: 'Keep',
				value: NOT_LISTED.keep,
				description: 'Only list them',
			},
			{
				name: 'Delete',
				value: NOT_LISTED.delete,
				description:
					"Delete every report of those pages, only when every sitemap was read in full and they are at most half of the site's reports; otherwise nothing is deleted and the summary says why",
			},
		],
		displayOptions: showFor(RESOURCE.project, [OPERATION.auditSite], { '@version': [1.1] }),
	},
	simplifyField(show),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show,
		options: inDisplayNameOrder([
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
			{
				displayName: 'Modified Since',
				name: 'modifiedSince',
				type: 'dateTime',
				default: '',
				description:
					"Leave out pages whose 'lastmod' in the sitemap is older than this, in the workflow's time zone. A 'lastmod' without a time counts as its whole day; pages without 'lastmod' are kept.",
			},
			{
				displayName: 'Output Kept Pages',
				name: 'outputKept',
				type: 'boolean',
				default: false,
				description:
					"Whether to output an item for each page kept because its report is within Max Age ('action' kept, with the report's ID, URL and time). Off: they are only counted in the summary, so a big site gives only the pages audited.",
				displayOptions: { show: { '@version': [1.1] } },
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
			...requestLimitFields(),
		]),
	},
];
