// Project → Digest's branding options (issue 58) through n8n-core against the sandbox: Sender Name,
// Logo URL, Accent Color, Footer Text and Report Page URL in every channel; each refused value
// named before anything is sent. Without them the digest is as before: digest.test.js.
const { useFixture, fromList, byName, projectReports } = require('../../node/fixture');
const { emailSafetyProblems } = require('../../helpers/email-safety');

const fixture = useFixture();

const SITE = 'site.test';
const OTHER = 'other.test';
const LOGO = 'https://seo.agency.com/logo.png';

const digest = (options = {}, extra = {}) => ({
	resource: 'project',
	operation: 'digest',
	project: fromList(SITE),
	week: '2026-11-30',
	options,
	...extra,
});

const pages = (count, site = SITE) =>
	Array.from({ length: count }, (_, i) => ({ url: `https://${site}/page-${i + 1}`, score: 20 }));

const BRAND = {
	senderName: 'Acme SEO',
	logoUrl: LOGO,
	accentColor: '#0A7F5A',
	footerText: 'Acme SEO · hello@agency.example',
	reportPageUrl: 'https://seo.agency.com/reports/{id}',
};

const CHAT = ['text', 'slack', 'markdown', 'discord', 'telegram'];

test.each([
	[
		'Logo URL',
		{ logoUrl: 'http://seo.agency.com/logo.png' },
		/^Logo URL must be an https:\/\/ address of an image/,
	],
	['Logo URL', { logoUrl: 'javascript:alert(1)' }, /^Logo URL must be an https:\/\/ address/],
	[
		'Accent Color',
		{ accentColor: 'red' },
		/^Accent Color must be a colour as #rrggbb, like #0a7f5a \(got "red"\)/,
	],
	['Accent Color', { accentColor: '#fff' }, /^Accent Color must be a colour as #rrggbb/],
	['Accent Color', { accentColor: 'rgba(0,0,0,1)' }, /^Accent Color must be a colour as #rrggbb/],
	[
		'Report Page URL',
		{ reportPageUrl: 'https://seo.agency.com/reports/' },
		/^Report Page URL must be an http\(s\):\/\/ address with \{id\}/,
	],
	[
		'Report Page URL',
		{ reportPageUrl: 'ftp://seo.agency.com/{id}' },
		/^Report Page URL must be an http\(s\):\/\/ address with \{id\}/,
	],
])('%s %j is refused naming the field, before any request', async (field, options, message) => {
	fixture.sandbox.reset(pages(1));
	const result = await fixture.run(digest(options));
	expect(result.error.message).toMatch(message);
	expect(result.error.description).toBe(`Check the "${field}" field of this node.`);
	expect(fixture.takeRequests()).toEqual([]);
});

test("the brand in every channel: the agency's name in the heading and footer, no word of the node or n8n, its logo, colour, footer and report pages", async () => {
	fixture.sandbox.reset(pages(2));
	const reports = fixture.sandbox.reports();
	const result = await fixture.run(digest(BRAND));
	expect(result.error).toBeUndefined();
	expect(fixture.takeRequests()).toEqual([projectReports(SITE, 1)]);
	const item = result.items[0].json;
	expect(emailSafetyProblems(item.html, { logo: LOGO })).toEqual([]);
	expect(item.html).toContain(
		`<img src="${LOGO}" alt="Acme SEO" width="160" height="40" style="display:block;border:0;outline:none;"><br><strong style="font-size:16px;color:#0a7f5a;">Acme SEO</strong>`,
	);
	expect(item.html).toContain('border-top:4px solid #0a7f5a;');
	expect(item.html).toContain(
		'>Sent by Acme SEO.</span><br><span style="font-size:12px;color:#57606a;">Acme SEO · hello@agency.example</span>',
	);
	for (const channel of ['html', ...CHAT])
		expect([channel, /phpRank node|n8n/.test(item[channel])]).toEqual([channel, false]);
	expect(item.text.split('\n')[0]).toBe('Acme SEO · SEO health of site.test, week of 30 Nov 2026');
	expect(item.text.split('\n').slice(-3)).toEqual([
		'',
		'Sent by Acme SEO.',
		'Acme SEO · hello@agency.example',
	]);
	// each example page links to its newest report's page, in the agency's colour
	const newest = Object.fromEntries(reports.map((r) => [r.url, r.id]));
	const links = [...item.html.matchAll(/<a href="([^"]+)" style="color:#0a7f5a;">([^<]+)<\/a>/g)];
	expect(links.length).toBeGreaterThan(0);
	for (const [, href, label] of links)
		expect(href).toBe(`https://seo.agency.com/reports/${newest[label]}`);
	const slackLinks = [...item.slack.matchAll(/<([^|>]+)\|([^>]+)>/g)];
	expect(slackLinks.length).toBe(links.length);
	for (const [, href, label] of slackLinks)
		expect(href).toBe(`https://seo.agency.com/reports/${newest[label]}`);
	expect(item.markdown).toContain('](https://seo.agency.com/reports/');
	expect(item.telegram).toContain('](https://seo.agency.com/reports/');
	expect(item.telegram.split('\n')[0]).toBe(
		'*Acme SEO · SEO health of site\\.test, week of 30 Nov 2026*',
	);
	// the row is the same with or without the brand
	const plain = (await fixture.run(digest())).items[0].json;
	expect({ ...item.row, checked_at: 0 }).toEqual({ ...plain.row, checked_at: 0 });
});

test('Combine Sites: one heading and one footer with the brand', async () => {
	fixture.sandbox.reset([...pages(2), ...pages(2, OTHER)]);
	const result = await fixture.run(
		digest({ ...BRAND, combineSites: true }, { project: byName('={{ $json.site }}') }),
		{ items: [{ site: SITE }, { site: OTHER }] },
	);
	const item = result.items[0].json;
	expect(item.text.split('\n')[0]).toBe('Acme SEO · SEO health of 2 sites, week of 30 Nov 2026');
	expect(item.text.match(/Acme SEO · /g)).toHaveLength(2);
	expect(item.text.endsWith('\n\nSent by Acme SEO.\nAcme SEO · hello@agency.example')).toBe(true);
	expect(item.html.match(/<img /g)).toHaveLength(1);
	expect(emailSafetyProblems(item.html, { logo: LOGO })).toEqual([]);
});

test('Language German through the node: the subject in German; a language it does not speak refused naming the field', async () => {
	fixture.sandbox.reset(pages(2));
	const german = await fixture.run(digest({ language: 'de' }));
	expect(german.error).toBeUndefined();
	expect(german.items[0].json.subject).toMatch(/^site\.test: Zustand \d+, erste Woche$/);
	fixture.takeRequests();
	const refused = await fixture.run(digest({ language: '={{ "it" }}' }));
	expect(refused.error.message).toBe('Language must be one of en, de, fr, es, nl (got "it")');
	expect(refused.error.description).toBe('Check the "Language" field of this node.');
	expect(fixture.takeRequests()).toEqual([]);
});

test("examples/portfolio-digest.json's Digest over the demo's five sites, one failing: one German branded email naming every site", async () => {
	const workflow = require('../../../examples/portfolio-digest.json');
	const node = workflow.nodes.find((n) => n.name === 'Digest');
	const yourSites = workflow.nodes.find((n) => n.name === 'Your sites');
	const { sites } = JSON.parse(yourSites.parameters.jsonOutput);
	fixture.sandbox.reset('demo');
	fixture.sandbox.failNext({ status: 500, count: 4, path: /project=docs\.tinycms\.dev/ });
	const result = await fixture.run(node.parameters, {
		items: sites.map((site) => ({ sites: site })),
		workflowSettings: { timezone: 'Europe/Berlin' },
	});
	expect(result.error).toBeUndefined();
	expect(result.items).toHaveLength(1);
	const item = result.items[0].json;
	expect(Object.keys(item)).toEqual([
		'projects',
		'week',
		'subject',
		'html',
		'text',
		'sites_failed',
	]);
	expect(item.subject).toMatch(
		/^SEO-Zustand von 5 Websites, Woche vom \d+\. [^ ]+ \d{4}: .*, 1 nicht gelesen$/,
	);
	expect(item.sites_failed).toEqual([
		{
			item: 4,
			project: 'docs.tinycms.dev',
			error:
				"phpRank had a server error (HTTP 500): try again later, or ask the phpRank site's administrator",
		},
	]);
	for (const site of sites) expect(item.html).toContain(`<td>${site}</td>`);
	expect(Buffer.byteLength(item.html)).toBeLessThanOrEqual(100_000);
	expect(item.html).toContain('<html lang="de">');
	expect(item.html).toContain('>Gesendet von Acme SEO.</span>');
	expect(item.text.split('\n')[0]).toMatch(/^Acme SEO · SEO-Zustand von 5 Websites, Woche vom /);
	expect(emailSafetyProblems(item.html)).toEqual([]);
});
