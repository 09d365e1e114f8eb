// docs/usage.md's field reference is written from the code (scripts/docs-tables.js, from the built descriptions in
// dist/): a field, option, choice, default, range or version added or changed in the node, the trigger or the
// credential fails here until `npm run docs:tables` writes it into the doc.
const { USAGE, generatedBlocks, withBlocks, staleBlocks } = require('../../scripts/docs-tables');

test(`${USAGE}'s field reference is the code's (run npm run docs:tables when it is not)`, () => {
	const stale = staleBlocks();
	expect(
		stale.map(
			(name) => `${USAGE}: the block ${name} differs from the code: run npm run docs:tables`,
		),
	).toEqual([]);
});

test('every operation, event and the credential has its table, with its fields by both names', () => {
	const blocks = generatedBlocks();
	expect(Object.keys(blocks)).toEqual(['node-fields', 'trigger-fields', 'credential-fields']);
	for (const heading of [
		'### phpRank: every operation',
		'### Project → Audit Site',
		'### Project → Digest',
		'### Report → Create or Re-Run',
	])
		expect(blocks['node-fields'].split('\n')).toContain(heading);
	expect(blocks['node-fields']).toContain(
		'| Reports of Pages No Longer Listed | `notListed` | options | Keep | Keep / Delete | ≥ 1.1 |',
	);
	expect(blocks['node-fields']).toContain(
		'| Options → Match As | `options.matchAs` | options | Text | Regular Expression / Text | ≥ 1.3 |',
	);
	expect(blocks['trigger-fields']).toContain('### phpRank Trigger: Check Failed');
	expect(blocks['credential-fields']).toContain('| API Key | `apiKey` |');
});

test('the check can fail: a doc whose table misses a row, or whose markers are gone, is named', () => {
	const blocks = generatedBlocks();
	const doc = withBlocks(
		[
			'intro',
			...Object.keys(blocks).flatMap((n) => [`<!-- ${n}:start -->`, `<!-- ${n}:end -->`]),
		].join('\n'),
		blocks,
	);
	expect(staleBlocks(doc)).toEqual([]);
	const withoutMatchAs = doc.replace(/^\| Options → Match As .*\n/m, '');
	expect(staleBlocks(withoutMatchAs)).toEqual(['node-fields']);
	expect(() => staleBlocks(doc.replace('<!-- trigger-fields:end -->', ''))).toThrow(
		'no block trigger-fields',
	);
});
