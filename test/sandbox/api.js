'use strict';

// The phpRank application itself: routing under /api/v1, throttle, auth, the report and
// project controllers, and the HTML the web side answers for everything else.

const L = require('./laravel');
const { paginate } = require('./paginator');
const { parsePageUrl } = require('./store');
const { validateStore, validateUpdate } = require('./validation');
const { renderAccount } = require('./accounts');
const { loginPage, redirectPage } = require('./pages');

const API_PREFIX = '/api/v1';
const PER_PAGE_VALUES = [10, 25, 50, 100];
const DEFAULT_PER_PAGE = 10;
const CLIENT_IP = '127.0.0.1'; // unauthenticated requests are throttled by IP, all local here

const NOT_FOUND = { message: 'Resource not found.', status: 404 };
const UNAUTHORIZED_ACTION = { message: 'This action is unauthorized.' };
const NO_API_ACCESS = { message: "You don't have access to this feature.", status: 403 };

// Routes match the RAW path (after /api/v1, trailing slashes trimmed); parameters are
// percent-decoded afterwards, so "a%2Fb" is one segment meaning "a/b".
const ROUTES = [
	{ pattern: /^\/reports$/, handlers: { GET: listReports, POST: storeReport } },
	{
		pattern: /^\/reports\/([^/]+)$/,
		handlers: { GET: showReport, PUT: updateReport, PATCH: updateReport, DELETE: deleteReport },
	},
	{ pattern: /^\/projects$/, handlers: { GET: listProjects } },
	{ pattern: /^\/projects\/([^/]+)$/, handlers: { DELETE: deleteProject } },
	{ pattern: /^\/account$/, handlers: { GET: showAccount } },
];

/* ------------------------------------------------------------------ responses */

function json(status, body, headers = {}) {
	return {
		status,
		headers: {
			'Content-Type': 'application/json',
			'Cache-Control': 'no-cache, private',
			...headers,
		},
		body: L.phpJson(body),
	};
}

function html(status, body, headers = {}) {
	return {
		status,
		headers: {
			'Content-Type': 'text/html; charset=UTF-8',
			'Cache-Control': 'no-cache, private',
			...headers,
		},
		body,
	};
}

function validationFailed(fields) {
	return json(422, { message: fields, status: 422 });
}

/* ------------------------------------------------------------------ the app */

/**
 * @param {object} deps
 * @param {import('./store').Store} deps.store
 * @param {{byKey: Map}} deps.accounts
 * @param {() => import('./faults').Throttle} deps.throttle  current throttle (faults can be swapped)
 * @param {() => boolean} deps.searchAsWritten  whether the report search escapes `%` and `_` (faults)
 * @param {() => boolean} deps.sortByIgnored  whether the report list sorts by id whatever `sort_by` says (faults)
 * @param {object} deps.options  {analysisDelayMs, wait(ms)}
 */
function createApp({ store, accounts, throttle, searchAsWritten, sortByIgnored, options }) {
	/** @returns {Promise<{response, outcome:'ok'|'throttled', processed:boolean}>} */
	async function handle(request) {
		const { pathname } = request;
		if (pathname !== API_PREFIX && !pathname.startsWith(`${API_PREFIX}/`)) {
			return done(html(200, loginPage(request.baseUrl)));
		}
		const body = parseBody(request);
		const query = L.normaliseInput(L.parsePhpQuery(request.queryString).values);
		const input = { ...query, ...L.normaliseInput(body) };
		const method = effectiveMethod(request, body, query);
		const match = matchRoute(pathname.slice(API_PREFIX.length));
		if (!match) return done(json(404, NOT_FOUND));
		if (method === 'OPTIONS') return done(allowResponse(match.route, 204));
		const handler = match.route.handlers[method];
		if (!handler) return done(methodNotAllowed(method, match.route, pathname));

		const account = authenticate(request.headers, input);
		const limit = throttle().hit(account ? `key:${account.key}` : `ip:${CLIENT_IP}`);
		if (limit.limited)
			return {
				response: json(429, { message: 'Too Many Attempts.' }, limit.headers),
				outcome: 'throttled',
				processed: false,
			};

		let response;
		let processed = false;
		if (!account) response = unauthenticated(request);
		else if (!account.apiAccess) response = json(403, NO_API_ACCESS);
		else {
			processed = true;
			response = await handler({
				request,
				query,
				input,
				params: match.params,
				account,
				store,
				options: {
					...options,
					searchAsWritten: searchAsWritten(),
					sortByIgnored: sortByIgnored(),
				},
			});
		}
		Object.assign(response.headers, limit.headers);
		return { response, outcome: 'ok', processed };
	}

	function authenticate(headers, input) {
		const key = tokenFor(headers, input);
		return key === null ? null : accounts.byKey.get(key) || null;
	}

	return { handle };
}

