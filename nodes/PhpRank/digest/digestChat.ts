import type { Inline, LineChannel } from './digestLines';
import { inHref, joined } from './digestMarkdown';
import { TEXT, unlinked } from './digestText';

/**
 * Project → Digest's `discord` and `telegram`: the digest in each chat's own syntax, within its
 * message's size (digest/digestOutput.ts fits them). Neither renders HTML entities, so neither
 * gets one: every character of a text that the chat reads as markup is escaped with a backslash.
 * - Discord's Markdown: CommonMark's backslash escapes, `<` and `>` included (`<https://…>` is a
 *   link there), `@` too (`@everyone` and `@here` would mention everyone), masked links `[label](url)` to the site's own pages, other URLs in code.
 * - Telegram's MarkdownV2 (n8n's Telegram node, Parse Mode "MarkdownV2"): each of
 *   `_ * [ ] ( ) ~ ` > # + - = | { } . !` and the backslash escaped outside markup (an unescaped
 *   one makes Telegram refuse the message); `*bold*`; in a link's URL `)` and `\`; in code `` ` ``
 *   and `\`. Lines start with "•": a "-" would need its backslash.
 */

const DISCORD_SPECIAL = /[\\`*_~[\]()#<>|!{}+\-@]/g;
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

export const DISCORD_LINES: LineChannel = {
	inline: DISCORD,
	join: (lines) => joined(lines, DISCORD.bullet),
};

export const TELEGRAM_LINES: LineChannel = { inline: TELEGRAM, join: (lines) => lines.join('\n') };
