import type { IDataObject, IExecutePaginationFunctions } from 'n8n-workflow';

import { IMPORTANCES } from '../shared/constants';
import { InvalidInput, quotedValue } from '../shared/inputChecks';
import { SiteFigures, SiteHealth } from '../report/siteHealth';
import type { ItemRequests } from '../transport';
import { pageFailureMessage } from '../transport';
import { readProjectReports } from '../transport/projectReports';
import type { DigestInput, SiteFailure } from './digest';
import { EXAMPLE_PAGES } from './digest';
import { historyRows, pastWeeks } from './digestHistory';
import { combinedItem, digestItem, ENGLISH } from './digestOutput';
import {
	AUDIT_SUMMARY_PARAMETER,
	auditItemsFrom,
	brandOf,
	COMBINE_SITES,
	DIGEST_FIELDS,
	HISTORY_PARAMETER,
	inputItemCount,
	OUTPUT_FIELDS,
	parameterOfItem,
	projectOfItem,
	WEEK_PARAMETER,
} from './digestParameters';
import { mondayInZone, mondayOfWeekValue } from './digestWeek';
import type { Words } from './digestWording';
import { loadedOnce } from '../shared/loadedOnce';

/**
 * Project → Digest's run, loaded at its first use (digestOperation.ts): a site's week in one item,
 * for an email, a chat message and a history table. It reads the site's reports exactly as Get
 * Issues does (transport/projectReports.ts, folded by report/siteHealth.ts and siteSummary.ts: the
 * same requests, none more, reads only), compares them with the earlier weeks' rows given in
 * History, and says it in every channel (digestOutput.ts). With Combine Sites, the first item's run
 * reads every input item's site and outputs one digest; the other items output nothing
 * (digestParameters.ts `parameterOfItem` says how another item's parameters are read).
 */

/** What Output Fields may leave out: each channel and the row (a tool's answer needs only the text). */
const CHANNEL_FIELDS: string[] = DIGEST_FIELDS.map((field) => field.value);

/** The item with only the channels Output Fields names (all when it names none); Combine Sites' rows follow the row. */
function withFields(item: IDataObject, wanted: unknown): IDataObject {
	const fields =
		Array.isArray(wanted) && wanted.length > 0 ? new Set(wanted) : new Set(CHANNEL_FIELDS);
	const kept: IDataObject = {};
	for (const [key, value] of Object.entries(item)) {
		const field = key === 'rows' ? 'row' : key;
		if (!CHANNEL_FIELDS.includes(field) || fields.has(field)) kept[key] = value;
	}
	return kept;
}

/**
 * Each language's words but English's (built into digestWording.ts), loaded at its first use, once:
 * a run loads only the language it speaks (bench/findings.md, "Digest's peak live heap after
 * loading only the chosen language": the four hold 237 KiB of heap once loaded).
 */
const TRANSLATIONS: ReadonlyMap<string, () => Promise<Words>> = new Map<
	string,
	() => Promise<Words>
>([
	['de', loadedOnce(async () => (await import('./digestWordsDe')).DE)],
	['fr', loadedOnce(async () => (await import('./digestWordsFr')).FR)],
	['es', loadedOnce(async () => (await import('./digestWordsEs')).ES)],
	['nl', loadedOnce(async () => (await import('./digestWordsNl')).NL)],
]);

/** The words of Options → Language (brandOf has checked it): English built in, another loaded. */
async function wordsOf(language: string): Promise<Words> {
	const translation = TRANSLATIONS.get(language);
	return translation ? await translation() : ENGLISH;
}

/**
 * Week: a date (its week's Monday is taken), empty for this week; this week, a JS Date and an
 * instant (with `Z` or an offset) are read in the workflow's time zone.
 */
function weekOf(context: IExecutePaginationFunctions): string {
	const value = context.getNodeParameter(WEEK_PARAMETER, '') as unknown;
	const timeZone = context.getTimezone();
	if (value === '' || value === null || value === undefined) {
		return mondayInZone(new Date(), timeZone);
	}
	if (value instanceof Date && !Number.isNaN(value.getTime())) return mondayInZone(value, timeZone);
	const monday = mondayOfWeekValue(String(value), timeZone);
	if (monday === undefined) {
		throw new InvalidInput(
			'Week',
			`Week must be a date, like 2026-11-30 (its week's Monday is taken), or empty for this week (got ${quotedValue(value)})`,
		);
	}
	return monday;
}

