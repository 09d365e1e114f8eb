// The node descriptions are a public contract (node type names, parameter names, option values,
// defaults, displayed texts): a refactor must leave them exactly as they were. The fixture was
// made from the build before issue 19's restructuring; regenerate it only for an intended change with
//   UPDATE_DESCRIPTION_SNAPSHOT=1 npx jest test/unit/descriptionSnapshot.test.js
const fs = require('node:fs');
const path = require('node:path');

const { PhpRank } = require('../helpers/built').node;
const { PhpRankTrigger } = require('../helpers/built').trigger;

const FIXTURE = path.join(__dirname, '..', 'helpers', 'fixtures', 'node-descriptions.json');

/**
 * What the editor, the AI builder and agents see: the description as JSON (functions fall away),
 * without `routing` and `requestOperations`, which say how the node sends, not what it shows.
 */
function publicView(description) {
	return JSON.parse(
		JSON.stringify(description, (key, value) =>
			key === 'routing' || key === 'requestOperations' ? undefined : value,
		),
	);
}

const current = {
	phpRank: publicView(new PhpRank().description),
	phpRankTrigger: publicView(new PhpRankTrigger().description),
};

test('the node descriptions are exactly those of the fixture (names, values, defaults, texts, order)', () => {
	if (process.env.UPDATE_DESCRIPTION_SNAPSHOT === '1') {
		fs.writeFileSync(FIXTURE, `${JSON.stringify(current, null, '\t')}\n`);
	}
	expect(current).toEqual(JSON.parse(fs.readFileSync(FIXTURE, 'utf8')));
});

test('the fixture is not trivially empty', () => {
	const fixture = JSON.parse(fs.readFileSync(FIXTURE, 'utf8'));
	expect(fixture.phpRank.name).toBe('phpRank');
	expect(fixture.phpRankTrigger.name).toBe('phpRankTrigger');
	expect(fixture.phpRank.properties.length).toBeGreaterThan(20);
});
