import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { Operation, Resource } from './constants';
import { OPERATION, PRIVACY, RESOURCE } from './constants';

/** displayOptions that show a field for some operations of one resource. */
export function showFor(
	resource: Resource,
	operations: Operation[],
	extra: IDisplayOptions['show'] = {},
) {
	return { show: { resource: [resource], operation: operations, ...extra } };
}

/**
 * displayOptions' `@version` for a field of this node version and every later one (n8n-workflow's
 * `_cnd` conditions, read by n8n 1.x and 2.x alike), so that a new version keeps every field of the
 * one before without listing it again.
 */
export function fromVersion(version: number): IDisplayOptions['show'] {
	return { '@version': [{ _cnd: { gte: version } }] };
}

/** displayOptions' `@version` for a field of the versions before this one. */
export function beforeVersion(version: number): IDisplayOptions['show'] {
	return { '@version': [{ _cnd: { lt: version } }] };
}

export const privacyChoices: INodePropertyOptions[] = [
	{
		name: 'Public',
		value: PRIVACY.public,
		description: 'Anyone with the link can open the report page',
	},
	{
		name: 'Private',
		value: PRIVACY.private,
		description: 'Only the account owner can open the report page',
	},
	{
		name: 'Password',
		value: PRIVACY.password,
		description: 'The report page asks for a password',
	},
];

/**
 * The report page's password: only shown, and so only sent, when Privacy is Password. Not routed:
 * the operation reads it once, for Privacy Password only (n8n reads a routed parameter once more).
 */
export function passwordField(operations: Operation[]): INodeProperties {
	return {
		...reportPasswordField(
			'Password visitors must enter to open the report page (1 to 128 characters)',
		),
		required: true,
		displayOptions: showFor(RESOURCE.report, operations, { privacy: [PRIVACY.password] }),
	};
}

/** A report's Privacy (Create, Create or Re-Run, Audit Site): its three choices, Private by default. */
export function reportPrivacyField(description: string): INodeProperties {
	// Private (1): without a privacy phpRank makes the report public, not private as documented.
	return {
		displayName: 'Privacy',
		name: 'privacy',
		type: 'options',
		default: 1,
		description,
		options: privacyChoices,
	};
}

/** The password of a report whose Privacy is Password (never output: redaction.ts). */
export function reportPasswordField(description: string): INodeProperties {
	return {
		displayName: 'Password',
		name: 'password',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description,
	};
}

/**
 * The report Get, Update and Delete work on: picked from a searchable list or typed as an ID.
 * One property for all three, without routing: n8n's RoutingNode evaluates the value of every
 * top-level property (hidden ones too) for every item, twice, so one definition per operation
 * evaluated an ID expression such as `{{ $json.id }}` three times over; routing on it added two
 * more reads. The operations read it once (resources/report/reportById.ts).
 */
export function reportLocator(operations: Operation[]): INodeProperties {
	return {
		displayName: 'Report',
		name: 'reportId',
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description:
			'The report to work on. Its ID is a whole number, like 12, as Get Many and Create return it.',
		displayOptions: showFor(RESOURCE.report, operations),
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a report...',
				typeOptions: { searchListMethod: 'searchReports', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 12',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^[1-9][0-9]*$',
							errorMessage: 'A report ID is a positive whole number',
						},
					},
				],
			},
		],
	};
}

/** Return All and Limit of a Get Many: the operation reads them to plan its pages. */
export function returnAllAndLimit(resource: Resource): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: showFor(resource, [OPERATION.getAll]),
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: showFor(resource, [OPERATION.getAll], { returnAll: [false] }),
		},
	];
}

const sortDirectionField: INodeProperties = {
	displayName: 'Direction',
	name: 'sort',
	type: 'options',
	default: 'desc',
	options: [
		{ name: 'Descending', value: 'desc' },
		{ name: 'Ascending', value: 'asc' },
	],
	routing: { send: { type: 'query', property: 'sort' } },
};

/**
 * A collection's options in the order n8n's lint wants, alphabetical by display name, whatever
 * order they are given in: for a collection whose options come from several places (Audit Site's
 * Options and the request limits), so that none is placed by its position. Lower-cased names are
 * compared as strings: `localeCompare` would load ICU's collator when n8n loads the package
 * (report/checkCatalogue.ts CHECK_OPTIONS).
 */
export function inDisplayNameOrder(options: INodeProperties[]): INodeProperties[] {
	return [...options].sort((a, b) => {
		const [x, y] = [a.displayName.toLowerCase(), b.displayName.toLowerCase()];
		return x < y ? -1 : x > y ? 1 : 0;
	});
}

/**
 * How the node treats phpRank's rate limit and failures. Read by the transport
 * (transport/index.ts `operationRouting`), not routed: none of it is sent to phpRank.
 */
export function requestLimitFields(): INodeProperties[] {
	return [
		{
			displayName: 'Max Parallel Requests',
			name: 'maxParallelRequests',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 50 },
			default: 5,
			description:
				'Most requests of this phpRank account in flight at once, across all items. Fewer is gentler on the server; phpRank also throttles each key (about 60 a minute), which the node waits for by itself.',
		},
		{
			displayName: 'Max Wait for Rate Limit (Seconds)',
			name: 'maxRateLimitWait',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 600,
			description:
				"Longest total time one request waits for phpRank's rate limit (HTTP 429, Retry-After) before it fails",
		},
		{
			displayName: 'Retries',
			name: 'retries',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 10 },
			default: 3,
			description:
				'How many times a Get, Update or Delete is tried again, with growing pauses, after a server error, a dropped connection or a timeout. A Create is never sent again once phpRank may have received it, so no duplicate report is made.',
		},
	];
}

