// Claims the docs make, held to the code (issue 46): a change that adds a field, an output field or an action, moves a
// file or changes a bound fails here until the docs say so. What is read of the code is what users get: the BUILT node
// descriptions (every version) and the items of real runs against the sandbox; nothing below types a list of
// fields or keys. The docs' parts are read by test/helpers/doc-text.js.
//
// 1. Every field of every operation (its display name, each option of a collection such as Options, each choice
//    of an options field) is named in docs/usage.md where that operation is documented: its row of the Operations
//    table (the request and notes cells) and every section whose heading names it ("(Project → Audit Site)"); the
//    trigger's in its section ("phpRank Trigger"), the credential's in "Credentials". Exempt, each for a reason:
//    - a field every operation has (Options' Max Parallel Requests, …), documented once: named anywhere in usage.md
//      (the trigger's, in its section);
//    - a choice of an options field named where another operation with the same field documents it (Create or
//      Re-Run's Privacy "as in Create"); the checks (Validate Fix's Check, the trigger's Checks) in the table of
//      checks, which test/report/checkCatalogue.test.js holds to the catalogue;
//    - Resource and Operation themselves: the Operations table is their documentation (a row per operation);
//    - a notice (its "name" is the text it shows);
//    - the Request Options collection (batching, proxy, timeout, allowUnauthorizedCerts): n8n's loader adds it to
//      every declarative node (test/helpers/node-types.js does as it does), it is not in the package's description,
//      and n8n documents it; usage.md names Timeout where the node reads it.
// 2. Every output field of the runs below (Audit Site's summary and page items, Get Issues' site summary and issue
//    items, Validate Fix's item, Simplify's report) and every `action` an item carries is named, as a code span, where
//    its operation is documented.
// 3. Every file path a doc names exists (test/helpers/doc-text.js `pathsNamedIn`: in code spans, fenced blocks and
//    links), and every link's anchor is a heading of the file it leads to; a failure names the doc, the line and the
//    path. Generated folders (dist/, …) and the docs that record a past state are exempt, each for its reason below.
//    A path is read from the root; one whose first folder is not the root's is a shorthand, read from the doc's own
//    folder, nodes/PhpRank/ or examples/ (SHORTHAND_BASES).
// 4. The bounds and defaults docs/usage.md states are the code's (the sentences are built from the constants).
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
	cellsOf,
	namesPhrase,
	namesKey,
	markdownFiles,
	existsUnder,
	pathsNamedIn,
	anchorsOf,
} = require('../helpers/doc-text');

const USAGE = 'docs/usage.md';
const usage = readDoc(USAGE);
const usageSections = sectionsOf(usage);
const { PhpRank } = built.node;
const { PhpRankTrigger } = built.trigger;
const { PhpRankApi } = built.credential;
const node = new PhpRank().description;
const trigger = new PhpRankTrigger().description;

// ---- the descriptions, read as the editor shows them ----

/** Whether a node version meets displayOptions' `@version` conditions (numbers, or n8n-workflow's `_cnd`). */
function versionMeets(conditions, version) {
	return conditions.some((condition) => {
		if (typeof condition === 'number') return condition === version;
		const [[kind, bound]] = Object.entries(condition._cnd);
		const meets = {
			eq: () => version === bound,
			not: () => version !== bound,
			gt: () => version > bound,
			gte: () => version >= bound,
			lt: () => version < bound,
			lte: () => version <= bound,
			between: () => version >= bound.from && version <= bound.to,
		}[kind];
		if (!meets) throw new Error(`an @version condition this test does not read yet: ${kind}`);
		return meets();
	});
}

/**
 * Whether the editor can show `property` in this version once the fields of `selected` (resource, operation;
 * the trigger's event) have these values. A condition on another field (Return All, Privacy) is a state the user can
 * pick, so the field is one of the operation's.
 */
function shownFor(property, version, selected) {
	const { show = {}, hide } = property.displayOptions ?? {};
	if (hide)
		throw new Error(`${property.name}: displayOptions.hide, which this test does not read yet`);
	return Object.entries(show).every(([key, values]) => {
		if (key === '@version') return versionMeets(values, version);
		return key in selected ? values.includes(selected[key]) : true;
	});
}

/** Whether a property of the node is one of Project → Audit Site's. */
const isAuditSite = (property) =>
	Boolean(
		property.displayOptions?.show?.resource?.includes('project') &&
			property.displayOptions.show.operation?.includes('auditSite'),
	);

/** The versions of a description. */
const versionsOf = (description) => [].concat(description.version);

/**
 * Every operation of every version: `{ version, selected, names }`, `names` the display names of the selectors'
 * choices (['Project', 'Audit Site']; the trigger's ['Check Failed']).
 */
