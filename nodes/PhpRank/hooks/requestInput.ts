import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { KEEP_PRIVACY, PRIVACY } from '../shared/constants';
import {
	InvalidInput,
	maxAgeHoursFrom,
	pageUrlFrom,
	passwordFrom,
	privacyFrom,
	projectPathSegment,
	reportIdFrom,
} from './inputChecks';

/** n8n's error for a bad parameter of this item, naming the field to correct. */
function refusal(context: IExecuteSingleFunctions, error: unknown): NodeOperationError {
	const itemIndex = context.getItemIndex();
	if (!(error instanceof InvalidInput)) {
		return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
	}
	return new NodeOperationError(context.getNode(), error.message, {
		itemIndex,
		description: `Check the "${error.field}" field of this node.`,
	});
}

/** Runs a check and reports its refusal as n8n's error for a bad parameter of this item. */
export function withInputCheck<T>(context: IExecuteSingleFunctions, check: () => T): T {
	try {
		return check();
	} catch (error) {
		throw refusal(context, error);
	}
}

/**
 * A preSend that sets the path `{collection}/{segment}` from a resource locator field ("From
 * List", "By ID", "By Name" alike), the value checked and turned into one path segment first.
 */
function pathFromLocator(
	field: string,
	collection: string,
	toSegment: (value: unknown) => number | string,
) {
	return async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const segment = withInputCheck(this, () =>
			toSegment(this.getNodeParameter(field, undefined, { extractValue: true })),
		);
		requestOptions.url = `${collection}/${segment}`;
		return requestOptions;
	};
}

/** preSend: `/reports/{id}` from the Report locator, refused unless the ID is a positive integer. */
export const setReportPath = pathFromLocator('reportId', '/reports', reportIdFrom);

/** preSend: `/projects/{name}` with the name percent-encoded as one path segment. */
export const setProjectPath = pathFromLocator('project', '/projects', projectPathSegment);

/**
 * Checks the routed Create/Update body the way phpRank validates it, so a bad item fails before
 * a request (and, for Create, before a slow page analysis) instead of after.
 */
function checkedReportBody(context: IExecuteSingleFunctions, body: IDataObject): IDataObject {
	return withInputCheck(context, () => {
		const form: IDataObject = { ...body };
		if ('url' in form) form.url = pageUrlFrom(form.url);
		if ('privacy' in form) form.privacy = privacyFrom(form.privacy);
		if (form.privacy === PRIVACY.password) form.password = passwordFrom(form.password);
		else delete form.password;
		return form;
	});
}

/** phpRank reads `results` as 0/1; n8n's boolean parameter gives true/false. */
function formValue(value: unknown): string {
	if (typeof value === 'boolean') return value ? '1' : '0';
	return String(value);
}

/**
 * preSend of Create: the form from URL, Privacy and Password, each read once here. They have no
 * `routing`: n8n reads a routed parameter twice per item (once more while looking for a base
 * URL) and evaluates it each time when it is an expression such as `{{ $json.url }}`.
 * A hidden Password is not among the node's parameters: '' then, and checkedReportBody keeps a
 * password for privacy 2 only.
 */
export async function sendCreateForm(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	requestOptions.body = {
		url: this.getNodeParameter('url', ''),
		privacy: this.getNodeParameter('privacy', PRIVACY.private),
		password: this.getNodeParameter('password', ''),
	};
	return await sendReportForm.call(this, requestOptions);
}

/**
 * preSend of Create and Update: checks the body, then sends it as
 * `application/x-www-form-urlencoded`, as the spec requires, with a predictable field order.
 */
export async function sendReportForm(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const form = checkedReportBody(this, (requestOptions.body ?? {}) as IDataObject);
	const encoded = new URLSearchParams();
	for (const [name, value] of Object.entries(form)) {
		if (value !== undefined && value !== null) encoded.append(name, formValue(value));
	}
	requestOptions.body = encoded.toString();
	requestOptions.headers = {
		...requestOptions.headers,
		'Content-Type': 'application/x-www-form-urlencoded',
	};
	return requestOptions;
}

/**
 * preSend of Update: Privacy read once from the parameter. n8n routes an option only when the value
 * equals one of its values, so a name ("private") or a digit from an expression or a model's argument
 * would otherwise send nothing and keep the current privacy without a word; here it is sent, and an
 * unknown value is refused before any request. Keep Current ("keep") sends no privacy.
 */
export async function sendUpdateForm(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const privacy = this.getNodeParameter('privacy', KEEP_PRIVACY);
	// privacy first, as the routed form has it
	const body: IDataObject =
		privacy === KEEP_PRIVACY ? {} : { privacy: withInputCheck(this, () => privacyFrom(privacy)) };
	for (const [name, value] of Object.entries((requestOptions.body ?? {}) as IDataObject)) {
		if (name !== 'privacy') body[name] = value;
	}
	requestOptions.body = body;
	return await sendReportForm.call(this, requestOptions);
}

/** preSend of Create or Re-Run: refuses a Max Age that is not 0 or more hours before any request. */
export async function checkMaxAge(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	withInputCheck(this, () => maxAgeHoursFrom(this.getNodeParameter('maxAgeHours', 0)));
	return requestOptions;
}
