'use strict';
/**
 * Issue 45 in real n8n: examples/weekly-audit.json as it ships, run for three weeks in the editor
 * (`n8n execute` cannot: it does not start n8n's modules, Data tables among them), its history in
 * n8n's Data tables, its digest sent by n8n's Send Email node to a real SMTP server
 * (test/sandbox/mailbox.js). The week is given to the workflow: its "Week of this run" set to each
 * Monday, so the test does not wait a week.
 *
 *   the site       8 pages (/shop/p-1 .. p-8) served by a sandbox of its own; every check of high
 *                  importance repaired on the site before week 1 (health 100)
 *   week 1         8 pages created; first week: no chart, the issues of the week
 *   week 2         noindex (high) breaks on p-1 .. p-5, phpRank cannot fetch p-8: health 38 (3 of 8),
 *                  noindex a new issue on 5 pages, p-8 not audited with phpRank's reason
 *   week 3         noindex repaired: health 100, noindex fixed; then the same week run once more
 *
 * Each run: succeeds; Digest's row is what test/helpers/site-issues-oracle.js works out from the
 * sandbox's store (test/helpers/digest-row.js); exactly one email reached the SMTP server, with the
 * digest's subject (worked out here from the facts), HTML and text; the HTML passes the email-safety
 * check (test/helpers/email-safety.js); its bars are the weeks' health in order, their heights the
 * health; new and fixed issues are last week's and this week's failing checks compared; noindex's
 * example pages are links to the site; the page phpRank could not fetch is in the coverage with the
 * reason in words; the text's sparkline has a glyph a week. After the runs: phprank_digest holds
 * exactly 3 rows of the site (the second run of week 3 added none), each the week's last row. The
 * week-3 email is screenshot in Chromium at desktop width and at 375 px, without horizontal
 * scrolling there.
 *
 * On 2.x the workflow creates the table (it does not exist before week 1). 1.123.81 cannot (no
 * table operations, and its Data table node finds a table by list or ID only): the table is
 * created through n8n's REST API and the workflow's Data table nodes point at it by ID, as the
 * example's note tells a 1.x user to do in the UI.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const rn = require('../../../scripts/real-n8n/n8n');
const { startSandbox } = require('../../sandbox');
const { startMailbox } = require('../../sandbox/mailbox');
const { forWeek, changeSite, combinedDigestWorkflow } = require('../../../scripts/digest-weeks');
const { expectedIssues, expectedSummary } = require('../../helpers/site-issues-oracle');
const { expectedDigestRow } = require('../../helpers/digest-row');
const { emailSafetyProblems } = require('../../helpers/email-safety');
const { KEY, producedText } = require('./specs');
const { nextMail } = require('./mail');
const { siteFilesOf } = require('./weeklyAudit');

const ROOT = path.join(__dirname, '..', '..', '..');
const FILE = 'weekly-audit.json';
const OUT_DIR = path.join(ROOT, 'test-output', 'e2e');
const CREDENTIAL = { id: 'phprank-digest', name: 'phpRank sandbox (weekly digest)' };
const WEEKS = ['2026-01-05', '2026-01-12', '2026-01-19'];
const PAGES = 8;
const BROKEN_PAGES = [1, 2, 3, 4, 5];
const UNREACHABLE_PAGE = 8;
const BROKEN_CHECK = 'noindex';
const PROJECT = '127.0.0.1';
const TO = 'site-owner@example.com';
const TABLE = 'phprank_digest';
const GLYPHS = '▁▂▃▄▅▆▇█';

/** The check's own sandbox (empty store, its clock in January 2026: every page is re-run each week). */
async function startDigestServers() {
	const sandbox = await startSandbox({ apiKeys: [KEY] });
	const mailbox = await startMailbox();
	return {
		sandbox,
		mailbox,
		close: async () => {
			await sandbox.close();
			await mailbox.close();
		},
	};
}

/** The phpRank credential of the check's sandbox and the SMTP credential of its mailbox. */
function credentials({ sandbox, mailbox }) {
	return [
		{ ...CREDENTIAL, type: 'phpRankApi', data: { baseUrl: sandbox.url, apiKey: KEY } },
		mailbox.credential(),
	];
}

