'use strict';

/**
 * The node types an in-process run knows: the node under test, named and prepared the way n8n
 * loads a community package's node, plus the input node that feeds it the caller's items.
 */

// Before n8n-core loads: it writes $N8N_USER_FOLDER/.n8n/config on first use.
require('./user-folder').prepareForN8nCore();

const path = require('node:path');
const fs = require('node:fs');
const { DirectoryLoader, RoutingNode } = require('n8n-core');
const { NodeHelpers, UnexpectedError } = require('n8n-workflow');

const SOURCE_NODE_NAME = 'Harness Input';
const SOURCE_NODE_TYPE = 'n8n-nodes-harness.itemsSource';

/** Node types get the package prefix real n8n gives a community package: `<package>.<name>`. */
const PACKAGE_NAME = (() => {
	try {
		const pkg = JSON.parse(
			fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'),
		);
		return pkg.name || 'CUSTOM';
	} catch {
		return 'CUSTOM';
	}
})();

/** Emits its input items unchanged: the stack starts here with the caller's items as input. */
const itemsSourceNodeType = {
	description: {
		displayName: 'Harness Input',
		name: SOURCE_NODE_TYPE,
		group: ['input'],
		version: 1,
		description: 'Emits the items given to runNode()',
		defaults: { name: SOURCE_NODE_NAME },
		inputs: ['main'],
		outputs: ['main'],
		properties: [],
	},
	async execute() {
		return [this.getInputData()];
	},
};

/**
 * n8n's rule for a declarative node (`shouldAssignExecuteMethod` in the `n8n` package's utils,
 * applied by its NodeTypes): a node without execute, poll, trigger or supplyData, and without
 * webhook unless declarative, gets an execute() that runs RoutingNode, when it has no `methods` or
 * its description has `requestDefaults`. Only then does the node run with the execution's cancel
 * signal, and only then can n8n's MCP Server Trigger call it. A node that does not meet the rule
 * keeps running the way n8n runs it then (WorkflowExecute's declarative fallback, no signal).
 */
function meetsRoutingExecuteRule(nodeType) {
	const declarative = nodeType.description?.requestDefaults !== undefined;
	return (
		!nodeType.execute &&
		!nodeType.poll &&
		!nodeType.trigger &&
		!nodeType.supplyData &&
		(!nodeType.webhook || declarative) &&
		(!nodeType.methods || declarative)
	);
}

function giveRoutingExecute(nodeType) {
	if (!meetsRoutingExecuteRule(nodeType)) return;
	nodeType.execute = async function () {
		return (await new RoutingNode(this, nodeType).runNode()) ?? [];
	};
}

/**
 * INodeTypes for one node type instance (plus the input node), built once per instance and
 * cached: runs never share mutable registry state, so concurrent runs of different node
 * instances with the same type name cannot see each other's node.
 */
function makeNodeTypes(typeName, nodeType) {
	const byName = new Map([
		[SOURCE_NODE_TYPE, itemsSourceNodeType],
		[typeName, nodeType],
	]);
	return {
		getByName(name) {
			return byName.get(name);
		},
		getByNameAndVersion(name, version) {
			const type = byName.get(name);
			if (!type) {
				throw new UnexpectedError(
					`Unknown node type "${name}" (not registered in the test harness)`,
				);
			}
			const versioned = NodeHelpers.getVersionedNodeType(type, version);
			giveRoutingExecute(versioned);
			return versioned;
		},
		getKnownTypes() {
			return {};
		},
	};
}

/** nodeType instance -> Map(typeName -> INodeTypes) */
const nodeTypesCache = new WeakMap();

/** `properties` arrays already given the "requestOptions" collection (never apply it twice). */
const preparedPropertyLists = new WeakSet();

function applyLoaderTreatment(versionNode) {
	const props = versionNode.description && versionNode.description.properties;
	if (!props || preparedPropertyLists.has(props)) return;
	// What n8n's DirectoryLoader.applySpecialNodeParameters does for a declarative node:
	// appends the "Request Options" collection (batching, proxy, timeout, allowUnauthorizedCerts).
	DirectoryLoader.applyDeclarativeNodeOptionParameters(versionNode);
	preparedPropertyLists.add(props);
}

/**
 * Apply the loader treatment (once per description) and return `{ typeName, nodeTypes }`.
 * typeName is what real n8n gives a community package's node: `<package name>.<description.name>`.
 */
function registerNodeType(nodeType, typeName) {
	if (!nodeType || !nodeType.description) {
		throw new TypeError(
			'runNode: `nodeType` must be an instance of the node class (with a description)',
		);
	}
	const name = typeName || `${PACKAGE_NAME}.${nodeType.description.name}`;
	let perName = nodeTypesCache.get(nodeType);
	if (!perName) {
		if ('nodeVersions' in nodeType && nodeType.nodeVersions) {
			for (const versionNode of Object.values(nodeType.nodeVersions))
				applyLoaderTreatment(versionNode);
		} else {
			applyLoaderTreatment(nodeType);
		}
		perName = new Map();
		nodeTypesCache.set(nodeType, perName);
	}
	let types = perName.get(name);
	if (!types) {
		types = makeNodeTypes(name, nodeType);
		perName.set(name, types);
	}
	return { typeName: name, nodeTypes: types };
}

/**
 * The version a node gets when none is given, the one n8n's editor gives a new node: a versioned
 * node's current one; else the description's `defaultVersion`, else the highest.
 */
function defaultTypeVersion(nodeType) {
	if ('nodeVersions' in nodeType && nodeType.nodeVersions) {
		return (
			nodeType.currentVersion ??
			nodeType.description.defaultVersion ??
			Math.max(...Object.keys(nodeType.nodeVersions).map(Number))
		);
	}
	const { version, defaultVersion } = nodeType.description;
	if (defaultVersion !== undefined) return defaultVersion;
	return Array.isArray(version) ? Math.max(...version) : version;
}

module.exports = {
	registerNodeType,
	meetsRoutingExecuteRule,
	defaultTypeVersion,
	PACKAGE_NAME,
	SOURCE_NODE_NAME,
	SOURCE_NODE_TYPE,
};
