'use strict';

/**
 * Runs a built declarative n8n node through n8n-core's real execution engine, in-process.
 *
 *   const { runNode, testCredential } = require('./n8n-runner');
 *   const { items, error } = await runNode({ nodeType, credentialType, credentials, parameters, items });
 *
 * A two-node workflow ("Harness Input" -> node under test) is run with
 * `new WorkflowExecute(additionalData, 'manual', runExecutionData).processRunExecutionData(workflow)`,
 * so the node goes through the same code path as in n8n (WorkflowExecute -> RoutingNode ->
 * httpRequestWithAuthentication -> ICredentialsHelper.authenticate -> OutboundHttp).
 * No DI setup, no database: credentials live in memory (memory-credentials.js).
 *
 * This file is what callers require; the parts live in their own modules (README.md lists them).
 * Written for n8n-core 2.40.3 + n8n-workflow 2.40.1 (the pair in n8n 2.40.7).
 */

// Before n8n-core loads: it writes $N8N_USER_FOLDER/.n8n/config on first use.
require('./user-folder').prepareForN8nCore();

const { runNode } = require('./run-node');
const { testCredential } = require('./test-credential');
const { MemoryCredentialsHelper, CREDENTIAL_ID, CREDENTIAL_NAME } = require('./memory-credentials');
const { registerNodeType, PACKAGE_NAME, SOURCE_NODE_NAME } = require('./node-types');

module.exports = {
	runNode,
	testCredential,
	MemoryCredentialsHelper,
	registerNodeType,
	PACKAGE_NAME,
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	SOURCE_NODE_NAME,
};
