import type { Brand, FixItem, SiteDigest, SiteFailure } from './digest';
import { NO_BRAND, worseFirst } from './digest';
import type { Plan } from './digestFit';
import { cut, FULL_PLAN, LISTED_AT_MOST } from './digestFit';
import { reportPageLink, SHOWN_URL_AT_MOST, siteLink } from './digestLinks';
import { noReportText } from './digestLines';
import { TEXT, unlinked } from './digestText';
import { arrow, checkFix, checkName, coverageSummary, figure, weekDay } from './digestWording';
import type { Words } from './digestWording';

/**
 * Project → Digest's `html`: an email's HTML as mail clients keep it (test/helpers/email-safety.js
 * says what Gmail, Outlook and Apple Mail drop): tables, inline styles, no <svg>, <style>, script,
 * `data:` or image; one column at most MAX_WIDTH_PX wide that shrinks to a phone's 375 px without
 * side-scrolling (every cell of text may break anywhere). Every text is HTML-escaped where it is
 * placed; a link is made only to the site's own pages (digestLinks.ts).
 */

export const COLOURS = {
	text: '#1f2328',
	muted: '#57606a',
	link: '#0969da',
	page: '#f6f8fa',
	card: '#ffffff',
	border: '#d0d7de',
	rule: '#eaeef2',
	better: '#1a7f37',
	worse: '#cf222e',
	healthGood: '#2da44e',
	healthFair: '#d4a72c',
	healthPoor: '#cf222e',
	noFigure: '#d0d7de',
	high: '#cf222e',
	medium: '#9a6700',
	low: '#57606a',
} as const;

export const SIZES = {
	maxWidthPx: 600,
	barMaxHeightPx: 100,
	titlePx: 20,
	headingPx: 16,
	bodyPx: 14,
	smallPx: 12,
	figurePx: 28,
	healthGood: 80,
	healthFair: 50,
} as const;

/** `&`, `<`, `>` and both quotes as entities. */
const markupEscaped = (value: string) =>
	value
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&#39;');

/** Text as HTML: `&`, `<`, `>`, both quotes; control and direction-override characters dropped (digestText.ts). */
export function escapeHtml(value: string): string {
	return markupEscaped(TEXT.text(value));
}

const TABLE =
	'<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">';
const ANYWHERE = 'word-break:break-word;overflow-wrap:anywhere;';
const FONT_STYLE = `font-size:${SIZES.bodyPx}px;line-height:20px;color:${COLOURS.text};`;
const TEXT_STYLE = `${FONT_STYLE}${ANYWHERE}`;
// Combine Sites' table breaks a name only after a `-` or a zero-width space (breakableHtml): with
// `anywhere` a column may shrink below its longest word, and names broke mid-word beside a long
// "not read" line even at 1280 px. Its headings may: 375 px holds the five columns only so.
const TABLE_TEXT_STYLE = `${FONT_STYLE}overflow-wrap:break-word;`;

/** The longest run of characters a text from data keeps without a place to break the line. */
const BREAK_EVERY = 24;
const ZERO_WIDTH_SPACE = '\u200b';

/**
 * Plain text with a zero-width space after every BREAK_EVERY characters that have no place to
 * break between them: a long URL wraps within a phone's 375 px in every client (Gmail, Outlook,
 * Apple Mail and Yahoo ignore `overflow-wrap` and most `word-break`), as HTML-escaped text with
 * the spaces as entities.
 */
function breakableHtml(text: string): string {
	let out = '';
	let run = 0;
	for (const char of text) {
		out += char;
		run = /\s/.test(char) || char === ZERO_WIDTH_SPACE ? 0 : run + 1;
		if (run >= BREAK_EVERY) {
			out += ZERO_WIDTH_SPACE;
			run = 0;
		}
	}
	return markupEscaped(out).replace(/\u200b/g, '&#8203;');
}

/**
 * A text from data (a page's URL, a check's name, a reason) as HTML that no mail client makes a link
 * of: escaped, and a zero-width space after each `:` and before each `.` (Gmail and Outlook link
 * what reads as an address, `https://evil.test` or `evil.test`; the text reads the same); a long
 * one breakable (breakableHtml).
 */
