#!/usr/bin/env node
'use strict';
/**
 * The field reference of docs/usage.md, written from the code: every field of every operation of the node, of every
 * event of the trigger and of the credential, read from the BUILT descriptions in dist/ (what n8n loads, every
 * version), with its display name, internal name, type, default, its choices, a collection's options, its range and
 * the versions and settings it shows for. Each table sits between marker comments (`<!-- node-fields:start -->` …
 * `<!-- node-fields:end -->`); the text around them is written by hand.
 *
 *   npm run docs:tables                     rewrite the blocks (after `npm run build`)
 *   node scripts/docs-tables.js --check     exit 1, naming each block that differs from the code
 *
 * test/unit/docsTables.test.js runs the check in-process. The generator writes the final Markdown itself: prettier
 * would reformat the tables.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const USAGE = 'docs/usage.md';
const DIST = path.join(ROOT, 'dist');
/** Where usage.md's table of checks starts (an `<a id>` there): a field whose choices are the checks links to it. */
const CHECKS_ANCHOR = 'the-checks';

// ---- the descriptions, read as the editor shows them ----

/** Whether a node version meets displayOptions' `@version` conditions (numbers, or n8n-workflow's `_cnd`). */
function versionMeets(conditions, version) {
	return conditions.some((condition) => {
		if (typeof condition === 'number') return condition === version;
		const [[kind, bound]] = Object.entries(condition._cnd);
		const meets = {
			eq: () => version === bound,
			not: () => version !== bound,
			gt: () => version > bound,
			gte: () => version >= bound,
			lt: () => version < bound,
			lte: () => version <= bound,
			between: () => version >= bound.from && version <= bound.to,
		}[kind];
		if (!meets) throw new Error(`an @version condition this script does not read yet: ${kind}`);
		return meets();
	});
}

/**
 * Whether the editor can show `property` in this version once the selectors (resource and operation; the trigger's
 * event) have the values of `selected`. A condition on another field (Return All, Privacy) is a state the user can
 * pick: it is written in the table's "shown" column, not decided here.
 */
function shownFor(property, version, selected) {
	const { show = {}, hide } = property.displayOptions ?? {};
	if (hide)
		throw new Error(`${property.name}: displayOptions.hide, which this script does not read yet`);
	return Object.entries(show).every(([key, values]) => {
		if (key === '@version') return versionMeets(values, version);
		return key in selected ? values.includes(selected[key]) : true;
	});
}

const versionsOf = (description) => [].concat(description.version);

/**
 * Every operation of a description: its selectors' values, their display names (['Project', 'Audit Site']) and the
 * versions it is in.
 */
function operationsOf(description, selectors) {
	const found = new Map();
	const walk = (version, selected, names, depth) => {
		if (depth === selectors.length) {
			const key = JSON.stringify(selected);
			if (!found.has(key)) found.set(key, { selected, names, versions: [] });
			found.get(key).versions.push(version);
			return;
		}
		for (const selector of description.properties)
			if (selector.name === selectors[depth] && shownFor(selector, version, selected))
				for (const choice of selector.options)
					walk(
						version,
						{ ...selected, [selectors[depth]]: choice.value },
						[...names, choice.name],
						depth + 1,
					);
	};
	for (const version of versionsOf(description)) walk(version, {}, [], 0);
	return [...found.values()];
}

// ---- one row per field ----

const code = (text) => `\`${text}\``;
const choiceName = (property, value) =>
	property.options.find((choice) => choice.value === value)?.name ?? JSON.stringify(value);

/** The default as the editor shows it: a choice's name, a switch's true or false, `—` for an empty field. */
function defaultText(property) {
	const value = property.default;
	if (property.type === 'options') return choiceName(property, value);
	if (property.type === 'multiOptions')
		return value.length === 0 ? 'none' : value.map((v) => choiceName(property, v)).join(', ');
	if (property.type === 'resourceLocator') return '—';
	if (value === '' || value === undefined) return '—';
	if (typeof value === 'string') return code(value);
	return code(JSON.stringify(value));
}

