#!/usr/bin/env node
'use strict';

// Command line entry: starts the sandbox and keeps it running until SIGINT/SIGTERM.
//   node test/sandbox/cli.js --port 8787 --key demo-key --seed demo [--throttle 60/60] ...

const fs = require('node:fs');
const { startSandbox } = require('./index');

const HELP = `Usage: node test/sandbox/cli.js [options]

  --port N               port to listen on (default 8787; 0 = any free port)
  --host ADDR            address to bind (default 127.0.0.1)
  --key KEY              API key; repeat or comma-separate for several accounts (default sandbox-key)
  --seed S               demo | none | N (N bulk reports) | path/to/reports.json (default demo)
  --throttle R/W         R requests per W seconds per key (W may end in "ms"), e.g. 60/60
  --error-rate P         share of requests answered with an error status (0..1)
  --error-statuses LIST  statuses used for --error-rate (default 500,502,503)
  --latency MS           delay added to every answer
  --drop-rate P          share of requests whose connection is destroyed (0..1)
  --drop-when W          before | after (processing), default before
  --slow MS              answer every request only after MS (processing happens first)
  --slow-rate P          share of requests that are slow (default 1 when --slow is given)
  --fault-seed S         seed of the fault PRNG (repeatable runs)
  --max-reports N        plan limit per account
  --analysis-delay MS    time a store or re-run takes
  --result-field F       result | score | null (how the score is returned)
  --clock ISO            start time of the sandbox clock
  --public-url URL       base URL used in links and redirects (default: from the Host header)
  --help                 this text
`;

/** Turn argv into startSandbox options. Throws on unknown flags or bad values. */
function parseArgs(argv) {
	const flags = readFlags(argv);
	if (flags.help) return { help: true };
	const options = { port: 8787, seed: 'demo' };
	const faults = {};
	for (const [name, values] of Object.entries(flags)) {
		const value = values[values.length - 1];
		switch (name) {
			case 'port':
				options.port = integer(name, value);
				break;
			case 'host':
				options.host = value;
				break;
			case 'key':
				options.apiKeys = values
					.flatMap((v) => v.split(','))
					.map((k) => k.trim())
					.filter(Boolean);
				break;
			case 'seed':
				options.seed = parseSeed(value);
				break;
			case 'throttle':
				faults.throttle = parseThrottle(value);
				break;
			case 'error-rate':
				faults.errorRate = number(name, value);
				break;
			case 'error-statuses':
				faults.errorStatuses = value.split(',').map((s) => integer(name, s.trim()));
				break;
			case 'latency':
				faults.latencyMs = integer(name, value);
				break;
			case 'drop-rate':
				faults.dropRate = number(name, value);
				break;
			case 'drop-when':
				faults.dropWhen = value;
				break;
			case 'slow':
				faults.slowMs = integer(name, value);
				break;
			case 'slow-rate':
				faults.slowRate = number(name, value);
				break;
			case 'fault-seed':
				options.faultSeed = /^\d+$/.test(value) ? Number(value) : value;
				break;
			case 'max-reports':
				options.maxReports = integer(name, value);
				break;
			case 'analysis-delay':
				options.analysisDelayMs = integer(name, value);
				break;
			case 'result-field':
				options.resultField = value;
				break;
			case 'clock':
				options.clock = value;
				break;
			case 'public-url':
				options.publicUrl = value;
				break;
			default:
				throw new Error(`Unknown option --${name} (see --help)`);
		}
	}
	if (Object.keys(faults).length) options.faults = faults;
	return options;
}

/** --name value, --name=value and bare --help; values are collected per flag. */
function readFlags(argv) {
	const flags = {};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (!arg.startsWith('--')) throw new Error(`Unexpected argument: ${arg}`);
		const eq = arg.indexOf('=');
		const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
		if (name === 'help') {
			flags.help = [true];
			continue;
		}
		let value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
		if (value === undefined) throw new Error(`Missing value for --${name}`);
		(flags[name] = flags[name] || []).push(value);
	}
	return flags;
}

function parseSeed(value) {
	if (value === 'demo' || value === 'none') return value;
	if (/^\d+$/.test(value)) return { reports: Number(value) };
	return JSON.parse(fs.readFileSync(value, 'utf8'));
}

/** "60/60" = 60 per 60 s; "5/500ms" = 5 per 500 ms. */
function parseThrottle(value) {
	const m = /^(\d+)\/(\d+(?:\.\d+)?)(ms|s)?$/.exec(value);
	if (!m) throw new Error(`--throttle expects LIMIT/SECONDS, e.g. 60/60 (got ${value})`);
	const windowMs = m[3] === 'ms' ? Number(m[2]) : Number(m[2]) * 1000;
	return { limit: Number(m[1]), windowMs };
}

function integer(name, value) {
	if (!/^\d+$/.test(value)) throw new Error(`--${name} expects a whole number (got ${value})`);
	return Number(value);
}

function number(name, value) {
	const n = Number(value);
	if (value === '' || !Number.isFinite(n))
		throw new Error(`--${name} expects a number (got ${value})`);
	return n;
}

async function main() {
	let options;
	try {
		options = parseArgs(process.argv.slice(2));
	} catch (error) {
		process.stderr.write(`${error.message}\n`);
		process.exit(2);
	}
	if (options.help) {
		process.stdout.write(HELP);
		return;
	}
	const sandbox = await startSandbox(options);
	process.stdout.write(
		`phpRank sandbox listening on ${sandbox.url} (key: ${sandbox.keys.join(', ')})\n`,
	);
	const stop = () => sandbox.close().then(() => process.exit(0));
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
}

if (require.main === module) {
	main().catch((error) => {
		process.stderr.write(`${error.stack || error}\n`);
		process.exit(1);
	});
}

module.exports = { parseArgs };