const example = () => JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', FILE), 'utf8'));
const pageUrl = (sandbox, n) => `${sandbox.url}/shop/p-${n}`;

/**
 * The example for one week: its Site the sandbox, "Week of this run" that Monday, the check's
 * phpRank credential; with `tableIds` (1.x) each Data table node points at its table by ID.
 */
function weekWorkflow(siteUrl, week, tableIds) {
	const wf = forWeek(example(), week);
	wf.nodes.find((n) => n.name === 'Audit the site').parameters.site = siteUrl;
	for (const n of wf.nodes.filter((x) => x.credentials?.phpRankApi))
		n.credentials = { phpRankApi: { ...CREDENTIAL } };
	if (tableIds)
		for (const n of wf.nodes.filter((x) => x.parameters.dataTableId))
			n.parameters.dataTableId = {
				__rl: true,
				mode: 'id',
				value: tableIds[n.parameters.dataTableId.value],
			};
	return { ...wf, id: undefined };
}

/** The tables' columns as the example's Create nodes give them: [[name, type]]. */
function tableColumns() {
	const wf = example();
	return Object.fromEntries(
		wf.nodes
			.filter((n) => n.parameters.resource === 'table')
			.map((n) => [
				n.parameters.tableName,
				n.parameters.columns.column.map((c) => [c.name, c.type]),
			]),
	);
}

const arrow = (n) => (n > 0 ? `▲${n}` : n < 0 ? `▼${-n}` : '±0');
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const glyph = (h) => GLYPHS.charAt(Math.round((Math.max(0, Math.min(100, h)) * 7) / 100));

/** The subject the digest must have, from the facts worked out here. */
function subjectOf({ summary, previous, fresh, fixed }) {
	if (!previous) return `${PROJECT}: health ${summary.health}, first week`;
	return `${PROJECT}: health ${summary.health} (${arrow(summary.health - previous.summary.health)}), ${plural(fresh.length, 'new issue', 'new issues')}, ${fixed.length} fixed`;
}

/** The bars of the email's chart: each bar cell's height and colour, in order. */
const barsOf = (html) =>
	[...html.matchAll(/<td height="(\d+)" bgcolor="(#[0-9a-f]{6})"/g)].map((m) => Number(m[1]));

function packageModules(pkg) {
	const dist = path.join(pkg.dir, 'dist', 'nodes', 'PhpRank');
	return {
		checkReason: require(path.join(dist, 'report', 'checkReasons.js')).checkReason,
		CHECK_CATALOGUE: require(path.join(dist, 'report', 'checkCatalogue.js')).CHECK_CATALOGUE,
	};
}

/**
 * The three weeks (and week 3 again) in the editor of `ctx` (running, owner logged in).
 * @param {object} o {ctx, servers, report, tag, pkg, chromium?: Promise<string>|string}
 */
