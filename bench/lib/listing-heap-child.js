'use strict';
// Run with `node --expose-gc`: what Report → Create or Re-Run keeps of a site's listing, in live heap
// (a full GC before every sample), against the bytes of the listing as phpRank sends them.
// argv: <built createOrRerun/index.js (createOrRerun.js before)> <pages in the run> <reports of the site>
//
// The site's listing is read from a sandbox first, as JSON text, and the sandbox closed; the rules
// (createOrRerunOnce) then run over a scripted API that answers those pages (JSON.parse of the
// text, as the transport does) and holds every write until sampled. So the samples are what the
// rules keep: the listing's records while it is read, then what each page's outcome holds (the
// report found, which Output Changes shows as "before"), then nothing once the run is dropped.
const [moduleFile, pagesArg, reportsArg] = process.argv.slice(2);
const fs = require('node:fs');
const path = require('node:path');
const { startSandbox } = require('../../test/sandbox');

const SITE = 'audit-site.test';

async function listingText(reports) {
	const sandbox = await startSandbox({
		apiKeys: ['heap-key'],
		seed: Array.from({ length: reports }, (_, i) => ({ url: `https://${SITE}/page-${i + 1}` })),
	});
	try {
		const pages = [];
		for (let page = 1; page <= Math.ceil(reports / 100); page++) {
			const query = `search_by=url&search=${SITE}&sort_by=id&sort=desc&per_page=100&page=${page}`;
			const response = await fetch(`${sandbox.url}/api/v1/reports?${query}`, {
				headers: { Authorization: 'Bearer heap-key', Accept: 'application/json' },
			});
			pages.push(await response.text());
		}
		return pages;
	} finally {
		await sandbox.close();
	}
}

/** The package's own wait under a Stop signal (transport/abort.js), where it has one. */
function waitForUnder(signal) {
	const file = path.join(path.dirname(moduleFile), '..', '..', 'transport', 'abort.js');
	const untilCanceled = fs.existsSync(file) ? require(file).untilCanceled : undefined;
	return untilCanceled && (async (work) => await untilCanceled(work, signal));
}

async function main() {
	const pagesInRun = Number(pagesArg);
	const reports = Number(reportsArg);
	const text = await listingText(reports);
	const listingBytes = text.reduce((sum, page) => sum + Buffer.byteLength(page), 0);
	const { createOrRerunOnce } = require(moduleFile);
	const live = () => {
		global.gc();
		return process.memoryUsage().heapUsed;
	};

	let release;
	const writesHeld = new Promise((resolve) => (release = resolve));
	let writesWaiting = 0;
	let allWaiting;
	const everyPageWaits = new Promise((resolve) => (allWaiting = resolve));
	let peakWhileListing = 0;
	const api = {
		async listPage(search, page) {
			// sampled as each page arrives: the records kept from the pages before it are alive
			peakWhileListing = Math.max(peakWhileListing, live());
			if (search !== SITE) throw new Error(`unexpected own lookup: ${search}`);
			return JSON.parse(text[page - 1]);
		},
		async create() {
			throw new Error('no page of the run is without a report');
		},
		async rerun(id) {
			if (++writesWaiting === pagesInRun) allWaiting();
			await writesHeld;
			return { id, url: 're-run' };
		},
		now: () => Date.now(),
		// as in n8n (rulesApi.ts lookupApi): an account, so that the runs that overlap share each
		// page's work (overlappingRuns.ts), and waits that the execution's Stop ends. A package before
		// issue 33 reads neither.
		account: Promise.resolve('heap-account'),
		waitFor: waitForUnder(new AbortController().signal),
	};
	// the oldest pages of the site: page 1 of the listing holds none of them when the run is smaller
	const urls = Array.from({ length: pagesInRun }, (_, i) => `https://${SITE}/page-${i + 1}`);

	const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
	// a warm-up run (two pages on page 1 of the listing): compiled code and the closed sandbox settle before the baseline
	const warmUp = {};
	const quickApi = { ...api, rerun: async (id) => ({ id }) };
	await Promise.all(
		[reports - 1, reports].map((n) =>
			createOrRerunOnce(warmUp, { url: `https://${SITE}/page-${n}`, maxAgeHours: 0 }, quickApi),
		),
	);
	for (let i = 0; i < 3; i++) {
		await settle();
		live();
	}
	peakWhileListing = 0;
	// one parsed copy of the whole listing, for scale
	let copy = text.map((page) => JSON.parse(page));
	const withCopy = live();
	copy = undefined;
	const baseline = live();
	const oneCopy = withCopy - baseline;
	let run = {};
	let outcomes = Promise.all(
		urls.map((url) => createOrRerunOnce(run, { url, maxAgeHours: 0 }, api)),
	);
	await everyPageWaits;
	const whileWriting = live();
	release();
	await outcomes;
	outcomes = undefined;
	await settle();
	const runHeld = live();
	run = undefined;
	await settle();
	const afterRun = live();
	process.stdout.write(
		`${JSON.stringify({
			pagesInRun,
			reports,
			listingBytes,
			oneCopy,
			peakWhileListing: peakWhileListing - baseline,
			whileWriting: whileWriting - baseline,
			runHeld: runHeld - baseline,
			afterRun: afterRun - baseline,
		})}\n`,
	);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
