// Report → Create or Re-Run, runs that overlap in one process (nodes/PhpRank/createOrRerun/overlappingRuns.ts):
// per account and page one lookup at a time and one write, whose outcome every overlapping run outputs.
const { likeMatcher } = require('../sandbox/laravel');
const { createOrRerunOnce } = require('../helpers/built').upsert;

/** One page alone in its run of the node: a run scope of its own (as n8n gives each execution). */
const onePage = (input, api) => createOrRerunOnce({}, input, api);
const { accountOf, pagesUnderWay } = require('../helpers/built').overlappingRuns;
const { canceledFailure, untilCanceled } = require('../helpers/built').abort;
const { PipelineFailure } = require('../helpers/built').failure;

describe('the rules, with a scripted phpRank shared by several runs', () => {
	const NOW = Date.parse('2026-03-02T12:00:00Z');
	const hoursAgo = (hours) => new Date(NOW - hours * 3_600_000).toISOString();

	/** A deferred promise: the test decides when a request answers. */
	function deferred() {
		let resolve;
		let reject;
		const promise = new Promise((res, rej) => {
			resolve = res;
			reject = rej;
		});
		return { promise, resolve, reject };
	}

	/**
	 * One phpRank (reports of several accounts) and, per run, a CreateOrRerunApi of an account with
	 * its own Stop. With `holdWrites`, every create and re-run waits until `release()`, with
	 * `holdLookups` every list request; `calls` records every request with the run that sent it.
	 */
	function server(reports = [], { holdWrites = false, holdLookups = false } = {}) {
		const state = {
			reports: reports.map((r) => ({ account: 'A', generated_at: hoursAgo(100), ...r })),
			calls: [],
			held: [],
		};
		const nextId = () => Math.max(0, ...state.reports.map((r) => r.id)) + 1;
		const hold = async (held = holdWrites) => {
			if (!held) return;
			const gate = deferred();
			state.held.push(gate);
			await gate.promise;
		};
		function api(run, { account = 'A', url, failCreate } = {}) {
			const stop = new AbortController();
			const checkStop = () => {
				if (stop.signal.aborted) throw canceledFailure();
			};
			const self = {
				account,
				waitFor: async (work) => await untilCanceled(work, stop.signal),
				async listPage(search, page, perPage) {
					state.calls.push([run, 'list', search, page]);
					await untilCanceled(hold(holdLookups), stop.signal);
					await Promise.resolve();
					checkStop();
					const matches = state.reports
						.filter((r) => r.account === account && likeMatcher(search)(r.url))
						.sort((a, b) => b.id - a.id);
					const start = (page - 1) * perPage;
					return {
						data: matches.slice(start, start + perPage).map(({ account: _a, ...r }) => ({ ...r })),
						meta: {
							current_page: page,
							last_page: Math.max(1, Math.ceil(matches.length / perPage)),
						},
					};
				},
				async create() {
					state.calls.push([run, 'create']);
					if (failCreate) throw failCreate;
					await untilCanceled(hold(), stop.signal);
					const record = { id: nextId(), url, generated_at: new Date(NOW).toISOString() };
					state.reports.push({ account, ...record });
					return { created: record };
				},
				async deleteReport(id) {
					state.calls.push([run, 'delete', id]);
					state.reports = state.reports.filter((r) => r.id !== id);
				},
				async rerun(id) {
					state.calls.push([run, 'rerun', id]);
					await untilCanceled(hold(), stop.signal);
					const record = state.reports.find((r) => r.id === id);
					record.generated_at = new Date(NOW).toISOString();
					return { id, url: record.url, generated_at: record.generated_at, rerun: run };
				},
				now: () => NOW,
				stop: () => stop.abort(),
			};
			return self;
		}
		const release = () => {
			for (const gate of state.held.splice(0)) gate.resolve();
		};
		const writes = () => state.calls.filter((c) => c[1] !== 'list');
		return { state, api, release, writes };
	}

	/** Lets every pending promise chain run (requests of the scripted server answer in microtasks). */
	const settle = async () => {
		for (let i = 0; i < 50; i++) await Promise.resolve();
	};

	const page = (url, extra = {}) => ({ url, maxAgeHours: 0, ...extra });

	afterEach(() => expect(pagesUnderWay()).toBe(0));

	test.each([3, 20])(
		'%i runs for a new page at once: one lookup, one Create, every run outputs it',
		async (count) => {
			const phpRank = server();
			const runs = Array.from({ length: count }, (_, i) =>
				onePage(page('https://a.test/new'), phpRank.api(i, { url: 'a.test/new' })),
			);
			const outcomes = await Promise.all(runs);
			// the lookup, the Create, and the read after it (nothing older appeared)
			expect(phpRank.state.calls).toEqual([
				[0, 'list', 'a.test%/new', 1],
				[0, 'create'],
				[0, 'list', 'a.test%/new', 1],
			]);
			expect(new Set(outcomes).size).toBe(1);
			expect(outcomes[0]).toEqual({
				action: 'created',
				record: expect.objectContaining({ id: 1 }),
			});
			expect(phpRank.state.reports).toHaveLength(1);
		},
	);

	test.each([3, 20])(
		'%i runs for a page with a report: one re-run, every run outputs its result',
		async (count) => {
			const phpRank = server([{ id: 7, url: 'a.test/p' }]);
			const outcomes = await Promise.all(
				Array.from({ length: count }, (_, i) => onePage(page('https://a.test/p'), phpRank.api(i))),
			);
			expect(phpRank.writes()).toEqual([[0, 'rerun', 7]]);
			expect(outcomes.every((o) => o === outcomes[0])).toBe(true);
			expect(outcomes[0]).toEqual({
				action: 're-run',
				record: { id: 7, url: 'a.test/p', generated_at: hoursAgo(0), rerun: 0 },
				previous: expect.objectContaining({ id: 7, generated_at: hoursAgo(100) }),
			});
		},
	);

	test('a run arriving while the re-run is under way joins it', async () => {
		const phpRank = server([{ id: 7, url: 'a.test/p' }], { holdWrites: true });
		const first = onePage(page('https://a.test/p'), phpRank.api('first'));
		await settle();
		expect(phpRank.writes()).toEqual([['first', 'rerun', 7]]);
		const second = onePage(page('https://www.a.test/p/'), phpRank.api('second'));
		await settle();
		phpRank.release();
		const [a, b] = await Promise.all([first, second]);
		expect(b).toBe(a);
		expect(phpRank.writes()).toEqual([['first', 'rerun', 7]]);
	});

	test('Max Age: overlapping runs keep the report, nothing written', async () => {
		const phpRank = server([{ id: 7, url: 'a.test/p', generated_at: hoursAgo(2) }]);
		const outcomes = await Promise.all(
			[0, 1, 2].map((i) => onePage(page('https://a.test/p', { maxAgeHours: 24 }), phpRank.api(i))),
		);
		expect(phpRank.writes()).toEqual([]);
		expect(outcomes.map((o) => [o.action, o.record.id])).toEqual([
			['kept', 7],
			['kept', 7],
			['kept', 7],
		]);
	});

	test('two accounts on one server share nothing: one Create each', async () => {
		const phpRank = server();
		const runs = [
			['a1', 'A'],
			['b1', 'B'],
			['a2', 'A'],
			['b2', 'B'],
		];
		const outcomes = await Promise.all(
			runs.map(([run, account]) =>
				onePage(page('https://a.test/new'), phpRank.api(run, { account, url: 'a.test/new' })),
			),
		);
		expect(phpRank.writes()).toEqual([
			['a1', 'create'],
			['b1', 'create'],
		]);
		expect(outcomes.map((o) => o.record.id)).toEqual([1, 2, 1, 2]);
	});

	test('the account: Base URL and API key, the key not kept as it is', () => {
		const account = accountOf('https://seo.test', 'secret-key-1');
		expect(account).toBe(accountOf(' https://seo.test ', 'secret-key-1'));
		expect(account).not.toBe(accountOf('https://seo.test', 'secret-key-2'));
		expect(account).not.toBe(accountOf('https://other.test', 'secret-key-1'));
		expect(account).not.toContain('secret');
	});

	test('different pages never wait: 20 pages, 20 Creates under way at once', async () => {
		const phpRank = server([], { holdWrites: true });
		const runs = Array.from({ length: 20 }, (_, i) =>
			onePage(page(`https://a.test/page-${i}`), phpRank.api(i, { url: `a.test/page-${i}` })),
		);
		await settle();
		// every page's Create was sent before any of them answered
		expect(phpRank.writes()).toHaveLength(20);
		expect(phpRank.state.held).toHaveLength(20);
		phpRank.release();
		const outcomes = await Promise.all(runs);
		expect(new Set(outcomes.map((o) => o.record.id)).size).toBe(20);
	});

	test('Stop of the creating run: it alone is canceled; a waiting run takes over, the others join it', async () => {
		const phpRank = server([], { holdWrites: true });
		const apis = [0, 1, 2].map((i) => phpRank.api(i, { url: 'a.test/new' }));
		const runs = apis.map((api) => onePage(page('https://a.test/new'), api).catch((e) => e));
		await settle();
		expect(phpRank.writes()).toEqual([[0, 'create']]);
		apis[0].stop();
		await settle();
		// run 1 looked up again (nothing stored) and creates; run 2 waits for it
		expect(phpRank.writes()).toEqual([
			[0, 'create'],
			[1, 'create'],
		]);
		phpRank.release();
		const [stopped, second, third] = await Promise.all(runs);
		expect(stopped).toBeInstanceOf(PipelineFailure);
		expect(stopped.failure).toEqual({ type: 'canceled' });
		expect(second).toEqual({ action: 'created', record: expect.objectContaining({ id: 1 }) });
		expect(third).toBe(second);
		expect(phpRank.state.reports).toHaveLength(1);
	});

	test('Stop of the run that looks up: it alone is canceled; a waiting run looks up itself, the other joins it', async () => {
		const phpRank = server([], { holdLookups: true });
		const apis = [0, 1, 2].map((i) => phpRank.api(i, { url: 'a.test/new' }));
		const unchecked = page('https://a.test/new', { checkAfterCreate: false });
		const runs = apis.map((api) => onePage(unchecked, api).catch((e) => e));
		await settle();
		expect(phpRank.state.calls).toEqual([[0, 'list', 'a.test%/new', 1]]);
		apis[0].stop();
		await settle();
		expect(phpRank.state.calls).toEqual([
			[0, 'list', 'a.test%/new', 1],
			[1, 'list', 'a.test%/new', 1],
		]);
		phpRank.release();
		const [stopped, second, third] = await Promise.all(runs);
		expect(stopped.failure).toEqual({ type: 'canceled' });
		expect(second).toEqual({ action: 'created', record: expect.objectContaining({ id: 1 }) });
		expect(third).toBe(second);
		expect(phpRank.writes()).toEqual([[1, 'create']]);
	});

	test('Stop of a waiting run: it alone is canceled, at once; the Create goes on for the others', async () => {
		const phpRank = server([], { holdWrites: true });
		const apis = [0, 1, 2].map((i) => phpRank.api(i, { url: 'a.test/new' }));
		const runs = apis.map((api) => onePage(page('https://a.test/new'), api).catch((e) => e));
		await settle();
		apis[1].stop();
		const waiting = await runs[1];
		expect(waiting.failure).toEqual({ type: 'canceled' });
		phpRank.release();
		const [first, , third] = await Promise.all(runs);
		expect(first.action).toBe('created');
		expect(third).toBe(first);
		expect(phpRank.writes()).toEqual([[0, 'create']]);
	});

	test('the creating run fails (phpRank refused the page): the waiting runs get that failure, no second Create', async () => {
		const phpRank = server();
		const refused = new PipelineFailure({ type: 'http', status: 422 });
		const apis = [0, 1, 2].map((i) => phpRank.api(i, { url: 'a.test/new', failCreate: refused }));
		const results = await Promise.all(
			apis.map((api) => onePage(page('https://a.test/new'), api).catch((e) => e)),
		);
		expect(results).toEqual([refused, refused, refused]);
		expect(phpRank.writes()).toEqual([[0, 'create']]);
	});

	test('spellings of one page overlap as one page', async () => {
		const phpRank = server();
		const outcomes = await Promise.all(
			['https://a.test/café', 'https://a.test/caf%C3%A9', 'http://www.a.test/caf%c3%a9/'].map(
				(url, i) => onePage(page(url), phpRank.api(i, { url: 'a.test/caf%C3%A9' })),
			),
		);
		expect(phpRank.writes()).toEqual([[0, 'create']]);
		expect(new Set(outcomes).size).toBe(1);
	});

	test('runs of several items (createOrRerunOnce, a site listing each) share with one another', async () => {
		const phpRank = server([{ id: 1, url: 'a.test/old' }]);
		const items = ['https://a.test/new', 'https://a.test/old'];
		const [runA, runB] = await Promise.all(
			['A', 'B'].map(async (run) => {
				const scope = {};
				return await Promise.all(
					items.map((url) =>
						createOrRerunOnce(scope, page(url), phpRank.api(run, { url: 'a.test/new' })),
					),
				);
			}),
		);
		expect(runB).toEqual(runA);
		expect(phpRank.writes()).toEqual([
			['A', 'create'],
			['A', 'rerun', 1],
		]);
	});

	describe('across processes: the read after a Create, the lowest ID survives', () => {
		// Runs without an account share nothing in this process: as runs in two processes (queue
		// mode's workers, two n8n instances on one phpRank) they each find no report and create.
		const alone = (phpRank, run, url) => {
			const api = phpRank.api(run, { url });
			delete api.account;
			return api;
		};

		test('two runs create the same page: the newer deletes its own report, both output the older', async () => {
			const phpRank = server([{ id: 1, url: 'a.test/other' }]);
			const outcomes = await Promise.all(
				['P', 'Q'].map((run) =>
					onePage(page('https://a.test/new'), alone(phpRank, run, 'a.test/new')),
				),
			);
			expect(phpRank.writes()).toEqual([
				['P', 'create'],
				['Q', 'create'],
				['Q', 'delete', 3],
			]);
			// each read after its Create stops at the newest report its lookup had seen (1)
			expect(phpRank.state.calls.filter((c) => c[1] === 'list')).toEqual([
				['P', 'list', 'a.test%/new', 1],
				['Q', 'list', 'a.test%/new', 1],
				['P', 'list', 'a.test%/new', 1],
				['Q', 'list', 'a.test%/new', 1],
			]);
			expect(outcomes.map((o) => [o.action, o.record.id])).toEqual([
				['created', 2],
				['created', 2],
			]);
			expect(phpRank.state.reports.map((r) => r.id)).toEqual([1, 2]);
		});

		test('the other process created it first, in another spelling: found by the read, own report deleted', async () => {
			const phpRank = server();
			const first = onePage(page('https://a.test/café'), alone(phpRank, 'P', 'a.test/café'));
			const second = onePage(
				page('https://a.test/caf%C3%A9'),
				alone(phpRank, 'Q', 'a.test/caf%C3%A9'),
			);
			const [p, q] = await Promise.all([first, second]);
			expect(q.record).toEqual(p.record);
			expect(phpRank.state.reports.map((r) => r.url)).toEqual(['a.test/café']);
		});

		test('turned off (Check for a Parallel Create): no read after the Create, both reports stay', async () => {
			const phpRank = server();
			await Promise.all(
				['P', 'Q'].map((run) =>
					onePage(
						page('https://a.test/new', { checkAfterCreate: false }),
						alone(phpRank, run, 'a.test/new'),
					),
				),
			);
			expect(phpRank.state.calls.filter((c) => c[1] === 'list')).toHaveLength(2);
			expect(phpRank.state.reports).toHaveLength(2);
		});

		test("a site's pages in one run: one read of the site after all their Creates, not one per page", async () => {
			const phpRank = server([{ id: 1, url: 'a.test/old' }]);
			const urls = [
				'https://a.test/n1',
				'https://a.test/n2',
				'https://a.test/n3',
				'https://a.test/old',
			];
			const runOf = (run) => {
				const scope = {};
				return Promise.all(
					urls.map((url) =>
						createOrRerunOnce(scope, page(url), alone(phpRank, run, url.replace('https://', ''))),
					),
				);
			};
			const [p, q] = await Promise.all([runOf('P'), runOf('Q')]);
			const lists = phpRank.state.calls.filter((c) => c[1] === 'list');
			// per run: page 1 of the site's listing, then one read of it after the run's 3 Creates
			expect(lists).toEqual([
				['P', 'list', 'a.test', 1],
				['Q', 'list', 'a.test', 1],
				['P', 'list', 'a.test', 1],
				['Q', 'list', 'a.test', 1],
			]);
			// P created 2, 3, 4 first: Q deleted its own 5, 6, 7 and outputs P's
			expect(p.map((o) => o.record.id)).toEqual([2, 3, 4, 1]);
			expect(q.map((o) => o.record.id)).toEqual([2, 3, 4, 1]);
			expect(phpRank.writes().filter((c) => c[1] === 'delete')).toEqual([
				['Q', 'delete', 5],
				['Q', 'delete', 6],
				['Q', 'delete', 7],
			]);
		});
	});
});

