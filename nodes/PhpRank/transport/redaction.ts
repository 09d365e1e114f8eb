/**
 * Removing secrets from a text the package shows: the API key, a report's password and the
 * userinfo of an address, as typed and in the encoded forms a server may echo them in
 * (percent-encoded, form-encoded, JSON). The transport's entry point (index.ts `nodeErrorOf`) passes
 * every failure's wording through it.
 */

const REDACTED = '[redacted]';

/**
 * Shorter strings occur in ordinary words, so they are not searched for as such; an echoed
 * password field or Bearer header is removed whatever its length (SECRET_FIELDS).
 */
const MIN_SECRET_LENGTH = 3;

/** `password=…`, `"password":"…"`, `Bearer …` however the value is quoted or encoded. */
const SECRET_FIELDS = [
	/(password\\?["']?\s*(?:=|:|%3D)\s*\\?["']?)[^"'&\s,}\\]*/gi,
	/(bearer(?:\s|%20|\+)+)[^"'&\s,}\\]+/gi,
];

function spellings(secret: string): string[] {
	const forms = new Set([
		secret,
		encodeURIComponent(secret),
		encodeURIComponent(secret).replace(/%20/g, '+'),
		JSON.stringify(secret).slice(1, -1),
		JSON.stringify(secret).slice(1, -1).replace(/\//g, '\\/'),
	]);
	return [...forms]
		.filter((form) => form.length >= MIN_SECRET_LENGTH)
		.sort((a, b) => b.length - a.length);
}

/** `scheme://user:password@`: the userinfo of any address in a text. */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/?#@\s]*@/gi;

/** An address as it may be shown: without its userinfo (`https://user:password@host` → `https://host`). */
export function withoutUserinfo(url: string): string {
	return url.replace(URL_USERINFO, '$1');
}

/**
 * The parts of an address's userinfo, as typed and decoded: secrets to remove wherever else a
 * server may echo them (a redirect's Location, an error page).
 */
export function userinfoSecrets(url: string): string[] {
	const match = /^\s*[a-z][a-z0-9+.-]*:\/\/([^/?#@\s]*)@/i.exec(url);
	if (!match) return [];
	const parts = [match[1], ...match[1].split(':')];
	const decoded = parts.map((part) => {
		try {
			return decodeURIComponent(part);
		} catch {
			return part;
		}
	});
	return [...new Set([...parts, ...decoded])].filter((part) => part !== '');
}

/** `text` without the userinfo of any address, echoed password fields or Bearer headers, or any of `secrets`. */
export function redactSecrets(text: string, secrets: Array<string | undefined>): string {
	let result = withoutUserinfo(text);
	for (const field of SECRET_FIELDS) result = result.replace(field, `$1${REDACTED}`);
	for (const secret of secrets) {
		if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) continue;
		for (const form of spellings(secret)) result = result.split(form).join(REDACTED);
	}
	return result;
}
