import { inParts } from './digestFit';
import type { Inline, LineChannel } from './digestLines';
import { TEXT, unlinked } from './digestText';

/**
 * Project → Digest's `slack`: Slack's mrkdwn. Slack reads `&`, `<` and `>` as its own markup
 * (`<url|label>` is a link, `<!channel>` a mention), so every text has them slackEscaped; a link is made
 * only to the site's own pages, its URL's `|` percent-encoded so that the label cannot be moved
 * into it. A URL that may not be a link is put in code, where Slack makes no link of it.
 */

const slackMarkup = (value: string) =>
	value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const slackEscaped = (value: string) => slackMarkup(TEXT.text(value));

/** A section block's most characters: no part of the message between blank lines is longer. */
export const SLACK_PART_MAX_CHARS = 3000;

export const SLACK: Inline = {
	text: slackEscaped,
	data: (value) => slackMarkup(unlinked(value)),
	bold: (value) => `*${value}*`,
	link: (href, label) => `<${slackEscaped(href).replace(/\|/g, '%7C')}|${slackEscaped(label)}>`,
	url: (value) => `\`${slackEscaped(value).replace(/`/g, "'")}\``,
	bullet: '•',
};

/** Slack's message: no part between blank lines over a section block's SLACK_PART_MAX_CHARS. */
export const SLACK_LINES: LineChannel = {
	inline: SLACK,
	join: (lines) => inParts(lines, SLACK_PART_MAX_CHARS).join('\n'),
};