async function checkWeeklyDigest(o) {
	const { ctx, servers, report, tag, pkg } = o;
	const { sandbox, mailbox } = servers;
	const name = `${tag} examples/${FILE}, digest over 3 weeks`;
	const pages = Array.from({ length: PAGES }, (_, i) => pageUrl(sandbox, i + 1));
	sandbox.reset(null);
	sandbox.siteFiles = siteFilesOf(sandbox.url, pages, 4);
	mailbox.clear();

	// the tables: made by the workflow on 2.x; on 1.x through the REST API, the nodes then by ID
	const projectId = await rn.personalProjectId(ctx);
	const tableNames = async () =>
		(await rn.listDataTables(ctx, projectId)).map((t) => t.name).filter((n) => /^phprank_/.test(n));
	let tableIds;
	if (ctx.n8n.major === 1) {
		tableIds = {};
		for (const [table, columns] of Object.entries(tableColumns()))
			tableIds[table] = (await rn.createDataTable(ctx, projectId, table, columns)).id;
	} else {
		report.equal(
			`${name}: before week 1 the project has no phprank_ table`,
			await tableNames(),
			[],
		);
	}
	const ids = [];
	for (const week of WEEKS)
		ids.push(await rn.createWorkflow(ctx, weekWorkflow(sandbox.url, week, tableIds)));

	const modules = packageModules(pkg);
	const runs = [];
	const steps = [0, 1, 2, 2];
	for (const [step, weekIndex] of steps.entries()) {
		changeSite(sandbox, step === 3 ? -1 : weekIndex, {
			project: PROJECT,
			broken: BROKEN_PAGES.map((n) => pageUrl(sandbox, n)),
			unreachable: pageUrl(sandbox, UNREACHABLE_PAGE),
			check: BROKEN_CHECK,
		});
		const week = WEEKS[weekIndex];
		const label = `${name}, week ${weekIndex + 1}${step === 3 ? ' again' : ''} (${week})`;
		const r = await rn.runManually(ctx, ids[weekIndex], {
			triggerName: 'Run now',
			timeoutMs: 240000,
		});
		report.time(`${label}: run in the editor`, r.ms);
		report.check(`${label}: the run succeeds`, r.ok, () => JSON.stringify(r.error).slice(0, 2000));
		if (!r.ok) return;
		if (step === 0 && ctx.n8n.major !== 1)
			report.equal(
				`${label}: the workflow created its table (Data table → Create, n8n 2.x)`,
				await tableNames(),
				[TABLE],
			);
		const run = await checkRun({ r, label, week, step, runs, sandbox, mailbox, report, modules });
		runs.push(run);
	}
	await checkTables({ ctx, name, projectId, runs, report });
	await checkCombined({ ctx, servers, report, tag });
	const third = runs[2];
	if (third?.mail) await screenshots({ ...o, name, html: third.mail.html });
}

