const { NodeApiError } = require('n8n-workflow');
const {
	AccountGate,
	backoffMs,
	classifyFailure,
	sendWithPolicy,
	transportCode,
} = require('../../dist/nodes/PhpRank/hooks/requestPolicy');
const { apiFailureError } = require('../../dist/nodes/PhpRank/hooks/apiErrors');

const node = { id: 'n1', name: 'phpRank', type: 'x', typeVersion: 1, position: [0, 0], parameters: {} };

function apiError(httpCode, retryAfterSeconds) {
	return apiFailureError(node, { message: 'm', description: 'd', httpCode: String(httpCode), retryAfterSeconds }, 0);
}

describe('classifyFailure', () => {
	test('429 is rate limited, with Retry-After in ms', () => {
		expect(classifyFailure(apiError(429, 3))).toEqual({ kind: 'rateLimited', retryAfterMs: 3000 });
		expect(classifyFailure(apiError(429))).toEqual({ kind: 'rateLimited', retryAfterMs: undefined });
	});
	test('5xx may have been processed', () => {
		expect(classifyFailure(apiError(502))).toEqual({ kind: 'mayBeProcessed', reason: 'HTTP 502' });
	});
	test('other API answers are final', () => {
		expect(classifyFailure(apiError(404))).toEqual({ kind: 'final' });
		expect(classifyFailure(apiError(422))).toEqual({ kind: 'final' });
	});
	test('a refused connection was never sent; a reset or timeout may have been processed', () => {
		expect(classifyFailure({ cause: { code: 'ECONNREFUSED' } })).toEqual({ kind: 'notSent' });
		expect(classifyFailure({ cause: { code: 'ENOTFOUND' } })).toEqual({ kind: 'notSent' });
		expect(classifyFailure({ cause: { code: 'ECONNRESET' } })).toEqual({ kind: 'mayBeProcessed', reason: 'ECONNRESET' });
		expect(classifyFailure({ code: 'ECONNABORTED' })).toEqual({ kind: 'mayBeProcessed', reason: 'ECONNABORTED' });
		expect(classifyFailure(new Error('socket hang up'))).toEqual({ kind: 'mayBeProcessed', reason: 'ECONNRESET' });
		expect(classifyFailure(new Error('something else'))).toEqual({ kind: 'final' });
	});
	test('transportCode reads n8n-wrapped errors', () => {
		expect(transportCode(new NodeApiError(node, Object.assign(new Error('x'), { code: 'ECONNRESET' })))).toBe('ECONNRESET');
		expect(transportCode({ cause: { code: 'EPIPE' } })).toBe('EPIPE');
	});
});

