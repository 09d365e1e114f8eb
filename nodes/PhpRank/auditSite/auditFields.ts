import type { INodeProperties } from 'n8n-workflow';

import type { PageFilters } from './pageFilter';

/**
 * What Audit Site's description (auditSite.ts) and its run (auditSiteRun.ts, auditSettings.ts,
 * auditRun.ts, pagesNotListed.ts) both know of its fields: their choices, their defaults, and the
 * filters' fields, whose names the run's "no page left" error says. Here, and not in the run's
 * files, because the description is loaded at n8n's start and the run at its first use.
 */

/** Reports of Pages No Longer Listed (version 1.1): what pagesNotListed.ts does with them. */
export const NOT_LISTED = { keep: 'keep', delete: 'delete' } as const;
/** Delete At Most's default. */
export const DEFAULT_DELETE_AT_MOST_PERCENT = 50;
export type NotListedChoice = (typeof NOT_LISTED)[keyof typeof NOT_LISTED];

/** Pages From's options: the site's own sitemaps, or one sitemap's URL. */
export const PAGES_FROM = { sitemaps: 'sitemaps', sitemapUrl: 'sitemapUrl' } as const;
/** Max Pages' default, both versions (auditSite.ts maxPagesField). */
export const DEFAULT_MAX_PAGES = 100;

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
