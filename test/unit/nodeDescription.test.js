// What the node tells n8n's editor, its AI workflow builder and AI agents about itself.
const { PhpRank } = require('../helpers/built').node;

const { description } = new PhpRank();
const operations = description.properties.filter((p) => p.name === 'operation');
const optionsOf = (resource) =>
	operations.find((p) => p.displayOptions.show.resource.includes(resource)).options;
const field = (name, operation) =>
	description.properties.filter(
		(p) => p.name === name && p.displayOptions?.show?.operation?.includes(operation),
	);

test('every action is a sentence: capital first letter, the rest lower case (hyphenated words allowed)', () => {
	const actions = operations.flatMap((p) => p.options.map((o) => o.action));
	expect(actions.length).toBe(11);
	for (const action of actions)
		expect([action, /^[A-Z][a-z]*( [a-z]+(-[a-z]+)*)*$/.test(action)]).toEqual([action, true]);
});

test('Report → Create or Re-Run, in n8n vocabulary', () => {
	expect(optionsOf('report').find((o) => o.value === 'createOrRerun')).toMatchObject({
		name: 'Create or Re-Run',
		action: 'Create or re-run a report',
	});
	expect(optionsOf('report').map((o) => o.name)).toEqual([
		'Create',
		'Create or Re-Run',
		'Delete',
		'Get',
		'Get Many',
		'Update',
	]);
});

test('Create or Re-Run shows URL, Privacy, Password (for Password), Max Age, Output Changes, Simplify and Options', () => {
	for (const name of [
		'url',
		'privacy',
		'password',
		'maxAgeHours',
		'outputChanges',
		'simplify',
		'options',
	]) {
		expect([name, field(name, 'createOrRerun').length]).toEqual([name, 1]);
	}
	expect(field('password', 'createOrRerun')[0].displayOptions.show.privacy).toEqual([2]);
	const [maxAge] = field('maxAgeHours', 'createOrRerun');
	expect(maxAge).toMatchObject({
		displayName: 'Max Age (Hours)',
		type: 'number',
		default: 0,
		typeOptions: { minValue: 0 },
	});
	expect(maxAge.description).toMatch(/0 always re-runs/);
	expect(field('privacy', 'createOrRerun')[0].default).toBe(1);
});

test('report operations say what comes back: a score from 0 to 100, a label and the failed checks', () => {
	for (const value of ['create', 'createOrRerun', 'get', 'getAll', 'update']) {
		const { description: text } = optionsOf('report').find((o) => o.value === value);
		expect([
			value,
			/score from 0 to 100/.test(text) && /label/.test(text) && /failed checks/.test(text),
		]).toEqual([value, true]);
	}
});

test("a builderHint leads n8n's AI workflow builder to the node for SEO audits", () => {
	expect(description.builderHint.searchHint).toMatch(/^SEO audit of web pages/);
	expect(description.builderHint.searchHint).toMatch(/Create or Re-Run/);
	expect(description.usableAsTool).toBe(true);
});

test("both nodes name the credential and its Test (testedBy, the nodes' method), as n8n's lint reads them", () => {
	const { PhpRankTrigger } = require('../helpers/built').trigger;
	const { PhpRankApi } = require('../helpers/built').credential;
	const { CREDENTIAL_NAME } = require('../helpers/built').constants;
	for (const node of [new PhpRank(), new PhpRankTrigger()]) {
		expect(node.description.credentials).toEqual([
			{ name: CREDENTIAL_NAME, required: true, testedBy: 'phpRankApiTest' },
		]);
		expect(typeof node.methods.credentialTest.phpRankApiTest).toBe('function');
	}
	expect(new PhpRankApi().name).toBe(CREDENTIAL_NAME);
	// n8n runs a credential's own test before any node's, and would read its answer whole
	expect(new PhpRankApi().test).toBeUndefined();
});
