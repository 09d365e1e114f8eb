'use strict';

/**
 * runNode: one run of a node under test, through the same code path as in n8n
 * (WorkflowExecute → RoutingNode → httpRequestWithAuthentication →
 * ICredentialsHelper.authenticate → OutboundHttp).
 */

// Before n8n-core loads: it writes $N8N_USER_FOLDER/.n8n/config on first use.
require('./user-folder').prepareForN8nCore();

const { WorkflowExecute } = require('n8n-core');
const { MemoryCredentialsHelper } = require('./memory-credentials');
const { makeAdditionalData, nextExecutionId, hooksKeepingTheRun } = require('./additional-data');
const { buildHarnessWorkflow, WORKFLOW_ID } = require('./harness-workflow');

/** WorkflowExecute that keeps the original error instance (n8n keeps only a spread copy). */
class HarnessWorkflowExecute extends WorkflowExecute {
	constructor(...args) {
		super(...args);
		/** @type {Array<{nodeName: string, error: unknown}>} */
		this.harnessNodeErrors = [];
	}

	// Private in the TypeScript source (n8n-core 2.40.3); called for every error a node throws.
	reportNodeExecutionError(error, executionNode, workflow) {
		this.harnessNodeErrors.push({ nodeName: executionNode.name, error });
		return super.reportNodeExecutionError(error, executionNode, workflow);
	}
}

if (typeof WorkflowExecute.prototype.reportNodeExecutionError !== 'function') {
	// n8n-core changed: errors are then only available as the plain copy in the run data.
	console.warn(
		'[n8n-runner] WorkflowExecute.reportNodeExecutionError not found: original error instances are lost',
	);
}

/** Adds `itemIndex` / `runIndex` from `error.context` when the error has none of its own. */
function decorateError(error) {
	if (!error || typeof error !== 'object') return error;
	const context = error.context || {};
	if (error.itemIndex === undefined && context.itemIndex !== undefined) {
		error.itemIndex = context.itemIndex;
	}
	if (error.runIndex === undefined && context.runIndex !== undefined) {
		error.runIndex = context.runIndex;
	}
	return error;
}

/**
 * @param {object} options
 * @param {object} options.nodeType        instance of the node class (INodeType or VersionedNodeType)
 * @param {object} [options.credentialType] instance of the credential class (ICredentialType)
 * @param {object} [options.credentials]   decrypted credential data for `credentialType`
 * @param {object} [options.parameters]    node parameters as in workflow JSON (defaults are added by n8n)
 * @param {object[]} [options.items]       input items' json; default [{}]
 * @param {boolean} [options.continueOnFail] sets node.onError = 'continueRegularOutput'
 * @param {number} [options.typeVersion]   default: the node's default version (node-types.js defaultTypeVersion)
 * @param {object[]} [options.extraCredentialTypes] more ICredentialType instances (parents, alternatives)
 * @param {Record<string, object>} [options.extraCredentials] data per credential type name for those
 * @param {string} [options.nodeName]      default: description.defaults.name
 * @param {object} [options.nodeSettings]  extra INode fields: retryOnFail, maxTries, alwaysOutputData, executeOnce, onError...
 * @param {string} [options.mode]          WorkflowExecuteMode, default 'manual'
 * @param {object} [options.workflowSettings] the workflow's settings, like `{ timezone: 'Asia/Tokyo' }`
 * @param {(run: {stop: () => void}) => void} [options.control] called as the run starts; `stop()`
 *   presses Stop the way n8n does (the run's `cancel()`, which aborts the execution's
 *   AbortController: the signal nodes get from `getExecutionCancelSignal()`)
 * @returns {Promise<{items: object[], error: undefined|Error|object, outputs: object[][], taskData: object|undefined, run: object|undefined, credentialsHelper: MemoryCredentialsHelper}>}
 */
async function runNode(options) {
	const {
		nodeType,
		credentialType,
		credentials,
		parameters = {},
		items = [{}],
		continueOnFail = false,
		typeVersion,
		extraCredentialTypes = [],
		extraCredentials = {},
		nodeName,
		nodeSettings = {},
		mode = 'manual',
	} = options || {};

	const credentialsData = { ...extraCredentials };
	if (credentialType && credentials !== undefined) {
		credentialsData[credentialType.name] = credentials;
	}
	const credentialsHelper = new MemoryCredentialsHelper(
		[credentialType, ...extraCredentialTypes],
		credentialsData,
	);

	const {
		workflow,
		workflowData,
		runExecutionData,
		nodeName: name,
	} = buildHarnessWorkflow({
		nodeType,
		nodeTypeName: options && options.nodeTypeName,
		typeVersion,
		nodeName,
		parameters,
		items,
		credentialTypeNames: Object.keys(credentialsData),
		continueOnFail,
		nodeSettings,
		workflowSettings: options && options.workflowSettings,
	});

	const executionId = nextExecutionId();
	const { hooks, reportedRun } = hooksKeepingTheRun(mode, executionId, workflowData);
	const additionalData = makeAdditionalData({
		credentialsHelper,
		workflowId: WORKFLOW_ID,
		hooks,
		executionId,
	});
	const workflowExecute = new HarnessWorkflowExecute(additionalData, mode, runExecutionData);

	let resolvedRun;
	try {
		const running = workflowExecute.processRunExecutionData(workflow);
		if (typeof options.control === 'function') options.control({ stop: () => running.cancel() });
		resolvedRun = await running;
	} catch (error) {
		// e.g. WorkflowHasIssuesError (a required parameter is missing): thrown before anything runs.
		return {
			items: [],
			outputs: [],
			error: decorateError(error),
			taskData: undefined,
			run: undefined,
			credentialsHelper,
		};
	}
	const run = reportedRun() || resolvedRun;
	const resultData = run.data.resultData;
	const taskData = resultData.runData[name] && resultData.runData[name][0];
	const outputs = (taskData && taskData.data && taskData.data.main) || [];

	for (const output of outputs) {
		for (const item of output || []) if (item && item.error) decorateError(item.error);
	}

	let error;
	const nodeErrors = workflowExecute.harnessNodeErrors.filter((e) => e.nodeName === name);
	const reported = (taskData && taskData.error) || resultData.error;
	if (reported) error = nodeErrors.length ? nodeErrors[nodeErrors.length - 1].error : reported;

	return {
		items: outputs[0] || [],
		outputs,
		error: decorateError(error),
		taskData,
		run,
		credentialsHelper,
	};
}

module.exports = { runNode };
