// What may import what under nodes/PhpRank (issue 46): the table of docs/architecture.md, "The
// layers", read from the map itself and held against the code's imports (type-only and deferred
// `import()` included), so a new import that breaks a layer fails here, and so does a map that no
// longer says how the code is built. No import runs up (upsert/ into resources/, say).
const fs = require('node:fs');
const path = require('node:path');
const { importGraph, nodeSources } = require('../helpers/node-sources');

const MAP = path.join(__dirname, '..', '..', 'docs', 'architecture.md');
const ROOT = 'PhpRank/';

/** The backticked paths of one table cell. */
const pathsOf = (cell) => [...cell.matchAll(/`([^`]+)`/g)].map(([, p]) => p);

/**
 * The rows of the map's table under "## The layers" whose header is `| files | import only |`:
 * each row's files (a folder ends in `/`) and what they may import besides their own folder.
 */
function layerRules(map) {
	const section = map.split(/^## /m).find((s) => s.startsWith('The layers'));
	if (section === undefined) throw new Error('docs/architecture.md has no section "The layers"');
	const lines = section.split('\n');
	const header = lines.findIndex((line) => /^\|\s*files\s*\|\s*import only\s*\|/.test(line));
	if (header === -1) throw new Error('"The layers" has no table | files | import only |');
	const rules = [];
	for (const line of lines.slice(header + 2)) {
		if (!line.startsWith('|')) break;
		const [, files, imports] = line.split('|');
		rules.push({ files: pathsOf(files), imports: pathsOf(imports) });
	}
	return rules;
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

const rules = layerRules(fs.readFileSync(MAP, 'utf8'));

test('the map has a row for each part of the node', () => {
	const files = rules.flatMap((rule) => rule.files);
	expect(files).toEqual(
		expect.arrayContaining(['shared/', 'transport/', 'report/', 'sitemap/', 'upsert/', 'trigger/']),
	);
	const inNoRow = Object.keys(nodeSources())
		.map((f) => f.slice(ROOT.length))
		.filter((file) => !rules.some((rule) => rule.files.some((p) => covers(p, file))));
	expect(inNoRow).toEqual([]);
});

test('the table forbids an import upward: upsert/ into resources/, transport/ into report/, shared/ into report/', () => {
	expect(allowed(rules, 'upsert/output.ts', 'resources/report/reportView.ts')).toBe(false);
	expect(allowed(rules, 'upsert/rulesApi.ts', 'resources/report/reportById.ts')).toBe(false);
	expect(allowed(rules, 'transport/index.ts', 'report/reportId.ts')).toBe(false);
	expect(allowed(rules, 'shared/fields.ts', 'report/score.ts')).toBe(false);
	// an operation reaches upsert/ only through its entry
	expect(allowed(rules, 'resources/project/auditRun.ts', 'upsert/pageAttempt.ts')).toBe(false);
	expect(allowed(rules, 'resources/project/auditRun.ts', 'upsert/index.ts')).toBe(true);
});

test('finds an import the map does not allow', () => {
	const graph = importGraph({
		'PhpRank/upsert/output.ts': "import { reportView } from '../resources/report/reportView';",
		'PhpRank/resources/report/reportView.ts': "import type { X } from '../../shared/fields';",
		'PhpRank/shared/fields.ts': '',
	});
	expect(outsideTheMap(rules, graph)).toEqual([
		'upsert/output.ts → resources/report/reportView.ts',
	]);
});

test('a deferred import() and a type-only import are held to the map as a static one', () => {
	const graph = importGraph({
		'PhpRank/runModules.ts':
			"export const x = { run: async () => await import('./resources/project/auditRun') };",
		'PhpRank/shared/reportRequests.ts': "import type { ApiChannel } from '../transport/request';",
		'PhpRank/resources/project/auditRun.ts': '',
		'PhpRank/transport/request.ts': '',
	});
	expect(outsideTheMap(rules, graph)).toEqual([
		'runModules.ts → resources/project/auditRun.ts',
		'shared/reportRequests.ts → transport/request.ts',
	]);
});

test('every import under nodes/PhpRank is one the map allows', () => {
	expect(outsideTheMap(rules, importGraph(nodeSources()))).toEqual([]);
});
