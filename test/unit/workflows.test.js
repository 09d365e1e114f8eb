'use strict';
/**
 * The GitHub workflows (.github/workflows) are checked in `npm test`, so a broken one cannot land:
 * each file against GitHub's workflow schema with @action-validator/cli (offline, pinned in
 * devDependencies), and what the release depends on (provenance, the CI commands) by its text.
 * The validator is also fed broken copies, to show that this check fails when a workflow is broken.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');
const WORKFLOWS = path.join(ROOT, '.github', 'workflows');
const VALIDATOR = path.join(ROOT, 'node_modules', '@action-validator', 'cli', 'cli.mjs');

/** Runs the validator on one file: { status, output }. */
function validate(file) {
	const r = spawnSync(process.execPath, [VALIDATOR, file], { encoding: 'utf8', timeout: 30000 });
	return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

function read(name) {
	return fs.readFileSync(path.join(WORKFLOWS, name), 'utf8');
}

describe('GitHub workflows', () => {
	let tmp;
	beforeAll(() => {
		tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'phprank-workflows-'));
	});
	afterAll(() => {
		fs.rmSync(tmp, { recursive: true, force: true });
	});

	test('the repository has exactly the CI and the publish workflow', () => {
		expect(fs.readdirSync(WORKFLOWS).sort()).toEqual(['ci.yml', 'publish.yml']);
	});

	test.each(['ci.yml', 'publish.yml'])('%s is a valid GitHub workflow', (name) => {
		const r = validate(path.join(WORKFLOWS, name));
		expect(r.output).toBe('');
		expect(r.status).toBe(0);
	});

	/** Broken copies: each must make the validator fail and name the broken place. */
	const BROKEN = [
		{
			what: 'a job without runs-on',
			file: 'ci.yml',
			edit: (text) => text.replace(/^ {4}runs-on: ubuntu-latest\n/m, ''),
			mentions: '/jobs/test',
		},
		{
			what: 'a permission with an unknown value',
			file: 'publish.yml',
			edit: (text) => text.replace('id-token: write', 'id-token: writ'),
			mentions: '/jobs/publish',
		},
		{
			what: 'an unknown trigger event',
			file: 'ci.yml',
			edit: (text) => text.replace(/^ {2}pull_request:\n/m, '  pull_requests:\n'),
			mentions: '/on',
		},
		{
			what: 'a step that is neither run nor uses',
			file: 'publish.yml',
			edit: (text) =>
				text.replace(
					'        run: npm install -g npm@11\n',
					'        runs: npm install -g npm@11\n',
				),
			mentions: '/jobs/publish/steps',
		},
	];

	test.each(BROKEN)('the check fails on a broken copy: $what', ({ file, edit, mentions }) => {
		const original = read(file);
		const broken = edit(original);
		expect(broken).not.toBe(original); // the edit applies, so this case tests something
		const copy = path.join(tmp, file);
		fs.writeFileSync(copy, broken);
		const r = validate(copy);
		expect(r.status).not.toBe(0);
		expect(r.output).toContain(mentions);
	});

	test('CI runs the README test command and the e2e suite on push and pull request, Node 20 and 24', () => {
		const ci = read('ci.yml');
		expect(ci).toMatch(/^on:\n {2}push:\n {2}pull_request:\n/m);
		expect(ci).toMatch(/^ {8}node: \['20', '24'\]$/m);
		expect(ci).toMatch(/^ {8}run: npm test$/m);
		expect(ci).toMatch(/^ {8}run: npm run e2e -- --skip-build$/m);
		expect(ci).toMatch(/^ {4}timeout-minutes: 90$/m);
	});

	test('publish runs the CI checks, then publishes from a version tag with provenance', () => {
		const publish = read('publish.yml');
		expect(publish).toMatch(/^on:\n {2}push:\n {4}tags:\n {6}- 'v\*\.\*\.\*'\n/m);
		expect(publish).toMatch(/^ {2}ci:\n {4}uses: \.\/\.github\/workflows\/ci\.yml$/m);
		expect(publish).toMatch(/^ {4}needs: ci$/m);
		expect(publish).toMatch(/^ {6}id-token: write$/m);
		expect(publish).toMatch(/^ {10}npm publish --provenance --access public$/m);
		// what the ci job calls must accept being called
		expect(read('ci.yml')).toMatch(/^ {2}workflow_call:$/m);
	});

	test('a version tag also makes a GitHub release with the packed file (the README installs it before npm)', () => {
		const publish = read('publish.yml');
		const job = publish.slice(
			publish.indexOf('\n  github-release:\n'),
			publish.indexOf('\n  publish:\n'),
		);
		expect(job).toMatch(/^ {4}needs: ci$/m);
		expect(job).toMatch(/^ {6}contents: write$/m);
		expect(job).toMatch(/^ {10}npm pack$/m);
		expect(job).toMatch(/gh release create "\$GITHUB_REF_NAME" n8n-nodes-phprank-\*\.tgz/);
	});
});
