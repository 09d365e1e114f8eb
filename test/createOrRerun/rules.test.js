// One fresh report per page (nodes/PhpRank/createOrRerun/index.ts `createOrRerunOnce`): the rules Report → Create or
// Re-Run and Project → Audit Site share, with a scripted API. Through n8n: test/operations/report/createOrRerun.test.js.
const { likeMatcher } = require('../sandbox/laravel');
describe('the rules, with a scripted API', () => {
	const rules = require('../helpers/built').upsert;
	// The lookup and the write, without the read after a Create: that read has its own tests
	// (overlappingRuns.test.js, "across processes"), and the engine tests (test/operations/report/createOrRerun.test.js) count it.
	// one page alone in its run (a run scope of its own), as the operation runs it for one item
	const decide = (input, api) =>
		rules.createOrRerunOnce({}, { checkAfterCreate: false, ...input }, api);
	const createOrRerunOnce = (scope, input, api) =>
		rules.createOrRerunOnce(scope, { checkAfterCreate: false, ...input }, api);
	const { LARGEST_PAGE_SIZE: LOOKUP_PAGE_SIZE } = require('../helpers/built').paging;

	const NOW = Date.parse('2026-03-02T12:00:00Z');
	const hoursAgo = (hours) => new Date(NOW - hours * 3_600_000).toISOString();

	/**
	 * A scripted CreateOrRerunApi over an in-memory list: reports `{id, url, generated_at}`, searched by
	 * substring, newest first, paged. `calls` records every call; `onCreate` decides what a create does.
	 * `oldestFirstInUrlOrder`: a build that ignores `sort_by` but keeps `sort`, so a read in URL order
	 * (`sort=asc`) lists the oldest first; without it, every read lists the newest first.
	 */
	function fakeApi(
		reports,
		{ onCreate, ignorePage = false, failListAfter, oldestFirstInUrlOrder = false } = {},
	) {
		const state = {
			reports: reports.map((r) => ({ generated_at: hoursAgo(100), ...r })),
			calls: [],
		};
		const nextId = () => Math.max(0, ...state.reports.map((r) => r.id)) + 1;
		const api = {
			async listPage(search, page, perPage, order) {
				state.calls.push(['list', search, page, perPage]);
				if (
					failListAfter !== undefined &&
					state.calls.filter((c) => c[0] === 'list').length > failListAfter
				) {
					throw new Error('list failed');
				}
				const matches = state.reports
					.filter((r) => likeMatcher(search)(r.url))
					.sort((a, b) => (oldestFirstInUrlOrder && order === 'url' ? a.id - b.id : b.id - a.id));
				const start = ignorePage ? 0 : (page - 1) * perPage;
				return {
					data: matches.slice(start, start + perPage).map((r) => ({ ...r })),
					meta: { current_page: page, last_page: Math.max(1, Math.ceil(matches.length / perPage)) },
				};
			},
			async create() {
				state.calls.push(['create']);
				const record = { id: nextId(), url: 'new', generated_at: new Date(NOW).toISOString() };
				return onCreate
					? onCreate(state, record)
					: (state.reports.push(record), { created: record });
			},
			async rerun(id) {
				state.calls.push(['rerun', id]);
				const record = state.reports.find((r) => r.id === id);
				record.generated_at = new Date(NOW).toISOString();
				return { ...record, rerun: true };
			},
			now: () => NOW,
		};
		return { api, state };
	}

	describe('createOrRerun', () => {
		describe("a site's root on a server that ignores sort_by=url (this fake lists newest first)", () => {
			const site = (root) => [
				...root.map((id) => ({ id, url: 'a.test' })),
				...Array.from({ length: 150 }, (_, i) => ({ id: i + 2, url: `a.test/p-${i}` })),
			];
			/** The api, its calls naming the order each read asked for. */
			const withOrders = (reports, options) => {
				const { api, state } = fakeApi(reports, options);
				const list = api.listPage;
				api.listPage = async (search, page, perPage, order) => {
					const answer = await list(search, page, perPage, order);
					state.calls[state.calls.length - 1].push(order ?? 'newest');
					return answer;
				};
				return { api, state };
			};

			test('the root on the first page read: its newest report there is re-run, one read', async () => {
				const { api, state } = withOrders(site([1, 152]));
				const outcome = await decide({ url: 'https://a.test/', maxAgeHours: 0 }, api);
				expect(state.calls).toEqual([
					['list', 'a.test', 1, LOOKUP_PAGE_SIZE, 'url'],
					['rerun', 152],
				]);
				expect(outcome.action).toBe('re-run');
			});

			test('the root not on it: the search read newest first after it, one read more', async () => {
				const { api, state } = withOrders(site([1]));
				const outcome = await decide({ url: 'https://a.test/', maxAgeHours: 0 }, api);
				expect(state.calls).toEqual([
					['list', 'a.test', 1, LOOKUP_PAGE_SIZE, 'url'],
					['list', 'a.test', 1, LOOKUP_PAGE_SIZE, 'newest'],
					['list', 'a.test', 2, LOOKUP_PAGE_SIZE, 'newest'],
					['rerun', 1],
				]);
				expect(outcome.action).toBe('re-run');
			});

			describe('a build that keeps sort=asc: the read in URL order lists the oldest first', () => {
				/** `count` reports of a.test, IDs from 1: the root's at `rootIds`, the site's other pages around them. */
				const oldestFirst = (count, rootIds) =>
					withOrders(
						Array.from({ length: count }, (_, i) => ({
							id: i + 1,
							url: rootIds.includes(i + 1) ? 'a.test' : `a.test/p-${i + 1}`,
						})),
						{ oldestFirstInUrlOrder: true },
					);

				test('the root on it (report 1) and newer beyond it (report 152): the newer is re-run, found newest first', async () => {
					const { api, state } = oldestFirst(200, [1, 152]);
					const outcome = await decide({ url: 'https://a.test/', maxAgeHours: 0 }, api);
					expect(state.calls).toEqual([
						['list', 'a.test', 1, LOOKUP_PAGE_SIZE, 'url'],
						['list', 'a.test', 1, LOOKUP_PAGE_SIZE, 'newest'],
						['rerun', 152],
					]);
					expect([outcome.action, outcome.previous.id]).toEqual(['re-run', 152]);
				});

				test('the newer generated within Max Age: it is kept, nothing written', async () => {
					const { api, state } = oldestFirst(200, [1, 152]);
					state.reports[151].generated_at = hoursAgo(1);
					const outcome = await decide({ url: 'https://a.test/', maxAgeHours: 24 }, api);
					expect(state.calls).toEqual([
						['list', 'a.test', 1, LOOKUP_PAGE_SIZE, 'url'],
						['list', 'a.test', 1, LOOKUP_PAGE_SIZE, 'newest'],
					]);
					expect([outcome.action, outcome.record.id]).toEqual(['kept', 152]);
				});

				test('no newer report of the root: read newest first down to the newest ID on that page (100), then its report re-run', async () => {
					const { api, state } = oldestFirst(251, [1]);
					const outcome = await decide({ url: 'https://a.test/', maxAgeHours: 0 }, api);
					// newest first: 251-152, then 151-52, which reaches 100: the rest was on the page read
					expect(state.calls).toEqual([
						['list', 'a.test', 1, LOOKUP_PAGE_SIZE, 'url'],
						['list', 'a.test', 1, LOOKUP_PAGE_SIZE, 'newest'],
						['list', 'a.test', 2, LOOKUP_PAGE_SIZE, 'newest'],
						['rerun', 1],
					]);
					expect([outcome.action, outcome.previous.id]).toEqual(['re-run', 1]);
				});

				test("with another page of the site in the run: the newer root report (120) is found once the site's listing takes over", async () => {
					const { api, state } = oldestFirst(300, [1, 120]);
					const run = {};
					const outcomes = await Promise.all(
						['https://a.test/', 'https://a.test/p-250'].map((url) =>
							createOrRerunOnce(run, { url, maxAgeHours: 0 }, api),
						),
					);
					expect(outcomes.map((o) => [o.action, o.previous.id])).toEqual([
						['re-run', 120],
						['re-run', 250],
					]);
					// the listing's page 1 (300-201) answers p-250; the root looks itself up (the read in
					// URL order, newest first from 300) until that costs what the listing's rest costs
					expect(state.calls.filter((c) => c[0] === 'list')).toEqual([
						['list', 'a.test', 1, LOOKUP_PAGE_SIZE, 'newest'],
						['list', 'a.test', 1, LOOKUP_PAGE_SIZE, 'url'],
						['list', 'a.test', 1, LOOKUP_PAGE_SIZE, 'newest'],
						['list', 'a.test', 2, LOOKUP_PAGE_SIZE, 'newest'],
						['list', 'a.test', 3, LOOKUP_PAGE_SIZE, 'newest'],
					]);
				});
			});
		});

		test('re-runs the newest report of exactly the page; neighbours and older copies are passed over', async () => {
			const { api, state } = fakeApi([
				{ id: 1, url: 'a.test/p' },
				{ id: 2, url: 'a.test/p' },
				{ id: 3, url: 'a.test/p-2' },
				{ id: 4, url: 'a.test/p/x' },
			]);
			const outcome = await decide({ url: 'https://www.a.test/p/', maxAgeHours: 0 }, api);
			expect(state.calls).toEqual([
				['list', 'a.test%/p', 1, LOOKUP_PAGE_SIZE],
				['rerun', 2],
			]);
			expect(outcome).toEqual({
				action: 're-run',
				record: expect.objectContaining({ id: 2, rerun: true }),
				previous: expect.objectContaining({ id: 2, url: 'a.test/p', generated_at: hoursAgo(100) }),
			});
		});

		test('reads page after page until found, and stops there', async () => {
			const neighbours = Array.from({ length: 250 }, (_, i) => ({
				id: i + 2,
				url: `a.test/p${i}`,
			}));
			const { api, state } = fakeApi([{ id: 1, url: 'a.test/p' }, ...neighbours]);
			const outcome = await decide({ url: 'https://a.test/p', maxAgeHours: 0 }, api);
			expect(state.calls).toEqual([
				['list', 'a.test%/p', 1, 100],
				['list', 'a.test%/p', 2, 100],
				['list', 'a.test%/p', 3, 100],
				['rerun', 1],
			]);
			expect(outcome.action).toBe('re-run');
		});

		// phpRank stores the URL as it was sent (scheme, www. and trailing / cut): each spelling held,
		// the page typed in the other, both orders; and a neighbour that stays another page.
		test.each([
			['https://a.test/café', 'a.test/caf%C3%A9'],
			['https://a.test/caf%C3%A9', 'a.test/café'],
			['https://a.test/caf%c3%a9', 'a.test/caf%C3%A9'],
			['https://a.test/caf%C3%A9', 'a.test/caf%c3%a9'],
			['https://a.test/%7Euser', 'a.test/~user'],
			['https://a.test/~user', 'a.test/%7Euser'],
			['https://a.test/a b', 'a.test/a%20b'],
			['https://a.test/a%20b', 'a.test/a b'],
			['https://a.test:443/docs', 'a.test/docs'],
			['https://a.test/docs', 'a.test:443/docs'],
			['https://a.test/x/../docs', 'a.test/docs'],
			['https://a.test/docs', 'a.test/x/../docs'],
		])('typed %s, held as %s: one page, re-run, nothing created', async (typed, held) => {
			const { api, state } = fakeApi([
				{ id: 1, url: held },
				{ id: 2, url: 'a.test/Docs' },
			]);
			const outcome = await decide({ url: typed, maxAgeHours: 0 }, api);
			expect(state.calls.filter((c) => c[0] !== 'list')).toEqual([['rerun', 1]]);
			expect(outcome.action).toBe('re-run');
		});

		test('the list ends without the page: creates, no previous', async () => {
			const { api, state } = fakeApi([{ id: 1, url: 'a.test/p-2' }]);
			const outcome = await decide({ url: 'https://a.test/p', maxAgeHours: 0 }, api);
			expect(state.calls).toEqual([['list', 'a.test%/p', 1, 100], ['create']]);
			expect(outcome).toEqual({ action: 'created', record: expect.objectContaining({ id: 2 }) });
			expect(outcome).not.toHaveProperty('previous');
		});

		test('a server that ignores `page` is read once more, not forever', async () => {
			const neighbours = Array.from({ length: 100 }, (_, i) => ({
				id: i + 1,
				url: `a.test/p${i}`,
			}));
			const { api, state } = fakeApi(neighbours, { ignorePage: true });
			// a last_page above 1 would send it on and on
			api.listPage = (
				(list) =>
				async (...args) => ({ ...(await list(...args)), meta: { last_page: 5 } })
			)(api.listPage);
			await decide({ url: 'https://a.test/p', maxAgeHours: 0 }, api);
			expect(state.calls).toEqual([
				['list', 'a.test%/p', 1, 100],
				['list', 'a.test%/p', 2, 100],
				['create'],
			]);
		});

		describe('Max Age', () => {
			test.each([
				[2, hoursAgo(1.99), 'kept'],
				[2, hoursAgo(2), 're-run'],
				[2, hoursAgo(3), 're-run'],
				[0, hoursAgo(0), 're-run'],
				[24, 'not a date', 're-run'],
				[24, undefined, 're-run'],
			])('Max Age %p h, generated %p: %s', async (maxAgeHours, generatedAt, action) => {
				const { api, state } = fakeApi([{ id: 1, url: 'a.test/p' }]);
				state.reports[0].generated_at = generatedAt;
				const outcome = await decide({ url: 'https://a.test/p', maxAgeHours }, api);
				expect(outcome.action).toBe(action);
				expect(state.calls.filter((c) => c[0] !== 'list')).toEqual(
					action === 'kept' ? [] : [['rerun', 1]],
				);
				if (action === 'kept') expect(outcome.record).toBe(outcome.previous);
			});
		});

		describe('a Create whose answer was lost', () => {
			const lost = new Error('answer lost');

			test('stored anyway: the report newer than every report listed before is adopted', async () => {
				const { api, state } = fakeApi([{ id: 7, url: 'a.test/p-old' }], {
					onCreate: (s, record) => {
						s.reports.push({ ...record, url: 'a.test/p' });
						return { answerLost: lost };
					},
				});
				const outcome = await decide({ url: 'https://a.test/p', maxAgeHours: 0 }, api);
				expect(state.calls).toEqual([
					['list', 'a.test%/p', 1, 100],
					['create'],
					['list', 'a.test%/p', 1, 100],
				]);
				expect(outcome).toEqual({
					action: 'created',
					record: expect.objectContaining({ id: 8, url: 'a.test/p' }),
				});
			});

			test("not stored: the create's own error", async () => {
				const { api } = fakeApi([{ id: 7, url: 'a.test/p-old' }], {
					onCreate: () => ({ answerLost: lost }),
				});
				await expect(decide({ url: 'https://a.test/p', maxAgeHours: 0 }, api)).rejects.toBe(lost);
			});

			test('only reports newer than the newest listed before count; the look-up again stops at it', async () => {
				const neighbours = Array.from({ length: 150 }, (_, i) => ({
					id: i + 1,
					url: `a.test/p${i}`,
				}));
				const { api, state } = fakeApi(neighbours, {
					onCreate: (s, record) => {
						// another client's newer neighbour arrived meanwhile; ours was not stored
						s.reports.push({ ...record, url: 'a.test/p-other' });
						return { answerLost: lost };
					},
				});
				await expect(decide({ url: 'https://a.test/p', maxAgeHours: 0 }, api)).rejects.toBe(lost);
				// the look-up again reads only page 1: it meets report 150, the newest seen before, there
				expect(state.calls).toEqual([
					['list', 'a.test%/p', 1, 100],
					['list', 'a.test%/p', 2, 100],
					['create'],
					['list', 'a.test%/p', 1, 100],
				]);
			});

			test("the look-up again fails: the create's own error, which says the report may exist", async () => {
				const { api } = fakeApi([], { onCreate: () => ({ answerLost: lost }), failListAfter: 1 });
				await expect(decide({ url: 'https://a.test/p', maxAgeHours: 0 }, api)).rejects.toBe(lost);
			});

			test('other create errors pass through, without a second look-up', async () => {
				const refused = new Error('phpRank rejected the input');
				const { api, state } = fakeApi([], {
					onCreate: () => {
						throw refused;
					},
				});
				await expect(decide({ url: 'https://a.test/p', maxAgeHours: 0 }, api)).rejects.toBe(
					refused,
				);
				expect(state.calls).toEqual([['list', 'a.test%/p', 1, 100], ['create']]);
			});
		});
	});

	describe('createOrRerunOnce: one outcome per page and run', () => {
		test('the same page in any spelling shares one lookup and one write within a run scope', async () => {
			const { api, state } = fakeApi([{ id: 1, url: 'a.test/p' }]);
			const run = {};
			const outcomes = await Promise.all(
				['https://a.test/p', 'http://www.a.test/p/', 'https://A.TEST/p#x', 'https://a.test/q'].map(
					(url) => createOrRerunOnce(run, { url, maxAgeHours: 0 }, api),
				),
			);
			expect(outcomes.map((o) => o.action)).toEqual(['re-run', 're-run', 're-run', 'created']);
			expect(outcomes[1]).toBe(outcomes[0]);
			// two pages of one site: its listing (one page) answers both
			expect(state.calls).toEqual([['list', 'a.test', 1, 100], ['rerun', 1], ['create']]);
		});

		test('an item arriving after the write (n8n batching) gets the same outcome, not a second write', async () => {
			const { api, state } = fakeApi([]);
			const run = {};
			const first = await createOrRerunOnce(run, { url: 'https://a.test/p', maxAgeHours: 0 }, api);
			const later = await createOrRerunOnce(run, { url: 'https://a.test/p/', maxAgeHours: 0 }, api);
			expect(later).toBe(first);
			expect(state.calls).toEqual([['list', 'a.test%/p', 1, 100], ['create']]);
		});

		test('different runs never share', async () => {
			const { api, state } = fakeApi([{ id: 1, url: 'a.test/p' }]);
			await createOrRerunOnce({}, { url: 'https://a.test/p', maxAgeHours: 0 }, api);
			await createOrRerunOnce({}, { url: 'https://a.test/p', maxAgeHours: 0 }, api);
			expect(state.calls.filter((c) => c[0] === 'rerun')).toEqual([
				['rerun', 1],
				['rerun', 1],
			]);
		});

		describe("a site's pages: its listing (report/siteListing.ts)", () => {
			const site = (count) =>
				Array.from({ length: count }, (_, i) => ({ id: i + 1, url: `a.test/x${i}` }));
			const calls = (state, kind, search) =>
				state.calls.filter((c) => c[0] === kind && (search === undefined || c[1] === search));
			const start = (run, api, urls) =>
				Promise.all(urls.map((url) => createOrRerunOnce(run, { url, maxAgeHours: 0 }, api)));

			test('page 1 of the listing answers the newest; the few others look themselves up', async () => {
				const { api, state } = fakeApi(site(1000));
				const outcomes = await start({}, api, [
					'https://a.test/x999',
					'https://a.test/x500',
					'https://a.test/x501',
				]);
				expect(outcomes.map((o) => [o.action, o.previous.id])).toEqual([
					['re-run', 1000],
					['re-run', 501],
					['re-run', 502],
				]);
				expect(calls(state, 'list')).toEqual([
					['list', 'a.test', 1, 100],
					['list', 'a.test%/x500', 1, 100],
					['list', 'a.test%/x501', 1, 100],
				]);
			});

			test("once the pages' own lookups cost what the rest of the listing costs, the listing takes over", async () => {
				// 500 reports: 5 listing pages. x1, x2 and x3 are old and each search lists 111
				// reports (x3, x30-x39, x300-x399): 2 pages each, 6 alone
				const { api, state } = fakeApi(site(500));
				const outcomes = await start({}, api, [
					'https://a.test/x1',
					'https://a.test/x2',
					'https://a.test/x3',
				]);
				expect(outcomes.map((o) => [o.action, o.previous.id])).toEqual([
					['re-run', 2],
					['re-run', 3],
					['re-run', 4],
				]);
				expect(calls(state, 'list', 'a.test').map((c) => c[2])).toEqual([1, 2, 3, 4, 5]);
				// own lookups stop at 4 requests, what the rest costs: 1 + 4 + 4 = 9 at most (2 L - 1)
				expect(state.calls.filter((c) => c[0] === 'list' && c[1] !== 'a.test')).toHaveLength(4);
			});

			describe('the bounds, per site and run (docs/internals.md), against each page alone', () => {
				// sites of P reports (p1 … pP, oldest first: p1 is in p10-p19, p100-p199 …, so some pages'
				// own lookups read several pages), N pages of the run picked across the site, some absent
				const pick = (reports, count, absent) => {
					const step = Math.max(1, Math.floor(reports / Math.max(1, count - absent)));
					const present = Array.from(
						{ length: Math.min(reports, count - absent) },
						(_, i) => `https://a.test/p${1 + ((i * step) % Math.max(1, reports))}`,
					);
					const missing = Array.from({ length: absent }, (_, i) => `https://a.test/new-${i}`);
					return [...new Set([...present, ...missing])];
				};
				const lookups = (state) => state.calls.filter((c) => c[0] === 'list').length;
				const decisionOf = (o) => [o.action, o.previous?.id ?? null];
				const cases = [];
				for (const reports of [0, 1, 60, 100, 101, 250, 1000]) {
					for (const count of [1, 2, 3, 10, 50, 150]) {
						for (const absent of [0, 1]) {
							if (absent < count) cases.push([reports, count, absent]);
						}
					}
				}
				test.each(cases)('P = %p, N = %p, absent %p', async (reports, count, absent) => {
					const sitePages = Array.from({ length: reports }, (_, i) => ({
						id: i + 1,
						url: `a.test/p${i + 1}`,
					}));
					// newer copies of the first pages: the newest is the one re-run
					const copies = Math.min(5, Math.floor(reports / 20));
					for (let i = 1; i <= copies; i++) {
						sitePages.push({ id: sitePages.length + 1, url: `a.test/p${i}` });
					}
					const urls = pick(reports, count, absent);
					const L = Math.ceil(sitePages.length / 100);
					let alone = 0;
					const aloneDecisions = [];
					for (const url of urls) {
						const { api, state } = fakeApi(sitePages);
						aloneDecisions.push(decisionOf(await decide({ url, maxAgeHours: 0 }, api)));
						alone += lookups(state);
					}
					const { api, state } = fakeApi(sitePages);
					const outcomes = await start({}, api, urls);
					const together = lookups(state);
					expect(outcomes.map(decisionOf)).toEqual(aloneDecisions);
					expect(together).toBeLessThanOrEqual(alone + L);
					if (urls.length === 1) expect(together).toBe(alone);
					if (urls.length >= sitePages.length / 100) {
						expect(together).toBeLessThanOrEqual(2 * L + 4);
					}
					// one write per page, as alone
					expect(state.calls.filter((c) => c[0] !== 'list')).toHaveLength(urls.length);
				});
			});

			test('many pages: page 1, then the rest, no page looks itself up', async () => {
				const { api, state } = fakeApi(site(250));
				const urls = site(250).map((r) => `https://${r.url}`);
				const outcomes = await start({}, api, urls);
				expect(outcomes.every((o, i) => o.previous.id === i + 1)).toBe(true);
				expect(calls(state, 'list')).toEqual([
					['list', 'a.test', 1, 100],
					['list', 'a.test', 2, 100],
					['list', 'a.test', 3, 100],
				]);
				expect(calls(state, 'rerun')).toHaveLength(250);
			});

			test('a page joining later (n8n batching): from the listing when it can say, else by its own lookup', async () => {
				const { api, state } = fakeApi(site(50));
				const run = {};
				await start(run, api, ['https://a.test/x1', 'https://a.test/x2']);
				// listed, but its record was not kept (it had not joined): its own lookup says
				const listed = await createOrRerunOnce(
					run,
					{ url: 'https://a.test/x40', maxAgeHours: 0 },
					api,
				);
				// not in the whole listing: no report, created without a lookup
				const absent = await createOrRerunOnce(
					run,
					{ url: 'https://a.test/new', maxAgeHours: 0 },
					api,
				);
				expect([listed.action, listed.previous.id, absent.action]).toEqual([
					're-run',
					41,
					'created',
				]);
				expect(calls(state, 'list')).toEqual([
					['list', 'a.test', 1, 100],
					['list', 'a.test%/x40', 1, 100],
				]);
			});

			test('the listing fails: the pages look themselves up, as alone', async () => {
				const { api, state } = fakeApi(site(3));
				const list = api.listPage;
				const failure = new Error('listing failed');
				api.listPage = async (search, ...rest) =>
					search === 'a.test' ? Promise.reject(failure) : list(search, ...rest);
				const outcomes = await start({}, api, ['https://a.test/x0', 'https://a.test/new']);
				expect(outcomes.map((o) => o.action)).toEqual(['re-run', 'created']);
				expect(calls(state, 'list')).toEqual([
					['list', 'a.test%/x0', 1, 100],
					['list', 'a.test%/new', 1, 100],
				]);
			});

			test('a lost Create of a page answered by the listing looks above the newest report listed', async () => {
				const lost = new Error('answer lost');
				const { api, state } = fakeApi(site(3), {
					onCreate: (s, record) => {
						s.reports.push({ ...record, url: 'a.test/new' });
						return { answerLost: lost };
					},
				});
				const outcomes = await start({}, api, ['https://a.test/x0', 'https://a.test/new']);
				expect(outcomes.map((o) => [o.action, o.record.id])).toEqual([
					['re-run', 1],
					['created', 4],
				]);
				expect(calls(state, 'list')).toEqual([
					['list', 'a.test', 1, 100],
					['list', 'a.test%/new', 1, 100],
				]);
			});
		});

		test('a failure is shared too: the write is not tried again by the other items', async () => {
			const refused = new Error('refused');
			const { api, state } = fakeApi([], {
				onCreate: () => {
					throw refused;
				},
			});
			const run = {};
			const results = await Promise.allSettled(
				[1, 2].map(() => createOrRerunOnce(run, { url: 'https://a.test/p', maxAgeHours: 0 }, api)),
			);
			expect(results).toEqual([
				{ status: 'rejected', reason: refused },
				{ status: 'rejected', reason: refused },
			]);
			expect(state.calls.filter((c) => c[0] === 'create')).toHaveLength(1);
		});
	});
});