test('backoff doubles from 0.5 s up to 8 s', () => {
	expect([1, 2, 3, 4, 5, 6, 9].map(backoffMs)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
});

describe('AccountGate', () => {
	test('admits at most maxParallel at once', async () => {
		const gate = new AccountGate();
		let active = 0;
		let peak = 0;
		const job = async () => {
			await gate.acquire(3);
			active++;
			peak = Math.max(peak, active);
			await new Promise((resolve) => setImmediate(resolve));
			active--;
			gate.release();
		};
		await Promise.all(Array.from({ length: 20 }, job));
		expect(peak).toBe(3);
	});

	test('with no requests left in the window, one probe at a time', async () => {
		const gate = new AccountGate();
		gate.observeRemaining(0);
		await gate.acquire(5);
		let second = false;
		const waiting = gate.acquire(5).then(() => (second = true));
		await new Promise((resolve) => setImmediate(resolve));
		expect(second).toBe(false);
		gate.release();
		await waiting;
		expect(second).toBe(true);
		gate.release();
	});

	test('after a 429 it waits a second less than Retry-After, then probes one at a time', async () => {
		const gate = new AccountGate();
		expect(gate.rateLimited(3000)).toBe(2000);
		expect(new AccountGate().rateLimited(1000)).toBe(200);
		expect(new AccountGate().rateLimited(50)).toBe(50);
		expect(new AccountGate().rateLimited(undefined)).toBe(5000);

		const probing = new AccountGate();
		probing.rateLimited(10);
		await probing.acquire(5);
		let second = false;
		const waiting = probing.acquire(5).then(() => (second = true));
		await new Promise((resolve) => setTimeout(resolve, 30));
		expect(second).toBe(false);
		probing.observeRemaining(59); // the probe was let through: the window is open
		await waiting;
		expect(second).toBe(true);
	});

	test('a pause holds every request until it ends', async () => {
		const gate = new AccountGate();
		gate.pause(120);
		const started = Date.now();
		await gate.acquire(5);
		expect(Date.now() - started).toBeGreaterThanOrEqual(110);
		gate.release();
	});
});

describe('sendWithPolicy', () => {
	const limits = { maxParallel: 2, retries: 2, maxRateLimitWaitMs: 10_000 };
	const callbacks = {
		notResent: (_error, reason) => new Error(`not resent: ${reason}`),
		waitedTooLong: () => new Error('waited too long'),
	};

	/** A sender that fails with the given errors in turn, then answers 'ok'. */
	function sender(...failures) {
		const calls = { count: 0 };
		const send = async () => {
			calls.count++;
			const failure = failures.shift();
			if (failure) throw failure;
			return 'ok';
		};
		return { send, calls };
	}

	test('a GET is retried after a 5xx and a reset', async () => {
		const { send, calls } = sender(apiError(503), { cause: { code: 'ECONNRESET' } });
		const trace = { resentAfterPossibleSuccess: false };
		await expect(sendWithPolicy(new AccountGate(), 'GET', { ...limits, retries: 2 }, send, callbacks, trace)).resolves.toBe('ok');
		expect(calls.count).toBe(3);
		expect(trace.resentAfterPossibleSuccess).toBe(true);
	}, 10000);

	test('a GET gives up after its retries with the last error', async () => {
		const last = apiError(500);
		const { send, calls } = sender(apiError(500), last);
		await expect(sendWithPolicy(new AccountGate(), 'GET', { ...limits, retries: 1 }, send, callbacks)).rejects.toBe(last);
		expect(calls.count).toBe(2);
	});

	test('a POST is never re-sent after a reset, a timeout or a 5xx', async () => {
		for (const failure of [{ cause: { code: 'ECONNRESET' } }, { code: 'ECONNABORTED' }, apiError(500)]) {
			const { send, calls } = sender(failure);
			await expect(sendWithPolicy(new AccountGate(), 'POST', limits, send, callbacks)).rejects.toThrow(/^not resent: /);
			expect(calls.count).toBe(1);
		}
	});

	test('a POST is re-sent after a 429 and after a refused connection (not processed)', async () => {
		const { send, calls } = sender(apiError(429, 0), { cause: { code: 'ECONNREFUSED' } });
		await expect(sendWithPolicy(new AccountGate(), 'POST', limits, send, callbacks)).resolves.toBe('ok');
		expect(calls.count).toBe(3);
	}, 10000);

	test('404 and 422 are not retried', async () => {
		const notFound = apiError(404);
		const { send, calls } = sender(notFound);
		await expect(sendWithPolicy(new AccountGate(), 'DELETE', limits, send, callbacks)).rejects.toBe(notFound);
		expect(calls.count).toBe(1);
	});

	test('rate-limit waits add up to the allowed maximum', async () => {
		const { send, calls } = sender(apiError(429, 0.05), apiError(429, 0.05), apiError(429, 0.05));
		const tight = { ...limits, maxRateLimitWaitMs: 120 };
		await expect(sendWithPolicy(new AccountGate(), 'GET', tight, send, callbacks)).rejects.toThrow('waited too long');
		expect(calls.count).toBe(3);
	});
});
