'use strict';
// Workflow JSON for the benchmarks: the phpRank node and the HTTP Request node (n8n 2.40.7,
// typeVersion 4.5, the version the editor adds today) set up the way a user would.

const HTTP_VERSION = 4.5;

let nodeCounter = 0;
function nodeId() {
	nodeCounter++;
	return `00000000-0000-4000-8000-${String(nodeCounter).padStart(12, '0')}`;
}

function manualTrigger(name = 'Start') {
	return {
		id: nodeId(),
		name,
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
}

/** A Code node that outputs `items` (json objects) as they are. */
function itemsNode(name, items) {
	return {
		id: nodeId(),
		name,
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		position: [220, 0],
		parameters: { jsCode: `return ${JSON.stringify(items)}.map((json) => ({ json }));` },
	};
}

function phpRankNode(name, nodeType, parameters, credential) {
	return {
		id: nodeId(),
		name,
		type: nodeType,
		typeVersion: 1,
		position: [440, 0],
		parameters,
		credentials: { phpRankApi: { id: credential.id, name: credential.name } },
	};
}

/**
 * HTTP Request node. `auth` is { kind: 'header', credential } (generic Header Auth),
 * { kind: 'phpRank', credential } (predefined credential type phpRankApi), or absent (no
 * authentication: a public file such as a sitemap).
 */
function httpNode(name, { method = 'GET', url, query, form, headers, pagination, auth }) {
	const parameters = { method, url };
	const credentials = {};
	if (!auth) {
		// the editor's default: Authentication "None"
	} else if (auth.kind === 'header') {
		Object.assign(parameters, {
			authentication: 'genericCredentialType',
			genericAuthType: 'httpHeaderAuth',
		});
		credentials.httpHeaderAuth = { id: auth.credential.id, name: auth.credential.name };
	} else {
		Object.assign(parameters, {
			authentication: 'predefinedCredentialType',
			nodeCredentialType: 'phpRankApi',
		});
		credentials.phpRankApi = { id: auth.credential.id, name: auth.credential.name };
	}
	const pairs = (object) => ({
		parameters: Object.entries(object).map(([key, value]) => ({ name: key, value: String(value) })),
	});
	if (query) Object.assign(parameters, { sendQuery: true, queryParameters: pairs(query) });
	if (headers) Object.assign(parameters, { sendHeaders: true, headerParameters: pairs(headers) });
	if (form)
		Object.assign(parameters, {
			sendBody: true,
			contentType: 'form-urlencoded',
			bodyParameters: pairs(form),
		});
	parameters.options = {};
	if (pagination) {
		const { completeWhen, maxPages } = pagination;
		const settings = {
			paginationMode: 'updateAParameterInEachRequest',
			// As n8n's docs show: page = {{ $pageCount + 1 }}
			parameters: { parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }] },
		};
		if (completeWhen === 'responseIsEmpty') settings.paginationCompleteWhen = 'responseIsEmpty';
		else
			Object.assign(settings, {
				paginationCompleteWhen: 'other',
				completeExpression: completeWhen,
			});
		if (maxPages) Object.assign(settings, { limitPagesFetched: true, maxRequests: maxPages });
		parameters.options.pagination = { pagination: settings };
	}
	return {
		id: nodeId(),
		name,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: HTTP_VERSION,
		position: [440, 0],
		parameters,
		credentials,
	};
}

/**
 * A workflow where every node in `branches` hangs off `source` (or the trigger) on its own
 * branch. n8n's v1 execution order runs the branches one after another, top to bottom, so
 * the nodes run in the order given and never overlap.
 */
function fanOutWorkflow({ id, name, source, branches }) {
	const trigger = manualTrigger();
	const nodes = [trigger];
	const connections = {};
	let parent = trigger;
	if (source) {
		nodes.push(source);
		connections[trigger.name] = { main: [[{ node: source.name, type: 'main', index: 0 }]] };
		parent = source;
	}
	branches.forEach((node, index) => {
		node.position = [660, index * 160];
		nodes.push(node);
	});
	connections[parent.name] = {
		main: [branches.map((node) => ({ node: node.name, type: 'main', index: 0 }))],
	};
	return {
		id,
		name,
		nodes,
		connections,
		settings: { executionOrder: 'v1', saveManualExecutions: false },
	};
}

/** Two sources feeding their own branches (a warm-up source and the measured one). */
function twoSourceWorkflow({ id, name, sources }) {
	const trigger = manualTrigger();
	const nodes = [trigger];
	const connections = {
		[trigger.name]: {
			main: [sources.map(({ source }) => ({ node: source.name, type: 'main', index: 0 }))],
		},
	};
	let row = 0;
	sources.forEach(({ source, branches }, s) => {
		source.position = [220, s * 2000];
		nodes.push(source);
		branches.forEach((node) => {
			node.position = [660, row++ * 160];
			nodes.push(node);
		});
		connections[source.name] = {
			main: [branches.map((node) => ({ node: node.name, type: 'main', index: 0 }))],
		};
	});
	return {
		id,
		name,
		nodes,
		connections,
		settings: { executionOrder: 'v1', saveManualExecutions: false },
	};
}

module.exports = { itemsNode, phpRankNode, httpNode, fanOutWorkflow, twoSourceWorkflow };
