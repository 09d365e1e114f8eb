'use strict';

// Deterministic hashing and a seeded PRNG: the sandbox never uses Math.random, so every
// run with the same inputs gives the same reports, scores and fault sequence.

/** FNV-1a over UTF-16 code units, finished with a murmur3 mixer for better low bits. */
function hash32(text) {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	return mix32(h);
}

function mix32(value) {
	let h = value >>> 0;
	h ^= h >>> 16;
	h = Math.imul(h, 0x85ebca6b);
	h ^= h >>> 13;
	h = Math.imul(h, 0xc2b2ae35);
	h ^= h >>> 16;
	return h >>> 0;
}

/** A number in [0, 1) from an integer hash and a salt: cheap per-check randomness from one page hash. */
function unitOf(hash, salt) {
	return mix32(hash ^ Math.imul(salt, 0x9e3779b1)) / 0x100000000;
}

/** A number in [0, 1) derived from the given parts. */
function unit(...parts) {
	return hash32(parts.join('\u0000')) / 0x100000000;
}

/** mulberry32: tiny, fast, good enough for fault injection. Returns () => [0, 1). */
function prng(seed) {
	let state = (typeof seed === 'number' ? seed : hash32(String(seed))) >>> 0;
	return function next() {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 0x100000000;
	};
}

module.exports = { hash32, mix32, unit, unitOf, prng };
