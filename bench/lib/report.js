'use strict';
// The markdown of a benchmark run.
const { fmt, fmtBytes, median, range } = require('./stats');

const ok = (pass) => (pass ? '✅' : '❌');

function header(info) {
	const lines = [
		'# phpRank node benchmark',
		'',
		'_Figures from one run on one machine._ A shared, noisy machine: compare the ratios within this run, not',
		'absolute times across runs. How to reproduce and what every figure means: `bench/README.md`.',
		'',
		'| | |',
		'|---|---|',
		`| date | ${info.date} |`,
		`| machine | ${info.cpu}, ${info.memory} RAM, ${info.os} |`,
		`| load average (1/5/15 min) at start / end | ${info.load} / ${info.loadAfter ?? 'n/a'} |`,
		`| n8n | ${info.n8n ?? 'not run'}${info.n8nNode ? ` on Node ${info.n8nNode}` : ''} |`,
		`| benchmark driver, in-process runner | Node ${info.benchNode} |`,
		`| package | ${info.package.name}@${info.package.version}, commit ${info.package.commit ?? '?'}${info.package.dirty ? ' + uncommitted changes' : ''}${info.label ? ` — ${info.label}` : ''} |`,
		`| baseline (\`--against\`) | ${info.baseline ? `${info.baseline.label}: ${info.baseline.name}@${info.baseline.version}${info.baseline.commit && info.baseline.label !== info.baseline.commit ? `, commit ${info.baseline.commit}` : ''}, measured in this run, alternating processes` : 'none'} |`,
		`| run time | ${info.seconds} s |`,
	];
	return lines.join('\n');
}

/** A compared figure in its unit. */
function figureText(value, unit) {
	if (typeof value !== 'number' || Number.isNaN(value)) return '—';
	if (unit === 'bytes') return fmtBytes(value);
	if (unit === 'ms') return `${fmt(value, value < 100 ? 1 : 0)} ms`;
	if (unit === 'µs') return `${fmt(value, value < 10 ? 3 : 1)} µs`;
	if (unit === 'times') return `${fmt(value, 2)}×`;
	if (unit === 'ratio') return fmt(value, 2);
	if (unit === 'decimal') return fmt(value, 1);
	return fmt(value);
}

function ratioText(ratio) {
	if (ratio === Infinity) return '∞';
	return Number.isFinite(ratio) ? fmt(ratio, 2) : '—';
}

const RULES = {
	requests: 'more than 10%',
	count: 'more than 10%',
	size: 'more than 10%',
	memory: 'more than 10%',
	rss: 'more than 10% and than the spread',
	time: 'more than the spread',
};

/** The two packages side by side (lib/compare.js): every row both measured, ⚠ where worse. */
function comparisonSection(c) {
	const lines = [
		`## Against ${c.baseline}`,
		'',
		`Both packages measured in this run: the same sections, sandboxes and n8n install (each package in a user folder of its`,
		'own), their processes alternating where a section times or weighs a process (2, 3, 4), one after the other in 1, 5, 6.',
		'Every figure is "lower is better"; ratio = this package ÷ the baseline. ⚠: worse by more than 10% (requests,',
		"counts, package size, live heap), by more than the spread of the per-process figures (times: the larger of the two packages'",
		'(highest − lowest) ÷ median), or by both (RSS, which holds garbage). "By design": a cost an issue chose and bounded',
		'(lib/compare.js COSTS_BY_DESIGN), within that bound; above it the row is ⚠.',
		'',
		`| § | figure | ${c.baseline} | this package | **ratio** | worse when above | |`,
		'|---|---|---:|---:|---:|---|:---:|',
	];
	for (const r of c.rows) {
		const detail = (f) => (f.detail ? ` (${f.detail})` : '');
		const limit =
			r.kind === 'time' && !Number.isFinite(r.spread)
				? 'n/a (no spread)'
				: `${fmt(1 + r.tolerance, 2)} (${RULES[r.kind]})`;
		lines.push(
			`| ${r.section} | ${r.label} | ${figureText(r.baseline.value, r.unit)}${detail(r.baseline)} | ${figureText(r.current.value, r.unit)}${detail(r.current)} | **${ratioText(r.ratio)}** | ${limit} | ${r.worse ? '⚠' : r.byDesign ? `by design (${r.byDesign})` : ''} |`,
		);
	}
	return lines.join('\n');
}

