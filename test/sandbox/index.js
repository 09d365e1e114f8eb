'use strict';

// phpRank-compatible sandbox server: an in-memory phpRank API for tests and the demo.
// Zero dependencies. See README.md in this folder for options and behaviour.

const http = require('node:http');
const zlib = require('node:zlib');
const { STATUS_CODES } = http;
const { Store, DEFAULT_CLOCK, parsePageUrl } = require('./store');
const { buildAccounts } = require('./accounts');
const { FaultPlan, reshapeList } = require('./faults');
const { createApp } = require('./api');
const { applySeed, seedPage } = require('./seeds');
const { parsePhpQuery, phpJson } = require('./laravel');
const { proxyErrorPage } = require('./pages');
const { answerSiteFile, siteFilesOf } = require('./site');
const { CHECK_NAMES, CHECKS, TOTAL_POINTS } = require('./checks');

const KNOWN_OPTIONS = new Set([
	'apiKeys',
	'port',
	'host',
	'seed',
	'faults',
	'faultSeed',
	'clock',
	'clockStepMs',
	'resultField',
	'maxReports',
	'analysisDelayMs',
	'projectResultDecimals',
	'publicUrl',
	'site',
]);
const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * Start a sandbox on 127.0.0.1.
 * @param {object} [options] see README.md
 * @returns {Promise<Sandbox>}
 */
async function startSandbox(options = {}) {
	const unknown = Object.keys(options).filter((key) => !KNOWN_OPTIONS.has(key));
	if (unknown.length) throw new Error(`Unknown sandbox option(s): ${unknown.join(', ')}`);

	const store = new Store({
		clock: options.clock === undefined ? DEFAULT_CLOCK : options.clock,
		clockStepMs: options.clockStepMs,
		resultField: options.resultField,
		projectResultDecimals: options.projectResultDecimals,
	});
	const accounts = buildAccounts(options.apiKeys, {
		clockStart: store.clockStart,
		maxReports: options.maxReports ?? null,
	});
	const faults = new FaultPlan(options.faults, options.faultSeed);
	const timers = new Set();
	const wait = (ms) => delay(ms, timers);
	const app = createApp({
		store,
		accounts,
		throttle: () => faults.throttle,
		searchAsWritten: () => faults.config.searchAsWritten,
		sortByIgnored: () => faults.config.sortByIgnored,
		options: { analysisDelayMs: Math.max(0, Number(options.analysisDelayMs) || 0), wait },
	});

	// The handler only runs once the server listens, by which time `sandbox` exists.
	const server = http.createServer((req, res) => {
		serve({ req, res, app, faults, wait, sandbox, publicUrl: options.publicUrl }).catch((error) => {
			// A bug in the sandbox must show up as a 500, never as a hung test.
			if (!res.headersSent && !res.destroyed) {
				res.writeHead(500, { 'Content-Type': 'application/json' });
				res.end(phpJson({ message: 'Server Error', sandboxError: String(error && error.stack) }));
			}
		});
	});
	const sandbox = new Sandbox({ store, accounts, faults, timers, server, seed: options.seed });
	sandbox.siteFiles = siteFilesOf(options.site);
	// Open connections, for tests of what a client leaves open (openConnections()).
	server.on('connection', (socket) => {
		sandbox.sockets.add(socket);
		socket.once('close', () => sandbox.sockets.delete(socket));
	});
	sandbox.reset(options.seed);
	await new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, options.host || '127.0.0.1', () => {
			server.off('error', reject);
			resolve();
		});
	});
	sandbox.port = server.address().port;
	sandbox.url = `http://${urlHost(options.host)}:${sandbox.port}`;
	return sandbox;
}

class Sandbox {
	#store;
	#accounts;
	#faults;
	#timers;
	#server;
	#initialSeed;

	constructor({ store, accounts, faults, timers, server, seed }) {
		this.#store = store;
		this.#accounts = accounts;
		this.#faults = faults;
		this.#timers = timers;
		this.#server = server;
		this.#initialSeed = seed;
		/** Every request received, in arrival order. */
		this.requests = [];
		/** The connections open now (server side). */
		this.sockets = new Set();
		/** Listeners told of every request as it arrives (`onRequest`). */
		this.requestListeners = new Set();
		this.url = null;
		this.port = null;
		this.keys = accounts.list.map((a) => a.key);
	}

	clearRequests() {
		this.requests.length = 0;
	}

	/** Calls `listener(entry)` for every request as it arrives (before it is answered); returns the unsubscribe. */
	onRequest(listener) {
		this.requestListeners.add(listener);
		return () => this.requestListeners.delete(listener);
	}

