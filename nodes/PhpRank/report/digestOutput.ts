import type { IDataObject } from 'n8n-workflow';

import type { DigestInput, SiteDigest, SiteFailure } from './digest';
import { siteDigest, worseFirst } from './digest';
import { combinedHtml, siteHtml } from './digestHtml';
import { combinedMarkdown, siteMarkdown } from './digestMarkdown';
import { combinedSlack, siteSlack } from './digestSlack';
import { combinedText, plainText, siteText } from './digestText';
import { combinedSubject, siteSubject } from './digestWording';

/**
 * Project → Digest's items: the model (digest.ts) said in every channel. One site: its item with
 * its `row`; Combine Sites: one item for them all, each site's row in `rows`.
 */

export { siteDigest } from './digest';
export type { DigestInput, SiteDigest, SiteFailure } from './digest';

/** A subject's most characters: one line that no inbox's list cuts in a way that hides the figures. */
export const SUBJECT_MAX_CHARS = 150;

/**
 * One site's subject, one line of at most SUBJECT_MAX_CHARS characters: a project name too long for
 * it is cut (with "…"), never the figures after it.
 */
function subjectOf(site: SiteDigest): string {
	const full = subjectFor(site, plainText(site.project));
	const excess = [...full].length - SUBJECT_MAX_CHARS;
	if (excess <= 0) return full;
	const name = [...plainText(site.project)];
	return subjectFor(site, `${name.slice(0, Math.max(1, name.length - excess - 1)).join('')}…`);
}

function subjectFor(site: SiteDigest, project: string): string {
	return siteSubject({
		project,
		health: site.health,
		firstWeek: site.firstWeek,
		healthChange: site.change.health,
		newIssues: site.newIssues?.length ?? 0,
		fixed: site.fixed?.length ?? 0,
		noReport: site.noReport,
	});
}

export function digestItem(input: DigestInput): IDataObject {
	const site = siteDigest(input);
	const subject = subjectOf(site);
	return {
		project: site.project,
		week: site.week,
		subject,
		html: siteHtml(site, subject),
		text: siteText(site),
		slack: siteSlack(site),
		markdown: siteMarkdown(site),
		row: site.row,
	};
}

/** Combine Sites' item: the sites read, worse first; those that could not be read first of all, in `sites_failed`. */
export function combinedItem(
	inputs: DigestInput[],
	week: string,
	failed: SiteFailure[] = [],
): IDataObject {
	const sites = inputs.map(siteDigest);
	const worse = sites.filter((site) => (site.change.health ?? 0) < 0).length;
	const subject = combinedSubject(sites.length + failed.length, worse, week, failed.length);
	return {
		projects: worseFirst(sites).map((site) => site.project),
		week,
		subject,
		html: combinedHtml(sites, week, subject, failed),
		text: combinedText(sites, week, failed),
		slack: combinedSlack(sites, week, failed),
		markdown: combinedMarkdown(sites, week, failed),
		rows: sites.map((site) => site.row),
		sites_failed: failed.map((site) => ({ ...site })),
	};
}
