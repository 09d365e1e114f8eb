// The phpRank Trigger's decisions (nodes/PhpRank/trigger/watch.ts): pure functions of the recorded
// state and the reports read in one poll.
const {
	watchSignature,
	isKnownState,
	baseline,
	detectNewReports,
	detectScoreChanges,
	detectScoreBelow,
	eventItem,
	latestRerun,
	newestBelow,
} = require('../helpers/built').watch;
const { simplifyReport } = require('../helpers/built').simplify;

const settings = (extra = {}) => ({
	event: 'scoreChanged',
	project: '',
	threshold: 49,
	minimumChange: 1,
	watchCount: 100,
	...extra,
});
const r = (id, result, extra = {}) => ({
	id,
	url: `a.test/${id}`,
	project: 'a.test',
	result,
	...extra,
});
const ids = (outcome) => outcome.events.map((e) => e.report.id);

describe('state', () => {
	test('the signature names what is watched; other settings make it unknown', () => {
		expect(watchSignature(settings({ event: 'newReport', project: 'a.test' }))).toBe(
			'["newReport","a.test"]',
		);
		expect(watchSignature(settings())).toBe('["scoreChanged","",100]');
		expect(watchSignature(settings({ event: 'scoreBelow', threshold: 60 }))).toBe(
			'["scoreBelow","",100,60]',
		);
		const state = { watch: '["scoreChanged","",100]', lastId: 4, scores: {} };
		expect(isKnownState(state, settings())).toBe(true);
		expect(isKnownState(state, settings({ minimumChange: 5 }))).toBe(true);
		expect(isKnownState(state, settings({ watchCount: 50 }))).toBe(false);
		expect(isKnownState({}, settings())).toBe(false);
		expect(isKnownState({ watch: '["scoreChanged","",100]' }, settings())).toBe(false);
	});

	test('baseline: the newest ID, and the scores for the score events', () => {
		expect(baseline(settings({ event: 'newReport' }), [r(7, 50)])).toEqual({
			watch: '["newReport",""]',
			lastId: 7,
		});
		expect(baseline(settings({ event: 'newReport' }), [])).toEqual({
			watch: '["newReport",""]',
			lastId: 0,
		});
		expect(baseline(settings(), [r(3, '61'), r(2, null, { results: {} }), r(1, 40)])).toEqual({
			watch: '["scoreChanged","",100]',
			lastId: 3,
			scores: { 3: 61, 1: 40 },
		});
	});
});

describe('detectNewReports', () => {
	test('only IDs above lastId (numbers or digits), oldest first; lastId moves to the newest', () => {
		const outcome = detectNewReports({ lastId: 5 }, settings({ event: 'newReport' }), [
			r(8, 1),
			r('6', 1),
			r(5, 1),
			r(7, 1),
		]);
		expect(ids(outcome)).toEqual(['6', 7, 8]);
		expect(outcome.state).toEqual({ watch: '["newReport",""]', lastId: 8 });
	});

	test('nothing new keeps lastId', () => {
		const newest = r(5, 50);
		const outcome = detectNewReports({ lastId: 5 }, settings({ event: 'newReport' }), [], newest);
		expect(outcome.state.lastId).toBe(5);
		expect(outcome.restart).toBeUndefined();
	});
});

describe('detectScoreChanges', () => {
	const state = { watch: '["scoreChanged","",100]', lastId: 3, scores: { 1: 50, 2: 60, 3: 70 } };

	test('moves are emitted with both scores; same score, new and unknown-score reports are not', () => {
		const outcome = detectScoreChanges(state, settings(), [
			r(4, 10), // new: recorded
			r(3, 70), // same
			r(2, null, {
				results: {
					a: { passed: true, importance: 'high' },
					b: { passed: false, importance: 'high' },
				},
			}), // v1.1: computed 50
			r(1, null), // no score at all: keeps the recorded one
		]);
		expect(outcome.events.map((e) => e.extra)).toEqual([
			{
				score: 50,
				label: 'decent',
				previous_score: 60,
				previous_label: 'decent',
				score_change: -10,
			},
		]);
		expect(outcome.state).toEqual({
			watch: '["scoreChanged","",100]',
			lastId: 4,
			scores: { 1: 50, 2: 50, 3: 70, 4: 10 },
		});
	});

	test('reports that left the window are forgotten', () => {
		expect(detectScoreChanges(state, settings(), [r(3, 70)]).state.scores).toEqual({ 3: 70 });
	});

	test('Minimum Change: a smaller move keeps the recorded score', () => {
		const small = detectScoreChanges(state, settings({ minimumChange: 5 }), [r(1, 53)]);
		expect(small.events).toEqual([]);
		expect(small.state.scores).toEqual({ 1: 50 });
		const big = detectScoreChanges(small.state, settings({ minimumChange: 5 }), [r(1, 45)]);
		expect(big.events.map((e) => e.extra.score_change)).toEqual([-5]);
		expect(big.state.scores).toEqual({ 1: 45 });
	});
});

