'use strict';

/**
 * The node as an AI tool, called the way n8n's MCP Server Trigger calls it, in-process.
 *
 * The MCP Server Trigger asks n8n-core for its connected tools; for a node without `supplyData`
 * n8n-core builds a tool with `createNodeAsTool()` (its arguments from the node's `$fromAI()`
 * parameters, checked against their types) whose calls go through `makeHandleToolInvocation()`:
 * a SupplyDataContext per call, the arguments as its `ai_tool` input, then the node type's own
 * `execute()`, called directly (not through WorkflowExecute). The trigger runs `tool.invoke(args)`
 * (its DirectExecutionStrategy) and hands the client the returned text, or `<error.name>: <message>`
 * flagged as an error when invoke throws. This helper builds that tool from n8n-core's own
 * functions (n8n-core 2.40.3, the dev dependency), so a node that gets no `execute()` answers
 * `undefined` here exactly as it does behind the real trigger.
 *
 *   const tool = asTool({ nodeType, credentialType, credentials, parameters, nodeName });
 *   const text = await tool.invoke({ Report_ID: 12 });   // JSON text of the output items' json
 */

// Before n8n-core loads: it writes $N8N_USER_FOLDER/.n8n/config on first use.
require('./user-folder').prepareForN8nCore();

const { SupplyDataContext } = require('n8n-core');
const {
	makeHandleToolInvocation,
} = require('n8n-core/dist/execution-engine/node-execution-context/utils/get-input-connection-data');
const {
	createNodeAsTool,
} = require('n8n-core/dist/execution-engine/node-execution-context/utils/create-node-as-tool');
const { MemoryCredentialsHelper } = require('./memory-credentials');
const { makeAdditionalData, nextExecutionId, hooksKeepingTheRun } = require('./additional-data');
const { buildHarnessWorkflow, WORKFLOW_ID } = require('./harness-workflow');
const { SOURCE_NODE_NAME } = require('./node-types');

/**
 * @param {object} options
 * @param {object} options.nodeType       instance of the node class
 * @param {object} options.credentialType instance of the credential class
 * @param {object} options.credentials    decrypted credential data
 * @param {object} options.parameters     the tool node's parameters, `$fromAI()` included
 * @param {string} [options.nodeName]     the tool's name comes from it (spaces as `_`)
 * @param {number} [options.typeVersion]  the tool node's version (default: the node's default)
 * @returns {{tool: object, nodeType: object, signal: AbortSignal, abort: () => void}}
 *   tool: n8n-core's DynamicStructuredTool (name, description, schema, invoke);
 *   nodeType: the node type as the harness's INodeTypes gives it (with execute() when n8n would give it one).
 */
function asTool({ nodeType, credentialType, credentials, parameters, nodeName, typeVersion }) {
	const credentialsHelper = new MemoryCredentialsHelper([credentialType], {
		[credentialType.name]: credentials,
	});
	const {
		workflow,
		workflowData,
		runExecutionData,
		nodeName: name,
	} = buildHarnessWorkflow({
		nodeType,
		nodeName,
		parameters,
		typeVersion,
		items: [{}],
		credentialTypeNames: [credentialType.name],
		continueOnFail: false,
		nodeSettings: {},
	});
	const executionId = nextExecutionId();
	const { hooks } = hooksKeepingTheRun('trigger', executionId, workflowData);
	const additionalData = makeAdditionalData({
		credentialsHelper,
		workflowId: WORKFLOW_ID,
		hooks,
		executionId,
	});
	const node = workflow.getNode(name);
	const parentNode = workflow.getNode(SOURCE_NODE_NAME);
	const loaded = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	const controller = new AbortController();
	const executeData = { node: parentNode, data: { main: [[{ json: {} }]] }, source: null };
	const contextFactory = (runIndex) =>
		new SupplyDataContext(
			workflow,
			node,
			additionalData,
			'trigger',
			runExecutionData,
			runIndex,
			[],
			{},
			'ai_tool',
			executeData,
			[],
			controller.signal,
			parentNode,
		);
	const { response: tool } = createNodeAsTool({
		node,
		nodeType: loaded,
		handleToolInvocation: makeHandleToolInvocation(contextFactory, node, loaded, runExecutionData),
		context: contextFactory(0),
		itemIndex: 0,
	});
	return {
		tool,
		nodeType: loaded,
		signal: controller.signal,
		abort: () => controller.abort(),
	};
}

/**
 * What an MCP client receives for one call, as n8n's MCP Server Trigger words it
 * (@n8n/n8n-nodes-langchain's McpTrigger MessageFormatter): the tool's text, or
 * `{isError: true, text: "<error.name>: <error.message>"}` when the tool threw.
 */
async function callAsMcpTrigger(tool, args) {
	try {
		const text = await tool.invoke(args);
		return { text: typeof text === 'string' ? text : String(text) };
	} catch (error) {
		return { isError: true, text: `${error.name}: ${error.message}` };
	}
}

module.exports = { asTool, callAsMcpTrigger };
