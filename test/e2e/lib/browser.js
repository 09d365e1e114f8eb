'use strict';
/**
 * Real-browser check of the demo's editor (n8n 2.40.7): Debian's chromium driven by playwright-core.
 * Logs in as the demo owner, opens examples/audit-page.json, opens its phpRank node "Create report",
 * switches Privacy to Password (the Password field appears, masked), back to Private (it goes away),
 * and finds the node in the nodes panel under its name "phpRank", with its actions. Screenshots go to
 * test-output/e2e/ (kept on failure). The steps in the editor (chromium's launch, signing in, the node's
 * panel, Privacy) are also what scripts/screenshots.js takes the README's docs/screenshot-editor.png with.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..', '..');
const OUT_DIR = path.join(ROOT, 'test-output', 'e2e');

const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

/** Debian's chromium (playwright-core), headless, a fresh profile in `userDataDir`, 1280 × 800. */
function launchChromium(executablePath, userDataDir) {
	const { chromium } = require('playwright-core');
	return chromium.launchPersistentContext(userDataDir, {
		executablePath,
		headless: true,
		args: CHROMIUM_ARGS,
		viewport: { width: 1280, height: 800 },
		deviceScaleFactor: 1,
	});
}

/** Signs in to the editor at `base` as `owner` ({email, password}: what the demo prints). */
async function signIn(page, base, owner) {
	const { selectors } = require('playwright-core');
	selectors.setTestIdAttribute('data-test-id');
	await page.goto(`${base}/signin`);
	await page.locator('input[name="emailOrLdapLoginId"]').fill(owner.email);
	await page.locator('input[name="password"]').fill(owner.password);
	await page.getByTestId('form-submit-button').click();
	await page.waitForURL((u) => !u.pathname.includes('/signin'), { timeout: 30000 });
}