function operationsOf(description, selectors) {
	const walk = (version, selected, names, depth) => {
		if (depth === selectors.length) return [{ version, selected, names }];
		return description.properties
			.filter((p) => p.name === selectors[depth] && shownFor(p, version, selected))
			.flatMap((p) =>
				p.options.flatMap((choice) =>
					walk(
						version,
						{ ...selected, [selectors[depth]]: choice.value },
						[...names, choice.name],
						depth + 1,
					),
				),
			);
	};
	return versionsOf(description).flatMap((version) => walk(version, {}, [], 0));
}

/**
 * A field and what it holds, as entries `{ key, displayName, choices }`: the field itself (`choices`: the display
 * names of an options field's choices), then each option of a collection (`options.maxPages`), each group and its
 * values of a fixed collection, in this version.
 */
function entriesOf(property, version, parent = '') {
	const key = parent ? `${parent}.${property.name}` : property.name;
	const entry = { key, displayName: property.displayName, choices: undefined };
	if (['options', 'multiOptions'].includes(property.type) && Array.isArray(property.options))
		entry.choices = property.options.map((choice) => choice.name);
	const inner = (list, prefix) =>
		list
			.filter((option) => shownFor(option, version, {}))
			.flatMap((option) => entriesOf(option, version, prefix));
	if (property.type === 'collection') return [entry, ...inner(property.options, key)];
	if (property.type === 'fixedCollection')
		return [
			entry,
			...property.options.flatMap((group) => [
				{ key: `${key}.${group.name}`, displayName: group.displayName, choices: undefined },
				...inner(group.values, `${key}.${group.name}`),
			]),
		];
	return [entry];
}

/** The fields of one operation (its selectors and notices aside), as entries. */
function fieldsOf(description, selectors, operation) {
	return description.properties
		.filter((p) => !selectors.includes(p.name) && p.type !== 'notice')
		.filter((p) => shownFor(p, operation.version, operation.selected))
		.flatMap((p) => entriesOf(p, operation.version));
}

// ---- where usage.md documents an operation ----

const usageRows = usage
	.split('\n')
	.map(cellsOf)
	.filter((cells) => cells !== undefined);

/** The Operations table's rows of a resource's operation. */
const rowsOf = ([resource, operation]) =>
	usageRows.filter((cells) => cells[0] === resource && cells[1] === operation);

/** The sections whose heading contains `title`. */
const sectionsNaming = (title) =>
	usageSections.filter((section) => section.heading.includes(title)).map((s) => s.text);

/** The section of this heading. */
const sectionTitled = (title) =>
	usageSections.find((section) => section.heading === title)?.text ?? '';

/**
 * Where usage.md documents a node operation: its row's request and notes (not the resource and operation cells,
 * which name every field called Project or Report) and the sections whose heading names it.
 */
const nodeOperationDocs = (names) =>
	[
		...rowsOf(names).map((cells) => cells.slice(2).join(' | ')),
		...sectionsNaming(names.join(' → ')),
	].join('\n');
const triggerDocs = sectionsNaming(trigger.displayName).join('\n');

const NODE = {
	description: node,
	selectors: ['resource', 'operation'],
	title: (names) => names.join(' → '),
	docs: nodeOperationDocs,
	// a field every operation has is documented once, for all of them
	everywhereDocs: usage,
};
const TRIGGER = {
	description: trigger,
	selectors: ['event'],
	title: (names) => `${trigger.displayName} (${names[0]})`,
	docs: () => triggerDocs,
	everywhereDocs: triggerDocs,
};

/** Per operation: its title, where it is documented and its fields. */
function documentedOperations({ description, selectors, title, docs }) {
	return operationsOf(description, selectors).map((operation) => ({
		...operation,
		title: title(operation.names),
		docs: docs(operation.names),
		fields: fieldsOf(description, selectors, operation),
	}));
}

const sameChoices = (a, b) =>
	a.key === b.key &&
	a.displayName === b.displayName &&
	JSON.stringify(a.choices) === JSON.stringify(b.choices);
/** The same field as users see it, wherever it sits (Create's Privacy, Audit Site's Options → Privacy). */
const seenAlike = (a, b) =>
	a.displayName === b.displayName && JSON.stringify(a.choices) === JSON.stringify(b.choices);

/** The fields every operation of a description has: documented once (for the node, anywhere in usage.md). */
function everywhereFields(operations) {
	const [first, ...rest] = operations;
	return first.fields.filter((field) =>
		rest.every((operation) => operation.fields.some((other) => sameChoices(field, other))),
	);
}

const CHECK_NAMES = JSON.stringify(
	built.checkCatalogue.CHECK_OPTIONS.map((check) => check.name).sort(),
);

