// Claims the docs make, held to the code (issue 46): a change that adds an output field or an action, moves a file or
// changes a bound fails here until the docs say so. What is read of the code is what users get: the items of real
// runs against the sandbox and the built modules; nothing below types a list of keys. The docs' parts are read by
// test/helpers/doc-text.js.
//
// The fields of the operations are not read from the prose any more (issue 56): docs/usage.md's "Field reference" is
// written from the built descriptions by scripts/docs-tables.js and test/unit/docsTables.test.js fails when it
// differs from the code. It covers what this file's claim 1 checked by scanning usage.md's sections and Operations
// table: every field of every operation and version, each option of a collection (Options), each choice of an
// options field (the checks by a link to their table, which test/report/checkCatalogue.test.js holds to the
// catalogue), the fields every operation shares (once, "phpRank: every operation"), the trigger's events and fields, and the
// credential's fields; and more than the prose check did: internal names, types, defaults, ranges and versions.
//
// 2. Every output field of the runs below (Audit Site's summary and page items, Get Issues' site summary and issue
//    items, Validate Fix's item, Simplify's report) and every `action` an item carries is named, as a code span, where
//    its operation is documented: its row of the Operations table and the sections whose heading names it (the
//    generated reference aside, which names fields, not outputs).
// 3. Every file path a doc names exists (test/helpers/doc-text.js `pathsNamedIn`: in code spans, fenced blocks and
//    links), and every link's anchor is a heading of the file it leads to; a failure names the doc, the line and the
//    path. Generated folders (dist/, …) and the docs that record a past state are exempt, each for its reason below.
//    A path is read from the root; one whose first folder is not the root's is a shorthand, read from the doc's own
//    folder, nodes/PhpRank/ or examples/ (SHORTHAND_BASES).
// 4. The bounds and defaults docs/usage.md states in its prose are the code's (the sentences are built from the
//    constants).
// 5. Audit Site's "no page left" error names its filters by their fields' names.
// 6. The figures docs/internals.md states of a Get's path are the ones test/operations/report/get.test.js holds
//    (GET_FUNCTIONS, test/helpers/get-functions.js).
const fs = require('node:fs');
const path = require('node:path');

const built = require('../helpers/built');
const { useFixture, fromList, byId } = require('../node/fixture');
const { startSite, urlset, webPages } = require('../sandbox/site');
const {
	ROOT,
	readDoc,
	sectionsOf,
	namesKey,
	markdownFiles,
	existsUnder,
	pathsNamedIn,
	anchorsOf,
} = require('../helpers/doc-text');
const { withoutBlocks } = require('../../scripts/docs-tables');

const USAGE = 'docs/usage.md';
const usage = readDoc(USAGE);
const { PhpRank } = built.node;
const node = new PhpRank().description;

/** Whether a property of the node is one of Project → Audit Site's. */
const isAuditSite = (property) =>
	Boolean(
		property.displayOptions?.show?.resource?.includes('project') &&
			property.displayOptions.show.operation?.includes('auditSite'),
	);

// ---- where usage.md's prose documents an operation ----

const prose = withoutBlocks(usage);
const proseSections = sectionsOf(prose);

/** The section of this heading. */
const sectionTitled = (title) =>
	proseSections.find((section) => section.heading === title)?.text ?? '';

/**
 * Where usage.md documents a node operation: its row of the Operations table ("| Project | Audit Site | …") and the
 * sections whose heading names it ("(Project → Audit Site)").
 */
const operationDocs = ([resource, operation]) =>
	[
		...prose.split('\n').filter((line) => line.startsWith(`| ${resource} | ${operation} |`)),
		...proseSections
			.filter((section) => section.heading.includes(`${resource} → ${operation}`))
			.map((section) => section.text),
	].join('\n');

// ---- 2. output fields and actions, from real runs ----

const fixture = useFixture({ clock: Math.floor(Date.now() / 1000) * 1000 });
let site;
beforeAll(async () => {
	site = await startSite({});
});
afterAll(() => site?.close());

