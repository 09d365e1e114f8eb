'use strict';

// Fault injection for reliability tests: Laravel-like throttling, random errors, drops and
// slow answers from a seeded PRNG (repeatable runs), and one-shot faults for exact tests.

const { prng } = require('./hash');

const DEFAULT_ERROR_STATUSES = [500, 502, 503];
const DROP_WHEN = ['before', 'after'];
/** Paginator envelopes: Laravel's length-aware one (phpRank's), its simple one, or one with `total` but no `last_page`. */
const LIST_META = ['length-aware', 'simple', 'total-only'];

/**
 * Laravel's ThrottleRequests: a fixed window per key that starts with the first hit.
 * Requests over the limit are rejected and do not count.
 */
class Throttle {
	constructor(config) {
		this.limit = config ? config.limit : null;
		this.windowMs = config ? config.windowMs : null;
		this.buckets = new Map();
	}

	get enabled() {
		return Number.isFinite(this.limit) && this.limit >= 0 && this.windowMs > 0;
	}

	/** @returns {{limited:boolean, headers:object}} headers to add to the answer */
	hit(key, now = Date.now()) {
		if (!this.enabled) return { limited: false, headers: {} };
		let bucket = this.buckets.get(key);
		if (!bucket || now >= bucket.resetAt) {
			bucket = { count: 0, resetAt: now + this.windowMs };
			this.buckets.set(key, bucket);
		}
		if (bucket.count >= this.limit) {
			const retryAfter = Math.max(1, Math.ceil((bucket.resetAt - now) / 1000));
			return {
				limited: true,
				headers: {
					'X-RateLimit-Limit': String(this.limit),
					'X-RateLimit-Remaining': '0',
					'Retry-After': String(retryAfter),
					'X-RateLimit-Reset': String(Math.ceil(now / 1000) + retryAfter),
				},
			};
		}
		bucket.count += 1;
		return {
			limited: false,
			headers: {
				'X-RateLimit-Limit': String(this.limit),
				'X-RateLimit-Remaining': String(this.limit - bucket.count),
			},
		};
	}

	reset() {
		this.buckets.clear();
	}
}

/** Validate and fill defaults of a fault configuration. */
function normaliseFaults(faults = {}) {
	const f = faults || {};
	const dropWhen = f.dropWhen || 'before';
	if (!DROP_WHEN.includes(dropWhen)) throw new Error(`faults.dropWhen must be 'before' or 'after'`);
	return {
		throttle: f.throttle ? normaliseThrottle(f.throttle) : null,
		errorRate: rate(f.errorRate, 'errorRate'),
		errorStatuses:
			f.errorStatuses && f.errorStatuses.length
				? f.errorStatuses.map(Number)
				: DEFAULT_ERROR_STATUSES,
		latencyMs: Math.max(0, Number(f.latencyMs) || 0),
		dropRate: rate(f.dropRate, 'dropRate'),
		dropWhen,
		slowMs: Math.max(0, Number(f.slowMs) || 0),
		slowRate: f.slowRate === undefined ? 1 : rate(f.slowRate, 'slowRate'),
		faultSeed: f.faultSeed,
		listMeta: listMeta(f.listMeta),
		// a phpRank build that escapes `%` and `_` in the report search (phpRank's own passes them to LIKE)
		searchAsWritten: f.searchAsWritten === true,
		// a phpRank build that ignores the report list's `sort_by` (sorts by id), keeping `sort`
		sortByIgnored: f.sortByIgnored === true,
	};
}

function normaliseThrottle(throttle) {
	const limit = Number(throttle.limit);
	const windowMs = Number(throttle.windowMs === undefined ? 60000 : throttle.windowMs);
	if (!Number.isInteger(limit) || limit < 0 || !(windowMs > 0))
		throw new Error('faults.throttle needs an integer limit >= 0 and windowMs > 0');
	return { limit, windowMs };
}

function listMeta(value) {
	if (value === undefined || value === null) return 'length-aware';
	if (!LIST_META.includes(value))
		throw new Error(`faults.listMeta must be one of ${LIST_META.join(', ')}`);
	return value;
}

/**
 * Rewrites a list answer's paginator for `listMeta`: 'simple' is Laravel's simplePaginate()
 * (no `total`, no `last_page`; `links.next` only while there is more), 'total-only' drops
 * `last_page` and keeps `total`. Other answers pass unchanged.
 */
