import type { IDataObject } from 'n8n-workflow';

import { cut } from '../digest/digestFit';
import { siteLink } from '../digest/digestLinks';
import type { Inline } from '../digest/digestLines';
import { MARKDOWN } from '../digest/digestMarkdown';
import { SLACK } from '../digest/digestSlack';
import { TEXT } from '../digest/digestText';
import { toNumber } from '../report/score';

/**
 * The ready lines of a grouped alert (alertGroups.ts): `text`, `slack` and `markdown`, one line each,
 * escaped with Project → Digest's channels (digest/digestText.ts, digestSlack.ts, digestMarkdown.ts):
 * no markup, line break or mention from a page's URL, a reason or a project name; links only to the
 * project's own pages (digest/digestLinks.ts siteLink); a reason shown inert (in code), where no chat
 * makes a link of an address it quotes. Each line stays within its channel's bound (LINE_BOUNDS):
 * examples are left out, last first, until it does.
 */

/** Slack's section text holds 3,000 characters, Discord's message 2,000 (the Markdown line's readers). */
export const LINE_BOUNDS = { text: 2000, slack: 3000, markdown: 2000 } as const;

/** Site text is cut to these lengths before it is escaped, so a line with no example always fits. */
const PROJECT_CHARS = 100;
const REASON_CHARS = 200;
const LABEL_CHARS = 120;
/** A page address longer than this is shown inert and cut, never as a link (its href cannot be cut). */
const LINK_CHARS = 500;

/**
 * Digest's Markdown with `@` escaped too: Discord reads `@everyone` and `@here` in a message's text
 * as mentions, which a page's address (`/@everyone`) must not make. Its link's label is escaped the
 * same way; the address itself stays as siteLink gave it.
 */
const atEscaped = (escaped: string) => escaped.replace(/@/g, '\\@');
const MARKDOWN_LINE: Inline = {
	...MARKDOWN,
	text: (value) => atEscaped(MARKDOWN.text(value)),
	link: (href, label) => {
		const escapedLabel = MARKDOWN.text(label);
		const made = MARKDOWN.link(href, label);
		return `[${atEscaped(escapedLabel)}${made.slice(1 + escapedLabel.length)}`;
	},
};

/** A count as a reader takes it in at a glance: "2,500". */
const grouped = (count: number) => count.toLocaleString('en-US');
const pagesCounted = (count: number) => `${grouped(count)} ${count === 1 ? 'page' : 'pages'}`;

function page(f: Inline, url: string, project: string): string {
	const href = url.length <= LINK_CHARS ? siteLink(url, project) : undefined;
	return href === undefined
		? f.url(cut(url, LABEL_CHARS))
		: f.link(href, cut(url, LABEL_CHARS));
}

/** What a score example adds after its page: "42 (was 55)". */
function scoreFigures(example: IDataObject): string {
	const score = toNumber(example.score);
	const previous = toNumber(example.previous_score);
	const now = score === null ? '?' : String(score);
	return previous === null ? now : `${now} (was ${previous})`;
}

/** The sentence before the examples, in channel `f`. */
function headline(f: Inline, item: IDataObject): string {
	const project = cut(String(item.project || 'phpRank'), PROJECT_CHARS);
	const pages = Number(item.pages);
	const watched = Number(item.watched);
	const counted =
		watched > pages ? `${grouped(pages)} of ${pagesCounted(watched)}` : pagesCounted(pages);
	const importance = item.importance ? ` (${String(item.importance)})` : '';
	switch (item.event) {
		case 'checkFailed': {
			const examples = item.examples as IDataObject[];
			const reason = cut(String(examples[0]?.reason ?? ''), REASON_CHARS);
			const why = reason === '' ? '' : `: ${f.url(reason)}`;
			return `${f.bold(f.text(String(item.name)))} ${f.text(`fails on ${counted} of ${project}${importance}`)}${why}.`;
		}
		case 'checkFixed':
			return `${f.bold(f.text(String(item.name)))} ${f.text(`is fixed on ${counted} of ${project}${importance}.`)}`;
		case 'scoreBelow':
			return f.text(`${counted} of ${project} scored below ${String(item.threshold)}.`);
		default:
			return f.text(`${counted} of ${project} changed score.`);
	}
}

/** The examples part: " Examples: a, b and 3 more." with the first `shown` examples. */
function examplesPart(f: Inline, item: IDataObject, shown: number): string {
	const examples = (item.examples as IDataObject[]).slice(0, shown);
	if (examples.length === 0) return '';
	const project = String(item.project ?? '');
	const isScore = item.event === 'scoreBelow' || item.event === 'scoreChanged';
	const listed = examples.map((example) => {
		const shownPage = page(f, String(example.url ?? ''), project);
		return isScore ? `${shownPage} ${f.text(scoreFigures(example))}` : shownPage;
	});
	const rest = Number(item.pages) - examples.length;
	const more = rest > 0 ? f.text(` and ${grouped(rest)} more`) : '';
	return ` ${f.text('Examples:')} ${listed.join(', ')}${more}${f.text('.')}`;
}

function line(f: Inline, item: IDataObject, bound: number): string {
	const head = headline(f, item);
	for (let shown = (item.examples as IDataObject[]).length; shown > 0; shown--) {
		const whole = head + examplesPart(f, item, shown);
		if (whole.length <= bound) return whole;
	}
	return head;
}

/** The three ready lines of a grouped item. */
export function alertLines(item: IDataObject): IDataObject {
	return {
		text: line(TEXT, item, LINE_BOUNDS.text),
		slack: line(SLACK, item, LINE_BOUNDS.slack),
		markdown: line(MARKDOWN_LINE, item, LINE_BOUNDS.markdown),
	};
}
