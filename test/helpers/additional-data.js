'use strict';

/**
 * n8n's "additional data" of an execution (IWorkflowExecuteAdditionalData: the credentials
 * helper, the instance's URLs, the lifecycle hooks) as the in-process runners give it, and the
 * lifecycle hooks that hand back a run's result.
 */

// Before n8n-core loads: it writes $N8N_USER_FOLDER/.n8n/config on first use.
require('./user-folder').prepareForN8nCore();

const { ExecutionLifecycleHooks } = require('n8n-core');
const { UnexpectedError } = require('n8n-workflow');

const notAvailable = (what) => async () => {
	throw new UnexpectedError(`${what} is not available in the in-process test harness`);
};

/** Everything of IWorkflowExecuteAdditionalData that does not change between runs. */
const BASE_ADDITIONAL_DATA = Object.freeze({
	executeWorkflow: notAvailable('executeWorkflow (sub-workflows)'),
	getRunExecutionData: async () => undefined,
	getRuntimeCredential: async () => undefined,
	startRunnerTask: notAvailable('startRunnerTask (Code node task runners)'),
	logAiEvent: () => {},
	restApiUrl: 'http://localhost:5678/rest',
	instanceBaseUrl: 'http://localhost:5678/',
	formBaseUrl: 'http://localhost:5678/form',
	formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
	formTestBaseUrl: 'http://localhost:5678/form-test',
	webhookBaseUrl: 'http://localhost:5678/webhook',
	webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
	webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
	mcpBaseUrl: 'http://localhost:5678/mcp',
	mcpTestBaseUrl: 'http://localhost:5678/mcp-test',
	userId: 'harness-user',
});

let executionCounter = 0;

/** A new execution id, unique within the process. */
function nextExecutionId() {
	return String(++executionCounter);
}

/**
 * @param {object} options
 * @param {object} options.credentialsHelper ICredentialsHelper (a MemoryCredentialsHelper)
 * @param {string} options.workflowId        id of the workflow being run
 * @param {object} [options.hooks]           ExecutionLifecycleHooks of the execution
 * @param {string} [options.executionId]     none for a poll: n8n polls before any execution exists
 */
function makeAdditionalData({ credentialsHelper, workflowId, hooks, executionId }) {
	return {
		...BASE_ADDITIONAL_DATA,
		workflowId,
		variables: {},
		credentialsHelper,
		hooks,
		executionId,
		currentNodeExecutionIndex: 0,
	};
}

/**
 * Lifecycle hooks of one execution whose `workflowExecuteAfter` keeps the run (IRun) n8n
 * reports, so the caller reads the result the way n8n's own hooks receive it.
 *
 * @param {string} mode               WorkflowExecuteMode
 * @param {string} executionId
 * @param {object} workflowData       IWorkflowBase of the workflow being run
 * @returns {{hooks: object, reportedRun: () => object|undefined}}
 */
function hooksKeepingTheRun(mode, executionId, workflowData) {
	const hooks = new ExecutionLifecycleHooks(mode, executionId, workflowData);
	let run;
	hooks.addHandler('workflowExecuteAfter', (fullRunData) => {
		run = fullRunData;
	});
	return { hooks, reportedRun: () => run };
}

module.exports = { makeAdditionalData, nextExecutionId, hooksKeepingTheRun };
