'use strict';
// Preloaded (`node --require`) into one `n8n execute` per line by lib/weeklyAudit.js, with the text of
// a log line in PHPRANK_E2E_STDOUT_NOISE: n8n's stdout made what a busy machine made of it once
// (issue 27): that log line lands in the middle of the printed run, and the run's end is lost. The run
// must still be read: scripts/real-n8n/storedRun.js reads it from n8n's database, not from stdout.
const noise = process.env.PHPRANK_E2E_STDOUT_NOISE;

if (noise) {
	const write = process.stdout.write.bind(process.stdout);
	process.stdout.write = (chunk, encoding, callback) => {
		const text =
			typeof chunk === 'string'
				? chunk
				: Buffer.from(chunk).toString(typeof encoding === 'string' ? encoding : 'utf8');
		if (text.length < 1000) return write(chunk, encoding, callback);
		const done = typeof encoding === 'function' ? encoding : callback;
		// inside the run, near its end: within the last MiB of stdout that execute() keeps
		const at = Math.max(Math.floor(text.length / 2), text.length - 4096);
		write(text.slice(0, at));
		write(`\n${noise}\n`);
		return write(text.slice(at, -2), done); // its last line, the run's closing `}`, is lost
	};
}
