import type { IDataObject } from 'n8n-workflow';

/**
 * A report's form (Create, Update) as phpRank requires it: `application/x-www-form-urlencoded`,
 * the fields in the order given (a predictable body), none for an absent value, and booleans as
 * phpRank reads them (`results` is 0/1; n8n's boolean parameter gives true/false).
 */
export function encodedForm(fields: IDataObject): string {
	const encoded = new URLSearchParams();
	for (const [name, value] of Object.entries(fields)) {
		if (value === undefined || value === null) continue;
		encoded.append(name, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
	}
	return encoded.toString();
}
