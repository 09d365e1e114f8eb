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
 * No DI setup, no database: credentials live in memory (MemoryCredentialsHelper below).
 *
 * Written for n8n-core 2.40.3 + n8n-workflow 2.40.1 (the pair in n8n 2.40.7).
 */

// Must happen before n8n-core is loaded: n8n-core writes $N8N_USER_FOLDER/.n8n/config on first use.
const { ensureN8nUserFolder, quietN8nEnvironment } = require('./user-folder');

ensureN8nUserFolder();
quietN8nEnvironment();

const path = require('node:path');
const fs = require('node:fs');
const {
	WorkflowExecute,
	ExecutionLifecycleHooks,
	DirectoryLoader,
	ExecuteContext,
	RoutingNode,
	getAdditionalKeys,
} = require('n8n-core');
const {
	Workflow,
	NodeHelpers,
	ICredentialsHelper,
	UnexpectedError,
	createRunExecutionData,
	isExpression,
} = require('n8n-workflow');

// ---------------------------------------------------------------------------------------------
// Constants and shared, build-once state
// ---------------------------------------------------------------------------------------------

const CREDENTIAL_ID = 'harness-credential-1';
const CREDENTIAL_NAME = 'Harness credential';
const SOURCE_NODE_NAME = 'Harness Input';
const SOURCE_NODE_TYPE = 'n8n-nodes-harness.itemsSource';
const WORKFLOW_ID = 'harness-workflow';

/** Node types get the package prefix real n8n gives a community package: `<package>.<name>`. */
const PACKAGE_NAME = (() => {
	try {
		const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));
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
				throw new UnexpectedError(`Unknown node type "${name}" (not registered in the test harness)`);
			}
			return NodeHelpers.getVersionedNodeType(type, version);
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
		throw new TypeError('runNode: `nodeType` must be an instance of the node class (with a description)');
	}
	const name = typeName || `${PACKAGE_NAME}.${nodeType.description.name}`;
	let perName = nodeTypesCache.get(nodeType);
	if (!perName) {
		if ('nodeVersions' in nodeType && nodeType.nodeVersions) {
			for (const versionNode of Object.values(nodeType.nodeVersions)) applyLoaderTreatment(versionNode);
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

function defaultTypeVersion(nodeType) {
	if ('nodeVersions' in nodeType && nodeType.nodeVersions) {
		return nodeType.currentVersion ?? nodeType.description.defaultVersion ??
			Math.max(...Object.keys(nodeType.nodeVersions).map(Number));
	}
	const { version } = nodeType.description;
	return Array.isArray(version) ? Math.max(...version) : version;
}

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
	workflowId: WORKFLOW_ID,
});

let executionCounter = 0;

function makeAdditionalData(credentialsHelper, hooks, executionId = String(++executionCounter)) {
	return {
		...BASE_ADDITIONAL_DATA,
		variables: {},
		credentialsHelper,
		hooks,
		executionId,
		currentNodeExecutionIndex: 0,
	};
}

/** lodash.get for 'a.b[0].c' paths (lodash is not a direct dependency of this package). */
function get(object, pathString) {
	const keys = String(pathString).replace(/\[(\w+)\]/g, '.$1').split('.').filter((k) => k !== '');
	let current = object;
	for (const key of keys) {
		if (current === null || current === undefined) return undefined;
		current = current[key];
	}
	return current;
}

const clone = (value) => (value === undefined ? undefined : structuredClone(value));

// ---------------------------------------------------------------------------------------------
// Credentials helper: decrypted data from memory, authenticate like n8n's CredentialsHelper
// ---------------------------------------------------------------------------------------------

/**
 * In-memory ICredentialsHelper. Mirrors packages/cli/src/credentials-helper.ts of n8n:
 * - getDecrypted: stored data + credential property defaults, expressions resolved;
 * - authenticate: function-style authenticate, or a `type: 'generic'` block whose keys and
 *   values are resolved against `$credentials` and merged into headers / qs / body / auth;
 * - preAuthentication: only if the credential type defines it and has an expirable hidden
 *   property which is empty or expired (or when the credential is being tested).
 */
class MemoryCredentialsHelper extends ICredentialsHelper {
	/**
	 * @param {Array<object>} credentialTypes ICredentialType instances
	 * @param {Record<string, object>} dataByType decrypted data per credential type name
	 */
	constructor(credentialTypes = [], dataByType = {}) {
		super();
		this.types = new Map(credentialTypes.filter(Boolean).map((t) => [t.name, t]));
		this.store = new Map(Object.entries(dataByType).map(([k, v]) => [k, { ...v }]));
		/** Every credential write (preAuthentication results, OAuth token updates), for assertions. */
		this.updates = [];
	}

