// A forward proxy, as the node's Request Options → Proxy names one, that records what reaches it.
// n8n's HTTP helper asks it for an http:// URL by the whole URL (`GET http://host/path`) and opens
// a CONNECT tunnel for an https:// one: both are served here. With `auth` ('user:password') it
// asks for Basic credentials and answers 407 without them. With `hosts` ({ 'shop.test:80':
// '127.0.0.1:4242' }) it sends a host:port named there to the address given: a site's names (its
// `www.` twin, http on 80 and https on 443) played by local servers, as DNS would. No dependencies.
//
//   const proxy = await startProxy({ auth: 'user:password' });
//   proxy.url (http://127.0.0.1:<port>), proxy.requests ([{ method, url, headers }]: what it
//   forwarded or refused), proxy.tunnels ([{ target, headers }]: the CONNECTs), proxy.reset(), proxy.close()
const http = require('node:http');
const net = require('node:net');

/** The headers a proxy reads and does not pass on. */
const PROXY_HEADERS = new Set(['proxy-authorization', 'proxy-connection']);

function authorized(headers, auth) {
	if (auth === undefined) return true;
	return headers['proxy-authorization'] === `Basic ${Buffer.from(auth).toString('base64')}`;
}

/** Where `host:port` is served: the address `hosts` names for it, else itself. */
function served(hosts, hostname, port) {
	const named = hosts[`${hostname}:${port}`];
	if (named === undefined) return { host: hostname, port };
	const [host, at] = named.split(':');
	return { host, port: at };
}

function forward(req, res, hosts) {
	const target = new URL(req.url);
	const headers = {};
	for (const [name, value] of Object.entries(req.headers)) {
		if (!PROXY_HEADERS.has(name)) headers[name] = value;
	}
	const path = `${target.pathname}${target.search}`;
	const options = {
		...served(hosts, target.hostname, target.port || '80'),
		path,
		method: req.method,
		headers,
	};
	const upstream = http.request(options, (answer) => {
		res.writeHead(answer.statusCode, answer.headers);
		answer.pipe(res);
	});
	upstream.on('error', () => res.destroy());
	res.on('close', () => upstream.destroy());
	req.pipe(upstream);
}

async function startProxy({ auth, hosts = {} } = {}) {
	const requests = [];
	const tunnels = [];
	const sockets = new Set();
	const server = http.createServer((req, res) => {
		requests.push({ method: req.method, url: req.url, headers: req.headers });
		if (!authorized(req.headers, auth)) {
			res.writeHead(407, { 'Proxy-Authenticate': 'Basic realm="test"' });
			return void res.end();
		}
		forward(req, res, hosts);
	});
	server.on('connect', (req, client, head) => {
		tunnels.push({ target: req.url, headers: req.headers });
		if (!authorized(req.headers, auth)) {
			return void client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
		}
		const { host, port } = served(hosts, ...req.url.split(':'));
		const upstream = net.connect(Number(port), host, () => {
			client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
			upstream.write(head);
			upstream.pipe(client);
			client.pipe(upstream);
		});
		sockets.add(upstream);
		upstream.on('close', () => sockets.delete(upstream));
		upstream.on('error', () => client.destroy());
		client.on('error', () => upstream.destroy());
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${server.address().port}`,
		requests,
		tunnels,
		reset() {
			requests.length = 0;
			tunnels.length = 0;
		},
		close() {
			for (const socket of sockets) socket.destroy();
			return new Promise((resolve) => server.close(resolve));
		},
	};
}

module.exports = { startProxy };
