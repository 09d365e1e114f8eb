import type {
	IDataObject,
	IDisplayOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import type { PageFilterInput, PageFilters } from './pageFilter';
import type { SitePages } from './sitePageTypes';
import { MAX_SITE_PAGES } from './sitePages';
import { MATCH_AS, OPERATION, RESOURCE } from '../shared/constants';
import {
	checkAfterCreateField,
	fromVersion,
	maxAgeHoursField,
	inDisplayNameOrder,
	reportPasswordField,
	reportPrivacyField,
	requestLimitFields,
	showFor,
	simplifyField,
} from '../shared/fields';
import { InvalidInput } from '../shared/inputChecks';
import { operationRouting } from '../transport';
import { runModules } from '../runModules';
import { loadedOnce } from '../shared/loadedOnce';
import type { AuditSettings } from './auditSettings';
import {
	auditSettings,
	DEFAULT_DELETE_AT_MOST_PERCENT,
	DEFAULT_MAX_PAGES,
	NOT_LISTED,
	PAGES_FROM,
} from './auditSettings';

/**
 * Project → Audit Site: its fields read and checked once (auditSettings.ts), the site's pages read
 * from its own sitemaps (auditSite/readSite.ts, without the credential: auditSite/siteFetch.ts), then
 * the run (auditRun.ts), each page through Create or Re-Run's rules. List Only sends nothing to
 * phpRank. The reader, the filters and the run load at the first run, each declared here
 * (`readSiteModule`, `pageFilterModule`, `auditRunModule`).
 *
 * Version 1: the first Max Pages pages, one item each (created, re-run, kept or failed), the site's
 * listing read once when that is cheaper. Version 1.1 (the whole site): every page listed is read,
 * the site's reports once, and at most Max Pages pages audited, new ones first, then the stalest
 * (auditSite/auditPlan.ts); a fresh page is kept and not output unless Output Kept Pages asks; the
 * run's summary first, the pages no longer listed last (auditRun.ts, pagesNotListed.ts).
 */

/** No page to audit: what was tried, and what to do. */
function nothingFound(settings: AuditSettings, found: SitePages): InvalidInput {
	const errors = (files: SitePages['skipped']) => files.map((file) => file.error).join('; ');
	const tried = errors(found.skipped);
	const field = settings.sitemapUrl === undefined ? 'Site' : 'Sitemap URL';
	if (found.sitemaps.length === 0) {
		const everything = errors([...found.absent, ...found.skipped]);
		return new InvalidInput(
			field,
			`No sitemap of ${settings.site.origin} could be read (${everything || 'none found'}): give the sitemap's address with Pages From "A Sitemap URL", or check that the site is up`,
		);
	}
	const offSite = found.offSitePages > 0 ? `, ${found.offSitePages} on another host` : '';
	return new InvalidInput(
		found.offSitePages > 0 ? field : 'Options',
		`No page of ${settings.site.origin} is left to audit: the sitemaps read (${found.sitemaps.join(', ')}) list none that passes the filters${offSite}${tried ? `; skipped: ${tried}` : ''}. ${loosenFilters()}`,
	);
}

/**
 * The options that leave pages out, by what auditSite/pageFilter.ts reads (`PageFilters`: a filter it reads has
 * its field here, or this does not compile), in the order "no page left" names them.
 */
export const pageFilterFields: Record<keyof PageFilters, INodeProperties> = {
	include: {
		displayName: 'Include URLs Containing',
		name: 'include',
		type: 'string',
		default: '',
		placeholder: 'e.g. /blog/',
		description:
			'Only pages whose URL contains any of these texts, comma-separated, in any case; a text ending in / also matches where the path ends: /blog/ keeps /blog, /en/blog/x and /Blog/Second, not /blogroll or /weblog/. Each character is itself, no wildcard (+ ? % * too); from version 1.3 the URL is also read percent-decoded: /café/ keeps /caf%C3%A9/. With Match As Regular Expression the whole field is one pattern: a /body/flags literal, else the pattern itself without flags (like \\/blog\\/\\d{4}\\/). Before 1.3 the whole field as one /regular expression/ with flags, or with more than letters, digits, - _ . ~ (like /\\/blog\\/\\d{4}\\// or /blog/i), is a pattern. Lookarounds and back-references are refused',
	},
	exclude: {
		displayName: 'Exclude URLs Containing',
		name: 'exclude',
		type: 'string',
		default: '',
		placeholder: 'e.g. /tag/, /author/',
		description:
			'Leave out pages whose URL contains any of these texts, comma-separated, in any case; a text ending in / also matches where the path ends: /tag/ leaves out /tag and /tag/x, not /tags. Each character is itself, no wildcard (+ ? % * too); from version 1.3 the URL is also read percent-decoded. With Match As Regular Expression the whole field is one pattern: a /body/flags literal, else the pattern itself without flags (like \\/page\\/\\d+). Before 1.3 the whole field as one /regular expression/ with flags, or with more than letters, digits, - _ . ~ (like /\\/page\\/\\d+/ or /tag/i), is a pattern. Lookarounds and back-references are refused',
	},
	modifiedSince: {
		displayName: 'Modified Since',
		name: 'modifiedSince',
		type: 'dateTime',
		default: '',
		description:
			"Leave out pages whose 'lastmod' in the sitemap is older than this, in the workflow's time zone. A 'lastmod' without a time counts as its whole day; pages without 'lastmod' are kept.",
	},
};

/**
 * Match As (version 1.3 on): how Include and Exclude URLs Containing are read (auditSite/pageFilter.ts
 * reads it as `PageFilterInput.matchAs`). Before 1.3 a field is read by its shape: saved workflows
 * keep their meaning.
 */
export const matchAsField: INodeProperties & { name: keyof PageFilterInput } = {
	displayName: 'Match As',
	name: 'matchAs',
	type: 'options',
	default: 'text',
	description: 'How Include URLs Containing and Exclude URLs Containing are read',
	options: [
		{
			name: 'Regular Expression',
			value: MATCH_AS.regex,
			description:
				'Each field is one pattern, matched in a time linear in the URL: a /body/flags literal (g and y ignored), else the pattern itself without flags, like \\/blog\\/\\d+',
		},
		{
			name: 'Text',
			value: MATCH_AS.text,
			description:
				'Comma-separated texts in any case, each character as itself (no wildcard), compared with the URL as written and percent-decoded',
		},
	],
	displayOptions: { show: fromVersion(1.3) },
};

/** "Loosen Include URLs Containing, Exclude URLs Containing or Modified Since": every filter, by its field's name. */
function loosenFilters(): string {
	const names = Object.values(pageFilterFields).map((field) => field.displayName);
	return `Loosen ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/**
 * What Audit Site's run loads at its first use, each once (shared/loadedOnce.ts): the reading of a
 * site's sitemaps (the scanner, gzip, robots.txt, the site fetch), the filters Include, Exclude and
 * Modified Since (their pattern and date checks), and the run once the pages are read (auditRun.ts,
 * and through it createOrRerun/).
 */
const readSiteModule = loadedOnce(async () => await import('./readSite'));
const pageFilterModule = loadedOnce(async () => await import('./pageFilter'));
const auditRunModule = loadedOnce(async () => await import('./auditRun'));

export const auditSiteOption: INodePropertyOptions = {
	name: 'Audit Site',
	value: OPERATION.auditSite,
	action: 'Audit a site from its sitemaps',
	description:
		"Find a site's pages in its own sitemaps (robots.txt, then /sitemap.xml) and create or re-run the report of each, as Create or Re-Run does. Returns one item per page: the report, 'action' (created, re-run or kept), 'sitemap' and 'lastmod'. List Only returns the pages without auditing them.",
	routing: operationRouting(async (context, requests) => {
		const settings = await auditSettings(context, {
			pageFilterFrom: (await pageFilterModule()).pageFilterFrom,
			reportView: (await runModules.reportView()).reportView,
		});
		const send = async (options: Parameters<typeof context.helpers.httpRequest>[0]) =>
			await context.helpers.httpRequest(options);
		const { readSitePages } = await readSiteModule();
		const startedAt = Date.now();
		const sending = {
			send,
			cancel: context.getExecutionCancelSignal?.(),
			timeoutMs: requests.attemptMs,
			connection: requests.connection,
		};
		const found = await readSitePages(
			sending,
			// Version 1.1 reads every page to choose the stalest; List Only lists the first Max Pages.
			{
				site: settings.site,
				sitemapUrl: settings.sitemapUrl,
				keep: settings.keep,
				pagesToRead: settings.wholeSite && !settings.listOnly ? MAX_SITE_PAGES : settings.maxPages,
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
		const { auditOfSite } = await auditRunModule();
		return await auditOfSite(context, requests, settings, { found, startedAt, sending });
	}),
};

const show = showFor(RESOURCE.project, [OPERATION.auditSite]);

/**
 * Max Pages, whose meaning changed in version 1.1: one field for version 1, one from 1.1 on, the same
 * name and default.
 */
function maxPagesField(versions: IDisplayOptions['show'], description: string): INodeProperties {
	return {
		displayName: 'Max Pages',
		name: 'maxPages',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: DEFAULT_MAX_PAGES,
		description,
		displayOptions: showFor(RESOURCE.project, [OPERATION.auditSite], versions),
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
		{ '@version': [1] },
		"At most this many pages, in the sitemaps' order, after the filters, each page once. Reading stops once they are found.",
	),
	maxPagesField(
		fromVersion(1.1),
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
					"Delete every report of a page that, asked at the site, answers it is gone (404, 410) or moved (301, 308); only when the site's own sitemaps were read in full, a listed page answers 200, the page's newest report is older than the run, and at most Delete At Most of the site's pages left; otherwise the summary says why (deleteSkipped)",
			},
		],
		displayOptions: showFor(RESOURCE.project, [OPERATION.auditSite], fromVersion(1.1)),
	},
	{
		displayName: 'Delete At Most (% of Pages)',
		name: 'deleteAtMostPercent',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 100 },
		default: DEFAULT_DELETE_AT_MOST_PERCENT,
		description:
			"The largest share of the site's pages (those with a report) whose reports one run may delete. When more pages left the sitemaps, nothing is deleted: a sitemap that lost its pages by mistake must not empty the project.",
		displayOptions: showFor(RESOURCE.project, [OPERATION.auditSite], {
			...fromVersion(1.1),
			notListed: [NOT_LISTED.delete],
		}),
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
			...Object.values(pageFilterFields),
			matchAsField,
			checkAfterCreateField(
				"Whether to read the site's reports once more after its Creates (one more request per site, as Create or Re-Run does per page): a page that another n8n process created at the same time keeps its older report, and the newer one is deleted. Turn off only when audits of a site never overlap across n8n processes.",
			),
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
				displayName: 'Output Kept Pages',
				name: 'outputKept',
				type: 'boolean',
				default: false,
				description:
					"Whether to output an item for each page kept because its report is within Max Age ('action' kept, with the report's ID, URL and time). Off: they are only counted in the summary, so a big site gives only the pages audited.",
				displayOptions: { show: fromVersion(1.1) },
			},
			reportPasswordField(
				'Password visitors must enter to open the report pages created (1 to 128 characters), for Privacy Password',
			),
			reportPrivacyField(
				'Who can open the pages of the reports created: Public (0), Private (1) or Password (2). Sent only when a report is created.',
			),
			...requestLimitFields(),
		]),
	},
];