/** The values a field takes: its choices (the checks by a link), a locator's modes, a number's range, required. */
function valuesText(property, checkNames) {
	const parts = [];
	if (['options', 'multiOptions'].includes(property.type)) {
		const names = property.options.map((choice) => choice.name);
		const pick = property.type === 'options' ? 'one' : 'any';
		if (JSON.stringify([...names].sort()) === checkNames)
			parts.push(
				`${pick} of the ${names.length} checks ([the table of checks](#${CHECKS_ANCHOR}))`,
			);
		else parts.push(names.join(' / '));
	}
	if (property.type === 'resourceLocator')
		parts.push(property.modes.map((mode) => mode.displayName).join(' / '));
	const { minValue, maxValue, password } = property.typeOptions ?? {};
	if (minValue !== undefined && maxValue !== undefined) parts.push(`${minValue} to ${maxValue}`);
	else if (minValue !== undefined) parts.push(`at least ${minValue}`);
	else if (maxValue !== undefined) parts.push(`at most ${maxValue}`);
	if (password) parts.push('hidden as typed');
	if (property.required) parts.push('required');
	return parts.join('; ');
}

/** "when Privacy is Password": the conditions on other fields of the operation, by their display names. */
function conditionsText(property, siblings, selectors) {
	const show = property.displayOptions?.show ?? {};
	return Object.entries(show)
		.filter(([key]) => key !== '@version' && !selectors.includes(key))
		.map(([key, values]) => {
			const field = siblings.find((other) => other.name === key);
			if (!field) return `when ${key} is ${values.join(' or ')}`;
			const named = values.map((value) =>
				field.type === 'options' ? choiceName(field, value) : String(value),
			);
			return `when ${field.displayName} is ${named.join(' or ')}`;
		})
		.join(', ');
}

/**
 * The rows of one field in one version: the field itself, or each option of a collection ("Options → Max Age"),
 * each in the order of the description (`order`, to sort rows merged from several versions).
 */
function rowsOf(property, version, context, order) {
	const row = (p, field, name, when, at) => ({
		field,
		name: code(name),
		type: p.type,
		default: defaultText(p),
		values: valuesText(p, context.checkNames),
		when,
		order: at,
	});
	const when = conditionsText(property, context.siblings, context.selectors);
	if (property.type === 'collection')
		return property.options
			.filter((option) => shownFor(option, version, {}))
			.map((option, at) =>
				row(
					option,
					`${property.displayName} → ${option.displayName}`,
					`${property.name}.${option.name}`,
					when,
					[order, at],
				),
			);
	if (property.type === 'fixedCollection')
		throw new Error(`${property.name}: a fixed collection, which this script does not write yet`);
	return [row(property, property.displayName, property.name, when, [order, 0])];
}

/** "≥ 1.1", "1, 1.1", or '' for every version. */
function versionsText(versions, all) {
	if (versions.length === all.length) return '';
	const tail = all.slice(all.indexOf(versions[0]));
	if (JSON.stringify(tail) === JSON.stringify(versions)) return `≥ ${versions[0]}`;
	return versions.join(', ');
}

/**
 * Each operation's rows, merged over the versions (a row differing in a version, as a default that changed, is a
 * row of its own with its versions), and the rows every operation has alike, which are written once.
 */
function referenceOf(description, selectors, checkNames) {
	const all = versionsOf(description);
	const operations = operationsOf(description, selectors).map((operation) => {
		const merged = new Map();
		for (const version of operation.versions) {
			const shown = description.properties.filter(
				(p) => p.type !== 'notice' && shownFor(p, version, operation.selected),
			);
			const context = { siblings: shown, selectors, checkNames };
			for (const property of shown) {
				if (selectors.includes(property.name)) continue;
				const order = description.properties.indexOf(property);
				for (const row of rowsOf(property, version, context, order)) {
					const { order: at, ...shape } = row;
					const key = JSON.stringify(shape);
					if (!merged.has(key)) merged.set(key, { ...row, order: at, versions: [] });
					merged.get(key).versions.push(version);
				}
			}
		}
		const rows = [...merged.values()]
			.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1])
			.map(({ order, versions, when, ...row }) => ({
				...row,
				shown: [versionsText(versions, all), when].filter(Boolean).join(', '),
			}));
		return { names: operation.names, rows };
	});
	const rowKey = (row) => JSON.stringify(row);
	const common = operations[0].rows.filter((row) =>
		operations.every((operation) => operation.rows.some((other) => rowKey(other) === rowKey(row))),
	);
	const isCommon = (row) => common.some((other) => rowKey(other) === rowKey(row));
	return {
		common,
		operations: operations.map((operation) => ({
			...operation,
			rows: operation.rows.filter((row) => !isCommon(row)),
		})),
	};
}

// ---- Markdown ----

const cell = (text) => String(text).replace(/\|/g, '\\|');
const COLUMNS = ['field', 'name', 'type', 'default', 'values', 'shown'];

