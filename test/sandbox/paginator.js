'use strict';

// Laravel's LengthAwarePaginator as rendered by an API resource collection:
// {data, links{first,last,prev,next}, meta{current_page,from,last_page,links,path,per_page,to,total}}.

const { buildQuery } = require('./laravel');

const ON_EACH_SIDE = 3; // Laravel's default $onEachSide

/**
 * @param {object} args
 * @param {Array}  args.items   every matching item, already filtered and sorted
 * @param {number} args.page    1-based current page (not clamped, like Laravel)
 * @param {number} args.perPage
 * @param {string} args.path    absolute URL of the endpoint without query
 * @param {Array}  args.query   [key, value] pairs kept in the page links (without "page")
 * @param {(item) => object} args.render
 */
function paginate({ items, page, perPage, path, query, render }) {
	const total = items.length;
	const lastPage = Math.max(Math.ceil(total / perPage), 1);
	const slice = items.slice((page - 1) * perPage, page * perPage);
	const from = slice.length > 0 ? (page - 1) * perPage + 1 : null;
	const to = from === null ? null : from + slice.length - 1;
	const url = (n) => `${path}?${buildQuery([...query, ['page', n]])}`;
	const prev = page > 1 ? url(page - 1) : null;
	const next = lastPage > page ? url(page + 1) : null;

	return {
		data: slice.map(render),
		links: { first: url(1), last: url(lastPage), prev, next },
		meta: {
			current_page: page,
			from,
			last_page: lastPage,
			links: linkCollection({ page, lastPage, url, prev, next }),
			path,
			per_page: perPage,
			to,
			total,
		},
	};
}

/** Paginator::linkCollection(): previous, the window of page numbers with "..." gaps, next. */
function linkCollection({ page, lastPage, url, prev, next }) {
	const links = [{ url: prev, label: '&laquo; Previous', active: false }];
	for (const element of windowElements(page, lastPage)) {
		if (element === '...') {
			links.push({ url: null, label: '...', active: false });
			continue;
		}
		for (let n = element[0]; n <= element[1]; n++)
			links.push({ url: url(n), label: String(n), active: n === page });
	}
	links.push({ url: next, label: 'Next &raquo;', active: false });
	return links;
}

/** UrlWindow::get() reduced to page ranges [from, to] and '...' separators. */
function windowElements(page, lastPage) {
	if (lastPage < ON_EACH_SIDE * 2 + 8) return [[1, lastPage]];
	const window = ON_EACH_SIDE + 4;
	const start = [1, 2];
	const finish = [lastPage - 1, lastPage];
	if (page <= window) return [[1, window + ON_EACH_SIDE], '...', finish];
	if (page > lastPage - window)
		return [start, '...', [lastPage - (window + (ON_EACH_SIDE - 1)), lastPage]];
	return [start, '...', [page - ON_EACH_SIDE, page + ON_EACH_SIDE], '...', finish];
}

module.exports = { paginate, windowElements };