/**
 * One site's read: its summary and every failing check, as Get Issues folds them. A site without
 * reports is a digest that says so, unless `emptyIsAnAnswer` is false: then it is refused as Get
 * Issues refuses it (Combine Sites: a project that neither phpRank nor History knows).
 */
async function readSite(
	requests: ItemRequests,
	project: string,
	emptyIsAnAnswer = true,
): Promise<Pick<DigestInput, 'summary' | 'issues'>> {
	const figures = new SiteFigures();
	const health = new SiteHealth(EXAMPLE_PAGES, figures);
	const checkedAt = new Date().toISOString();
	await readProjectReports(requests, project, (report) => health.add(report), emptyIsAnAnswer);
	return {
		summary: figures.summary(project, checkedAt, health.issuesByImportance()),
		issues: health.issues(project, IMPORTANCES),
	};
}

/** What each site's digest is given beside its reports: item `index`'s History and Audit Summary. */
function itemInput(
	context: IExecutePaginationFunctions,
	index: number,
	project: string,
): Pick<DigestInput, 'project' | 'history' | 'audit'> {
	return {
		project,
		history: historyRows(parameterOfItem(context, HISTORY_PARAMETER, index, [])),
		audit: auditItemsFrom(parameterOfItem(context, AUDIT_SUMMARY_PARAMETER, index, '')),
	};
}

/**
 * Combine Sites: why a site could not be read, in one line, for the digest and `sites_failed`. What
 * every site would meet (Stop, the credential, the Base URL: transport `failsEveryPage`) is thrown
 * again and fails the run, as it fails a single site's digest.
 */
async function notReadReason(
	context: IExecutePaginationFunctions,
	error: unknown,
): Promise<string> {
	const message =
		error instanceof InvalidInput ? error.message : await pageFailureMessage(context, error);
	return message.replace(/\s+/g, ' ').trim();
}

/**
 * Combine Sites: every input item's site read (a site named by several items once); a site that
 * cannot be read is a failure of its own, and the others are digested.
 */
async function readEverySite(
	context: IExecutePaginationFunctions,
	requests: ItemRequests,
	week: string,
): Promise<{ inputs: DigestInput[]; failed: SiteFailure[] }> {
	const inputs: DigestInput[] = [];
	const failed: SiteFailure[] = [];
	const seen = new Set<string>();
	for (let index = 0; index < inputItemCount(context); index++) {
		let project: string | null = null;
		try {
			project = projectOfItem(context, index);
			if (seen.has(project)) continue;
			seen.add(project);
			const input = itemInput(context, index, project);
			const known = pastWeeks(input.history, project, week).length > 0;
			inputs.push({ ...input, week, ...(await readSite(requests, project, known)) });
		} catch (error) {
			failed.push({ item: index, project, error: await notReadReason(context, error) });
		}
	}
	return { inputs, failed };
}

/** One item's run: `options` is the item's Options, read once by the routing (transport/index.ts). */
export async function digestOfItem(
	context: IExecutePaginationFunctions,
	requests: ItemRequests,
	options: IDataObject,
): Promise<IDataObject[]> {
	const combine = options[COMBINE_SITES] === true;
	// Combine Sites: the first item's run is the digest of every item; the others output nothing.
	if (combine && context.getItemIndex() > 0) return [];
	const brand = brandOf(options);
	const week = weekOf(context);
	const words = await wordsOf(brand.language);
	if (combine) {
		const { inputs, failed } = await readEverySite(context, requests, week);
		const combined = combinedItem(inputs, week, failed, brand, words);
		return [withFields(combined, options[OUTPUT_FIELDS])];
	}
	const index = context.getItemIndex();
	const input = itemInput(context, index, projectOfItem(context, index));
	const site = { ...input, week, brand, ...(await readSite(requests, input.project)) };
	return [withFields(digestItem(site, words), options[OUTPUT_FIELDS])];
}