function done(response) {
	return { response, outcome: 'ok', processed: false };
}

/** Laravel's token guard looks at ?api_token=, then the api_token input, then the Bearer header. */
function tokenFor(headers, input) {
	if (typeof input.api_token === 'string') return input.api_token;
	return L.bearerToken(headers.authorization);
}

function unauthenticated(request) {
	if (L.expectsJson(request.headers)) return json(401, { message: 'Unauthenticated.' });
	const target = `${request.baseUrl}/login`;
	return html(302, redirectPage(target), { Location: target });
}

function matchRoute(rest) {
	const path = rest.replace(/\/+$/, '');
	for (const route of ROUTES) {
		const m = route.pattern.exec(path);
		if (m) return { route, params: m.slice(1).map(L.rawUrldecode) };
	}
	return null;
}

/** In route order, HEAD right after GET, as Laravel lists them. */
function allowedMethods(route) {
	return Object.keys(route.handlers).flatMap((method) =>
		method === 'GET' ? ['GET', 'HEAD'] : [method],
	);
}

function allowResponse(route, status) {
	const allow = allowedMethods(route).join(', ');
	return {
		status,
		headers: {
			Allow: allow,
			'Access-Control-Allow-Origin': '*',
			'Access-Control-Allow-Methods': allow,
			'Access-Control-Allow-Headers': '*',
		},
		body: '',
	};
}

function methodNotAllowed(method, route, pathname) {
	const allow = allowedMethods(route).join(', ');
	const message = `The ${method} method is not supported for route ${pathname.replace(/^\/+|\/+$/g, '')}. Supported methods: ${allow}.`;
	return json(405, { message }, { Allow: allow });
}

/** Symfony's method override: X-HTTP-Method-Override, then the _method field, POST only. */
function effectiveMethod(request, body, query) {
	if (request.method === 'HEAD') return 'GET';
	if (request.method !== 'POST') return request.method;
	const override = request.headers['x-http-method-override'] || body._method || query._method;
	return typeof override === 'string' && /^[a-z]+$/i.test(override)
		? override.toUpperCase()
		: 'POST';
}

/** Form and JSON bodies are both accepted by Laravel's $request->input(). */
function parseBody(request) {
	const type = (request.headers['content-type'] || '').toLowerCase();
	if (type.startsWith('application/x-www-form-urlencoded'))
		return L.parsePhpQuery(request.rawBody).values;
	if (/^application\/([a-z.+-]*\+)?json/.test(type) && request.rawBody) {
		try {
			const parsed = JSON.parse(request.rawBody);
			return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
		} catch {
			return {};
		}
	}
	return {};
}

/* ------------------------------------------------------------------ reports */

const REPORT_SORTS = {
	id: (a, b) => a.id - b.id,
	url: (a, b) => compareCi(a.url, b.url) || a.id - b.id,
	result: (a, b) => a.score - b.score || a.id - b.id,
};

const RESULT_FILTERS = {
	good: (score) => score > 79,
	decent: (score) => score >= 49 && score <= 79,
	bad: (score) => score < 49,
};

