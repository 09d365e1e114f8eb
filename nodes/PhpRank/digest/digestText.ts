import type { Inline, LineChannel } from './digestLines';

/**
 * Project → Digest's `text`: plain text (an email's text part). Nothing is markup here. What would
 * start a line of its own (CR, LF, VT, FF, NEL, Unicode's line and paragraph separators) becomes a
 * space; other controls (C0, C1, DEL), direction marks and overrides (bidi, Arabic letter mark) and
 * invisible characters (zero-width ones, word joiner, BOM, soft hyphen) from data are dropped, so
 * that no text can start a line, move the cursor, reverse or hide text in any channel.
 */

// eslint-disable-next-line no-control-regex
const LINE_BREAKS = /[\n\r\u000b\u000c\u0085\u2028\u2029]+/g;
const CONTROL =
	// eslint-disable-next-line no-control-regex
	/[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;

/** Text from data as one line of plain text (every channel's first step, the subject's too). */
export function plainText(value: string): string {
	return value.replace(CONTROL, '').replace(LINE_BREAKS, ' ');
}

/**
 * Text from data that no chat makes a link of: a zero-width space after each `:` and before each
 * `.` (Slack and Markdown renderers link what reads as an address, `https://evil.test` or
 * `evil.test`; the text reads the same). The HTML does the same with entities (digestHtml.ts `dataHtml`).
 */
export function unlinked(value: string): string {
	return plainText(value).replace(/:/g, ':\u200b').replace(/\./g, '\u200b.');
}

export const TEXT: Inline = {
	text: plainText,
	data: plainText,
	bold: (escaped) => escaped,
	link: (href) => TEXT.text(href),
	url: (value) => TEXT.text(value),
	bullet: '-',
};

export const TEXT_LINES: LineChannel = { inline: TEXT, join: (lines) => lines.join('\n') };
