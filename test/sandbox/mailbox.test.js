// The local mailbox (mailbox.js): what a client sends over SMTP is kept, parsed, and shown on its
// web page as sent. The client here speaks SMTP itself (node:net), as a mail client does.
const net = require('node:net');
const { startMailbox, smtpCredential, MESSAGE_CSP } = require('./mailbox');

/**
 * Speaks SMTP on `port`: each command after the server's answer to the one before. Returns every
 * answer's code and the whole transcript the server sent.
 */
function talkSmtp(port, commands) {
	const waiting = [...commands];
	return new Promise((resolve, reject) => {
		const socket = net.connect(port, '127.0.0.1');
		const codes = [];
		let transcript = '';
		let buffer = '';
		socket.setEncoding('utf8');
		socket.on('error', reject);
		socket.on('data', (chunk) => {
			transcript += chunk;
			buffer += chunk;
			// an answer ends with a line "NNN text" (a dash after the code: more lines follow)
			let end;
			while ((end = buffer.search(/^\d{3} .*\r\n/m)) >= 0) {
				const line = buffer.slice(end).split('\r\n')[0];
				codes.push(line.slice(0, 3));
				buffer = buffer.slice(end + line.length + 2);
				const next = waiting.shift();
				if (next === undefined) socket.end();
				else socket.write(`${next}\r\n`);
			}
		});
		socket.on('close', () => resolve({ codes, transcript }));
	});
}

/** Sends one message over plain SMTP; returns the answers' codes. */
async function sendSmtp(port, { from, to, data }) {
	const { codes } = await talkSmtp(port, [
		'EHLO client.test',
		`MAIL FROM:<${from}>`,
		`RCPT TO:<${to}>`,
		'DATA',
		`${data.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..')}\r\n.`,
		'QUIT',
	]);
	return codes;
}

const MESSAGE = `From: n8n <digest@example.com>
To: Site Owner <owner@example.com>
Subject: example.com: health 87 (=?UTF-8?Q?=E2=96=B23?=), 2 new issues, 5 fixed
Date: Mon, 05 Jan 2026 06:00:00 +0000
MIME-Version: 1.0
Content-Type: multipart/alternative; boundary="b1"

--b1
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: 8bit

Health 87, two new issues.
.a line that starts with a dot
--b1
Content-Type: text/html; charset=utf-8
Content-Transfer-Encoding: 8bit

<table role="presentation"><tr><td bgcolor="#2e7d32" height="87">87</td></tr></table>
--b1--
`;

describe('local mailbox', () => {
	let mailbox;
	beforeEach(async () => {
		mailbox = await startMailbox();
	});
	afterEach(() => mailbox.close());

	test('keeps a message sent over SMTP, parsed: subject (decoded), from, to, date, HTML and text parts', async () => {
		const answers = await sendSmtp(mailbox.smtpPort, {
			from: 'digest@example.com',
			to: 'owner@example.com',
			data: MESSAGE,
		});
		// greeting, EHLO, MAIL, RCPT, DATA (354), the message accepted, QUIT
		expect(answers).toEqual(['220', '250', '250', '250', '354', '250', '221']);
		const [message] = await mailbox.waitForMessages(1, 5000);
		expect(message).toEqual({
			id: 1,
			from: '"n8n" <digest@example.com>',
			to: '"Site Owner" <owner@example.com>',
			subject: 'example.com: health 87 (▲3), 2 new issues, 5 fixed',
			date: '2026-01-05T06:00:00.000Z',
			html: '<table role="presentation"><tr><td bgcolor="#2e7d32" height="87">87</td></tr></table>',
			text: 'Health 87, two new issues.\n.a line that starts with a dot',
		});
	});

	test('its web page lists the messages and serves each HTML as sent, under a policy that loads and runs nothing', async () => {
		await sendSmtp(mailbox.smtpPort, { from: 'a@example.com', to: 'b@example.com', data: MESSAGE });
		await mailbox.waitForMessages(1, 5000);
		const list = await fetch(`${mailbox.url}/`);
		const page = await list.text();
		expect(list.status).toBe(200);
		expect(page).toContain('Local mailbox: 1 message(s)');
		expect(page).toContain('example.com: health 87 (▲3), 2 new issues, 5 fixed');
		expect(page).toContain('<iframe sandbox src="/messages/1.html"');

		const html = await fetch(`${mailbox.url}/messages/1.html`);
		expect([html.status, html.headers.get('content-security-policy')]).toEqual([
			200,
			"default-src 'none'; style-src 'unsafe-inline'",
		]);
		expect(MESSAGE_CSP).toBe(html.headers.get('content-security-policy'));
		expect(await html.text()).toBe(mailbox.messages[0].html);
		const text = await fetch(`${mailbox.url}/messages/1.txt`);
		expect(await text.text()).toBe(mailbox.messages[0].text);
		const all = await (await fetch(`${mailbox.url}/messages.json`)).json();
		expect(all).toEqual(mailbox.messages);
		expect((await fetch(`${mailbox.url}/messages/2.html`)).status).toBe(404);
		expect((await fetch(`${mailbox.url}/`, { method: 'POST' })).status).toBe(405);
	});

	test('refuses a login (no AUTH offered) and TLS (no STARTTLS): what the SMTP credential says', async () => {
		expect(smtpCredential(mailbox.smtpPort)).toEqual({
			id: 'local-mailbox',
			name: 'Local mailbox (SMTP)',
			type: 'smtp',
			data: {
				user: '',
				password: '',
				host: '127.0.0.1',
				port: mailbox.smtpPort,
				secure: false,
				disableStartTls: true,
				hostName: '',
			},
		});
		const { transcript: ehlo } = await talkSmtp(mailbox.smtpPort, ['EHLO client.test', 'QUIT']);
		expect(ehlo).toMatch(/^250[- ]/m);
		expect(ehlo).not.toMatch(/STARTTLS|AUTH/);
	});

	test('waitForMessages rejects with what it got when nothing comes in time; clear() forgets every message', async () => {
		await expect(mailbox.waitForMessages(1, 50)).rejects.toThrow(
			`the mailbox on port ${mailbox.smtpPort} received 0 message(s) in 50 ms, not 1`,
		);
		await sendSmtp(mailbox.smtpPort, { from: 'a@example.com', to: 'b@example.com', data: MESSAGE });
		await mailbox.waitForMessages(1, 5000);
		mailbox.clear();
		expect(mailbox.messages).toEqual([]);
		await sendSmtp(mailbox.smtpPort, { from: 'a@example.com', to: 'b@example.com', data: MESSAGE });
		const [again] = await mailbox.waitForMessages(1, 5000);
		expect(again.id).toBe(1);
	});

	test("the web page listens on 127.0.0.1, or on the address given (the demo's --host); SMTP on 127.0.0.1 alone", async () => {
		const everywhere = await startMailbox({ webHost: '0.0.0.0' });
		try {
			const page = await fetch(`${everywhere.url}/messages.json`);
			expect({
				default: [mailbox.webHost, mailbox.smtpHost],
				given: [everywhere.webHost, everywhere.smtpHost],
				url: everywhere.url,
				status: page.status,
			}).toEqual({
				default: ['127.0.0.1', '127.0.0.1'],
				given: ['0.0.0.0', '127.0.0.1'],
				url: `http://127.0.0.1:${everywhere.webPort}`,
				status: 200,
			});
		} finally {
			await everywhere.close();
		}
	});
});
