// A web site as Project → Audit Site reads it: robots.txt and sitemaps (plain, index, gzip), on its
// own port, each file answering as a test wants it to (a status, a redirect, gzip, a connection that
// hangs or trickles, a body of many megabytes sent as a stream). No dependencies.
//
//   const site = await startSite({ '/robots.txt': 'Sitemap: /sitemap.xml', '/sitemap.xml': urlset([...]) });
//   site.url, site.requests ([{ method, path, headers, receivedAt, bytesWritten, clientAborted }]),
//   site.setFiles(files),
//   site.openConnections(), site.close()
//
// A file is text or a Buffer (200), or `{ status, headers, body, gzip, location, silent, hang, trickleMs,
// chunks, stallAfterBytes, cutAfterBytes }`: `body` may be a function of the site's URL; `gzip: true`
// compresses it; `silent` never answers, `hang` sends the headers only; `chunks` is a generator
// function of the site's URL yielding the body piece by piece
// (sent as the client reads), `stallAfterBytes` stops sending it there, the connection kept open;
// `cutAfterBytes` announces the whole body's Content-Length, sends that many bytes and drops the connection.
// An unknown path answers 404. `startSite(files, { tls: { key, cert } })` serves it on https.
// A function under the key '*' is asked first for every request, `({ path, host })` (host: the Host
// header), and answers with a file, or undefined to leave it to the paths: a rule of the whole site
// (every address sent to the site's preferred spelling, a trailing slash added, a site that goes down).
const http = require('node:http');
const https = require('node:https');
const zlib = require('node:zlib');

function fileOf(files, path) {
	const file = files[path];
	if (file === undefined) return { status: 404, body: 'Not Found' };
	if (typeof file === 'string' || Buffer.isBuffer(file)) return { status: 200, body: file };
	return file;
}

async function sendChunks(res, chunks, entry, stallAfterBytes = Infinity) {
	for (const chunk of chunks) {
		if (res.destroyed) return;
		// sends nothing more and keeps the connection open: a server that stalls mid-file
		if (entry.bytesWritten >= stallAfterBytes) return;
		entry.bytesWritten += Buffer.byteLength(chunk);
		if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
	}
	res.end();
}

function answer(res, file, siteUrl, entry) {
	const headers = { ...file.headers };
	if (file.location) headers.Location = file.location;
	res.on('close', () => {
		if (!res.writableFinished) entry.clientAborted = true;
	});
	// no status, no byte: a server that never answers (the node's Timeout, or Stop, ends the wait)
	if (file.silent) return;
	if (file.hang) {
		res.writeHead(file.status ?? 200, headers);
		res.flushHeaders();
		return;
	}
	if (file.chunks) {
		res.writeHead(file.status ?? 200, headers);
		return void sendChunks(res, file.chunks(siteUrl), entry, file.stallAfterBytes).catch(() =>
			res.destroy(),
		);
	}
	let body = typeof file.body === 'function' ? file.body(siteUrl) : (file.body ?? '');
	if (file.gzip) body = zlib.gzipSync(body);
	if (file.trickleMs) {
		res.writeHead(file.status ?? 200, headers);
		const bytes = Buffer.from(body);
		let at = 0;
		const timer = setInterval(() => {
			if (res.destroyed || at >= bytes.length) {
				clearInterval(timer);
				return void res.end();
			}
			res.write(bytes.subarray(at, at + 1));
			entry.bytesWritten += 1;
			at++;
		}, file.trickleMs);
		return;
	}
	if (file.cutAfterBytes !== undefined) {
		// the whole file's Content-Length, then the connection drops part-way (a server that dies mid-file)
		const bytes = Buffer.from(body);
		res.writeHead(file.status ?? 200, { ...headers, 'Content-Length': bytes.length });
		entry.bytesWritten += file.cutAfterBytes;
		return void res.write(bytes.subarray(0, file.cutAfterBytes), () => res.destroy());
	}
	entry.bytesWritten += Buffer.byteLength(body);
	res.writeHead(file.status ?? 200, headers);
	res.end(body);
}

