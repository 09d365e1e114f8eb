/**
 * phpRank does not keep a page's URL as it was typed: it stores it without the scheme, without a
 * leading `www.` and without trailing slashes (`https://www.example.com/about/` is stored as
 * `example.com/about`). Finding "the report of this page" means comparing in that form.
 */

const SCHEME = /^https?:\/\//i;
const LEADING_WWW = /^www\./i;
const TRAILING_SLASHES = /\/+$/;

/**
 * A page URL in the form phpRank stores it. Also accepts a URL already in that form (as phpRank
 * answers it), so both sides of a comparison go through the same steps: the address is read as
 * a web address (host lower case, fragment dropped, characters percent-encoded as browsers and
 * phpRank's URL parser do), then scheme, leading `www.` and trailing slashes are removed.
 */
export function storedUrl(url: string): string {
	const text = String(url).trim();
	const withScheme = SCHEME.test(text) ? text : `http://${text}`;
	let address = withScheme;
	if (URL.canParse(withScheme)) {
		const parsed = new URL(withScheme);
		parsed.hash = '';
		address = parsed.href;
	}
	return address.replace(SCHEME, '').replace(LEADING_WWW, '').replace(TRAILING_SLASHES, '');
}

/** Whether a report's stored URL is exactly this page (in any spelling of it). */
export function isStoredUrlOf(reportUrl: unknown, pageStoredUrl: string): boolean {
	return typeof reportUrl === 'string' && storedUrl(reportUrl) === pageStoredUrl;
}
