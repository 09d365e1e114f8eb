'use strict';
// `--against`: the figures of two packages measured in the same run, row by row, and which rows got
// worse. Pure functions over the results objects that run.js builds (one per package), so the
// flag rules are unit-tested (test/bench/compare.test.js) apart from any measurement.
const { median } = require('./stats');

const fmtCount = (n) => n.toLocaleString('en-US');

/** "Worse by more than 10%" for figures that do not depend on the machine's load. */
const TOLERANCE = 0.1;

/**
 * How a kind of figure is judged. Every figure compared is "lower is better".
 * - requests, count, size, memory: more than 10% worse (requests and counts are exact; `memory` is
 *   live heap with a forced GC, nearly exact).
 * - time: worse by more than the spread of its per-process figures (the machine is shared, so a time
 *   is only worse when it is worse than the noise seen within the same run).
 * - rss: process RSS, which holds garbage as V8 pleases: more than 10% and more than its spread.
 */
function toleranceOf(kind, spread) {
	const s = Number.isFinite(spread) ? spread : 0;
	if (kind === 'time') return s;
	if (kind === 'rss') return Math.max(TOLERANCE, s);
	return TOLERANCE;
}

/** (highest − lowest) ÷ middle of a range: how far apart one package's per-process figures are. */
function relativeSpread([low, high], middle) {
	if (![low, high, middle].every(Number.isFinite) || middle <= 0) return NaN;
	return (high - low) / middle;
}

/** The spread of a row: the larger of the two packages' own spreads (either one's noise can explain a gap). */
function rowSpread(current, baseline) {
	const spreads = [current?.spread, baseline?.spread].filter(Number.isFinite);
	return spreads.length ? Math.max(...spreads) : NaN;
}

/**
 * One row's verdict. `current` and `baseline` are figures (lower is better; null/undefined: not
 * measured or did not happen). ratio = current ÷ baseline. A row is worse when the ratio exceeds
 * 1 + tolerance, or when the baseline has a figure and the current package has none.
 */
function judge({ kind, current, baseline, spread }) {
	const tolerance = toleranceOf(kind, spread);
	const has = (v) => typeof v === 'number' && Number.isFinite(v);
	if (!has(current) && !has(baseline)) return { ratio: NaN, tolerance, worse: false };
	if (!has(current)) return { ratio: NaN, tolerance, worse: true, missing: 'current' };
	if (!has(baseline)) return { ratio: NaN, tolerance, worse: false, missing: 'baseline' };
	let ratio;
	if (baseline === 0) ratio = current === 0 ? 1 : Infinity;
	else ratio = current / baseline;
	// a float epsilon, so that "exactly 10% more" (11 vs 10) is not "more than 10%"
	return { ratio, tolerance, worse: ratio > 1 + tolerance + 1e-9 };
}

const figure = (value, spread, detail) => ({ value, spread, detail });

/**
 * Rows whose figure grew because a change chose to pay for something, each with the ratio that
 * choice costs at most and why. Such a row is shown as "by design", not ⚠, while its ratio stays
 * within that bound; above it, it is worse like any row. A cost is listed here only where the
 * issue that asked for it says what it may cost, and the bench shows the same case without it.
 */
