import type { FixItem, SiteDigest, SiteFailure } from './digest';
import { worseFirst } from './digest';
import { siteLink } from './digestLinks';
import { TEXT } from './digestText';
import { LISTED_AT_MOST } from './digestLines';
import { arrow, figure, plural, weekDay, WORDS } from './digestWording';

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

/** Text as HTML: `&`, `<`, `>`, both quotes; control and direction-override characters dropped (digestText.ts). */
export function escapeHtml(value: string): string {
	return TEXT.text(value)
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&#39;');
}

const TABLE =
	'<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">';
const TEXT_STYLE = `font-size:${SIZES.bodyPx}px;line-height:20px;color:${COLOURS.text};word-break:break-word;overflow-wrap:anywhere;`;

/**
 * A text from data (a page's URL, a check's name, a reason) as HTML that no mail client makes a link
 * of: escaped, and a zero-width space after each `:` and before each `.` (Gmail and Outlook link
 * what reads as an address, `https://evil.test` or `evil.test`; the text reads the same).
 */
export function dataHtml(value: string): string {
	return escapeHtml(value).replace(/:/g, ':&#8203;').replace(/\./g, '&#8203;.');
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

function pageHtml(url: string, site: SiteDigest): string {
	const href = siteLink(url, site.project, site.coverage?.scheme);
	if (href === undefined) return dataHtml(url);
	return `<a href="${escapeHtml(href)}" style="color:${COLOURS.link};">${escapeHtml(url)}</a>`;
}

function importanceBadge(importance: FixItem['importance']): string {
	const colour = importance === null ? COLOURS.low : COLOURS[importance];
	return `<span style="padding:1px 6px;border-radius:3px;font-size:11px;font-weight:bold;color:#ffffff;background-color:${colour};">${escapeHtml(WORDS.importance(importance))}</span>`;
}

function list<T>(items: T[], cell: (item: T) => string): string {
	const cells = items
		.slice(0, LISTED_AT_MOST)
		.map(
			(item) =>
				`<tr><td style="padding:7px 0;border-bottom:1px solid ${COLOURS.rule};${TEXT_STYLE}">${cell(item)}</td></tr>`,
		);
	if (items.length > LISTED_AT_MOST)
		cells.push(
			`<tr><td style="padding:7px 0;">${muted(escapeHtml(WORDS.more(items.length - LISTED_AT_MOST)))}</td></tr>`,
		);
	return `<tr><td style="padding:0 20px 8px;">${TABLE}${cells.join('')}</table></td></tr>`;
}

function fixFirstHtml(site: SiteDigest): string {
	const head = heading(`${WORDS.fixFirst} (${site.fixFirst.length})`);
	if (site.fixFirst.length === 0) return head + row(escapeHtml(WORDS.fixFirstNone));
	return (
		head +
		list(site.fixFirst, (item) => {
			const examples = item.examples.map((url) => pageHtml(url, site)).join('<br>');
			return (
				`${importanceBadge(item.importance)} <strong>${dataHtml(item.name)}</strong>: ${escapeHtml(WORDS.failsOn(item.pages, site.pages))}` +
				`<br>${muted(`${escapeHtml(WORDS.howToFix)}: ${dataHtml(item.howToFix)}`)}` +
				(examples ? `<br>${muted(`${escapeHtml(WORDS.examples)}:`)}<br>${examples}` : '')
			);
		})
	);
}

function changesHtml(site: SiteDigest): string {
	if (site.newIssues === undefined || site.fixed === undefined)
		return site.firstWeek ? '' : row(escapeHtml(WORDS.issuesUnknown));
	const fresh = site.newIssues;
	const fixed = site.fixed;
	return (
		heading(`${WORDS.newIssues} (${fresh.length})`) +
		(fresh.length
			? list(
					fresh,
					(item) =>
						`${importanceBadge(item.importance)} ${dataHtml(item.name)}: ${escapeHtml(plural(item.pages, 'page', 'pages'))}`,
				)
			: row(escapeHtml(WORDS.newNone))) +
		heading(`${WORDS.fixed} (${fixed.length})`) +
		(fixed.length
			? list(
					fixed,
					(item) =>
						`${importanceBadge(item.importance)} ${dataHtml(item.name)}: ${escapeHtml(WORDS.fixedWas(item.pages_failing))}`,
				)
			: row(escapeHtml(WORDS.fixedNone)))
	);
}

function coverageHtml(site: SiteDigest): string {
	const coverage = site.coverage;
	if (coverage === undefined)
		return heading(WORDS.coverage) + row(muted(escapeHtml(WORDS.noCoverage)));
	const summary = WORDS.coverageSummary(coverage);
	const pages = [
		...coverage.failedPages.map(
			(page) =>
				`${escapeHtml(`${WORDS.notAuditedPage}:`)} ${pageHtml(page.url, site)}<br>${muted(dataHtml(page.reason))}`,
		),
		...coverage.notListedPages.map(
			(page) =>
				`${escapeHtml(`${WORDS.notListedPage}:`)} ${dataHtml(page.url)}${page.deleted ? muted(escapeHtml(` (${WORDS.reportsDeleted})`)) : ''}`,
		),
	];
	return (
		heading(WORDS.coverage) +
		row(escapeHtml(summary)) +
		(pages.length ? list(pages, (html) => html) : '')
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
			: `${shown} ${WORDS.since(site.last.week, site.last.weekly)}`;
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
			figure(site.health),
			WORDS.health,
			change.health,
			false,
			site,
			healthColour(site.health),
		) +
		figureCell(String(site.pages), WORDS.pages, change.pages, false, site, COLOURS.text) +
		figureCell(
			String(site.pagesFailingHigh),
			WORDS.pagesFailingHigh,
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
		heading(WORDS.trend(site.trend.length)) +
		`<tr><td style="padding:4px 20px 8px;">${TABLE}<tr>${cells((week) => bar(week.health))}</tr>` +
		`<tr>${cells((week) => `<td align="center" style="padding:4px 0 0;font-size:${SIZES.smallPx}px;font-weight:bold;color:${COLOURS.text};">${escapeHtml(week.health === null ? '–' : String(week.health))}</td>`)}</tr>` +
		`<tr>${cells((week) => `<td align="center" style="font-size:10px;color:${COLOURS.muted};">${escapeHtml(weekDay(week.week, true))}</td>`)}</tr></table></td></tr>`
	);
}

/** One site's section: rows of the card's table. */
export function siteSectionHtml(site: SiteDigest): string {
	const title = row(
		`<strong style="font-size:${SIZES.titlePx}px;line-height:26px;">${escapeHtml(WORDS.title(site.project))}</strong><br>${muted(escapeHtml(WORDS.weekOf(site.week)))}`,
		'20px 20px 8px',
	);
	if (site.noReport) return title + row(escapeHtml(WORDS.noReport)) + coverageHtml(site);
	const average = row(
		muted(
			escapeHtml(
				`${WORDS.scoreAverage}: ${figure(site.scoreAverage)} · ${WORDS.health}: ${WORDS.healthMeans}`,
			),
		),
	);
	const trend = site.firstWeek
		? heading(WORDS.trend(1)) + row(escapeHtml(WORDS.firstWeek))
		: barsHtml(site);
	return (
		title +
		figuresHtml(site) +
		average +
		trend +
		fixFirstHtml(site) +
		changesHtml(site) +
		coverageHtml(site)
	);
}

/** The whole email around rows of the card. */
export function emailHtml(title: string, rows: string): string {
	return (
		`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
		`<body style="margin:0;padding:0;background-color:${COLOURS.page};">` +
		`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLOURS.page}" style="background-color:${COLOURS.page};"><tr><td align="center" style="padding:16px 8px;">` +
		`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLOURS.card}" style="max-width:${SIZES.maxWidthPx}px;background-color:${COLOURS.card};border:1px solid ${COLOURS.border};border-radius:6px;font-family:Arial,Helvetica,sans-serif;color:${COLOURS.text};">` +
		rows +
		row(muted(escapeHtml(WORDS.footer)), '16px 20px 20px') +
		`</table></td></tr></table></body></html>`
	);
}

