'use strict';
// The e2e's waits by count (test/e2e/lib/polls.js): what they count, when they return, what their last
// stop says, and that `after` gives every trigger its polls however n8n's seconds interleave them.
const { watchPolls, LAST_STOP_MS } = require('../e2e/lib/polls');

/** A sandbox's request log as test/sandbox records it: pathname, and status once answered. */
function fakeSandbox() {
	const requests = [];
	return {
		requests,
		poll: (status = 200) => requests.push({ method: 'GET', pathname: '/api/v1/reports', status }),
		read: () => requests.push({ method: 'GET', pathname: '/api/v1/reports/7', status: 200 }),
	};
}

describe('watchPolls', () => {
	test('LAST_STOP_MS is ten minutes: ten of n8n’s shortest poll interval', () => {
		expect(LAST_STOP_MS).toBe(600000);
	});

	test('after: one trigger needs `times` polls; two need 2 × times + 1 in a row', () => {
		const sandbox = fakeSandbox();
		expect(watchPolls({ sandbox }).after(4, 3)).toBe(7);
		expect(watchPolls({ sandbox, triggers: 2 }).after(4, 1)).toBe(7);
		expect(watchPolls({ sandbox, triggers: 2 }).after(4, 3)).toBe(11);
	});

	test('after: every trigger has polled `times` times, whatever second n8n gave each and the phase of the change', () => {
		// two triggers, each once a minute at a second of its own, a delay of up to 20 s on every poll
		let seed = 51;
		const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
		const counts = watchPolls({ sandbox: fakeSandbox(), triggers: 2 });
		for (let round = 0; round < 200; round++) {
			const seconds = [Math.floor(random() * 60), Math.floor(random() * 60)];
			const polls = [];
			for (let minute = 0; minute < 12; minute++)
				for (const trigger of [0, 1])
					polls.push({ trigger, at: minute * 60 + seconds[trigger] + random() * 20 });
			polls.sort((a, b) => a.at - b.at);
			for (let count = 0; count + counts.after(0, 3) <= polls.length; count++) {
				for (const times of [1, 3]) {
					const since = polls.slice(count, counts.after(count, times));
					for (const trigger of [0, 1])
						expect(since.filter((p) => p.trigger === trigger).length).toBeGreaterThanOrEqual(times);
				}
			}
		}
	});

	test('untilPolls counts the requests to /api/v1/reports once all are answered, not the reads of one report', async () => {
		const sandbox = fakeSandbox();
		const counts = watchPolls({ sandbox, lastStopMs: 5000 });
		sandbox.poll();
		sandbox.read();
		sandbox.poll(null);
		const waited = counts.untilPolls('two polls', 2);
		setTimeout(() => (sandbox.requests[2].status = 200), 100);
		const seen = await waited;
		expect(seen.map((q) => [q.pathname, q.status])).toEqual([
			['/api/v1/reports', 200],
			['/api/v1/reports', 200],
		]);
		expect(counts.polls()).toHaveLength(2);
	});

	test('the last stop says what was counted: the polls seen, the executions and their statuses', async () => {
		const sandbox = fakeSandbox();
		sandbox.poll();
		const listExecutions = async (ctx, workflowId) => {
			expect({ ctx, workflowId }).toEqual({ ctx: 'folder', workflowId: 'w' });
			return [{ id: '3', status: 'running' }];
		};
		const counts = watchPolls({
			ctx: 'folder',
			sandbox,
			workflowId: 'w',
			lastStopMs: 600,
			listExecutions,
		});
		await expect(counts.untilPolls('the poll after the next one', 3)).rejects.toThrow(
			'the poll after the next one: not after 0.01 min (counted so far: 1 poll(s) seen, 1 execution(s): 3 running)',
		);
		await expect(counts.untilExecutions('the execution', 1)).rejects.toThrow(
			'the execution: not after 0.01 min (counted so far: 1 poll(s) seen, 1 execution(s): 3 running)',
		);
	});

	test('untilExecutions returns the executions once there are enough and none is new or running', async () => {
		const lists = [
			[{ id: '1', status: 'new' }],
			[{ id: '1', status: 'running' }],
			[
				{ id: '2', status: 'success' },
				{ id: '1', status: 'success' },
			],
		];
		let calls = 0;
		const counts = watchPolls({
			sandbox: fakeSandbox(),
			lastStopMs: 10000,
			listExecutions: async () => lists[Math.min(calls++, lists.length - 1)],
		});
		await expect(counts.untilExecutions('one', 1)).resolves.toEqual(lists[2]);
		expect(calls).toBe(3);
	});
});