/** One run: Digest's row against the store, the email that arrived, its bars, lists, links and text. */
async function checkRun({ r, label, week, step, runs, sandbox, mailbox, report, modules }) {
	const stored = sandbox.reports();
	const digest = rn.nodeOutput(r, 'Digest')[0];
	const options = { pagesPerIssue: 3, importance: ['high', 'medium', 'low'] };
	const issues = expectedIssues(stored, PROJECT, options, modules);
	const summary = expectedSummary(stored, PROJECT, { checkedAt: digest?.row?.checked_at }, modules);
	report.equal(
		`${label}: Digest's row is the site summary and the ${issues.length} issues the oracle works out from the store`,
		digest?.row,
		expectedDigestRow(summary, issues, week),
	);
	const designed = [100, 38, 100, 100][step];
	report.equal(
		`${label}: health ${designed} (pages whose newest report fails no high check)`,
		digest?.row?.health,
		designed,
	);

	// the facts the digest compares: this week, and the last run of the latest earlier week
	const previous = [...runs].reverse().find((x) => x.week < week);
	const checks = (list) => list.map((x) => x.check);
	const fresh = previous ? issues.filter((x) => !checks(previous.issues).includes(x.check)) : [];
	const fixed = previous ? previous.issues.filter((x) => !checks(issues).includes(x.check)) : [];

	// the email that reached the SMTP server
	const before = runs.filter((x) => x.mail).length;
	const mail = await nextMail({ mailbox, before, report, name: label });
	if (mail === undefined) return { week, issues, summary, row: digest?.row };
	const subject = subjectOf({ summary, previous, fresh, fixed });
	report.equal(
		`${label}: one email reached the SMTP server, to ${TO}, subject "${subject}", the digest's HTML and text`,
		{
			count: mailbox.messages.length,
			to: mail.to,
			subject: mail.subject,
			html: mail.html === digest?.html,
			text: mail.text.trim() === digest?.text.trim(),
		},
		{ count: before + 1, to: TO, subject, html: true, text: true },
	);
	report.equal(
		`${label}: the email's HTML passes the email-safety check (no svg, data:, style, script, external image; tables, inline styles)`,
		emailSafetyProblems(mail.html),
		[],
	);
	const healths = [...runs.filter((x) => x.week < week), { week, summary }]
		.filter((x, i, all) => all.findLastIndex((y) => y.week === x.week) === i)
		.map((x) => x.summary.health);
	const { html, text } = { html: mail.html, text: digest?.text ?? '' };
	if (!previous) {
		report.check(
			`${label}: first week: no chart, the digest says so and lists what to fix first (${issues.length})`,
			barsOf(html).length === 0 &&
				text.includes('First week: there is no earlier week to compare with.') &&
				text.includes(`What to fix first (${issues.length})`),
			() => text.slice(0, 3000),
		);
	} else {
		report.equal(
			`${label}: the chart has ${healths.length} bars, in order, their heights the weeks' health ${JSON.stringify(healths)}`,
			barsOf(html),
			healths.map((h) => Math.max(2, h)),
		);
		report.check(
			`${label}: "New since last week (${fresh.length})" and "Fixed since last week (${fixed.length})" in the digest`,
			text.includes(`New since last week (${fresh.length})`) &&
				text.includes(`Fixed since last week (${fixed.length})`),
			() => text,
		);
	}
	const brokenName = modules.CHECK_CATALOGUE.find((c) => c.key === BROKEN_CHECK).name;
	if (step === 1) {
		const broken = issues.find((x) => x.check === BROKEN_CHECK);
		report.check(
			`${label}: ${BROKEN_CHECK} ("${brokenName}", high) is a new issue on ${BROKEN_PAGES.length} pages, first to fix, its example pages links to the site`,
			fresh.some((x) => x.check === BROKEN_CHECK && x.pages_failing === BROKEN_PAGES.length) &&
				text.includes(`- [high] ${brokenName}: ${BROKEN_PAGES.length} pages`) &&
				text.includes(
					`What to fix first (${issues.length})\n- [high] ${brokenName}: fails on ${BROKEN_PAGES.length} of ${PAGES} pages.`,
				) &&
				broken.pages.every((p) =>
					html.includes(`<a href="http://${p.url}" style="color:#0969da;">`),
				),
			() => text,
		);
	}
	if (step === 2)
		report.check(
			`${label}: ${BROKEN_CHECK} ("${brokenName}") is fixed (was on ${BROKEN_PAGES.length} pages)`,
			fixed.some((x) => x.check === BROKEN_CHECK) &&
				text.includes(`- [high] ${brokenName}: was on ${BROKEN_PAGES.length} pages`),
			() => text,
		);
	const failed = rn.nodeOutput(r, 'Audit the site').filter((x) => x.action === 'failed');
	if (step >= 1)
		report.check(
			`${label}: the page phpRank could not fetch (p-${UNREACHABLE_PAGE}) is in the coverage with the reason in words`,
			failed.length === 1 &&
				failed[0].url === pageUrl(sandbox, UNREACHABLE_PAGE) &&
				/^phpRank could not fetch .*cURL error 28/.test(failed[0].error) &&
				text.includes(`- Not audited: ${failed[0].url}: the page timed out`) &&
				!text.includes('cURL'),
			() => JSON.stringify(failed),
		);
	const trend = /^Health over \d+ weeks?: ([▁▂▃▄▅▆▇█·]+) /m.exec(text);
	report.equal(
		`${label}: the text's sparkline has a glyph a week (${previous ? healths.length : 'none the first week'})`,
		trend ? [...trend[1]] : [],
		previous ? healths.map(glyph) : [],
	);
	report.check(`${label}: no API key in any output`, !producedText(r).includes(KEY));
	return { week, issues, summary, mail, row: digest?.row };
}

/** The table after the runs: 3 rows of the site, one a week, each the week's last run's row. */
async function checkTables({ ctx, name, projectId, runs, report }) {
	const tables = await rn.listDataTables(ctx, projectId);
	const rows = await rn.dataTableRows(ctx, projectId, tables.find((t) => t.name === TABLE)?.id);
	const strip = ({ id, createdAt, updatedAt, ...row }) => row;
	const lastOfWeek = WEEKS.map((week) => runs.filter((x) => x.week === week).at(-1));
	report.equal(
		`${name}: ${TABLE} holds exactly 3 rows of the site, one a week (the second run of week 3 added none), each the week's last row`,
		rows.map(strip).filter((x) => x.project === PROJECT),
		lastOfWeek.map((run) => run?.row),
	);
}

