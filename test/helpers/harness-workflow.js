'use strict';

/**
 * The workflow `runNode` runs: "Harness Input" → node under test, with the caller's items as
 * the input node's data, so the node is executed as one step of a real workflow.
 */

// Before n8n-core loads: it writes $N8N_USER_FOLDER/.n8n/config on first use.
require('./user-folder').prepareForN8nCore();

const { Workflow, NodeHelpers, createRunExecutionData } = require('n8n-workflow');
const {
	registerNodeType,
	defaultTypeVersion,
	SOURCE_NODE_NAME,
	SOURCE_NODE_TYPE,
} = require('./node-types');
const { CREDENTIAL_ID, CREDENTIAL_NAME } = require('./memory-credentials');

const WORKFLOW_ID = 'harness-workflow';
const WORKFLOW_NAME = 'Harness workflow';

const clone = (value) => (value === undefined ? undefined : structuredClone(value));

/**
 * @param {object} options
 * @param {object} options.nodeType             instance of the node class
 * @param {string} [options.nodeTypeName]       default: `<package name>.<description.name>`
 * @param {number} [options.typeVersion]        default: the node's default version (node-types.js defaultTypeVersion)
 * @param {string} [options.nodeName]           default: description.defaults.name
 * @param {object} options.parameters           node parameters as in workflow JSON
 * @param {object[]} options.items              input items' json
 * @param {string[]} options.credentialTypeNames credential types the node points at
 * @param {boolean} options.continueOnFail      sets node.onError = 'continueRegularOutput'
 * @param {object} options.nodeSettings         extra INode fields
 * @param {object} [options.workflowSettings]   the workflow's settings, like `{ timezone: 'Asia/Tokyo' }`
 *   (none: n8n's instance default, America/New_York unless set)
 * @returns {{workflow: Workflow, workflowData: object, runExecutionData: object, nodeName: string}}
 *   workflowData: the IWorkflowBase the lifecycle hooks are given.
 */
function buildHarnessWorkflow({
	nodeType,
	nodeTypeName,
	typeVersion,
	nodeName,
	parameters,
	items,
	credentialTypeNames,
	continueOnFail,
	nodeSettings,
	workflowSettings,
}) {
	const { typeName, nodeTypes } = registerNodeType(nodeType, nodeTypeName);
	const version = typeVersion ?? defaultTypeVersion(nodeType);
	const versionDescription = NodeHelpers.getVersionedNodeType(nodeType, version).description;
	const name =
		nodeName ||
		(versionDescription.defaults && versionDescription.defaults.name) ||
		versionDescription.displayName;

	if (name === SOURCE_NODE_NAME) {
		throw new Error(`runNode: node name "${SOURCE_NODE_NAME}" is reserved`);
	}

	const nodeCredentials = {};
	for (const credentialTypeName of credentialTypeNames) {
		nodeCredentials[credentialTypeName] = { id: CREDENTIAL_ID, name: CREDENTIAL_NAME };
	}

	const node = {
		id: 'harness-node-under-test',
		name,
		type: typeName,
		typeVersion: version,
		position: [250, 0],
		parameters: clone(parameters),
		...(Object.keys(nodeCredentials).length ? { credentials: nodeCredentials } : {}),
		...(continueOnFail ? { onError: 'continueRegularOutput' } : {}),
		...nodeSettings,
	};
	const sourceNode = {
		id: 'harness-input',
		name: SOURCE_NODE_NAME,
		type: SOURCE_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const connections = {
		[SOURCE_NODE_NAME]: { main: [[{ node: name, type: 'main', index: 0 }]] },
	};
	const settings = { executionOrder: 'v1', ...workflowSettings };

	const workflow = new Workflow({
		id: WORKFLOW_ID,
		name: WORKFLOW_NAME,
		nodes: [sourceNode, node],
		connections,
		active: false,
		nodeTypes,
		settings,
	});

	const inputItems = items.map((json) => ({ json: clone(json) }));
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{ node: workflow.getNode(SOURCE_NODE_NAME), data: { main: [inputItems] }, source: null },
			],
		},
	});

	const workflowData = {
		id: WORKFLOW_ID,
		name: WORKFLOW_NAME,
		active: false,
		isArchived: false,
		nodes: workflow.nodes ? Object.values(workflow.nodes) : [],
		connections,
		settings,
		createdAt: new Date(0),
		updatedAt: new Date(0),
	};

	return { workflow, workflowData, runExecutionData, nodeName: name };
}

module.exports = { buildHarnessWorkflow, WORKFLOW_ID };