	getCredentialType(typeName) {
		const type = this.types.get(typeName);
		if (!type) {
			throw new UnexpectedError(`Unknown credential type "${typeName}" (not given to the test harness)`);
		}
		return type;
	}

	getParentTypes(typeName) {
		const type = this.types.get(typeName);
		if (!type || !type.extends) return [];
		const parents = [];
		for (const parent of type.extends) parents.push(parent, ...this.getParentTypes(parent));
		return parents;
	}

	isCredentialUsableByNode(credentialType, nodeType) {
		const type = this.types.get(credentialType);
		if (!type || !type.restrictToSupportedNodes) return true;
		const supported = type.supportedNodes || [];
		const shortName = String(nodeType).split('.').pop();
		return supported.includes(nodeType) || supported.includes(shortName);
	}

	async authenticate(credentials, typeName, incomingRequestOptions, workflow, node) {
		const requestOptions = incomingRequestOptions;
		const credentialType = this.getCredentialType(typeName);
		const { authenticate } = credentialType;
		if (!authenticate) return requestOptions;

		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions);
		}

		if (typeof authenticate === 'object') {
			if (!workflow || !node) {
				throw new UnexpectedError('Workflow and node are required for declarative credential authentication');
			}
			if (requestOptions.headers === undefined) requestOptions.headers = {};
			if (authenticate.type === 'generic') {
				for (const [outerKey, outerValue] of Object.entries(authenticate.properties)) {
					for (const [key, value] of Object.entries(outerValue)) {
						const keyResolved = resolveCredentialValue(key, credentials, workflow, node);
						const valueResolved = resolveCredentialValue(value, credentials, workflow, node);
						if (!requestOptions[outerKey]) requestOptions[outerKey] = {};
						requestOptions[outerKey][keyResolved] = valueResolved;
					}
				}
			}
		}
		return requestOptions;
	}

	async preAuthentication(helpers, credentials, typeName, node, credentialsExpired) {
		const credentialType = this.getCredentialType(typeName);
		const expirable = (credentialType.properties || []).find(
			(p) => p.type === 'hidden' && p.typeOptions && p.typeOptions.expirable === true,
		);
		if (!expirable || expirable.name === undefined) return undefined;
		if (typeof credentialType.preAuthentication !== 'function') return undefined;

		// n8n forces it while testing a credential (its temp "noOp" node with parameter temp === '').
		const isTestingCredentials =
			node && node.parameters && node.parameters.temp === '' && node.type === 'n8n-nodes-base.noOp';
		if (credentials[expirable.name] === '' || credentialsExpired || isTestingCredentials) {
			const output = await credentialType.preAuthentication.call(helpers, credentials);
			if (!output || output[expirable.name] === undefined) return undefined;
			if (node && node.credentials) {
				const stored = this.store.get(typeName) || {};
				const toPersist = { ...stored };
				for (const [key, value] of Object.entries(output)) {
					if (key === expirable.name || !isExpression(stored[key])) toPersist[key] = value;
				}
				await this.updateCredentials(node.credentials[typeName], typeName, toPersist);
				return Object.assign(credentials, output);
			}
		}
		return undefined;
	}

	async runPreAuthentication(helpers, credentials, typeName) {
		const credentialType = this.getCredentialType(typeName);
		if (typeof credentialType.preAuthentication !== 'function') return undefined;
		const output = await credentialType.preAuthentication.call(helpers, credentials);
		return output ?? undefined;
	}

	async getCredentials(nodeCredentials, type) {
		const helper = this;
		const details = nodeCredentials || { id: CREDENTIAL_ID, name: CREDENTIAL_NAME };
		return {
			id: details.id,
			name: details.name,
			type,
			async getData() {
				return { ...helper.readStored(type) };
			},
			async setData(data) {
				helper.store.set(type, { ...data });
			},
			async updateData(toUpdate) {
				helper.store.set(type, { ...helper.readStored(type), ...toUpdate });
			},
		};
	}

	readStored(type) {
		const data = this.store.get(type);
		if (data === undefined) {
			const error = new Error(
				`Credential with ID "${CREDENTIAL_ID}" does not exist for type "${type}" (no credentials given to the test harness).`,
			);
			error.name = 'CredentialNotFoundError';
			throw error;
		}
		return data;
	}

	async getDecrypted(additionalData, nodeCredentials, type, mode, executeData, raw, expressionResolveValues) {
		const stored = { ...this.readStored(type) };
		if (raw === true) return stored;
		return await this.applyDefaultsAndOverwrites(additionalData, stored, type, mode, executeData, expressionResolveValues);
	}

	/** Credential property defaults, then expressions (`={{...}}`) in the data resolved. */
	async applyDefaultsAndOverwrites(additionalData, decryptedDataOriginal, type, mode, executeData, expressionResolveValues) {
		const properties = this.getCredentialsProperties(type);
		let decryptedData = NodeHelpers.getNodeParameters(properties, decryptedDataOriginal, true, false, null, null);
		for (const key of ['oauthTokenData', 'allowedHttpRequestDomains', 'allowedDomains']) {
			if (decryptedData[key] === undefined && decryptedDataOriginal[key] !== undefined) {
				decryptedData[key] = decryptedDataOriginal[key];
			}
		}
		if (!containsExpression(decryptedData)) return decryptedData;

		const additionalKeys = getAdditionalKeys(additionalData, mode, null, { isCredential: true });
		if (expressionResolveValues) {
			try {
				decryptedData = expressionResolveValues.workflow.expression.getParameterValue(
					decryptedData,
					expressionResolveValues.runExecutionData,
					expressionResolveValues.runIndex,
					expressionResolveValues.itemIndex,
					expressionResolveValues.node.name,
					expressionResolveValues.connectionInputData,
					mode,
					additionalKeys,
					executeData,
					false,
					decryptedData,
				);
			} catch (e) {
				e.message += ' [Error resolving credentials]';
				throw e;
			}
		} else {
			const mockNode = { name: '', typeVersion: 1, type: 'mock', position: [0, 0], parameters: {} };
			const workflow = new Workflow({ nodes: [mockNode], connections: {}, active: false, nodeTypes: mockNodeTypes });
			decryptedData = workflow.expression.getComplexParameterValue(
				mockNode,
				decryptedData,
				mode,
				additionalKeys,
				undefined,
				undefined,
				decryptedData,
			);
		}
		return decryptedData;
	}

	async updateCredentials(nodeCredentials, type, data) {
		this.store.set(type, { ...data });
		this.updates.push({ type, data: { ...data } });
	}

	async updateCredentialsOauthTokenData(nodeCredentials, type, data) {
		const next = { ...(this.store.get(type) || {}), oauthTokenData: data.oauthTokenData };
		this.store.set(type, next);
		this.updates.push({ type, data: { oauthTokenData: data.oauthTokenData } });
	}

	getCredentialsProperties(type) {
		const credentialType = this.getCredentialType(type);
		if (credentialType.extends === undefined) return credentialType.properties;
		const combined = [];
		for (const parent of credentialType.extends) {
			if (this.types.has(parent)) NodeHelpers.mergeNodeProperties(combined, this.getCredentialsProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(combined, credentialType.properties);
		return combined;
	}
}

const mockNodeTypes = {
	getByName: () => ({ description: { properties: [] } }),
	getByNameAndVersion: () => ({ description: { properties: [] } }),
	getKnownTypes: () => ({}),
};

function containsExpression(value) {
	if (typeof value === 'string') return value.charAt(0) === '=';
	if (Array.isArray(value)) return value.some(containsExpression);
	if (value && typeof value === 'object') return Object.values(value).some(containsExpression);
	return false;
}

/** n8n's CredentialsHelper.resolveValue: `={{$credentials.x}}` -> string ('' when empty). */
function resolveCredentialValue(value, credentials, workflow, node) {
	if (!isExpression(value)) return value;
	const resolved = workflow.expression.getSimpleParameterValue(
		node,
		value,
		'internal',
		{ $credentials: credentials },
		undefined,
		'',
	);
	if (!resolved) return '';
	return resolved.toString();
}

// ---------------------------------------------------------------------------------------------
// WorkflowExecute that keeps the original error instance (n8n keeps only a spread copy)
// ---------------------------------------------------------------------------------------------

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
	console.warn('[n8n-runner] WorkflowExecute.reportNodeExecutionError not found: original error instances are lost');
}

