import type { Inline, LineChannel } from './digestLines';
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

export const MARKDOWN_LINES: LineChannel = { inline: MARKDOWN, join: (lines) => joined(lines) };
