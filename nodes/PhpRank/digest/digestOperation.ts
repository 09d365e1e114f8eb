import type {
	IDataObject,
	IExecutePaginationFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { IMPORTANCES, OPERATION, RESOURCE } from '../shared/constants';
import { inDisplayNameOrder, projectLocator, requestLimitFields, showFor } from '../shared/fields';
import { InvalidInput, quotedValue } from '../shared/inputChecks';
import type { ItemRequests } from '../transport';
import { operationRouting, pageFailureMessage } from '../transport';
import { runModules } from '../runModules';
import type { DigestInput, SiteFailure } from './digest';
import {
	AUDIT_SUMMARY_PARAMETER,
	auditItemsFrom,
	brandFields,
	DIGEST_FIELDS,
	brandOf,
	HISTORY_PARAMETER,
	inputItemCount,
	parameterOfItem,
	projectOfItem,
	WEEK_PARAMETER,
} from './digestParameters';
import { readProjectReports } from '../transport/projectReports';
import { loadedOnce } from '../shared/loadedOnce';
import type { Words } from './digestWording';

/**
 * What Digest's run loads at its first use, each once (shared/loadedOnce.ts): its week, its History,
 * its model and its channels; a site's issues come from the core (runModules.ts `siteHealth`).
 */
const digestWeekModule = loadedOnce(async () => await import('./digestWeek'));
const digestHistoryModule = loadedOnce(async () => await import('./digestHistory'));
const digestModule = loadedOnce(async () => await import('./digest'));
const digestOutputModule = loadedOnce(async () => await import('./digestOutput'));

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
	return translation ? await translation() : (await digestOutputModule()).ENGLISH;
}

/**
 * Project → Digest: a site's week in one item, for an email, a chat message and a history table.
 * It reads the site's reports exactly as Get Issues does (projectReports.ts, folded by
 * report/siteHealth.ts and siteSummary.ts: the same requests, none more, reads only), compares
 * them with the earlier weeks' rows given in History, and says it in every channel
 * (digest/digestOutput.ts). With Combine Sites, the first item's run reads every input item's
 * site and outputs one digest; the other items output nothing (digestParameters.ts says why).
 */

const COMBINE_SITES = 'combineSites';
const OUTPUT_FIELDS = 'outputFields';

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
 * Week: a date (its week's Monday is taken), empty for this week; this week, a JS Date and an
 * instant (with `Z` or an offset) are read in the workflow's time zone.
 */
async function weekOf(context: IExecutePaginationFunctions): Promise<string> {
	const { mondayInZone, mondayOfWeekValue } = await digestWeekModule();
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
	const { SiteHealth, SiteFigures } = await runModules.siteHealth();
	const { EXAMPLE_PAGES } = await digestModule();
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
async function itemInput(
	context: IExecutePaginationFunctions,
	index: number,
): Promise<Pick<DigestInput, 'project' | 'history' | 'audit'>> {
	const { historyRows } = await digestHistoryModule();
	return {
		project: projectOfItem(context, index),
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
	const { pastWeeks } = await digestHistoryModule();
	const inputs: DigestInput[] = [];
	const failed: SiteFailure[] = [];
	const seen = new Set<string>();
	for (let index = 0; index < inputItemCount(context); index++) {
		let project: string | null = null;
		try {
			project = projectOfItem(context, index);
			if (seen.has(project)) continue;
			seen.add(project);
			const input = await itemInput(context, index);
			const known = pastWeeks(input.history, project, week).length > 0;
			inputs.push({ ...input, week, ...(await readSite(requests, project, known)) });
		} catch (error) {
			failed.push({ item: index, project, error: await notReadReason(context, error) });
		}
	}
	return { inputs, failed };
}

export const digestOption: INodePropertyOptions = {
	name: 'Digest',
	value: OPERATION.digest,
	action: 'Sum up the week of a site',
	description:
		"A site's week in one item: a subject, an email's HTML and text, a Slack and a Markdown message (health and its trend, this week against the last, what to fix first, new and fixed issues, how much was checked) and the row to keep for next week. Use it for questions like 'how did example.com do this week?'.",
	routing: operationRouting(async (context, requests) => {
		const options = context.getNodeParameter('options', {}) as IDataObject;
		const combine = options[COMBINE_SITES] === true;
		// Combine Sites: the first item's run is the digest of every item; the others output nothing.
		if (combine && context.getItemIndex() > 0) return [];
		const brand = brandOf(options);
		const week = await weekOf(context);
		const { digestItem, combinedItem } = await digestOutputModule();
		const words = await wordsOf(brand.language);
		if (combine) {
			const { inputs, failed } = await readEverySite(context, requests, week);
			const combined = combinedItem(inputs, week, failed, brand, words);
			return [withFields(combined, options[OUTPUT_FIELDS])];
		}
		const input = await itemInput(context, context.getItemIndex());
		const site = { ...input, week, brand, ...(await readSite(requests, input.project)) };
		return [withFields(digestItem(site, words), options[OUTPUT_FIELDS])];
	}),
};

const showDigest = showFor(RESOURCE.project, [OPERATION.digest]);

export const digestFields: INodeProperties[] = [
	projectLocator({
		required: true,
		description: 'The project (site) to sum up',
		displayOptions: showDigest,
	}),
	{
		displayName: 'Week',
		name: WEEK_PARAMETER,
		type: 'string',
		default: '',
		placeholder: 'e.g. 2026-11-30',
		description:
			"The week to sum up, named by its Monday (a date of the week is fine: its Monday is taken). Empty: this week, in the workflow's time zone. It is the row's week, the key of the history table with the project.",
		displayOptions: showDigest,
	},
	{
		displayName: 'History',
		name: HISTORY_PARAMETER,
		type: 'json',
		default: '[]',
		description:
			'The rows earlier Digest runs output (their row), as the Data table node returns them and Aggregate gathers them: an array of rows, or an object holding one. Rows of other projects and of this week or later are left out. Empty: the first week.',
		displayOptions: showDigest,
	},
	{
		displayName: 'Audit Summary',
		name: AUDIT_SUMMARY_PARAMETER,
		type: 'json',
		default: '',
		description:
			"This run's Audit Site summary item (or all its items, for the reasons pages were not audited), for the digest's coverage: fresh pages of those listed, not audited, waiting, no longer listed. Empty: no coverage.",
		displayOptions: showDigest,
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: showDigest,
		options: inDisplayNameOrder([
			...requestLimitFields(),
			...brandFields,
			{
				displayName: 'Output Fields',
				name: OUTPUT_FIELDS,
				type: 'multiOptions',
				default: [],
				description:
					'Which of the digest to output beside project and week; none chosen: all. An AI agent or MCP client needs only Subject and Text (an answer of a few kB).',
				// every row of DIGEST_FIELDS, in the editor's order: by lower-cased name, compared as
				// strings (localeCompare would load ICU's collator at n8n's start, shared/fields.ts)
				options: DIGEST_FIELDS.map(({ name, value }) => ({ name, value })).sort((a, b) => {
					const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
					return x < y ? -1 : x > y ? 1 : 0;
				}),
			},
			{
				displayName: 'Combine Sites',
				name: COMBINE_SITES,
				type: 'boolean',
				default: false,
				description:
					"Whether every input item's site goes into one digest: a table of the sites (health, its trend, new and fixed issues, pages failing a high check), the sites that got worse first, then each site's section. The first item outputs it, with each site's row in rows; the other items output nothing.",
			},
		]),
	},
];
