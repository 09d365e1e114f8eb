'use strict';

// Seed data: 'demo' (a believable account), { reports: N } (bulk, fast) and explicit lists.
// Seeded reports are dated before the sandbox clock, so reports created later are newer.

const { parsePageUrl } = require('./store');
const { unit } = require('./hash');

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/* [url, score, privacy, password?] — six sites, a spread of good / decent / bad. */
const DEMO_SITES = [
	[
		['https://www.northwind-coffee.com/', 84, 0],
		['https://www.northwind-coffee.com/shop', 78, 0],
		['https://www.northwind-coffee.com/shop/espresso-blend', 71, 0],
		['https://www.northwind-coffee.com/about', 88, 0],
		['https://www.northwind-coffee.com/blog/how-to-brew-pour-over', 66, 1],
		['https://www.northwind-coffee.com/contact', 81, 0],
		['https://www.northwind-coffee.com/wholesale', 59, 2, 'beans2026'],
	],
	[
		['https://blog.trailrunner.io/', 92, 0],
		['https://blog.trailrunner.io/posts/ultra-training-plan', 87, 0],
		['https://blog.trailrunner.io/posts/best-trail-shoes-2025', 83, 0],
		['https://blog.trailrunner.io/posts/hydration-tips', 95, 1],
		['https://blog.trailrunner.io/about', 90, 0],
		['https://blog.trailrunner.io/tags/gear', 74, 0],
	],
	[
		['http://acme-plumbing.co.uk/', 41, 0],
		['http://acme-plumbing.co.uk/services', 37, 0],
		['http://acme-plumbing.co.uk/services/boiler-repair', 29, 1],
		['http://acme-plumbing.co.uk/emergency', 46, 0],
		['http://acme-plumbing.co.uk/contact', 52, 0],
		['http://acme-plumbing.co.uk/areas/leeds', 33, 2, 'pipes-and-more'],
	],
	[
		['https://lumen-studio.design/', 97, 0],
		['https://lumen-studio.design/work', 93, 0],
		['https://lumen-studio.design/work/brand-refresh-orbit', 89, 1],
		['https://lumen-studio.design/services', 91, 0],
		['https://lumen-studio.design/journal/designing-for-accessibility', 86, 0],
		['https://lumen-studio.design/contact', 98, 0],
		['https://lumen-studio.design/careers', 79, 2, 'studio-only'],
	],
	[
		['https://www.greenleaf-market.org/', 63, 0],
		['https://www.greenleaf-market.org/vendors', 55, 0],
		['https://www.greenleaf-market.org/events', 48, 1],
		['https://www.greenleaf-market.org/events/harvest-festival', 44, 0],
		['https://www.greenleaf-market.org/volunteer', 68, 0],
		['https://www.greenleaf-market.org/donate', 72, 0],
	],
	[
		['https://docs.tinycms.dev/', 85, 0],
		['https://docs.tinycms.dev/getting-started', 82, 0],
		['https://docs.tinycms.dev/guides/deployment', 76, 0],
		['https://docs.tinycms.dev/api/authentication', 80, 1],
		['https://docs.tinycms.dev/api/webhooks', 64, 0],
		['https://docs.tinycms.dev/changelog', 57, 0],
		['https://docs.tinycms.dev/faq', 49, 0],
		['https://docs.tinycms.dev/plugins', 70, 2, 'tinycms-beta'],
	],
];

/** Interleave the sites so that creation dates mix projects, as real use would. */
function demoEntries() {
	const entries = [];
	const longest = Math.max(...DEMO_SITES.map((site) => site.length));
	for (let i = 0; i < longest; i++) {
		for (const site of DEMO_SITES) {
			if (site[i]) {
				const [url, score, privacy, password] = site[i];
				entries.push({ url, score, privacy, password });
			}
		}
	}
	return entries;
}

const BULK_HOSTS = [
	'alpine-outfitters.com',
	'www.harbor-dental.net',
	'copperleaf.io',
	'maple-bakery.ca',
	'blog.northstar-labs.dev',
	'riverbend-hotel.com',
	'www.quartz-analytics.com',
	'sunset-yoga.studio',
	'ironclad-security.net',
	'bluefin-sushi.com',
	'www.pinecrest-school.org',
	'nimbus-cloud.app',
	'oakwood-furniture.co.uk',
	'shop.velvet-threads.com',
	'granite-legal.law',
	'www.meadow-farms.org',
	'cobalt-games.gg',
	'saffron-kitchen.in',
	'polar-expeditions.travel',
	'ember-coffee.roasters.com',
];
const BULK_PATHS = [
	'/',
	'/about',
	'/pricing',
	'/contact',
	'/blog',
	'/features',
	'/docs',
	'/careers',
	'/team',
	'/faq',
];

