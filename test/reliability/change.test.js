// Return All while another client creates and deletes reports: every report that existed for
// the whole run comes out exactly once, and no report twice.
const { useFixture, apiSend } = require('../node/fixture');

const fixture = useFixture({ seed: { reports: 450 } });

async function api(method, path, body) {
	return await apiSend(fixture.sandbox, method, path, body);
}

/** Another client: creates and deletes reports until told to stop (at most 400 changes). */
function churn(ids, seed) {
	let x = seed;
	const random = () => {
		x = (x * 1103515245 + 12345) % 2147483648;
		return x / 2147483648;
	};
	const deleted = new Set();
	const state = { running: true, changes: 0 };
	const done = (async () => {
		for (let n = 0; state.running && n < 400; n++) {
			if (random() < 0.5) {
				await api('POST', '/reports', `url=https%3A%2F%2Fnew${seed}-${n}.test%2F&privacy=1`);
			} else {
				const alive = ids.filter((id) => !deleted.has(id));
				const id = alive[Math.floor(random() * alive.length)];
				deleted.add(id);
				await api('DELETE', `/reports/${id}`);
			}
			state.changes++;
		}
	})();
	return { deleted, stop: async () => ((state.running = false), await done), state };
}

test.each([1, 2, 3])(
	'seed %i: every surviving report exactly once',
	async (seed) => {
		fixture.sandbox.reset();
		fixture.sandbox.setFaults({ latencyMs: 25 });
		const initial = fixture.sandbox.reports().map((r) => r.id);
		const other = churn(initial, seed);
		const { items, error } = await fixture.run({
			resource: 'report',
			operation: 'getAll',
			returnAll: true,
		});
		await other.stop();
		fixture.sandbox.setFaults({});

		expect(error).toBeUndefined();
		expect(other.state.changes).toBeGreaterThan(5);
		const ids = items.map((item) => item.json.id);
		expect(new Set(ids).size).toBe(ids.length);
		const survivors = initial.filter((id) => !other.deleted.has(id));
		expect(survivors.filter((id) => !ids.includes(id))).toEqual([]);
	},
	30000,
);
