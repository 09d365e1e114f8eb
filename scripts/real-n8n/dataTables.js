'use strict';
// n8n's Data tables through the REST API the editor uses (editor.js restRequest: the editor running,
// the owner logged in), the same routes in 2.40.7, 2.41.1 and 1.123.81: the owner's personal project,
// its tables, a table's rows, a new table (1.123.81's Data table node cannot create one: the UI or
// this route does), and a workflow created or deleted through the editor's own routes. `n8n execute` cannot use
// Data tables: it does not start n8n's modules ("Attempted to use Data table node but the module is
// disabled"), so a workflow with a Data table node runs in the editor (runManually).
const { restRequest } = require('./editor');

/** A REST answer's `data`, or an error naming the route and what came back. */
async function restData(ctx, method, urlPath, body) {
	const res = await restRequest(ctx, method, urlPath, body);
	if (res.status >= 300 || !res.json || res.json.data === undefined)
		throw new Error(`${method} ${urlPath}: HTTP ${res.status} ${res.text.slice(0, 400)}`);
	return res.json.data;
}

/** The logged-in user's personal project, where imported workflows and their tables live. */
async function personalProjectId(ctx) {
	return (await restData(ctx, 'GET', '/rest/projects/personal')).id;
}

/** The project's Data tables: [{id, name, columns?...}]. */
async function listDataTables(ctx, projectId) {
	const data = await restData(ctx, 'GET', `/rest/projects/${projectId}/data-tables?take=100`);
	return Array.isArray(data) ? data : data.data;
}

/** Creates a table: columns [[name, type]] (string, number, boolean, date). Returns {id, name, ...}. */
async function createDataTable(ctx, projectId, name, columns) {
	return await restData(ctx, 'POST', `/rest/projects/${projectId}/data-tables`, {
		name,
		columns: columns.map(([column, type]) => ({ name: column, type })),
	});
}

/** Every row of a table, in the order n8n stores them (by id). */
async function dataTableRows(ctx, projectId, tableId) {
	const data = await restData(
		ctx,
		'GET',
		`/rest/projects/${projectId}/data-tables/${tableId}/rows?take=1000&sortBy=id:asc`,
	);
	return Array.isArray(data) ? data : data.data;
}

/** Creates a workflow as the editor saves a new one (POST /rest/workflows); returns its id. */
async function createWorkflow(ctx, { name, nodes, connections, settings }) {
	const data = await restData(ctx, 'POST', '/rest/workflows', {
		name,
		nodes,
		connections,
		settings,
		active: false,
	});
	return String(data.id);
}

/** Deletes a workflow as the editor does: archived first (2.x needs it), then deleted. */
async function deleteWorkflow(ctx, workflowId) {
	if (ctx.n8n.major >= 2) await restData(ctx, 'POST', `/rest/workflows/${workflowId}/archive`, {});
	await restData(ctx, 'DELETE', `/rest/workflows/${workflowId}`);
}

module.exports = {
	deleteWorkflow,
	personalProjectId,
	listDataTables,
	createDataTable,
	dataTableRows,
	createWorkflow,
};