function requestsSection(r) {
	const keys = ['httpLastPage', 'httpEmptyData', 'httpDefaultPage'];
	const cell = (m) => {
		if (!m) return '—';
		if (m.error) return `error: ${m.error}`;
		if (m.records === undefined) return String(m.requests);
		return `${m.requests} (${fmt(m.records)} reports in ${m.itemsOut} page item${m.itemsOut === 1 ? '' : 's'})`;
	};
	const lines = [
		`## 1. Requests used by Report Get Many (${fmt(r.total)} reports)`,
		'',
		'Minimum: Return All over N = ceil(N/100); Limit L ≤ 100: 1; L > 100: ceil(L/100). phpRank accepts per_page 10, 25, 50 or 100 only.',
		'HTTP Request node (n8n 2.40.7, typeVersion 4.5) with pagination as n8n\'s docs show: "Update a Parameter in Each Request",',
		'query `page` = `{{ $pageCount + 1 }}`; per_page the smallest phpRank page that holds the limit (100 for Return All);',
		'for a limit, "Limit Pages Fetched" with Max Pages = ceil(L / per_page). It outputs one item per page (the envelope):',
		'a Split Out node on `data` (and a Limit node where the page holds more than L) is needed to get what the phpRank node outputs.',
		'',
		'| Get Many | minimum | phpRank node | = minimum | phpRank items out | HTTP Request: until `current_page >= last_page` | HTTP Request: until `data` is empty | HTTP Request: no per_page (10 a page) |',
		'|---|---:|---:|:---:|---:|---:|---:|---:|',
	];
	for (const row of r.rows) {
		const p = row.phpRank;
		const inProcess =
			p.inProcessRequests !== undefined && p.inProcessRequests !== p.requests
				? ` (in-process runner: ${p.inProcessRequests})`
				: '';
		lines.push(
			`| ${row.label} | ${row.minimum} | ${p.error ? `error: ${p.error}` : p.requests}${inProcess} | ${ok(p.requests === row.minimum)} | ${fmt(p.itemsOut)}${
				p.itemsOut === row.expectedItems ? '' : ` (expected ${row.expectedItems})`
			} | ${keys.map((k) => cell(row.http[k])).join(' | ')} |`,
		);
	}
	const all = r.rows.find((row) => row.case.returnAll);
	const runaway = all?.http.httpResponseIsEmpty;
	if (runaway) {
		lines.push(
			'',
			`HTTP Request with the built-in **"Response Is Empty"** (Return All, per_page 100): ${runaway.requests} requests` +
				`${runaway.requests >= r.runawayCap ? ` — it never completes by itself on phpRank (an empty page is \`{"data": [], "links": …, "meta": …}\`, not an empty body, and each page differs in \`meta.current_page\`, so n8n's "identical response" guard does not fire either); it stopped only at the Max Pages cap of ${r.runawayCap}` : ''}.`,
		);
	}
	const inProcessAgrees = r.rows.every(
		(row) =>
			row.phpRank.inProcessRequests === undefined ||
			row.phpRank.inProcessRequests === row.phpRank.requests,
	);
	lines.push(
		'',
		`phpRank node counts from real n8n; the in-process runner (n8n-core 2.40.3) ${inProcessAgrees ? 'gave the same counts' : 'differed where noted'}.`,
	);
	return lines.join('\n');
}

/** Each action and how many items output it, in the order they first appear ("re-run × 1,000"). */
function actionsOut(actions) {
	if (actions.length <= 10) return actions.join(', ');
	const counts = new Map();
	for (const action of actions) counts.set(action, (counts.get(action) ?? 0) + 1);
	return [...counts].map(([action, count]) => `${action} × ${fmt(count)}`).join(', ');
}

function createOrRerunSection(r) {
	const lines = [
		`### Requests used by Report Create or Re-Run`,
		'',
		`Each case on its own sandbox: the bulk seed of ${fmt(r.total)} reports, or the case's own reports. **Each page alone**:`,
		"what the node used before a run read a site's listing: every distinct page looked up on its own (the lookup",
		"pages, 100 a page, newest first; phpRank's search is a substring match) down to the page's newest report, or the",
		'whole search when it has none, plus one write (a re-run or a create; none when kept). **Minimum**: each site',
		"read once, the cheaper of its listing (the search for its host, 100 a page) and its pages' own lookups (the",
		'search for a part every spelling of the page shares), plus the same writes, plus the read after the Creates',
		"(Check for a Parallel Create: one per page created alone, one read of the site's new reports for a site's pages).",
		"Worked out from the sandbox's store before the run.",
		'',
		'| Create or Re-Run | items / pages | each page alone | minimum | phpRank node: lookups + writes | = minimum | actions out |',
		'|---|---:|---:|---:|---:|:---:|---|',
	];
	for (const row of r.rows) {
		lines.push(
			`| ${row.label} | ${fmt(row.items)} / ${fmt(row.pages)} | ${fmt(row.alone)} | ${fmt(row.minimum)} | ${row.error ? `error: ${row.error}` : `${fmt(row.requests)} (${fmt(row.lists)} + ${fmt(row.writes)})`} | ${ok(row.requests === row.minimum)} | ${actionsOut(row.actions)} |`,
		);
	}
	return lines.join('\n');
}

function createOrRerunMemorySection(rows) {
	const lines = [
		"### What Create or Re-Run keeps of a site's listing",
		'',
		"Live heap (`node --expose-gc`, a full GC before each sample) over the heap before the run, against the bytes of the site's",
		"listing as phpRank sends them (JSON). The package's rules (`createOrRerunOnce`) over a scripted API that answers the",
		"listing's pages (parsed from the sandbox's JSON) and holds every write until sampled (`bench/lib/listing-heap-child.js`). A",
		'record parsed from JSON takes more heap than its bytes ("one copy": the whole listing parsed at once). Pages of the',
		"run: the site's oldest. Each page's outcome keeps its report found (Output Changes shows it) for the run. The samples",
		"also hold the run's pages in flight (each page's pending lookup and write).",
		'',
		'| pages of the run / reports of the site | listing | one copy | peak while the listing is read | every page waiting for its write | after the run, items dropped (its outcomes kept) | the run dropped |',
		'|---|---:|---:|---:|---:|---:|---:|',
	];
	const share = (bytes, of) =>
		`${fmtBytes(Math.max(0, bytes))} (${(Math.max(0, bytes) / of).toFixed(2)}×)`;
	for (const r of rows) {
		lines.push(
			`| ${fmt(r.pagesInRun)} / ${fmt(r.reports)} | ${fmtBytes(r.listingBytes)} | ${share(r.oneCopy, r.listingBytes)} | ${share(r.peakWhileListing, r.listingBytes)} | ${share(r.whileWriting, r.listingBytes)} | ${share(r.runHeld, r.listingBytes)} | ${share(r.afterRun, r.listingBytes)} |`,
		);
	}
	return lines.join('\n');
}

function perItemSection(perItem, expressions) {
	const lines = [
		'## 2. Per-item cost in real n8n',
		'',
		'One workflow per n8n process: a Code node emits the items, then phpRank and HTTP Request nodes alternate on their own',
		'branches (n8n runs them one after another); each process starts from the other node than the last, after a 100-item',
		"warm-up of both. Time = the node's `executionTime` in the run data. Sandbox unthrottled, on the same machine.",
		'phpRank: Simplify off, so both output the same data; HTTP Request: Header Auth credential (`Authorization: Bearer …`).',
		'',
		'| operation, items | phpRank node, median | HTTP Request, median | **ratio of medians** (target ≤ 1.00) | per-process ratios | expression evaluations per item, phpRank / HTTP Request |',
		'|---|---:|---:|---:|---:|---:|',
	];
	for (const [operation, r] of Object.entries(perItem)) {
		const e = expressions?.[operation];
		const samples = `${r.times.phpRank.length} + ${r.times.http.length} runs`;
		lines.push(
			`| Report ${operation === 'get' ? 'Get by ID' : 'Create'}, ${fmt(r.items)} | ${fmt(r.medians.phpRank)} ms (${fmt(r.medians.phpRank / r.items, 2)} ms/item) | ${fmt(r.medians.http)} ms (${fmt(
				r.medians.http / r.items,
				2,
			)} ms/item) | **${fmt(r.ratio, 2)}** ${ok(Math.round(r.ratio * 100) <= 100)} | ${fmt(r.ratioRange[0], 2)}–${fmt(r.ratioRange[1], 2)} (${samples}) | ${
				e ? `${fmt(e.phpRank.perItem, 1)} / ${fmt(e.http.perItem, 1)}` : 'n/a'
			} |`,
		);
	}
	if (expressions) {
		lines.push('', 'Expressions the phpRank node evaluated, per item:', '');
		for (const [operation, e] of Object.entries(expressions)) {
			const parts = Object.entries(e.phpRank.byExpression).map(
				([text, n]) => `\`${text.replace(/\|/g, '\\|')}\` × ${fmt(n, 1)}`,
			);
			lines.push(`- ${operation}: ${parts.join(', ') || 'none'}`);
		}
	}
	return lines.join('\n');
}

function memorySection(m, live) {
	const lines = [
		`## 3. Memory: Return All over ${fmt(m.total)} reports`,
		'',
		'RSS of the n8n process sampled every 5 ms (a worker thread preloaded with `--require`); growth = peak while the node',
		'ran minus RSS just before it started; bytes = everything the sandbox sent (headers included, counted by a TCP proxy).',
		`Median of ${m.reps} run(s) per row, one n8n process each, alternating.`,
		'',
		'| node | requests | bytes received | RSS before | peak RSS while running | growth | **growth / bytes received** | node time |',
		'|---|---:|---:|---:|---:|---:|---:|---:|',
	];
	for (const v of m.variants) {
		lines.push(
			`| ${v.label} | ${fmt(v.requests)} | ${fmtBytes(v.bytes)} | ${fmtBytes(v.baseline)} | ${fmtBytes(v.peak)} | ${fmtBytes(v.growth)} | **${fmt(v.ratio, 2)}** | ${fmt(v.executionTime)} ms |`,
		);
	}
	if (live) {
		lines.push(
			'',
			'RSS counts garbage too (response text, buffers) and grows as V8 pleases. What the phpRank node *holds* is clearer',
			'in-process (n8n-core 2.40.3 from the repo, same Return All) with a full GC forced every 5 ms between awaits, so the',
			'sampled heap is live data only. The output is one copy of the data when peak = retained by the output.',
			'',
			'| phpRank node, Return All | bytes received | live heap peak while running | live heap retained by the output | peak / bytes received | output as JSON |',
			'|---|---:|---:|---:|---:|---:|',
		);
		for (const v of live.variants) {
			lines.push(
				`| ${v.label} | ${fmtBytes(v.bytes)} | ${fmtBytes(v.peakLive)} | ${fmtBytes(v.retained)} | ${fmt(v.peakLive / v.bytes, 2)} | ${fmtBytes(v.outputBytes)} |`,
			);
		}
		lines.push(
			'',
			"The 5 ms sampler cannot run inside a synchronous loop, so the child also samples as the package's output shaping",
			'(`reportView`, resources/report/reportView.js) returns, when the records it got and the ones it made are both alive.',
		);
	}
	return lines.join('\n');
}

function packageSection(p) {
	const pack = p.pack;
	const lines = [
		'## 4. Package',
		'',
		'| figure | value | target |',
		'|---|---:|---|',
		`| packed tarball (\`npm pack --dry-run --json\`, ${pack.source === 'repo' ? 'the repo' : 'a snapshot of the repo'}) | ${fmtBytes(pack.size)} (${fmt(pack.size)} B) | < 135 kB ${ok(pack.size < 135 * 1024)} |`,
		`| files in the tarball | ${pack.entryCount} (of which ${pack.declarations.count} \`.d.ts\`, ${fmtBytes(pack.declarations.bytes)} unpacked) | |`,
		`| unpacked size | ${fmtBytes(pack.unpackedSize)} | |`,
	];
	for (const r of p.require) {
		lines.push(
			`| cold \`require()\` of the ${r.files} modules of package.json's \`n8n\` block + \`new\` of their ${r.classes} classes, Node ${r.node} (median of ${r.runs} fresh processes; n8n-workflow loaded first, not counted: ${fmt(r.workflowMedian, 0)} ms) | ${fmt(r.ownMedian, 1)} ms (${fmt(r.ownRange[0], 1)}–${fmt(r.ownRange[1], 1)}) | < 15 ms ${ok(r.ownMedian < 15)} |`,
		);
	}
	lines.push(
		'',
		`Largest files: ${pack.largest.map((f) => `\`${f.path}\` ${fmtBytes(f.size)}`).join(', ')}.`,
	);
	if (p.deferred?.loads.length) {
		lines.push(
			'',
			`What each load at first use keeps out of n8n's start (each \`loadedOnce\` of \`nodes/PhpRank/\`, and the transport's own): the module required in a fresh process after the start above, Node ${p.deferred.node}, median of ${p.require[0]?.runs ?? '?'} processes; the modules and bytes it adds.`,
			'',
			'| load | module | time | modules | bytes |',
			'|---|---|---:|---:|---:|',
			...p.deferred.loads.map(
				(d) =>
					`| \`${d.name}\` | \`${d.file}\` | ${fmt(d.ms, 2)} ms | ${d.modules} | ${fmtBytes(d.bytes)} |`,
			),
		);
	}
	return lines.join('\n');
}

