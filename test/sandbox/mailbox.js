'use strict';
/**
 * A local mailbox for the demo and the end-to-end suite: a real SMTP server (the `smtp-server`
 * package) that keeps every message it receives in memory, parsed by `mailparser`, and a web page
 * on another port that lists them with each message's HTML rendered as a mail client would show it.
 * Both listen on 127.0.0.1 only, unless the web page is given another address (`webHost`: the demo's
 * `--host`, for a browser outside a container or VM). n8n's Send Email node reaches it through an SMTP credential with
 * this host and port, SSL/TLS off and STARTTLS disabled (no user, no password): see `smtpCredential`.
 *
 *   const { startMailbox } = require('./test/sandbox/mailbox');
 *   const mailbox = await startMailbox();          // any free ports
 *   mailbox.smtpPort, mailbox.url                  // where to send, where to look
 *   await mailbox.waitForMessages(1);              // [{id, from, to, subject, date, html, text}]
 *   await mailbox.close();
 *
 * The web page: `/` lists the messages, newest first, each with its HTML in a sandboxed frame;
 * `/messages/<id>.html` is a message's HTML alone (what the e2e screenshots), `/messages/<id>.txt`
 * its text part, `/messages.json` every message. A message's HTML is served with a Content Security
 * Policy that lets nothing load or run (no script, no image, no font from anywhere): a mail's HTML is
 * shown as it was sent, and a digest that needed more would show it.
 *
 * Dev dependencies only (smtp-server, mailparser): the sandbox itself (index.js) needs none.
 */
const http = require('node:http');

const HOST = '127.0.0.1';
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** What a message's HTML may use when shown: inline styles, nothing fetched, nothing run. */
const MESSAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";

