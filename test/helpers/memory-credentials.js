'use strict';

/**
 * The credentials of an in-process run: an ICredentialsHelper that keeps decrypted data in
 * memory and authenticates requests the way n8n's own CredentialsHelper does.
 */

// Before n8n-core loads: it writes $N8N_USER_FOLDER/.n8n/config on first use.
require('./user-folder').prepareForN8nCore();

const { getAdditionalKeys } = require('n8n-core');
const {
	Workflow,
	NodeHelpers,
	ICredentialsHelper,
	UnexpectedError,
	isExpression,
} = require('n8n-workflow');

/** The one stored credential every harness node points at. */
const CREDENTIAL_ID = 'harness-credential-1';
const CREDENTIAL_NAME = 'Harness credential';

/**
 * In-memory ICredentialsHelper that does what n8n's own CredentialsHelper does:
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
			throw new UnexpectedError(
				`Unknown credential type "${typeName}" (not given to the test harness)`,
			);
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
				throw new UnexpectedError(
					'Workflow and node are required for declarative credential authentication',
				);
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

	async getDecrypted(
		additionalData,
		nodeCredentials,
		type,
		mode,
		executeData,
		raw,
		expressionResolveValues,
	) {
		const stored = { ...this.readStored(type) };
		if (raw === true) return stored;
		return await this.applyDefaultsAndOverwrites(
			additionalData,
			stored,
			type,
			mode,
			executeData,
			expressionResolveValues,
		);
	}

	/** Credential property defaults, then expressions (`={{...}}`) in the data resolved. */
	async applyDefaultsAndOverwrites(
		additionalData,
		decryptedDataOriginal,
		type,
		mode,
		executeData,
		expressionResolveValues,
	) {
		const properties = this.getCredentialsProperties(type);
		let decryptedData = NodeHelpers.getNodeParameters(
			properties,
			decryptedDataOriginal,
			true,
			false,
			null,
			null,
		);
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
			const workflow = new Workflow({
				nodes: [mockNode],
				connections: {},
				active: false,
				nodeTypes: mockNodeTypes,
			});
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
			if (this.types.has(parent)) {
				NodeHelpers.mergeNodeProperties(combined, this.getCredentialsProperties(parent));
			}
		}
		NodeHelpers.mergeNodeProperties(combined, credentialType.properties);
		return combined;
	}
}

/** Node types of the stand-in workflow that resolves credential expressions outside a run. */
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

module.exports = { MemoryCredentialsHelper, CREDENTIAL_ID, CREDENTIAL_NAME };