function reshapeList(response, mode) {
	if (mode === 'length-aware' || response.status !== 200) return response;
	let body;
	try {
		body = JSON.parse(response.body);
	} catch {
		return response;
	}
	if (!body || !Array.isArray(body.data) || !body.meta) return response;
	const { last_page: _lastPage, links: _pageLinks, total, ...meta } = body.meta;
	if (mode === 'simple') {
		body.links = { ...body.links, last: null };
		body.meta = meta;
	} else {
		body.meta = { ...meta, total };
	}
	return { ...response, body: JSON.stringify(body) };
}

function rate(value, name) {
	if (value === undefined || value === null) return 0;
	const n = Number(value);
	if (!(n >= 0 && n <= 1)) throw new Error(`faults.${name} must be between 0 and 1`);
	return n;
}

/**
 * Decides, per request, which fault (if any) applies. Every request draws the same number
 * of random values whatever the configuration, so a given faultSeed always gives the same
 * sequence of decisions.
 */
class FaultPlan {
	constructor(faults, defaultSeed) {
		this.defaultSeed = defaultSeed === undefined ? 1 : defaultSeed;
		this.queue = [];
		this.configure(faults);
	}

	configure(faults) {
		this.config = normaliseFaults(faults);
		this.random = prng(
			this.config.faultSeed === undefined ? this.defaultSeed : this.config.faultSeed,
		);
		this.throttle = new Throttle(this.config.throttle);
	}

	/** Queue a one-shot fault: {count?, status?, drop?, slowMs?, hang?, trickleMs?, pageIgnored?, oversize?, method?, path?, headers?, body?, echoRequest?}. */
	failNext(spec = {}) {
		const count = spec.count === undefined ? 1 : Number(spec.count);
		if (!Number.isInteger(count) || count < 1)
			throw new Error('failNext count must be a positive integer');
		if (spec.drop !== undefined && !DROP_WHEN.includes(spec.drop))
			throw new Error(`failNext drop must be 'before' or 'after'`);
		const kinds = ['status', 'drop', 'slowMs', 'hang', 'trickleMs', 'pageIgnored', 'oversize'];
		if (kinds.every((kind) => spec[kind] === undefined)) {
			throw new Error(`failNext needs one of ${kinds.join(', ')}`);
		}
		this.queue.push({ ...spec, remaining: count });
	}

	clearQueue() {
		this.queue = [];
	}

	/** @returns {{status?:number, drop?:'before'|'after', slowMs?:number, hang?:boolean, trickleMs?:number, pageIgnored?:object, oversize?:object, headers?:object, body?:any, echoRequest?:boolean}|null} */
	decide(request) {
		const draws = {
			drop: this.random(),
			error: this.random(),
			status: this.random(),
			slow: this.random(),
		};
		const oneShot = this.takeOneShot(request);
		if (oneShot) return oneShot;
		const c = this.config;
		if (c.dropRate > 0 && draws.drop < c.dropRate) return { drop: c.dropWhen };
		if (c.errorRate > 0 && draws.error < c.errorRate) {
			return { status: c.errorStatuses[Math.floor(draws.status * c.errorStatuses.length)] };
		}
		if (c.slowMs > 0 && draws.slow < c.slowRate) return { slowMs: c.slowMs };
		return null;
	}

	takeOneShot(request) {
		const index = this.queue.findIndex((spec) => matchesSpec(spec, request));
		if (index === -1) return null;
		const spec = this.queue[index];
		spec.remaining -= 1;
		if (spec.remaining === 0) this.queue.splice(index, 1);
		// The fault itself, without the queue's own fields (count, remaining, method, path).
		return Object.fromEntries(FAULT_FIELDS.map((field) => [field, spec[field]]));
	}
}

/** What a one-shot fault says about the answer, as `decide` returns it. */
const FAULT_FIELDS = [
	'status',
	'drop',
	'slowMs',
	'hang',
	'trickleMs',
	'pageIgnored',
	'oversize',
	'headers',
	'body',
	'echoRequest',
];

function matchesSpec(spec, request) {
	if (spec.method && spec.method.toUpperCase() !== request.method) return false;
	if (spec.path instanceof RegExp) {
		spec.path.lastIndex = 0; // a /g regex would otherwise remember its last match
		return spec.path.test(request.path);
	}
	if (typeof spec.path === 'string') return request.pathname.startsWith(spec.path);
	return true;
}

module.exports = { Throttle, FaultPlan, normaliseFaults, reshapeList, DEFAULT_ERROR_STATUSES };
