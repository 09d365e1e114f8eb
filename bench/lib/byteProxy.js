'use strict';
// A TCP pass-through in front of a sandbox that counts the bytes the server sends (headers
// included), so memory can be set against what actually came over the wire.
const net = require('node:net');

async function startByteProxy(targetPort, targetHost = '127.0.0.1') {
	const counters = { toClient: 0, toServer: 0, connections: 0 };
	const sockets = new Set();
	const server = net.createServer((client) => {
		counters.connections++;
		const upstream = net.connect(targetPort, targetHost);
		sockets.add(client);
		sockets.add(upstream);
		upstream.on('data', (chunk) => {
			counters.toClient += chunk.length;
		});
		client.on('data', (chunk) => {
			counters.toServer += chunk.length;
		});
		client.pipe(upstream);
		upstream.pipe(client);
		const end = () => {
			client.destroy();
			upstream.destroy();
			sockets.delete(client);
			sockets.delete(upstream);
		};
		client.on('error', end);
		upstream.on('error', end);
		client.on('close', end);
		upstream.on('close', end);
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address();
	return {
		port,
		url: `http://127.0.0.1:${port}`,
		counters,
		reset() {
			counters.toClient = 0;
			counters.toServer = 0;
			counters.connections = 0;
		},
		close() {
			for (const socket of sockets) socket.destroy();
			return new Promise((resolve) => server.close(() => resolve()));
		},
	};
}

module.exports = { startByteProxy };