function stopSection(r) {
	const secs = (ms) => (ms === null || ms === undefined ? 'never' : `${fmt(ms / 1000, 2)} s`);
	const cell = (runs, key) => {
		const values = runs.map((x) => x[key]).filter((v) => v !== null);
		const missed = runs.length - values.length;
		const never = `never within ${fmt(r.watchMs / 1000, 0)} s`;
		if (values.length === 0) return `${never} (all ${runs.length})`;
		const [low, high] = range(values);
		return `${secs(median(values))} (${secs(low)}–${secs(high)})${missed ? `; ${missed} of ${runs.length} ${never}` : ''}`;
	};
	const goal = (runs) => {
		const values = runs.map((x) => x.endMs);
		return ok(values.every((v) => v !== null) && median(values) < 1000);
	};
	const sentAfter = (runs) => runs.reduce((n, x) => n + x.sentAfter, 0);
	return [
		'## 5. Stop',
		'',
		`The editor's Stop (\`POST /rest/executions/:id/stop\`) on a running execution in n8n (editor, single process),`,
		`${r.reps} Stops per scenario; median (lowest–highest). "Run ended" is n8n's own log line (debug level,`,
		`"Workflow execution finished"): the node's \`execute()\` returned. n8n shows a stopped execution as \`canceled\``,
		'at once whatever the node does; the run itself goes on until the node returns.',
		'',
		'| scenario | Stop → shown as canceled | Stop → run ended | goal: run ended < 1 s | Stop → in-flight request closed | requests after the Stop |',
		'|---|---:|---:|:---:|---:|---:|',
		`| waiting out a 429 (\`Retry-After: 60\`) | ${cell(r.wait, 'statusMs')} | ${cell(r.wait, 'endMs')} | ${goal(r.wait)} | (none in flight) | ${sentAfter(r.wait)} |`,
		`| Return All (2,000 reports, 10 s a page), page 2 in flight | ${cell(r.paging, 'statusMs')} | ${cell(r.paging, 'endMs')} | ${goal(r.paging)} | ${cell(r.paging, 'abortMs')} | ${sentAfter(r.paging)} |`,
	].join('\n');
}

