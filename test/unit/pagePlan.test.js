const { planPages, isLastPage, pageCount } = require('../helpers/built').pagePlan;

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
