'use strict';

/**
 * testCredential: what n8n's CredentialsTester does for the "Test" button of the credential
 * dialog, so it can be checked in-process: a credential's own `test` request (run through
 * RoutingNode), or else the test function of a node that names the credential with `testedBy`
 * (called with n8n-core's CredentialTestContext, as n8n 2.40.7 does).
 */

// Before n8n-core loads: it writes $N8N_USER_FOLDER/.n8n/config on first use.
require('./user-folder').prepareForN8nCore();

const { CredentialTestContext, ExecuteContext, RoutingNode } = require('n8n-core');
const { Workflow } = require('n8n-workflow');
const { MemoryCredentialsHelper, CREDENTIAL_ID, CREDENTIAL_NAME } = require('./memory-credentials');
const { makeAdditionalData, nextExecutionId } = require('./additional-data');
const { WORKFLOW_ID } = require('./harness-workflow');

/** lodash.get for 'a.b[0].c' paths (lodash is not a direct dependency of this package). */
function valueAtPath(object, pathString) {
	const keys = String(pathString)
		.replace(/\[(\w+)\]/g, '.$1')
		.split('.')
		.filter((k) => k !== '');
	let current = object;
	for (const key of keys) {
		if (current === null || current === undefined) return undefined;
		current = current[key];
	}
	return current;
}

/**
 * @param {object} options
 * @param {object} options.credentialType ICredentialType instance (with `test: ICredentialTestRequest`,
 *                                        or tested by one of `nodeTypes`)
 * @param {object} options.credentials    decrypted data
 * @param {object[]} [options.nodeTypes]  node type instances, searched for `testedBy` as n8n does
 * @param {object[]} [options.extraCredentialTypes]
 * @returns {Promise<{status: 'OK'|'Error', message: string, error?: unknown}>}
 */
async function testCredential(options) {
	const {
		credentialType,
		credentials = {},
		extraCredentialTypes = [],
		nodeTypes = [],
	} = options || {};
	const test = credentialType && credentialType.test;
	const testFunction = test ? undefined : testedByFunction(credentialType.name, nodeTypes);
	if (!testFunction && (!test || typeof test !== 'object' || !test.request)) {
		return { status: 'Error', message: 'No testing function found for this credential.' };
	}
	const typeName = credentialType.name;
	const credentialsHelper = new MemoryCredentialsHelper([credentialType, ...extraCredentialTypes], {
		[typeName]: credentials,
	});
	const additionalData = makeAdditionalData({
		credentialsHelper,
		workflowId: WORKFLOW_ID,
		executionId: nextExecutionId(),
	});

	let data;
	try {
		data = await credentialsHelper.applyDefaultsAndOverwrites(
			additionalData,
			{ ...credentials },
			typeName,
			'internal',
		);
	} catch (error) {
		return { status: 'Error', message: String(error.message), error };
	}
	const credentialsDecrypted = { id: CREDENTIAL_ID, name: CREDENTIAL_NAME, type: typeName, data };
	if (testFunction) {
		return await testFunction.call(new CredentialTestContext(additionalData), credentialsDecrypted);
	}

	// n8n uses the noOp node's description with the test request as the only routed property.
	const tempNodeType = {
		description: {
			displayName: 'No Operation, do nothing',
			name: 'n8n-nodes-base.noOp',
			group: ['organization'],
			version: 1,
			description: 'No Operation',
			defaults: { name: 'No Operation, do nothing' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: typeName, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: test.request },
					default: '',
				},
			],
		},
	};
	const tempNodeTypes = {
		getByName: () => tempNodeType,
		getByNameAndVersion: () => tempNodeType,
		getKnownTypes: () => ({}),
	};
	const node = {
		id: 'temp',
		parameters: {},
		name: 'Temp-Node',
		type: tempNodeType.description.name,
		typeVersion: 1,
		position: [0, 0],
		credentials: { [typeName]: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: tempNodeTypes,
	});
	const runExecutionData = { resultData: { runData: {} } };
	const executeData = { node, data: {}, source: null };
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		runExecutionData,
		0,
		[],
		{ main: [[{ json: {} }]] },
		executeData,
		[],
	);
	const routingNode = new RoutingNode(context, tempNodeType, credentialsDecrypted);

	let response;
	try {
		response = await routingNode.runNode();
	} catch (error) {
		const cause = error && error.cause;
		if (cause && cause.response) {
			const statusCode = cause.response.status;
			const statusMessage = cause.response.statusText;
			for (const rule of test.rules || []) {
				if (rule.type === 'responseCode' && statusCode === rule.properties.value) {
					return { status: 'Error', message: rule.properties.message, error };
				}
			}
			if (statusCode < 199 || statusCode > 299) {
				return {
					status: 'Error',
					message: statusMessage || `Received HTTP status code: ${statusCode}`,
					error,
				};
			}
		} else if (cause && cause.code) {
			return { status: 'Error', message: cause.code, error };
		}
		return { status: 'Error', message: String(error && error.message), error };
	}

	for (const rule of Array.isArray(test.rules) ? test.rules : []) {
		if (rule.type === 'responseSuccessBody') {
			const responseData = response && response[0] && response[0][0] && response[0][0].json;
			if (valueAtPath(responseData, rule.properties.key) === rule.properties.value) {
				return { status: 'Error', message: rule.properties.message };
			}
		}
	}
	return { status: 'OK', message: 'Connection successful!' };
}

/**
 * n8n's lookup when a credential type has no `test`: the first node naming it with a `testedBy`
 * string gives its `methods.credentialTest[testedBy]`.
 */
function testedByFunction(typeName, nodeTypes) {
	for (const nodeType of nodeTypes) {
		for (const { name, testedBy } of nodeType.description.credentials ?? []) {
			if (name === typeName && typeof testedBy === 'string')
				return nodeType.methods?.credentialTest?.[testedBy];
		}
	}
	return undefined;
}

module.exports = { testCredential };
