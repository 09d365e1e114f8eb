// What may import what under nodes/PhpRank (issues 46, 56): the rule is docs/layers.json, which this
// test holds against the code's imports (type-only and deferred `import()` included), so a new import
// that breaks it fails here; docs/architecture.md shows the same rule as its table, generated from it
// (`layersTable`), and fails here when it no longer does. No import runs up: the core (transport/,
// report/, shared/) never imports a capability (auditSite/, digest/, createOrRerun/, trigger/).
const fs = require('node:fs');
const path = require('node:path');
const { importGraph, nodeSources } = require('../helpers/node-sources');

const MAP = path.join(__dirname, '..', '..', 'docs', 'architecture.md');
const RULE = path.join(__dirname, '..', '..', 'docs', 'layers.json');
const ROOT = 'PhpRank/';

const rules = JSON.parse(fs.readFileSync(RULE, 'utf8')).rows;

/** The rule as docs/architecture.md shows it: one Markdown table row per row of docs/layers.json. */
function layersTable(rows) {
	const code = (paths) =>
		paths.length === 0 ? 'nothing outside it' : paths.map((p) => `\`${p}\``).join(', ');
	return [
		'| part | files | import only |',
		'|---|---|---|',
		...rows.map((row) => `| ${row.part} | ${code(row.files)} | ${code(row.imports)} |`),
	].join('\n');
}

const covers = (rulePath, file) =>
	rulePath.endsWith('/') ? file.startsWith(rulePath) : file === rulePath;

/**
 * Whether `file` may import `target` (paths under nodes/PhpRank/): the row naming the importer
 * (its longest path that covers it) allows its own folder and what it lists.
 */
function allowed(rules, file, target) {
	let own;
	let row;
	for (const rule of rules) {
		for (const rulePath of rule.files) {
			if (covers(rulePath, file) && (own === undefined || rulePath.length > own.length)) {
				own = rulePath;
				row = rule;
			}
		}
	}
	if (row === undefined) return undefined;
	return (
		(own.endsWith('/') && target.startsWith(own)) || row.imports.some((p) => covers(p, target))
	);
}

/** Every import the map does not allow, as `file → target`; every file in no row, as `file: no row`. */
function outsideTheMap(rules, graph) {
	const found = [];
	for (const [source, targets] of graph) {
		const file = source.slice(ROOT.length);
		for (const target of targets.map((t) => t.slice(ROOT.length))) {
			const verdict = allowed(rules, file, target);
			if (verdict === undefined) {
				found.push(`${file}: in no row of the table`);
				break;
			}
			if (!verdict) found.push(`${file} → ${target}`);
		}
	}
	return found;
}

test('the rule has a row for each part of the node', () => {
	const files = rules.flatMap((rule) => rule.files);
	expect(files).toEqual(
		expect.arrayContaining([
			'shared/',
			'transport/',
			'report/',
			'auditSite/',
			'digest/',
			'createOrRerun/',
			'trigger/',
		]),
	);
	const inNoRow = Object.keys(nodeSources())
		.map((f) => f.slice(ROOT.length))
		.filter((file) => !rules.some((rule) => rule.files.some((p) => covers(p, file))));
	expect(inNoRow).toEqual([]);
});

test('docs/architecture.md shows the rule as it is (its table, generated from docs/layers.json)', () => {
	expect(fs.readFileSync(MAP, 'utf8')).toContain(layersTable(rules));
	expect(layersTable([{ part: 'p', files: ['a/'], imports: [] }])).toBe(
		'| part | files | import only |\n|---|---|---|\n| p | `a/` | nothing outside it |',
	);
});

test('the rule forbids an import upward: a capability into resources/, the core into a capability', () => {
	expect(allowed(rules, 'createOrRerun/output.ts', 'resources/report/reportView.ts')).toBe(false);
	expect(allowed(rules, 'createOrRerun/rulesApi.ts', 'resources/report/reportById.ts')).toBe(false);
	expect(allowed(rules, 'transport/index.ts', 'report/reportId.ts')).toBe(false);
	expect(allowed(rules, 'shared/fields.ts', 'report/score.ts')).toBe(false);
	// the core never imports a capability
	expect(allowed(rules, 'report/siteHealth.ts', 'digest/digest.ts')).toBe(false);
	expect(allowed(rules, 'transport/index.ts', 'auditSite/siteFetch.ts')).toBe(false);
	expect(allowed(rules, 'report/reportModules.ts', 'digest/digestOutput.ts')).toBe(false);
	// a capability imports only the one it builds on: Create or Re-Run's rules know no Audit Site
	expect(allowed(rules, 'createOrRerun/index.ts', 'auditSite/auditPlan.ts')).toBe(false);
	expect(allowed(rules, 'digest/digestOperation.ts', 'auditSite/auditRun.ts')).toBe(false);
	// Audit Site reaches createOrRerun/ only through its entry
	expect(allowed(rules, 'auditSite/auditRun.ts', 'createOrRerun/pageAttempt.ts')).toBe(false);
	expect(allowed(rules, 'auditSite/auditRun.ts', 'createOrRerun/index.ts')).toBe(true);
});

test('finds an import the map does not allow', () => {
	const graph = importGraph({
		'PhpRank/createOrRerun/output.ts':
			"import { reportView } from '../resources/report/reportView';",
		'PhpRank/resources/report/reportView.ts': "import type { X } from '../../shared/fields';",
		'PhpRank/shared/fields.ts': '',
	});
	expect(outsideTheMap(rules, graph)).toEqual([
		'createOrRerun/output.ts → resources/report/reportView.ts',
	]);
});

test('a deferred import() and a type-only import are held to the map as a static one', () => {
	const graph = importGraph({
		'PhpRank/report/reportModules.ts':
			"export const x = { run: async () => await import('../auditSite/auditRun') };",
		'PhpRank/shared/reportRequests.ts': "import type { ApiChannel } from '../transport/request';",
		'PhpRank/auditSite/auditRun.ts': '',
		'PhpRank/transport/request.ts': '',
	});
	expect(outsideTheMap(rules, graph)).toEqual([
		'report/reportModules.ts → auditSite/auditRun.ts',
		'shared/reportRequests.ts → transport/request.ts',
	]);
});

test('every import under nodes/PhpRank is one the map allows', () => {
	expect(outsideTheMap(rules, importGraph(nodeSources()))).toEqual([]);
});
