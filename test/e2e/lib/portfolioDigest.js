'use strict';
/**
 * Issue 58 in real n8n: "an agency's Monday email arrives whatever one site does, fits every inbox, and
 * reads as the agency's own". examples/portfolio-digest.json as an agency runs it, in the editor of the
 * weekly digest (lib/weeklyDigest.js: its sandbox and its mailbox, test/sandbox/mailbox.js, whose SMTP
 * credential "Local mailbox (SMTP)" the example's Send Email node uses as it ships). What a user edits
 * is all that changes: "Your sites" lists the agency's 30 client sites, and the Digest's phpRank
 * credential is the sandbox's. The brand (Sender Name, Accent Color, Footer Text) and German are the
 * example's own.
 *
 *   the sites     30 projects of 8 pages each, every report analysed by the sandbox
 *   one failing   phpRank answers HTTP 500 to every read of client-17.example (the retries included)
 *
 * Checked: the run succeeds; Digest read each of the 29 other sites once (Get Issues' read: newest
 * first, 100 a request) and client-17's reads were all answered 500; one item whose `sites_failed` is
 * client-17 with the node's words for a 500; exactly one email reached the SMTP server, from the
 * agency to client@example.com, its subject, HTML and text the item's; the subject in German counting 30
 * sites and 1 not read; the HTML at most 100,000 bytes (Gmail clips above about 102 kB), email-safe, in
 * German, branded, naming every one of the 30 sites on a row of its own, the failed one with "nicht
 * gelesen" and the reason, and saying which details it left out for size; then the email in Chromium
 * at 1280 px and 375 px (test-output/e2e/portfolio-digest-desktop-<version>.png, -phone-<version>.png),
 * without horizontal scrolling at 375 px.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const rn = require('../../../scripts/real-n8n/n8n');
const { emailSafetyProblems } = require('../../helpers/email-safety');
const { takeRequests, sent } = require('./oracle');
const { headers, KEY, producedText } = require('./specs');
const { nextMail } = require('./mail');
const { launchChromium } = require('./browser');

const ROOT = path.join(__dirname, '..', '..', '..');
const FILE = 'portfolio-digest.json';
const OUT_DIR = path.join(ROOT, 'test-output', 'e2e');
const SITES = Array.from(
	{ length: 30 },
	(_, i) => `client-${String(i + 1).padStart(2, '0')}.example`,
);
const FAILING = 'client-17.example';
const PAGES = 8;
const TO = 'client@example.com';
const FROM = 'seo-digest@example.com';
const MAX_HTML_BYTES = 100_000;
const SERVER_ERROR =
	"phpRank had a server error (HTTP 500): try again later, or ask the phpRank site's administrator";
/**
 * Text as a reader sees it: without the zero-width spaces the digest puts into data text (in long words,
 * so that they wrap at 375 px, and around `:` and `.`, so that no mail client links it; in the HTML as
 * `&#8203;`), with the HTML's escaped quotes and ampersands read back.
 */
