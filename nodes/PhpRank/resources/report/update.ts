import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import type { ApiRequest } from '../../shared/apiRequest';
import { KEEP_PRIVACY, OPERATION, PRIVACY, RESOURCE } from '../../shared/constants';
import {
	OUTPUT_CHANGES_PARAMETER,
	outputChangesField,
	passwordField,
	privacyChoices,
	showFor,
	simplifyField,
} from '../../shared/fields';
import { passwordFrom, privacyFrom } from '../../shared/inputChecks';
import { isRecord } from '../../shared/isRecord';
import { reportChange } from '../../shared/reportRequests';
import { operationRouting } from '../../transport';
import { reportModules } from '../../report/reportModules';
import { reportFieldId } from './reportById';

/**
 * Report → Update: change a report's privacy or re-run its analysis. PATCH: only the fields given
 * change (phpRank accepts PUT and PATCH alike).
 */

/**
 * Update's request: the Report field, then the form, each parameter read once. Privacy is read
 * here, not routed: n8n routes an option only when the value equals one of its values, so a name
 * ("private") or a digit from an expression or a model's argument would otherwise send nothing and
 * keep the current privacy without a word; here it is sent, and an unknown value is refused before
 * any request. Keep Current ("keep") sends no privacy; the password goes with Privacy Password only.
 */
function updateRequest(context: IExecuteSingleFunctions, rerunAnalysis: boolean): ApiRequest {
	const id = reportFieldId(context);
	const chosen = context.getNodeParameter('privacy', KEEP_PRIVACY);
	const privacy = chosen === KEEP_PRIVACY ? undefined : privacyFrom(chosen);
	const password =
		privacy === PRIVACY.password
			? passwordFrom(context.getNodeParameter('password', ''))
			: undefined;
	return reportChange(id, { privacy, password, results: rerunAnalysis });
}

/**
 * Whether the run reads the report before changing it: Re-Run Analysis and Output Changes on,
 * whose output compares before and after (one more request).
 */
export function needsPreviousState(context: IExecuteSingleFunctions, rerunAnalysis: boolean) {
	return (
		rerunAnalysis === true && context.getNodeParameter(OUTPUT_CHANGES_PARAMETER, false) === true
	);
}

export const updateOption: INodePropertyOptions = {
	name: 'Update',
	value: OPERATION.update,
	action: 'Update a report',
	description:
		"Change a report's privacy or re-run its analysis, by the report's ID (the ID that Get Many returns). Returns the report with its score from 0 to 100, label and failed checks, and optionally what the re-run changed.",
	routing: operationRouting(async (context, requests) => {
		const rerunAnalysis = context.getNodeParameter('rerunAnalysis', false) as boolean;
		const request = updateRequest(context, rerunAnalysis);
		// With Output Changes, the record as it was: the same path, read first.
		const previous = needsPreviousState(context, rerunAnalysis)
			? await requests.record({ ...request, method: 'GET', body: undefined, secrets: undefined })
			: undefined;
		const record = await requests.record(request);
		const { reportView } = await reportModules.reportView();
		const view = reportView(context);
		if (!isRecord(record)) return [record];
		const output: IDataObject = view(record);
		if (!isRecord(previous)) return [output];
		const { diffReports } = await reportModules.reportChanges();
		return [{ ...output, changes: diffReports(previous, record) }];
	}),
};

export const updateFields: INodeProperties[] = [
	{
		displayName: 'Privacy',
		name: 'privacy',
		type: 'options',
		default: KEEP_PRIVACY,
		description:
			'Who can open the report page: Keep Current (keep), Public (0), Private (1) or Password (2)',
		options: [
			{
				name: 'Keep Current',
				value: KEEP_PRIVACY,
				description: 'Leave the privacy as it is',
			},
			...privacyChoices,
		],
		// Not routed: updateRequest reads it once and also takes a name or digit from an
		// expression or an AI tool's argument, which n8n's option routing would drop.
		displayOptions: showFor(RESOURCE.report, [OPERATION.update]),
	},
	passwordField([OPERATION.update]),
	{
		displayName: 'Re-Run Analysis',
		name: 'rerunAnalysis',
		type: 'boolean',
		default: false,
		description:
			'Whether phpRank should analyse the page again and refresh the results (takes a few seconds)',
		// Not routed: the run reads it once (form field `results`, and whether to read the report first).
		displayOptions: showFor(RESOURCE.report, [OPERATION.update]),
	},
	outputChangesField(
		"Whether to add what the re-run changed under 'changes': score and label before and after ('score_change' is negative when the score dropped), 'regressions' (checks that passed before and fail now, with the reason) and 'fixed' (checks that pass now). Reads the report once before the re-run: one more request.",
		showFor(RESOURCE.report, [OPERATION.update], { rerunAnalysis: [true] }),
	),
	simplifyField(showFor(RESOURCE.report, [OPERATION.update])),
];
