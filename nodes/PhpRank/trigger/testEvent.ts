import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { newestReports, pollDeadline, watchedWindow, windowSize } from './readReports';
import type { WatchEvent, WatchSettings } from './watch';
import { belowFields, changeFields, latestRerun, newestBelow } from './watch';
import { newestFailing, newestFixed } from './checkEvents';

function noTestEvent(
	context: IPollFunctions,
	message: string,
	description: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), message, { description });
}

/** ' of project "example.com"' when the trigger watches one project; otherwise nothing. */
function ofProjectPhrase(settings: WatchSettings): string {
	return settings.project ? ` of project "${settings.project}"` : '';
}

/** "Fetch Test Event": the most recent item that matches the event; the state is not touched. */
export async function testEvent(
	context: IPollFunctions,
	settings: WatchSettings,
): Promise<WatchEvent> {
	const deadline = pollDeadline(context);
	if (settings.event === 'newReport') {
		const [newest] = await newestReports(context, deadline, settings);
		if (newest) return { report: newest, extra: {} };
		throw noTestEvent(
			context,
			`No report${ofProjectPhrase(settings)} yet`,
			'Create a report in phpRank (or with the phpRank node), then fetch a test event again.',
		);
	}
	const window = await watchedWindow(context, deadline, settings);
	if (settings.event === 'scoreBelow') {
		const report = newestBelow(window, settings.threshold);
		if (report) return { report, extra: belowFields(report, null, settings.threshold) };
		throw noTestEvent(
			context,
			`No report${ofProjectPhrase(settings)} scores below ${settings.threshold}`,
			`None of the newest ${windowSize(settings)} reports has a score below the threshold. Raise the threshold to see a test event.`,
		);
	}
	if (settings.event === 'checkFailed') {
		const failed = newestFailing(window, settings.checks);
		if (failed) return failed;
		throw noTestEvent(
			context,
			`No report${ofProjectPhrase(settings)} fails a chosen check`,
			`None of the newest ${windowSize(settings)} reports fails one of the checks chosen in "Checks". Choose more checks to see a test event.`,
		);
	}
	if (settings.event === 'checkFixed') {
		const fixed = newestFixed(window, settings.checks);
		if (fixed) return fixed;
		throw noTestEvent(
			context,
			`No re-run report${ofProjectPhrase(settings)} passes a chosen check`,
			`None of the newest ${windowSize(settings)} reports was re-run and passes one of the checks chosen in "Checks". Re-run a report (phpRank node: Report → Update with Re-Run Analysis), then fetch a test event again.`,
		);
	}
	const report = latestRerun(window);
	// A test event cannot know the score before the re-run: previous_score and score_change are null.
	if (report) return { report, extra: changeFields(report, null) };
	throw noTestEvent(
		context,
		`No re-run report${ofProjectPhrase(settings)} among the newest ${windowSize(settings)}`,
		'Score Changed reports a score that moved when phpRank re-ran a report. Re-run one (phpRank node: Report → Update with Re-Run Analysis), then fetch a test event again.',
	);
}