const jsonOf = (result) => {
	expect(result.error).toBeUndefined();
	return result.items.map((item) => item.json);
};
/** The keys of the items, and of the objects in their arrays (`pages: [{ id, url, reason }]`), each once. */
function keysOf(items) {
	const keys = new Set();
	for (const item of items) {
		for (const [key, value] of Object.entries(item)) {
			keys.add(key);
			if (Array.isArray(value))
				for (const inner of value)
					if (inner && typeof inner === 'object' && !Array.isArray(inner))
						for (const innerKey of Object.keys(inner)) keys.add(innerKey);
		}
	}
	return [...keys];
}
/** The keys usage.md's `docs` leaves unnamed (a code span of its own, or a quoted key in one). */
const unnamedKeys = (keys, docs) => keys.filter((key) => !namesKey(docs, key));

describe(`2. every output field and action is named in ${USAGE}`, () => {
	const auditDocs = operationDocs(['Project', 'Audit Site']);
	const u = (p) => `${site.url}${p}`;
	const audit = (extra, options) => ({
		resource: 'project',
		operation: 'auditSite',
		site: site.url,
		notListed: 'delete',
		...extra,
		options,
	});
	/** Simplify's report: Report → Get of a report, the default output. */
	const getKeys = async (id) =>
		keysOf(jsonOf(await fixture.run({ resource: 'report', operation: 'get', reportId: byId(id) })));

	test("Audit Site: the summary's fields, each page item's and every action (created, re-run, kept, failed, summary, not in sitemaps)", async () => {
		// seeded an hour apart, the newest an hour ago: with Max Age 2 h, /old is re-run and /fresh kept
		fixture.sandbox.reset([{ url: u('/old') }, { url: u('/gone') }, { url: u('/fresh') }]);
		fixture.sandbox.makeUnreachable({ url: u('/down') });
		const pages = urlset(['/old', '/fresh', '/new', '/down'].map(u));
		// a sitemap that cannot be read: sitemapsSkipped, and Delete says why it deleted nothing
		site.setFiles({
			'/robots.txt': 'Sitemap: /s.xml\nSitemap: /broken.xml',
			'/s.xml': pages,
			'/broken.xml': { status: 503, body: 'down' },
		});
		const first = jsonOf(await fixture.run(audit({}, { maxAgeHours: 2, outputKept: true })));
		// every sitemap read, the listed pages answer 200 and /gone 404: /gone is deleted
		site.setFiles({
			'/robots.txt': 'Sitemap: /s.xml',
			'/s.xml': pages,
			...webPages(['/old', '/fresh', '/new', '/down']),
		});
		const second = jsonOf(await fixture.run(audit({}, {})));
		const items = [...first, ...second];
		const actions = [...new Set(items.map((item) => item.action))];
		expect(actions.sort()).toHaveLength(6);
		expect(first[0].sitemapsSkipped).toBeDefined();
		expect(first[0].deleteSkipped).toBeDefined();
		expect(second.some((item) => item.deleted === true)).toBe(true);
		// an audited page's item is Simplify's report (documented with it, in Output) and the audit's fields
		const audited = items.find((item) => item.action === 'created');
		const reportKeys = await getKeys(audited.id);
		const isReport = (item) => reportKeys.every((key) => key in item);
		const auditKeys = [
			...keysOf(items.filter((item) => !isReport(item))),
			...keysOf(items.filter(isReport)).filter((key) => !reportKeys.includes(key)),
		];
		expect({
			reportKeys: unnamedKeys(reportKeys, sectionTitled('Output')),
			auditKeys: unnamedKeys([...new Set(auditKeys)], auditDocs),
			actions: unnamedKeys(actions, auditDocs),
		}).toEqual({ reportKeys: [], auditKeys: [], actions: [] });
	});

	test("Create or Re-Run: every action (created, re-run, kept) in the operation's row", async () => {
		fixture.sandbox.reset([]);
		const run = async (maxAgeHours) =>
			jsonOf(
				await fixture.run({
					resource: 'report',
					operation: 'createOrRerun',
					url: 'https://docs.test/page',
					maxAgeHours,
				}),
			)[0].action;
		const actions = [await run(0), await run(0), await run(1000)];
		expect(new Set(actions).size).toBe(3);
		expect(unnamedKeys(actions, operationDocs(['Report', 'Create or Re-Run']))).toEqual([]);
	});

	test("Get Issues: the site summary's fields and the issue items' (with their pages'); Validate Fix's item", async () => {
		fixture.sandbox.reset(
			Array.from({ length: 4 }, (_, i) => ({ url: `https://issues.test/p${i}`, score: 20 * i })),
		);
		const project = fromList('issues.test');
		const [summary, ...issues] = jsonOf(
			await fixture.run({ resource: 'project', operation: 'getIssues', project }),
		);
		expect(summary.kind).toBe('site summary');
		expect(issues.length).toBeGreaterThan(0);
		const validation = jsonOf(
			await fixture.run({
				resource: 'project',
				operation: 'validateFix',
				project,
				check: issues[0].check,
				checkAllPages: true,
			}),
		);
		expect(validation).toHaveLength(1);
		expect(validation[0].pages.length).toBeGreaterThan(0);
		const issuesDocs = operationDocs(['Project', 'Get Issues']);
		expect({
			summary: unnamedKeys(keysOf([summary]), issuesDocs),
			issues: unnamedKeys(keysOf(issues), issuesDocs),
			validateFix: unnamedKeys(keysOf(validation), operationDocs(['Project', 'Validate Fix'])),
		}).toEqual({ summary: [], issues: [], validateFix: [] });
	});

	test('the rule can fail: a key that is no code span of the docs', () => {
		expect(unnamedKeys(['pages_listed', 'pages_respected'], auditDocs)).toEqual([
			'pages_respected',
		]);
		// a word of the prose is not a code span
		expect(namesKey('the pages of the site', 'pages')).toBe(false);
		expect(namesKey('`{ "id", "url" }`', 'url')).toBe(true);
	});
});

