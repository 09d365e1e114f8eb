import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../../shared/fields';
import { OUTPUT_CHANGES_PARAMETER, simplifyField } from '../../shared/outputFields';

/**
 * Create or Re-Run's own fields. URL, Privacy and Password are Create's (create.ts): Privacy and
 * Password are sent only when the report is created.
 */
export const reportCreateOrRerunFields: INodeProperties[] = [
	{
		displayName: 'Max Age (Hours)',
		name: 'maxAgeHours',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description:
			'Keep a report generated less than this many hours ago as it is, without re-running it (action "kept"). 0 always re-runs.',
		displayOptions: showFor('report', ['createOrRerun']),
	},
	{
		displayName: 'Output Changes',
		name: OUTPUT_CHANGES_PARAMETER,
		type: 'boolean',
		default: false,
		description:
			"Whether to add what the re-run changed under 'changes': score and label before and after ('score_change' is negative when the score dropped), 'regressions' (checks that passed before and fail now, with the reason) and 'fixed'. No extra request: the report found by the lookup is the one before. A kept report shows no change; a created one has no previous values.",
		displayOptions: showFor('report', ['createOrRerun']),
	},
	simplifyField(showFor('report', ['createOrRerun'])),
];