export function dataHtml(value: string): string {
	return breakableHtml(unlinked(value));
}

const healthColour = (health: number | null) =>
	health === null
		? COLOURS.noFigure
		: health >= SIZES.healthGood
			? COLOURS.healthGood
			: health >= SIZES.healthFair
				? COLOURS.healthFair
				: COLOURS.healthPoor;

const row = (html: string, padding = '0 20px 8px') =>
	`<tr><td style="padding:${padding};${TEXT_STYLE}">${html}</td></tr>`;
const heading = (text: string) =>
	row(
		`<strong style="font-size:${SIZES.headingPx}px;">${escapeHtml(text)}</strong>`,
		'16px 20px 6px',
	);
const muted = (html: string) =>
	`<span style="font-size:${SIZES.smallPx}px;color:${COLOURS.muted};">${html}</span>`;

function pageHtml(url: string, site: SiteDigest, report?: number | string | null): string {
	const href =
		reportPageLink(site.brand.reportPageUrl, report) ??
		siteLink(url, site.project, site.coverage?.scheme);
	const shown = cut(url, SHOWN_URL_AT_MOST);
	if (href === undefined) return dataHtml(shown);
	const colour = site.brand.accentColor || COLOURS.link;
	return `<a href="${escapeHtml(href)}" style="color:${colour};">${breakableHtml(TEXT.text(shown))}</a>`;
}

function importanceBadge(words: Words, importance: FixItem['importance']): string {
	const colour = importance === null ? COLOURS.low : COLOURS[importance];
	return `<span style="padding:1px 6px;border-radius:3px;font-size:11px;font-weight:bold;color:#ffffff;background-color:${colour};">${escapeHtml(words.importance(importance))}</span>`;
}

function list<T>(words: Words, items: T[], cell: (item: T) => string, at: number): string {
	const cells = items
		.slice(0, at)
		.map(
			(item) =>
				`<tr><td style="padding:7px 0;border-bottom:1px solid ${COLOURS.rule};${TEXT_STYLE}">${cell(item)}</td></tr>`,
		);
	if (items.length > at)
		cells.push(
			`<tr><td style="padding:7px 0;">${muted(escapeHtml(words.more(items.length - at)))}</td></tr>`,
		);
	return `<tr><td style="padding:0 20px 8px;">${TABLE}${cells.join('')}</table></td></tr>`;
}

function fixFirstHtml(site: SiteDigest, at: number): string {
	const head = heading(`${site.words.fixFirst} (${site.fixFirst.length})`);
	if (site.fixFirst.length === 0) return head + row(escapeHtml(site.words.fixFirstNone));
	return (
		head +
		list(
			site.words,
			site.fixFirst,
			(item) => {
				const examples = item.examples
					.map((url, i) => pageHtml(url, site, item.exampleReports[i]))
					.join('<br>');
				return (
					`${importanceBadge(site.words, item.importance)} <strong>${dataHtml(checkName(site.words, item.check, item.name))}</strong>: ${escapeHtml(site.words.failsOn(item.pages, site.pages))}` +
					`<br>${muted(`${escapeHtml(site.words.howToFix)}: ${dataHtml(checkFix(site.words, item.check, item.howToFix))}`)}` +
					(examples ? `<br>${muted(`${escapeHtml(site.words.examples)}:`)}<br>${examples}` : '')
				);
			},
			at,
		)
	);
}

function changesHtml(site: SiteDigest, at: number): string {
	if (site.newIssues === undefined || site.fixed === undefined)
		return site.firstWeek ? '' : row(escapeHtml(site.words.issuesUnknown));
	const fresh = site.newIssues;
	const fixed = site.fixed;
	const since = site.last ?? { week: site.week, weekly: true };
	return (
		heading(`${site.words.newSince(since.week, since.weekly)} (${fresh.length})`) +
		(fresh.length
			? list(
					site.words,
					fresh,
					(item) =>
						`${importanceBadge(site.words, item.importance)} ${dataHtml(checkName(site.words, item.check, item.name))}: ${escapeHtml(site.words.pageCount(item.pages))}`,
					at,
				)
			: row(escapeHtml(site.words.newNone))) +
		heading(`${site.words.fixedSince(since.week, since.weekly)} (${fixed.length})`) +
		(fixed.length
			? list(
					site.words,
					fixed,
					(item) =>
						`${importanceBadge(site.words, item.importance)} ${dataHtml(checkName(site.words, item.check, item.name))}: ${escapeHtml(site.words.fixedWas(item.pages_failing))}`,
					at,
				)
			: row(escapeHtml(site.words.fixedNone)))
	);
}

