import type { IDataObject } from 'n8n-workflow';

import type { Brand, DigestInput, SiteDigest, SiteFailure } from './digest';
import { gotWorse, siteDigest, worseFirst } from './digest';
import { DISCORD_LINES, TELEGRAM_LINES } from './digestChat';
import type { Plan } from './digestFit';
import { fitted, FULL_PLAN, utf8Bytes } from './digestFit';
import { combinedHtml, siteHtml } from './digestHtml';
import type { LineChannel } from './digestLines';
import { combinedLines, siteLines } from './digestLines';
import { MARKDOWN_LINES } from './digestMarkdown';
import { SLACK_LINES } from './digestSlack';
import { plainText, TEXT_LINES } from './digestText';
import type { DigestChannel } from './digestParameters';
import { DIGEST_FIELDS } from './digestParameters';
import { combinedSubject, ENGLISH, siteSubject } from './digestWording';
import type { Words } from './digestWording';

/**
 * Project → Digest's items: the model (digest.ts) said in every channel. One site: its item with
 * its `row`; Combine Sites: one item for them all, each site's row in `rows`. Each channel is kept
 * within its inbox's or chat's limit (digestFit.ts says what is cut first).
 */

/** Gmail clips an email whose HTML is over about 102 kB. */
export const HTML_MAX_BYTES = 100_000;
/** Slack truncates a message's text over 40,000 characters. */
export const SLACK_MAX_CHARS = 40_000;
/** A Discord message's content. */
export const DISCORD_MAX_CHARS = 2000;
/** A Telegram message's text (counted here before its escapes are parsed: never over). */
export const TELEGRAM_MAX_CHARS = 4096;

const withinBytes = (max: number) => (output: string) => utf8Bytes(output) <= max;
const withinChars = (max: number) => (output: string) => output.length <= max;

/** How a channel is said: the HTML (`html`, at a plan) or a line channel (`said`, at a plan). */
type Saying = {
	/** 0: one site's digest; else the sites of a combined one (digestFit.ts cuts by them). */
	sites: number;
	html: (plan: Plan) => string;
	said: (channel: LineChannel) => (plan: Plan) => string;
};

/** Each channel of DIGEST_FIELDS (digestParameters.ts), said and fitted to its limit. */
const SAID: Record<DigestChannel, (saying: Saying) => string> = {
	html: ({ sites, html }) => fitted(html, withinBytes(HTML_MAX_BYTES), sites),
	text: ({ said }) => said(TEXT_LINES)(FULL_PLAN),
	slack: ({ sites, said }) => fitted(said(SLACK_LINES), withinChars(SLACK_MAX_CHARS), sites),
	markdown: ({ said }) => said(MARKDOWN_LINES)(FULL_PLAN),
	discord: ({ sites, said }) => fitted(said(DISCORD_LINES), withinChars(DISCORD_MAX_CHARS), sites),
	telegram: ({ sites, said }) =>
		fitted(said(TELEGRAM_LINES), withinChars(TELEGRAM_MAX_CHARS), sites),
};

/**
 * Every channel of a digest, in DIGEST_FIELDS' order: the HTML (`html`, at a plan) and each line
 * channel (`lines`, its lines at a plan), each fitted to its limit (`sites` 0: one site's digest).
 */
function channels(
	sites: number,
	html: (plan: Plan) => string,
	lines: (channel: LineChannel, plan: Plan) => string,
): Record<DigestChannel, string> {
	const said = (channel: LineChannel) => (plan: Plan) => lines(channel, plan);
	const saying: Saying = { sites, html, said };
	const out = {} as Record<DigestChannel, string>;
	for (const field of DIGEST_FIELDS)
		if (field.channel) out[field.value] = SAID[field.value](saying);
	return out;
}

export { siteDigest } from './digest';
export type { Brand, DigestInput, SiteDigest, SiteFailure } from './digest';

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
	return siteSubject(site.words, {
		project,
		health: site.health,
		firstWeek: site.firstWeek,
		healthChange: site.change.health,
		newIssues: site.newIssues?.length ?? 0,
		fixed: site.fixed?.length ?? 0,
		noReport: site.noReport,
		// every report gone: the pages it had (its change of pages is all of them, down)
		vanishedPages: site.vanished ? -(site.change.pages ?? 0) : undefined,
	});
}

export { ENGLISH } from './digestWording';
export type { Words } from './digestWording';

/**
 * The words a digest is said in, which must be its Brand's language: a language other than English
 * is loaded before (digestRun.ts `wordsOf`), and given here. A digest said in English by
 * mistake would pass every check of its channels: it is refused instead.
 */
function wordsOfBrand(brand: Brand | undefined, words: Words): Words {
	const language = brand?.language ?? 'en';
	if (words.htmlLang !== language)
		throw new Error(
			`The digest speaks ${language}: its words must be given (got ${words.htmlLang})`,
		);
	return words;
}

/** One site's item, said in `words` (its Brand's language's, loaded by digestRun.ts `wordsOf`). */
export function digestItem(input: DigestInput, words: Words = ENGLISH): IDataObject {
	const site = siteDigest(input, wordsOfBrand(input.brand, words));
	const subject = subjectOf(site);
	const said = channels(
		0,
		(plan) => siteHtml(site, subject, plan),
		(channel, plan) => channel.join(siteLines(site, channel.inline, plan.items)),
	);
	return { project: site.project, week: site.week, subject, ...said, row: site.row };
}

/**
 * Combine Sites' item, said in `words` (as digestItem's): the sites read, worse first; those that
 * could not be read first of all, in `sites_failed`.
 */
export function combinedItem(
	inputs: DigestInput[],
	week: string,
	failed: SiteFailure[] = [],
	brand?: Brand,
	words: Words = ENGLISH,
): IDataObject {
	wordsOfBrand(brand, words);
	const sites = inputs.map((input) => siteDigest({ ...input, brand }, words));
	const worse = sites.filter(gotWorse).length;
	const subject = combinedSubject(words, sites.length + failed.length, worse, week, failed.length);
	return {
		projects: worseFirst(sites).map((site) => site.project),
		week,
		subject,
		...channels(
			sites.length + failed.length,
			(plan) => combinedHtml(words, sites, week, subject, failed, plan, brand),
			(channel, plan) =>
				channel.join(combinedLines(words, sites, week, channel.inline, failed, plan, brand)),
		),
		rows: sites.map((site) => site.row),
		sites_failed: failed.map((site) => ({ ...site })),
	};
}
