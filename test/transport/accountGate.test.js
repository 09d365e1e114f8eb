const { AccountGate, ThrottleShare, pauseAfterRateLimit } = require('../helpers/built').accountGate;

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('pauseAfterRateLimit', () => {
	test('a Retry-After of 2 s or more: a second less (the window opens within its last second)', () => {
		expect(pauseAfterRateLimit(3000, 1)).toBe(2000);
		expect(pauseAfterRateLimit(60_000, 9)).toBe(59_000);
	});
	test('a short Retry-After: five probes 200 ms apart, then doubling up to 30 s', () => {
		expect(
			[1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 40].map((streak) => pauseAfterRateLimit(1000, streak)),
		).toEqual([200, 200, 200, 200, 200, 200, 400, 800, 1600, 30_000, 30_000]);
		expect(pauseAfterRateLimit(50, 1)).toBe(200);
	});
	test('0, missing or unreadable: at least a second, doubling while 429s continue, at most 30 s', () => {
		for (const asked of [0, undefined]) {
			expect([1, 2, 3, 4, 5, 6, 7, 30].map((streak) => pauseAfterRateLimit(asked, streak))).toEqual(
				[1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000],
			);
		}
	});
});

describe('ThrottleShare: clients of the key, from X-RateLimit-Remaining alone', () => {
	const observeAll = (share, values) => values.forEach((value) => share.observe(value));

	test('alone: Remaining falls by one per answer (a few out of order) → 1', () => {
		const share = new ThrottleShare();
		const values = Array.from({ length: 40 }, (_, i) => 59 - i);
		[values[3], values[4]] = [values[4], values[3]];
		observeAll(share, values);
		expect(share.consumers).toBe(1);
	});

	test('two workers: it falls by two per answer of ours → 2; three → 3', () => {
		const two = new ThrottleShare();
		observeAll(
			two,
			Array.from({ length: 25 }, (_, i) => 59 - 2 * i),
		);
		expect(two.consumers).toBe(2);
		const three = new ThrottleShare();
		observeAll(
			three,
			Array.from({ length: 21 }, (_, i) => 80 - 3 * i),
		);
		expect(three.consumers).toBe(3);
	});

	test('too few answers in a window say nothing; the estimate carries over windows and comes back to 1', () => {
		const share = new ThrottleShare();
		observeAll(
			share,
			Array.from({ length: 10 }, (_, i) => 59 - 5 * i),
		);
		expect(share.consumers).toBe(1);
		observeAll(
			share,
			Array.from({ length: 25 }, (_, i) => 59 - 2 * i),
		);
		expect(share.consumers).toBe(2);
		share.newWindow();
		observeAll(
			share,
			Array.from({ length: 5 }, (_, i) => 59 - i),
		);
		expect(share.consumers).toBe(2);
		observeAll(
			share,
			Array.from({ length: 25 }, (_, i) => 50 - i),
		);
		expect(share.consumers).toBe(1);
	});
});

