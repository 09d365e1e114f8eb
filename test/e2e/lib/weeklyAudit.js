'use strict';
/**
 * examples/weekly-audit.json in real n8n: Pages to audit (3 pages) → Create or re-run report (Report →
 * Create or Re-Run, Max Age 24 h, Output Changes) → Summary per page, on the sandbox's 'demo' seed.
 *
 * The three items run at once, so the requests are compared as a set, with each page's write after its
 * lookup. The expected output of the phpRank node is worked out from the answers the node received
 * (the requests replayed on a re-seeded sandbox, as lib/oracle.js does): per page, the newest report
 * with exactly its stored URL in its lookup's answer, then the re-run's or the create's answer, shaped
 * by the installed package's own createOrRerunOutput(). The summary is checked to the value: the
 * sandbox is deterministic, and these are the figures test/node/examples.test.js asserts in-process.
 */
const path = require('node:path');
const fs = require('node:fs');
const rn = require('../../../scripts/real-n8n/n8n');
const { takeRequests, sent, replay, resolvedParameters } = require('./oracle');
const { KEY, headers, producedText } = require('./specs');

const ROOT = path.join(__dirname, '..', '..', '..');
const FILE = 'weekly-audit.json';
const NODE = 'Create or re-run report';
const SUMMARY = 'Summary per page';
const FORM = 'application/x-www-form-urlencoded';
const demoSeed = (sandbox) => sandbox.reset('demo');

function workflow() {
	return JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', FILE), 'utf8'));
}

const lookup = (search) => ({
	method: 'GET',
	path: '/api/v1/reports',
	query: { search_by: 'url', search, sort_by: 'id', sort: 'desc', per_page: '100', page: '1' },
	headers: headers(undefined),
	body: '',
});
const write = (method, p, body) => ({ method, path: p, query: {}, headers: headers(FORM), body });
const key = (request) => JSON.stringify(request);

const {
	WEEKLY_AUDIT_SUMMARY: SUMMARY_ITEMS,
} = require('../../helpers/fixtures/weekly-audit-summary');

async function checkWeeklyAudit({ ctx, sandbox, report, tag, pkg, runTail }) {
	const name = `${tag} examples/${FILE} (Create or Re-Run per page)`;
	const wf = workflow();
	demoSeed(sandbox);
	const r = await rn.execute(ctx, wf.id);
	report.time(`${name}: n8n execute`, r.ms);
	const requests = takeRequests(sandbox);
	const after = sandbox.reports();
	report.check(`${name}: the run succeeds`, r.ok, () => runTail(r));

	// 1. exactly one lookup and one write per page, each write after its page's lookup
	const expected = [
		lookup('northwind-coffee.com'),
		lookup('northwind-coffee.com/shop'),
		lookup('northwind-coffee.com/menu'),
		write('PATCH', '/api/v1/reports/1', 'results=1'),
		write('PATCH', '/api/v1/reports/7', 'results=1'),
		write('POST', '/api/v1/reports', 'url=https%3A%2F%2Fwww.northwind-coffee.com%2Fmenu&privacy=1'),
	];
	const got = sent(requests);
	report.equal(
		`${name}: the sandbox received exactly 3 lookups and 3 writes (2 re-runs, 1 create)`,
		got.map(key).sort(),
		expected.map(key).sort(),
	);
	const at = (request) => got.findIndex((x) => key(x) === key(request));
	report.check(
		`${name}: each page's write came after its lookup`,
		[0, 1, 2].every((i) => at(expected[i]) !== -1 && at(expected[i]) < at(expected[i + 3])),
		JSON.stringify(got.map((x) => `${x.method} ${x.path} ${x.query.search ?? x.body}`)),
	);
	report.check(
		`${name}: the menu page was created once`,
		sandbox.createdCount('https://www.northwind-coffee.com/menu') === 1,
	);

	// 2. the replay reproduces the run; the node's output from its answers
	const answers = await replay(sandbox, requests, demoSeed);
	report.equal(
		`${name}: replaying the requests on a re-seeded sandbox leaves the same store`,
		sandbox.reports(),
		after,
	);
	const node = wf.nodes.find((n) => n.name === NODE);
	const params = resolvedParameters(pkg, node);
	const dist = path.join(pkg.dir, 'dist', 'nodes', 'PhpRank');
	const { createOrRerunOutput } = require(
		path.join(dist, 'resources', 'report', 'createOrRerun.js'),
	);
	const { storedUrl } = require(path.join(dist, 'report', 'storedUrl.js'));
	const context = {
		getNodeParameter: (parameter, fallback) =>
			params[parameter] === undefined ? fallback : params[parameter],
	};
	const answerTo = (request) =>
		answers[requests.findIndex((x) => key(sent([x])[0]) === key(request))]?.body?.data;
	const pages = [
		'https://www.northwind-coffee.com/',
		'https://www.northwind-coffee.com/shop',
		'https://www.northwind-coffee.com/menu',
	];
	const want = pages.map((page, i) => {
		const found = (answerTo(expected[i]) || []).find(
			(record) => storedUrl(record.url) === storedUrl(page),
		);
		const record = answerTo(expected[i + 3]);
		return createOrRerunOutput(
			context,
			found ? { action: 're-run', record, previous: found } : { action: 'created', record },
		);
	});
	report.equal(
		`${name}: "${NODE}" output exactly the answers, as the package shapes them (re-run, re-run, created)`,
		rn.nodeOutput(r, NODE),
		want,
	);
	report.equal(
		`${name}: "${SUMMARY}" output one exact summary per page`,
		rn.nodeOutput(r, SUMMARY),
		SUMMARY_ITEMS,
	);
	report.check(`${name}: no API key in any output`, !producedText(r).includes(KEY));
}

module.exports = { checkWeeklyAudit, workflow, FILE };
