import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { PageFilterInput } from './pageFilter';
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
import { operationRouting } from '../transport';
import { loadedOnce } from '../shared/loadedOnce';
import {
	DEFAULT_DELETE_AT_MOST_PERCENT,
	DEFAULT_MAX_PAGES,
	NOT_LISTED,
	PAGES_FROM,
	pageFilterFields,
} from './auditFields';

/**
 * Project → Audit Site: the operation's description (its option and fields), the entry of the
 * capability. The run (auditSiteRun.ts) reads the fields once, reads the site's pages from its own
 * sitemaps and audits them, each page through Create or Re-Run's rules; it loads at its first use.
 *
 * Version 1: the first Max Pages pages, one item each (created, re-run, kept or failed), the site's
 * listing read once when that is cheaper. Version 1.1 (the whole site): every page listed is read,
 * the site's reports once, and at most Max Pages pages audited, new ones first, then the stalest
 * (auditSite/auditPlan.ts); a fresh page is kept and not output unless Output Kept Pages asks; the
 * run's summary first, the pages no longer listed last (auditRun.ts, pagesNotListed.ts).
 */

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

/**
 * The run (auditSiteRun.ts, and through it the reading of the sitemaps, the filters and
 * Create or Re-Run's rules), loaded at its first use, once (shared/loadedOnce.ts): showing the node
 * needs only the description below.
 */
const auditSiteRun = loadedOnce(async () => await import('./auditSiteRun'));

export const auditSiteOption: INodePropertyOptions = {
	name: 'Audit Site',
	value: OPERATION.auditSite,
	action: 'Audit a site from its sitemaps',
	description:
		"Find a site's pages in its own sitemaps (robots.txt, then /sitemap.xml) and create or re-run the report of each, as Create or Re-Run does. Returns one item per page: the report, 'action' (created, re-run or kept), 'sitemap' and 'lastmod'. List Only returns the pages without auditing them.",
	routing: operationRouting(
		async (context, requests, { options }) =>
			await (await auditSiteRun()).auditSite(context, requests, options),
	),
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