const COSTS_BY_DESIGN = [
	{
		label: 'Create or Re-Run, a page without a report: requests',
		atMost: 1.5,
		why: 'issue 33: one read after a Create (Check for a Parallel Create, on by default; off: the row below)',
	},
	{
		label: 'Create or Re-Run, 10 items naming 3 pages, in different spellings: requests',
		atMost: 1.2,
		why: 'issue 33: one read after the Create of the page without a report',
	},
	{
		// the label names the versions compared (1.1 against a baseline's 1)
		label: /^Audit Site, 1,000 pages all within Max Age, Max Pages 100 \(.*\): peak live heap$/,
		atMost: 1.5,
		why: 'issue 38: version 1.1 keeps every listed page and its newest report to choose the stalest (about 330 bytes a page); version 1 stopped reading at Max Pages',
	},
	{
		label: /^URL filter .* \(Match As text\), .*: time per URL$/,
		atMost: 10,
		why: 'issue 49: Match As Text compares the URL as written and percent-decoded (NFC, any case), so /café/ keeps /caf%C3%A9/: a percent-encoded URL is decoded and normalised once more (well under 1 µs a URL)',
	},
	{
		label: /^URL filter .*: time per URL$/,
		atMost: 40,
		why: "issue 44: Include / Exclude matched by the node's own engine (auditSite/urlPattern.ts), linear in the URL's length, instead of JavaScript's backtracking one: a few µs a URL (about 0.2 s for 50,000), and no pattern holds n8n",
	},
	{
		label: /^(packed tarball|unpacked size)$/,
		atMost: 1.3,
		why: "issues 57 and 58: the trigger's grouped alerts (trigger/alertGroups.ts, alertText.ts, confirmAfter.ts) and Digest for agencies (its words in German, French, Spanish and Dutch, the brand, the limits of each channel: digest/digestWords*.ts, digestFit.ts); loaded at first use, n8n's start unchanged (section 4's cold require())",
	},
];

/** The URLs a section-9 case is timed on, as its row names them. */
function urlSetOf(testCase) {
	if (testCase.encoded) return '1,000 percent-encoded sitemap URLs';
	return testCase.sitemap ? '1,000 sitemap URLs' : 'a 2,048-character worst case';
}

/** The row's verdict with the costs by design applied. */
function withDesignedCost(row) {
	const cost = COSTS_BY_DESIGN.find((c) =>
		c.label instanceof RegExp ? c.label.test(row.label) : c.label === row.label,
	);
	if (!cost || !row.worse || !(row.ratio <= cost.atMost + 1e-9)) return row;
	return { ...row, worse: false, byDesign: cost.why };
}