// ---- 3. paths ----

/**
 * Paths under these folders are made, not kept in the repository: the build's output (and, named `dist/…`, other
 * packages' builds such as n8n-core's), the end-to-end suite's screenshots and logs, jest's coverage.
 */
const GENERATED = new Set(['dist', 'test-output', 'coverage', 'node_modules']);
/**
 * Docs that record a past state and name the files of their time: the changelog (each entry as released) and the
 * bench's findings (bench/findings.md: "File and function names below are those of that commit").
 */
const HISTORY = new Set(['CHANGELOG.md', 'bench/findings.md']);
/**
 * Folders a path may be written from besides the repository's root, as the docs abbreviate: the doc's own folder
 * (`lib/stop.js` in test/e2e/README.md), the node's modules (`transport/pipeline.ts` is
 * nodes/PhpRank/transport/pipeline.ts) and the examples (README's table of `examples/…`: `triggers/score-alerts.json`).
 */
const SHORTHAND_BASES = ['nodes/PhpRank', 'examples'];

/** Whether a link's anchor is a heading or an `<a id>` of the markdown file it leads to (read from the root). */
function anchorMissing(file, anchor) {
	if (anchor === undefined || !file.endsWith('.md')) return false;
	return !anchorsOf(readDoc(file)).has(anchor);
}

/** The paths the docs name that do not exist: "<doc>:<line>: `<path>` …", each naming the doc and the path. */
function missingPaths(docs) {
	const topLevel = new Set(fs.readdirSync(ROOT).filter((name) => name !== '.git'));
	const from = (base) => (base === '' || base === '.' ? 'the root' : `${base}/`);
	const problems = [];
	for (const doc of docs) {
		const folder = path.posix.dirname(doc);
		for (const named of pathsNamedIn(readDoc(doc), topLevel)) {
			if (named.link) {
				const file = named.path === '' ? doc : path.posix.join(folder, named.path);
				if (!existsUnder('', file))
					problems.push(
						`${doc}:${named.line}: the link to ${named.path} leads to no file (${file})`,
					);
				else if (anchorMissing(file, named.anchor))
					problems.push(
						`${doc}:${named.line}: the link to ${named.path}#${named.anchor} names no heading of ${file}`,
					);
				continue;
			}
			const first = named.path.split('/')[0];
			if (GENERATED.has(first)) continue;
			const bases = topLevel.has(first) ? [''] : [folder, ...SHORTHAND_BASES];
			if (!bases.some((base) => existsUnder(base, named.path)))
				problems.push(
					`${doc}:${named.line}: \`${named.path}\` does not exist (read from ${bases.map(from).join(', ')})`,
				);
		}
	}
	return problems;
}