const OTHER_SITE = 'other-shop.test';

/** The combined digest's workflow (scripts/digest-weeks.js) for the line's two sites, week 3. */
const combinedWorkflow = () =>
	combinedDigestWorkflow({
		sites: [PROJECT, OTHER_SITE],
		week: WEEKS[2],
		credential: CREDENTIAL,
		send: example().nodes.find((n) => n.name === 'Send the digest'),
	});

/** Combine Sites in real n8n: the first item's run digests both items' sites; one item, one email. */
async function checkCombined({ ctx, servers, report, tag }) {
	const { sandbox, mailbox } = servers;
	const name = `${tag} Project → Digest with Combine Sites, two sites in one email`;
	for (let i = 1; i <= 3; i++)
		sandbox.addReport({ url: `https://${OTHER_SITE}/p-${i}`, score: 30 + i });
	const id = await rn.createWorkflow(ctx, combinedWorkflow());
	const before = mailbox.messages.length;
	const r = await rn.runManually(ctx, id, { triggerName: 'Run now', timeoutMs: 120000 });
	report.check(`${name}: the run succeeds`, r.ok, () => JSON.stringify(r.error).slice(0, 2000));
	if (!r.ok) return;
	const out = rn.nodeOutput(r, 'Digest of both sites');
	report.equal(
		`${name}: one item for the two input items, both sites in it, a row each`,
		[
			out.length,
			[...(out[0]?.projects ?? [])].sort(),
			(out[0]?.rows ?? []).map((row) => row.project),
		],
		[1, [PROJECT, OTHER_SITE].sort(), [PROJECT, OTHER_SITE]],
	);
	const mail = await nextMail({ mailbox, before, report, name });
	if (mail === undefined) return;
	report.equal(
		`${name}: one email, subject "SEO health of 2 sites, week of 19 Jan 2026: none worse", each site's section, email-safe`,
		{
			count: mailbox.messages.length,
			subject: mail.subject,
			sections: [PROJECT, OTHER_SITE].map((site) =>
				mail.html.includes(`SEO health of ${site}</strong>`),
			),
			safety: emailSafetyProblems(mail.html),
		},
		{
			count: before + 1,
			subject: 'SEO health of 2 sites, week of 19 Jan 2026: none worse',
			sections: [true, true],
			safety: [],
		},
	);
}

/** The week-3 email in Chromium at desktop width and at 375 px: no horizontal scrolling there. */
async function screenshots({ ctx, report, name, html, chromium }) {
	const { chromium: browser } = require('playwright-core');
	const executablePath = await chromium;
	fs.mkdirSync(OUT_DIR, { recursive: true });
	const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'phprank-digest-')), 'digest.html');
	fs.writeFileSync(file, html);
	const instance = await browser.launch({
		executablePath,
		headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
	});
	try {
		const widths = {};
		// one file per n8n version: the lines run at once
		const version = ctx.n8n.version;
		const shots = { 1280: `digest-desktop-${version}.png`, 375: `digest-phone-${version}.png` };
		for (const [width, shot] of [
			[1280, shots[1280]],
			[375, shots[375]],
		]) {
			const page = await instance.newPage({
				viewport: { width, height: 900 },
				deviceScaleFactor: 1,
			});
			await page.goto(`file://${file}`);
			widths[width] = await page.evaluate(() => document.documentElement.scrollWidth);
			await page.screenshot({ path: path.join(OUT_DIR, shot), fullPage: true });
			await page.close();
		}
		report.check(
			`${name}: the week-3 email rendered in Chromium at 1280 px and at 375 px without horizontal scrolling (scrollWidth ${widths[375]})`,
			widths[375] <= 375 && widths[1280] <= 1280,
			JSON.stringify(widths),
		);
	} finally {
		await instance.close();
		fs.rmSync(path.dirname(file), { recursive: true, force: true });
	}
}

module.exports = {
	startDigestServers,
	credentials,
	checkWeeklyDigest,
	weekWorkflow,
	WEEKS,
	CREDENTIAL,
};
