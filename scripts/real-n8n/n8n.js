'use strict';
/**
 * Drives one real n8n (installed by ./install.js) in an isolated user folder: the one module the
 * e2e suite, the demo and the benchmark require. It gathers:
 *   processes.js   process groups, free ports, waiting (also used for Redis and Postgres)
 *   userFolder.js  user folders and each n8n process's environment
 *   cli.js         n8n's command line: pack and install the package, import, execute, activate
 *   editor.js      `n8n start` and its REST API: owner, manual runs, executions, credential test
 *   dataTables.js  n8n's Data tables through that REST API (tables, rows; a workflow created there)
 *
 *   const { ensureN8n } = require('./install');
 *   const rn = require('./n8n');
 *   const n8n = await ensureN8n('2');
 *   const ctx = rn.createUserFolder(n8n);                        // fresh temp N8N_USER_FOLDER
 *   rn.installCommunityPackage(ctx, await rn.packPackage(repoDir)); // as n8n installs community packages
 *   await rn.importCredentials(ctx, [{ id, name, type, data }]);
 *   await rn.importWorkflows(ctx, [{ id, name, nodes, connections }]);
 *   const result = await rn.execute(ctx, id);                    // ok, data (the run), stdout, stderr
 *   rn.nodeOutput(result, 'Node Name')                           // -> [json, ...]
 *   const editor = await rn.startEditor(ctx, { port: 5678 });   // n8n start, waits for /healthz
 *   await rn.setupOwner(ctx, { email, password, firstName, lastName });
 *   await editor.stop();
 *   rn.removeUserFolder(ctx);
 *
 * Only node: built-ins. All n8n processes get their own process group and are killed with it.
 */
const { getFreePort } = require('./processes');
const userFolder = require('./userFolder');
const cli = require('./cli');
const editor = require('./editor');
const dataTables = require('./dataTables');

module.exports = { ...userFolder, ...cli, ...editor, ...dataTables, getFreePort };
