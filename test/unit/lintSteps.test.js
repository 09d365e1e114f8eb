// `npm run lint` (scripts/lint.js): a result line for each linter, under CI too, and every step run.
const { LINT_STEPS, findingsOf, runStep, runSteps } = require('../../scripts/lint');
const packageJson = require('../../package.json');

const step = (name) => ({ name, command: 'unused', args: [] });

test('npm run lint is scripts/lint.js, and its steps are the five linters in order', () => {
	expect(packageJson.scripts.lint).toBe('node scripts/lint.js');
	expect(LINT_STEPS.map(({ command, args }) => [command.split(/[\\/]/).pop(), ...args])).toEqual([
		['n8n-node', 'lint'],
		['eslint', '.', '--max-warnings', '0'],
		['eslint', 'nodes', 'credentials', '--rule', 'max-lines-per-function: [error, 60]'],
		['eslint', 'nodes', '--rule', 'max-lines: [error, 450]'],
		['prettier', '--check', 'test/**/*.js', 'scripts/**/*.js', 'bench/**/*.js', '*.js'],
	]);
});

test('a clean run prints one result line per step, then that all passed, and exits 0', () => {
	const printed = [];
	const code = runSteps(
		[step('first'), step('second')],
		() => ({ status: 0, output: '' }),
		(line) => printed.push(line),
	);
	expect(code).toBe(0);
	expect(printed).toEqual([
		'✔ first: passed, no findings',
		'✔ second: passed, no findings',
		'lint: all 2 steps passed',
	]);
});

test('a failed step does not stop the others; the exit code is the first failure, its findings counted', () => {
	const printed = [];
	const outputs = {
		a: { status: 0, output: '\u001b[33m✖ 2 problems (0 errors, 2 warnings)\u001b[39m\n' },
		b: { status: 1, output: 'x.ts\n  1:1  error  no\n\n✖ 3 problems (1 error, 2 warnings)\n' },
		c: { status: 2, output: '' },
		d: { status: null, output: '' },
	};
	const code = runSteps(
		['a', 'b', 'c', 'd'].map(step),
		({ name }) => outputs[name],
		(line) => printed.push(line),
	);
	expect(code).toBe(1);
	expect(printed).toEqual([
		'✔ a: passed, 2 warning(s), no error',
		'✖ b: failed, 1 error(s), 2 warning(s) (above)',
		'✖ c: failed, exit code 2 (above)',
		'✖ d: failed, exit code none (killed) (above)',
		'lint: failed (4 steps, see ✖ above)',
	]);
});

test("eslint's one-problem summary is read too, and output without a summary has no findings", () => {
	expect(findingsOf('✖ 1 problem (1 error, 0 warnings)')).toEqual({
		problems: 1,
		errors: 1,
		warnings: 0,
	});
	expect(findingsOf('All matched files use Prettier code style!')).toBeNull();
});

test('a real child process: its exit code and what it printed reach the result line', () => {
	const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
	try {
		const failing = {
			name: 'child',
			command: process.execPath,
			args: ['-e', 'console.log("✖ 4 problems (3 errors, 1 warning)"); process.exit(3)'],
		};
		const printed = [];
		expect(runSteps([failing], runStep, (line) => printed.push(line))).toBe(3);
		expect(printed[0]).toBe('✖ child: failed, 3 error(s), 1 warning(s) (above)');
		expect(write).toHaveBeenCalledWith('✖ 4 problems (3 errors, 1 warning)\n');
	} finally {
		write.mockRestore();
	}
});
