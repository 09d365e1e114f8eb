// The readable views of phpRank responses (report/score.ts, checkReasons.ts, reportChanges.ts,
// simplify.ts) and where the operations apply them: pure functions, exact outputs.
const {
	toNumber,
	scoreLabel,
	computeScore,
	reportScore,
	reportLabel,
	privacyWord,
	categoryOf,
	projectWithAverage,
} = require('../helpers/built').score;
const { countOf, checkReason, failedChecks } = require('../helpers/built').checkReasons;
const { diffReports } = require('../helpers/built').reportChanges;
const { simplifyReport } = require('../helpers/built').simplify;
const { reportView } = require('../helpers/built').reportOutput;
const { needsPreviousState } = require('../helpers/built').update;
const { SIMPLIFY_DEFAULT, simplifyField, outputChangesField } = require('../helpers/built').fields;

const pass = (importance, value = null) => ({ passed: true, importance, value });
const fail = (importance, value, errors) => ({ passed: false, importance, value, errors });

/** A report as phpRank 1.5 sends it, with one failure of most error kinds. */
function sampleReport(overrides = {}) {
	return {
		id: 12,
		url: 'example.com/about',
		project: 'example.com',
		result: 58,
		results: {
			title: fail(
				'high',
				'The Complete Guide to Everything You Ever Wanted to Know About Our Products',
				{
					length: { min: 1, max: 60 },
				},
			),
			meta_description: pass('high', 'About us'),
			headings: fail('high', { h1: ['A', 'B'] }, { duplicate: null }),
			image_keywords: fail('medium', ['/a.png', '/b.png'], { missing: ['/a.png', '/b.png'] }),
			favicon: pass('low', 'https://example.com/favicon.ico'),
			load_time: fail('high', 2.41, { too_slow: { max: 2 } }),
			page_size: fail('medium', 612734, { too_large: { max: 330000 } }),
			dom_size: fail('low', 1622, { too_many: { max: 1500 } }),
			https_encryption: pass('high', 'https'),
			server_signature: fail('medium', 'Apache/2.4.41 (Ubuntu)', { failed: null }),
			content_length: fail('low', 214, { too_few: { min: 500 } }),
			deprecated_html_tags: fail(
				'low',
				{ center: 2, font: 1 },
				{ bad_tags: { center: 2, font: 1 } },
			),
			charset: pass('medium', 'utf-8'),
		},
		privacy: 1,
		password: false,
		generated_at: '2026-01-05T09:00:00.000000Z',
		created_at: '2026-01-04T09:00:00.000000Z',
		updated_at: '2026-01-05T09:00:00.000000Z',
		...overrides,
	};
}

const SAMPLE_FAILED = {
	seo: [
		{ check: 'title', importance: 'high', reason: 'title: 75 characters, max 60' },
		{ check: 'headings', importance: 'high', reason: 'headings: duplicate' },
		{
			check: 'image_keywords',
			importance: 'medium',
			reason: 'image_keywords: images without alt text: /a.png, /b.png',
		},
	],
	performance: [
		{ check: 'load_time', importance: 'high', reason: 'load_time: 2.41 s, max 2 s' },
		{ check: 'page_size', importance: 'medium', reason: 'page_size: 612.7 kB, max 330 kB' },
		{ check: 'dom_size', importance: 'low', reason: 'dom_size: 1622 elements, max 1500' },
	],
	security: [
		{
			check: 'server_signature',
			importance: 'medium',
			reason: 'server_signature: server signature shown: Apache/2.4.41 (Ubuntu)',
		},
	],
	miscellaneous: [
		{ check: 'content_length', importance: 'low', reason: 'content_length: 214 words, min 500' },
		{
			check: 'deprecated_html_tags',
			importance: 'low',
			reason: 'deprecated_html_tags: deprecated tags: center (2), font (1)',
		},
	],
};