function coverageHtml(site: SiteDigest, at: number): string {
	const coverage = site.coverage;
	if (coverage === undefined)
		return heading(site.words.coverage) + row(muted(escapeHtml(site.words.noCoverage)));
	const summary = coverageSummary(site.words, coverage);
	const pages = [
		...coverage.failedPages.map(
			(page) =>
				`${escapeHtml(`${site.words.notAuditedPage}:`)} ${pageHtml(page.url, site)}<br>${muted(dataHtml(page.reason))}`,
		),
		...coverage.notListedPages.map(
			(page) =>
				`${escapeHtml(`${site.words.notListedPage}:`)} ${dataHtml(cut(page.url, SHOWN_URL_AT_MOST))}${page.deleted ? muted(escapeHtml(` (${site.words.reportsDeleted})`)) : ''}`,
		),
	];
	return (
		heading(site.words.coverage) +
		row(escapeHtml(summary)) +
		(pages.length ? list(site.words, pages, (html) => html, at) : '')
	);
}

function figureCell(
	value: string,
	label: string,
	change: number | null,
	lowerIsBetter: boolean,
	site: SiteDigest,
	colour: string,
): string {
	const shown = arrow(change);
	const changeColour =
		change === null || change === 0
			? COLOURS.muted
			: change > 0 !== lowerIsBetter
				? COLOURS.better
				: COLOURS.worse;
	const changeText =
		site.firstWeek || shown === '' || !site.last
			? ''
			: `${shown} ${site.words.since(site.last.week, site.last.weekly)}`;
	return (
		`<td width="33%" align="center" valign="top" style="padding:8px 4px;">` +
		`<div style="font-size:${SIZES.figurePx}px;line-height:34px;font-weight:bold;color:${colour};">${escapeHtml(value)}</div>` +
		(changeText
			? `<div style="font-size:${SIZES.smallPx}px;color:${changeColour};">${escapeHtml(changeText)}</div>`
			: '') +
		`<div style="font-size:${SIZES.smallPx}px;color:${COLOURS.muted};">${escapeHtml(label)}</div></td>`
	);
}

function figuresHtml(site: SiteDigest): string {
	const { change } = site;
	const failing = site.pagesFailingHigh > 0 ? COLOURS.worse : COLOURS.better;
	return (
		`<tr><td style="padding:0 16px;">${TABLE}<tr>` +
		figureCell(
			figure(site.words, site.health),
			site.words.health,
			change.health,
			false,
			site,
			healthColour(site.health),
		) +
		figureCell(String(site.pages), site.words.pages, change.pages, false, site, COLOURS.text) +
		figureCell(
			String(site.pagesFailingHigh),
			site.words.pagesFailingHigh,
			change.pagesFailingHigh,
			true,
			site,
			failing,
		) +
		`</tr></table></td></tr>`
	);
}