const escapeHtml = (text) =>
	String(text ?? '').replace(
		/[&<>"']/g,
		(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
	);

/** The SMTP credential (n8n's `smtp` type) that reaches a mailbox on `smtpPort`. */
function smtpCredential(smtpPort, { id = 'local-mailbox', name = 'Local mailbox (SMTP)' } = {}) {
	return {
		id,
		name,
		type: 'smtp',
		data: {
			user: '',
			password: '',
			host: HOST,
			port: smtpPort,
			secure: false,
			disableStartTls: true,
			hostName: '',
		},
	};
}

/** The list page: every message, newest first, its HTML (or text) in a frame that runs nothing. */
function listPage(messages) {
	const rows = [...messages]
		.reverse()
		.map((m) => {
			const body = m.html
				? `<iframe sandbox src="/messages/${m.id}.html" title="${escapeHtml(m.subject)}" style="width:100%;height:900px;border:1px solid #ccc;background:#fff"></iframe>`
				: `<pre style="white-space:pre-wrap">${escapeHtml(m.text)}</pre>`;
			return `<section style="margin:0 0 32px">
<h2 style="font-size:18px;margin:0 0 4px">${escapeHtml(m.subject)}</h2>
<p style="margin:0 0 8px;color:#555;font-size:13px">#${m.id} · from ${escapeHtml(m.from)} to ${escapeHtml(m.to)} · ${escapeHtml(m.date)} · <a href="/messages/${m.id}.html">HTML alone</a>${m.text ? ` · <a href="/messages/${m.id}.txt">text part</a>` : ''}</p>
${body}
</section>`;
		})
		.join('\n');
	return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mailbox (${messages.length})</title></head>
<body style="font-family:system-ui,sans-serif;margin:16px;max-width:960px">
<h1 style="font-size:22px">Local mailbox: ${messages.length} message(s)</h1>
<p style="color:#555">What n8n's Send Email node delivered to this machine's SMTP server. Reload to see new mail.</p>
${rows || '<p>No mail yet: run a workflow that sends one.</p>'}
</body></html>`;
}

/**
 * Starts the SMTP server and its web page.
 * @param {object} [o]
 * @param {number} [o.smtpPort=0]  0 = any free port
 * @param {number} [o.webPort=0]   0 = any free port
 * @param {string} [o.webHost='127.0.0.1']  the address the web page listens on (0.0.0.0: every address)
 * @returns {Promise<Mailbox>}
 */
async function startMailbox({ smtpPort = 0, webPort = 0, webHost = HOST } = {}) {
	// required here: the phpRank sandbox (index.js) loads without the mailbox's dev dependencies
	const { SMTPServer } = require('smtp-server');
	const { simpleParser } = require('mailparser');
	const messages = [];
	const waiters = new Set();
	const settle = () => {
		for (const waiter of waiters) if (messages.length >= waiter.count) waiter.done();
	};

	const smtp = new SMTPServer({
		secure: false,
		// a local mailbox: no TLS, no login (the credential has no user and no password)
		disabledCommands: ['STARTTLS', 'AUTH'],
		authOptional: true,
		logger: false,
		size: MAX_MESSAGE_BYTES,
		// close() waits this long at most for a client that keeps its connection open
		closeTimeout: 1000,
		onData(stream, session, callback) {
			simpleParser(stream)
				.then((parsed) => {
					messages.push({
						id: messages.length + 1,
						from: parsed.from?.text ?? session.envelope.mailFrom?.address ?? '',
						to: parsed.to?.text ?? session.envelope.rcptTo.map((r) => r.address).join(', '),
						subject: parsed.subject ?? '',
						date: (parsed.date ?? new Date()).toISOString(),
						html: parsed.html || '',
						text: parsed.text ?? '',
					});
					settle();
					callback();
				})
				.catch(callback);
		},
	});
	smtp.on('error', () => {});
	await new Promise((resolve, reject) => {
		smtp.server.once('error', reject);
		smtp.listen(smtpPort, HOST, () => {
			smtp.server.off('error', reject);
			resolve();
		});
	});

	const web = http.createServer((req, res) => {
		const send = (status, type, body, headers = {}) => {
			res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
			res.end(body);
		};
		const pathname = new URL(req.url, 'http://mailbox').pathname;
		if (req.method !== 'GET') return send(405, 'text/plain', 'GET only\n', { allow: 'GET' });
		if (pathname === '/') return send(200, 'text/html; charset=utf-8', listPage(messages));
		if (pathname === '/messages.json')
			return send(200, 'application/json', JSON.stringify(messages, null, 2));
		const one = /^\/messages\/(\d+)\.(html|txt)$/.exec(pathname);
		const message = one && messages[Number(one[1]) - 1];
		if (message && one[2] === 'html' && message.html)
			return send(200, 'text/html; charset=utf-8', message.html, {
				'content-security-policy': MESSAGE_CSP,
			});
		if (message && one[2] === 'txt') return send(200, 'text/plain; charset=utf-8', message.text);
		return send(404, 'text/plain', 'no such page or message\n');
	});
	await new Promise((resolve, reject) => {
		web.once('error', reject);
		web.listen(webPort, webHost, () => {
			web.off('error', reject);
			resolve();
		});
	});

	const mailbox = {
		smtpHost: HOST,
		smtpPort: smtp.server.address().port,
		webPort: web.address().port,
		/** The address the web page listens on, as bound. */
		webHost: web.address().address,
		url: `http://${HOST}:${web.address().port}`,
		/** Every message received, oldest first (the same array, it grows). */
		messages,
		/** n8n's SMTP credential that reaches this mailbox. */
		credential: (names) => smtpCredential(smtp.server.address().port, names),
		/** Resolves with the messages once there are at least `count`; rejects after `timeoutMs`. */
		waitForMessages(count = 1, timeoutMs = 30000) {
			return new Promise((resolve, reject) => {
				const waiter = {
					count,
					done: () => {
						clearTimeout(waiter.timer);
						waiters.delete(waiter);
						resolve(messages);
					},
				};
				waiter.timer = setTimeout(() => {
					waiters.delete(waiter);
					reject(
						new Error(
							`the mailbox on port ${mailbox.smtpPort} received ${messages.length} message(s) in ${timeoutMs} ms, not ${count}`,
						),
					);
				}, timeoutMs);
				waiters.add(waiter);
				settle();
			});
		},
		/** Forgets every message (ids start at 1 again). */
		clear() {
			messages.length = 0;
		},
		async close() {
			web.closeAllConnections?.();
			await Promise.all([
				new Promise((resolve) => smtp.close(resolve)),
				new Promise((resolve) => web.close(resolve)),
			]);
		},
	};
	return mailbox;
}

module.exports = { startMailbox, smtpCredential, MESSAGE_CSP };