describe('3. every file path a doc names exists', () => {
	const docs = markdownFiles().filter((doc) => !HISTORY.has(doc));

	test('the docs read: README.md, CONTRIBUTING.md, docs/*.md, the READMEs of test/ and bench/', () => {
		expect(docs).toEqual(
			expect.arrayContaining([
				'README.md',
				'CONTRIBUTING.md',
				USAGE,
				'docs/architecture.md',
				'bench/README.md',
				'test/e2e/README.md',
			]),
		);
	});

	test.each(markdownFiles().filter((doc) => !HISTORY.has(doc)))('%s', (doc) => {
		expect(missingPaths([doc])).toEqual([]);
	});

	test('the rule can fail: a path that moved, a placeholder with nothing under it, a dead link', () => {
		const doc = 'test/e2e/README.md';
		const text = [
			'`nodes/PhpRank/transport/gone.ts` and `transport/gone.ts`, `test/operations/<resource>/none.test.js`,',
			'`lib/stop.js`, `nodes/PhpRank/resources/<resource>/<operation>.ts`, `dist/anything.js`, `a.test/p`',
			'[there](../../docs/nothing.md#x), [here](../helpers/README.md)',
		].join('\n');
		const topLevel = new Set(fs.readdirSync(ROOT));
		expect(pathsNamedIn(text, topLevel).map((named) => named.path)).toEqual([
			'nodes/PhpRank/transport/gone.ts',
			'transport/gone.ts',
			'test/operations/<resource>/none.test.js',
			'lib/stop.js',
			'nodes/PhpRank/resources/<resource>/<operation>.ts',
			'dist/anything.js',
			'../../docs/nothing.md',
			'../helpers/README.md',
		]);
		expect(existsUnder('', 'nodes/PhpRank/resources/<resource>/<operation>.ts')).toBe(true);
		expect(existsUnder('', 'test/operations/<resource>/none.test.js')).toBe(false);
		expect(existsUnder('test/e2e', 'lib/stop.js')).toBe(true);
		expect(existsUnder('', 'examples/…')).toBe(true);
	});
});

// ---- 4. the bounds and defaults usage.md states ----

/** usage.md's prose with its line breaks and runs of spaces as one space: a sentence may wrap. */
const usageText = prose.replace(/\s+/g, ' ');
const figure = (number) => number.toLocaleString('en-US');
/** A field's default and bounds in every version of Audit Site where it shows (the description's, as built). */
function auditField(name) {
	const properties = node.properties.filter((p) => p.name === name && isAuditSite(p));
	const defaults = [...new Set(properties.map((p) => p.default))];
	if (defaults.length !== 1) throw new Error(`${name}: ${defaults.length} defaults, not one`);
	return { default: defaults[0], typeOptions: properties[0].typeOptions ?? {} };
}

