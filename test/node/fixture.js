// Runs the built phpRank node through n8n-core's engine against a fresh sandbox, and reads back
// what the sandbox received, in the shape the tests assert on.
const { startSandbox } = require('../sandbox');
const { runNode, testCredential } = require('../helpers/n8n-runner');
const { createPollSession } = require('../helpers/poll-runner');
const { assertedRequest } = require('../helpers/asserted-request');
const { PhpRank } = require('../helpers/built').node;
const { PhpRankTrigger } = require('../helpers/built').trigger;
const { PhpRankApi } = require('../helpers/built').credential;

const API_KEY = 'test-key-5d1c9e';
const OTHER_KEY = 'other-key-8a2b4f';

const nodeType = new PhpRank();
const triggerType = new PhpRankTrigger();
const credentialType = new PhpRankApi();

async function startFixture(sandboxOptions = {}) {
	const sandbox = await startSandbox({ apiKeys: [API_KEY, OTHER_KEY], ...sandboxOptions });
	/**
	 * Runs the node once; `options.items` are the input items, `options.credentials` overrides,
	 * `options.control({stop})` can press Stop, `options.typeVersion` picks the node's version,
	 * `options.workflowSettings` are the workflow's settings
	 * (test/helpers/run-node.js).
	 */
	function run(parameters, options = {}) {
		return runNode({
			nodeType,
			credentialType,
			credentials: { baseUrl: sandbox.url, apiKey: API_KEY, ...options.credentials },
			parameters,
			items: options.items,
			continueOnFail: options.continueOnFail,
			control: options.control,
			typeVersion: options.typeVersion,
			workflowSettings: options.workflowSettings,
		});
	}
	return {
		sandbox,
		run,
		/**
		 * Runs the node (`options` as for run) and presses Stop, as n8n's Stop button does, when the
		 * sandbox receives the first request `when(entry)` picks (`options.delayMs` later, if given).
		 * The run's result, `stoppedAt` (Date.now() at the press) and `requestsAtStop`: how many
		 * requests the sandbox had received then.
		 */
		async runAndStop(parameters, when, { delayMs = 0, ...options } = {}) {
			let stop;
			let picked = false;
			let stoppedAt;
			let requestsAtStop;
			const press = () => {
				stoppedAt = Date.now();
				requestsAtStop = sandbox.requests.length;
				stop();
			};
			const unsubscribe = sandbox.onRequest((entry) => {
				if (picked || !when(entry)) return;
				picked = true;
				if (delayMs > 0) setTimeout(press, delayMs);
				else press();
			});
			try {
				const result = await run(parameters, {
					...options,
					control: (controls) => {
						stop = controls.stop;
					},
				});
				return { ...result, stoppedAt, requestsAtStop };
			} finally {
				unsubscribe();
			}
		},
		testCredential(credentials) {
			// as n8n finds it: the credential has no test of its own, the nodes name theirs (testedBy)
			return testCredential({
				credentialType,
				nodeTypes: [nodeType, triggerType],
				credentials: { baseUrl: sandbox.url, apiKey: API_KEY, ...credentials },
			});
		},
		/**
		 * A poll session of the phpRank Trigger on this sandbox (test/helpers/poll-runner.js);
		 * `options.credentials` overrides, the others (typeVersion, logger, pollBudgetMs) go to
		 * createPollSession.
		 */
		pollSession(parameters, options = {}) {
			return createPollSession({
				nodeType: triggerType,
				credentialType,
				parameters,
				...options,
				credentials: { baseUrl: sandbox.url, apiKey: API_KEY, ...options.credentials },
			});
		},
		/** A report as the API answers it now (read directly, not through the node): the oracle of an output. */
		async report(id) {
			return (await apiGet(sandbox, `/reports/${id}`)).data;
		},
		/** The requests the sandbox received since the last call, reduced to what the node controls. */
		takeRequests() {
			const requests = sandbox.requests.map(assertedRequest);
			sandbox.clearRequests();
			return requests;
		},
	};
}

/**
 * The fixture of a whole test file: registers jest's beforeAll (start a sandbox) and afterAll
 * (close it) and returns the fixture, whose `sandbox`, `run`, `testCredential` and `takeRequests`
 * are there once beforeAll ran. Call it at the top of the file, before hooks that use it.
 */
function useFixture(sandboxOptions) {
	const fixture = {};
	beforeAll(async () => Object.assign(fixture, await startFixture(sandboxOptions)));
	afterAll(() => fixture.sandbox?.close());
	return fixture;
}