async function startSite(initialFiles = {}, { host = '127.0.0.1', tls } = {}) {
	let files = initialFiles;
	const requests = [];
	const sockets = new Set();
	const serve = (req, res) => {
		const entry = {
			method: req.method,
			path: req.url,
			headers: req.headers,
			receivedAt: Date.now(),
			bytesWritten: 0,
			clientAborted: false,
		};
		requests.push(entry);
		const rule = typeof files['*'] === 'function' ? files['*'] : undefined;
		const ruled = rule?.({ path: req.url, host: req.headers.host });
		answer(res, ruled ?? fileOf(files, req.url), site.url, entry);
	};
	const server = tls ? https.createServer(tls, serve) : http.createServer(serve);
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise((resolve) => server.listen(0, host, resolve));
	const site = {
		url: `${tls ? 'https' : 'http'}://${host}:${server.address().port}`,
		port: server.address().port,
		requests,
		setFiles(next) {
			files = next;
			requests.length = 0;
		},
		openConnections: () => [...sockets].filter((socket) => !socket.destroyed).length,
		close() {
			for (const socket of sockets) socket.destroy();
			return new Promise((resolve) => server.close(resolve));
		},
	};
	return site;
}

const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A sitemap of `pages`: URLs, or `{ loc, lastmod }`. */
function urlset(pages) {
	const entries = pages.map((page) => {
		const { loc, lastmod } = typeof page === 'string' ? { loc: page } : page;
		const modified = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
		return `<url><loc>${escapeXml(loc)}</loc>${modified}</url>`;
	});
	return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

/**
 * The web pages at `urls` (whole URLs, or paths), each answering 200 with a small HTML page: what
 * Audit Site asks before it deletes a page's reports, and its control (a listed page answers 200).
 */
function webPages(urls) {
	const pages = {};
	for (const url of urls) {
		const { pathname, search } = new URL(url, 'http://site.test');
		pages[`${pathname}${search}`] = '<!doctype html><title>A page</title><p>Here.</p>';
	}
	return pages;
}

/** A sitemap index of `sitemaps` (URLs). */
function sitemapIndex(sitemaps) {
	const entries = sitemaps.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
	return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/**
 * The demo site (the sandbox's `site: 'demo'`, at the sandbox's own address): robots.txt naming an
 * index of a plain and a gzip sitemap, five pages.
 */
function demoSiteFiles() {
	return {
		'/robots.txt': {
			body: (url) => `User-agent: *\nDisallow: /admin\n\nSitemap: ${url}/sitemap_index.xml\n`,
		},
		'/sitemap_index.xml': {
			body: (url) => sitemapIndex([`${url}/sitemap-pages.xml`, `${url}/sitemap-posts.xml.gz`]),
		},
		'/sitemap-pages.xml': {
			body: (url) =>
				urlset([
					{ loc: `${url}/`, lastmod: '2026-01-02' },
					{ loc: `${url}/about`, lastmod: '2025-06-30' },
					{ loc: `${url}/contact` },
				]),
		},
		'/sitemap-posts.xml.gz': {
			gzip: true,
			body: (url) =>
				urlset([
					{ loc: `${url}/blog/first-post`, lastmod: '2026-01-03T10:00:00+00:00' },
					{ loc: `${url}/blog/second-post`, lastmod: '2026-01-04' },
				]),
		},
	};
}

/** The sandbox's `site` option: 'demo', a files object, or none. */
function siteFilesOf(option) {
	if (option === undefined || option === null) return undefined;
	if (option === 'demo') return demoSiteFiles();
	if (typeof option === 'object') return option;
	throw new Error(`Unknown site: ${JSON.stringify(option)} (use 'demo' or { path: file })`);
}

/** Answers one of a site's files on a server's response (the sandbox's own site). */
function answerSiteFile(res, file, siteUrl, entry) {
	const normalized =
		typeof file === 'string' || Buffer.isBuffer(file) ? { status: 200, body: file } : file;
	entry.bytesWritten ??= 0;
	answer(res, normalized, siteUrl, entry);
}

module.exports = {
	startSite,
	urlset,
	sitemapIndex,
	webPages,
	demoSiteFiles,
	escapeXml,
	siteFilesOf,
	answerSiteFile,
};
