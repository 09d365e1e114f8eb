'use strict';
// The run reader of scripts/real-n8n (issue 27): what an `n8n execute` process and the executions it
// stored in n8n's database say about the run. Reading the database itself is proven in real n8n by the
// e2e suite (test/e2e/lib/weeklyAudit.js breaks n8n's stdout on purpose and still reads the run).
const { runOutcome, sqliteTime } = require('../../scripts/real-n8n/storedRun');

const runData = { Manual: [{}], Echo: [{ data: { main: [[{ json: { echoed: 'hi' } }]] } }] };
const stored = (over = {}) => ({
	id: 7,
	status: 'success',
	finished: 1,
	mode: 'cli',
	createdAt: '2026-11-25 08:30:40.873',
	startedAt: '2026-11-25 08:30:40.917',
	stoppedAt: '2026-11-25 08:30:41.240',
	storedAt: 'db',
	data: { resultData: { runData } },
	...over,
});
const failed = () =>
	stored({
		status: 'error',
		finished: 0,
		data: { resultData: { runData, error: { message: 'phpRank rejected the API key' } } },
	});
const exited = (code, signal = null) => ({ code, signal });

describe('runOutcome', () => {
	test('a successful run: ok, the run shaped as `n8n execute --rawOutput` prints it', () => {
		const outcome = runOutcome(exited(0), [stored()]);
		expect(outcome.ok).toBe(true);
		expect(outcome.reason).toBeUndefined();
		expect(outcome.error).toBeUndefined();
		expect(outcome.data).toEqual({
			data: { resultData: { runData } },
			mode: 'cli',
			finished: true,
			status: 'success',
			startedAt: '2026-11-25T08:30:40.917Z',
			stoppedAt: '2026-11-25T08:30:41.240Z',
		});
		expect(outcome.execution.id).toBe(7);
	});

	test('a failed run: not ok, its data and its error', () => {
		const outcome = runOutcome(exited(1), [failed()]);
		expect(outcome.ok).toBe(false);
		expect(outcome.error).toEqual({ message: 'phpRank rejected the API key' });
		expect(outcome.data.data.resultData.runData).toBe(runData);
		expect(outcome.reason).toBe('execution 7 ended error');
	});

	test('SIGSEGV after a finished, successful run stored: the run counts, flagged', () => {
		const outcome = runOutcome(exited(null, 'SIGSEGV'), [stored()]);
		expect(outcome).toMatchObject({ ok: true, crashedAfterSuccess: true });
	});

	test.each([
		['the run failed', [failed()]],
		['the run never finished', [stored({ status: 'running', finished: 0, stoppedAt: null })]],
		['no run data was stored', [stored({ data: null })]],
		['nothing was stored', []],
	])('SIGSEGV when %s: not ok', (_, rows) => {
		const outcome = runOutcome(exited(null, 'SIGSEGV'), rows);
		expect(outcome).toMatchObject({ ok: false, crashedAfterSuccess: false });
	});

	test.each([
		['killed (the timeout)', exited(null, 'SIGKILL')],
		['a non-zero exit', exited(1)],
	])('a successful run stored, but %s: not ok', (_, proc) => {
		const outcome = runOutcome(proc, [stored()]);
		expect(outcome.ok).toBe(false);
		expect(outcome.reason).toMatch(/after a successful run/);
	});

	test('exit 0 but nothing stored: not ok, says so', () => {
		expect(runOutcome(exited(0), [])).toMatchObject({
			ok: false,
			data: undefined,
			reason: 'n8n stored no execution of the workflow',
		});
	});

	test('exit 0, the run stored without its data (kept in files): not ok, says where', () => {
		const outcome = runOutcome(exited(0), [stored({ data: null, storedAt: 'fs' })]);
		expect(outcome.ok).toBe(false);
		expect(outcome.reason).toMatch(/no run data in the database \(stored at: fs\)/);
	});

	test('two executions of the workflow while one command ran: not ok, never a guess', () => {
		const outcome = runOutcome(exited(0), [stored(), stored({ id: 8 })]);
		expect(outcome.ok).toBe(false);
		expect(outcome.reason).toMatch(/2 executions .*ids 7, 8/);
	});
});

describe('sqliteTime', () => {
	test("n8n's SQLite text, in UTC, whose text order is the time order", () => {
		expect(sqliteTime(Date.UTC(2026, 10, 25, 8, 30, 40, 917))).toBe('2026-11-25 08:30:40.917');
		const ascending = [
			Date.UTC(2026, 0, 9, 23, 59, 59, 999),
			Date.UTC(2026, 0, 10),
			Date.UTC(2026, 9, 1),
		];
		const texts = ascending.map(sqliteTime);
		expect([...texts].sort()).toEqual(texts);
	});
});
