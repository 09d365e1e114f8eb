// `npm run demo` (scripts/demo.js): the ports it takes, and what README.md and CONTRIBUTING.md say about it held
// to its options and defaults, so that a changed port or option fails here until the docs say so. The docs' parts are
// read by test/helpers/doc-text.js.
const fs = require('node:fs');
const path = require('node:path');
const { parseArgs, demoPorts, DEMO } = require('../../scripts/demo');
const { ROOT, readDoc, sectionsOf } = require('../helpers/doc-text');

describe('the ports of npm run demo', () => {
	test('with the editor: the sandbox on 8787 and the mailbox on 8025, the ports the README names', () => {
		expect(demoPorts(parseArgs([]))).toEqual({ sandboxPort: 8787, mailboxPort: 8025 });
	});

	test('--once: any free port for the sandbox and the mailbox, so it runs beside a running demo', () => {
		expect(demoPorts(parseArgs(['--once']))).toEqual({ sandboxPort: 0, mailboxPort: 0 });
	});

	test('--once with the ports given: those', () => {
		expect(
			demoPorts(parseArgs(['--once', '--sandbox-port', '9100', '--mailbox-port', '9101'])),
		).toEqual({ sandboxPort: 9100, mailboxPort: 9101 });
	});

	test('the ports given without --once: those', () => {
		expect(demoPorts(parseArgs(['--sandbox-port', '0', '--mailbox-port', '9101']))).toEqual({
			sandboxPort: 0,
			mailboxPort: 9101,
		});
	});

	test("the weekly example audits the site the demo's sandbox serves on its port", () => {
		const example = JSON.parse(
			fs.readFileSync(path.join(ROOT, 'examples', 'weekly-audit.json'), 'utf8'),
		);
		const audit = example.nodes.find((n) => n.name === 'Audit the site');
		expect(audit.parameters.site).toBe(`http://127.0.0.1:${DEMO.sandboxPort}`);
	});
});

/** The sections of README.md and CONTRIBUTING.md that describe the demo. */
const DEMO_SECTIONS = [
	['README.md', 'The two commands'],
	['CONTRIBUTING.md', 'Demo'],
];
const demoTexts = () =>
	DEMO_SECTIONS.map(([doc, heading]) => {
		const section = sectionsOf(readDoc(doc)).find((s) => s.heading === heading);
		if (!section) throw new Error(`${doc} has no section "${heading}"`);
		return { doc, heading, text: section.text };
	});

describe('README.md and CONTRIBUTING.md on npm run demo', () => {
	test('every option they name is one scripts/demo.js takes', () => {
		const unknown = demoTexts().flatMap(({ doc, heading, text }) =>
			[...new Set(text.match(/(?<![\w-])--[a-z][a-z-]*/g) || [])]
				.filter((option) => {
					try {
						parseArgs([option]);
						return false;
					} catch (error) {
						// an option that takes a value says it needs one: it is known
						return /unknown option/.test(error.message);
					}
				})
				.map((option) => `${doc} "${heading}": ${option}`),
		);
		expect(unknown).toEqual([]);
	});

	test("every port they name is one of the demo's (editor, sandbox, mailbox), and each is named", () => {
		const ports = [DEMO.editorPort, DEMO.sandboxPort, DEMO.mailboxPort];
		for (const { doc, heading, text } of demoTexts()) {
			const named = [...text.matchAll(/(?:localhost|127\.0\.0\.1):(\d+)/g)].map((m) =>
				Number(m[1]),
			);
			expect({ doc, heading, ports: [...new Set(named)].sort() }).toEqual({
				doc,
				heading,
				ports: [...ports].sort(),
			});
		}
	});

	test("the README gives the demo's login", () => {
		const { text } = demoTexts()[0];
		expect([text.includes(DEMO.owner.email), text.includes(DEMO.owner.password)]).toEqual([
			true,
			true,
		]);
	});
});