/** The Options of the operations (other than Audit Site, whose Options add its own): the request limits. */
export function requestLimitOptions(resource: Resource, operations: Operation[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: showFor(resource, operations),
		options: requestLimitFields(),
	};
}

/** A project field: picked from a searchable list of the account's projects, or typed by name. */
export function projectLocator(
	field: Pick<INodeProperties, 'description' | 'displayOptions' | 'required' | 'routing'>,
): INodeProperties {
	return {
		displayName: 'Project',
		name: 'project',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		...field,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a project...',
				typeOptions: { searchListMethod: 'searchProjects', searchable: true },
			},
			{ displayName: 'By Name', name: 'name', type: 'string', placeholder: 'e.g. example.com' },
		],
	};
}

/**
 * The Search filter of a Get Many. phpRank searches one column per resource (reports by URL,
 * projects by name), so `search_by` is sent with its one value beside the text.
 */
export function searchFilter(
	displayName: string,
	searchBy: string,
	placeholder: string,
	description: string,
): INodeProperties {
	return {
		displayName,
		name: 'search',
		type: 'string',
		default: '',
		placeholder,
		description,
		routing: {
			request: { qs: { search_by: searchBy } },
			send: { type: 'query', property: 'search' },
		},
	};
}

/** The Sort collection of a Get Many: the sort key (its options and default) and the direction. */
export function sortCollection(
	resource: Resource,
	sortKeys: INodePropertyOptions[],
	defaultKey: string,
): INodeProperties {
	return {
		displayName: 'Sort',
		name: 'sorting',
		type: 'collection',
		placeholder: 'Add Sort Option',
		default: {},
		displayOptions: showFor(resource, [OPERATION.getAll]),
		options: [
			{
				displayName: 'Sort By',
				name: 'sortBy',
				type: 'options',
				default: defaultKey,
				options: sortKeys,
				routing: { send: { type: 'query', property: 'sort_by' } },
			},
			sortDirectionField,
		],
	};
}

export const SIMPLIFY_PARAMETER = 'simplify';
export const OUTPUT_CHANGES_PARAMETER = 'outputChanges';

/**
 * On by default: a phpRank report carries `results` with 33 checks (about 3 kB of nested
 * values per report, 300 kB for a page of 100), while a monitoring workflow needs the score, its
 * label and what failed. n8n's guideline for responses of more than 10 fields is a Simplify
 * parameter; the simplified report has 8, and the raw one is one switch away.
 */
export const SIMPLIFY_DEFAULT = true;

const SIMPLIFY_DESCRIPTION =
	'Whether to return a simplified version of the response instead of the raw data: ID, URL, project, score, label (good above 79, decent 49 to 79, bad below 49), date generated, privacy as a word, and the failed checks by category with a one-line reason each. Off returns the report exactly as phpRank sends it, with every check.';

/** The Simplify switch of an operation (or the trigger) that outputs reports. */
export function simplifyField(displayOptions?: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Simplify',
		name: SIMPLIFY_PARAMETER,
		type: 'boolean',
		// n8n's lint wants the literal here; it is SIMPLIFY_DEFAULT (a unit test checks they agree).
		default: true,
		description: SIMPLIFY_DESCRIPTION,
		...(displayOptions ? { displayOptions } : {}),
	};
}

/** Pages per Issue when not set: enough to act on, small enough for an AI agent's context. */
export const DEFAULT_PAGES_PER_ISSUE = 10;
export const PAGES_PER_ISSUE_PARAMETER = 'pagesPerIssue';

/**
 * Pages per Issue of Get Issues and Validate Fix (checked by inputChecks.ts pagesPerIssueFrom): how
 * many pages an output lists, 0 none. `description` says which pages each operation lists.
 */
export function pagesPerIssueField(operation: Operation, description: string): INodeProperties {
	return {
		displayName: 'Pages per Issue',
		name: PAGES_PER_ISSUE_PARAMETER,
		type: 'number',
		typeOptions: { minValue: 0 },
		default: DEFAULT_PAGES_PER_ISSUE,
		description,
		displayOptions: showFor(RESOURCE.project, [operation]),
	};
}

/**
 * Max Age (Hours) of Create or Re-Run, also in Audit Site's Options (checked by inputChecks.ts
 * maxAgeHoursFrom). `displayOptions` where it stands; none inside a collection.
 */
export function maxAgeHoursField(displayOptions?: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Max Age (Hours)',
		name: 'maxAgeHours',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description:
			'Keep a report generated less than this many hours ago as it is, without re-running it (action "kept"). 0 always re-runs.',
		...(displayOptions ? { displayOptions } : {}),
	};
}

export const CHECK_AFTER_CREATE_PARAMETER = 'checkAfterCreate';

/**
 * Check for a Parallel Create of Create or Re-Run, also in Audit Site's Options: on unless turned
 * off (createOrRerun/createOrRerunOperation.ts reads it). `description` says what is read again after
 * the Creates (a page's reports or a site's); `displayOptions` where it stands, none inside a
 * collection.
 */
export function checkAfterCreateField(
	description: string,
	displayOptions?: IDisplayOptions,
): INodeProperties {
	return {
		displayName: 'Check for a Parallel Create',
		name: CHECK_AFTER_CREATE_PARAMETER,
		type: 'boolean',
		default: true,
		description,
		...(displayOptions ? { displayOptions } : {}),
	};
}

/**
 * "Output Changes" of Update (shown only with Re-Run Analysis on) and Create or Re-Run, each with
 * its own description (what the comparison costs differs); `displayOptions` says where.
 */
export function outputChangesField(
	description: string,
	displayOptions: IDisplayOptions,
): INodeProperties {
	return {
		displayName: 'Output Changes',
		name: OUTPUT_CHANGES_PARAMETER,
		type: 'boolean',
		default: false,
		description,
		displayOptions,
	};
}