/** What usage.md leaves unnamed of a description's fields: one line each, naming the operation and the field. */
function unnamedFields(kind) {
	const operations = documentedOperations(kind);
	const everywhere = everywhereFields(operations);
	const isEverywhere = (field) => everywhere.some((other) => sameChoices(field, other));
	const problems = new Set();
	for (const operation of operations) {
		for (const field of operation.fields) {
			const docs = isEverywhere(field) ? kind.everywhereDocs : operation.docs;
			if (!namesPhrase(docs, field.displayName))
				problems.add(
					isEverywhere(field)
						? `every operation: field "${field.displayName}" (${field.key}) is not named in ${USAGE}`
						: `${operation.title}: field "${field.displayName}" (${field.key}) is not named in its row or sections of ${USAGE}`,
				);
			if (field.choices === undefined) continue;
			// the checks: usage.md's table of checks names each (test/report/checkCatalogue.test.js)
			const isChecks = JSON.stringify([...field.choices].sort()) === CHECK_NAMES;
			const choiceDocs = isChecks
				? usage
				: isEverywhere(field)
					? kind.everywhereDocs
					: operations
							.filter((other) => other.fields.some((f) => seenAlike(f, field)))
							.map((other) => other.docs)
							.join('\n');
			for (const choice of field.choices)
				if (!namesPhrase(choiceDocs, choice))
					problems.add(
						`${operation.title}: "${choice}", a choice of "${field.displayName}" (${field.key}), is not named in ${USAGE} where an operation with that field is documented`,
					);
		}
	}
	return [...problems];
}

describe(`1. every field of every operation is named in ${USAGE}`, () => {
	test('each operation of the node has exactly one row in the Operations table', () => {
		const operations = operationsOf(node, NODE.selectors);
		expect(operations.length).toBeGreaterThan(10);
		const problems = operations
			.filter((operation) => rowsOf(operation.names).length !== 1)
			.map(
				(operation) =>
					`${operation.names.join(' → ')} (version ${operation.version}): ${rowsOf(operation.names).length} rows "| ${operation.names.join(' | ')} |" in ${USAGE}'s Operations table, not 1`,
			);
		expect(problems).toEqual([]);
	});

	test("the node's fields, options and choices, every version", () => {
		expect(unnamedFields(NODE)).toEqual([]);
	});

	test("the trigger's events and fields, every version", () => {
		expect(triggerDocs).not.toBe('');
		const events = operationsOf(trigger, TRIGGER.selectors);
		const problems = events
			.filter((event) => !namesPhrase(triggerDocs, event.names[0]))
			.map(
				(event) =>
					`the event "${event.names[0]}" is not named in ${USAGE}'s "${trigger.displayName}"`,
			);
		expect([...problems, ...unnamedFields(TRIGGER)]).toEqual([]);
	});

	test("the credential's fields, in Credentials", () => {
		const docs = sectionTitled('Credentials');
		const fields = new PhpRankApi().properties.map((p) => p.displayName);
		expect(fields.length).toBeGreaterThan(1);
		expect(fields.filter((name) => !namesPhrase(docs, name))).toEqual([]);
	});

	test('the rules can fail: a new option and a new choice of Audit Site, named nowhere, are found', () => {
		const changed = JSON.parse(JSON.stringify(node));
		const auditOptions = changed.properties.find((p) => p.name === 'options' && isAuditSite(p));
		auditOptions.options.push({
			displayName: 'Respect Noindex Pages',
			name: 'respectNoindex',
			type: 'boolean',
			default: false,
		});
		changed.properties
			.find((p) => p.name === 'notListed')
			.options.push({ name: 'Archive', value: 'archive' });
		const before = unnamedFields(NODE);
		const found = unnamedFields({ ...NODE, description: changed }).filter(
			(problem) => !before.includes(problem),
		);
		expect(found).toEqual([
			`Project → Audit Site: field "Respect Noindex Pages" (options.respectNoindex) is not named in its row or sections of ${USAGE}`,
			`Project → Audit Site: "Archive", a choice of "Reports of Pages No Longer Listed" (notListed), is not named in ${USAGE} where an operation with that field is documented`,
		]);
		// a phrase inside a longer word is not the phrase
		expect(namesPhrase('Max Pagesize', 'Max Pages')).toBe(false);
		expect(rowsOf(['Project', 'Crawl Site'])).toEqual([]);
	});
});

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
	const auditDocs = nodeOperationDocs(['Project', 'Audit Site']);
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
		expect(unnamedKeys(actions, nodeOperationDocs(['Report', 'Create or Re-Run']))).toEqual([]);
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
		const issuesDocs = nodeOperationDocs(['Project', 'Get Issues']);
		expect({
			summary: unnamedKeys(keysOf([summary]), issuesDocs),
			issues: unnamedKeys(keysOf(issues), issuesDocs),
			validateFix: unnamedKeys(keysOf(validation), nodeOperationDocs(['Project', 'Validate Fix'])),
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

/** usage.md with its line breaks and runs of spaces as one space: a sentence may wrap. */
const usageText = usage.replace(/\s+/g, ' ');
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