function boundsSection(r) {
	const mib = (bytes) => `${fmt(bytes / (1024 * 1024), 1)} MiB`;
	const growth = (runs) => {
		const values = runs.map((x) => x.growthBytes);
		const [low, high] = range(values);
		return `${mib(median(values))} (${mib(low)}–${mib(high)})`;
	};
	const outcome = (x) =>
		x.failed
			? `did not finish: ${x.failed}`
			: `${x.status}${x.error ? `: "${String(x.error).slice(0, 90)}${String(x.error).length > 90 ? '…' : ''}"` : ''}`;
	const closed = (x) => (x.closedMs === null ? 'not within 1 s' : `${x.closedMs} ms`);
	const rows = [
		`| phpRank node (${r.phpRank.length} runs) | ${growth(r.phpRank)} | ${mib(median(r.phpRank.map((x) => x.writtenBytes)))} | ${closed(r.phpRank.at(-1))} | ${outcome(r.phpRank.at(-1))} | ${ok(r.phpRank.every((x) => x.growthBytes < 256 * 1024 * 1024))} |`,
		r.http.failed
			? `| HTTP Request node (1 run) | — | — | — | ${outcome(r.http)} | |`
			: `| HTTP Request node (1 run) | ${mib(r.http.growthBytes)} | ${mib(r.http.writtenBytes)} | ${closed(r.http)} | ${outcome(r.http)} | |`,
	];
	return [
		'## 6. A hostile answer',
		'',
		`A Get whose answer is ${mib(r.bytes)} of JSON that never closes (the sandbox's \`oversize\` fault, chunked), in n8n's`,
		'editor process (manual executions run there): the peak growth of its RSS (sampled every 25 ms against the figure',
		'right before the run), what the sandbox wrote before the connection closed, and how the run ended. The HTTP',
		'Request node reads the same answer in the same n8n, once, after the phpRank runs.',
		'',
		'| node | peak RSS growth, median (lowest–highest) | sandbox wrote | connection closed after the run | the run | goal: < 256 MiB |',
		'|---|---:|---:|---:|---|:---:|',
		...rows,
	].join('\n');
}

/**
 * The trigger watching a whole site (version 2, a Project, Reports to Watch 0): requests a poll
 * (page 1 and the slice's pages, as the package states them), polls a round (the package's
 * `pollsPerRound`, which docs/usage.md states), the state, and the node's time a poll.
 */
function rollingRows(rolling) {
	if (!rolling) return [];
	const stated = rolling.statedPolls;
	const mostRequests = 1 + rolling.slicePages;
	return [
		'',
		`The trigger watching a whole site: Check Failed on a project of ${fmt(rolling.reports)} reports (version 2, Reports to Watch 0), from activation until every report is recorded. Goals: at most ${mostRequests} requests a poll; the polls docs/usage.md states (${stated}).`,
		'',
		'| | figure | goal |',
		'|---|---:|:---:|',
		`| requests per poll (most) | ${rolling.requestsPerPoll} | ${ok(rolling.requestsPerPoll <= mostRequests)} |`,
		`| polls per full round | ${rolling.pollsPerRound} | ${ok(rolling.pollsPerRound <= stated)} |`,
		`| reports recorded | ${fmt(rolling.recorded)} | ${ok(rolling.recorded === rolling.reports)} |`,
		`| state | ${fmtBytes(rolling.stateBytes)} | |`,
		`| node time per poll, in-process | ${fmt(rolling.msPerPoll)} ms | |`,
	];
}

