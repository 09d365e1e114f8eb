'use strict';
/**
 * A "From List" search as n8n's editor runs it: n8n-core's own LoadOptionsContext (its
 * authenticated request helper, n8n's HTTP client underneath), on the harness's credentials and
 * node types. `searchContext(...)` gives the `this` of a search method:
 *
 *   const context = searchContext({ nodeType, credentialType, credentials });
 *   await searchReports.call(context, 'filter');
 *
 * Written for n8n-core 2.40.3 + n8n-workflow 2.40.1 (the pair in n8n 2.40.7).
 */
require('./user-folder').prepareForN8nCore();

const { LoadOptionsContext } = require('n8n-core');
const { Workflow, NodeHelpers } = require('n8n-workflow');
const { registerNodeType, defaultTypeVersion } = require('./node-types');
const { MemoryCredentialsHelper, CREDENTIAL_ID, CREDENTIAL_NAME } = require('./memory-credentials');
const { makeAdditionalData } = require('./additional-data');

const WORKFLOW_ID = 'harness-search-workflow';

function searchContext({ nodeType, credentialType, credentials, parameters = {} }) {
	const { typeName, nodeTypes } = registerNodeType(nodeType);
	const version = defaultTypeVersion(nodeType);
	const { description } = NodeHelpers.getVersionedNodeType(nodeType, version);
	const node = {
		id: 'harness-search-node',
		name: description.defaults.name,
		type: typeName,
		typeVersion: version,
		position: [0, 0],
		parameters,
		credentials: { [credentialType.name]: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
	};
	const workflow = new Workflow({
		id: WORKFLOW_ID,
		name: 'Harness search workflow',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
		settings: { executionOrder: 'v1' },
	});
	const credentialsHelper = new MemoryCredentialsHelper([credentialType], {
		[credentialType.name]: credentials,
	});
	const additionalData = makeAdditionalData({ credentialsHelper, workflowId: WORKFLOW_ID });
	return new LoadOptionsContext(workflow, node, additionalData, 'parameters.reportId');
}

module.exports = { searchContext };
