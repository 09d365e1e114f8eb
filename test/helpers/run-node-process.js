'use strict';

/**
 * `runNode` of the built phpRank node in a child Node process with an environment of its own: a run
 * on a server in another time zone (`TZ`). Setting `process.env.TZ` inside a jest test changes
 * nothing: jest gives each test file a copy of `process.env`, and Node only hears of a change to the
 * real one. What crosses the process: the items' json and the error's message and description.
 *
 *   const { items, error } = await runNodeInProcess(
 *     { credentials, parameters, workflowSettings }, { TZ: 'America/New_York' });
 */
const { jsonOfChild } = require('./json-child');

function runNodeInProcess(options, env = {}) {
	return jsonOfChild(__filename, { env, input: JSON.stringify(options) });
}

async function childMain() {
	let input = '';
	for await (const chunk of process.stdin) input += chunk;
	const options = JSON.parse(input);
	const { runNode } = require('./n8n-runner');
	const built = require('./built');
	const result = await runNode({
		...options,
		nodeType: new built.node.PhpRank(),
		credentialType: new built.credential.PhpRankApi(),
	});
	const error = result.error && {
		message: result.error.message,
		description: result.error.description,
	};
	process.stdout.write(JSON.stringify({ items: result.items.map((item) => item.json), error }));
}

if (require.main === module) {
	childMain().then(
		() => process.exit(0),
		(error) => {
			process.stderr.write(String(error && error.stack));
			process.exit(1);
		},
	);
}

module.exports = { runNodeInProcess };
