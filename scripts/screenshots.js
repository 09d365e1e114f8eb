#!/usr/bin/env node
'use strict';
/**
 * The README's two screenshots, taken from a running demo (`npm run demo`, once it prints "is running"):
 *
 *   node scripts/screenshots.js [--editor URL] [--mailbox URL]
 *
 *   docs/screenshot-digest.png   the newest weekly digest of the demo site in the demo's mailbox
 *                                (`/messages/<id>.html`, the email alone), at 1280 px, cropped to the email
 *   docs/screenshot-editor.png   the demo's editor, 1280 × 800: examples/audit-page.json's node
 *                                "Create report" open, Privacy → Password
 *
 * Options:
 *   --editor URL    the demo's editor (default http://localhost:5678; the demo's --port)
 *   --mailbox URL   the demo's mailbox page (default http://127.0.0.1:8025; the demo's --mailbox-port)
 *
 * Debian's chromium through playwright-core, as the end-to-end suite's browser check drives it, with its
 * steps (test/e2e/lib/browser.js: launch, sign-in, the node's panel) and its chromium (test/e2e/lib/chromium.js).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { DEMO } = require('./demo');
const { ensureChromium } = require('../test/e2e/lib/chromium');
const browser = require('../test/e2e/lib/browser');

const ROOT = path.join(__dirname, '..');
const DOCS = path.join(ROOT, 'docs');
// the demo site's project is the sandbox's host (scripts/demo.js sendDigests); the subject of its weekly
// digest starts with it, the combined digest's with "SEO health of 2 sites"
const DEMO_SITE = '127.0.0.1';
const EDITOR_EXAMPLE = { file: 'audit-page.json', node: 'Create report' };

function parseArgs(argv) {
	const o = {
		editor: `http://localhost:${DEMO.editorPort}`,
		mailbox: `http://127.0.0.1:${DEMO.mailboxPort}`,
	};
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if ((a === '--editor' || a === '--mailbox') && argv[i + 1]) o[a.slice(2)] = argv[++i];
		else throw new Error(`unknown option ${a} (options: --editor URL, --mailbox URL)`);
	}
	return o;
}

/** The newest weekly digest of the demo site in the mailbox at `mailbox`. */
async function newestDigest(mailbox) {
	const answer = await fetch(`${mailbox}/messages.json`).catch((error) => {
		throw new Error(`no mailbox at ${mailbox} (${error.message}): start \`npm run demo\` first`);
	});
	const messages = await answer.json();
	const digest = messages.filter((m) => m.html && m.subject.startsWith(`${DEMO_SITE}:`)).at(-1);
	if (!digest) {
		throw new Error(
			`the mailbox at ${mailbox} holds no weekly digest of ${DEMO_SITE} yet (${messages.length} message(s)): wait for the demo to print "is running"`,
		);
	}
	return digest;
}

async function digestShot(context, mailbox) {
	const digest = await newestDigest(mailbox);
	const page = await context.newPage();
	await page.goto(`${mailbox}/messages/${digest.id}.html`);
	// the email's card: the widest element of its outer layout table that is narrower than the page
	const box = await page.evaluate(() => {
		const cards = [...document.querySelectorAll('table, div')]
			.map((el) => el.getBoundingClientRect())
			.filter((r) => r.width > 300 && r.width < document.documentElement.clientWidth - 40);
		const card = cards.sort((a, b) => b.width * b.height - a.width * a.height)[0];
		return card && { x: card.x, y: card.y, width: card.width, height: card.height };
	});
	const pad = 16;
	const file = path.join(DOCS, 'screenshot-digest.png');
	await page.screenshot({
		path: file,
		fullPage: true,
		clip: box && {
			x: Math.max(0, box.x - pad),
			y: Math.max(0, box.y - pad),
			width: box.width + 2 * pad,
			height: box.height + 2 * pad,
		},
	});
	await page.close();
	return `${path.relative(ROOT, file)}: "${digest.subject}" (message #${digest.id})`;
}

async function editorShot(context, editor) {
	const example = JSON.parse(
		fs.readFileSync(path.join(ROOT, 'examples', EDITOR_EXAMPLE.file), 'utf8'),
	);
	const page = context.pages()[0] || (await context.newPage());
	page.setDefaultTimeout(30000);
	await browser.signIn(page, editor, DEMO.owner);
	await browser.openNode(page, editor, example.id, EDITOR_EXAMPLE.node);
	await browser.choosePrivacy(page, 'Password');
	const password = page.getByTestId('parameter-input-password').locator('input').first();
	await password.fill('open-sesame-26');
	await password.evaluate((el) => el.blur());
	await browser.settlePanel(page);
	const file = path.join(DOCS, 'screenshot-editor.png');
	await page.screenshot({ path: file });
	return `${path.relative(ROOT, file)}: ${EDITOR_EXAMPLE.file}, node "${EDITOR_EXAMPLE.node}"`;
}

async function main() {
	const o = parseArgs(process.argv.slice(2));
	const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phprank-screenshots-'));
	const context = await browser.launchChromium(ensureChromium(), userDataDir);
	try {
		console.log(await digestShot(context, o.mailbox));
		console.log(await editorShot(context, o.editor));
	} finally {
		await context.close();
		fs.rmSync(userDataDir, { recursive: true, force: true });
	}
}

main().catch((error) => {
	console.error(`screenshots failed: ${error.message}`);
	process.exit(1);
});