/** Adds `itemIndex` / `runIndex` from `error.context` when the error has none of its own. */
function decorateError(error) {
	if (!error || typeof error !== 'object') return error;
	const context = error.context || {};
	if (error.itemIndex === undefined && context.itemIndex !== undefined) error.itemIndex = context.itemIndex;
	if (error.runIndex === undefined && context.runIndex !== undefined) error.runIndex = context.runIndex;
	return error;
}

// ---------------------------------------------------------------------------------------------
// runNode
// ---------------------------------------------------------------------------------------------

/**
 * @param {object} options
 * @param {object} options.nodeType        instance of the node class (INodeType or VersionedNodeType)
 * @param {object} [options.credentialType] instance of the credential class (ICredentialType)
 * @param {object} [options.credentials]   decrypted credential data for `credentialType`
 * @param {object} [options.parameters]    node parameters as in workflow JSON (defaults are added by n8n)
 * @param {object[]} [options.items]       input items' json; default [{}]
 * @param {boolean} [options.continueOnFail] sets node.onError = 'continueRegularOutput'
 * @param {number} [options.typeVersion]   default: the highest version of the node
 * @param {object[]} [options.extraCredentialTypes] more ICredentialType instances (parents, alternatives)
 * @param {Record<string, object>} [options.extraCredentials] data per credential type name for those
 * @param {string} [options.nodeName]      default: description.defaults.name
 * @param {object} [options.nodeSettings]  extra INode fields: retryOnFail, maxTries, alwaysOutputData, executeOnce, onError...
 * @param {string} [options.mode]          WorkflowExecuteMode, default 'manual'
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

	const { typeName, nodeTypes } = registerNodeType(nodeType, options && options.nodeTypeName);
	const version = typeVersion ?? defaultTypeVersion(nodeType);
	const versionDescription = NodeHelpers.getVersionedNodeType(nodeType, version).description;
	const name = nodeName || (versionDescription.defaults && versionDescription.defaults.name) || versionDescription.displayName;

	if (name === SOURCE_NODE_NAME) throw new Error(`runNode: node name "${SOURCE_NODE_NAME}" is reserved`);

	const credentialsData = { ...extraCredentials };
	if (credentialType && credentials !== undefined) credentialsData[credentialType.name] = credentials;
	const credentialsHelper = new MemoryCredentialsHelper([credentialType, ...extraCredentialTypes], credentialsData);

	const nodeCredentials = {};
	for (const typeNameOfCredential of Object.keys(credentialsData)) {
		nodeCredentials[typeNameOfCredential] = { id: CREDENTIAL_ID, name: CREDENTIAL_NAME };
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
	const settings = { executionOrder: 'v1' };

	const workflow = new Workflow({
		id: WORKFLOW_ID,
		name: 'Harness workflow',
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

	const executionId = String(++executionCounter);
	const hooks = new ExecutionLifecycleHooks(mode, executionId, {
		id: WORKFLOW_ID,
		name: 'Harness workflow',
		active: false,
		isArchived: false,
		nodes: workflow.nodes ? Object.values(workflow.nodes) : [],
		connections,
		settings,
		createdAt: new Date(0),
		updatedAt: new Date(0),
	});
	let runFromHook;
	hooks.addHandler('workflowExecuteAfter', (fullRunData) => {
		runFromHook = fullRunData;
	});

	const additionalData = makeAdditionalData(credentialsHelper, hooks, executionId);
	const workflowExecute = new HarnessWorkflowExecute(additionalData, mode, runExecutionData);

	let resolvedRun;
	try {
		resolvedRun = await workflowExecute.processRunExecutionData(workflow);
	} catch (error) {
		// e.g. WorkflowHasIssuesError (a required parameter is missing): thrown before anything runs.
		return { items: [], outputs: [], error: decorateError(error), taskData: undefined, run: undefined, credentialsHelper };
	}
	const run = runFromHook || resolvedRun;
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

// ---------------------------------------------------------------------------------------------
// testCredential: what n8n's CredentialsTester does for a credential with a `test` request
// ---------------------------------------------------------------------------------------------

/**
 * @param {object} options
 * @param {object} options.credentialType ICredentialType instance with `test: ICredentialTestRequest`
 * @param {object} options.credentials    decrypted data
 * @param {object[]} [options.extraCredentialTypes]
 * @returns {Promise<{status: 'OK'|'Error', message: string, error?: unknown}>}
 */
