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
	expect(actions.length).toBe(12);
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

// ------------------------------------------------------------------------------ versions

const { NodeHelpers } = require('n8n-workflow');

/**
 * What n8n shows of one operation in a version (the editor's own display rules, n8n-workflow's
 * NodeHelpers, with every default filled in): each field that shows once the other fields its
 * display depends on hold the first value it asks for (Delete At Most: Reports of Pages No Longer
 * Listed = Delete), as described, and in a collection each option shown; `displayOptions` left out
 * (they say where, not what).
 */
function shownIn(version, resource, operation) {
	const node = { typeVersion: version, parameters: {} };
	const values = NodeHelpers.getNodeParameters(
		description.properties,
		{ resource, operation },
		true,
		false,
		node,
		description,
	);
	const shown = (property) => {
		const asked = Object.entries(property.displayOptions?.show ?? {}).filter(
			([name]) => !name.startsWith('@') && name !== 'resource' && name !== 'operation',
		);
		const given = {
			...values,
			...Object.fromEntries(asked.map(([name, [first]]) => [name, first])),
		};
		return NodeHelpers.displayParameter(given, property, node, description, given);
	};
	const view = ({ displayOptions, options, routing, ...property }) => ({
		...property,
		...(options
			? { options: options.filter((option) => shown(option)).map((option) => view(option)) }
			: {}),
	});
	return { fields: description.properties.filter(shown).map(view), values };
}

test('the versions: 1, 1.1, 1.2 and 1.3, the default', () => {
	expect(description.version).toEqual([1, 1.1, 1.2, 1.3]);
	expect(description.defaultVersion).toBe(1.3);
});

test("version 1.3 shows what 1.2 does, but for Audit Site's Match As (Text by default), from 1.3 on", () => {
	const compared = [];
	for (const resource of ['project', 'report']) {
		for (const { value: operation } of optionsOf(resource)) {
			const before = shownIn(1.2, resource, operation);
			const now = shownIn(1.3, resource, operation);
			if (operation === 'auditSite') {
				const options = now.fields.find((f) => f.name === 'options');
				const matchAs = options.options.find((o) => o.name === 'matchAs');
				expect([matchAs.displayName, matchAs.default]).toEqual(['Match As', 'text']);
				expect(matchAs.options.map((o) => [o.name, o.value])).toEqual([
					['Regular Expression', 'regex'],
					['Text', 'text'],
				]);
				options.options = options.options.filter((o) => o.name !== 'matchAs');
				const optionNames = (shown) =>
					shown.fields.find((f) => f.name === 'options').options.map((o) => o.name);
				for (const version of [1, 1.1, 1.2])
					expect(optionNames(shownIn(version, resource, operation))).not.toContain('matchAs');
			}
			expect([operation, now]).toEqual([operation, before]);
			compared.push(`${resource} ${operation}`);
		}
	}
	expect(compared).toHaveLength(12);
});

test("version 1.2 shows and does what 1.1 does, but for Get Issues' Output Site Summary: on from 1.2, off before", () => {
	const compared = [];
	for (const resource of ['project', 'report']) {
		for (const { value: operation } of optionsOf(resource)) {
			const before = shownIn(1.1, resource, operation);
			const now = shownIn(1.2, resource, operation);
			if (operation === 'getIssues') {
				const summaryField = (shown) => shown.fields.find((f) => f.name === 'siteSummary');
				expect([before.values.siteSummary, now.values.siteSummary]).toEqual([false, true]);
				expect(shownIn(1, resource, operation).values.siteSummary).toBe(false);
				expect(summaryField(before)).toEqual({ ...summaryField(now), default: false });
				expect(summaryField(now).displayName).toBe('Output Site Summary');
				for (const shown of [before, now]) {
					shown.fields = shown.fields.filter((f) => f.name !== 'siteSummary');
					delete shown.values.siteSummary;
				}
			}
			expect([operation, now]).toEqual([operation, before]);
			compared.push(`${resource} ${operation}`);
		}
	}
	expect(compared).toHaveLength(12);
	// Audit Site's fields of 1.1 are there in 1.2: Max Pages (its 1.1 meaning), Reports of Pages No
	// Longer Listed, Delete At Most, Output Kept Pages
	const audit = shownIn(1.2, 'project', 'auditSite');
	expect(audit.fields.find((f) => f.name === 'maxPages').description).toMatch(
		/^At most this many pages are audited/,
	);
	expect(audit.fields.map((f) => f.name)).toEqual(
		expect.arrayContaining(['notListed', 'deleteAtMostPercent']),
	);
	const options = audit.fields.find((f) => f.name === 'options').options.map((o) => o.name);
	expect(options).toContain('outputKept');
	expect(shownIn(1, 'project', 'auditSite').fields.map((f) => f.name)).not.toContain('notListed');
});