function siteHealthSection(r) {
	const { n8n, heap, tool, state } = r;
	const pct = (x) => `${fmt(100 * x, 1)} %`;
	const minimum = Math.ceil(r.total / 100);
	return [
		`## 7. Site health: Project → Get Issues (${fmt(r.total)} reports of one site)`,
		'',
		'Beside what a user builds without it: Report Get Many (Return All, the project, Simplify on) then a Code node that',
		"keeps each page's newest report and counts the failing checks. Both in the same n8n run (two branches, the order",
		`alternating over ${n8n.reps} runs, medians), each against a sandbox of its own; the Code node's issues are checked to be as many.`,
		`Get Issues runs at the package's default version${n8n.typeVersion ? ` (${n8n.typeVersion}${n8n.issues.summaries ? ': the site summary first' : ''})` : ''}.`,
		'',
		'| | requests | = ⌈P/100⌉ | received | node time | n8n RSS growth while it ran | items out |',
		'|---|---:|:---:|---:|---:|---:|---:|',
		`| Get Issues | ${n8n.issues.requests} | ${ok(n8n.issues.requests === minimum)} | ${fmtBytes(n8n.issues.bytes)} | ${fmt(n8n.issues.ms)} ms | ${fmtBytes(n8n.issues.rss)} | ${n8n.issues.items} issues${n8n.issues.summaries ? ' + the summary' : ''}, ${fmtBytes(n8n.issues.outputBytes)} |`,
		`| Get Many, Return All + Code | ${n8n.manual.requests} | ${ok(n8n.manual.requests === minimum)} | ${fmtBytes(n8n.manual.bytes)} | ${fmt(n8n.manual.ms)} ms (${fmt(n8n.manual.getManyMs)} + ${fmt(n8n.manual.codeMs)}) | ${fmtBytes(n8n.manual.rss)} | ${n8n.manual.items} issues |`,
		'',
		`Live heap in-process (n8n-core from the repo, GC forced every 5 ms; ${heap.reps} runs each, medians): peak live heap while the`,
		'node runs, against the bytes received. Goal for Get Issues: 10 % or less.',
		'',
		'| | received | peak live heap | share of received | goal |',
		'|---|---:|---:|---:|:---:|',
		`| Get Issues | ${fmtBytes(heap.issues.bytes)} | ${fmtBytes(heap.issues.peakLive)} | ${pct(heap.issues.share)} (${heap.issues.shares.map(pct).join(', ')}) | ${ok(heap.issues.share <= 0.1)} |`,
		`| Get Many, Return All (Simplify on) | ${fmtBytes(heap.getMany.bytes)} | ${fmtBytes(heap.getMany.peakLive)} | ${pct(heap.getMany.share)} | |`,
		'',
		...digestBesideIssues(heap),
		`The MCP tool \`Get_site_issues\` (examples/mcp-server.json: Pages per Issue ${tool.pagesPerIssue}, Importance ${tool.importance.join(' and ')}) for a`,
		'1,000-page site: the JSON of its output, what the client gets. Goal: under 16 kB.',
		'',
		'| | issues | answer | goal |',
		'|---|---:|---:|:---:|',
		`| as shipped | ${tool.asShipped.issues} | ${fmtBytes(tool.asShipped.bytes)} | ${ok(tool.asShipped.bytes < 16 * 1024)} |`,
		`| every importance (for comparison) | ${tool.everyImportance.issues} | ${fmtBytes(tool.everyImportance.bytes)} | |`,
		'',
		`The trigger's stored state after its first poll over ${fmt(state.watched)} watched reports (JSON of the static data). Goal for Check Failed and Check Fixed: under 64 kB.`,
		'',
		'| event | state | goal |',
		'|---|---:|:---:|',
		...state.rows.map(
			(row) =>
				`| ${row.label} | ${fmtBytes(row.bytes)} | ${row.label.startsWith('Check F') ? ok(row.bytes < 64 * 1024) : ''} |`,
		),
		...rollingRows(r.rolling),
	].join('\n');
}

function overlapSection(o) {
	const count = (methods, m) => methods.filter((x) => x === m).length;
	const costs = (methods) =>
		`${methods.length} (${count(methods, 'GET')} GET + ${count(methods, 'POST')} POST)`;
	return [
		'### Create or Re-Run: runs that overlap, and the read after a Create',
		'',
		`In-process, through n8n-core's engine, against a sandbox that waits ${o.latencyMs} ms before each answer.`,
		"Check for a Parallel Create reads the page once more after a Create; a site's pages in one run read the site",
		"once after their Creates (section 1b's rows). The overlapping executions share one lookup and one Create per",
		'account and page in the process: they should take no longer than as many executions for as many pages.',
		'',
		'| case | requests | Creates | report IDs out | wall time (median) |',
		'|---|---:|---:|---:|---:|',
		`| one new page, Check for a Parallel Create on (default) | ${costs(o.checkOn)} | ${count(o.checkOn, 'POST')} | 1 | |`,
		`| one new page, Check for a Parallel Create off | ${costs(o.checkOff)} | ${count(o.checkOff, 'POST')} | 1 | |`,
		`| ${o.runs} executions at once, one new page | ${o.onePage.requests} | ${o.onePage.creates} | ${o.onePage.ids} | ${fmt(o.onePage.ms)} ms |`,
		`| ${o.runs} executions at once, ${o.runs} new pages | ${o.manyPages.requests} | ${o.manyPages.creates} | ${o.manyPages.ids} | ${fmt(o.manyPages.ms)} ms |`,
		'',
		`One page ÷ ${o.runs} pages, wall time: ${fmt(o.onePage.ms / o.manyPages.ms, 2)} ${ok(o.onePage.ms <= o.manyPages.ms)} (target: at most 1).`,
	].join('\n');
}