function listReports({ request, query, account, store, options }) {
	const search = stringParam(query.search);
	const project = stringParam(query.project);
	const resultFilter = RESULT_FILTERS[stringParam(query.result)];
	// search_by only knows "url"; generated_at is listed in the docs but the API sorts by id. A build
	// that ignores sort_by (the fault sortByIgnored) sorts by id too, in the direction `sort` asks.
	const sortBy =
		!options.sortByIgnored && Object.hasOwn(REPORT_SORTS, query.sort_by) ? query.sort_by : 'id';
	const direction = sortDirection(query.sort);

	let items = store.visible(account.key);
	if (search !== null) {
		const matches = L.likeMatcher(options.searchAsWritten ? L.escapeLike(search) : search);
		items = items.filter((r) => matches(r.url));
	}
	if (project !== null) items = items.filter((r) => r.project === project);
	if (resultFilter) items = items.filter((r) => resultFilter(r.score));
	items = sorted(items, REPORT_SORTS[sortBy], direction);

	return json(200, {
		...paginate({ items, ...pageOptions(request, query), render: (r) => store.render(r) }),
		status: 200,
	});
}

function showReport({ params, account, store }) {
	const record = findReport(store, account, params[0]);
	if (!record) return json(404, NOT_FOUND);
	return json(200, { data: store.render(record), status: 200 });
}

async function storeReport({ input, account, store, options }) {
	const errors = validateStore(input);
	if (errors.has()) return validationFailed(errors.fields);

	const limit = account.maxReports;
	if (limit !== null && limit !== undefined && store.visible(account.key).length >= limit) {
		return validationFailed({ url: ['You created too many reports.'] });
	}
	const page = parsePageUrl(input.url);
	await options.wait(options.analysisDelayMs);
	const fetchError = fetchErrorFor(store, page);
	if (fetchError) return validationFailed({ url: [fetchError] });

	// Real-server quirk: a store without privacy is Public (0), not the documented 1.
	const privacy = input.privacy === null || input.privacy === undefined ? 0 : Number(input.privacy);
	const record = store.create({
		owner: account.key,
		page,
		privacy,
		password: input.password ?? null,
	});
	store.noteStored(record);
	return json(200, { data: store.render(record), status: 200 });
}

async function updateReport({ params, input, account, store, options }) {
	// The form request authorises before it validates: a foreign or missing report is a 403.
	const record = findReport(store, account, params[0]);
	if (!record) return json(403, UNAUTHORIZED_ACTION);
	const errors = validateUpdate(input);
	if (errors.has()) return validationFailed(errors.fields);

	let dirty = false;
	if (input.results !== null && input.results !== undefined && Number(input.results) === 1) {
		await options.wait(options.analysisDelayMs);
		const fetchError = fetchErrorFor(store, record.page);
		if (fetchError) return validationFailed({ url: [fetchError] });
		dirty = true;
	}
	const changedPrivacy = applyPrivacy(record, input);
	if (dirty || changedPrivacy) {
		// One save: a re-run's generated_at and the updated_at are the same moment.
		const now = store.tick();
		if (dirty) store.rerun(record, now);
		record.updatedAt = now;
	}
	return json(200, { data: store.render(record), status: 200 });
}

/** Sets privacy/password from the form; a password only exists on Password (2) reports. Returns whether anything changed. */
function applyPrivacy(record, input) {
	const before = `${record.privacy}|${record.password}`;
	if (input.privacy !== null && input.privacy !== undefined) record.privacy = Number(input.privacy);
	if (typeof input.password === 'string') record.password = input.password;
	if (record.privacy !== 2) record.password = null;
	return before !== `${record.privacy}|${record.password}`;
}

function deleteReport({ params, account, store }) {
	const record = findReport(store, account, params[0]);
	if (!record) return json(404, NOT_FOUND);
	store.softDelete(record);
	return json(200, { id: record.id, object: 'report', deleted: true, status: 200 });
}

function findReport(store, account, idParam) {
	if (!/^[0-9]+$/.test(idParam)) return null;
	return store.find(account.key, Number(idParam));
}