/** The reports the operations' own tests start from (test/operations/report/). */
const REPORTS_SEED = [
	{ url: 'https://example.com/', score: 91 },
	{ url: 'https://example.com/about', score: 64 },
	{ url: 'https://shop.test/cart', score: 30 },
];

/** Four reports on three sites: the projects the Project operations' tests start from. */
const PROJECTS_SEED = [
	{ url: 'https://alpha.test/', score: 90 },
	{ url: 'https://alpha.test/a', score: 70 },
	{ url: 'https://beta.test/', score: 40 },
	{ url: 'https://gamma.test/x', score: 80 },
];

/** useFixture() whose sandbox holds exactly `seed` again before each test. */
function useSeededFixture(seed) {
	const fixture = useFixture();
	beforeEach(() => fixture.sandbox.reset(seed));
	return fixture;
}

/** The headers every request of the node must carry; `contentType` for requests with a body. */
function expectedHeaders(contentType, apiKey = API_KEY) {
	return {
		authorization: `Bearer ${apiKey}`,
		accept: 'application/json',
		'content-type': contentType,
	};
}

const FORM = 'application/x-www-form-urlencoded';

/** A GET as the node must send it. */
function get(path, query = {}) {
	return { method: 'GET', path, query, headers: expectedHeaders(undefined), body: '' };
}

/**
 * A report list request as the node sends it: newest first by ID, `perPage` a page, `extra`
 * filters added (the trigger's project; urlSearch, projectReports).
 */
function reportList(perPage, page = 1, extra = {}) {
	// the filters first, as the node sends them: a test that sorts requests by their JSON needs that order
	return get('/api/v1/reports', {
		...extra,
		sort_by: 'id',
		sort: 'desc',
		per_page: String(perPage),
		page: String(page),
	});
}

/** Create or Re-Run's lookup (and a site's listing): the reports whose URL contains `search`. */
function urlSearch(search, page = 1) {
	return reportList(100, page, { search_by: 'url', search });
}

/** The first read of a site root's lookup (createOrRerun/pageLookup.ts): the same search, in URL order. */
function urlSearchInUrlOrder(search) {
	return get('/api/v1/reports', {
		search_by: 'url',
		search,
		sort_by: 'url',
		sort: 'asc',
		per_page: '100',
		page: '1',
	});
}

/** A project's reports as Get Issues and Validate Fix read them. */
function projectReports(project, page) {
	return reportList(100, page, { project });
}

/** A DELETE as the node must send it. */
function del(path) {
	return { method: 'DELETE', path, query: {}, headers: expectedHeaders(undefined), body: '' };
}

/** A request with a form body (Create, Update) as the node must send it. */
function form(method, path, body) {
	return { method, path, query: {}, headers: expectedHeaders(FORM), body };
}

/** A report's re-run (Update's Re-Run Analysis, Create or Re-Run, Validate Fix) as the node must send it. */
function rerun(id) {
	return form('PATCH', `/api/v1/reports/${id}`, 'results=1');
}

/** What a run stopped with n8n's Stop button fails with. */
const CANCELED =
	'The execution was canceled: the node stopped waiting for phpRank and sent nothing more';

/** Reads the API directly (not through the node), as the oracle of what the node must output. */
async function apiGet(sandbox, path) {
	const response = await fetch(`${sandbox.url}/api/v1${path}`, {
		headers: { Authorization: `Bearer ${API_KEY}`, Accept: 'application/json' },
	});
	const body = await response.json();
	sandbox.clearRequests();
	return body;
}

/** A resource locator value as the editor saves it. */
function byId(value) {
	return { __rl: true, mode: 'id', value: String(value) };
}

function fromList(value) {
	return { __rl: true, mode: 'list', value: String(value) };
}

/** A "By Name" locator value; kept as given, so expressions and wrong types reach the node. */
function byName(value) {
	return { __rl: true, mode: 'name', value };
}

/** Sends a form request to the API directly (another client); the parsed answer. Keeps the log. */
async function apiSend(sandbox, method, path, body) {
	const response = await fetch(`${sandbox.url}/api/v1${path}`, {
		method,
		headers: {
			Authorization: `Bearer ${API_KEY}`,
			Accept: 'application/json',
			'Content-Type': FORM,
		},
		body,
	});
	return await response.json();
}

module.exports = {
	useSeededFixture,
	REPORTS_SEED,
	PROJECTS_SEED,
	startFixture,
	useFixture,
	expectedHeaders,
	get,
	reportList,
	urlSearch,
	urlSearchInUrlOrder,
	projectReports,
	del,
	form,
	rerun,
	CANCELED,
	apiGet,
	apiSend,
	byId,
	byName,
	fromList,
	API_KEY,
	OTHER_KEY,
	FORM,
};