describe('numbers and labels', () => {
	test.each([
		[64, 64],
		['64', 64],
		['863.00', 863],
		[' 7.5 ', 7.5],
		['-3', -3],
		['', null],
		['good', null],
		[null, null],
		[undefined, null],
		[true, null],
		[Number.NaN, null],
		[[1], null],
	])('toNumber(%p) is %p', (value, expected) => {
		expect(toNumber(value)).toBe(expected);
	});

	test.each([
		[100, 'good'],
		[80, 'good'],
		[79.5, 'good'],
		[79, 'decent'],
		[49, 'decent'],
		[48.9, 'bad'],
		[48, 'bad'],
		[0, 'bad'],
		[null, null],
		[undefined, null],
	])("phpRank's thresholds: score %p is %p", (score, label) => {
		expect(scoreLabel(score)).toBe(label);
	});

	test.each([
		[0, 'public'],
		[1, 'private'],
		[2, 'password'],
		['2', 'password'],
		[3, null],
		[1.5, null],
		[null, null],
	])('privacy %p is %p', (value, word) => {
		expect(privacyWord(value)).toBe(word);
	});

	test.each([
		[5, 5],
		['12', 12],
		[['a', 'b'], 2],
		[{ internals: 158, externals: 12 }, 170],
		[{ JavaScripts: ['/a.js', '/b.js'], CSS: ['/c.css'] }, 3],
		[{ a: 'x' }, null],
		[null, null],
	])('countOf(%p) is %p', (value, count) => {
		expect(countOf(value)).toBe(count);
	});
});

describe('the score, whatever the server calls it', () => {
	test("phpRank's formula: passed points / total points x 100, high 10, medium 5, low 0", () => {
		// points: high 10+10 (one passed), medium 5 (passed), low 0: 15 of 25 = 60.
		expect(
			computeScore({
				a: pass('high'),
				b: fail('high', 1, {}),
				c: pass('medium'),
				d: fail('low', 1, {}),
			}),
		).toBe(60);
		expect(computeScore({ a: pass('low') })).toBeNull();
		expect(computeScore(null)).toBeNull();
	});

	test('sample report: 25 of 70 points passed (meta_description, https_encryption, charset) gives 36', () => {
		expect(computeScore(sampleReport().results)).toBe(36);
	});

	test.each([
		['result (v1.5)', { result: 58 }, 58],
		['result as a string', { result: '58' }, 58],
		['score (newer builds)', { result: undefined, score: 71 }, 71],
		['score wins over result', { result: 'good', score: 85 }, 85],
		['result null (v1.1): computed from the checks', { result: null }, 36],
		['no score and no checks', { result: null, results: undefined }, null],
	])('%s', (_name, overrides, score) => {
		expect(reportScore(sampleReport(overrides))).toBe(score);
	});

	test('a label sent as `result` is believed when there is no score', () => {
		expect(reportLabel({ result: 'Decent' })).toBe('decent');
		expect(reportLabel({ result: 'excellent' })).toBeNull();
		expect(reportLabel(sampleReport({ result: 80 }))).toBe('good');
	});
});