	/** Empty the store, the request log, one-shot faults and throttle counters; then seed. Without an argument the start-up seed is used again. */
	reset(...args) {
		const seed = args.length === 0 ? this.#initialSeed : args[0];
		this.#store.clear();
		this.clearRequests();
		this.#faults.clearQueue();
		this.#faults.throttle.reset();
		checkSeedOwners(seed, this.#accounts);
		applySeed(this.#store, seed, this.#accounts.first.key);
	}

	/**
	 * phpRank reinstalled: every report gone and IDs from 1 again, while time goes on (the next
	 * report is created after everything before). `reset` instead starts the clock over too,
	 * like a restore of an old backup.
	 */
	reinstall() {
		const now = this.#store.now;
		this.#store.clear();
		this.#store.now = now;
	}

	/** Add a report directly (not counted by createdCount). Returns it as the API would. */
	addReport({ url, score, privacy = 0, password = null, owner, project } = {}) {
		const account = this.#accountFor(owner);
		const record = this.#store.create({
			owner: account.key,
			page: seedPage(url),
			privacy,
			password,
			score,
			project,
		});
		return this.#store.render(record);
	}

	/**
	 * Sets checks of a stored report to passed (true) or failed (false), as a re-run that changed
	 * only those would (new generated_at, the score from the checks). `outcomes`: `{ noindex: false }`,
	 * or `'all'` / `'none'` for every check passing / failing. Returns the report as the API would.
	 */
	setChecks(id, outcomes) {
		const record = this.#store.byId.get(id);
		if (!record) throw new Error(`No report ${id}`);
		const wanted =
			typeof outcomes === 'string'
				? Object.fromEntries(CHECK_NAMES.map((name) => [name, outcomes === 'all']))
				: outcomes;
		const results = { ...record.results };
		for (const [name, passed] of Object.entries(wanted)) {
			const check = CHECKS.find((entry) => entry.name === name);
			if (!check) throw new Error(`Unknown check: ${name}`);
			results[name] = passed
				? { passed: true, importance: check.importance, value: check.pass(0, record.page) }
				: { passed: false, importance: check.importance, ...check.fail(0, record.page) };
		}
		record.results = results;
		const points = CHECKS.reduce(
			(sum, check) => sum + (results[check.name].passed ? check.points : 0),
			0,
		);
		record.score = Math.round((points / TOTAL_POINTS) * 100);
		record.generatedAt = this.#store.tick();
		record.updatedAt = record.generatedAt;
		return this.#store.render(record);
	}

	/**
	 * The site owner repairs `checks` (a check's key or a list) on the pages of `project`, or on
	 * the one page `url` (any form of it), or on both: from now on every re-run (`results=1`) or
	 * new store of such a page passes them; stored reports keep what they said until re-run.
	 * `reset` and `reinstall` forget repairs. Returns the ids of the stored reports of those pages.
	 */
	repair({ checks, project, url } = {}) {
		return this.#ownerRule('repair', { checks, project, url });
	}

	/**
	 * The site owner breaks `checks` (a check's key or a list) on the pages of `project`, or on the
	 * one page `url`, or on both: from now on every re-run or new store of such a page fails them
	 * (until a later `repair` of them); stored reports keep what they said until re-run. `reset` and
	 * `reinstall` forget it. Returns the ids of the stored reports of those pages.
	 */
	breakChecks({ checks, project, url } = {}) {
		return this.#ownerRule('breakChecks', { checks, project, url });
	}

