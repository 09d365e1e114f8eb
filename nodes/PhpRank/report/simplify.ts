import type { IDataObject } from 'n8n-workflow';

import { failedChecks } from './checkReasons';
import { shownReportId } from './reportId';
import { privacyWord, reportLabel, reportScore } from './score';

/**
 * The simplified report: what monitoring needs, at most 10 fields, failed checks with reasons.
 * `results` (dozens of checks, a few kB) is reduced to its failed checks.
 */
export function simplifyReport(report: IDataObject): IDataObject {
	const score = reportScore(report);
	return {
		id: shownReportId(report),
		url: report.url ?? null,
		project: report.project ?? null,
		score,
		label: reportLabel(report),
		generated_at: report.generated_at ?? null,
		privacy: privacyWord(report.privacy),
		failed_checks: failedChecks(report.results) as unknown as IDataObject,
	};
}
