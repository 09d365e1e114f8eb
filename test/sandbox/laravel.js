'use strict';

// Small re-implementations of what PHP and Laravel do on the real phpRank server,
// so that the sandbox's answers look like the real ones byte for byte where it matters.

/** Laravel timestamps are MySQL seconds rendered with six fractional digits. */
function isoMicros(ms) {
	const seconds = Math.floor(ms / 1000) * 1000;
	return new Date(seconds).toISOString().replace(/\.\d{3}Z$/, '.000000Z');
}

/**
 * PHP's json_encode() with default flags: escapes "/" as "\/" and non-ASCII as \uXXXX.
 * Clients must parse JSON rather than compare strings; this keeps them honest.
 */
function phpJson(value) {
	return JSON.stringify(value)
		.replace(/\//g, '\\/')
		.replace(/[\u0080-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

/** PHP's urldecode(): "+" is a space, valid %XX are bytes, anything malformed stays as it is. */
function phpUrldecode(text, plusIsSpace = true) {
	const source = plusIsSpace ? text.replace(/\+/g, ' ') : text;
	if (!source.includes('%')) return source;
	const bytes = [];
	for (let i = 0; i < source.length; i++) {
		const hex = source.slice(i + 1, i + 3);
		if (source[i] === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
			bytes.push(parseInt(hex, 16));
			i += 2;
		} else {
			// Keep surrogate pairs together so emoji survive the byte round-trip.
			const char = String.fromCodePoint(source.codePointAt(i));
			bytes.push(...Buffer.from(char, 'utf8'));
			i += char.length - 1;
		}
	}
	return Buffer.from(bytes).toString('utf8');
}

/** PHP's rawurldecode(), used by the router on path segments: "+" stays "+". */
function rawUrldecode(text) {
	return phpUrldecode(text, false);
}

/** PHP's urlencode() (RFC 1738, as used by http_build_query). */
function phpUrlencode(text) {
	return encodeURIComponent(String(text))
		.replace(/[!'()*~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
		.replace(/%20/g, '+');
}

/**
 * parse_str(): ordered [key, value] pairs plus an object where the last value wins,
 * "k[]" collects into an array and "k[x]" into an object (one level is enough here).
 */
function parsePhpQuery(text) {
	const pairs = [];
	const values = {};
	if (!text) return { pairs, values };
	for (const part of text.split('&')) {
		if (part === '') continue;
		const eq = part.indexOf('=');
		const rawKey = eq === -1 ? part : part.slice(0, eq);
		const value = eq === -1 ? '' : phpUrldecode(part.slice(eq + 1));
		const key = phpUrldecode(rawKey);
		if (key === '') continue;
		pairs.push([key, value]);
		assignPhpKey(values, key, value);
	}
	return { pairs, values };
}

function assignPhpKey(target, key, value) {
	const nested = /^([^[\]]+)\[([^\]]*)\]$/.exec(key);
	if (!nested) {
		target[key] = value;
		return;
	}
	const [, base, index] = nested;
	if (index === '') {
		if (!Array.isArray(target[base])) target[base] = [];
		target[base].push(value);
	} else {
		if (typeof target[base] !== 'object' || target[base] === null || Array.isArray(target[base]))
			target[base] = {};
		target[base][index] = value;
	}
}

/** http_build_query() over ordered pairs. */
function buildQuery(pairs) {
	const parts = [];
	for (const [key, value] of pairs) {
		if (value === null || value === undefined) continue;
		if (Array.isArray(value)) {
			value.forEach((item, i) =>
				parts.push(`${phpUrlencode(`${key}[${i}]`)}=${phpUrlencode(item)}`),
			);
		} else if (typeof value === 'object') {
			for (const [k, v] of Object.entries(value))
				parts.push(`${phpUrlencode(`${key}[${k}]`)}=${phpUrlencode(v)}`);
		} else {
			parts.push(`${phpUrlencode(key)}=${phpUrlencode(value)}`);
		}
	}
	return parts.join('&');
}

/** Laravel's TrimStrings + ConvertEmptyStringsToNull middleware (password fields are not trimmed). */
const UNTRIMMED_FIELDS = new Set(['password', 'password_confirmation', 'current_password']);

function normaliseInput(values) {
	const out = {};
	for (const [key, value] of Object.entries(values)) out[key] = normaliseValue(key, value);
	return out;
}

function normaliseValue(key, value) {
	if (typeof value === 'string') {
		const text = UNTRIMMED_FIELDS.has(key) ? value : value.trim();
		return text === '' ? null : text;
	}
	if (Array.isArray(value)) return value.map((item) => normaliseValue(key, item));
	if (value && typeof value === 'object') return normaliseInput(value);
	return value;
}

/** Symfony's Accept parsing: media types ordered by q (stable for equal q). */
function acceptableTypes(accept) {
	if (!accept) return [];
	return accept
		.split(',')
		.map((item, index) => {
			const [type, ...params] = item.split(';').map((s) => s.trim());
			const q = params.map((p) => /^q=([0-9.]+)$/i.exec(p)).find(Boolean);
			return { type: type.toLowerCase(), q: q ? Number(q[1]) : 1, index };
		})
		.filter((item) => item.type !== '')
		.sort((a, b) => b.q - a.q || a.index - b.index)
		.map((item) => item.type);
}

/** Request::expectsJson(): decides between a 401 JSON and a 302 to /login. */
function expectsJson(headers) {
	const types = acceptableTypes(headers.accept);
	const first = types[0] || '';
	const wantsJson = first.includes('/json') || first.includes('+json');
	const ajax = headers['x-requested-with'] === 'XMLHttpRequest';
	const acceptsAnything = types.length === 0 || first === '*/*' || first === '*';
	return wantsJson || (ajax && acceptsAnything);
}

/** Request::bearerToken(): the text after the LAST "Bearer " (case-sensitive), cut at a comma. */
function bearerToken(header) {
	if (typeof header !== 'string') return null;
	const at = header.lastIndexOf('Bearer ');
	if (at === -1) return null;
	const token = header.slice(at + 7).split(',')[0];
	return token === '' ? null : token;
}

/** MySQL `LIKE '%term%'` with a case-insensitive collation; Laravel does not escape % and _. */
function likeMatcher(term) {
	let pattern = '';
	for (let i = 0; i < term.length; i++) {
		const c = term[i];
		if (c === '\\' && i + 1 < term.length) pattern += escapeRegExp(term[++i]);
		else if (c === '%')
			pattern += pattern.endsWith('.*') ? '' : '.*'; // "%%%" must not backtrack like ".*.*.*"
		else if (c === '_') pattern += '.';
		else pattern += escapeRegExp(c);
	}
	const re = new RegExp(pattern, 'is');
	return (value) => re.test(value);
}

/** The term with `\\`, `%` and `_` escaped: what a build that escapes the search hands to LIKE. */
function escapeLike(term) {
	return term.replace(/[\\%_]/g, '\\$&');
}

function escapeRegExp(text) {
	return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** filter_var($v, FILTER_VALIDATE_INT) on an already-trimmed value. */
function isPhpInt(value) {
	if (typeof value === 'number') return Number.isInteger(value);
	return typeof value === 'string' && /^[+-]?(0|[1-9][0-9]*)$/.test(value);
}

/** PHP 8 loose `==` between a request value and an integer (for in_array on per_page). */
function looselyEqualsInt(value, int) {
	if (typeof value === 'number') return value === int;
	if (typeof value !== 'string') return false;
	const text = value.trim();
	return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) && Number(text) === int;
}

/** Paginator::resolveCurrentPage(): a valid integer >= 1, otherwise 1. */
function resolvePage(value) {
	if (isPhpInt(value) && Number(value) >= 1) return Number(value);
	return 1;
}

module.exports = {
	isoMicros,
	phpJson,
	phpUrldecode,
	rawUrldecode,
	phpUrlencode,
	parsePhpQuery,
	buildQuery,
	normaliseInput,
	acceptableTypes,
	expectsJson,
	bearerToken,
	likeMatcher,
	escapeLike,
	isPhpInt,
	looselyEqualsInt,
	resolvePage,
};
