// Reading a response's body within the bound (transport/responseBody.ts), on streams made here: what
// is read, what is refused, and that whatever ends the read destroys the stream.
const { PassThrough } = require('node:stream');
const { readResponseBody: readAnswerBody, discardBody } = require('../helpers/built').responseBody;

const json = { 'content-type': 'application/json' };

/** A body stream that sends `chunks` (then ends, unless `open`), and says whether it was destroyed. */
function bodyOf(chunks, { open = false } = {}) {
	const stream = new PassThrough();
	setImmediate(() => {
		for (const chunk of chunks) stream.write(chunk);
		if (!open) stream.end();
	});
	return stream;
}

const response = (body, headers = json) => ({ statusCode: 200, headers, body });
const failureOf = async (work) => (await work.catch((error) => error)).failure;

test('JSON is parsed, as it arrives in pieces, a character split between two of them included', async () => {
	const text = Buffer.from('{"data":{"id":1,"url":"exämple.com/ü"}}');
	const cut = text.indexOf(0xc3) + 1;
	const read = await readAnswerBody(response(bodyOf([text.subarray(0, cut), text.subarray(cut)])));
	expect(read).toEqual({
		statusCode: 200,
		headers: json,
		body: { data: { id: 1, url: 'exämple.com/ü' } },
	});
});

test.each([
	['a web page stays text', '<html>login</html>', '<html>login</html>'],
	['an empty body stays empty', '', ''],
	['JSON after a byte-order mark', '\ufeff{"data":[]}', { data: [] }],
	['broken JSON stays text', '{"data": [', '{"data": ['],
])('%s', async (_name, text, body) => {
	expect((await readAnswerBody(response(bodyOf(text ? [text] : [])))).body).toEqual(body);
});

test('a body n8n already read is left as it is (an older n8n, a test double)', async () => {
	const already = response({ data: [] });
	expect(await readAnswerBody(already)).toBe(already);
});

test('past the bound: the tooLarge failure, the stream destroyed, nothing more read', async () => {
	const body = bodyOf([Buffer.alloc(600), Buffer.alloc(600), Buffer.alloc(600)], { open: true });
	expect(await failureOf(readAnswerBody(response(body), undefined, 1000))).toEqual({
		type: 'tooLarge',
		limitBytes: 1000,
	});
	expect(body.destroyed).toBe(true);
});

test('exactly the bound is read', async () => {
	const body = bodyOf([Buffer.from('"'), Buffer.alloc(998, 'x'), Buffer.from('"')]);
	expect((await readAnswerBody(response(body), undefined, 1000)).body).toBe(`"${'x'.repeat(998)}"`);
});

test('a declared Content-Length above the bound is refused at the first bytes, naming it', async () => {
	const body = bodyOf([Buffer.from('{')], { open: true });
	const failure = await failureOf(
		readAnswerBody(response(body, { ...json, 'content-length': '5000' }), undefined, 1000),
	);
	expect(failure).toEqual({ type: 'tooLarge', limitBytes: 1000, declaredBytes: 5000 });
	expect(body.destroyed).toBe(true);
});

test('a string body over the bound (n8n read it itself) is refused all the same', async () => {
	expect(await failureOf(readAnswerBody(response('x'.repeat(1001)), undefined, 1000))).toEqual({
		type: 'tooLarge',
		limitBytes: 1000,
	});
});

test("the attempt's signal ends the read: its reason is thrown and the stream destroyed", async () => {
	const body = bodyOf([Buffer.from('{"data":')], { open: true });
	const controller = new AbortController();
	const reading = readAnswerBody(response(body), controller.signal).catch((error) => error);
	await new Promise((resolve) => setImmediate(resolve));
	controller.abort(new Error('deadline'));
	expect((await reading).message).toBe('deadline');
	expect(body.destroyed).toBe(true);
});

test('a stream that closes before its end is a reset connection, not an answer', async () => {
	const body = bodyOf([Buffer.from('{"data":')], { open: true });
	const reading = readAnswerBody(response(body)).catch((error) => error);
	await new Promise((resolve) => setImmediate(resolve));
	body.destroy();
	expect((await reading).code).toBe('ECONNRESET');
});

test('discardBody destroys a stream nobody will read, and leaves anything else alone', () => {
	const body = bodyOf([], { open: true });
	discardBody(body);
	expect(body.destroyed).toBe(true);
	expect(() => discardBody({ data: [] })).not.toThrow();
});