describe('AccountGate', () => {
	test('with another client on the key, it takes its share of what is left, and probes half as often', async () => {
		const gate = new AccountGate();
		for (let i = 0; i < 25; i++) gate.notRateLimited(59 - 2 * i);
		gate.notRateLimited(4);
		const admitted = [];
		for (let i = 0; i < 4; i++) gate.acquire(5).then(() => admitted.push(i));
		await tick();
		expect(admitted).toEqual([0, 1]);
		expect(gate.rateLimited(1000)).toBe(400);
	});

	test('admits at most maxParallel at once', async () => {
		const gate = new AccountGate();
		let active = 0;
		let peak = 0;
		const job = async () => {
			await gate.acquire(3);
			active++;
			peak = Math.max(peak, active);
			await tick();
			active--;
			gate.release();
		};
		await Promise.all(Array.from({ length: 20 }, job));
		expect(peak).toBe(3);
	});

	test('with no requests left in the window, one probe at a time', async () => {
		const gate = new AccountGate();
		gate.notRateLimited(0);
		await gate.acquire(5);
		let second = false;
		const waiting = gate.acquire(5).then(() => (second = true));
		await tick();
		expect(second).toBe(false);
		gate.release();
		await waiting;
		expect(second).toBe(true);
		gate.release();
	});

	test('after a 429: the pause of pauseAfterRateLimit, growing with the streak, reset by a request let through', () => {
		const gate = new AccountGate();
		expect([
			gate.rateLimited(undefined),
			gate.rateLimited(undefined),
			gate.rateLimited(undefined),
		]).toEqual([1000, 2000, 4000]);
		gate.notRateLimited(10);
		expect(gate.rateLimited(0)).toBe(1000);
		expect(new AccountGate().rateLimited(3000)).toBe(2000);
	});

	test('while probing, one request at a time until one is let through', async () => {
		const probing = new AccountGate();
		probing.rateLimited(10);
		await probing.acquire(5);
		let second = false;
		const waiting = probing.acquire(5).then(() => (second = true));
		await new Promise((resolve) => setTimeout(resolve, 250));
		expect(second).toBe(false);
		probing.notRateLimited(59);
		await waiting;
		expect(second).toBe(true);
	});

	test('a pause holds every request until it ends, and acquire returns the time waited', async () => {
		const gate = new AccountGate();
		gate.rateLimited(undefined);
		const started = Date.now();
		const admission = await gate.acquire(5);
		expect(Date.now() - started).toBeGreaterThanOrEqual(990);
		expect(admission.admitted).toBe(true);
		expect(admission.pausedMs).toBeGreaterThanOrEqual(990);
		gate.release();
	});

	test('a pause that ends after the deadline is refused at once, with its length', async () => {
		const gate = new AccountGate();
		gate.rateLimited(5000);
		const started = Date.now();
		const refused = await gate.acquire(5, Date.now() + 1000);
		expect(refused.admitted).toBe(false);
		expect(refused.pauseMs).toBeGreaterThan(3900);
		expect(Date.now() - started).toBeLessThan(500);
	});
});

describe('the gates of a long-running process stay bounded', () => {
	const { gateFor, gateCount } = require('../helpers/built').accountGate;
	const node = (credentialId) => ({
		id: `node-${credentialId}`,
		name: 'phpRank',
		credentials: { phpRankApi: { id: credentialId, name: credentialId } },
	});
	// In the future, so the gates' own clock (the time of their last request) is before it.
	const base = Date.now() + 3_600_000;
	const MINUTE = 60_000;
	let inUse;

	test('a gate idle for 10 minutes is dropped; one in use, or holding a pause, is kept', async () => {
		const idle = gateFor(node('idle'), base);
		inUse = gateFor(node('in-use'), base);
		await inUse.acquire(5);
		const paused = gateFor(node('paused'), base);
		paused.rateLimited(2 * 3_600_000);
		expect(gateCount()).toBe(3);

		gateFor(node('later'), base + 11 * MINUTE);
		expect(gateCount()).toBe(3);
		expect(gateFor(node('in-use'), base + 11 * MINUTE)).toBe(inUse);
		expect(gateFor(node('paused'), base + 11 * MINUTE)).toBe(paused);
		expect(gateFor(node('idle'), base + 11 * MINUTE)).not.toBe(idle);
	});

	test('past 500 gates, the least recently used idle ones go first', () => {
		const first = [];
		for (let i = 0; i < 600; i++) first.push(gateFor(node(`x${i}`), base + 20 * MINUTE));
		gateFor(node('y'), base + 22 * MINUTE);
		expect(gateCount()).toBe(500);
		expect(gateFor(node('in-use'), base + 22 * MINUTE)).toBe(inUse);
		expect(gateFor(node('x599'), base + 22 * MINUTE)).toBe(first[599]);
		expect(gateFor(node('x0'), base + 22 * MINUTE)).not.toBe(first[0]);
		inUse.release();
	});
});

