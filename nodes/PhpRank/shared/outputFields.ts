import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

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

/** Update's "Output Changes": shown only with Re-Run Analysis on (`displayOptions` says where). */
export function outputChangesField(displayOptions: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Output Changes',
		name: OUTPUT_CHANGES_PARAMETER,
		type: 'boolean',
		default: false,
		description:
			"Whether to add what the re-run changed under 'changes': score and label before and after ('score_change' is negative when the score dropped), 'regressions' (checks that passed before and fail now, with the reason) and 'fixed' (checks that pass now). Reads the report once before the re-run: one more request.",
		displayOptions,
	};
}
