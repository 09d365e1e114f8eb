import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { siteRoot } from '../shared/apiBaseUrl';
import { CREDENTIAL_NAME } from '../shared/constants';
import type { ChannelDeadline, CollectOptions, RequestLimits } from '../transport';
import {
	DEFAULT_LIMITS,
	deadlineFrom,
	LARGEST_PAGE_SIZE,
	planPages,
	sendFromCode,
	withoutUserinfo,
} from '../transport';
import { chosenChecks } from './checkFailures';
import type { RollingRead } from './rollingWatch';
import { readRolling } from './rollingWatch';
import {
	DEFAULT_CHECKS,
	DEFAULT_THRESHOLD,
	DEFAULT_WATCHED,
	MAX_CONFIRM_AFTER,
	MAX_WATCHED,
} from './triggerFields';
import type { TriggerEvent, WatchSettings, WatchState } from './watch';
import { isCheckEvent, isNewSince } from './watch';

/** What a poll reads: the trigger's settings, and the lists of reports each event compares. */

/** Waits for the rate limit count toward the poll's deadline (below), which ends them first. */
const POLL_LIMITS: RequestLimits = { ...DEFAULT_LIMITS, maxRateLimitWaitMs: 60_000 };

/**
 * Without n8n's poll budget (n8n 1.x): n8n's shortest poll interval is a minute, and a poll must
 * end well inside it, requests, retries and rate-limit waits included.
 */
const FALLBACK_POLL_DEADLINE_MS = 45_000;
/** Of n8n's poll budget (how long before n8n gives up on the poll), the part the requests may use. */
const POLL_BUDGET_SHARE = 0.8;

/** The deadline of all requests of this poll: from n8n's poll budget where the host has one. */
export function pollDeadline(context: IPollFunctions): ChannelDeadline {
	const budget = (context as { getPollBudgetMs?: () => number }).getPollBudgetMs?.();
	const totalMs =
		typeof budget === 'number' && Number.isFinite(budget) && budget > 0
			? Math.max(1000, Math.floor(budget * POLL_BUDGET_SHARE))
			: FALLBACK_POLL_DEADLINE_MS;
	return deadlineFrom('poll', totalMs);
}

async function pollList(
	context: IPollFunctions,
	deadline: ChannelDeadline,
	url: string,
	qs: IDataObject,
	options: CollectOptions,
) {
	return await sendFromCode(
		context,
		deadline,
		async (requests) => await requests.list(url, qs, options),
		POLL_LIMITS,
	);
}

/** New Report looks at one small page first; only a burst of new reports reads the largest pages. */
const PROBE_PAGE = 10;

/** Check Failed's and Check Fixed's Checks: the keys chosen; none is refused before anything is sent. */
function watchedChecksOf(context: IPollFunctions, event: TriggerEvent): string[] {
	if (!isCheckEvent(event)) return [];
	const value = context.getNodeParameter('checks', DEFAULT_CHECKS) as unknown;
	const keys = (Array.isArray(value) ? value : [value]).filter(
		(key): key is string => typeof key === 'string' && key.trim() !== '',
	);
	if (keys.length === 0) {
		throw new NodeOperationError(context.getNode(), 'Choose at least one check in "Checks"', {
			description:
				event === 'checkFailed'
					? 'Check Failed starts the workflow when one of the chosen checks breaks; with none chosen it could never fire.'
					: 'Check Fixed starts the workflow when one of the chosen checks passes again; with none chosen it could never fire.',
		});
	}
	return chosenChecks(keys.map((key) => key.trim()));
}

/**
 * Reports to Watch as this poll uses it: within 1 to MAX_WATCHED; from node version 2, 0 (its
 * default) is every report of the Project, and the newest DEFAULT_WATCHED without one.
 */
function watchCountOf(context: IPollFunctions, project: string): number {
	const count = Number(context.getNodeParameter('watchCount', DEFAULT_WATCHED));
	const whole = Number(context.getNode().typeVersion) >= 2 && count === 0;
	if (whole) return project ? 0 : DEFAULT_WATCHED;
	return Math.min(
		MAX_WATCHED,
		Math.max(1, Math.floor(Number.isFinite(count) ? count : DEFAULT_WATCHED)),
	);
}

/** The trigger's settings for this poll. */
export function settingsOf(context: IPollFunctions): WatchSettings {
	const project = String(
		context.getNodeParameter('project', '', { extractValue: true }) ?? '',
	).trim();
	const event = context.getNodeParameter('event', 'newReport') as TriggerEvent;
	return {
		event,
		checks: watchedChecksOf(context, event),
		project,
		threshold: Number(context.getNodeParameter('threshold', DEFAULT_THRESHOLD)),
		minimumChange: Number(context.getNodeParameter('minimumChange', 1)),
		watchCount: watchCountOf(context, project),
		grouped: isGrouped(context, event),
		confirmAfter: confirmAfterOf(context, event),
	};
}

