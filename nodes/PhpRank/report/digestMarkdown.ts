import type { Brand, SiteDigest, SiteFailure } from './digest';
import type { Plan } from './digestFit';
import { FULL_PLAN } from './digestFit';
import type { Inline } from './digestLines';
import { combinedLines, siteLines } from './digestLines';
import { TEXT, unlinked } from './digestText';

/**
 * Project → Digest's `markdown` (Teams, Discord, Mattermost, Telegram's Markdown): every character
 * that opens a link, emphasis, a heading, a quote, a table or code is markdownEscaped with a backslash in
 * every text; HTML's `<` and `&` become entities (Teams and Mattermost render inline HTML). A link
 * is made only to the site's own pages, its URL's brackets percent-encoded; a URL that may not be a
 * link is put in code, where no renderer makes a link of it.
 */

const SPECIAL = /[\\`*_~[\]()#>|!{}+-]/g;

const markdownMarkup = (value: string) =>
	value
		.replace(SPECIAL, (c) => `\\${c}`)
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;');
const markdownEscaped = (value: string) => markdownMarkup(TEXT.text(value));

/** A link's URL with what would end it or start markup percent-encoded. */
export const inHref = (href: string) =>
	href.replace(
		/[()<>[\]\s`\\|*_~]/g,
		(c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
	);

export const MARKDOWN: Inline = {
	text: markdownEscaped,
	data: (value) => markdownMarkup(unlinked(value)),
	bold: (value) => `**${value}**`,
	link: (href, label) => `[${markdownEscaped(label)}](${inHref(href)})`,
	url: (value) => `\`${TEXT.text(value).replace(/`/g, "'")}\``,
	bullet: '-',
};

/** Lines as Markdown: a paragraph each (a single line break would join them), a list's items together. */
export function joined(lines: string[], bullet = MARKDOWN.bullet): string {
	let out = '';
	let inList = false;
	for (const line of lines) {
		if (line === '') continue;
		const item = line.startsWith(`${bullet} `);
		out += out === '' ? line : `${item && inList ? '\n' : '\n\n'}${line}`;
		inList = item;
	}
	return out;
}

export function siteMarkdown(site: SiteDigest, plan: Plan = FULL_PLAN): string {
	return joined(siteLines(site, MARKDOWN, plan.items));
}

export function combinedMarkdown(
	sites: SiteDigest[],
	week: string,
	failed: SiteFailure[] = [],
	plan: Plan = FULL_PLAN,
	brand?: Brand,
): string {
	return joined(combinedLines(sites, week, MARKDOWN, failed, plan, brand));
}
