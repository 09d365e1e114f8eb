// The ready lines of a grouped alert (nodes/PhpRank/trigger/alertText.ts through alertGroups.ts
// groupItem): a reason or a project name from phpRank or a site never makes a line break, markup, a
// mention or a link; every line within its bound.
const { groupItem } = require('../helpers/built').alertGroups;

const hostileReason =
	'title: failed: Buy now\n<!channel> @here *deal* [x](https://evil.test)\u202e';

function item(overrides = {}) {
	return groupItem(
		{
			event: 'checkFailed',
			project: 'shop.test',
			check: 'title',
			category: 'seo',
			importance: 'high',
			pages: 2,
			examples: [{ id: 7, url: 'shop.test/a', reason: hostileReason }],
			...overrides,
		},
		40,
		49,
	);
}

test('a reason with a line break, a mention, markup and a link: one line, inert, in code where a chat reads markup', () => {
	const { text, slack, markdown } = item();
	expect(text).toBe(
		'Title fails on 2 of 40 pages of shop.test (high): title: failed: Buy now <!channel> @here *deal* [x](https://evil.test). Examples: https://shop.test/a and 1 more.',
	);
	expect(slack).toBe(
		'*Title* fails on 2 of 40 pages of shop.test (high): `title: failed: Buy now &lt;!channel&gt; @here *deal* [x](https://evil.test)`. Examples: <https://shop.test/a|shop.test/a> and 1 more.',
	);
	expect(markdown).toBe(
		'**Title** fails on 2 of 40 pages of shop.test \\(high\\): `title: failed: Buy now <!channel> @here *deal* [x](https://evil.test)`. Examples: [shop.test/a](https://shop.test/a) and 1 more.',
	);
});

test("a project's name is text: escaped, cut to 100 characters; a page of another host is never a link", () => {
	const project = `@everyone <b>${'x'.repeat(200)}`;
	const { text, slack, markdown } = item({
		project,
		examples: [{ id: 7, url: 'evil.test/login', reason: 'title: missing' }],
	});
	const cut = `${project.slice(0, 99)}…`;
	expect(text).toBe(
		`Title fails on 2 of 40 pages of ${cut} (high): title: missing. Examples: evil.test/login and 1 more.`,
	);
	expect(slack).toBe(
		`*Title* fails on 2 of 40 pages of ${cut.replace('<', '&lt;').replace('>', '&gt;')} (high): \`title: missing\`. Examples: \`evil.test/login\` and 1 more.`,
	);
	expect(markdown).toBe(
		`**Title** fails on 2 of 40 pages of \\@everyone &lt;b\\>${'x'.repeat(86)}… \\(high\\): \`title: missing\`. Examples: \`evil.test/login\` and 1 more.`,
	);
});

test('Score Changed: one item per project, the biggest move its example, no threshold', () => {
	expect(
		groupItem(
			{
				event: 'scoreChanged',
				project: 'shop.test',
				pages: 1,
				examples: [{ id: 3, url: 'shop.test/b', score: 61, previous_score: 70, score_change: -9 }],
			},
			5,
			49,
		),
	).toEqual({
		event: 'scoreChanged',
		project: 'shop.test',
		pages: 1,
		watched: 5,
		examples: [{ id: 3, url: 'shop.test/b', score: 61, previous_score: 70, score_change: -9 }],
		text: '1 of 5 pages of shop.test changed score. Examples: https://shop.test/b 61 (was 70).',
		slack:
			'1 of 5 pages of shop.test changed score. Examples: <https://shop.test/b|shop.test/b> 61 (was 70).',
		markdown:
			'1 of 5 pages of shop.test changed score. Examples: [shop.test/b](https://shop.test/b) 61 \\(was 70\\).',
	});
});