/** Rows of one kind of result, each { section, label, kind, unit, current, baseline } (figures). */
const EXTRACTORS = [
	(c, b) =>
		c.requests && b.requests
			? c.requests.rows.map((row, i) => ({
					section: 1,
					label: `Get Many ${row.label}: requests`,
					kind: 'requests',
					unit: 'count',
					current: figure(c.requests.rows[i]?.phpRank?.requests),
					baseline: figure(b.requests.rows.find((r) => r.label === row.label)?.phpRank?.requests),
				}))
			: [],
	(c, b) =>
		c.createOrRerunRequests && b.createOrRerunRequests
			? c.createOrRerunRequests.rows.map((row) => ({
					section: 1,
					label: `Create or Re-Run, ${row.label}: requests`,
					kind: 'requests',
					unit: 'count',
					current: figure(row.error ? undefined : row.requests),
					baseline: (() => {
						const other = b.createOrRerunRequests.rows.find((r) => r.label === row.label);
						return figure(other && !other.error ? other.requests : undefined);
					})(),
				}))
			: [],
	(c, b) => {
		if (!c.createOrRerunMemory || !b.createOrRerunMemory) return [];
		const rows = [];
		for (const r of c.createOrRerunMemory) {
			const o = b.createOrRerunMemory.find(
				(x) => x.pagesInRun === r.pagesInRun && x.reports === r.reports,
			);
			for (const [key, what] of [
				['peakWhileListing', 'peak while the listing is read'],
				['whileWriting', 'every page waiting for its write'],
				['runHeld', 'after the run, items dropped'],
			]) {
				rows.push({
					section: 1,
					label: `Create or Re-Run, ${r.pagesInRun} pages of ${r.reports}: live heap ${what} ÷ listing`,
					kind: 'memory',
					unit: 'times',
					current: figure(r[key] / r.listingBytes),
					baseline: figure(o ? o[key] / o.listingBytes : undefined),
				});
			}
		}
		return rows;
	},
	(c, b) => {
		if (!c.perItem || !b.perItem) return [];
		const rows = [];
		for (const [operation, r] of Object.entries(c.perItem)) {
			const o = b.perItem[operation];
			const name = operation === 'get' ? 'Get by ID' : 'Create';
			const of = (x) =>
				x
					? figure(
							x.ratio,
							relativeSpread(x.ratioRange, x.ratio),
							`per-process ${x.ratioRange.map((v) => v.toFixed(2)).join('–')}`,
						)
					: figure();
			rows.push({
				section: 2,
				label: `per item, ${name}: phpRank ÷ HTTP Request in real n8n`,
				kind: 'time',
				unit: 'ratio',
				current: of(r),
				baseline: of(o),
			});
			const e = c.expressions?.[operation];
			const f = b.expressions?.[operation];
			if (e && f) {
				rows.push({
					section: 2,
					label: `per item, ${name}: expressions evaluated per item`,
					kind: 'count',
					unit: 'decimal',
					current: figure(e.phpRank.perItem),
					baseline: figure(f.phpRank.perItem),
				});
			}
		}
		return rows;
	},
	(c, b) => {
		if (!c.memory || !b.memory) return [];
		const rows = [];
		for (const v of c.memory.variants.filter((x) => x.key.startsWith('phpRank'))) {
			const o = b.memory.variants.find((x) => x.key === v.key);
			const spreadOf = (values) =>
				relativeSpread([Math.min(...values), Math.max(...values)], median(values));
			rows.push({
				section: 3,
				label: `${v.label}: RSS growth ÷ bytes received`,
				kind: 'rss',
				unit: 'times',
				current: figure(v.ratio, v.ratios ? spreadOf(v.ratios) : NaN),
				baseline: figure(o?.ratio, o?.ratios ? spreadOf(o.ratios) : NaN),
			});
			rows.push({
				section: 3,
				label: `${v.label}: node time`,
				kind: 'time',
				unit: 'ms',
				current: figure(v.executionTime, v.executionTimes ? spreadOf(v.executionTimes) : NaN),
				baseline: figure(o?.executionTime, o?.executionTimes ? spreadOf(o.executionTimes) : NaN),
			});
		}
		return rows;
	},
	(c, b) => {
		if (!c.liveHeap || !b.liveHeap) return [];
		const rows = [];
		for (const v of c.liveHeap.variants) {
			const o = b.liveHeap.variants.find((x) => x.key === v.key);
			for (const [key, what] of [
				['retained', 'live heap held by the output'],
				['peakLive', 'live heap peak while running'],
			]) {
				rows.push({
					section: 3,
					label: `Return All, ${v.label}, in-process: ${what} ÷ bytes received`,
					kind: 'memory',
					unit: 'times',
					current: figure(v[key] / v.bytes),
					baseline: figure(o ? o[key] / o.bytes : undefined),
				});
			}
		}
		return rows;
	},
	(c, b) => {
		if (!c.package || !b.package) return [];
		const rows = [
			{
				section: 4,
				label: 'packed tarball',
				kind: 'size',
				unit: 'bytes',
				current: figure(c.package.pack.size),
				baseline: figure(b.package.pack.size),
			},
			{
				section: 4,
				label: 'unpacked size',
				kind: 'size',
				unit: 'bytes',
				current: figure(c.package.pack.unpackedSize),
				baseline: figure(b.package.pack.unpackedSize),
			},
		];
		for (const r of c.package.require) {
			const o = b.package.require.find((x) => x.node === r.node);
			const of = (x) =>
				x ? figure(x.ownMedian, relativeSpread(x.ownRange, x.ownMedian)) : figure();
			rows.push({
				section: 4,
				label: `cold require() + new, Node ${r.node}`,
				kind: 'time',
				unit: 'ms',
				current: of(r),
				baseline: of(o),
			});
		}
		return rows;
	},
	(c, b) => {
		if (!c.stop || !b.stop) return [];
		const rows = [];
		const of = (runs, key) => {
			const values = runs.map((x) => x[key]);
			if (values.length === 0 || values.some((v) => v === null || v === undefined))
				return figure(undefined);
			const m = median(values);
			return figure(m, relativeSpread([Math.min(...values), Math.max(...values)], m));
		};
		for (const [scenario, name] of [
			['wait', 'while waiting out a 429'],
			['paging', 'during a Return All, a page in flight'],
		]) {
			rows.push({
				section: 5,
				label: `Stop ${name}: Stop → run ended`,
				kind: 'time',
				unit: 'ms',
				current: of(c.stop[scenario], 'endMs'),
				baseline: of(b.stop[scenario], 'endMs'),
			});
			const sent = (runs) => figure(runs.reduce((n, x) => n + x.sentAfter, 0));
			rows.push({
				section: 5,
				label: `Stop ${name}: requests after the Stop`,
				kind: 'requests',
				unit: 'count',
				current: sent(c.stop[scenario]),
				baseline: sent(b.stop[scenario]),
			});
		}
		return rows;
	},
	(c, b) => {
		if (!c.bounds || !b.bounds) return [];
		const of = (runs, key) => {
			const values = runs.map((x) => x[key]).filter(Number.isFinite);
			if (values.length === 0) return figure(undefined);
			const m = median(values);
			return figure(m, relativeSpread([Math.min(...values), Math.max(...values)], m));
		};
		return [
			{
				section: 6,
				label: 'a hostile answer: peak RSS growth of n8n',
				kind: 'rss',
				unit: 'bytes',
				current: of(c.bounds.phpRank, 'growthBytes'),
				baseline: of(b.bounds.phpRank, 'growthBytes'),
			},
			{
				section: 6,
				label: 'a hostile answer: what the sandbox wrote before the connection closed',
				kind: 'memory',
				unit: 'bytes',
				current: of(c.bounds.phpRank, 'writtenBytes'),
				baseline: of(b.bounds.phpRank, 'writtenBytes'),
			},
		];
	},
	// section 7: its rows even when the baseline predates Get Issues (its column then reads "—").
	// Get Issues runs at each package's default version (1.2 here: with the site summary, issue 45).
	(c, b) => {
		if (!c.siteHealth) return [];
		const o = b.siteHealth;
		const versions = `version ${c.siteHealth.n8n?.typeVersion ?? '?'} here${o?.n8n?.typeVersion ? `, ${o.n8n.typeVersion} in the baseline` : ''}`;
		const rows = [
			{
				label: 'site health, Get Issues in real n8n: requests',
				kind: 'requests',
				unit: 'count',
				of: (r) => r.n8n?.issues?.requests,
			},
			{
				label: `site health, Get Issues (${versions}) in real n8n: node time`,
				kind: 'time',
				unit: 'ms',
				of: (r) => r.n8n?.issues?.ms,
				spread: (r) => relativeSpread(r.n8n?.issues?.msRange ?? [], r.n8n?.issues?.ms),
			},
			{
				label: 'site health, Get Issues in-process: live heap peak ÷ bytes received',
				kind: 'memory',
				unit: 'times',
				of: (r) => r.heap?.issues?.share,
			},
			{
				label: `site health, Get Issues (${versions}) in-process: peak live heap`,
				kind: 'memory',
				unit: 'bytes',
				of: (r) => r.heap?.issues?.peakLive,
			},
			// Project → Digest (issue 50): only where this package measured it ("—" in a baseline before it)
			...(c.siteHealth.heap?.digest
				? [
						{
							label: 'site health, Digest in-process: requests',
							kind: 'requests',
							unit: 'count',
							of: (r) => r.heap?.digest?.requests,
						},
						{
							label: 'site health, Digest in-process: peak live heap',
							kind: 'memory',
							unit: 'bytes',
							of: (r) => r.heap?.digest?.peakLive,
						},
					]
				: []),
			{
				label: 'site health, the MCP tool answer as shipped',
				kind: 'size',
				unit: 'bytes',
				of: (r) => r.tool?.asShipped?.bytes,
			},
			// the trigger watching a whole site: only where this package measured it (trigger version 2)
			...(c.siteHealth.rolling
				? [
						{
							label: 'site health, the trigger watching a whole site: requests per poll',
							kind: 'requests',
							unit: 'count',
							of: (r) => r.rolling?.requestsPerPoll,
						},
						{
							label: 'site health, the trigger watching a whole site: polls per full round',
							kind: 'requests',
							unit: 'count',
							of: (r) => r.rolling?.pollsPerRound,
						},
						{
							label: 'site health, the trigger watching a whole site: state',
							kind: 'size',
							unit: 'bytes',
							of: (r) => r.rolling?.stateBytes,
						},
					]
				: []),
			...(c.siteHealth.state?.rows ?? []).map((row) => ({
				label: `site health, trigger state: ${row.label}`,
				kind: 'size',
				unit: 'bytes',
				of: (r) => r.state?.rows?.find((x) => x.label === row.label)?.bytes,
			})),
		];
		return rows.map(({ of, spread, ...row }) => ({
			section: 7,
			...row,
			current: figure(of(c.siteHealth), spread?.(c.siteHealth)),
			baseline: figure(o ? of(o) : undefined, o ? spread?.(o) : undefined),
		}));
	},
	// section 7b: Validate Fix (issue 34), its rows even when the baseline predates it ("—")
	(c, b) => {
		if (!c.validateFix) return [];
		const o = b.validateFix;
		const spreadOf = (x) => (x ? relativeSpread(x.msRange, x.ms) : undefined);
		return Object.entries(c.validateFix.cases)
			.flatMap(([key, x]) => [
				{
					section: 7,
					label: `validate fix, ${x.label}: requests`,
					kind: 'requests',
					unit: 'count',
					current: figure(x.requests),
					baseline: figure(o?.cases?.[key]?.requests),
				},
				{
					section: 7,
					label: `validate fix, ${x.label}: node time`,
					kind: 'time',
					unit: 'ms',
					current: figure(x.ms, spreadOf(x)),
					baseline: figure(o?.cases?.[key]?.ms, spreadOf(o?.cases?.[key])),
				},
			])
			.concat([
				{
					section: 7,
					label: 'validate fix, the MCP tool answer (fixed, every page re-checked)',
					kind: 'size',
					unit: 'bytes',
					current: figure(c.validateFix.tool.bytes),
					baseline: figure(o?.tool?.bytes),
				},
			]);
	},
	// section 8: Audit Site's requests, and issue 38's whole site, each package at its default
	// version (1.1 here; a baseline from before issue 38 has version 1 only): what each does on the
	// same site. A baseline from before Audit Site: "—"
	(c, b) => {
		if (!c.siteAudit) return [];
		const o = b.siteAudit;
		const versions = (x, y) =>
			`version ${x?.typeVersion ?? '?'} here${y?.typeVersion ? `, ${y.typeVersion} in the baseline` : ''}`;
		const rows = c.siteAudit.requests.map((q) => ({
			label: `Audit Site, ${q.pages} pages, ${q.withReports} with a report: requests to phpRank`,
			kind: 'requests',
			unit: 'count',
			of: (r) =>
				r.requests?.find((x) => x.pages === q.pages && x.withReports === q.withReports)?.phpRank,
		}));
		const fresh = c.siteAudit.fresh;
		if (fresh) {
			const what = `Audit Site, ${fmtCount(fresh.pages)} pages all within Max Age, Max Pages ${fresh.maxPages} (${versions(fresh, o?.fresh)})`;
			const ok = (r) => (r.fresh && !r.fresh.unavailable ? r.fresh : undefined);
			rows.push(
				{
					label: `${what}: requests to phpRank`,
					kind: 'requests',
					unit: 'count',
					of: (r) => ok(r)?.requests.total,
				},
				{
					label: `${what}: time`,
					kind: 'time',
					unit: 'ms',
					of: (r) => ok(r)?.ms,
					spread: (r) => (ok(r) ? relativeSpread(r.fresh.msRange, r.fresh.ms) : NaN),
				},
				{
					label: `${what}: peak live heap`,
					kind: 'memory',
					unit: 'bytes',
					of: (r) => ok(r)?.peakLive,
				},
			);
		}
		const limit = c.siteAudit.planLimit;
		if (limit) {
			const what = `Audit Site meets the plan's limit, ${limit.pages} pages, ${limit.allowed} reports more allowed (${versions(limit, o?.planLimit)})`;
			rows.push(
				{
					label: `${what}: Creates sent`,
					kind: 'requests',
					unit: 'count',
					of: (r) => r.planLimit?.requests.creates,
				},
				{
					label: `${what}: Creates refused`,
					kind: 'count',
					unit: 'count',
					of: (r) => r.planLimit?.requests.refused,
				},
			);
		}
		return rows.map(({ of, spread, ...row }) => ({
			section: 8,
			...row,
			current: figure(of(c.siteAudit), spread?.(c.siteAudit)),
			baseline: figure(o ? of(o) : undefined, o ? spread?.(o) : undefined),
		}));
	},
	// section 9: Audit Site's URL filters (issue 44), time per URL on each worst case and on sitemap
	// URLs. A package that refused the pattern, or was stopped over the time limit, has no figure:
	// worse when it is this package, "—" when it is the baseline
	(c, b) => {
		if (!c.urlFilters) return [];
		const spreadOf = (x) => (x && Number.isFinite(x.ms) ? relativeSpread(x.msRange, x.ms) : NaN);
		const microseconds = (x) => (x && Number.isFinite(x.ms) ? x.ms * 1000 : undefined);
		return Object.values(c.urlFilters.cases).map((x) => {
			const o = b.urlFilters?.cases?.[x.key];
			return {
				section: 9,
				label: `URL filter ${x.field}${x.matchAs ? ` (Match As ${x.matchAs})` : ''}, ${urlSetOf(x)}: time per URL`,
				kind: 'time',
				unit: 'µs',
				current: figure(microseconds(x), spreadOf(x)),
				baseline: figure(microseconds(o), spreadOf(o)),
			};
		});
	},
];

