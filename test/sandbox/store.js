'use strict';

// In-memory replacement for phpRank's `reports` table: auto-increment ids, owner (API key),
// soft deletes, a deterministic clock, and the report rendering the API returns.

const { analysePage, naturalTarget, targetForScore, rerunTarget } = require('./analysis');
const { CHECKS, TOTAL_POINTS } = require('./checks');
const { isoMicros } = require('./laravel');

const DEFAULT_CLOCK = '2026-01-05T09:00:00Z';
const DEFAULT_CLOCK_STEP_MS = 60 * 1000;
const RESULT_FIELDS = ['result', 'score', 'null'];

/**
 * Parse a page address the way the server sees it after fetching: http(s) only, fragment
 * dropped. Returns null when it is not an acceptable URL.
 */
function parsePageUrl(input) {
	if (typeof input !== 'string' || !/^https?:\/\/[^\s/?#]/i.test(input) || /\s/.test(input))
		return null;
	let parsed;
	try {
		parsed = new URL(input);
	} catch {
		return null;
	}
	if (
		!parsed.hostname ||
		!/^[a-z0-9_.\-[\]:]+$/i.test(parsed.hostname) ||
		parsed.hostname.startsWith('.')
	)
		return null;
	parsed.hash = '';
	const href = parsed.href;
	return {
		href,
		origin: parsed.origin,
		scheme: parsed.protocol.replace(':', ''),
		host: parsed.hostname,
		key: cleanUrl(href),
		project: parsed.hostname.replace(/^www\./i, ''),
	};
}

/** phpRank stores URLs without scheme, without "www." and without trailing slashes. */
function cleanUrl(href) {
	return href
		.replace(/^https?:\/\//i, '')
		.replace(/^www\./i, '')
		.replace(/\/+$/, '');
}

/** Whether a page is one a rule names: `{ project?, key? }`, each left out matching any page. */
function pageMatches(rule, page) {
	return (
		(rule.project === undefined || rule.project === page.project) &&
		(rule.key === undefined || rule.key === page.key)
	);
}

class Store {
	constructor({
		clock = DEFAULT_CLOCK,
		clockStepMs = DEFAULT_CLOCK_STEP_MS,
		resultField = 'result',
		projectResultDecimals = 2,
	} = {}) {
		if (!RESULT_FIELDS.includes(resultField))
			throw new Error(`resultField must be one of ${RESULT_FIELDS.join(', ')}`);
		this.clockStart = Math.floor(toMillis(clock) / 1000) * 1000;
		this.clockStepMs = clockStepMs;
		this.resultField = resultField;
		this.projectResultDecimals = projectResultDecimals;
		this.clear();
	}

	clear() {
		this.records = [];
		this.byId = new Map();
		this.nextId = 1;
		this.now = this.clockStart;
		this.storedUrls = new Map();
		/**
		 * Checks the site owner repaired (`passes: true`) or broke (`passes: false`):
		 * `{ checks: Set, passes, project?, key? }`, applied in order to every later analysis.
		 */
		this.repairs = [];
		/** Pages phpRank cannot fetch (the site down, or behind a firewall): `{ project?, key? }`. */
		this.unreachable = [];
	}

	/** From now on every analysis (a store or a re-run) of a matching page passes these checks. */
	addRepair(repair) {
		this.repairs.push({ ...repair, passes: true });
	}

	/** From now on every analysis of a matching page fails these checks (until a later repair). */
	addBreak(rule) {
		this.repairs.push({ ...rule, passes: false });
	}

	/** From now on phpRank's fetch of a matching page times out: every store or re-run of it fails. */
	addUnreachable(rule) {
		this.unreachable.push(rule);
	}

	/** Whether phpRank's fetch of this page times out (`addUnreachable`). */
	isUnreachable(page) {
		return this.unreachable.some((rule) => pageMatches(rule, page));
	}

	/** The current sandbox time; every write moves it forward by one step. */
	tick() {
		const time = this.now;
		this.now += this.clockStepMs;
		return time;
	}

	/**
	 * @param {object} args
	 * @param {string} args.owner          API key of the owning account
	 * @param {object} args.page           from parsePageUrl()
	 * @param {number} [args.privacy]
	 * @param {string|null} [args.password]
	 * @param {number|null} [args.score]   force this score (checks are adjusted to roughly match)
	 * @param {number} [args.targetScore]  aim the analysis near this score; the score still follows the checks
	 * @param {string} [args.project]      override the project name (for edge-case tests)
	 * @param {number} [args.createdAt]    ms; default: the clock
	 */
	create({
		owner,
		page,
		privacy = 0,
		password = null,
		score = null,
		targetScore,
		project,
		createdAt,
	}) {
		const time = createdAt === undefined ? this.tick() : createdAt;
		const pageInfo = project === undefined ? page : { ...page, project };
		const aim = score === null || score === undefined ? targetScore : score;
		const target = aim === undefined ? naturalTarget(pageInfo) : targetForScore(aim);
		const analysis = this.#repaired(pageInfo, analysePage(pageInfo, { target, run: 0 }));
		const record = {
			id: this.nextId++,
			owner,
			page: pageInfo,
			url: pageInfo.key,
			project: pageInfo.project,
			target,
			run: 0,
			score: score === null || score === undefined ? analysis.score : Math.round(score),
			results: analysis.results,
			privacy,
			password: privacy === 2 ? password : null,
			generatedAt: time,
			createdAt: time,
			updatedAt: time,
			deletedAt: null,
		};
		this.records.push(record);
		this.byId.set(record.id, record);
		return record;
	}

	/** Count a store made through POST /reports (for duplicate-create assertions). */
	noteStored(record) {
		this.storedUrls.set(record.url, (this.storedUrls.get(record.url) || 0) + 1);
	}

	storedCount(url) {
		const page = parsePageUrl(/^https?:\/\//i.test(url) ? url : `https://${url}`);
		const key = page ? page.key : cleanUrl(url);
		return this.storedUrls.get(key) || 0;
	}

	/** The owner's report, or null when missing, foreign or soft-deleted. */
	find(owner, id) {
		const record = this.byId.get(id);
		if (!record || record.owner !== owner || record.deletedAt !== null) return null;
		return record;
	}

	visible(owner) {
		return this.records.filter((r) => r.owner === owner && r.deletedAt === null);
	}

	/** Re-analyse at `time`: a new generated_at and possibly different checks and score. */
	rerun(record, time) {
		record.run += 1;
		const analysis = this.#repaired(
			record.page,
			analysePage(record.page, {
				target: rerunTarget(record.target, record.page, record.run),
				run: record.run,
			}),
		);
		record.results = analysis.results;
		record.score = analysis.score;
		record.generatedAt = time;
	}

	/**
	 * The analysis with the site owner's changes: each repaired check of the page passing, each broken
	 * one failing (the later rule of a check wins), the score from the checks.
	 */
	#repaired(page, analysis) {
		if (this.repairs.length === 0) return analysis;
		const outcome = new Map();
		for (const rule of this.repairs)
			if (pageMatches(rule, page)) for (const name of rule.checks) outcome.set(name, rule.passes);
		if (outcome.size === 0) return analysis;
		const results = { ...analysis.results };
		let points = 0;
		for (const check of CHECKS) {
			const passes = outcome.get(check.name);
			if (passes === true && !results[check.name].passed)
				results[check.name] = {
					passed: true,
					importance: check.importance,
					value: check.pass(0, page),
				};
			else if (passes === false && results[check.name].passed)
				results[check.name] = {
					passed: false,
					importance: check.importance,
					...check.fail(0, page),
				};
			if (results[check.name].passed) points += check.points;
		}
		return { results, score: Math.round((points / TOTAL_POINTS) * 100) };
	}

	softDelete(record) {
		record.deletedAt = this.tick();
	}

	/** The report exactly as the API returns it. */
	render(record) {
		const out = { id: record.id, url: record.url, project: record.project };
		if (this.resultField === 'score') out.score = record.score;
		else out.result = this.resultField === 'null' ? null : record.score;
		out.results = record.results;
		out.privacy = record.privacy;
		out.password = record.password !== null;
		out.generated_at = isoMicros(record.generatedAt);
		out.created_at = isoMicros(record.createdAt);
		out.updated_at = isoMicros(record.updatedAt);
		return out;
	}

	/** The test-facing view: always `result` as the score, plus owner and deleted_at. */
	inspect(record) {
		return {
			id: record.id,
			url: record.url,
			project: record.project,
			result: record.score,
			results: record.results,
			privacy: record.privacy,
			password: record.password !== null,
			generated_at: isoMicros(record.generatedAt),
			created_at: isoMicros(record.createdAt),
			updated_at: isoMicros(record.updatedAt),
			deleted_at: record.deletedAt === null ? null : isoMicros(record.deletedAt),
			owner: record.owner,
		};
	}
}

function toMillis(clock) {
	const ms =
		clock instanceof Date ? clock.getTime() : typeof clock === 'number' ? clock : Date.parse(clock);
	if (!Number.isFinite(ms)) throw new Error(`Invalid clock: ${clock}`);
	return ms;
}

module.exports = {
	Store,
	parsePageUrl,
	cleanUrl,
	DEFAULT_CLOCK,
	DEFAULT_CLOCK_STEP_MS,
	RESULT_FIELDS,
};