const unwrapped = (text) =>
	String(text ?? '')
		.replace(/\u200b|&#8203;/g, '')
		.replace(/&#39;|&#x27;|&apos;/g, "'")
		.replace(/&amp;/g, '&');

const example = () => JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', FILE), 'utf8'));

/** The example as an agency edits it: its sites listed, the Digest on the sandbox's credential. */
function agencyWorkflow(credential) {
	const wf = example();
	wf.nodes.find((n) => n.name === 'Your sites').parameters.jsonOutput = JSON.stringify(
		{ sites: SITES },
		null,
		2,
	);
	wf.nodes.find((n) => n.name === 'Digest').credentials = {
		phpRankApi: { id: credential.id, name: credential.name },
	};
	return { ...wf, id: undefined, name: `${wf.name} (30 sites, e2e)` };
}

/** Get Issues' read of a project (lib/weeklyAudit.js issuesRead): newest first, 100 a request. */
const read = (project) => ({
	method: 'GET',
	path: '/api/v1/reports',
	query: { project, sort_by: 'id', sort: 'desc', per_page: '100', page: '1' },
	headers: headers(undefined),
	body: '',
});

/**
 * @param {object} o {ctx, servers: lib/weeklyDigest.js startDigestServers(), credential, report, tag,
 *   chromium: Promise<string>|string}
 */
async function checkPortfolioDigest({ ctx, servers, credential, report, tag, chromium }) {
	const { sandbox, mailbox } = servers;
	const name = `${tag} examples/${FILE}, 30 sites, one failing`;
	sandbox.reset(
		SITES.flatMap((site) =>
			Array.from({ length: PAGES }, (_, i) => ({ url: `https://${site}/page-${i + 1}` })),
		),
	);
	// every read of the failing site, retries included (reset() forgets what is left of it)
	sandbox.failNext({
		status: 500,
		count: 1000,
		path: new RegExp(`project=${FAILING.replace(/\./g, '\\.')}(&|$)`),
	});
	const id = await rn.createWorkflow(ctx, agencyWorkflow(credential));
	const before = mailbox.messages.length;
	const r = await rn.runManually(ctx, id, { triggerName: 'Run now', timeoutMs: 240000 });
	report.time(`${name}: run in the editor`, r.ms);
	const requests = takeRequests(sandbox);
	report.check(`${name}: the run succeeds`, r.ok, () => JSON.stringify(r.error).slice(0, 2000));
	if (!r.ok) return;

	const failing = requests.filter((q) => q.query.project === FAILING);
	report.equal(
		`${name}: Digest read each of the other 29 sites once (newest first, 100 a request); every read of ${FAILING} answered 500 (${failing.length}, the retries included)`,
		{
			others: sent(requests.filter((q) => q.query.project !== FAILING)).sort(byProject),
			failing: { sent: sent(failing), statuses: failing.map((q) => q.status) },
		},
		{
			others: SITES.filter((site) => site !== FAILING).map(read),
			failing: {
				sent: failing.map(() => read(FAILING)),
				statuses: failing.map(() => 500),
			},
		},
	);
	const out = rn.nodeOutput(r, 'Digest');
	const item = out[0] ?? {};
	report.equal(
		`${name}: Digest output one item for the 30 input items; sites_failed is ${FAILING} with the node's words for a 500`,
		{ items: out.length, projects: [...(item.projects ?? [])].sort(), failed: item.sites_failed },
		{
			items: 1,
			projects: SITES.filter((site) => site !== FAILING),
			failed: [{ item: SITES.indexOf(FAILING), project: FAILING, error: SERVER_ERROR }],
		},
	);

	const mail = await nextMail({ mailbox, before, report, name });
	if (mail === undefined) return;
	report.equal(
		`${name}: exactly one email reached the SMTP server, from the agency to ${TO}, its subject, HTML and text Digest's`,
		{
			count: mailbox.messages.length - before,
			from: mail.from.includes('Acme SEO') && mail.from.includes(`<${FROM}>`),
			to: mail.to,
			subject: mail.subject === item.subject,
			html: mail.html === item.html,
			text: mail.text.trim() === String(item.text).trim(),
		},
		{ count: 1, from: true, to: TO, subject: true, html: true, text: true },
	);
	report.check(
		`${name}: the subject in German: 30 sites, the week, 1 not read ("${mail.subject}")`,
		/^SEO-Zustand von 30 Websites, Woche vom \d{1,2}\. [A-Za-zäöüÄÖÜ]+\.? \d{4}: .+, 1 nicht gelesen$/.test(
			mail.subject,
		),
	);
	const html = unwrapped(mail.html);
	const bytes = Buffer.byteLength(mail.html);
	report.equal(
		`${name}: the HTML is ${bytes} bytes (at most ${MAX_HTML_BYTES}), email-safe, German, branded (Acme SEO, its colour and footer), names all 30 sites on a row each, ${FAILING} "nicht gelesen" with the reason, and says which details it left out`,
		{
			fits: bytes <= MAX_HTML_BYTES,
			safety: emailSafetyProblems(mail.html),
			german: html.includes('<html lang="de">'),
			brand: [
				html.includes('>Gesendet von Acme SEO.</span>'),
				html.includes('#0a7f5a'),
				html.includes('Acme SEO · Ihre Agentur für Suchmaschinenoptimierung'),
				/phpRank-Node|n8n/.test(html),
			],
			rows: SITES.filter((site) => !html.includes(`<td>${site}</td>`)),
			failed: html.includes(`nicht gelesen: ${SERVER_ERROR}`),
			cut: /Die Details von \d+ weiteren Websites? sind aus Platzgründen ausgelassen/.test(html),
		},
		{
			fits: true,
			safety: [],
			german: true,
			brand: [true, true, true, false],
			rows: [],
			failed: true,
			cut: true,
		},
	);
	report.check(
		`${name}: the text part names ${FAILING} as not read, and no output holds the API key`,
		unwrapped(mail.text).includes(`nicht gelesen: ${SERVER_ERROR}`) &&
			unwrapped(mail.text).includes(FAILING) &&
			!producedText(r).includes(KEY),
		() => unwrapped(mail.text).slice(0, 2000),
	);
	await screenshots({ ctx, report, name, html: mail.html, chromium });
}

const byProject = (a, b) => (a.query.project < b.query.project ? -1 : 1);

/**
 * The site names of the table of sites (its first column) that the browser broke between two
 * letters or digits: a name may wrap after a `-` or where the digest put a zero-width space, never
 * mid-word (runs in the page).
 */
function namesBrokenMidWord() {
	const table = document.querySelector('th')?.closest('table');
	const broken = [];
	for (const row of table ? [...table.rows].slice(1) : []) {
		const cell = row.cells[0];
		const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
		for (let node = walker.nextNode(); node; node = walker.nextNode()) {
			const text = node.textContent;
			let top = null;
			for (let i = 0; i < text.length; i++) {
				const range = document.createRange();
				range.setStart(node, i);
				range.setEnd(node, i + 1);
				const rect = range.getBoundingClientRect();
				if (rect.width === 0) continue;
				const wraps = top !== null && rect.top > top + 2;
				if (wraps && /[a-z0-9]/i.test(text[i - 1]) && /[a-z0-9]/i.test(text[i]))
					broken.push(`${text.slice(0, i)}|${text.slice(i)}`);
				top = rect.top;
			}
		}
	}
	return broken;
}

/**
 * A German digest of the built package (what was packed) where a failed site's reason is three
 * lines long at 600 px: the line beside the names that once squeezed them to a break mid-word
 * ("client-17.exampl|e"), at 1280 px too.
 */
function longReasonHtml() {
	const dist = path.join(ROOT, 'dist', 'nodes', 'PhpRank', 'digest');
	const { combinedItem } = require(path.join(dist, 'digestOutput'));
	const { DE } = require(path.join(dist, 'digestWordsDe'));
	const { siteInputOf } = require('../../helpers/digest-input');
	const site = (project) =>
		siteInputOf(project, [{ id: 1, url: `https://${project}/a-page`, reason: 'r' }]);
	const reason =
		'phpRank had a server error (HTTP 500) for project client-99.example.com after 3 retries: try again later, or lower Max Parallel Requests';
	const brand = { ...NO_BRAND, senderName: 'Acme SEO', language: 'de' };
	const failed = [{ item: 30, project: 'client-99.example.com', error: reason }];
	const sites = SITES.map((name) => site(`${name}.com`));
	return combinedItem(sites, '2026-11-30', failed, brand, DE).html;
}
const NO_BRAND = {
	senderName: '',
	logoUrl: '',
	accentColor: '',
	footerText: '',
	reportPageUrl: '',
};

/**
 * The German branded digest in Chromium at 1280 px and 375 px: no horizontal scrolling at 375, no
 * site name of the table broken mid-word, in it and beside a long reason (longReasonHtml).
 */
async function screenshots({ ctx, report, name, html, chromium }) {
	const executablePath = await chromium;
	fs.mkdirSync(OUT_DIR, { recursive: true });
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phprank-portfolio-'));
	const file = path.join(dir, 'digest.html');
	fs.writeFileSync(file, html);
	const longReason = path.join(dir, 'long-reason.html');
	fs.writeFileSync(longReason, longReasonHtml());
	const browser = await launchChromium(executablePath, path.join(dir, 'profile'));
	try {
		const widths = {};
		const broken = {};
		const shots = [];
		for (const [width, kind] of [
			[1280, 'desktop'],
			[375, 'phone'],
		]) {
			const page = await browser.newPage();
			await page.setViewportSize({ width, height: 900 });
			await page.goto(`file://${file}`);
			widths[width] = await page.evaluate(() => document.documentElement.scrollWidth);
			broken[width] = await page.evaluate(namesBrokenMidWord);
			const other = await browser.newPage();
			await other.setViewportSize({ width, height: 900 });
			await other.goto(`file://${longReason}`);
			broken[width].push(...(await other.evaluate(namesBrokenMidWord)));
			await other.close();
			const shot = path.join(OUT_DIR, `portfolio-digest-${kind}-${ctx.n8n.version}.png`);
			await page.screenshot({ path: shot, fullPage: true });
			shots.push(shot);
			await page.close();
		}
		report.check(
			`${name}: at 1280 px and 375 px no site name of the table broken mid-word, also beside a three-line reason`,
			broken[1280].length === 0 && broken[375].length === 0,
			JSON.stringify(broken),
		);
		report.check(
			`${name}: the German branded digest rendered in Chromium at 1280 px and 375 px without horizontal scrolling (scrollWidth ${widths[375]} at 375 px; ${shots.map((shot) => path.relative(ROOT, shot)).join(', ')})`,
			widths[375] <= 375 && widths[1280] <= 1280 && shots.every((shot) => fs.existsSync(shot)),
			JSON.stringify(widths),
		);
	} finally {
		await browser.close();
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

module.exports = { checkPortfolioDigest, FILE, longReasonHtml, namesBrokenMidWord };
