'use strict';

/**
 * Runs a built polling trigger node (`polling: true`, `poll()`) through n8n-core's real poll
 * machinery, in-process, with its static data kept between polls the way n8n keeps it.
 *
 *   const { runPoll, createPollSession } = require('./poll-runner');
 *   const session = createPollSession({ nodeType, credentialType, credentials, parameters });
 *   const first = await session.poll();            // an active workflow's poll tick
 *   const test = await session.poll({ mode: 'manual' }); // the editor's "Fetch Test Event"
 *
 * Poll ticks (mode 'trigger') go through n8n-core's `PollTriggerExecutor` (the code n8n's
 * scheduler calls on every tick: staging scope → TriggersAndPollers.runPollFunction → __emit when
 * the poll returned data, else the cursor-only commit), with a `PollContext` wired as n8n 2.40's
 * TriggerExecutionContextFactory wires it for durable poll cursors:
 * - the node reads and writes a *snapshot* of its static data (`getWorkflowStaticData('node')`);
 * - the snapshot is persisted when the poll emitted items or returned null (nothing to emit);
 * - a poll that throws persists nothing: the next poll sees the state from before.
 * Persisting goes through JSON, as n8n's database does, so state that does not survive JSON
 * (a Map, undefined values) shows up as lost in tests.
 *
 * "Fetch Test Event" (mode 'manual') does what WorkflowExecute.executePollNode does: a
 * `PollContext` in manual mode and `nodeType.poll.call(context)`; nothing is persisted.
 *
 * Written for n8n-core 2.40.3 + n8n-workflow 2.40.1 (the pair in n8n 2.40.7).
 */

// Before n8n-core loads: it writes $N8N_USER_FOLDER/.n8n/config on first use.
require('./user-folder').prepareForN8nCore();

const { PollContext, PollTriggerExecutor } = require('n8n-core');
const { Workflow, NodeHelpers } = require('n8n-workflow');
// n8n-core's services live in its own copy of the DI container.
const { Container } = require(require.resolve('@n8n/di', { paths: [require.resolve('n8n-core')] }));
const { registerNodeType, defaultTypeVersion } = require('./node-types');
const { MemoryCredentialsHelper, CREDENTIAL_ID, CREDENTIAL_NAME } = require('./memory-credentials');
const { makeAdditionalData } = require('./additional-data');

const WORKFLOW_ID = 'harness-poll-workflow';

// Through JSON, as n8n's database stores static data: what JSON drops is lost here too.
const clone = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/**
 * One poll.
 *
 * @param {object} options
 * @param {object} options.nodeType       instance of the trigger node class
 * @param {object} options.credentialType instance of the credential class
 * @param {object} options.credentials    decrypted credential data
 * @param {object} [options.parameters]   node parameters as in workflow JSON (defaults are added)
 * @param {object} [options.staticData]   the workflow's persisted static data (`{"node:<name>": {...}}`);
 *                                        updated in place when n8n would persist it
 * @param {'trigger'|'manual'} [options.mode] 'trigger' (a tick of an active workflow, default) or 'manual'
 * @param {string} [options.nodeName]     default: description.defaults.name
 * @param {number} [options.pollBudgetMs] what the context's `getPollBudgetMs()` answers (n8n-core's
 *                                        default: 5 minutes); `null`: no such method, as in n8n 1.x
 * @param {number} [options.typeVersion] the node's version in the workflow (default: the node type's default)
 * @param {object} [options.logger]       the node's `this.logger` (n8n's Logger otherwise), e.g. to
 *                                        read what the trigger logs
 * @returns {Promise<{items: object[], emitted: boolean, committed: boolean, error: Error|undefined,
 *   nodeStaticData: object|undefined}>}
 *   items: the emitted items (first output); emitted: whether the poll returned data;
 *   committed: whether the static data was persisted; error: what the poll threw;
 *   nodeStaticData: the node's persisted static data after the poll.
 */
