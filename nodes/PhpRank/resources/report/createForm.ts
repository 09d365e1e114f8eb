import { encodedForm } from '../../shared/reportForm';
import type { ApiRequest } from '../../transport';

/**
 * The Create request of a page whose form was read and checked: Report → Create and Create or
 * Re-Run send it for the item's page (create.ts `createRequest`), Project → Audit Site for each
 * page of a site (its settings checked by auditSettings.ts). The password travels as a secret no
 * error may show.
 */
export function createFormRequest(url: string, privacy: number, password?: string): ApiRequest {
	return {
		method: 'POST',
		url: '/reports',
		body: encodedForm({ url, privacy, password }),
		page: url,
		secrets: password === undefined ? undefined : [password],
	};
}