async function testCredential(options) {
	const { credentialType, credentials = {}, extraCredentialTypes = [] } = options || {};
	const test = credentialType && credentialType.test;
	if (!test || typeof test !== 'object' || !test.request) {
		return { status: 'Error', message: 'No testing function found for this credential.' };
	}
	const typeName = credentialType.name;
	const credentialsHelper = new MemoryCredentialsHelper([credentialType, ...extraCredentialTypes], {
		[typeName]: credentials,
	});
	const additionalData = makeAdditionalData(credentialsHelper, undefined);

	let data;
	try {
		data = await credentialsHelper.applyDefaultsAndOverwrites(additionalData, { ...credentials }, typeName, 'internal');
	} catch (error) {
		return { status: 'Error', message: String(error.message), error };
	}
	const credentialsDecrypted = { id: CREDENTIAL_ID, name: CREDENTIAL_NAME, type: typeName, data };

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
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: tempNodeTypes });
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
				return { status: 'Error', message: statusMessage || `Received HTTP status code: ${statusCode}`, error };
			}
		} else if (cause && cause.code) {
			return { status: 'Error', message: cause.code, error };
		}
		return { status: 'Error', message: String(error && error.message), error };
	}

	for (const rule of Array.isArray(test.rules) ? test.rules : []) {
		if (rule.type === 'responseSuccessBody') {
			const responseData = response && response[0] && response[0][0] && response[0][0].json;
			if (get(responseData, rule.properties.key) === rule.properties.value) {
				return { status: 'Error', message: rule.properties.message };
			}
		}
	}
	return { status: 'OK', message: 'Connection successful!' };
}

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