async function runPoll(options) {
	const {
		nodeType,
		credentialType,
		credentials,
		parameters = {},
		staticData = {},
		mode = 'trigger',
		nodeName,
		pollBudgetMs,
		logger,
	} = options;
	/** n8n 1.x's poll context has no getPollBudgetMs: `null` removes it. */
	const withBudget = (context) => {
		if (pollBudgetMs === null)
			Object.defineProperty(context, 'getPollBudgetMs', { value: undefined });
		else if (pollBudgetMs !== undefined)
			Object.defineProperty(context, 'getPollBudgetMs', { value: () => pollBudgetMs });
		if (logger) Object.defineProperty(context, 'logger', { value: logger });
		return context;
	};
	const { typeName, nodeTypes } = registerNodeType(nodeType, options.nodeTypeName);
	const version = options.typeVersion ?? defaultTypeVersion(nodeType);
	const description = NodeHelpers.getVersionedNodeType(nodeType, version).description;
	const name = nodeName || description.defaults.name;
	const node = {
		id: 'harness-poll-node',
		name,
		type: typeName,
		typeVersion: version,
		position: [0, 0],
		parameters: clone(parameters),
		credentials: { [credentialType.name]: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
	};
	const workflow = new Workflow({
		id: WORKFLOW_ID,
		name: 'Harness poll workflow',
		nodes: [node],
		connections: {},
		active: mode !== 'manual',
		nodeTypes,
		staticData: clone(staticData),
		settings: { executionOrder: 'v1' },
	});
	const credentialsHelper = new MemoryCredentialsHelper([credentialType], {
		[credentialType.name]: credentials,
	});
	// No execution id: n8n polls before it starts an execution.
	const additionalData = makeAdditionalData({ credentialsHelper, workflowId: WORKFLOW_ID });
	const key = `node:${name}`;
	const result = {
		items: [],
		emitted: false,
		committed: false,
		error: undefined,
		nodeStaticData: undefined,
	};

	if (mode === 'manual') {
		// WorkflowExecute.executePollNode
		const context = withBudget(
			new PollContext(workflow, workflow.getNode(name), additionalData, 'manual', 'manual'),
		);
		try {
			const data = await nodeType.poll.call(context);
			result.emitted = data !== null && data !== undefined;
			result.items = (data && data[0]) || [];
		} catch (error) {
			result.error = error;
		}
		result.nodeStaticData = clone(staticData[key]);
		return result;
	}

	let snapshot;
	const persist = () => {
		staticData[key] = clone(snapshot);
		result.committed = true;
	};
	const pollFunctions = withBudget(
		new PollContext(
			workflow,
			workflow.getNode(name),
			additionalData,
			'trigger',
			'update',
			(data) => {
				// __emit: n8n persists the cursor together with the execution it starts.
				persist();
				result.emitted = true;
				result.items = data[0] || [];
			},
			(error) => {
				// __emitError: n8n records a failed execution; nothing is persisted.
				result.error = error;
			},
			async () => persist(),
			async (poll) => {
				snapshot = clone(staticData[key]) || {};
				return await poll();
			},
			() => {
				if (snapshot === undefined) throw new Error('static data read outside of a poll');
				return snapshot;
			},
		),
	);
	const executor = Container.get(PollTriggerExecutor);
	await executor.create(workflow, workflow.getNode(name), pollFunctions, () => true)(false);
	result.nodeStaticData = clone(staticData[key]);
	return result;
}

/**
 * Polls of one active workflow: the static data persists from poll to poll. `parameters` can be
 * changed between polls (`session.parameters = {...}`), as when a user edits and re-saves.
 */
function createPollSession(options) {
	const staticData = {};
	const session = {
		parameters: options.parameters || {},
		staticData,
		poll(extra = {}) {
			return runPoll({ ...options, parameters: session.parameters, staticData, ...extra });
		},
	};
	return session;
}

module.exports = { runPoll, createPollSession };