describe("executions that overlap, through n8n-core's engine against the sandbox", () => {
	const { useFixture, urlSearch, form, OTHER_KEY } = require('../node/fixture');

	const fixture = useFixture({ clock: Math.floor(Date.now() / 1000) * 1000 });
	beforeEach(() => {
		fixture.sandbox.reset(null);
		fixture.sandbox.setFaults({});
	});

	const createOrRerunParameters = (url, extra = {}) => ({
		resource: 'report',
		operation: 'createOrRerun',
		url,
		...extra,
	});
	const lookup = (search) => urlSearch(search);
	const ofMethod = (requests, method) => requests.filter((r) => r.method === method);
	const outputs = (results) =>
		results.map((r) => r.items.map((item) => [item.json.id, item.json.action]));

	test.each([3, 20])(
		'%i executions for one new page at once: one Create, the same report in each',
		async (count) => {
			const results = await Promise.all(
				Array.from({ length: count }, () =>
					fixture.run(createOrRerunParameters('https://a.test/new-page')),
				),
			);
			expect(results.map((r) => r.error)).toEqual(Array(count).fill(undefined));
			const requests = fixture.takeRequests();
			expect(ofMethod(requests, 'POST')).toEqual([
				form('POST', '/api/v1/reports', 'url=https%3A%2F%2Fa.test%2Fnew-page&privacy=1'),
			]);
			// one lookup at a time: the executions that came while it ran took its answer; then the
			// read after the Create
			expect(ofMethod(requests, 'GET')).toEqual([
				lookup('a.test%/new-page'),
				lookup('a.test%/new-page'),
			]);
			expect(outputs(results)).toEqual(Array(count).fill([[1, 'created']]));
			expect(fixture.sandbox.reports()).toHaveLength(1);
		},
	);

	test('a page with a report: one re-run for three executions, each outputs it', async () => {
		fixture.sandbox.reset([{ url: 'https://a.test/p' }]);
		fixture.takeRequests();
		const results = await Promise.all(
			['https://a.test/p', 'https://www.a.test/p/', 'http://a.test:80/p'].map((url) =>
				fixture.run(createOrRerunParameters(url)),
			),
		);
		const requests = fixture.takeRequests();
		expect(ofMethod(requests, 'PATCH')).toEqual([form('PATCH', '/api/v1/reports/1', 'results=1')]);
		expect(outputs(results)).toEqual(Array(3).fill([[1, 're-run']]));
		expect(results.map((r) => r.items[0].json)).toEqual(Array(3).fill(results[0].items[0].json));
	});

	test('two accounts on one server: one Create each, nothing shared', async () => {
		const results = await Promise.all([
			fixture.run(createOrRerunParameters('https://a.test/new-page')),
			fixture.run(createOrRerunParameters('https://a.test/new-page'), {
				credentials: { apiKey: OTHER_KEY },
			}),
			fixture.run(createOrRerunParameters('https://a.test/new-page')),
			fixture.run(createOrRerunParameters('https://a.test/new-page'), {
				credentials: { apiKey: OTHER_KEY },
			}),
		]);
		expect(ofMethod(fixture.takeRequests(), 'POST')).toHaveLength(2);
		const ids = outputs(results).map(([[id]]) => id);
		expect(ids[0]).toBe(ids[2]);
		expect(ids[1]).toBe(ids[3]);
		expect(ids[0]).not.toBe(ids[1]);
		expect(fixture.sandbox.reports()).toHaveLength(2);
	});

	test('Stop of the execution that sends the Create: it alone is canceled; the others take the stored report over', async () => {
		// the Create is stored at once and answered half a second later: Stop comes in between
		fixture.sandbox.failNext({ slowMs: 500, method: 'POST', path: '/api/v1/reports' });
		const controls = [];
		const stopOnCreate = fixture.sandbox.onRequest((entry) => {
			if (entry.method !== 'POST') return;
			// the Privacy sent names the execution that sends the Create
			const privacy = new URLSearchParams(entry.rawBody ?? entry.body ?? '').get('privacy');
			controls[Number(privacy)]?.stop();
		});
		try {
			const results = await Promise.all(
				[0, 1].map((privacy) =>
					fixture.run(createOrRerunParameters('https://a.test/new-page', { privacy }), {
						control: (run) => {
							controls[privacy] = run;
						},
					}),
				),
			);
			const requests = fixture.takeRequests();
			const stopped = results.filter((r) => r.error);
			const others = results.filter((r) => !r.error);
			expect(stopped).toHaveLength(1);
			expect(stopped[0].error.message).toMatch(/^The execution was canceled/);
			expect(ofMethod(requests, 'POST')).toHaveLength(1);
			// the other execution looked the page up again, found the stored report and re-ran it
			expect(ofMethod(requests, 'PATCH')).toEqual([
				form('PATCH', '/api/v1/reports/1', 'results=1'),
			]);
			expect(outputs(others)).toEqual([[[1, 're-run']]]);
			expect(fixture.sandbox.reports()).toHaveLength(1);
		} finally {
			stopOnCreate();
		}
	});
});