describe('one-line reasons', () => {
	test.each([
		['load_time', fail('high', 2.41, { too_slow: { max: 2 } }), 'load_time: 2.41 s, max 2 s'],
		['load_time', fail('high', 3.066666, { too_slow: { max: 2 } }), 'load_time: 3.07 s, max 2 s'],
		[
			'page_size',
			fail('medium', 1288301, { too_large: { max: 330000 } }),
			'page_size: 1.3 MB, max 330 kB',
		],
		['page_size', fail('medium', 900, { too_large: { max: 800 } }), 'page_size: 900 B, max 800 B'],
		[
			'title',
			fail('high', 'x'.repeat(88), { length: { min: 1, max: 60 } }),
			'title: 88 characters, max 60',
		],
		[
			'meta_description',
			fail('high', 'short', { length: { min: 70, max: 160 } }),
			'meta_description: 5 characters, min 70',
		],
		[
			'title',
			fail('high', null, { length: { min: 1, max: 60 } }),
			'title: length not 1 to 60 characters',
		],
		['title', fail('high', null, { missing: null }), 'title: missing'],
		[
			'in_page_links',
			fail('medium', { internals: 158, externals: 12 }, { too_many: { max: 150 } }),
			'in_page_links: 170 links, max 150',
		],
		[
			'http_requests',
			fail('medium', { JavaScripts: 21, CSS: 9, Images: 38 }, { too_many: { max: 50 } }),
			'http_requests: 68 requests, max 50',
		],
		[
			'text_html_ratio',
			fail('low', 6.2, { too_small: { min: 10 } }),
			'text_html_ratio: 6.2 %, min 10 %',
		],
		[
			'content_length',
			fail('low', 97, { too_few: { min: 500 } }),
			'content_length: 97 words, min 500',
		],
		[
			'content_keywords',
			fail('high', ['pricing'], { missing: ['plans', 'teams'] }),
			'content_keywords: keywords missing from the content: plans, teams',
		],
		[
			'defer_javascript',
			fail('medium', ['/a.js', '/b.js', '/c.js', '/d.js', '/e.js'], {
				missing: ['/a.js', '/b.js', '/c.js', '/d.js', '/e.js'],
			}),
			'defer_javascript: scripts not deferred: /a.js, /b.js, /c.js and 2 more',
		],
		[
			'image_format',
			fail('medium', ['/a.png'], { bad_format: ['/a.png'] }),
			'image_format: images in an old format: /a.png',
		],
		[
			'seo_friendly_url',
			fail('medium', 'https://x.test/A_B', { bad_format: null }),
			'seo_friendly_url: bad format',
		],
		[
			'mixed_content',
			fail('medium', ['http://cdn.test/a.png'], { failed: ['http://cdn.test/a.png'] }),
			'mixed_content: insecure resources: http://cdn.test/a.png',
		],
		[
			'unsafe_cross_origin_links',
			fail('medium', [], { failed: ['https://twitter.com/share'] }),
			'unsafe_cross_origin_links: links without rel="noopener": https://twitter.com/share',
		],
		[
			'plaintext_email',
			fail('low', [], { failed: ['info@example.org'] }),
			'plaintext_email: e-mail addresses in plain text: info@example.org',
		],
		[
			'noindex',
			fail('high', 'noindex, nofollow', { failed: null }),
			'noindex: noindex set: noindex, nofollow',
		],
		['robots', fail('medium', null, { failed: null }), 'robots: blocked by robots.txt'],
		['https_encryption', fail('high', 'http', { missing: null }), 'https_encryption: missing'],
		[
			'headings',
			fail('high', {}, { missing: null, duplicate: null }),
			'headings: missing; duplicate',
		],
		[
			'deprecated_html_tags',
			fail('low', {}, { bad_tags: { marquee: 1 } }),
			'deprecated_html_tags: deprecated tags: marquee (1)',
		],
		[
			'future_check',
			fail('low', 3, { some_new_error: { limit: 2 } }),
			'future_check: some new error: {"limit":2}',
		],
		['future_check', fail('low', 3, { other: null }), 'future_check: other'],
		['future_check', { passed: false, importance: 'low', value: 1 }, 'future_check: failed'],
		['dom_size', fail('low', 'lots', { too_many: { max: 1500 } }), 'dom_size: too many, max 1500'],
	])('%s: %j', (name, check, reason) => {
		expect(checkReason(name, check)).toBe(reason);
	});

	test('long list items are shortened', () => {
		const long = `https://example.com/${'a'.repeat(80)}`;
		expect(checkReason('mixed_content', fail('medium', [long], { failed: [long] }))).toBe(
			`mixed_content: insecure resources: ${long.slice(0, 57)}...`,
		);
	});
});

describe('failed checks by category', () => {
	test('the four categories, most important first, with reasons', () => {
		expect(failedChecks(sampleReport().results)).toEqual(SAMPLE_FAILED);
	});

	test('all four categories are present when nothing failed; passed "1"/"0" from PHP are read', () => {
		expect(
			failedChecks({ title: pass('high'), charset: { passed: '1', importance: 'medium' } }),
		).toEqual({
			seo: [],
			performance: [],
			security: [],
			miscellaneous: [],
		});
		expect(
			failedChecks({ charset: { passed: 0, importance: 'medium', errors: { missing: null } } }),
		).toEqual({
			seo: [],
			performance: [],
			security: [],
			miscellaneous: [{ check: 'charset', importance: 'medium', reason: 'charset: missing' }],
		});
	});

	test('checks this package does not know go under miscellaneous, after the known ones', () => {
		expect(categoryOf('load_time')).toBe('performance');
		expect(categoryOf('ai_readiness')).toBe('miscellaneous');
		const grouped = failedChecks({
			ai_readiness: fail('low', null, { missing: null }),
			charset: fail('low', null, { missing: null }),
		});
		expect(grouped.miscellaneous.map((c) => c.check)).toEqual(['charset', 'ai_readiness']);
	});
});

describe('simplifyReport', () => {
	test('the simplified item: 8 fields, failed checks with reasons', () => {
		expect(simplifyReport(sampleReport())).toEqual({
			id: 12,
			url: 'example.com/about',
			project: 'example.com',
			score: 58,
			label: 'decent',
			generated_at: '2026-01-05T09:00:00.000000Z',
			privacy: 'private',
			failed_checks: SAMPLE_FAILED,
		});
	});

	test('newer builds (`score`), v1.1 (`result: null`) and numbers sent as strings', () => {
		const newer = sampleReport({ result: undefined, score: '85', id: '12', privacy: '0' });
		delete newer.result;
		expect(simplifyReport(newer)).toMatchObject({
			id: 12,
			score: 85,
			label: 'good',
			privacy: 'public',
		});
		expect(simplifyReport(sampleReport({ result: null }))).toMatchObject({
			score: 36,
			label: 'bad',
		});
	});

	test('a report without checks still has every field', () => {
		expect(simplifyReport({ id: 3 })).toEqual({
			id: 3,
			url: null,
			project: null,
			score: null,
			label: null,
			generated_at: null,
			privacy: null,
			failed_checks: { seo: [], performance: [], security: [], miscellaneous: [] },
		});
	});
});