describe(`4. the bounds and defaults ${USAGE} states are the code's`, () => {
	const {
		MAX_SITEMAP_FILES,
		MAX_INDEX_DEPTH,
		FILTERING_TURN_MS,
		MAX_SITEMAP_BYTES,
		MAX_ROBOTS_BYTES,
	} = built.readSite;
	const { MAX_SITE_PAGES } = built.sitePages;
	const { MAX_PROGRAM_SIZE } = built.urlPattern;
	const { RECENT_REPORT_MS, CONTROL_PAGES, PAGE_ANSWER } = built.pagesNotListed;
	const { MAX_PAGE_HOPS } = built.pageAnswer;
	const { MAX_REDIRECTS } = built.siteFetch;
	const maxPages = auditField('maxPages');
	const deleteAtMost = auditField('deleteAtMostPercent');
	const MiB = 1024 * 1024;

	test.each([
		["Audit Site's Max Pages default (its row)", `Max Pages (default ${maxPages.default}:`],
		[
			"Audit Site's Max Pages default (its field)",
			`at most this many pages (default ${maxPages.default}) audited`,
		],
		[
			'Delete At Most (% of Pages): default and range',
			`with Delete (default ${deleteAtMost.default}, ${deleteAtMost.typeOptions.minValue} to ${deleteAtMost.typeOptions.maxValue})`,
		],
		[
			'Delete At Most (% of Pages): default, as a share',
			`that have a report, default ${deleteAtMost.default}%`,
		],
		['RECENT_REPORT_MS', `less than ${RECENT_REPORT_MS / 60_000} minutes before it`],
		['CONTROL_PAGES', `at most ${CONTROL_PAGES} listed pages, are asked the same way`],
		['MAX_PAGE_HOPS', `up to ${MAX_PAGE_HOPS} redirects, the same request each time`],
		...Object.entries(PAGE_ANSWER).map(([verdict, words]) => [
			`PAGE_ANSWER.${verdict} (a value of page_answer)`,
			`\`${words}\``,
		]),
		['FILTERING_TURN_MS', `after ${FILTERING_TURN_MS} ms of filtering in a row`],
		[
			'MAX_PROGRAM_SIZE',
			`a pattern whose program has more than ${figure(MAX_PROGRAM_SIZE)} instructions, which could take up to ${figure(MAX_PROGRAM_SIZE)} steps per character`,
		],
		[
			'MAX_SITE_PAGES (the whole site)',
			`(up to ${figure(MAX_SITE_PAGES)}, the sitemap protocol's limit)`,
		],
		['MAX_SITE_PAGES (no read cut short)', `the ${figure(MAX_SITE_PAGES)}-page bound`],
		['MAX_SITEMAP_FILES', `at most ${MAX_SITEMAP_FILES} sitemap files a run`],
		['MAX_SITEMAP_FILES (skipped)', `past ${MAX_SITEMAP_FILES} files`],
		['MAX_INDEX_DEPTH', `followed up to ${MAX_INDEX_DEPTH} levels below the first`],
		['MAX_SITEMAP_BYTES (skipped)', `larger than ${MAX_SITEMAP_BYTES / MiB} MB once decompressed`],
		['MAX_SITEMAP_BYTES (a stream)', `at most ${MAX_SITEMAP_BYTES / MiB} MB once decompressed`],
		['MAX_ROBOTS_BYTES', `read up to ${MAX_ROBOTS_BYTES / 1024} KiB`],
		['MAX_REDIRECTS', `redirects are followed within the site only, at most ${MAX_REDIRECTS}.`],
	])('%s: "%s"', (_what, sentence) => {
		expect(usageText).toContain(sentence);
	});
});

// ---- 5. the filter hint ----

describe('5. "no page left" names the filters by their fields', () => {
	const { pageFilterFields } = built.auditFields;
	const auditOptions = node.properties
		.filter((p) => p.name === 'options' && isAuditSite(p))
		.flatMap((p) => p.options);

	test('each filter is an option of Audit Site, named as auditSite/pageFilter.ts reads it', () => {
		const filters = Object.entries(pageFilterFields);
		expect(filters.length).toBeGreaterThan(1);
		for (const [key, field] of filters) {
			expect([key, auditOptions.find((option) => option.name === key)]).toEqual([key, field]);
		}
	});

	test("the error's hint is the filters' display names", async () => {
		site.setFiles({ '/robots.txt': 'Sitemap: /s.xml', '/s.xml': urlset([`${site.url}/a`]) });
		const result = await fixture.run({
			resource: 'project',
			operation: 'auditSite',
			site: site.url,
			options: { include: '/nothing-here/' },
		});
		const names = Object.values(pageFilterFields).map((field) => field.displayName);
		expect(names).toContain('Modified Since');
		const hint = `Loosen ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
		expect(result.error.message).toBe(
			`No page of ${site.url} is left to audit: the sitemaps read (${site.url}/s.xml) list none that passes the filters. ${hint}`,
		);
	});
});

// ---- 6. the Get's path in figures ----

describe('6. docs/internals.md states the functions a Get runs as get.test.js holds them', () => {
	const { GET_FUNCTIONS } = require('../helpers/get-functions');
	const section = sectionsOf(readDoc('docs/internals.md')).find((s) =>
		s.heading.startsWith('A Get of a report'),
	);

	test.each([
		[
			'Simplify off',
			`A Get by ID (Simplify off) runs ${GET_FUNCTIONS.simplifyOff} functions of the package`,
		],
		['Simplify on', `\`reportId.ts\`: ${GET_FUNCTIONS.simplifyOn} functions in all`],
	])('%s: "%s"', (_what, sentence) => {
		expect(section.text.replace(/\s+/g, ' ')).toContain(sentence);
	});
});
