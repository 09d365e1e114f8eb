'use strict';
// Preloaded into the n8n process (`node --require rss-sampler.js n8n execute ...`): a worker
// thread writes "<epoch ms> <rss bytes>" lines every 5 ms, so the RSS seen while one node runs
// can be read against the node's startTime/executionTime from the run data. A worker keeps
// sampling while the main thread is busy (parsing, building items).
// `--require` is inherited by worker threads and forked processes (execArgv): only the main
// thread of the process that got the variable samples, and its children do not see it.
const { Worker, isMainThread } = require('node:worker_threads');

const file = isMainThread ? process.env.PHPRANK_BENCH_RSS_FILE : undefined;
delete process.env.PHPRANK_BENCH_RSS_FILE;
if (file) {
	const code = `
const fs = require('node:fs');
const { workerData } = require('node:worker_threads');
let lines = [];
setInterval(() => { lines.push(Date.now() + ' ' + process.memoryUsage.rss()); }, 5);
setInterval(() => { if (lines.length) { fs.appendFileSync(workerData.file, lines.join('\\n') + '\\n'); lines = []; } }, 100);
`;
	const worker = new Worker(code, { eval: true, workerData: { file } });
	worker.unref();
}
