'use strict';

const { SLICE_PAGES } = require('./built').rollingWatch;

const range = (first, last) => Array.from({ length: last - first + 1 }, (_, i) => first + i);

/**
 * The pages each poll of a round reads over `total` reports that do not change, as
 * nodes/PhpRank/trigger/rollingWatch.ts reads them: page 1, then a slice of up to SLICE_PAGES pages,
 * from page 2 at a round's start, then from the page where the last slice stopped; the round ends on
 * a slice that is not full. Every figure the trigger tests take from it follows from it, so none holds
 * only for one SLICE_PAGES.
 */
function roundPages(total) {
	const last = Math.max(1, Math.ceil(total / 100));
	if (last === 1) return [[1]];
	const polls = [];
	for (let from = 2; ; ) {
		const to = Math.min(last, from + SLICE_PAGES - 1);
		polls.push([1, ...range(from, to)]);
		if (to - from + 1 < SLICE_PAGES || total < 100 * to) return polls;
		from = to;
	}
}

module.exports = { roundPages, range };
