// Where a message is worded (docs/architecture.md, "Where a message is worded"): every file under nodes/ that
// builds n8n's error itself (`new NodeOperationError`, `new NodeApiError`) is named in the map's table, and
// every file the table names as building one does, so a new place of wording cannot hide from the map.
const path = require('node:path');
const { readDoc } = require('../helpers/doc-text');
const { nodeSources } = require('../helpers/node-sources');

const NODE_ERROR = /\bnew\s+Node(?:Operation|Api)Error\s*\(/;

/** The table under "## Where a message is worded", as its cells' code spans read as paths under nodes/PhpRank/. */
function wordingTable(map) {
	const section = map.split(/^## /m).find((s) => s.startsWith('Where a message is worded'));
	if (section === undefined)
		throw new Error('docs/architecture.md has no section "Where a message is worded"');
	const rows = section
		.split('\n')
		.filter((line) => line.startsWith('| ') && !line.startsWith('| a message'));
	return rows.map((row) => [...row.matchAll(/`([^`]+\.ts)`/g)].map(([, p]) => `PhpRank/${p}`));
}

/** The files of `sources` (`{ 'PhpRank/…': source }`) that build n8n's error. */
const buildingNodeErrors = (sources) =>
	Object.entries(sources)
		.filter(([, source]) => NODE_ERROR.test(source))
		.map(([file]) => file)
		.sort();

/** What the table does not say: a file that builds n8n's error unnamed, a named file that builds none. */
function unnamed(table, sources) {
	const named = new Set(table.flat());
	const building = buildingNodeErrors(sources);
	// a run's own outcome: the last row names only files that build their error themselves
	const outcomeRow = table[table.length - 1];
	return [
		...building.filter((file) => !named.has(file)).map((file) => `${file}: not named`),
		...outcomeRow
			.filter((file) => !building.includes(file))
			.map((file) => `${file}: named, builds no error`),
	];
}

const table = wordingTable(readDoc(path.join('docs', 'architecture.md')));

test("the map names every file that builds n8n's error", () => {
	expect(unnamed(table, nodeSources())).toEqual([]);
});

test("fails on a file that builds n8n's error unnamed, and on a named one that builds none", () => {
	const sources = {
		'PhpRank/resources/report/get.ts': "throw new NodeOperationError(node, 'No report');",
		'PhpRank/transport/index.ts': 'return new NodeApiError(node, {});',
		'PhpRank/auditSite/auditRun.ts': '',
		'PhpRank/trigger/testEvent.ts': 'return new NodeOperationError(node, message);',
	};
	expect(unnamed(table, sources)).toEqual([
		'PhpRank/resources/report/get.ts: not named',
		'PhpRank/auditSite/auditRun.ts: named, builds no error',
	]);
});
