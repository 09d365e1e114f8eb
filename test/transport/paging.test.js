// How a list is read (transport/paging.ts): the page plan, where a list ends, and reading it
// page by page while it changes.
const { planPages, isLastPage, pageCount, collectPages } = require('../helpers/built').paging;

describe('planPages', () => {
	test.each([
		[1, 10],
		[10, 10],
		[11, 25],
		[25, 25],
		[26, 50],
		[50, 50],
		[51, 100],
		[100, 100],
		[101, 100],
		[250, 100],
		[1000, 100],
	])('limit %i uses per_page %i', (limit, perPage) => {
		expect(planPages(false, limit)).toEqual({ perPage, maxItems: limit });
	});

	test('Return All uses the largest page and no item cap', () => {
		expect(planPages(true, 5)).toEqual({ perPage: 100, maxItems: undefined });
	});
});

describe('isLastPage', () => {
	const page = (n) => Array.from({ length: n }, (_, i) => ({ id: i }));

	test('an empty page ends the list', () => {
		expect(isLastPage({ data: [], meta: { last_page: 9 } }, 2, 100)).toBe(true);
	});
	test('meta.last_page decides when present', () => {
		expect(isLastPage({ data: page(100), meta: { last_page: 3 } }, 2, 100)).toBe(false);
		expect(isLastPage({ data: page(100), meta: { last_page: 3 } }, 3, 100)).toBe(true);
		expect(isLastPage({ data: page(5), meta: { last_page: 3 } }, 1, 100)).toBe(false);
	});
	test('without last_page, meta.total decides (with the page size phpRank used)', () => {
		expect(isLastPage({ data: page(100), meta: { total: 250 } }, 2, 100)).toBe(false);
		expect(isLastPage({ data: page(50), meta: { total: 250 } }, 3, 100)).toBe(true);
		expect(isLastPage({ data: page(10), meta: { total: 25, per_page: 10 } }, 2, 100)).toBe(false);
	});
	test('without last_page and total, the presence of links.next decides (the link itself is not used)', () => {
		expect(
			isLastPage({ data: page(100), links: { next: 'https://elsewhere.test/?page=3' } }, 2, 100),
		).toBe(false);
		expect(isLastPage({ data: page(100), links: { next: null } }, 2, 100)).toBe(true);
	});
	test('pageCount: last_page, else from total, else 1', () => {
		expect(
			[{ meta: { last_page: 4 } }, { meta: { total: 201 } }, {}].map((envelope) =>
				pageCount({ data: [], ...envelope }, 100),
			),
		).toEqual([4, 3, 1]);
	});
	test('without meta a short page is the last', () => {
		expect(isLastPage({ data: page(100) }, 1, 100)).toBe(false);
		expect(isLastPage({ data: page(99) }, 1, 100)).toBe(true);
	});
});

/**
 * A list sorted by id, newest first, paged like Laravel's paginator; `between` runs before each
 * page request, as another client changing the list while the node reads it.
 */
function fakeList(ids, between = () => {}) {
	const state = {
		ids: [...ids].sort((a, b) => b - a),
		requests: 0,
		nextId: Math.max(0, ...ids) + 1,
	};
	const fetchPage = async (page, perPage) => {
		between(state);
		state.requests++;
		const total = state.ids.length;
		const data = state.ids.slice((page - 1) * perPage, page * perPage).map((id) => ({ id }));
		return {
			data,
			meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), total },
		};
	};
	return { state, fetchPage };
}

const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const all = { perPage: 10, maxItems: undefined };

/** A seeded PRNG, so a failing case can be replayed. */
function prng(seed) {
	let x = seed >>> 0 || 1;
	return () => {
		x ^= x << 13;
		x ^= x >>> 17;
		x ^= x << 5;
		return (x >>> 0) / 2 ** 32;
	};
}

test('a list that does not change: every record once, in order, one request a page', async () => {
	const { state, fetchPage } = fakeList(range(1, 35));
	const records = await collectPages(fetchPage, { plan: all });
	expect(records.map((r) => r.id)).toEqual(range(1, 35).reverse());
	expect(state.requests).toBe(4);
});

test('the limit stops reading', async () => {
	const { state, fetchPage } = fakeList(range(1, 35));
	const records = await collectPages(fetchPage, { plan: { perPage: 10, maxItems: 15 } });
	expect(records.map((r) => r.id)).toEqual(range(21, 35).reverse());
	expect(state.requests).toBe(2);
});

test('stopAt ends before the first known record', async () => {
	const { fetchPage } = fakeList(range(1, 35));
	const records = await collectPages(fetchPage, { plan: all, stopAt: (r) => r.id <= 12 });
	expect(records.map((r) => r.id)).toEqual(range(13, 35).reverse());
});

test('newest first: records created on top are not output twice, and cost no re-reads', async () => {
	const { state, fetchPage } = fakeList(range(1, 35), (list) => {
		if (list.requests > 0) list.ids.unshift(list.nextId++, list.nextId++);
	});
	const records = await collectPages(fetchPage, { plan: all, newestFirst: true });
	const ids = records.map((r) => r.id);
	expect(new Set(ids).size).toBe(ids.length);
	expect(ids.filter((id) => id <= 35).sort((a, b) => a - b)).toEqual(range(1, 35));
	expect(state.requests).toBe(5);
});