describe('detectScoreBelow', () => {
	const state = { watch: '["scoreBelow","",100,49]', lastId: 3, scores: { 1: 50, 2: 40, 3: 70 } };
	const below = (scores, window, s = settings({ event: 'scoreBelow' })) =>
		detectScoreBelow({ ...state, scores }, s, window);

	test('crossing down is emitted; staying below, recovering and staying above are not', () => {
		const outcome = below({ 1: 50, 2: 40, 3: 70 }, [r(1, 48), r(2, 30), r(3, 80)]);
		expect(outcome.events.map((e) => [e.report.id, e.extra])).toEqual([
			[1, { score: 48, label: 'bad', previous_score: 50, threshold: 49 }],
		]);
		expect(outcome.state.scores).toEqual({ 1: 48, 2: 30, 3: 80 });
		expect(below({ 2: 40 }, [r(2, 49)]).events).toEqual([]);
		expect(below({ 2: 49 }, [r(2, 48)]).events.map((e) => e.report.id)).toEqual([2]);
	});

	test('a new report below is emitted; an old one that re-entered the window is only recorded', () => {
		const outcome = below({ 3: 70 }, [r(2, 10), r(4, 10), r(3, 70)]);
		expect(outcome.events.map((e) => [e.report.id, e.extra.previous_score])).toEqual([[4, null]]);
		expect(outcome.state).toEqual({
			watch: '["scoreBelow","",100,49]',
			lastId: 4,
			scores: { 2: 10, 3: 70, 4: 10 },
		});
	});
});

describe('items and test events', () => {
	test('eventItem: the report view first, the event fields after it', () => {
		const report = r(1, 40, { results: {} });
		const event = { report, extra: { previous_score: 50, score_change: -10 } };
		expect(eventItem(event, true)).toEqual({
			...simplifyReport(report),
			previous_score: 50,
			score_change: -10,
		});
		expect(eventItem(event, false)).toEqual({ ...report, previous_score: 50, score_change: -10 });
	});

	test('latestRerun: the latest generated_at among re-run reports (generated after created)', () => {
		const window = [
			r(1, 1, { created_at: '2026-01-01T00:00:00Z', generated_at: '2026-01-03T00:00:00Z' }),
			r(2, 1, { created_at: '2026-01-02T00:00:00Z', generated_at: '2026-01-02T00:00:00Z' }),
			r(3, 1, { created_at: '2026-01-01T00:00:00Z', generated_at: '2026-01-04T00:00:00Z' }),
			r(4, 1, { created_at: '2026-01-01T00:00:00Z', generated_at: 'not a date' }),
		];
		expect(latestRerun(window).id).toBe(3);
		expect(latestRerun([window[1]])).toBeUndefined();
	});

	test('newestBelow: the highest ID under the threshold', () => {
		expect(newestBelow([r(1, 10), r(3, 20), r(2, 30), r(4, 90)], 49).id).toBe(3);
		expect(newestBelow([r(4, 90)], 49)).toBeUndefined();
	});
});

