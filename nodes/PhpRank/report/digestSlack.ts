import type { SiteDigest, SiteFailure } from './digest';
import type { Inline } from './digestLines';
import { combinedLines, siteLines } from './digestLines';
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

export const SLACK: Inline = {
	text: slackEscaped,
	data: (value) => slackMarkup(unlinked(value)),
	bold: (value) => `*${value}*`,
	link: (href, label) => `<${slackEscaped(href).replace(/\|/g, '%7C')}|${slackEscaped(label)}>`,
	url: (value) => `\`${slackEscaped(value).replace(/`/g, "'")}\``,
	bullet: '•',
};

export function siteSlack(site: SiteDigest): string {
	return siteLines(site, SLACK).join('\n');
}

export function combinedSlack(
	sites: SiteDigest[],
	week: string,
	failed: SiteFailure[] = [],
): string {
	return combinedLines(sites, week, SLACK, failed).join('\n');
}