test('another order: a list that grows on every request still ends (bounded re-reads)', async () => {
	const { state, fetchPage } = fakeList(range(1, 35), (list) => {
		if (list.requests > 0) list.ids.unshift(list.nextId++, list.nextId++);
	});
	const ids = (await collectPages(fetchPage, { plan: all })).map((r) => r.id);
	expect(new Set(ids).size).toBe(ids.length);
	expect(ids.filter((id) => id <= 35).sort((a, b) => a - b)).toEqual(range(1, 35));
	expect(state.requests).toBeLessThan(60);
});

test('records deleted on pages already read do not hide the ones that move up', async () => {
	const { fetchPage } = fakeList(range(1, 35), (state) => {
		// After page 1, delete 3 records of page 1: records 22..20 move up onto page 1.
		if (state.requests === 1) state.ids = state.ids.filter((id) => ![35, 34, 33].includes(id));
	});
	const records = await collectPages(fetchPage, { plan: all });
	const ids = records.map((r) => r.id);
	expect(new Set(ids).size).toBe(ids.length);
	expect(range(1, 32).every((id) => ids.includes(id))).toBe(true);
});

test('more deletions than a page still lose nothing', async () => {
	const { fetchPage } = fakeList(range(1, 60), (state) => {
		if (state.requests === 2) state.ids = state.ids.filter((id) => id < 35 || id > 58);
	});
	const ids = (await collectPages(fetchPage, { plan: all })).map((r) => r.id);
	expect(new Set(ids).size).toBe(ids.length);
	expect([...range(1, 34), 59, 60].every((id) => ids.includes(id))).toBe(true);
});

describe.each([
	['newest first', true],
	['any order', false],
])('%s', (_order, newestFirst) => {
	test.each(range(1, 40))(
		'random churn, seed %i: every record that lived through the run, exactly once',
		async (seed) => {
			const random = prng(seed);
			const initial = range(1, 250);
			const deleted = new Set();
			const { fetchPage } = fakeList(initial, (state) => {
				if (state.requests === 0) return;
				// Between two requests another client may create a report and may delete one.
				if (random() < 0.4) state.ids.unshift(state.nextId++);
				if (random() < 0.4) {
					const [id] = state.ids.splice(Math.floor(random() * state.ids.length), 1);
					deleted.add(id);
				}
			});
			const ids = (await collectPages(fetchPage, { plan: all, newestFirst })).map((r) => r.id);
			expect(new Set(ids).size).toBe(ids.length);
			const survivors = initial.filter((id) => !deleted.has(id));
			expect(survivors.filter((id) => !ids.includes(id))).toEqual([]);
		},
	);
});

test('a server that ignores `page` fails at the first page that adds nothing, not after the pages it claims', async () => {
	const calls = { count: 0 };
	const fetchPage = async () => {
		calls.count++;
		// the same ten ids, in a new order each time, claiming 1,000 pages
		const ids = range(1, 10);
		const turn = calls.count % 10;
		const data = [...ids.slice(turn), ...ids.slice(0, turn)].map((id) => ({ id }));
		return { data, meta: { last_page: 1000, total: 10_000 } };
	};
	const error = await collectPages(fetchPage, { plan: all, path: '/reports' }).catch((e) => e);
	expect(error.failure).toEqual({ type: 'pagingBroken', path: '/reports', page: 2 });
	expect(calls.count).toBe(2);
});

test('a page that repeats records of a list that grew meanwhile is read on, not failed', async () => {
	// 10 new reports arrive before page 2: it holds exactly what page 1 held.
	const { state, fetchPage } = fakeList(range(1, 30), (list) => {
		if (list.requests === 1) list.ids.unshift(...range(31, 40).reverse());
	});
	const ids = (await collectPages(fetchPage, { plan: all, newestFirst: true })).map((r) => r.id);
	expect(ids).toEqual(range(1, 30).reverse());
	expect(state.requests).toBe(4);
});

describe('fromPage (the trigger reading a slice of a list)', () => {
	test('reads from that page on, within the limit; no page before it', async () => {
		const pages = [];
		const { fetchPage } = fakeList(range(1, 60));
		const records = await collectPages(
			async (page, perPage) => {
				pages.push(page);
				return await fetchPage(page, perPage);
			},
			{ plan: { perPage: 10, maxItems: 20 }, newestFirst: true, fromPage: 3 },
		);
		expect(records.map((r) => r.id)).toEqual(range(21, 40).reverse());
		expect(pages).toEqual([3, 4]);
	});

	test('deletions while it reads: the records that moved up past its first page are read again, none lost', async () => {
		const pages = [];
		const { fetchPage } = fakeList(range(1, 60), (state) => {
			if (state.requests === 1) state.ids = state.ids.filter((id) => id < 30 || id > 44);
		});
		const records = await collectPages(
			async (page, perPage) => {
				pages.push(page);
				return await fetchPage(page, perPage);
			},
			{ plan: all, newestFirst: true, fromPage: 3 },
		);
		expect(pages.slice(0, 2)).toEqual([3, 4]);
		expect(pages).toContain(2);
		const ids = records.map((r) => r.id);
		expect(new Set(ids).size).toBe(ids.length);
		expect(range(1, 29).every((id) => ids.includes(id))).toBe(true);
	});

	test('past the end of the list: nothing, one request', async () => {
		const { state, fetchPage } = fakeList(range(1, 15));
		expect(await collectPages(fetchPage, { plan: all, fromPage: 4 })).toEqual([]);
		expect(state.requests).toBe(1);
	});
});