/**
 * Every row both packages measured, judged: { section, label, kind, unit, current, baseline,
 * spread, ratio, tolerance, worse }. `current` and `baseline` are results objects of the same run.
 */
function compareResults(current, baseline) {
	return EXTRACTORS.flatMap((extract) => extract(current, baseline)).map((row) => {
		const spread = rowSpread(row.current, row.baseline);
		return withDesignedCost({
			...row,
			spread,
			...judge({
				kind: row.kind,
				current: row.current.value,
				baseline: row.baseline.value,
				spread,
			}),
		});
	});
}

/** The bench's last line: which rows are worse than the baseline, or none. */
function verdictLine(rows, baselineName) {
	const worse = rows.filter((r) => r.worse);
	const designed = rows.filter((r) => r.byDesign).length;
	const byDesign = designed
		? `, ${designed} higher by design within their bound: ${rows
				.filter((r) => r.byDesign)
				.map((r) => `${r.label} (${r.ratio.toFixed(2)}×)`)
				.join('; ')}`
		: '';
	if (worse.length === 0)
		return `no row worse than ${baselineName} (${rows.length} row${rows.length === 1 ? '' : 's'} compared${byDesign})`;
	const what = worse
		.map((r) => {
			if (r.ratio === Infinity) return `${r.label} (none before)`;
			return `${r.label} (${Number.isFinite(r.ratio) ? `${r.ratio.toFixed(2)}×` : 'no figure'})`;
		})
		.join('; ');
	return `⚠ ${worse.length} row${worse.length === 1 ? '' : 's'} worse than ${baselineName}: ${what}${byDesign ? ` (and${byDesign.slice(1)})` : ''}`;
}

module.exports = {
	compareResults,
	judge,
	toleranceOf,
	relativeSpread,
	verdictLine,
	TOLERANCE,
	COSTS_BY_DESIGN,
};