describe('projectWithAverage', () => {
	test.each([
		[{ project: 'a.test', reports: 12, result: '863.00' }, 71.9, 'decent'],
		[{ project: 'a.test', reports: '2', result: '160.00' }, 80, 'good'],
		[{ project: 'a.test', reports: 3, result: 100 }, 33.3, 'bad'],
		[{ project: 'a.test', reports: 1, score: '95' }, 95, 'good'],
		[{ project: 'a.test', reports: 4, result: null }, null, null],
		[{ project: 'a.test', reports: 0, result: '0.00' }, null, null],
	])('%j: average %p, label %p', (project, average, label) => {
		expect(projectWithAverage(project)).toEqual({ ...project, average_score: average, label });
	});
});

describe('diffReports', () => {
	const before = sampleReport();
	const after = sampleReport({
		result: 47,
		generated_at: '2026-01-06T09:00:00.000000Z',
		results: {
			...before.results,
			// regressions (passed before, fail now)
			meta_description: fail('high', null, { missing: null }),
			charset: fail('medium', null, { missing: null }),
			// fixed (failed before, pass now)
			load_time: pass('high', 1.2),
			dom_size: pass('low', 900),
			// still failing, other value: neither
			page_size: fail('medium', 401882, { too_large: { max: 330000 } }),
			// only on one side: not compared
			brand_new_check: fail('high', null, { missing: null }),
		},
	});

	test('score and label before and after, regressions with reasons, fixed checks', () => {
		expect(diffReports(before, after)).toEqual({
			previous_score: 58,
			score: 47,
			score_change: -11,
			previous_label: 'decent',
			label: 'bad',
			label_changed: true,
			previous_generated_at: '2026-01-05T09:00:00.000000Z',
			generated_at: '2026-01-06T09:00:00.000000Z',
			regressions: [
				{
					check: 'meta_description',
					category: 'seo',
					importance: 'high',
					reason: 'meta_description: missing',
				},
				{
					check: 'charset',
					category: 'miscellaneous',
					importance: 'medium',
					reason: 'charset: missing',
				},
			],
			fixed: [
				{ check: 'load_time', category: 'performance', importance: 'high' },
				{ check: 'dom_size', category: 'performance', importance: 'low' },
			],
		});
	});

	test('no change: empty lists, change 0; unknown scores give a null change', () => {
		expect(diffReports(before, before)).toMatchObject({
			score_change: 0,
			label_changed: false,
			regressions: [],
			fixed: [],
		});
		expect(diffReports({ result: null }, { result: 50 })).toMatchObject({
			previous_score: null,
			score: 50,
			score_change: null,
			previous_label: null,
			label: 'decent',
			label_changed: true,
		});
	});
});

describe('where the operations apply the views (shared/reportOutput.ts, report/update.ts)', () => {
	/** A stand-in for n8n's per-item context: only getNodeParameter is used. */
	const context = (parameters) => ({
		getNodeParameter: (name, fallback) => (name in parameters ? parameters[name] : fallback),
	});
	const report = sampleReport();

	test('the field default and the fallback agree: Simplify is on by default', () => {
		expect(SIMPLIFY_DEFAULT).toBe(true);
		expect(simplifyField().default).toBe(SIMPLIFY_DEFAULT);
		expect(outputChangesField({ show: {} }).default).toBe(false);
	});

	test('a report: simplified by default, raw with Simplify off', () => {
		expect(reportView(context({}))(report)).toEqual(simplifyReport(report));
		expect(reportView(context({ simplify: false }))(report)).toEqual(report);
	});

	test('non-object records pass unchanged', () => {
		expect(reportView(context({}))('x')).toEqual('x');
	});

	test('project Get Many adds the average', () => {
		const project = { project: 'a.test', reports: 2, result: '101.00' };
		expect(projectWithAverage(project)).toEqual({
			...project,
			average_score: 50.5,
			label: 'decent',
		});
	});

	test('Update asks for the state before only with Re-Run Analysis and Output Changes on', () => {
		expect(needsPreviousState(context({ outputChanges: true }), true)).toBe(true);
		expect(needsPreviousState(context({ outputChanges: false }), true)).toBe(false);
		expect(needsPreviousState(context({ outputChanges: true }), false)).toBe(false);
	});
});
