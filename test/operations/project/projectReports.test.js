// What Get Issues and Validate Fix share (nodes/PhpRank/transport/projectReports.ts): the
// Project and Pages per Issue fields, read and checked before anything is sent, and the read of a
// project's reports, which refuses a project without reports in the same words for both. Each
// operation's own tests are in getIssues.test.js and validateFix.test.js.
const { useFixture, projectReports, fromList, byName } = require('../../node/fixture');

const fixture = useFixture();

const SITE = 'site.test';

/**
 * Each operation's parameters, its own required fields set. Get Issues without its site summary:
 * with it (on by default from version 1.2) a project without reports gets the summary, pages 0
 * (getIssues.test.js).
 */
const OPERATIONS = {
	getIssues: {
		resource: 'project',
		operation: 'getIssues',
		project: fromList(SITE),
		siteSummary: false,
	},
	validateFix: {
		resource: 'project',
		operation: 'validateFix',
		project: fromList(SITE),
		check: 'https_encryption',
	},
};

beforeEach(() => {
	fixture.sandbox.reset(
		Array.from({ length: 5 }, (_, i) => ({ url: `https://${SITE}/page-${i + 1}` })),
	);
});

test.each(Object.keys(OPERATIONS))(
	'%s: a project without reports, an error naming it and Project → Get Many, after one request',
	async (operation) => {
		const { error } = await fixture.run({
			...OPERATIONS[operation],
			project: byName('sitetest'),
		});
		expect(error.message).toBe(
			'Project "sitetest" has no reports: check its name (phpRank names a project by its site\'s host, like example.com; Project → Get Many lists them)',
		);
		expect(error.description).toBe('Check the "Project" field of this node.');
		expect(fixture.takeRequests()).toEqual([projectReports('sitetest', 1)]);
	},
);

test.each(Object.keys(OPERATIONS))(
	'%s: a negative Pages per Issue and no project are refused before any request',
	async (operation) => {
		const cases = [
			[
				{ pagesPerIssue: -1 },
				'Pages per Issue must be a whole number of 0 or more, like 10 (0 lists no pages, only counts) (got -1)',
			],
			[{ project: byName(' ') }, 'Project is required, like example.com'],
		];
		for (const [extra, message] of cases) {
			const { error } = await fixture.run({ ...OPERATIONS[operation], ...extra });
			expect(error.message).toBe(message);
		}
		expect(fixture.takeRequests()).toEqual([]);
	},
);

// A constant changed in one place changes every figure that states it: docs/usage.md states Pages per
// Issue's default for both operations; this fails until it says DEFAULT_PAGES_PER_ISSUE (the field's
// default is the constant; the Get Issues oracle takes it from the package). A change of it:
// shared/fields.ts, docs/usage.md (and the description snapshot, regenerated).
test('docs/usage.md states the default Pages per Issue of both operations', () => {
	const { DEFAULT_PAGES_PER_ISSUE } = require('../../helpers/built').fields;
	const usage = require('node:fs')
		.readFileSync(
			require('node:path').join(__dirname, '..', '..', '..', 'docs', 'usage.md'),
			'utf8',
		)
		.split('\n')
		.filter((line) => line.startsWith('| **Pages per Issue** |'));
	expect(usage.length).toBe(Object.keys(OPERATIONS).length);
	for (const line of usage) expect(line).toContain(`Default ${DEFAULT_PAGES_PER_ISSUE};`);
});