// Real accounts have one or two big sites and a long tail: project sizes follow 1/rank
// (the largest of 20 holds about 28 %). Scores lean bad, as first audits usually do.
const BULK_WEIGHTS = cumulative(BULK_HOSTS.map((_, rank) => 1 / (rank + 1)));
const SCORE_BANDS = [
	{ share: 0.45, min: 12, max: 44 }, // bad
	{ share: 0.3, min: 53, max: 76 }, // decent
	{ share: 0.25, min: 84, max: 97 }, // good
];
const BAND_WEIGHTS = cumulative(SCORE_BANDS.map((band) => band.share));

function cumulative(weights) {
	const total = weights.reduce((a, b) => a + b, 0);
	let running = 0;
	return weights.map((w) => (running += w / total));
}

function pickIndex(cumulativeWeights, u) {
	const index = cumulativeWeights.findIndex((edge) => u < edge);
	return index === -1 ? cumulativeWeights.length - 1 : index;
}

/** N reports over 20 projects of uneven size; every tenth project is served over plain http. */
function bulkEntries(count) {
	const entries = new Array(count);
	const pagesPerHost = new Array(BULK_HOSTS.length).fill(0);
	for (let i = 0; i < count; i++) {
		// The first 20 reports cover every project once, so small seeds still show all of them.
		const hostIndex = i < BULK_HOSTS.length ? i : pickIndex(BULK_WEIGHTS, unit('bulk-host', i));
		const n = pagesPerHost[hostIndex]++;
		const path = n < BULK_PATHS.length ? BULK_PATHS[n] : `/blog/post-${n}`;
		const scheme = hostIndex % 10 === 9 ? 'http' : 'https';
		const band = SCORE_BANDS[pickIndex(BAND_WEIGHTS, unit('bulk-band', i))];
		const targetScore = band.min + Math.floor(unit('bulk-score', i) * (band.max - band.min + 1));
		const privacy = i % 11 === 0 ? 2 : i % 5 === 0 ? 1 : 0;
		entries[i] = {
			url: `${scheme}://${BULK_HOSTS[hostIndex]}${path}`,
			privacy,
			password: privacy === 2 ? 'secret' : undefined,
			targetScore,
		};
	}
	return entries;
}

/** Turn a seed option into report entries and the spacing between their dates. */
function seedEntries(seed) {
	if (seed === undefined || seed === null || seed === 'none' || seed === 'empty')
		return { entries: [], spacingMs: 0 };
	if (seed === 'demo') return { entries: demoEntries(), spacingMs: 12 * HOUR_MS + 37 * MINUTE_MS };
	if (Array.isArray(seed)) return { entries: seed, spacingMs: HOUR_MS };
	if (typeof seed === 'object' && Number.isInteger(seed.reports) && seed.reports >= 0) {
		return {
			entries: bulkEntries(seed.reports).map((e) => ({ ...e, owner: seed.owner })),
			spacingMs: 10 * MINUTE_MS,
		};
	}
	throw new Error(
		`Unknown seed: ${JSON.stringify(seed)} (use 'demo', { reports: N } or an array of reports)`,
	);
}

/** Accepts "example.com/x" as well as full URLs, like a person typing a seed list would. */
function seedPage(url) {
	const page = parsePageUrl(/^https?:\/\//i.test(url) ? url : `https://${url}`);
	if (!page) throw new Error(`Invalid seed URL: ${url}`);
	return page;
}

/**
 * @param {import('./store').Store} store
 * @param {*} seed
 * @param {string} defaultOwner  API key owning entries without an owner
 */
function applySeed(store, seed, defaultOwner) {
	const { entries, spacingMs } = seedEntries(seed);
	const start = store.clockStart - entries.length * spacingMs;
	entries.forEach((entry, i) => {
		store.create({
			owner: entry.owner || defaultOwner,
			page: seedPage(entry.url),
			privacy: entry.privacy === undefined ? 0 : entry.privacy,
			password: entry.password === undefined ? null : entry.password,
			score: entry.score,
			targetScore: entry.targetScore,
			project: entry.project,
			createdAt: entries.length === 0 ? undefined : start + i * spacingMs,
		});
	});
	return entries.length;
}

module.exports = { applySeed, seedPage, demoEntries, bulkEntries };
