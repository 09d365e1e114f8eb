const { createOrRerun, createOrRerunOnce, LOOKUP_PAGE_SIZE } =
	require('../helpers/built').createOrRerun;

const NOW = Date.parse('2026-03-02T12:00:00Z');
const hoursAgo = (hours) => new Date(NOW - hours * 3_600_000).toISOString();

/**
 * A scripted CreateOrRerunApi over an in-memory list: reports `{id, url, generated_at}`, searched by
 * substring, newest first, paged. `calls` records every call; `onCreate` decides what a create does.
 */
function fakeApi(reports, { onCreate, ignorePage = false, failListAfter } = {}) {
	const state = { reports: reports.map((r) => ({ generated_at: hoursAgo(100), ...r })), calls: [] };
	const nextId = () => Math.max(0, ...state.reports.map((r) => r.id)) + 1;
	const api = {
		async listPage(search, page, perPage) {
			state.calls.push(['list', search, page, perPage]);
			if (
				failListAfter !== undefined &&
				state.calls.filter((c) => c[0] === 'list').length > failListAfter
			) {
				throw new Error('list failed');
			}
			const matches = state.reports
				.filter((r) => r.url.includes(search))
				.sort((a, b) => b.id - a.id);
			const start = ignorePage ? 0 : (page - 1) * perPage;
			return {
				data: matches.slice(start, start + perPage).map((r) => ({ ...r })),
				meta: { current_page: page, last_page: Math.max(1, Math.ceil(matches.length / perPage)) },
			};
		},
		async create() {
			state.calls.push(['create']);
			const record = { id: nextId(), url: 'new', generated_at: new Date(NOW).toISOString() };
			return onCreate ? onCreate(state, record) : (state.reports.push(record), { created: record });
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
	test('re-runs the newest report of exactly the page; neighbours and older copies are passed over', async () => {
		const { api, state } = fakeApi([
			{ id: 1, url: 'a.test/p' },
			{ id: 2, url: 'a.test/p' },
			{ id: 3, url: 'a.test/p-2' },
			{ id: 4, url: 'a.test/p/x' },
		]);
		const outcome = await createOrRerun({ url: 'https://www.a.test/p/', maxAgeHours: 0 }, api);
		expect(state.calls).toEqual([
			['list', 'a.test/p', 1, LOOKUP_PAGE_SIZE],
			['rerun', 2],
		]);
		expect(outcome).toEqual({
			action: 're-run',
			record: expect.objectContaining({ id: 2, rerun: true }),
			previous: expect.objectContaining({ id: 2, url: 'a.test/p', generated_at: hoursAgo(100) }),
		});
	});

	test('reads page after page until found, and stops there', async () => {
		const neighbours = Array.from({ length: 250 }, (_, i) => ({ id: i + 2, url: `a.test/p${i}` }));
		const { api, state } = fakeApi([{ id: 1, url: 'a.test/p' }, ...neighbours]);
		const outcome = await createOrRerun({ url: 'https://a.test/p', maxAgeHours: 0 }, api);
		expect(state.calls).toEqual([
			['list', 'a.test/p', 1, 100],
			['list', 'a.test/p', 2, 100],
			['list', 'a.test/p', 3, 100],
			['rerun', 1],
		]);
		expect(outcome.action).toBe('re-run');
	});

	test('the list ends without the page: creates, no previous', async () => {
		const { api, state } = fakeApi([{ id: 1, url: 'a.test/p-2' }]);
		const outcome = await createOrRerun({ url: 'https://a.test/p', maxAgeHours: 0 }, api);
		expect(state.calls).toEqual([['list', 'a.test/p', 1, 100], ['create']]);
		expect(outcome).toEqual({ action: 'created', record: expect.objectContaining({ id: 2 }) });
		expect(outcome).not.toHaveProperty('previous');
	});

	test('a server that ignores `page` is read once more, not forever', async () => {
		const neighbours = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, url: `a.test/p${i}` }));
		const { api, state } = fakeApi(neighbours, { ignorePage: true });
		// a last_page above 1 would send it on and on
		api.listPage = (
			(list) =>
			async (...args) => ({ ...(await list(...args)), meta: { last_page: 5 } })
		)(api.listPage);
		await createOrRerun({ url: 'https://a.test/p', maxAgeHours: 0 }, api);
		expect(state.calls).toEqual([
			['list', 'a.test/p', 1, 100],
			['list', 'a.test/p', 2, 100],
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
			const outcome = await createOrRerun({ url: 'https://a.test/p', maxAgeHours }, api);
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
			const outcome = await createOrRerun({ url: 'https://a.test/p', maxAgeHours: 0 }, api);
			expect(state.calls).toEqual([
				['list', 'a.test/p', 1, 100],
				['create'],
				['list', 'a.test/p', 1, 100],
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
			await expect(createOrRerun({ url: 'https://a.test/p', maxAgeHours: 0 }, api)).rejects.toBe(
				lost,
			);
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
			await expect(createOrRerun({ url: 'https://a.test/p', maxAgeHours: 0 }, api)).rejects.toBe(
				lost,
			);
			// the look-up again reads only page 1: it meets report 150, the newest seen before, there
			expect(state.calls).toEqual([
				['list', 'a.test/p', 1, 100],
				['list', 'a.test/p', 2, 100],
				['create'],
				['list', 'a.test/p', 1, 100],
			]);
		});

		test("the look-up again fails: the create's own error, which says the report may exist", async () => {
			const { api } = fakeApi([], { onCreate: () => ({ answerLost: lost }), failListAfter: 1 });
			await expect(createOrRerun({ url: 'https://a.test/p', maxAgeHours: 0 }, api)).rejects.toBe(
				lost,
			);
		});

		test('other create errors pass through, without a second look-up', async () => {
			const refused = new Error('phpRank rejected the input');
			const { api, state } = fakeApi([], {
				onCreate: () => {
					throw refused;
				},
			});
			await expect(createOrRerun({ url: 'https://a.test/p', maxAgeHours: 0 }, api)).rejects.toBe(
				refused,
			);
			expect(state.calls).toEqual([['list', 'a.test/p', 1, 100], ['create']]);
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
		expect(state.calls).toEqual([
			['list', 'a.test/p', 1, 100],
			['list', 'a.test/q', 1, 100],
			['rerun', 1],
			['create'],
		]);
	});

	test('an item arriving after the write (n8n batching) gets the same outcome, not a second write', async () => {
		const { api, state } = fakeApi([]);
		const run = {};
		const first = await createOrRerunOnce(run, { url: 'https://a.test/p', maxAgeHours: 0 }, api);
		const later = await createOrRerunOnce(run, { url: 'https://a.test/p/', maxAgeHours: 0 }, api);
		expect(later).toBe(first);
		expect(state.calls).toEqual([['list', 'a.test/p', 1, 100], ['create']]);
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