function tableOf(rows, columns = COLUMNS) {
	if (rows.length === 0) return ['No field of its own.'];
	return [
		`| ${columns.join(' | ')} |`,
		`|${columns.map(() => '---').join('|')}|`,
		...rows.map((row) => `| ${columns.map((column) => cell(row[column] ?? '')).join(' | ')} |`),
	];
}

function sectionsText(reference, commonTitle, titleOf) {
	const lines = [`### ${commonTitle}`, '', ...tableOf(reference.common)];
	for (const operation of reference.operations)
		lines.push('', `### ${titleOf(operation.names)}`, '', ...tableOf(operation.rows));
	return lines.join('\n');
}

/** The blocks of usage.md by name, each its generated text; built from dist/ (`npm run build` first). */
function generatedBlocks() {
	const load = (file) => {
		const full = path.join(DIST, file);
		if (!fs.existsSync(`${full}.js`))
			throw new Error(`${path.relative(ROOT, full)}.js is not built: run npm run build first`);
		return require(full);
	};
	const { PhpRank } = load('nodes/PhpRank/PhpRank.node');
	const { PhpRankTrigger } = load('nodes/PhpRank/PhpRankTrigger.node');
	const { PhpRankApi } = load('credentials/PhpRankApi.credentials');
	const { CHECK_OPTIONS } = load('nodes/PhpRank/report/checkCatalogue');
	const checkNames = JSON.stringify(CHECK_OPTIONS.map((check) => check.name).sort());
	const node = new PhpRank().description;
	const trigger = new PhpRankTrigger().description;
	const credential = new PhpRankApi();
	const credentialRows = credential.properties.map((property) => ({
		field: property.displayName,
		name: code(property.name),
		type: property.type,
		default: defaultText(property),
		values: valuesText(property, checkNames),
	}));
	return {
		'node-fields': sectionsText(
			referenceOf(node, ['resource', 'operation'], checkNames),
			`${node.displayName}: every operation`,
			(names) => names.join(' → '),
		),
		'trigger-fields': sectionsText(
			referenceOf(trigger, ['event'], checkNames),
			`${trigger.displayName}: every event`,
			(names) => `${trigger.displayName}: ${names[0]}`,
		),
		'credential-fields': [
			`### ${credential.displayName} credential`,
			'',
			...tableOf(credentialRows, COLUMNS.slice(0, 5)),
		].join('\n'),
	};
}

// ---- the doc's blocks ----

const markers = (name) => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];

/** The doc's text with each block replaced by its generated text; throws naming a block whose markers are missing. */
function withBlocks(doc, blocks) {
	let text = doc;
	for (const [name, body] of Object.entries(blocks)) {
		const [start, end] = markers(name);
		const from = text.indexOf(start);
		const to = text.indexOf(end);
		if (from === -1 || to < from)
			throw new Error(
				`${USAGE}: no block ${name} (${start} … ${end}): add the markers where it goes`,
			);
		text = `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`;
	}
	return text;
}

/** The blocks of the doc that differ from the code, by name ([] when the doc is up to date). */
function staleBlocks(doc = fs.readFileSync(path.join(ROOT, USAGE), 'utf8')) {
	const blocks = generatedBlocks();
	const current = withBlocks(doc, blocks);
	return Object.keys(blocks).filter((name) => {
		const [start, end] = markers(name);
		const inside = (text) => text.slice(text.indexOf(start), text.indexOf(end));
		return inside(doc) !== inside(current);
	});
}

/** The doc's text without the generated blocks: what is written by hand. */
function withoutBlocks(doc) {
	return doc.replace(/<!-- ([\w-]+):start -->[\s\S]*?<!-- \1:end -->/g, '');
}

function main() {
	const file = path.join(ROOT, USAGE);
	const doc = fs.readFileSync(file, 'utf8');
	if (process.argv.includes('--check')) {
		const stale = staleBlocks(doc);
		if (stale.length === 0) return;
		for (const name of stale)
			process.stderr.write(
				`${USAGE}: the block ${name} differs from the code: run npm run docs:tables\n`,
			);
		process.exitCode = 1;
		return;
	}
	const text = withBlocks(doc, generatedBlocks());
	if (text !== doc) fs.writeFileSync(file, text);
	process.stdout.write(`${USAGE}: ${text === doc ? 'up to date' : 'blocks rewritten'}\n`);
}

if (require.main === module) main();

module.exports = { USAGE, generatedBlocks, withBlocks, staleBlocks, withoutBlocks };
