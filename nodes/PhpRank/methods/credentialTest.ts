import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { deadlineFrom, sendForCredentialTest } from '../transport';

/**
 * The credential's Test button. n8n runs a credential's own declarative test itself and reads its
 * answer whole, however large; as the node's method (`testedBy` in both nodes) the test goes
 * through the transport like every other request: one page of reports, read within the bound on
 * an answer's size, no redirect followed, a Base URL with `user:password@` refused, and every
 * failure in the one wording (transport/failureWording.ts). docs/internals.md, "Bounds".
 */

/** How long the test may take, all of it: the same as a "From List" search. */
export const CREDENTIAL_TEST_MS = 20_000;

/** One retry after a server error or a dropped connection; a 429 is waited out within the deadline. */
const TEST_LIMITS = { maxParallel: 1, retries: 1, maxRateLimitWaitMs: CREDENTIAL_TEST_MS };

export async function phpRankApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const credentials = (credential.data ?? {}) as IDataObject;
	try {
		await sendForCredentialTest(
			this,
			credentials,
			deadlineFrom('credentialTest', CREDENTIAL_TEST_MS),
			TEST_LIMITS,
			async (requests) =>
				await requests.page({ method: 'GET', url: '/reports', qs: { per_page: 10 } }),
		);
	} catch (error) {
		return { status: 'Error', message: (error as Error).message };
	}
	return { status: 'OK', message: 'Connection successful!' };
}
