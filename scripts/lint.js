#!/usr/bin/env node
// `npm run lint`: every linter the project runs, one after the other, each followed by its own result line.
// The linters themselves print nothing when they find nothing (n8n-node lint prints only its header, and under
// CI not even a closing line), so a clean run read as no run at all. Every step runs even after one fails, so
// one run shows every finding; the exit code is the first failed step's.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

/** What `npm run lint` runs, in order: a name for the result line, and the command. */
const LINT_STEPS = [
	{ name: "n8n-node lint (n8n's rules, strict)", command: bin('n8n-node'), args: ['lint'] },
	{
		name: 'eslint, failing on any warning (n8n-node lint passes with warnings)',
		command: bin('eslint'),
		args: ['.', '--max-warnings', '0'],
	},
	{
		name: 'shape: no function in nodes/ or credentials/ over 60 lines',
		command: bin('eslint'),
		args: ['nodes', 'credentials', '--rule', 'max-lines-per-function: [error, 60]'],
	},
	{
		name: 'shape: no file in nodes/ over 450 lines',
		command: bin('eslint'),
		args: ['nodes', '--rule', 'max-lines: [error, 450]'],
	},
	{
		name: 'prettier --check (test/, scripts/, bench/, the top-level .js)',
		command: bin('prettier'),
		args: ['--check', 'test/**/*.js', 'scripts/**/*.js', 'bench/**/*.js', '*.js'],
	},
];

/** eslint's summary line ("✖ 3 problems (1 error, 2 warnings)"), colours removed; null when it printed none. */
function findingsOf(output) {
	// n8n-node lint runs eslint with FORCE_COLOR: its summary line comes coloured
	const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
	const summary = plain.match(/(\d+) problems? \((\d+) errors?, (\d+) warnings?\)/);
	return summary
		? { problems: Number(summary[1]), errors: Number(summary[2]), warnings: Number(summary[3]) }
		: null;
}

/** The result line of one step from its exit code and what it printed. */
function resultLine(step, status, output) {
	const findings = findingsOf(output);
	if (status === 0) {
		const found = findings ? `${findings.warnings} warning(s), no error` : 'no findings';
		return `✔ ${step.name}: passed, ${found}`;
	}
	const found = findings
		? `${findings.errors} error(s), ${findings.warnings} warning(s)`
		: `exit code ${status === null ? 'none (killed)' : status}`;
	return `✖ ${step.name}: failed, ${found} (above)`;
}

/**
 * Runs `steps` with `run(step)` → { status, output } (the output already shown to the user) and prints each
 * step's result line through `print`; returns the exit code: 0, or the first failed step's.
 */
function runSteps(steps, run, print) {
	let exitCode = 0;
	for (const step of steps) {
		const { status, output } = run(step);
		print(resultLine(step, status, output));
		if (status !== 0 && exitCode === 0) exitCode = status === null ? 1 : status;
	}
	print(
		exitCode === 0
			? `lint: all ${steps.length} steps passed`
			: `lint: failed (${steps.length} steps, see ✖ above)`,
	);
	return exitCode;
}

/** One step as a child process: what it printed is shown once it ends, and kept for its result line. */
function runStep(step) {
	const child = spawnSync(step.command, step.args, {
		cwd: ROOT,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
		maxBuffer: 64 * 1024 * 1024,
	});
	if (child.error) {
		process.stderr.write(`${step.command}: ${child.error.message}\n`);
		return { status: 1, output: '' };
	}
	process.stdout.write(child.stdout);
	process.stderr.write(child.stderr);
	return { status: child.status, output: `${child.stdout}${child.stderr}` };
}

if (require.main === module) {
	process.exitCode = runSteps(LINT_STEPS, runStep, (line) => console.log(line));
}

module.exports = { LINT_STEPS, findingsOf, resultLine, runStep, runSteps };
