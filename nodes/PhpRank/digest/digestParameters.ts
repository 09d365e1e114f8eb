import type { IDataObject, IExecutePaginationFunctions, INodeProperties } from 'n8n-workflow';

import { InvalidInput, projectNameFrom, quotedValue } from '../shared/inputChecks';
import { isRecord } from '../shared/isRecord';
import type { Brand } from './digest';

/**
 * Project → Digest's parameters, read and checked before anything is sent. Combine Sites reads them
 * for every input item on the first item's run: n8n runs a declarative node's routing item by
 * item, and a routed item's context reads its own parameters only, so another item's are read
 * through n8n's `$parameter` of that item (`parameterOfItem`).
 */

/**
 * The digest's output fields, one row each, in the item's order: what Output Fields offers (`name`,
 * `value`) and, for a channel (`channel`), what digestOutput.ts says, fitted to the channel's limit
 * (its `SAID`, keyed by this table's channels: a channel without its output does not compile).
 * A new channel is a row here and its entry there.
 */
export const DIGEST_FIELDS = [
	{ name: 'Subject', value: 'subject', channel: false },
	{ name: 'HTML', value: 'html', channel: true },
	{ name: 'Text', value: 'text', channel: true },
	{ name: 'Slack', value: 'slack', channel: true },
	{ name: 'Markdown', value: 'markdown', channel: true },
	{ name: 'Discord', value: 'discord', channel: true },
	{ name: 'Telegram', value: 'telegram', channel: true },
	{ name: 'Row', value: 'row', channel: false },
] as const;

/** A channel of the digest: an output field said from the digest, fitted to its limit. */
export type DigestChannel = Extract<(typeof DIGEST_FIELDS)[number], { channel: true }>['value'];

export const WEEK_PARAMETER = 'week';
export const COMBINE_SITES = 'combineSites';
export const OUTPUT_FIELDS = 'outputFields';
export const HISTORY_PARAMETER = 'history';
export const AUDIT_SUMMARY_PARAMETER = 'auditSummary';

/**
 * The parameter `name` of input item `index`, evaluated for that item by n8n: the run's own item
 * through its context (`getNodeParameter`), another item through n8n's `$parameter` evaluated for
 * that item (`evaluateExpression` takes the item's index; the context's own data proxy is its
 * item's): its expressions with that item's data, a resource locator's value extracted.
 */
export function parameterOfItem(
	context: IExecutePaginationFunctions,
	name: string,
	index: number,
	fallback: unknown,
): unknown {
	if (index === context.getItemIndex()) return context.getNodeParameter(name, fallback);
	const value = context.evaluateExpression(`{{ $parameter[${JSON.stringify(name)}] }}`, index);
	return value === undefined ? fallback : value;
}

/** The Project of input item `index`, checked (a resource locator's value). */
export function projectOfItem(context: IExecutePaginationFunctions, index: number): string {
	const value =
		index === context.getItemIndex()
			? context.getNodeParameter('project', undefined, { extractValue: true })
			: parameterOfItem(context, 'project', index, undefined);
	return projectNameFrom(value);
}

/** How many items the node was given (the first item's run of Combine Sites reads them all). */
export function inputItemCount(context: IExecutePaginationFunctions): number {
	return context.getWorkflowDataProxy(context.getItemIndex()).$input.all().length;
}

/**
 * The Audit Summary: this run's Audit Site items (its summary, its failed pages), as one item's
 * JSON, or all of them (an array, or an object holding one, as Aggregate gives them); empty: none.
 */
export function auditItemsFrom(value: unknown): IDataObject[] {
	let items: unknown = value;
	if (typeof items === 'string') {
		if (items.trim() === '') return [];
		try {
			items = JSON.parse(items);
		} catch {
			items = value;
		}
	}
	if (items === undefined || items === null) return [];
	if (isRecord(items)) {
		if (Object.keys(items).length === 0) return [];
		if (typeof items.action === 'string') return [items];
		const arrays = Object.values(items).filter((entry) => Array.isArray(entry));
		if (arrays.length === 1) items = arrays[0];
	}
	if (Array.isArray(items) && items.every((item) => isRecord(item))) return items as IDataObject[];
	throw new InvalidInput(
		'Audit Summary',
		`Audit Summary must be Audit Site's summary item of this run, or its items (an array), got ${quotedValue(value)}`,
	);
}

/**
 * Project → Digest's branding options (Sender Name, Logo URL, Accent Color, Footer Text, Report
 * Page URL, Language), read and checked before anything is sent: a Logo URL that is not https, a colour that
 * is not #rrggbb, a Report Page URL that is not http(s) or has no {id} are refused naming the field.
 * Each empty (the default): the digest as without it.
 */

/** The longest Sender Name and Footer Text kept (the rest cut): each channel keeps its size. */
const SENDER_AT_MOST = 100;
const FOOTER_AT_MOST = 500;