export function siteHtml(site: SiteDigest, subject: string): string {
	return emailHtml(subject, siteSectionHtml(site));
}

/** Combine Sites: the table of the sites (those not read, then the worse first), then each site's section. */
export function combinedHtml(
	sites: SiteDigest[],
	week: string,
	subject: string,
	failed: SiteFailure[] = [],
): string {
	const ordered = worseFirst(sites);
	const cell = (html: string, align = 'left') =>
		`<td align="${align}" style="padding:6px 4px;border-bottom:1px solid ${COLOURS.rule};${TEXT_STYLE}">${html}</td>`;
	const head = [WORDS.site, WORDS.health, WORDS.newCount, WORDS.fixedCount, WORDS.failingHighShort]
		.map((text) => cell(`<strong>${escapeHtml(text)}</strong>`))
		.join('');
	const notRead = failed.map(
		(site) =>
			`<tr>${cell(escapeHtml(WORDS.failedSite(site.project, site.item)))}<td colspan="4" style="padding:6px 4px;border-bottom:1px solid ${COLOURS.rule};${TEXT_STYLE}color:${COLOURS.worse};">${dataHtml(WORDS.notRead(site.error))}</td></tr>`,
	);
	const lines = ordered.map((site) => {
		const change = arrow(site.change.health);
		return `<tr>${cell(escapeHtml(site.project))}${cell(escapeHtml(`${figure(site.health)}${change ? ` ${change}` : ''}`))}${cell(String(site.newIssues?.length ?? 0))}${cell(String(site.fixed?.length ?? 0))}${cell(String(site.pagesFailingHigh))}</tr>`;
	});
	const table = `<tr><td style="padding:0 20px 8px;">${TABLE}<tr>${head}</tr>${notRead.join('')}${lines.join('')}</table></td></tr>`;
	const intro = row(
		`<strong style="font-size:${SIZES.titlePx}px;">${escapeHtml(WORDS.combinedTitle(sites.length + failed.length))}</strong><br>${muted(escapeHtml(`${WORDS.weekOf(week)} · ${WORDS.worseFirst}`))}`,
		'20px 20px 8px',
	);
	return emailHtml(subject, intro + table + ordered.map(siteSectionHtml).join(''));
}