function validateFixSection(r) {
	const rows = Object.values(r.cases).map(
		(x) =>
			`| ${x.label} | ${x.requests} | ${x.minimum} | ${ok(x.requests === x.minimum)} | ${fmt(x.ms)} ms (${fmt(x.msRange[0])}–${fmt(x.msRange[1])}) |`,
	);
	return [
		`## 7b. Validate Fix (${fmt(r.pages)} pages of one site, ${fmt(r.failing)} failing HTTPS Encryption)`,
		'',
		"Project → Validate Fix in real n8n, each case against a sandbox of its own reset before every run (the fix: the sandbox's",
		`\`repair\`); ${r.reps} runs each, medians. The minimum: ⌈P/100⌉ reads + the re-runs (1 when the first page still fails, by default).`,
		'',
		'| case | requests | minimum | | node time (lowest–highest) |',
		'|---|---:|---:|:---:|---:|',
		...rows,
		'',
		`The MCP tool \`Validate_fix\` (examples/mcp-server.json: Pages per Issue ${r.tool.pagesPerIssue}) for this site, fixed, every page re-checked: ${fmtBytes(r.tool.bytes)} (goal: under 16 kB) ${ok(r.tool.bytes < 16 * 1024)}.`,
	].join('\n');
}

/** How the node ran, at which version: "version 1.1: 1 item (summary 1)" or the failure. */
function runText(x) {
	if (x.error) return `version ${x.typeVersion}: the node failed: "${x.error}"`;
	const actions = Object.entries(x.actions)
		.map(([action, n]) => `${action} ${fmt(n)}`)
		.join(', ');
	return `version ${x.typeVersion}: ${fmt(x.items)} item${x.items === 1 ? '' : 's'} (${actions})`;
}

/**
 * Issue 38's rows: this package (Audit Site at its default version, 1.1) beside the baseline at its
 * own default (version 1 before issue 38), when one was measured.
 */
function wholeSiteRows(r, baseline) {
	const { fresh, planLimit: p } = r;
	const base = baseline?.siteAudit;
	const cell = (x, text) => (x && !x.unavailable ? text(x) : '—');
	const row = (label, x, b, text, target) =>
		`| ${label} | ${cell(x, text)} |${baseline ? ` ${cell(b, text)} |` : ''} ${target} |`;
	const lines = [
		'### Issue 38: the whole site (Audit Site 1.1)',
		'',
		"Each package at its default version: this one at Audit Site 1.1 (every page of the sitemaps read, the site's reports",
		'once, at most Max Pages pages audited, new first, then the stalest; a fresh page kept and not counted; the summary',
		'first); a baseline from before issue 38 at version 1 (the first Max Pages pages, one item each): it has no 1.1, so',
		'the columns show what each does on the same site, not the same algorithm.',
		'',
	];
	if (fresh)
		lines.push(
			`- (a) ${fmt(fresh.pages)} pages, each with its report, all within Max Age (${fmt(fresh.maxAgeHours)} h); Max Pages ${fresh.maxPages}. ${fresh.reps} runs of each package, alternating, each a run for the time and one with the GC forced every 20 ms for the live heap; medians.`,
		);
	if (p)
		lines.push(
			`- (b) the plan's limit: ${fmt(p.pages)} pages, ${fmt(p.withReports)} of them (the last in the sitemaps) with a report, the account's plan allowing ${fmt(p.allowed)} reports more (the sandbox's \`maxReports\`); Max Pages ${fmt(p.pages)}, Max Age 0, Max Parallel Requests ${p.parallel}, every answer ${p.latencyMs} ms late (so that ${p.parallel} requests are on the wire at once). One run.`,
		);
	lines.push(
		'',
		`| case | this package${baseline ? ` | ${baseline.label}` : ''} | the rule / target |`,
		`|---|---:|${baseline ? '---:|' : ''}---|`,
	);
	if (fresh) {
		const b = base?.fresh;
		lines.push(
			row(
				'(a) requests to phpRank (writes)',
				fresh,
				b,
				(x) =>
					`${fmt(x.requests.total)} (${fmt(x.requests.writes)})${x.sameRequests ? '' : ', differed between runs'}`,
				`⌈R/100⌉ = ${fresh.rule}, no write ${ok(fresh.requests.total === fresh.rule && fresh.requests.writes === 0 && fresh.sameRequests)}`,
			),
			row('(a) output', fresh, b, runText, 'version 1.1: the summary only'),
			row(
				'(a) time (lowest–highest)',
				fresh,
				b,
				(x) => `${fmt(x.ms)} ms (${fmt(x.msRange[0])}–${fmt(x.msRange[1])})`,
				'',
			),
			row(
				'(a) peak live heap (lowest–highest)',
				fresh,
				b,
				(x) =>
					`${fmtBytes(x.peakLive)} (${fmtBytes(x.peakLiveRange[0])}–${fmtBytes(x.peakLiveRange[1])})`,
				'',
			),
			row('(a) RSS growth of the process', fresh, b, (x) => fmtBytes(x.rssGrowth), ''),
		);
	}
	if (p) {
		const b = base?.planLimit;
		const most = p.allowed + p.parallel;
		lines.push(
			row(
				'(b) Creates sent (accepted)',
				p,
				b,
				(x) => `${fmt(x.requests.creates)} (${fmt(x.requests.created)})`,
				`at most ${fmt(p.allowed)} + Max Parallel Requests = ${fmt(most)} ${ok(p.requests.creates <= most)}`,
			),
			row(
				'(b) Creates refused ("You created too many reports.")',
				p,
				b,
				(x) => fmt(x.requests.refused),
				`at most Max Parallel Requests = ${p.parallel} ${ok(p.requests.refused <= p.parallel)}`,
			),
			row(
				'(b) re-runs done',
				p,
				b,
				(x) => fmt(x.requests.reruns),
				`all ${fmt(p.withReports)} ${ok(p.requests.reruns === p.withReports)}`,
			),
			row('(b) requests to phpRank', p, b, (x) => fmt(x.requests.total), ''),
			row(
				'(b) how the run ended',
				p,
				b,
				runText,
				`every page an item, the node does not fail ${ok(!p.error && p.items === p.pages + 1)}`,
			),
		);
	}
	return lines;
}