function barsHtml(site: SiteDigest): string {
	const width = `${Math.floor(100 / site.trend.length)}%`;
	const cells = (cell: (week: SiteDigest['trend'][number]) => string) =>
		site.trend.map(cell).join('');
	const height = (health: number | null) =>
		Math.max(2, Math.round(((health ?? 0) * SIZES.barMaxHeightPx) / 100));
	const bar = (health: number | null) =>
		`<td width="${width}" height="${SIZES.barMaxHeightPx}" align="center" valign="bottom" style="height:${SIZES.barMaxHeightPx}px;padding:0 2px;vertical-align:bottom;">${TABLE}<tr><td height="${height(health)}" bgcolor="${healthColour(health)}" style="height:${height(health)}px;background-color:${healthColour(health)};font-size:0;line-height:0;">&nbsp;</td></tr></table></td>`;
	return (
		heading(site.words.trend(site.trend.length)) +
		`<tr><td style="padding:4px 20px 8px;">${TABLE}<tr>${cells((week) => bar(week.health))}</tr>` +
		`<tr>${cells((week) => `<td align="center" style="padding:4px 0 0;font-size:${SIZES.smallPx}px;font-weight:bold;color:${COLOURS.text};">${escapeHtml(week.health === null ? '–' : String(week.health))}</td>`)}</tr>` +
		`<tr>${cells((week) => `<td align="center" style="font-size:10px;color:${COLOURS.muted};">${escapeHtml(weekDay(site.words, week.week, true))}</td>`)}</tr></table></td></tr>`
	);
}

/** One site's section: rows of the card's table; its lists show `at` entries at most. */
export function siteSectionHtml(site: SiteDigest, at = LISTED_AT_MOST): string {
	const title = row(
		`<strong style="font-size:${SIZES.titlePx}px;line-height:26px;">${escapeHtml(site.words.title(site.project))}</strong><br>${muted(escapeHtml(site.words.weekOf(site.week)))}`,
		'20px 20px 8px',
	);
	if (site.noReport) return title + row(escapeHtml(noReportText(site))) + coverageHtml(site, at);
	const average = row(
		muted(
			escapeHtml(
				`${site.words.scoreAverage}: ${figure(site.words, site.scoreAverage)} · ${site.words.health}: ${site.words.healthMeans}`,
			),
		),
	);
	const trend = site.firstWeek
		? heading(site.words.trend(1)) + row(escapeHtml(site.words.firstWeek))
		: barsHtml(site);
	return (
		title +
		figuresHtml(site) +
		average +
		trend +
		fixFirstHtml(site, at) +
		changesHtml(site, at) +
		coverageHtml(site, at)
	);
}

/** The logo's box: the `<img>`'s width and height (Outlook sizes an image by them, and blocks it until allowed: `alt` says whose). */
const LOGO = { widthPx: 160, heightPx: 40 } as const;

/** With a Logo URL or a Sender Name, the card's first row: the agency's logo and name. */
function brandHeaderHtml(words: Words, brand: Brand): string {
	if (brand.logoUrl === '' && brand.senderName === '') return '';
	const accent = brand.accentColor || COLOURS.text;
	const logo =
		brand.logoUrl === ''
			? ''
			: `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.senderName || words.logo)}" width="${LOGO.widthPx}" height="${LOGO.heightPx}" style="display:block;border:0;outline:none;">`;
	const name =
		brand.senderName === ''
			? ''
			: `<strong style="font-size:${SIZES.headingPx}px;color:${accent};">${escapeHtml(brand.senderName)}</strong>`;
	return row(`${logo}${logo && name ? '<br>' : ''}${name}`, '20px 20px 0');
}

/** The footer: the node's line, or with a Sender Name the agency's; then its Footer Text. */
function footerHtml(words: Words, brand: Brand): string {
	const sent = brand.senderName === '' ? words.footer : words.sentBy(brand.senderName);
	const text = brand.footerText === '' ? '' : `<br>${muted(escapeHtml(brand.footerText))}`;
	return row(`${muted(escapeHtml(sent))}${text}`, '16px 20px 20px');
}

/** The whole email around rows of the card (an Accent Color: a rule atop the card). */
export function emailHtml(
	words: Words,
	title: string,
	rows: string,
	brand: Brand = NO_BRAND,
): string {
	const rule = brand.accentColor === '' ? '' : `border-top:4px solid ${brand.accentColor};`;
	return (
		`<!DOCTYPE html><html lang="${words.htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
		`<body style="margin:0;padding:0;background-color:${COLOURS.page};">` +
		`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLOURS.page}" style="background-color:${COLOURS.page};"><tr><td align="center" style="padding:16px 8px;">` +
		`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLOURS.card}" style="max-width:${SIZES.maxWidthPx}px;background-color:${COLOURS.card};border:1px solid ${COLOURS.border};${rule}border-radius:6px;font-family:Arial,Helvetica,sans-serif;color:${COLOURS.text};">` +
		brandHeaderHtml(words, brand) +
		rows +
		footerHtml(words, brand) +
		`</table></td></tr></table></body></html>`
	);
}

