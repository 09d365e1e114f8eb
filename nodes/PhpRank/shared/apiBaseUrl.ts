/**
 * Users paste their phpRank address in many forms: with a trailing slash, with the API's own
 * `/api/v1` suffix, with spaces. Left as typed, `https://seo.example.com/` + `/api/v1` becomes a
 * protocol-relative `//api/v1` and the request goes to another host. Both the code paths and the
 * expression paths below reduce the address to the site root the same way, then add `/api/v1`.
 */
export const API_PATH = '/api/v1';

/** Trailing slashes and one pasted `/api/v1` (any case) at the end of the address. */
const SITE_ROOT_SUFFIX = /(\/+api\/v1)?\/*$/i;

/** The API root for a site address, for code that builds requests itself (list searches). */
export function apiBaseUrl(siteUrl: string): string {
	return `${String(siteUrl).trim().replace(SITE_ROOT_SUFFIX, '')}${API_PATH}`;
}

/**
 * The same normalisation as an n8n expression, for `requestDefaults.baseURL` and the credential
 * test, which cannot call code. A test checks it gives what `apiBaseUrl` gives.
 */
export const API_BASE_URL_EXPRESSION =
	"={{ String($credentials.baseUrl).trim().replace(/(\\/+api\\/v1)?\\/*$/i, '') }}" + API_PATH;