function siteAuditSection(r, baseline) {
	const { requests, stopped, listAll, bomb } = r;
	return [
		'## 8. A whole site: Project → Audit Site',
		'',
		'In-process (n8n-core from the repo, a child process per run), against the sandbox and a site served beside it',
		'(robots.txt → a sitemap index → a plain and a gzip sitemap). Requests to phpRank against the rule of Create or',
		"Re-Run for the same pages (the site's listing once, ⌈P/100⌉, plus one write a page not kept, plus Check for a",
		"Parallel Create's one read of the site after its C Creates, ⌈(C + 1)/100⌉); listing reads count both reads of the",
		'site. To the site: robots.txt + one per sitemap file.',
		'',
		'| site | requests to phpRank | the rule | listing reads | own lookups | writes | requests to the site | robots.txt + files |',
		'|---|---:|---:|---:|---:|---:|---:|---:|',
		...requests.map(
			(q) =>
				`| ${q.pages} pages, ${q.withReports} with a report | ${q.phpRank} | ${q.rule} ${ok(q.phpRank <= q.rule)} | ${q.listing} | ${q.lookups} | ${q.writes} | ${q.site} | ${q.siteRule} ${ok(q.site === q.siteRule)} |`,
		),
		'',
		`A 50,000-URL sitemap of ${fmtBytes(stopped.fileBytes)} (${r.reps} run(s), medians):`,
		'',
		'| | figure | goal |',
		'|---|---:|:---:|',
		`| Max Pages 100 (List Only): bytes the site sent before the node closed the connection | ${fmtBytes(stopped.bytes)} (${stopped.items} pages; closed: ${stopped.closed ? 'yes' : 'no'}) | ${ok(stopped.closed && stopped.bytes < stopped.fileBytes / 4)} |`,
		`| List Only, Max Pages 50,000: time | ${fmt(listAll.ms)} ms (${fmt(listAll.items)} pages) | |`,
		`| List Only, Max Pages 50,000: peak live heap ÷ the bytes of the URLs kept (${fmtBytes(listAll.urlBytes)}) | ${fmt(listAll.ratio, 2)}× (${fmtBytes(listAll.peakLive)}) | ${ok(listAll.ratio <= 2)} ≤ 2× |`,
		`| a gzip bomb (1 GB once decompressed, ${fmtBytes(bomb.sent)} sent): RSS growth of the process | ${fmtBytes(bomb.rssGrowth)}; the file skipped at 50 MB | ${ok(bomb.rssGrowth < 256 * 1024 * 1024)} < 256 MiB |`,
		'',
		'',
		...(r.fresh || r.planLimit ? [...wholeSiteRows(r, baseline), ''] : []),
		'The n8n way (HTTP Request for the sitemap, the XML node, Split Out) beside Audit Site in real n8n: section 8b.',
	].join('\n');
}

function siteAuditN8nSection(r) {
	const block = (size) => {
		const [audit, way] = ['auditSite', 'n8nWay'].map((key) =>
			size.variants.find((v) => v.key === key),
		);
		const both = (cell) => `| ${cell(audit)} | ${cell(way)} |`;
		const failed = (v) =>
			v.failures
				? `${v.failures} of ${v.runs}: ${v.failure.message || v.failure.reason} (${v.failure.reason}), after ${fmt(v.failureAfterMs)} ms, +${fmtBytes(v.failureRssGrowth)} RSS by then`
				: `0 of ${v.runs}`;
		const done = (v, text) => (v.runs > v.failures ? text() : '—');
		const time = (v) =>
			done(
				v,
				() =>
					`${fmt(v.ms)} ms (${fmt(v.msRange[0])}–${fmt(v.msRange[1])})${v.nodes.length > 1 ? `; each node's median: ${v.nodes.map((n) => `${n} ${fmt(v.nodeMs[n])}`).join(', ')}` : ''}`,
			);
		return [
			`A ${fmt(size.count)}-URL sitemap of ${fmtBytes(size.fileBytes)} (${size.reps} run(s) of each workflow, alternating; medians):`,
			'',
			'| | Audit Site (List Only, Max Pages 50,000) | HTTP Request → XML → Split Out |',
			'|---|---:|---:|',
			`| nodes (the trigger not counted) ${both((v) => v.nodes.length)}`,
			`| requests to the site ${both((v) => `${fmt(v.siteRequests)}${v.key === 'auditSite' ? ' (robots.txt + the sitemap)' : ' (the sitemap)'}`)}`,
			`| requests to phpRank ${both((v) => fmt(v.phpRankRequests))}`,
			`| pages output: the sitemap's \`<loc>\`s, in its order ${both((v) => done(v, () => `${fmt(v.pagesMatching)} of ${fmt(size.count)} ${ok(v.pages === size.count && v.pagesMatching === size.count)}`))}`,
			`| node time (lowest–highest) ${both(time)}`,
			`| peak RSS growth of n8n while the nodes ran (lowest–highest) ${both((v) => done(v, () => `${fmtBytes(v.rssGrowth)} (${fmtBytes(v.rssRange[0])}–${fmtBytes(v.rssRange[1])})`))}`,
			`| peak RSS of the n8n process ${both((v) => done(v, () => fmtBytes(v.processPeak)))}`,
			`| \`n8n execute\`, start to exit (n8n storing the run included) ${both((v) => `${fmt(v.wallMs)} ms`)}`,
			`| runs that failed ${both(failed)}`,
		].join('\n');
	};
	return [
		'## 8b. The n8n way: HTTP Request → XML → Split Out, on the same sitemap',
		'',
		"Section 8's sitemap read in real n8n as a user without this node would (HTTP Request GETs the sitemap, the XML node",
		"turns it into JSON, Split Out makes one item per `<url>`) and by Project → Audit Site (List Only, the site's",
		'robots.txt naming the sitemap), each workflow in an `n8n execute` process of its own, the two alternating. RSS as in',
		'section 3 (`bench/lib/rss-sampler.js`): the peak while the nodes ran against the RSS just before the first one started.',
		'',
		...r.sizes.flatMap((size) => [block(size), '']),
	]
		.join('\n')
		.trimEnd();
}