export function siteHtml(site: SiteDigest, subject: string, plan: Plan = FULL_PLAN): string {
	return emailHtml(site.words, subject, siteSectionHtml(site, plan.items), site.brand);
}

/** The longest site name the table shows (its section's title has it whole). */
const TABLE_NAME_AT_MOST = 80;

/**
 * Combine Sites' table: a site a row, those not read first, then the worse first. Its cells carry no
 * style of their own (the table's padding and font are the table's): a row is about 100 bytes, so
 * that the email names every site of a portfolio of hundreds within Gmail's size.
 */
function sitesTableHtml(
	words: Words,
	ordered: SiteDigest[],
	failed: SiteFailure[],
	plan: Plan,
): string {
	const name = (text: string) => breakableHtml(TEXT.text(cut(text, TABLE_NAME_AT_MOST)));
	const rows = [
		...failed.map(
			(site) =>
				`<td>${name(words.failedSite(site.project, site.item))}</td><td colspan="4" style="color:${COLOURS.worse};">${dataHtml(words.notRead(site.error))}</td>`,
		),
		...ordered.map((site) => {
			const change = arrow(site.change.health);
			const figures = [site.newIssues?.length ?? 0, site.fixed?.length ?? 0, site.pagesFailingHigh];
			return `<td>${name(site.project)}</td><td>${escapeHtml(`${figure(words, site.health)}${change ? ` ${change}` : ''}`)}</td>${figures.map((n) => `<td align="right">${n}</td>`).join('')}`;
		}),
	];
	const shown = rows
		.slice(0, plan.rows)
		.map((cells, i) =>
			i % 2 === 0 ? `<tr>${cells}</tr>` : `<tr bgcolor="${COLOURS.page}">${cells}</tr>`,
		);
	if (rows.length > plan.rows)
		shown.push(
			`<tr><td colspan="5">${muted(escapeHtml(words.moreSites(rows.length - plan.rows)))}</td></tr>`,
		);
	const head = [words.site, words.health, words.newCount, words.fixedCount, words.failingHighShort]
		.map(
			(text, i) =>
				`<th align="${i < 2 ? 'left' : 'right'}" style="${ANYWHERE}">${escapeHtml(text)}</th>`,
		)
		.join('');
	return `<tr><td style="padding:0 20px 8px;"><table role="presentation" width="100%" cellpadding="4" cellspacing="0" border="0" style="border-collapse:collapse;${TABLE_TEXT_STYLE}"><tr style="border-bottom:1px solid ${COLOURS.border};">${head}</tr>${shown.join('')}</table></td></tr>`;
}

/** Combine Sites: the table of the sites (those not read, then the worse first), then the sections the plan keeps. */
export function combinedHtml(
	words: Words,
	sites: SiteDigest[],
	week: string,
	subject: string,
	failed: SiteFailure[] = [],
	plan: Plan = FULL_PLAN,
	brand: Brand = NO_BRAND,
): string {
	const ordered = worseFirst(sites);
	const intro = row(
		`<strong style="font-size:${SIZES.titlePx}px;">${escapeHtml(words.combinedTitle(sites.length + failed.length))}</strong><br>${muted(escapeHtml(`${words.weekOf(week)} · ${words.worseFirst}`))}`,
		'20px 20px 8px',
	);
	const detailed = ordered.slice(0, plan.sections);
	const left = ordered.length - detailed.length;
	const more = left > 0 ? row(muted(escapeHtml(words.moreDetails(left))), '16px 20px 8px') : '';
	return emailHtml(
		words,
		subject,
		intro +
			sitesTableHtml(words, ordered, failed, plan) +
			detailed.map((site) => siteSectionHtml(site, plan.items)).join('') +
			more,
		brand,
	);
}