const CURL_ERRORS = 'see https://curl.haxx.se/libcurl/c/libcurl-errors.html';

/**
 * The analysis fetches the page: hosts under the reserved .invalid TLD never resolve; a page made
 * unreachable (`makeUnreachable`: the site down or behind a firewall) times out after phpRank's 30 s.
 */
function fetchErrorFor(store, page) {
	if (/\.invalid\.?$/i.test(page.host))
		return `cURL error 6: Could not resolve host: ${page.host} (${CURL_ERRORS}) for ${page.href}`;
	if (store.isUnreachable(page))
		return `cURL error 28: Operation timed out after 30001 milliseconds with 0 bytes received (${CURL_ERRORS}) for ${page.href}`;
	return null;
}

/* ------------------------------------------------------------------ projects */

const PROJECT_SORTS = {
	created_at: (a, b) => a.first.createdAt - b.first.createdAt || a.first.id - b.first.id,
	project: (a, b) => compareCi(a.project, b.project),
};

function listProjects({ request, query, account, store }) {
	const search = stringParam(query.search);
	const sortBy = Object.hasOwn(PROJECT_SORTS, query.sort_by) ? query.sort_by : 'created_at';
	let items = aggregateProjects(store.visible(account.key));
	if (search !== null) {
		const matches = L.likeMatcher(search);
		items = items.filter((p) => matches(p.project));
	}
	items = sorted(items, PROJECT_SORTS[sortBy], sortDirection(query.sort));
	const render = (p) => ({
		project: p.project,
		reports: p.reports,
		// SUM() over the scores comes back from MySQL as a decimal string.
		result: p.sum.toFixed(store.projectResultDecimals),
		created_at: L.isoMicros(p.first.createdAt),
	});
	return json(200, { ...paginate({ items, ...pageOptions(request, query), render }), status: 200 });
}

/** GROUP BY project over records in id order: count, sum of scores, first report. */
function aggregateProjects(records) {
	const groups = new Map();
	for (const record of records) {
		let group = groups.get(record.project);
		if (!group) {
			group = { project: record.project, reports: 0, sum: 0, first: record };
			groups.set(record.project, group);
		}
		group.reports += 1;
		group.sum += record.score;
	}
	return [...groups.values()];
}

function deleteProject({ params, account, store }) {
	const name = params[0];
	const records = store.visible(account.key).filter((r) => r.project === name);
	if (records.length === 0) return json(404, NOT_FOUND);
	for (const record of records) store.softDelete(record);
	return json(200, { id: name, object: 'report', deleted: true, status: 200 });
}

/* ------------------------------------------------------------------ account */

function showAccount({ account }) {
	return json(200, { data: renderAccount(account), status: 200 });
}

/* ------------------------------------------------------------------ list helpers */

function stringParam(value) {
	return typeof value === 'string' && value !== '' ? value : null;
}

function sortDirection(value) {
	return value === 'asc' ? 'asc' : 'desc';
}

function sorted(items, compare, direction) {
	const sign = direction === 'asc' ? 1 : -1;
	return [...items].sort((a, b) => sign * compare(a, b));
}

/** MySQL's default collation compares case-insensitively. */
function compareCi(a, b) {
	const x = a.toLowerCase();
	const y = b.toLowerCase();
	return x < y ? -1 : x > y ? 1 : 0;
}

/** page, per_page (only 10/25/50/100, else the default), the endpoint path and the query to keep in links. */
function pageOptions(request, query) {
	const perPage =
		PER_PAGE_VALUES.find((n) => L.looselyEqualsInt(query.per_page, n)) || DEFAULT_PER_PAGE;
	const kept = Object.entries(query).filter(([key]) => key !== 'page');
	return {
		page: L.resolvePage(query.page),
		perPage,
		path: `${request.baseUrl}${request.pathname.replace(/\/+$/, '')}`,
		query: kept,
	};
}

module.exports = { createApp };