export const brandFields: INodeProperties[] = [
	{
		displayName: 'Sender Name',
		name: 'senderName',
		type: 'string',
		default: '',
		placeholder: 'e.g. Acme SEO',
		description:
			"Your agency's name, in the digest's heading and footer (then the digest says nothing of the node or n8n). Empty: none.",
	},
	{
		displayName: 'Logo URL',
		name: 'logoUrl',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://seo.agency.com/logo.png',
		description:
			'An https:// address of your logo, shown atop the email (160 × 40 px, its alt text the Sender Name). Empty: none.',
	},
	{
		displayName: 'Accent Color',
		name: 'accentColor',
		type: 'color',
		default: '',
		description:
			"Your brand's colour (#rrggbb): the email's links, the Sender Name and a rule atop it",
	},
	{
		displayName: 'Footer Text',
		name: 'footerText',
		type: 'string',
		default: '',
		placeholder: 'e.g. Acme SEO · hello@agency.com',
		description: 'A line of plain text at the end of the digest, in every channel. Empty: none.',
	},
	{
		displayName: 'Language',
		name: 'language',
		type: 'options',
		default: 'en',
		description:
			"The language the digest speaks in every channel (subject, headings, sentences, dates, check names and how to fix them). URLs and phpRank's own messages stay as they are; the row is the same in every language.",
		options: [
			{ name: 'Dutch', value: 'nl' },
			{ name: 'English', value: 'en' },
			{ name: 'French', value: 'fr' },
			{ name: 'German', value: 'de' },
			{ name: 'Spanish', value: 'es' },
		],
	},
	{
		displayName: 'Report Page URL',
		name: 'reportPageUrl',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://seo.agency.com/reports/{ID}',
		description:
			"Your phpRank's report page, {ID} where the report's ID goes: each example page links to its newest report's page instead of the site. Empty: links to the site.",
	},
];

const text = (value: unknown, atMost: number): string => {
	const chars = [
		...(typeof value === 'string' || typeof value === 'number' ? String(value) : '').trim(),
	];
	return chars.length <= atMost ? chars.join('') : `${chars.slice(0, atMost - 1).join('')}…`;
};

function parsedUrl(value: string): URL | undefined {
	try {
		return new URL(value);
	} catch {
		return undefined;
	}
}

function logoUrlFrom(value: unknown): string {
	const logo = text(value, Number.POSITIVE_INFINITY);
	if (logo === '') return '';
	const url = parsedUrl(logo);
	if (url?.protocol === 'https:' && url.username === '' && url.password === '') return url.href;
	throw new InvalidInput(
		'Logo URL',
		`Logo URL must be an https:// address of an image, like https://seo.agency.com/logo.png (got ${quotedValue(value)})`,
	);
}

function accentColorFrom(value: unknown): string {
	const colour = text(value, Number.POSITIVE_INFINITY);
	if (colour === '') return '';
	if (/^#[0-9a-f]{6}$/i.test(colour)) return colour.toLowerCase();
	throw new InvalidInput(
		'Accent Color',
		`Accent Color must be a colour as #rrggbb, like #0a7f5a (got ${quotedValue(value)})`,
	);
}

/** Where a Report Page URL puts the report's ID: `{id}`, in any case. */
const REPORT_ID = /\{id\}/gi;

function reportPageUrlFrom(value: unknown): string {
	const template = text(value, Number.POSITIVE_INFINITY);
	if (template === '') return '';
	const url = parsedUrl(template.replace(REPORT_ID, '1'));
	const web = url?.protocol === 'https:' || url?.protocol === 'http:';
	if (web && template.match(REPORT_ID) && url.username === '' && url.password === '')
		return template.replace(REPORT_ID, '{id}');
	throw new InvalidInput(
		'Report Page URL',
		`Report Page URL must be an http(s):// address with {id} where the report's ID goes, like https://seo.agency.com/reports/{id} (got ${quotedValue(value)})`,
	);
}

const LANGUAGE_VALUES = ['en', 'de', 'fr', 'es', 'nl'];

function languageFrom(value: unknown): string {
	if (value === undefined || value === null || value === '') return 'en';
	const language = String(value).trim().toLowerCase();
	if (LANGUAGE_VALUES.includes(language)) return language;
	throw new InvalidInput(
		'Language',
		`Language must be one of ${LANGUAGE_VALUES.join(', ')} (got ${quotedValue(value)})`,
	);
}

/** The branding of Options, checked. */
export function brandOf(options: IDataObject): Brand {
	return {
		senderName: text(options.senderName, SENDER_AT_MOST),
		logoUrl: logoUrlFrom(options.logoUrl),
		accentColor: accentColorFrom(options.accentColor),
		footerText: text(options.footerText, FOOTER_AT_MOST),
		reportPageUrl: reportPageUrlFrom(options.reportPageUrl),
		language: languageFrom(options.language),
	};
}