/** A time per URL, in µs below a millisecond. */
function perUrlText(ms) {
	if (!Number.isFinite(ms)) return 'n/a';
	return ms < 1 ? `${fmt(ms * 1000, ms < 0.01 ? 3 : 2)} µs` : `${fmt(ms, 1)} ms`;
}

/** One package's figure for a case: its time per URL, or why there is none. */
function filterFigureText(x) {
	if (!x) return '—';
	if (x.refused) return `refused ("${x.refused.slice(0, 60)}…")`;
	if (x.overLimitMs) return `over ${fmt(x.overLimitMs / 1000)} s (stopped)`;
	return perUrlText(x.ms);
}

/**
 * Project → Digest beside Get Issues in the same runs (issue 50): its requests equal Get Issues', its
 * time and peak live heap within 5 % of Get Issues'.
 */
function digestBesideIssues(heap) {
	if (!heap.digest) return [];
	const { issues, digest } = heap;
	const within = (a, b) => a <= b * 1.05;
	return [
		"Project → Digest of the same site, in the same runs (its reads are Get Issues', then its channels). Goal: the same",
		"requests, time and peak live heap within 5 % of Get Issues'.",
		'',
		'| | requests | time (median) | peak live heap | goal |',
		'|---|---:|---:|---:|:---:|',
		`| Get Issues | ${issues.requests} | ${fmt(issues.ms)} ms | ${fmtBytes(issues.peakLive)} | |`,
		`| Digest | ${digest.requests} | ${fmt(digest.ms)} ms (${fmt(digest.ms / issues.ms, 2)}×) | ${fmtBytes(digest.peakLive)} (${fmt(digest.peakLive / issues.peakLive, 2)}×) | ${ok(digest.requests === issues.requests && within(digest.ms, issues.ms) && within(digest.peakLive, issues.peakLive))} |`,
		'',
	];
}

function urlFiltersSection(r, baseline) {
	const base = baseline?.urlFilters;
	const cases = Object.values(r.cases);
	const escaped = (text) => text.replace(/\|/g, '\\|');
	const row = (x) => {
		const native = x.native ? perUrlText(x.native.ms) : '—';
		const ratio = x.native && Number.isFinite(x.ms) ? `${fmt(x.ms / x.native.ms, 1)}×` : '—';
		const baselineCell = base ? ` ${filterFigureText(base.cases[x.key])} |` : '';
		return `| \`${escaped(x.field)}\`${x.matchAs ? ` (Match As ${x.matchAs})` : ''} | ${x.about} | ${filterFigureText(x)} | ${native} | ${ratio} |${baselineCell}`;
	};
	const table = (rows) => [
		`| field | | this package | native RegExp | ÷ native |${base ? ` ${baseline.label} |` : ''}`,
		`|---|---|---:|---:|---:|${base ? '---:|' : ''}`,
		...rows.map(row),
	];
	return [
		"## 9. Audit Site's URL filters: time per URL",
		'',
		'Include / Exclude URLs Containing as each package reads and matches them (its build of `nodes/PhpRank/auditSite/pageFilter.ts`), each case in a',
		`process of its own, stopped after ${fmt(r.limitMs / 1000)} s. "native RegExp": JavaScript's own matching of the same`,
		'literal on the same URLs, in the same process (only where it answers in time). Medians of batches of at least 20 ms.',
		'',
		'Worst cases, one URL of 2,048 characters (the text every match contains included, so the matching runs):',
		'',
		...table(cases.filter((x) => !x.sitemap)),
		'',
		'1,000 URLs as a sitemap lists them (about 60 characters):',
		'',
		...table(cases.filter((x) => x.sitemap)),
	].join('\n');
}

function renderReport(results) {
	const parts = [header(results.info)];
	if (results.comparison) parts.push(comparisonSection(results.comparison));
	if (results.requests) parts.push(requestsSection(results.requests));
	if (results.createOrRerunRequests)
		parts.push(createOrRerunSection(results.createOrRerunRequests));
	if (results.createOrRerunMemory)
		parts.push(createOrRerunMemorySection(results.createOrRerunMemory));
	if (results.overlap) parts.push(overlapSection(results.overlap));
	if (results.perItem) parts.push(perItemSection(results.perItem, results.expressions));
	if (results.memory) parts.push(memorySection(results.memory, results.liveHeap));
	if (results.package) parts.push(packageSection(results.package));
	if (results.stop) parts.push(stopSection(results.stop));
	if (results.bounds) parts.push(boundsSection(results.bounds));
	if (results.siteHealth) parts.push(siteHealthSection(results.siteHealth));
	if (results.validateFix) parts.push(validateFixSection(results.validateFix));
	if (results.siteAudit)
		parts.push(
			siteAuditSection(
				results.siteAudit,
				results.baseline && {
					label: results.comparison?.baseline ?? 'baseline',
					siteAudit: results.baseline.siteAudit,
				},
			),
		);
	if (results.siteAuditN8n) parts.push(siteAuditN8nSection(results.siteAuditN8n));
	if (results.urlFilters)
		parts.push(
			urlFiltersSection(
				results.urlFilters,
				results.baseline && {
					label: results.comparison?.baseline ?? 'baseline',
					urlFilters: results.baseline.urlFilters,
				},
			),
		);
	parts.push(
		'---\n\nWhere the per-item and memory costs came from, and the changes that removed them: `bench/findings.md`.',
	);
	// the last line: what a reader (or a script: `tail -1`) checks first
	if (results.comparison) parts.push(results.comparison.verdict);
	return parts.join('\n\n');
}

module.exports = { renderReport };
