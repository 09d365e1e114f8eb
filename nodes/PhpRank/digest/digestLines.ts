import type { Brand, FixItem, SiteDigest, SiteFailure } from './digest';
import { NO_BRAND, worseFirst } from './digest';
import type { KeptIssue } from './digestHistory';
import type { Plan } from './digestFit';
import { cut, FULL_PLAN, LISTED_AT_MOST } from './digestFit';
import { reportPageLink, SHOWN_URL_AT_MOST, siteLink } from './digestLinks';
import { arrow, checkFix, checkName, coverageSummary, figure, weekDay } from './digestWording';
import type { Words } from './digestWording';

/**
 * The line-based channels of Project → Digest (text, Slack, Markdown): one layout, each channel
 * giving its own `Inline` (digest/digestText.ts, digestSlack.ts, digestMarkdown.ts), which escapes
 * every text it is handed. Here, every text from data (check names, page URLs, reasons) goes
 * through `f.text`, `f.link` or `f.url`; the wording's own texts too, so that no channel's markup
 * can come from anywhere but the Inline.
 */

/** How a line channel writes text, emphasis and links. */
export interface Inline {
	/** Any text, escaped for the channel. */
	text(value: string): string;
	/** A text from data (a check's name, a reason, an error), escaped, and never a link where the channel would make one. */
	data(value: string): string;
	/** Emphasis of a text already escaped. */
	bold(escaped: string): string;
	/** A link to a page of the site (`href` passed siteLink); `label` not escaped yet. */
	link(href: string, label: string): string;
	/** A URL that must not become a link (another host, another scheme), shown inert. */
	url(value: string): string;
	bullet: string;
}

export { LISTED_AT_MOST } from './digestFit';

/** A line channel (text, Slack, Markdown, Discord, Telegram): how it writes and how it joins its lines. */
export interface LineChannel {
	inline: Inline;
	join(lines: string[]): string;
}

const GLYPHS = '▁▂▃▄▅▆▇█';
const glyph = (health: number | null) =>
	health === null ? '·' : GLYPHS.charAt(Math.round((Math.max(0, Math.min(100, health)) * 7) / 100));

/** A page as a link to the site (or, with Report Page URL, to its newest report's page), else inert. */
function pageOf(f: Inline, url: string, site: SiteDigest, report?: number | string | null): string {
	const href =
		reportPageLink(site.brand.reportPageUrl, report) ??
		siteLink(url, site.project, site.coverage?.scheme);
	const shown = cut(url, SHOWN_URL_AT_MOST);
	return href === undefined ? f.url(shown) : f.link(href, shown);
}

/** The heading's words: with a Sender Name, the agency's name before them. */
export function headed(brand: Brand, title: string): string {
	return brand.senderName === '' ? title : `${brand.senderName} · ${title}`;
}

/** With a Sender Name or Footer Text, the footer's lines (the line channels have none without). */
function footerLines(words: Words, brand: Brand, f: Inline): string[] {
	const lines = [
		brand.senderName === '' ? '' : f.text(words.sentBy(brand.senderName)),
		brand.footerText === '' ? '' : f.text(brand.footerText),
	].filter((line) => line !== '');
	return lines.length === 0 ? [] : ['', ...lines];
}

function listed<T>(
	f: Inline,
	words: Words,
	items: T[],
	line: (item: T) => string,
	at: number,
): string[] {
	const lines = items.slice(0, at).map((item) => `${f.bullet} ${line(item)}`);
	if (items.length > at) lines.push(`${f.bullet} ${f.text(words.more(items.length - at))}`);
	return lines;
}

const lineBadge = (f: Inline, words: Words, item: { importance: FixItem['importance'] }) =>
	f.text(`[${words.importance(item.importance)}]`);

function fixFirstLines(site: SiteDigest, f: Inline, at: number): string[] {
	const lines = [f.bold(f.text(`${site.words.fixFirst} (${site.fixFirst.length})`))];
	if (site.fixFirst.length === 0) return [...lines, f.text(site.words.fixFirstNone)];
	return lines.concat(
		listed(
			f,
			site.words,
			site.fixFirst,
			(item) => {
				const head = `${lineBadge(f, site.words, item)} ${f.bold(f.data(checkName(site.words, item.check, item.name)))}: ${f.text(site.words.failsOn(item.pages, site.pages))}`;
				const fix = f.text(
					`${site.words.howToFix}: ${checkFix(site.words, item.check, item.howToFix).replace(/\.?\s*$/, '.')}`,
				);
				const examples = item.examples.map((url, i) =>
					pageOf(f, url, site, item.exampleReports[i]),
				);
				const shown = examples.length
					? ` ${f.text(`${site.words.examples}:`)} ${examples.join(', ')}`
					: '';
				return `${head}${f.text('. ')}${fix}${shown}`;
			},
			at,
		),
	);
}

function changeLines(site: SiteDigest, f: Inline, at: number): string[] {
	if (site.newIssues === undefined || site.fixed === undefined) {
		return site.firstWeek ? [] : [f.text(site.words.issuesUnknown)];
	}
	const fresh = site.newIssues;
	const fixed: KeptIssue[] = site.fixed;
	const since = site.last ?? { week: site.week, weekly: true };
	const lines = [
		f.bold(f.text(`${site.words.newSince(since.week, since.weekly)} (${fresh.length})`)),
	];
	if (fresh.length === 0) lines.push(f.text(site.words.newNone));
	lines.push(
		...listed(
			f,
			site.words,
			fresh,
			(item) =>
				`${lineBadge(f, site.words, item)} ${f.data(checkName(site.words, item.check, item.name))}${f.text(`: ${site.words.pageCount(item.pages)}`)}`,
			at,
		),
	);
	lines.push(
		f.bold(f.text(`${site.words.fixedSince(since.week, since.weekly)} (${fixed.length})`)),
	);
	if (fixed.length === 0) lines.push(f.text(site.words.fixedNone));
	lines.push(
		...listed(
			f,
			site.words,
			fixed,
			(item) =>
				`${lineBadge(f, site.words, item)} ${f.data(checkName(site.words, item.check, item.name))}${f.text(`: ${site.words.fixedWas(item.pages_failing)}`)}`,
			at,
		),
	);
	return lines;
}

