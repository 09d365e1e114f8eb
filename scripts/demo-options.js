// `npm run demo`'s fixed names and ports (DEMO) and its command line (parseArgs, demoPorts), apart from
// scripts/demo.js, which starts the demo: the tests and scripts/screenshots.js read them without it.
const path = require('node:path');

const DEMO = {
	editorPort: 5678,
	sandboxPort: 8787,
	apiKey: 'demo-key',
	credential: { id: 'phprank-sandbox', name: 'phpRank sandbox', type: 'phpRankApi' },
	owner: {
		email: 'demo@example.com',
		password: 'Demo-Pass-2026',
		firstName: 'Demo',
		lastName: 'User',
	},
	onceWorkflow: 'phprankGoodReports',
	weeklyWorkflow: 'phprankWeeklyAudit',
	portfolioWorkflow: 'phprankPortfolio',
	mailboxPort: 8025,
	line: '2',
};

/**
 * The sandbox's and the mailbox's ports. The demo with its editor takes the ports the README names
 * (examples/weekly-audit.json audits http://127.0.0.1:8787, the sandbox's own site); `--once` starts
 * no editor and shows no page, so it takes free ports unless told, and runs beside a running demo.
 */
function demoPorts(opts) {
	const fixed = !opts.once;
	return {
		sandboxPort: opts.sandboxPort ?? (fixed ? DEMO.sandboxPort : 0),
		mailboxPort: opts.mailboxPort ?? (fixed ? DEMO.mailboxPort : 0),
	};
}

function parseArgs(argv) {
	const opts = { once: false, build: true, keep: false };
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		const value = () => {
			const v = argv[++i];
			if (v === undefined) throw new Error(`${a} needs a value`);
			return v;
		};
		if (a === '--once') opts.once = true;
		else if (a === '--skip-build') opts.build = false;
		else if (a === '--keep') opts.keep = true;
		else if (a === '--port') opts.editorPort = Number(value());
		else if (a === '--sandbox-port') opts.sandboxPort = Number(value());
		else if (a === '--mailbox-port') opts.mailboxPort = Number(value());
		else if (a === '--host') opts.host = value();
		else if (a === '--workflow') opts.workflow = value();
		else if (a === '--tarball') opts.tarball = path.resolve(value());
		else if (a === '--help' || a === '-h') opts.help = true;
		else throw new Error(`unknown option ${a} (see --help)`);
	}
	return opts;
}

module.exports = { DEMO, demoPorts, parseArgs };
