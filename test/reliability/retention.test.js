// The bounded read holds an answer only while it reads it: once a page has been turned into
// items, the answer (its body stream, the text read from it) can be collected, though the items
// live on (a Return All's output is kept until the workflow ends). bench/findings.md, "Memory",
// tells what held it before: every answer lived on for as long as its attempt's deadline (five
// minutes by default), which tripled what a Return All kept. Collections are forced
// (`--expose-gc` for this file alone); a body stream is held by a WeakRef, and the heap is
// searched for an answer's text (a string cannot be held weakly).
const v8 = require('node:v8');
const { useFixture } = require('../node/fixture');
const responseBody = require('../helpers/built').responseBody;

const fixture = useFixture({ seed: { reports: 250 } });

v8.setFlagsFromString('--expose_gc');
const gc = require('node:vm').runInNewContext('gc');

/** Runs `work` while the body stream of every answer the transport reads is recorded, held weakly. */
async function withBodyStreams(work) {
	const streams = [];
	const read = responseBody.readResponseBody;
	responseBody.readResponseBody = function (response, ...rest) {
		if (typeof response?.body?.pipe === 'function') streams.push(new WeakRef(response.body));
		return read.call(this, response, ...rest);
	};
	try {
		return { result: await work(), streams };
	} finally {
		responseBody.readResponseBody = read;
	}
}

async function collectGarbage() {
	for (let i = 0; i < 4; i++) {
		gc();
		await new Promise((resolve) => setImmediate(resolve));
	}
}

/**
 * How many strings in the heap start like a page of phpRank's report list (a whole response's text).
 * The snapshot is searched as it streams: joined, it can be larger than a string may be.
 */
async function answerTextsInHeap() {
	// As the snapshot writes it (JSON-escaped), built from parts, so that this file's own source
	// (in the heap too) does not match.
	const start = ['"{\\"data\\":[{', '\\"id\\":'].join('');
	let found = 0;
	let pending = '';
	for await (const chunk of v8.getHeapSnapshot()) {
		let text = pending + chunk;
		let at = text.indexOf(start);
		while (at !== -1) {
			const end = stringEnd(text, at + 1);
			if (end === -1) break;
			// A page of reports is tens of kB, of which a snapshot keeps the first 1,024 characters;
			// a shorter match is a piece of code.
			if (end - at > 1_000) found++;
			at = text.indexOf(start, end + 1);
		}
		// Keep what may begin a match: an unfinished string, or the last characters.
		text = at === -1 ? text.slice(-start.length) : text.slice(at);
		pending = text;
	}
	return found;
}

/** Where the JSON string whose content starts at `from` ends (its closing quote), or -1 if not yet. */
function stringEnd(text, from) {
	for (let i = text.indexOf('"', from); i !== -1; i = text.indexOf('"', i + 1)) {
		let backslashes = 0;
		while (text[i - 1 - backslashes] === '\\') backslashes++;
		if (backslashes % 2 === 0) return i;
	}
	return -1;
}

test.each([
	['Simplify on', {}],
	['Simplify off', { simplify: false }],
])('Return All, %s: no answer outlives its turning into items', async (_name, extra) => {
	const { result, streams } = await withBodyStreams(() =>
		fixture.run({ resource: 'report', operation: 'getAll', returnAll: true, ...extra }),
	);
	expect(result.error).toBeUndefined();
	expect(result.items).toHaveLength(250);
	// Three pages of 100, each read from the stream n8n handed over.
	expect(streams).toHaveLength(3);
	await collectGarbage();
	expect(streams.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
	expect(await answerTextsInHeap()).toBe(0);
	// The items themselves are still there: they are what the workflow keeps.
	expect(result.items.map((item) => item.json.id).slice(0, 2)).toEqual([250, 249]);
});

test('Get, item after item: no answer outlives its item', async () => {
	const { result, streams } = await withBodyStreams(() =>
		fixture.run(
			{
				resource: 'report',
				operation: 'get',
				reportId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			},
			{ items: [{ id: 1 }, { id: 2 }, { id: 3 }] },
		),
	);
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => item.json.id)).toEqual([1, 2, 3]);
	expect(streams).toHaveLength(3);
	await collectGarbage();
	expect(streams.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
});