describe('IDs that start again lower (phpRank reinstalled or restored)', () => {
	const { isNewSince, watchedAnotherSite } = require('../helpers/built').watch;
	const at = (id, createdAt) => r(id, 50, { created_at: createdAt });
	const NEW_REPORT = settings({ event: 'newReport' });
	const state = { watch: '["newReport",""]', lastId: 5, lastCreatedAt: '2026-01-05T09:00:00Z' };

	test('new: an ID above the last seen, or created after the newest seen', () => {
		const isNew = isNewSince(state);
		expect(isNew(at(6, '2026-01-05T08:00:00Z'))).toBe(true);
		expect(isNew(at(2, '2026-01-05T09:00:01Z'))).toBe(true);
		expect(isNew(at(5, '2026-01-05T09:00:00Z'))).toBe(false);
		expect(isNew(at(2, 'not a date'))).toBe(false);
		// state of the released version: IDs only
		expect(isNewSince({ lastId: 5 })(at(2, '2030-01-01T00:00:00Z'))).toBe(false);
	});

	test('reports made after the restart come out oldest first; the state follows the new IDs', () => {
		const fresh = [at(2, '2026-01-05T10:02:00Z'), at(1, '2026-01-05T10:01:00Z')];
		const outcome = detectNewReports(state, NEW_REPORT, fresh, fresh[0], 'https://s.test');
		expect(ids(outcome)).toEqual([1, 2]);
		expect(outcome.state).toEqual({
			watch: '["newReport",""]',
			site: 'https://s.test',
			lastId: 2,
			lastCreatedAt: '2026-01-05T10:02:00Z',
		});
		expect(outcome.restart).toEqual({ lastId: 5, newestId: 2 });
	});

	test('a released-version state meeting lower IDs: nothing can be told new, the IDs are followed', () => {
		const newest = at(3, '2026-01-05T10:00:00Z');
		const outcome = detectNewReports({ lastId: 5 }, NEW_REPORT, [], newest);
		expect(ids(outcome)).toEqual([]);
		expect(outcome.state).toEqual({
			watch: '["newReport",""]',
			lastId: 3,
			lastCreatedAt: '2026-01-05T10:00:00Z',
		});
		expect(outcome.restart).toEqual({ lastId: 5, newestId: 3 });
	});

	test('every report gone: the state starts from ID 0', () => {
		const outcome = detectNewReports(state, NEW_REPORT, [], undefined);
		expect(outcome.state.lastId).toBe(0);
		expect(outcome.state.lastCreatedAt).toBe('2026-01-05T09:00:00Z');
		expect(outcome.restart).toEqual({ lastId: 5, newestId: 0 });
	});

	describe('the events that compare a window: deleted reports or IDs handed out again', () => {
		const { windowRestart } = require('../helpers/built').watch;
		const { detectCheckFailures } = require('../helpers/built').checkEvents;
		const FAILED = settings({ event: 'checkFailed', checks: ['noindex'] });
		const recorded = {
			watch: watchSignature(FAILED),
			lastId: 5,
			lastCreatedAt: '2026-01-05T09:05:00Z',
			failing: { 3: 0, 4: 0, 5: 0 },
		};
		const old = (id) => at(id, `2026-01-05T09:0${id}:00Z`);

		test('the newest deleted, the reports recorded still there: not a restart', () => {
			expect(windowRestart(recorded, [old(4), old(3), old(2)])).toBeUndefined();
			// nothing deleted, or new reports above the last ID: not even looked at
			expect(windowRestart(recorded, [at(9, '2026-01-05T10:00:00Z')])).toBeUndefined();
		});

		test('no report recorded left, or one created after the latest seen (IDs handed out again): a restart', () => {
			expect(windowRestart(recorded, [old(2), old(1)])).toEqual({ lastId: 5, newestId: 2 });
			expect(windowRestart(recorded, [])).toEqual({ lastId: 5, newestId: 0 });
			const reused = [at(4, '2026-01-05T10:00:00Z'), old(3)];
			expect(windowRestart(recorded, reused)).toEqual({ lastId: 5, newestId: 4 });
			// a state without lastCreatedAt (earlier versions) goes by the recorded IDs alone
			const { lastCreatedAt, ...released } = recorded;
			expect(lastCreatedAt).toBeDefined();
			expect(windowRestart(released, reused)).toBeUndefined();
		});

		test('after a deletion the state follows the newest ID left and keeps the latest creation time', () => {
			const outcome = detectCheckFailures(recorded, FAILED, [old(4), old(3)]);
			expect(outcome.state).toEqual({
				watch: watchSignature(FAILED),
				lastId: 4,
				lastCreatedAt: '2026-01-05T09:05:00Z',
				failing: { 3: 0, 4: 0 },
			});
		});
	});

	test('another site is another state; a state without a site is taken as this one', () => {
		expect(watchedAnotherSite({ site: 'https://a.test' }, 'https://b.test')).toBe(true);
		expect(watchedAnotherSite({ site: 'https://a.test' }, 'https://a.test')).toBe(false);
		expect(watchedAnotherSite({}, 'https://a.test')).toBe(false);
	});
});