/** Opens the workflow and the panel of its node `nodeName`; returns the node on the canvas. */
async function openNode(page, base, workflowId, nodeName) {
	await page.goto(`${base}/workflow/${workflowId}`);
	const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`);
	await node.waitFor();
	await node.dblclick();
	await page.getByTestId('ndv').waitFor();
	return node;
}

/** Chooses `label` in the open panel's Privacy field. */
async function choosePrivacy(page, label) {
	await page.getByTestId('parameter-input-privacy').click();
	await page
		.locator('.el-select-dropdown__item:visible', { hasText: new RegExp(`^${label}`) })
		.first()
		.click();
}

/** Leaves the panel's fields (a field's "Tip" popup would cover the panel) before a screenshot. */
async function settlePanel(page) {
	const url = page.getByTestId('ndv').locator('[data-test-id="parameter-input-url"] input').first();
	await url.focus();
	await url.blur();
	await page.mouse.move(0, 0);
	await page.waitForTimeout(300);
}

/** Every operation's `action` sentence of a node description, as the nodes panel lists them. */
function actionsOf(description) {
	return description.properties
		.filter((p) => p.name === 'operation' && Array.isArray(p.options))
		.flatMap((p) => p.options.map((o) => o.action).filter(Boolean));
}

async function browserCheck({ report, tarball, pkg, chromium: executablePath, keep = false }) {
	const tag = '[browser, demo editor n8n 2.40.7]';
	const { startDemo } = require('../../../scripts/demo');
	const rn = require('../../../scripts/real-n8n/n8n');
	fs.mkdirSync(OUT_DIR, { recursive: true });

	let t = Date.now();
	const demo = await startDemo({
		tarball,
		editorPort: await rn.getFreePort(),
		sandboxPort: 0,
		log: () => {},
		keep,
	});
	report.time(`${tag} demo up (sandbox, install, imports, editor, owner)`, Date.now() - t);
	const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phprank-chromium-'));
	let context;
	let page;
	try {
		const base = `http://localhost:${demo.editor.port}`;
		t = Date.now();
		context = await launchChromium(executablePath, userDataDir);
		page = context.pages()[0] || (await context.newPage());
		page.setDefaultTimeout(30000);

		// 1. log in with what the demo prints
		await signIn(page, base, demo.owner);
		report.check(
			`${tag} logs in as ${demo.owner.email} with the printed password`,
			!page.url().includes('/signin'),
			page.url(),
		);

		// 2. the example workflow, with the phpRank node on the canvas
		const wf = demo.workflows.find((w) => w._file === 'audit-page.json');
		const node = await openNode(page, base, wf.id, 'Create report');
		report.check(
			`${tag} workflow "${wf.name}" shows node "Create report" of type n8n-nodes-phprank.phpRank`,
			(await node.getAttribute('data-node-type')) === 'n8n-nodes-phprank.phpRank',
		);

		// 3. its parameters: Privacy is Private, no Password field
		const privacy = page.getByTestId('parameter-input-privacy');
		const password = page.getByTestId('parameter-input-password');
		await privacy.waitFor();
		const privacyValue = () => privacy.locator('input').first().inputValue();
		report.check(
			`${tag} node panel opens: Privacy "Private", no Password field`,
			(await privacyValue()) === 'Private' && (await password.count()) === 0,
			`privacy "${await privacyValue()}", password fields ${await password.count()}`,
		);

		// 4. Password: the field appears, and it is a masked input
		await choosePrivacy(page, 'Password');
		await password.waitFor({ state: 'visible' });
		const input = password.locator('input').first();
		await input.fill('open-sesame-26');
		report.check(
			`${tag} Privacy → Password: a Password field appears, masked (type=password)`,
			(await privacyValue()) === 'Password' &&
				(await password.isVisible()) &&
				(await input.getAttribute('type')) === 'password',
			`privacy "${await privacyValue()}", input type ${await input.getAttribute('type')}`,
		);
		await input.evaluate((el) => el.blur());
		await settlePanel(page);
		const shot = path.join(OUT_DIR, 'screenshot-editor.png');
		await page.screenshot({ path: shot });
		const size = fs.statSync(shot).size;
		report.check(
			`${tag} screenshot of the node panel saved (${(size / 1024).toFixed(0)} kB)`,
			size > 10000 && size < 500 * 1024,
			`${size} bytes`,
		);

		// 5. back to Private: the field is gone
		await choosePrivacy(page, 'Private');
		await password.waitFor({ state: 'detached' });
		report.check(
			`${tag} Privacy → Private: the Password field is gone`,
			(await privacyValue()) === 'Private' && (await password.count()) === 0,
		);

		// 6. the nodes panel finds it by name
		await page.getByTestId('ndv-close-button').click();
		await page.getByTestId('ndv').waitFor({ state: 'hidden' });
		await page.getByTestId('node-creator-plus-button').click();
		await page.getByTestId('node-creator-search-bar').waitFor();
		await page.keyboard.type('phpRank');
		const item = page.getByTestId('node-creator-item-name').filter({ hasText: /^phpRank$/ });
		await item.first().waitFor();
		const names = await page.getByTestId('node-creator-item-name').allTextContents();
		await page.screenshot({ path: path.join(OUT_DIR, 'nodes-panel.png') });
		report.check(
			`${tag} nodes panel: searching "phpRank" lists the node "phpRank"`,
			names.map((n) => n.trim()).includes('phpRank'),
			JSON.stringify(names),
		);
		// its actions: one per operation, the `action` sentences of the node
		await item.first().click();
		const actionItems = page.getByTestId('node-creator-item-name');
		await actionItems
			.filter({ hasText: /^Create a report$/ })
			.first()
			.waitFor();
		// the panel's header ("phpRank") carries the same test id as the action rows
		const shown = (await actionItems.allTextContents())
			.map((x) => x.trim())
			.filter((x) => x !== 'phpRank')
			.sort();
		const wanted = (pkg ? actionsOf(pkg.description) : []).sort();
		await page.screenshot({ path: path.join(OUT_DIR, 'nodes-panel-actions.png') });
		report.equal(
			`${tag} nodes panel: "phpRank" opens its ${wanted.length} actions (the operations' action sentences)`,
			shown,
			wanted,
		);
		report.time(`${tag} browser steps`, Date.now() - t);
	} catch (err) {
		if (page)
			await page.screenshot({ path: path.join(OUT_DIR, 'browser-failure.png') }).catch(() => {});
		throw new Error(`${err.message}\n(screenshot: test-output/e2e/browser-failure.png)`);
	} finally {
		if (context) await context.close().catch(() => {});
		fs.rmSync(userDataDir, { recursive: true, force: true });
		await demo.stop();
	}
}

module.exports = { browserCheck, launchChromium, signIn, openNode, choosePrivacy, settlePanel };