/** Group Events: from node version 3, grouped unless One Item per Report is chosen; before it, never. */
function isGrouped(context: IPollFunctions, event: TriggerEvent): boolean {
	if (event === 'newReport' || Number(context.getNode().typeVersion) < 3) return false;
	return context.getNodeParameter('groupEvents', 'grouped') !== 'perReport';
}

/** Confirm After within 1 to MAX_CONFIRM_AFTER; 1 for the events it does not apply to. */
function confirmAfterOf(context: IPollFunctions, event: TriggerEvent): number {
	if (event !== 'checkFailed' && event !== 'checkFixed' && event !== 'scoreBelow') return 1;
	const count = Math.floor(Number(context.getNodeParameter('confirmAfter', 1)));
	return Number.isFinite(count) ? Math.min(MAX_CONFIRM_AFTER, Math.max(1, count)) : 1;
}

/** Whether this poll watches every report of the project (rollingWatch.ts). */
export function isRolling(settings: WatchSettings): boolean {
	return settings.watchCount === 0 && settings.project !== '';
}

/** The rolling watch's poll: page 1 of the project and the next slice of its older reports. */
export async function rollingReports(
	context: IPollFunctions,
	deadline: ChannelDeadline,
	settings: WatchSettings,
	state: WatchState,
): Promise<RollingRead> {
	const known = state.failing ?? state.scores ?? {};
	return await readRolling(
		context,
		deadline,
		POLL_LIMITS,
		listQuery(settings),
		known,
		state.cursor,
	);
}

/** Newest first, one project or all: the order in which "already seen" is a stop. */
function listQuery(settings: WatchSettings): IDataObject {
	const qs: IDataObject = { sort_by: 'id', sort: 'desc' };
	if (settings.project) qs.project = settings.project;
	return qs;
}

/** The site the trigger watches: the credential's site address, never with its userinfo. */
export async function watchedSite(context: IPollFunctions): Promise<string> {
	const credentials = await context.getCredentials<{ baseUrl?: string }>(CREDENTIAL_NAME);
	return withoutUserinfo(siteRoot(String(credentials.baseUrl ?? '')));
}

/**
 * The reports created since `state` (watch.ts isNewSince), newest first: a small probe, then big
 * pages only when it is all new; and the newest report of the list, whatever its ID.
 */
export async function reportsAfter(
	context: IPollFunctions,
	deadline: ChannelDeadline,
	settings: WatchSettings,
	state: WatchState,
): Promise<{ reports: IDataObject[]; newest?: IDataObject }> {
	const isNew = isNewSince(state);
	let newest: IDataObject | undefined;
	// Called on every record in list order until it stops the reading: the first is the newest.
	const stopAt = (report: IDataObject) => {
		newest ??= report;
		return !isNew(report);
	};
	const qs = listQuery(settings);
	const probe = await pollList(context, deadline, '/reports', qs, {
		plan: { perPage: PROBE_PAGE, maxItems: PROBE_PAGE },
		stopAt,
		newestFirst: true,
	});
	if (probe.length < PROBE_PAGE) return { reports: probe, newest };
	const reports = await pollList(context, deadline, '/reports', qs, {
		plan: { perPage: LARGEST_PAGE_SIZE, maxItems: undefined },
		stopAt,
		newestFirst: true,
	});
	return { reports, newest };
}

/** The newest report (of the project), if any: where New Report's history ends. */
export async function newestReports(
	context: IPollFunctions,
	deadline: ChannelDeadline,
	settings: WatchSettings,
) {
	return await pollList(context, deadline, '/reports', listQuery(settings), {
		plan: { perPage: PROBE_PAGE, maxItems: 1 },
	});
}

/** How many of the newest reports a window holds: the rolling watch's test event looks at page 1's. */
export function windowSize(settings: WatchSettings): number {
	return settings.watchCount || DEFAULT_WATCHED;
}

/** The newest `watchCount` reports (of the project): what Score Changed, Below, Check Failed and Fixed compare. */
export async function watchedWindow(
	context: IPollFunctions,
	deadline: ChannelDeadline,
	settings: WatchSettings,
) {
	return await pollList(context, deadline, '/reports', listQuery(settings), {
		plan: planPages(false, windowSize(settings)),
		newestFirst: true,
	});
}
