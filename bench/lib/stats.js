'use strict';
// Small statistics for noisy timings: medians and ranges, no means.

function sorted(values) {
	return [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
}

function median(values) {
	const s = sorted(values);
	if (s.length === 0) return NaN;
	const mid = Math.floor(s.length / 2);
	return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function range(values) {
	const s = sorted(values);
	return s.length ? [s[0], s[s.length - 1]] : [NaN, NaN];
}

function fmt(value, digits = 0) {
	if (!Number.isFinite(value)) return 'n/a';
	return value.toLocaleString('en-US', {
		minimumFractionDigits: digits,
		maximumFractionDigits: digits,
	});
}

function fmtBytes(bytes) {
	if (!Number.isFinite(bytes)) return 'n/a';
	if (Math.abs(bytes) >= 1024 * 1024) return `${fmt(bytes / 1024 / 1024, 1)} MiB`;
	if (Math.abs(bytes) >= 1024) return `${fmt(bytes / 1024, 1)} kB`;
	return `${bytes} B`;
}

module.exports = { median, range, fmt, fmtBytes };
