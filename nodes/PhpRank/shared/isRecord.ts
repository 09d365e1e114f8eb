import type { IDataObject } from 'n8n-workflow';

/** A JSON object (not null, not a list): what phpRank's records and envelopes are. */
export function isRecord(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}
