import type { SiteDigest, SiteFailure } from './digest';
import type { Inline } from './digestLines';
import { combinedLines, siteLines } from './digestLines';

/**
 * Project → Digest's `text`: plain text (an email's text part). Nothing is markup here; control
 * characters from data (a page URL or a reason) are dropped, so that no text can start a line of
 * its own or move the cursor.
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;

export const TEXT: Inline = {
	text: (value) => value.replace(CONTROL, '').replace(/[\r\n]+/g, ' '),
	bold: (escaped) => escaped,
	link: (href) => TEXT.text(href),
	url: (value) => TEXT.text(value),
	bullet: '-',
};

export function siteText(site: SiteDigest): string {
	return siteLines(site, TEXT).join('\n');
}

export function combinedText(
	sites: SiteDigest[],
	week: string,
	failed: SiteFailure[] = [],
): string {
	return combinedLines(sites, week, TEXT, failed).join('\n');
}
