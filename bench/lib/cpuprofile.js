'use strict';
// Reads a V8 .cpuprofile (node --cpu-prof): self and inclusive time per function, and time per
// area (this package, n8n's RoutingNode, expressions, HTTP, ...), to compare two runs that
// differ in one node.
const fs = require('node:fs');
const path = require('node:path');

const AREAS = [
	['phpRank package', /node_modules\/n8n-nodes-phprank\//],
	['RoutingNode (declarative engine)', /routing-node\.js/],
	['HTTP Request node', /HttpRequest/],
	[
		'expressions (n8n-workflow expression*, tmpl, isolated-vm)',
		/expression|tmpl|isolated-vm|expression-runtime|extensions\//i,
	],
	[
		'parameter handling (node-helpers, get-node-parameter, resource locator)',
		/node-helpers|get-node-parameter|node-parameters|parameter-value|resource-locator|validate-field-type/i,
	],
	[
		'HTTP client (axios, request helpers, sockets)',
		/axios|request-helper|follow-redirects|node:_http|node:net|node:_stream|node:internal\/(http|stream|net)/,
	],
	['lodash', /lodash/],
];

function loadProfile(file) {
	return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function frameLabel(node) {
	const { functionName, url, lineNumber } = node.callFrame;
	const where = url
		? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\//, '')}:${lineNumber + 1}`
		: '';
	return `${functionName || '(anonymous)'} ${where}`.trim();
}

/** { totalMs, self: Map(label -> ms), inclusive: Map(label -> ms), areas: {name: ms}, byUrl } */
function analyse(profile, { from, to } = {}) {
	const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
	const parent = new Map();
	for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
	const self = new Map();
	const inclusive = new Map();
	const areas = Object.fromEntries(AREAS.map(([name]) => [name, 0]));
	let totalMs = 0;
	let idleMs = 0;
	let t = profile.startTime;
	const areaCache = new Map();
	const areaOf = (id) => {
		if (areaCache.has(id)) return areaCache.get(id);
		// the innermost frame that belongs to a named area
		let found = null;
		for (let cur = id; cur !== undefined && found === null; cur = parent.get(cur)) {
			const url = nodes.get(cur).callFrame.url;
			for (const [name, re] of AREAS) {
				if (url && re.test(url)) {
					found = name;
					break;
				}
			}
		}
		areaCache.set(id, found);
		return found;
	};
	for (let i = 0; i < profile.samples.length; i++) {
		t += profile.timeDeltas[i];
		if ((from !== undefined && t < from) || (to !== undefined && t > to)) continue;
		const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
		const id = profile.samples[i];
		const node = nodes.get(id);
		const label = frameLabel(node);
		if (node.callFrame.functionName === '(idle)') {
			idleMs += ms;
			continue;
		}
		totalMs += ms;
		self.set(label, (self.get(label) ?? 0) + ms);
		const seen = new Set();
		for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
			const l = frameLabel(nodes.get(cur));
			if (seen.has(l)) continue;
			seen.add(l);
			inclusive.set(l, (inclusive.get(l) ?? 0) + ms);
		}
		const area = areaOf(id);
		if (area) areas[area] += ms;
	}
	return { totalMs, idleMs, self, inclusive, areas };
}

function top(map, n = 25) {
	return [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
}

function profileIn(dir) {
	const files = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
	// the n8n main process writes the largest profile
	files.sort((a, b) => fs.statSync(path.join(dir, b)).size - fs.statSync(path.join(dir, a)).size);
	return files.length ? path.join(dir, files[0]) : undefined;
}

module.exports = { loadProfile, analyse, top, profileIn, AREAS };

if (require.main === module) {
	// node bench/lib/cpuprofile.js <a.cpuprofile|dir> [<b.cpuprofile|dir>]: top functions, and the difference
	const [a, b] = process.argv
		.slice(2)
		.map((p) => (fs.statSync(p).isDirectory() ? profileIn(p) : p));
	const ra = analyse(loadProfile(a));
	const rb = b ? analyse(loadProfile(b)) : undefined;
	const show = (title, r) => {
		console.log(`\n== ${title}: busy ${r.totalMs.toFixed(0)} ms, idle ${r.idleMs.toFixed(0)} ms`);
		for (const [k, v] of Object.entries(r.areas))
			console.log(`  ${v.toFixed(0).padStart(7)} ms  ${k}`);
		console.log('  -- self');
		for (const [k, v] of top(r.self, 30)) console.log(`  ${v.toFixed(0).padStart(7)} ms  ${k}`);
	};
	show(a, ra);
	if (rb) {
		show(b, rb);
		console.log('\n== inclusive difference (first minus second), largest');
		const keys = new Set([...ra.inclusive.keys(), ...rb.inclusive.keys()]);
		const diff = [...keys].map((k) => [k, (ra.inclusive.get(k) ?? 0) - (rb.inclusive.get(k) ?? 0)]);
		for (const [k, v] of diff.sort((x, y) => y[1] - x[1]).slice(0, 40))
			console.log(`  ${v.toFixed(0).padStart(7)} ms  ${k}`);
	}
}
