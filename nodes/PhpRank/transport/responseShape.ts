import type { IDataObject } from 'n8n-workflow';

import { isRecord } from '../shared/isRecord';
import { truncated } from '../shared/truncate';
import type { ResponseShape } from './failures';
import { PipelineFailure } from './failures';

/**
 * The shapes of phpRank's responses (docs/phprank-api.md): a list is `{data: [...], meta, links}`,
 * a single record `{data: {...}}`, a deletion `{id, deleted}`. A response of another shape (a
 * proxy's JSON, a different API, `{"data": null}`) is refused here, in one place, for the node,
 * the trigger and the list searches alike, instead of becoming an item full of nulls.
 */
export function bodyOfExpectedShape(body: unknown, expect: ResponseShape, path: string): unknown {
	if (expect === 'list') {
		if (isRecord(body) && Array.isArray(body.data)) return body;
	} else if (expect === 'record') {
		if (isRecord(body) && isRecord(body.data)) return body.data;
	} else if (isRecord(body) && typeof body.deleted === 'boolean') {
		return { id: body.id, deleted: body.deleted } as IDataObject;
	}
	throw new PipelineFailure({
		type: 'unexpectedShape',
		expected: expect,
		got: describeBody(body),
		path,
	});
}

/** A description of a response body longer than this is cut. */
const MAX_DESCRIPTION_LENGTH = 120;

/** A short, secret-free account of a response body: its type and, for an object, its keys and `data`. */
function describeBody(body: unknown): string {
	if (body === null) return 'null';
	if (Array.isArray(body)) return `a list of ${body.length}`;
	if (!isRecord(body))
		return typeof body === 'string' ? `text of ${body.length} characters` : `a ${typeof body}`;
	const keys = Object.keys(body);
	if (keys.length === 0) return 'an empty object';
	const listed = keys
		.slice(0, 6)
		.map((key) => `"${key}"`)
		.join(', ');
	const data =
		'data' in body
			? `, "data": ${body.data === null ? 'null' : Array.isArray(body.data) ? 'a list' : typeof body.data === 'object' ? 'an object' : `a ${typeof body.data}`}`
			: '';
	const text = `an object with ${listed}${keys.length > 6 ? ', ...' : ''}${data}`;
	return truncated(text, MAX_DESCRIPTION_LENGTH);
}
