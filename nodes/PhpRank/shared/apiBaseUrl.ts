/**
 * Users paste their phpRank address in many forms: with a trailing slash, with the API's own
 * `/api/v1` suffix, with spaces. Left as typed, `https://seo.example.com/` + `/api/v1` becomes a
 * protocol-relative `//api/v1` and the request goes to another host. Both the code paths and the
 * expression paths below reduce the address to the site root the same way, then add `/api/v1`.
 */
const API_PATH = '/api/v1';

/** Trailing slashes and one pasted `/api/v1` (any case) at the end of the address. */
const SITE_ROOT_SUFFIX = /(\/+api\/v1)?\/*$/i;

/** The site root of an address as typed: no surrounding spaces, trailing slashes or `/api/v1`. */
export function siteRoot(siteUrl: string): string {
	return String(siteUrl).trim().replace(SITE_ROOT_SUFFIX, '');
}

/** `scheme://user:password@`: an address with userinfo before its host. */
const USERINFO = /^\s*[a-z][a-z0-9+.-]*:\/\/[^/?#@\s]*@/i;

/**
 * A Base URL with `user:password@` is refused before anything is sent: n8n's HTTP client would
 * turn it into Basic auth in place of the Bearer key, and the user would read a 401 that blames
 * the key. The code is what the transport words (transport/failureWording.ts); the message names
 * no part of the userinfo.
 */
export class BaseUrlWithUserinfo extends Error {
	readonly code = 'ERR_BASE_URL_USERINFO';

	constructor() {
		super(
			"The credential's Base URL has a user name or password in it (user:password@ before the host)",
		);
		this.name = 'BaseUrlWithUserinfo';
	}
}

/** The API root for a site address, for code that builds requests itself. */
export function apiBaseUrl(siteUrl: string): string {
	const address = String(siteUrl);
	if (USERINFO.test(address)) throw new BaseUrlWithUserinfo();
	// siteRoot's reduction, written out: the credential adds this to every request of the node
	return `${address.trim().replace(SITE_ROOT_SUFFIX, '')}${API_PATH}`;
}
