import type { Brand, SiteDigest, SiteFailure } from './digest';
import type { Plan } from './digestFit';
import { FULL_PLAN } from './digestFit';
import type { Inline } from './digestLines';
import { combinedLines, siteLines } from './digestLines';
import { inHref, joined } from './digestMarkdown';
import { TEXT, unlinked } from './digestText';

/**
 * Project → Digest's `discord` and `telegram`: the digest in each chat's own syntax, within its
 * message's size (report/digestOutput.ts fits them). Neither renders HTML entities, so neither
 * gets one: every character of a text that the chat reads as markup is escaped with a backslash.
 * - Discord's Markdown: CommonMark's backslash escapes, `<` and `>` included (`<https://…>` is a
 *   link there), masked links `[label](url)` to the site's own pages, other URLs in code.
 * - Telegram's MarkdownV2 (n8n's Telegram node, Parse Mode "MarkdownV2"): each of
 *   `_ * [ ] ( ) ~ ` > # + - = | { } . !` and the backslash escaped outside markup (an unescaped
 *   one makes Telegram refuse the message); `*bold*`; in a link's URL `)` and `\`; in code `` ` ``
 *   and `\`. Lines start with "•": a "-" would need its backslash.
 */

const DISCORD_SPECIAL = /[\\`*_~[\]()#<>|!{}+-]/g;
const discordMarkup = (value: string) => value.replace(DISCORD_SPECIAL, (c) => `\\${c}`);
const discordEscaped = (value: string) => discordMarkup(TEXT.text(value));

export const DISCORD: Inline = {
	text: discordEscaped,
	data: (value) => discordMarkup(unlinked(value)),
	bold: (value) => `**${value}**`,
	link: (href, label) => `[${discordEscaped(label)}](${inHref(href)})`,
	url: (value) => `\`${TEXT.text(value).replace(/`/g, "'")}\``,
	bullet: '-',
};

const TELEGRAM_SPECIAL = /[\\_*[\]()~`>#+\-=|{}.!]/g;
const telegramMarkup = (value: string) => value.replace(TELEGRAM_SPECIAL, (c) => `\\${c}`);
const telegramEscaped = (value: string) => telegramMarkup(TEXT.text(value));

export const TELEGRAM: Inline = {
	text: telegramEscaped,
	data: (value) => telegramMarkup(unlinked(value)),
	bold: (value) => `*${value}*`,
	link: (href, label) => `[${telegramEscaped(label)}](${href.replace(/[)\\]/g, (c) => `\\${c}`)})`,
	url: (value) => `\`${TEXT.text(value).replace(/[`\\]/g, (c) => `\\${c}`)}\``,
	bullet: '•',
};

export function siteDiscord(site: SiteDigest, plan: Plan = FULL_PLAN): string {
	return joined(siteLines(site, DISCORD, plan.items));
}

export function combinedDiscord(
	sites: SiteDigest[],
	week: string,
	failed: SiteFailure[] = [],
	plan: Plan = FULL_PLAN,
	brand?: Brand,
): string {
	return joined(combinedLines(sites, week, DISCORD, failed, plan, brand));
}

export function siteTelegram(site: SiteDigest, plan: Plan = FULL_PLAN): string {
	return siteLines(site, TELEGRAM, plan.items).join('\n');
}

export function combinedTelegram(
	sites: SiteDigest[],
	week: string,
	failed: SiteFailure[] = [],
	plan: Plan = FULL_PLAN,
	brand?: Brand,
): string {
	return combinedLines(sites, week, TELEGRAM, failed, plan, brand).join('\n');
}