	/** A repair or a break of checks on a project's pages or one page (`what` names the method). */
	#ownerRule(what, { checks, project, url }) {
		const names = [checks].flat();
		for (const name of names)
			if (!CHECK_NAMES.includes(name)) throw new Error(`Unknown check: ${name}`);
		if (project === undefined && url === undefined)
			throw new Error(`${what} needs a project or a url`);
		const key = url === undefined ? undefined : seedPage(url).key;
		const rule = { checks: new Set(names), project, key };
		if (what === 'repair') this.#store.addRepair(rule);
		else this.#store.addBreak(rule);
		return this.#pagesOf(project, key);
	}

	/** The ids of the stored reports (not deleted) of `project`'s pages, or of the page `key`, or both. */
	#pagesOf(project, key) {
		return this.#store.records
			.filter(
				(record) =>
					record.deletedAt === null &&
					(project === undefined || record.project === project) &&
					(key === undefined || record.page.key === key),
			)
			.map((record) => record.id);
	}

	/**
	 * The site goes down, or behind a firewall phpRank's server is not let through: from now on
	 * every store or re-run (`results=1`) of a page of `project`, or of the one page `url` (any form
	 * of it), or both, answers 422 with phpRank's fetch timeout (cURL error 28) under `url`, as the
	 * real phpRank does; nothing is stored or changed. `reset` and `reinstall` forget it. Returns the
	 * ids of the stored reports of those pages.
	 */
	makeUnreachable({ project, url } = {}) {
		if (project === undefined && url === undefined)
			throw new Error('makeUnreachable needs a project or a url');
		const key = url === undefined ? undefined : seedPage(url).key;
		this.#store.addUnreachable({ project, key });
		return this.#pagesOf(project, key);
	}

	/** All stored reports, soft-deleted ones included (deleted_at), with owner; `result` is always the score. */
	reports() {
		return this.#store.records.map((record) => this.#store.inspect(record));
	}

	/** How many times POST /reports stored this URL (any form of it: scheme and www. are ignored). */
	createdCount(url) {
		return this.#store.storedCount(url);
	}

	/** Replace the fault configuration (throttle counters and the fault PRNG start afresh). */
	setFaults(faults = {}) {
		const queue = this.#faults.queue;
		this.#faults.configure(faults);
		this.#faults.queue = queue;
	}

	/** Queue a one-shot fault for the next matching request(s). */
	failNext(spec) {
		this.#faults.failNext(spec);
	}

	#accountFor(owner) {
		if (owner === undefined) return this.#accounts.first;
		const account = this.#accounts.byKey.get(owner);
		if (!account) throw new Error(`Unknown owner key: ${owner}`);
		return account;
	}

	/** How many connections are open now: a client that closes what it opened leaves none. */
	openConnections() {
		return this.sockets.size;
	}

	async close() {
		for (const timer of this.#timers) clearTimeout(timer);
		this.#timers.clear();
		if (!this.#server || !this.#server.listening) return;
		await new Promise((resolve) => {
			this.#server.close(() => resolve());
			this.#server.closeAllConnections();
		});
	}
}

/** The address clients should use: wildcard binds are reached through 127.0.0.1. */
function urlHost(host) {
	if (!host || host === '0.0.0.0' || host === '::') return '127.0.0.1';
	return host.includes(':') ? `[${host}]` : host;
}

function checkSeedOwners(seed, accounts) {
	const owners = Array.isArray(seed)
		? seed.map((e) => e.owner)
		: seed && typeof seed === 'object'
			? [seed.owner]
			: [];
	for (const owner of owners) {
		if (owner !== undefined && !accounts.byKey.has(owner))
			throw new Error(`Seed owner is not one of the API keys: ${owner}`);
	}
}

/* ------------------------------------------------------------------ one request */

async function serve({ req, res, app, faults, wait, sandbox, publicUrl }) {
	const rawBody = await readBody(req);
	const entry = recordRequest(req, rawBody);
	sandbox.requests.push(entry);
	for (const listener of sandbox.requestListeners) listener(entry);
	res.on('close', () => {
		if (
			!res.writableFinished &&
			entry.outcome !== 'dropped-before' &&
			entry.outcome !== 'dropped-after'
		) {
			entry.clientAborted = true;
			entry.clientAbortedAt = Date.now();
		}
	});

	await wait(faults.config.latencyMs);
	const fault = faults.decide(entry);
	if (fault && fault.drop === 'before') return drop(req, entry, 'dropped-before');
	// Accepts the connection and never answers (until the client gives up or the sandbox closes).
	if (fault && fault.hang) {
		entry.outcome = 'hung';
		return;
	}
	if (fault && fault.pageIgnored)
		return send(res, entry, pageIgnoredList(fault.pageIgnored, entry), 'fault');
	if (fault && fault.oversize) return await sendOversize(res, entry, fault.oversize);
	if (fault && fault.status) return send(res, entry, faultResponse(fault, entry), 'fault');

	const baseUrl = publicUrl
		? publicUrl.replace(/\/+$/, '')
		: `http://${req.headers.host || `127.0.0.1:${sandbox.port}`}`;
	// The site's own files (robots.txt, sitemaps) for Project → Audit Site: test/sandbox/site.js.
	// a '*' rule of the whole site (test/sandbox/site.js) is asked first, as the site's own server asks it
	const rule = sandbox.siteFiles?.['*'];
	const ruled =
		typeof rule === 'function' && !entry.pathname.startsWith('/api/')
			? rule({ path: req.url, host: req.headers.host })
			: undefined;
	const siteFile = ruled ?? sandbox.siteFiles?.[entry.pathname];
	if (siteFile !== undefined && !entry.pathname.startsWith('/api/')) {
		entry.outcome = 'site';
		entry.status =
			typeof siteFile === 'object' && !Buffer.isBuffer(siteFile) ? (siteFile.status ?? 200) : 200;
		return answerSiteFile(res, siteFile, baseUrl, entry);
	}
	const {
		response: handled,
		outcome,
		processed,
	} = await app.handle({
		method: req.method,
		pathname: entry.pathname,
		queryString: entry.queryString,
		headers: entry.headers,
		rawBody,
		baseUrl,
	});
	entry.processed = processed;
	const response = reshapeList(handled, faults.config.listMeta);
	if (fault && fault.drop === 'after') return drop(req, entry, 'dropped-after');
	if (fault && fault.slowMs) {
		await wait(fault.slowMs);
		return send(res, entry, response, 'slow');
	}
	if (fault && fault.trickleMs) return trickle(res, entry, response, fault.trickleMs, wait);
	return send(res, entry, response, outcome);
}

function readBody(req) {
	return new Promise((resolve, reject) => {
		const chunks = [];
		let size = 0;
		req.on('data', (chunk) => {
			size += chunk.length;
			if (size <= MAX_BODY_BYTES) chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

/** The log entry tests inspect; `status` and `outcome` are filled in when the request ends. */
function recordRequest(req, rawBody) {
	const target = req.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, ''); // absolute-form, as proxies send
	const q = target.indexOf('?');
	const pathname = q === -1 ? target : target.slice(0, q);
	const queryString = q === -1 ? '' : target.slice(q + 1);
	const contentType = String(req.headers['content-type'] || '').toLowerCase();
	return {
		method: req.method,
		path: req.url,
		pathname,
		queryString,
		query: parsePhpQuery(queryString).values,
		headers: { ...req.headers },
		rawBody,
		form: contentType.startsWith('application/x-www-form-urlencoded')
			? parsePhpQuery(rawBody).values
			: null,
		status: null,
		outcome: null,
		processed: false,
		clientAborted: false,
		clientAbortedAt: null,
		receivedAt: Date.now(),
		bytesWritten: 0,
	};
}

function drop(req, entry, outcome) {
	entry.outcome = outcome;
	req.socket.destroy();
}

function send(res, entry, response, outcome) {
	entry.status = response.status;
	entry.outcome = outcome;
	if (res.destroyed) return;
	const body = response.body || '';
	res.writeHead(response.status, {
		...response.headers,
		'Content-Length': Buffer.byteLength(body),
	});
	res.end(body);
}

/**
 * Sends the headers at once, then the body one byte every `intervalMs`: the connection is never
 * quiet for long, so an idle timeout never fires (outcome `trickled`).
 */
async function trickle(res, entry, response, intervalMs, wait) {
	entry.status = response.status;
	entry.outcome = 'trickled';
	if (res.destroyed) return;
	const body = Buffer.from(response.body || '');
	res.writeHead(response.status, { ...response.headers, 'Content-Length': body.length });
	for (let at = 0; at < body.length; at++) {
		if (res.destroyed) return;
		res.write(body.subarray(at, at + 1));
		await wait(intervalMs);
	}
	res.end();
}

/** The start of every oversize body: JSON that opens a list of reports and never closes it. */
const OVERSIZE_PREFIX = '{"data":[{"id":1,"url":"';
const OVERSIZE_CHUNK = Buffer.alloc(64 * 1024, 'x');
/** One gzip member that inflates to 1 MiB of filler: members repeat into a gzip bomb. */
let gzipMember;

/**
 * A 200 of JSON that is far too large (outcome `oversize`): `bytes` of body (Infinity: it never
 * ends), as the client reads it. `declare`: a Content-Length header (otherwise chunked);
 * `gzip`: the body gzip-compressed (1 MiB inflated per ~1 KiB sent). Written with
 * backpressure, so `entry.bytesWritten` (body bytes on the wire, compressed for gzip) shows
 * how much the client read before it closed the connection.
 */
async function sendOversize(res, entry, { bytes, declare = false, gzip = false }) {
	entry.status = 200;
	entry.outcome = 'oversize';
	if (res.destroyed) return;
	const headers = { 'Content-Type': 'application/json' };
	let chunk = OVERSIZE_CHUNK;
	let unit = OVERSIZE_CHUNK.length;
	if (gzip) {
		gzipMember ??= zlib.gzipSync(Buffer.alloc(1024 * 1024, 'x'), { level: 9 });
		chunk = gzipMember;
		unit = 1024 * 1024;
		headers['Content-Encoding'] = 'gzip';
	}
	const units = Math.ceil(bytes / unit);
	if (declare && Number.isFinite(bytes)) headers['Content-Length'] = units * chunk.length;
	res.writeHead(200, headers);
	const write = (data) =>
		new Promise((resolve) => {
			if (res.destroyed) return resolve(false);
			entry.bytesWritten += data.length;
			if (res.write(data)) return resolve(true);
			const done = () => {
				res.off('drain', done);
				res.off('close', done);
				resolve(!res.destroyed);
			};
			res.on('drain', done);
			res.on('close', done);
		});
	// The JSON's first bytes replace the start of the first unit (plain bodies only).
	const first = gzip
		? chunk
		: Buffer.concat([Buffer.from(OVERSIZE_PREFIX), chunk.subarray(OVERSIZE_PREFIX.length)]);
	if (!(await write(first))) return;
	for (let sent = 1; sent < units; sent++) if (!(await write(chunk))) return;
	res.end();
}

let pageIgnoredTurn = 0;

/**
 * A list that ignores `page`: always the same `ids` (reports with only an id and a url), in a
 * new order each time, claiming `lastPage` pages. `currentPage`: the page it claims to be (1), or
 * 'echo' to name the page asked for.
 */
function pageIgnoredList({ ids, lastPage = 1000, currentPage = 1 }, entry) {
	const turn = ++pageIgnoredTurn % ids.length;
	const order = [...ids.slice(turn), ...ids.slice(0, turn)].reverse();
	const perPage = ids.length;
	const body = {
		data: order.map((id) => ({ id, url: `page-ignored.test/${id}` })),
		meta: {
			current_page: currentPage === 'echo' ? Number(entry.query.page || 1) : currentPage,
			last_page: lastPage,
			per_page: perPage,
			total: lastPage * perPage,
		},
		links: { next: 'http://127.0.0.1/api/v1/reports?page=2' },
	};
	return {
		status: 200,
		headers: { 'Content-Type': 'application/json' },
		body: phpJson(body),
	};
}

/**
 * What a faulted request gets: Laravel's own error JSON for 500/503/429, nginx's page for gateway
 * errors; with `echoRequest`, a debug page's JSON that repeats the request's headers and body.
 */
function faultResponse({ status, headers = {}, body, echoRequest }, entry) {
	const jsonHeaders = { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, private' };
	if (echoRequest) {
		const echoed = {
			message: `Bad request: ${JSON.stringify({ headers: entry.headers, body: entry.rawBody })}`,
		};
		return { status, headers: { ...jsonHeaders, ...headers }, body: phpJson(echoed) };
	}
	if (body !== undefined) {
		const isText = typeof body === 'string';
		return {
			status,
			headers: {
				...(isText ? { 'Content-Type': 'text/html; charset=UTF-8' } : jsonHeaders),
				...headers,
			},
			body: isText ? body : phpJson(body),
		};
	}
	const known = FAULT_BODIES[status];
	if (known)
		return {
			status,
			headers: { ...jsonHeaders, ...known.headers, ...headers },
			body: phpJson(known.body),
		};
	if (status >= 500)
		return {
			status,
			headers: { 'Content-Type': 'text/html', ...headers },
			body: proxyErrorPage(status),
		};
	return {
		status,
		headers: { ...jsonHeaders, ...headers },
		body: phpJson({ message: STATUS_CODES[status] || 'Error', status }),
	};
}

const FAULT_BODIES = {
	401: { body: { message: 'Unauthenticated.' } },
	403: { body: { message: 'This action is unauthorized.' } },
	404: { body: { message: 'Resource not found.', status: 404 } },
	429: {
		body: { message: 'Too Many Attempts.' },
		headers: { 'Retry-After': '1', 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0' },
	},
	500: { body: { message: 'Server Error' } },
	503: { body: { message: 'Service Unavailable' } },
};

function delay(ms, timers) {
	if (!(ms > 0)) return Promise.resolve();
	return new Promise((resolve) => {
		const timer = setTimeout(() => {
			timers.delete(timer);
			resolve();
		}, ms);
		timers.add(timer);
	});
}

module.exports = { startSandbox, CHECK_NAMES, DEFAULT_CLOCK, parsePageUrl };
