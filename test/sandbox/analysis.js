'use strict';

// Deterministic fake page analysis. No network: a hash of the page decides how good the
// site is, which checks pass and which variant of each value is shown. The score then
// follows the real formula (passed points / total points x 100, high 10, medium 5, low 0).

const { CHECKS, TOTAL_POINTS, VARIANTS } = require('./checks');
const { hash32, unit, unitOf, mix32 } = require('./hash');

// Per-check salts let one integer hash of the page drive every per-check decision
// (string hashing per check made a 10,000-report seed several times slower).
const ANALYSED = CHECKS.map((check, index) => ({ ...check, index, salt: hash32(check.name) }));
const HTTPS = ANALYSED.find((c) => c.name === 'https_encryption');
const SELECTABLE_HIGH = ANALYSED.filter((c) => c.importance === 'high' && c !== HTTPS);
const SELECTABLE_MEDIUM = ANALYSED.filter((c) => c.importance === 'medium');
const LOW = ANALYSED.filter((c) => c.importance === 'low');
const MAX_SELECTABLE_POINTS = SELECTABLE_HIGH.length * 10 + SELECTABLE_MEDIUM.length * 5;
const RERUN_DELTAS = [-10, -5, 0, 5, 10];
const RUN_SALT = 0x27d4eb2d;

/** Shared, frozen check objects indexed by check, outcome and variant: seeded reports reuse a few hundred of them. */
const sharedChecks = new Array(ANALYSED.length * 2 * VARIANTS);

/** Points a page aims for: a per-site quality plus a little per-page jitter. */
function naturalTarget(page) {
	const siteQuality = 0.3 + 0.68 * unit('site', page.project);
	const pageJitter = (unit('page', page.key) - 0.5) * 0.24;
	return roundToFive(TOTAL_POINTS * clamp(siteQuality + pageJitter, 0, 1));
}

/** Points that give roughly the wanted score (points come in steps of 5). */
function targetForScore(score) {
	return roundToFive((clamp(score, 0, 100) * TOTAL_POINTS) / 100);
}

/** A re-run moves the target a little, so some marginal checks (and the score) may change. */
function rerunTarget(baseTarget, page, run) {
	if (run === 0) return baseTarget;
	const delta = RERUN_DELTAS[hash32(`rerun\u0000${page.key}\u0000${run}`) % RERUN_DELTAS.length];
	return clamp(baseTarget + delta, 0, TOTAL_POINTS);
}

/**
 * @param {{key:string, href:string, origin:string, scheme:string, project:string}} page
 * @param {{target:number, run:number}} options
 * @returns {{results: object, score: number}}
 */
function analysePage(page, { target, run }) {
	const pageHash = hash32(page.key);
	const passed = choosePassingChecks(page, pageHash, target, run);
	const results = {};
	let points = 0;
	for (const check of ANALYSED) {
		const ok = passed[check.index] === 1;
		if (ok) points += check.points;
		results[check.name] = checkResult(check, ok, variantOf(pageHash, check, run), page);
	}
	return { results, score: Math.round((points / TOTAL_POINTS) * 100) };
}

/** Pick which checks pass (1 in the returned array) so the passed points land on the target. */
function choosePassingChecks(page, pageHash, target, run) {
	const passed = new Uint8Array(ANALYSED.length);
	const httpsOk = page.scheme === 'https';
	if (httpsOk) passed[HTTPS.index] = 1;
	const rest = clamp(target - (httpsOk ? 10 : 0), 0, MAX_SELECTABLE_POINTS);
	const { highs, mediums } = splitPoints(rest);
	// The order is fixed per page, so a re-run with a nearby target only flips the marginal checks.
	markFirst(passed, orderFor(pageHash, SELECTABLE_HIGH), highs);
	markFirst(passed, orderFor(pageHash, SELECTABLE_MEDIUM), mediums);
	const lowPassRate = 0.15 + 0.8 * (rest / MAX_SELECTABLE_POINTS);
	for (const check of LOW) {
		if (unitOf(pageHash ^ runSalt(check, run), check.salt + 1) < lowPassRate)
			passed[check.index] = 1;
	}
	return passed;
}

function markFirst(passed, ordered, count) {
	for (let i = 0; i < count; i++) passed[ordered[i].index] = 1;
}

/** Volatile checks (timings, sizes) get fresh randomness on every re-run. */
function runSalt(check, run) {
	return check.volatile ? Math.imul(run, RUN_SALT) : 0;
}

/** Split points into a count of high (10) and medium (5) checks, keeping both roughly proportional. */
function splitPoints(points) {
	const maxHigh = SELECTABLE_HIGH.length;
	const maxMedium = SELECTABLE_MEDIUM.length;
	let highs = clamp(Math.round((maxHigh * points) / (maxHigh * 10 + maxMedium * 5)), 0, maxHigh);
	let mediums = (points - highs * 10) / 5;
	while (mediums > maxMedium && highs < maxHigh) {
		highs += 1;
		mediums -= 2;
	}
	while (mediums < 0 && highs > 0) {
		highs -= 1;
		mediums += 2;
	}
	return { highs, mediums: clamp(mediums, 0, maxMedium) };
}

function orderFor(pageHash, checks) {
	const ranks = checks.map((check) => mix32(pageHash ^ check.salt));
	return checks
		.map((check, i) => i)
		.sort((a, b) => ranks[a] - ranks[b])
		.map((i) => checks[i]);
}

function variantOf(pageHash, check, run) {
	return mix32(pageHash ^ Math.imul(check.salt, 31) ^ runSalt(check, run)) % VARIANTS;
}

function checkResult(check, ok, variant, page) {
	if (check.perUrl) return buildCheck(check, ok, variant, page);
	const slot = (check.index * 2 + (ok ? 1 : 0)) * VARIANTS + variant;
	let shared = sharedChecks[slot];
	if (!shared) {
		shared = deepFreeze(buildCheck(check, ok, variant, page));
		sharedChecks[slot] = shared;
	}
	return shared;
}

function buildCheck(check, ok, variant, page) {
	if (ok) return { passed: true, importance: check.importance, value: check.pass(variant, page) };
	const { value, errors } = check.fail(variant, page);
	return { passed: false, importance: check.importance, value, errors };
}

function deepFreeze(value) {
	if (value && typeof value === 'object' && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const inner of Object.values(value)) deepFreeze(inner);
	}
	return value;
}

function clamp(value, min, max) {
	return Math.min(max, Math.max(min, value));
}

function roundToFive(value) {
	return Math.round(value / 5) * 5;
}

module.exports = { analysePage, naturalTarget, targetForScore, rerunTarget, splitPoints };