function coverageLines(site: SiteDigest, f: Inline, at: number): string[] {
	const coverage = site.coverage;
	if (coverage === undefined) return [f.text(site.words.noCoverage)];
	const summary = coverageSummary(site.words, coverage);
	return [
		`${f.bold(f.text(site.words.coverage))}: ${f.text(summary)}`,
		...listed(
			f,
			site.words,
			coverage.failedPages,
			(page) =>
				`${f.text(`${site.words.notAuditedPage}:`)} ${pageOf(f, page.url, site)}: ${f.text(page.reason)}`,
			at,
		),
		...listed(
			f,
			site.words,
			coverage.notListedPages,
			(page) =>
				`${f.text(`${site.words.notListedPage}:`)} ${f.url(cut(page.url, SHOWN_URL_AT_MOST))}${page.deleted ? f.text(` (${site.words.reportsDeleted})`) : ''}`,
			at,
		),
	];
}

/** The figures' line: health, pages, pages failing a high check, each with its change. */
function figuresLine(site: SiteDigest, f: Inline): string {
	const since = site.last ? ` ${site.words.since(site.last.week, site.last.weekly)}` : '';
	const change = (value: number | null) => {
		const shown = arrow(value);
		return site.firstWeek || shown === '' ? '' : ` (${shown}${since})`;
	};
	return [
		`${f.text(`${site.words.health} `)}${f.bold(f.text(figure(site.words, site.health)))}${f.text(change(site.change.health))}`,
		f.text(`${site.words.pages}: ${site.pages}${change(site.change.pages)}`),
		f.text(
			`${site.words.pagesFailingHigh}: ${site.pagesFailingHigh}${change(site.change.pagesFailingHigh)}`,
		),
		f.text(`${site.words.scoreAverage}: ${figure(site.words, site.scoreAverage)}`),
	].join(f.text(' · '));
}

function trendLine(site: SiteDigest, f: Inline): string {
	const glyphs = site.trend.map((week) => glyph(week.health)).join('');
	const figures = site.trend
		.map((week) => `${weekDay(site.words, week.week, true)}: ${week.health ?? site.words.noHealth}`)
		.join(', ');
	return f.text(`${site.words.trend(site.trend.length)}: ${glyphs} (${figures})`);
}

/** What a site without reports says: none yet, or every report gone since the week compared with. */
export function noReportText(site: SiteDigest): string {
	return site.vanished && site.last
		? site.words.vanished(-(site.change.pages ?? 0), site.last.week)
		: site.words.noReport;
}

/** One site's section; its lists show `at` entries at most. */
export function siteLines(site: SiteDigest, f: Inline, at = LISTED_AT_MOST): string[] {
	return [...sectionLines(site, f, at, site.brand), ...footerLines(site.words, site.brand, f)];
}

function sectionLines(site: SiteDigest, f: Inline, at: number, brand: Brand): string[] {
	const title = `${site.words.title(site.project)}, ${site.words.weekOfInline(site.week)}`;
	const lines = [f.bold(f.text(headed(brand, title)))];
	if (site.noReport)
		return [...lines, f.text(noReportText(site)), '', ...coverageLines(site, f, at)];
	lines.push(figuresLine(site, f));
	lines.push(site.firstWeek ? f.text(site.words.firstWeek) : trendLine(site, f));
	lines.push('', ...fixFirstLines(site, f, at));
	const changes = changeLines(site, f, at);
	if (changes.length) lines.push('', ...changes);
	lines.push('', ...coverageLines(site, f, at));
	return lines;
}

/** Combine Sites: the table of the sites (those not read, then worse first), then each site's section. */
export function combinedLines(
	words: Words,
	sites: SiteDigest[],
	week: string,
	f: Inline,
	failed: SiteFailure[] = [],
	plan: Plan = FULL_PLAN,
	brand: Brand = NO_BRAND,
): string[] {
	const ordered = worseFirst(sites);
	const title = `${words.combinedTitle(sites.length + failed.length)}, ${words.weekOfInline(week)}`;
	const lines = [f.bold(f.text(headed(brand, title))), f.text(words.worseFirst)];
	const rows = [
		...failed.map(
			(site) =>
				`${f.bullet} ${f.bold(f.text(words.failedSite(site.project, site.item)))}${f.text(': ')}${f.data(words.notRead(site.error))}`,
		),
		...ordered.map((site) => {
			const change = arrow(site.change.health);
			const fresh = site.newIssues?.length ?? 0;
			const line = words.siteLine(
				figure(words, site.health),
				change,
				fresh,
				site.fixed?.length ?? 0,
				site.pagesFailingHigh,
			);
			return `${f.bullet} ${f.bold(f.text(site.project))}${f.text(`: ${line}`)}`;
		}),
	];
	lines.push(...rows.slice(0, plan.rows));
	if (rows.length > plan.rows)
		lines.push(`${f.bullet} ${f.text(words.moreSites(rows.length - plan.rows))}`);
	const detailed = ordered.slice(0, plan.sections);
	for (const site of detailed) lines.push('', ...sectionLines(site, f, plan.items, NO_BRAND));
	if (ordered.length > detailed.length)
		lines.push('', f.text(words.moreDetails(ordered.length - detailed.length)));
	return [...lines, ...footerLines(words, brand, f)];
}