describe('Stop at the gate', () => {
	test('a request queued behind others leaves at once on abort, taking no place and leaving none stuck', async () => {
		const gate = new AccountGate();
		await gate.acquire(1);
		const stop = new AbortController();
		const queued = gate.acquire(1, Infinity, stop.signal).catch((error) => error);
		await tick();
		expect(gate.load).toEqual({ active: 1, waiting: 1 });
		stop.abort();
		expect((await queued).failure).toEqual({ type: 'canceled' });
		expect(gate.load).toEqual({ active: 1, waiting: 0 });
		gate.release();
		expect(await gate.acquire(1)).toEqual({ admitted: true, pausedMs: 0 });
		expect(gate.load).toEqual({ active: 1, waiting: 0 });
	});

	test("a request waiting out the account's pause ends at once on abort", async () => {
		const gate = new AccountGate();
		gate.rateLimited(30_000);
		const stop = new AbortController();
		const started = Date.now();
		const waiting = gate.acquire(1, Infinity, stop.signal).catch((error) => error);
		setTimeout(() => stop.abort(), 50);
		expect((await waiting).failure).toEqual({ type: 'canceled' });
		expect(Date.now() - started).toBeLessThan(1000);
		expect(gate.load).toEqual({ active: 0, waiting: 0 });
	});

	test("many queued requests of one execution: one 'abort' listener in all, however often they are woken; Stop still ends each", async () => {
		const gate = new AccountGate();
		await gate.acquire(1);
		const stop = new AbortController();
		const added = [];
		const removed = [];
		const { addEventListener, removeEventListener } = stop.signal;
		stop.signal.addEventListener = function (type, ...rest) {
			added.push(type);
			return addEventListener.call(this, type, ...rest);
		};
		stop.signal.removeEventListener = function (type, ...rest) {
			removed.push(type);
			return removeEventListener.call(this, type, ...rest);
		};
		const queued = Array.from({ length: 50 }, () =>
			gate.acquire(1, Infinity, stop.signal).catch((error) => error),
		);
		await tick();
		// each wake-up sends all 50 back in line (none may start: the one place stays taken)
		for (let wake = 0; wake < 10; wake++) {
			gate.notRateLimited(undefined);
			await tick();
		}
		expect(gate.load).toEqual({ active: 1, waiting: 50 });
		expect(added).toEqual(['abort']);
		expect(removed).toEqual([]);
		stop.abort();
		const outcomes = await Promise.all(queued);
		expect(outcomes.map((error) => error.failure)).toEqual(Array(50).fill({ type: 'canceled' }));
		expect(gate.load).toEqual({ active: 1, waiting: 0 });
	});

	test('a queued request that gets its place gives its listener back', async () => {
		const gate = new AccountGate();
		await gate.acquire(1);
		const stop = new AbortController();
		let listeners = 0;
		const { addEventListener, removeEventListener } = stop.signal;
		stop.signal.addEventListener = function (...args) {
			listeners++;
			return addEventListener.apply(this, args);
		};
		stop.signal.removeEventListener = function (...args) {
			listeners--;
			return removeEventListener.apply(this, args);
		};
		const queued = gate.acquire(1, Infinity, stop.signal);
		await tick();
		expect(listeners).toBe(1);
		gate.release();
		expect(await queued).toEqual({ admitted: true, pausedMs: 0 });
		expect(listeners).toBe(0);
	});

	test('an execution already stopped gets no place at all', async () => {
		const gate = new AccountGate();
		const stop = new AbortController();
		stop.abort();
		expect((await gate.acquire(1, Infinity, stop.signal).catch((e) => e)).failure).toEqual({
			type: 'canceled',
		});
		expect(gate.load).toEqual({ active: 0, waiting: 0 });
	});
});
