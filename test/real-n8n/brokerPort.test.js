'use strict';
// n8n stops at its start when the free port picked for its task broker was taken before it bound it
// (scripts/real-n8n/userFolder.js brokerPortTaken): every n8n process the suite starts (cli.js runN8n,
// editor.js startEditor, queue.js startWorker) is started again with another port, at most
// BROKER_PORT_ATTEMPTS times, and for no other failure; the editor also when its own port was a free
// pick (FREE_PORT) taken before n8n bound it (editor.js editorPortTaken). A stand-in for n8n's start
// (fixtures/stand-in-n8n.js) makes the port conflict real: a server of this test holds the port.
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

jest.mock('../../scripts/real-n8n/processes', () => {
	const actual = jest.requireActual('../../scripts/real-n8n/processes');
	return { ...actual, getFreePort: jest.fn(actual.getFreePort) };
});
const processes = require('../../scripts/real-n8n/processes');
const rn = require('../../scripts/real-n8n/n8n');
const queue = require('../../scripts/real-n8n/queue');

let held;
let heldPort;
let folder;
let log;
beforeAll(async () => {
	// a connection to the held port ends at once: a probe of it (startEditor's /healthz) does not wait
	held = net.createServer((socket) => socket.destroy());
	await new Promise((resolve) => held.listen(0, '127.0.0.1', resolve));
	heldPort = held.address().port;
});
afterAll(() => held.close());
beforeEach(() => {
	folder = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-port-'));
	log = path.join(folder, 'starts.log');
	fs.writeFileSync(log, '');
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

const context = (env = {}) => ({
	n8n: {
		nodeBin: process.execPath,
		n8nBin: path.join(__dirname, 'fixtures', 'stand-in-n8n.js'),
		env: {},
	},
	userFolder: folder,
	encryptionKey: 'stand-in',
	env: { STAND_IN_LOG: log, ...env },
	editor: null,
});
/** The starts, as `command port`, with the held port written `held`. */
const starts = () =>
	fs
		.readFileSync(log, 'utf8')
		.trim()
		.split('\n')
		.map((line) => line.replace(` ${heldPort}`, ' held').replace(/ \d+$/, ' free'));

test('the pattern is the message n8n 2.x prints, and only it', () => {
	expect(rn.brokerPortTaken("n8n Task Broker's port 37875 is already in use. Do you have")).toBe(
		true,
	);
	expect(
		rn.brokerPortTaken('Error: listen EADDRINUSE: address already in use 127.0.0.1:5678'),
	).toBe(false);
	expect(rn.BROKER_PORT_ATTEMPTS).toBe(3);
});

test('runN8n: a taken port, then a free one: the run ends well on its second start', async () => {
	processes.getFreePort.mockResolvedValueOnce(heldPort);
	const run = await rn.runN8n(context(), ['execute']);
	expect(run.code).toBe(0);
	expect(run.stdout).toBe('Execution was successful\n');
	expect(starts()).toEqual(['execute held', 'execute free']);
});

test("runN8n: the port taken every time: three starts, then n8n's own answer", async () => {
	processes.getFreePort.mockResolvedValue(heldPort);
	try {
		const run = await rn.runN8n(context(), ['execute']);
		expect(run.code).toBe(1);
		expect(run.stdout).toContain(`n8n Task Broker's port ${heldPort} is already in use`);
		expect(starts()).toEqual(['execute held', 'execute held', 'execute held']);
	} finally {
		processes.getFreePort.mockImplementation(
			jest.requireActual('../../scripts/real-n8n/processes').getFreePort,
		);
	}
});

test('runN8n: any other failure is not run again', async () => {
	const run = await rn.runN8n(context({ STAND_IN_FAIL: '1' }), ['execute']);
	expect(run.code).toBe(1);
	expect(run.stdout).toBe('Error: the workflow could not be found\n');
	expect(starts()).toEqual(['execute free']);
});

test('startEditor: a taken port, then a free one: the editor is ready', async () => {
	const port = await processes.getFreePort();
	processes.getFreePort.mockResolvedValueOnce(heldPort);
	const ctx = context();
	const editor = await rn.startEditor(ctx, { port });
	try {
		expect(ctx.editor).toBe(editor);
		expect(starts()).toEqual(['start held', 'start free']);
	} finally {
		await editor.stop();
	}
});

test('startEditor on a free port: the port taken before n8n bound it, then another: the editor is ready', async () => {
	// the editor's port first, then the broker's: the editor's is the held one
	processes.getFreePort.mockResolvedValueOnce(heldPort);
	const ctx = context();
	const editor = await rn.startEditor(ctx, { port: rn.FREE_PORT });
	try {
		expect(ctx.editor).toBe(editor);
		expect(editor.port).not.toBe(heldPort);
		expect(starts()).toEqual(['start free', 'start free']);
	} finally {
		await editor.stop();
	}
});

test("startEditor on a port of the caller's: taken, it is not started again", async () => {
	const ctx = context();
	await expect(rn.startEditor(ctx, { port: heldPort })).rejects.toThrow(
		`n8n's port ${heldPort} is already in use`,
	);
	expect(starts()).toEqual(['start free']);
});

test("the editor's pattern is the message n8n prints, and only it", () => {
	expect(rn.editorPortTaken("n8n's port 39071 is already in use. Do you have another")).toBe(true);
	expect(rn.editorPortTaken("n8n Task Broker's port 37875 is already in use.")).toBe(false);
});

test('startEditor: any other failure is not started again', async () => {
	const ctx = context({ STAND_IN_FAIL: '1' });
	await expect(rn.startEditor(ctx, { port: await processes.getFreePort() })).rejects.toThrow(
		'n8n start exited (exit 1) before it was ready:\nError: the workflow could not be found',
	);
	expect(starts()).toEqual(['start free']);
});

test('startWorker: a taken port, then a free one: the worker is ready', async () => {
	processes.getFreePort.mockResolvedValueOnce(heldPort);
	const worker = await queue.startWorker(context());
	try {
		expect(starts()).toEqual(['worker held', 'worker free']);
	} finally {
		await worker.stop();
	}
});
