// Project → Audit Site's Delete on sites that redirect (nodes/PhpRank/auditSite/pageAnswer.ts,
// pagesNotListed.ts): a redirect to the same page in another spelling (a trailing slash added, http
// sent to https, the bare host to www.) is no proof that a page is gone; only a redirect for good to
// another page of the site that answers 200 is. The site's names (shop.test, www.shop.test, on http
// and https) are played by two local servers behind the node's Proxy (test/helpers/forward-proxy.js
// `hosts`), as DNS would send them; phpRank is the sandbox, reached through the same proxy.
const { useFixture, urlSearch, del } = require('../../node/fixture');
const { startSite, urlset, webPages } = require('../../sandbox/site');
const { startProxy } = require('../../helpers/forward-proxy');
const selfSigned = require('../../helpers/fixtures/self-signed-cert');

const fixture = useFixture({ clock: Math.floor(Date.now() / 1000) * 1000 });
let plain;
let secure;
let proxy;
beforeAll(async () => {
	plain = await startSite({});
	secure = await startSite({}, { tls: selfSigned });
	const local = (server) => `127.0.0.1:${server.port}`;
	proxy = await startProxy({
		hosts: {
			'shop.test:80': local(plain),
			'www.shop.test:80': local(plain),
			'shop.test:443': local(secure),
			'www.shop.test:443': local(secure),
		},
	});
});
afterAll(async () => {
	await proxy?.close();
	await plain?.close();
	await secure?.close();
});
beforeEach(() => {
	fixture.sandbox.reset(null);
	fixture.sandbox.setFaults({});
	proxy.reset();
});

const PROJECT = 'shop.test';
const twelve = Array.from({ length: 12 }, (_, i) => `/p${i + 1}`);
const listing = () => urlSearch(PROJECT, 1);
/** Reports (an hour apart, the newest an hour old: older than the run) of `paths` on shop.test. */
const seed = (paths) =>
	fixture.sandbox.reset(paths.map((path) => ({ url: `https://${PROJECT}${path}`, score: 50 })));
const idOf = (path) =>
	fixture.sandbox.reports().find((report) => report.url === `${PROJECT}${path}`).id;
const deletedPaths = () =>
	fixture.sandbox
		.reports()
		.filter((report) => report.deleted_at)
		.map((report) => report.url.slice(PROJECT.length))
		.sort();
const jsonOf = (result) => result.items.map((item) => item.json);
const summaryOf = (result) => jsonOf(result)[0];
/** Each page no longer listed: its path, where it was asked, its first and last status, its answer, deleted. */
const pageItems = (result) =>
	jsonOf(result)
		.filter((item) => item.action === 'not in sitemaps')
		.map((item) => [
			item.url.slice(PROJECT.length),
			item.page_url,
			item.page_status,
			item.page_final_status,
			item.page_answer,
			item.deleted,
		])
		.sort((a, b) => (a[0] < b[0] ? -1 : 1));
/** Every page request the site's two servers received, as `scheme://host path`, in order. */
const pagesAsked = () =>
	[
		...plain.requests.map((request) => ({ ...request, scheme: 'http' })),
		...secure.requests.map((request) => ({ ...request, scheme: 'https' })),
	]
		.filter((request) => !request.path.endsWith('.xml') && !request.path.endsWith('.txt'))
		.sort((a, b) => a.receivedAt - b.receivedAt)
		.map((request) => `${request.scheme}://${request.headers.host}${request.path}`);
/** Both servers serve `files`; `rules`: the site's rule ('*', test/sandbox/site.js) on http and on https. */
const serve = (files, rules = {}) => {
	plain.setFiles({ ...files, '*': rules.http });
	secure.setFiles({ ...files, '*': rules.https });
};
/** A 301 to `to`, as the site sends it. */
const redirect = (to, status = 301) => ({ status, location: to });
const run = (site, options = {}) =>
	fixture.run({
		resource: 'project',
		operation: 'auditSite',
		site,
		notListed: 'delete',
		options: { maxAgeHours: 168, ...options },
		requestOptions: { proxy: proxy.url, allowUnauthorizedCerts: true },
	});
const LIVE_AFTER = 'live after a redirect to the same page';

describe('a redirect to the same page in another spelling is no proof', () => {
	test('a trailing slash (WordPress, Netlify: /about → 301 /about/): a page that answers there keeps its reports, one that answers 404 there is gone; the control asks the pages as the sitemap writes them', async () => {
		seed([...twelve, '/about', '/gone']);
		const slashed = twelve.map((path) => `${path}/`);
		// every address without its trailing slash is sent to it
		const slash = ({ path }) =>
			path.endsWith('/') || path.includes('.') ? undefined : redirect(`${path}/`);
		serve(
			{
				'/robots.txt': 'Sitemap: /s.xml',
				'/s.xml': urlset(slashed.map((path) => `https://${PROJECT}${path}`)),
				...webPages([...slashed, '/about/']),
			},
			{ http: slash, https: slash },
		);
		const result = await run(`https://${PROJECT}`);
		expect(result.error).toBeUndefined();
		expect(pageItems(result)).toEqual([
			['/about', `https://${PROJECT}/about`, 301, 200, LIVE_AFTER, false],
			['/gone', `https://${PROJECT}/gone`, 301, 404, 'gone', true],
		]);
		expect(deletedPaths()).toEqual(['/gone']);
		expect(fixture.takeRequests()).toEqual([listing(), del(`/api/v1/reports/${idOf('/gone')}`)]);
		const control = ['/p1/', '/p2/', '/p3/'].map((path) => `https://${PROJECT}${path}`);
		expect(pagesAsked().slice(0, 3)).toEqual(control);
		expect(pagesAsked().slice(-3)).toEqual(control);
		expect(pagesAsked().slice(3, -3).sort()).toEqual(
			['/about', '/about/', '/gone', '/gone/'].map((path) => `https://${PROJECT}${path}`),
		);
		expect(summaryOf(result)).toMatchObject({
			pages_not_in_sitemaps: 2,
			pages_live_not_in_sitemaps: 1,
			reports_deleted: 1,
			deleteSkipped:
				'1 of the 2 pages no longer listed was kept: its page did not say it is gone (page_answer: not "gone" nor "moved to another page")',
		});
	});

	test.each([
		['without www.', `https://${PROJECT}`],
		['with http://', `http://${PROJECT}`],
	])(
		'the Site typed %s on a site that sends every address to https://www.shop.test with a 301: the pages are asked as its sitemaps write them; live pages kept, the gone one deleted',
		async (_how, siteField) => {
			seed([...twelve, '/about', '/gone']);
			const origin = `https://www.${PROJECT}`;
			const toPreferred = ({ path }) => redirect(`${origin}${path}`);
			serve(
				{
					'/robots.txt': 'Sitemap: /s.xml',
					'/s.xml': urlset(twelve.map((path) => `${origin}${path}`)),
					...webPages([...twelve, '/about']),
				},
				{
					http: toPreferred,
					https: ({ path, host }) =>
						host === `www.${PROJECT}` ? undefined : toPreferred({ path }),
				},
			);
			const result = await run(siteField);
			expect(result.error).toBeUndefined();
			expect(pageItems(result)).toEqual([
				['/about', `${origin}/about`, 200, 200, 'live, but in no sitemap', false],
				['/gone', `${origin}/gone`, 404, 404, 'gone', true],
			]);
			expect(deletedPaths()).toEqual(['/gone']);
			// nothing asked at the Site's own spelling but robots.txt (then followed to www.)
			expect(pagesAsked().every((url) => url.startsWith(`https://www.${PROJECT}/`))).toBe(true);
		},
	);

	test('a sitemap that writes http:// on an https site (behind a TLS proxy, http sent to https with a 301): the pages are asked at http://, followed to https://, and Delete works', async () => {
		seed([...twelve, '/about', '/gone']);
		serve(
			{
				'/robots.txt': 'Sitemap: /s.xml',
				'/s.xml': urlset(twelve.map((path) => `http://${PROJECT}${path}`)),
				...webPages([...twelve, '/about']),
			},
			// http is sent to https, which serves
			{ http: ({ path }) => redirect(`https://${PROJECT}${path}`) },
		);
		const result = await run(`https://${PROJECT}`);
		expect(result.error).toBeUndefined();
		expect(pageItems(result)).toEqual([
			['/about', `http://${PROJECT}/about`, 301, 200, LIVE_AFTER, false],
			['/gone', `http://${PROJECT}/gone`, 301, 404, 'gone', true],
		]);
		expect(deletedPaths()).toEqual(['/gone']);
		expect(summaryOf(result).deleteSkipped).toBe(
			'1 of the 2 pages no longer listed was kept: its page did not say it is gone (page_answer: not "gone" nor "moved to another page")',
		);
	});
});

describe('moved: a redirect for good to another page of the site that answers 200', () => {
	const site = `https://${PROJECT}`;
	const files = (answers) => ({
		'/robots.txt': 'Sitemap: /s.xml',
		'/s.xml': urlset(twelve.map((path) => `${site}${path}`)),
		...webPages([...twelve, '/']),
		...answers,
	});

	test('to another listed page and to the home page: deleted; a loop, another host, more than 5 hops, a temporary redirect and a move to a page that answers 404 keep the reports, each item saying why; nothing is asked of another host', async () => {
		const hops = Object.fromEntries(
			Array.from({ length: 7 }, (_, i) => [`/hop${i}`, redirect(`/hop${i + 1}`)]),
		);
		const answers = {
			'/old': redirect('/p2'),
			'/removed': redirect(`${site}/`, 308),
			'/loop-a': redirect('/loop-b'),
			'/loop-b': redirect('/loop-a'),
			'/off': redirect('https://elsewhere.test/new'),
			'/for-now': redirect('/p3', 302),
			'/dead-end': redirect('/nowhere'),
			...hops,
		};
		const left = ['/old', '/removed', '/loop-a', '/off', '/for-now', '/dead-end', '/hop0'];
		seed([...twelve, ...left]);
		serve(files(answers));
		const result = await run(site);
		expect(result.error).toBeUndefined();
		expect(pageItems(result)).toEqual([
			['/dead-end', `${site}/dead-end`, 301, 404, 'no clear answer', false],
			['/for-now', `${site}/for-now`, 302, 302, 'redirected for now (302, 303, 307)', false],
			['/hop0', `${site}/hop0`, 301, 301, 'more than 5 redirects', false],
			['/loop-a', `${site}/loop-a`, 301, 301, 'redirect loop', false],
			['/off', `${site}/off`, 301, 301, 'redirected off the site', false],
			['/old', `${site}/old`, 301, 200, 'moved to another page', true],
			['/removed', `${site}/removed`, 308, 200, 'moved to another page', true],
		]);
		expect(deletedPaths()).toEqual(['/old', '/removed']);
		const asked = pagesAsked();
		// six requests for /hop0 (five redirects followed), two for the loop, none to another host
		expect(asked.filter((url) => url.includes('/hop'))).toHaveLength(6);
		expect(asked.filter((url) => url.includes('/loop-'))).toEqual([
			`${site}/loop-a`,
			`${site}/loop-b`,
		]);
		expect(proxy.tunnels.map((tunnel) => tunnel.target)).not.toContain('elsewhere.test:443');
		expect(proxy.requests.map((request) => request.url).join()).not.toContain('elsewhere');
		// no credential, no cookie to the site: what n8n's plain HTTP helper sends
		for (const request of [...plain.requests, ...secure.requests]) {
			expect(request.headers.authorization).toBeUndefined();
			expect(request.headers.cookie).toBeUndefined();
		}
	});
});

describe('the control: every listed page (up to 3) must answer 200, before the pages are asked and after', () => {
	const site = `https://${PROJECT}`;
	const NOTHING_FOR_404 =
		'the site answers 404 to pages its sitemaps list (a single-page app, or a site in the middle of a deployment). Run again when the listed pages answer 200';

	test('a single-page app on a static host (/ answers 200, every other address 404): nothing deleted, the live unlisted page keeps its reports', async () => {
		seed(['/', '/a', '/b', '/unlisted-but-live']);
		serve({
			'/robots.txt': 'Sitemap: /s.xml',
			'/s.xml': urlset(['/', '/a', '/b', '/c'].map((path) => `${site}${path}`)),
			'/': '<!doctype html><div id="app"></div>',
		});
		const result = await run(site, {});
		expect(result.error).toBeUndefined();
		expect(pageItems(result)).toEqual([['/unlisted-but-live', null, null, null, null, false]]);
		expect(deletedPaths()).toEqual([]);
		expect(pagesAsked()).toEqual(['/', '/a', '/b'].map((path) => `${site}${path}`));
		expect(summaryOf(result).deleteSkipped).toBe(
			`Nothing deleted: not every page the sitemaps list answered HTTP 200 to the node's requests (${site}/a answered HTTP 404, ${site}/b answered HTTP 404), so the site's answers cannot tell a page that is gone: ${NOTHING_FOR_404}`,
		);
	});

	test('a site that starts answering 404 to everything while the pages are asked (a deployment): the control after them fails, nothing is deleted', async () => {
		const seven = ['/l1', '/l2', '/l3', '/l4', '/l5', '/l6', '/l7'];
		seed([...twelve, ...seven]);
		let down = false;
		serve(
			{
				'/robots.txt': 'Sitemap: /s.xml',
				'/s.xml': urlset(twelve.map((path) => `${site}${path}`)),
				...webPages([...twelve, ...seven]),
			},
			{
				// the first page no longer listed that is asked takes the site down
				https: ({ path }) => {
					if (path.startsWith('/l')) down = true;
					return down ? { status: 404 } : undefined;
				},
			},
		);
		const result = await run(site, { maxParallelRequests: 1 });
		expect(result.error).toBeUndefined();
		expect(deletedPaths()).toEqual([]);
		expect(fixture.takeRequests()).toEqual([listing()]);
		expect(pageItems(result).map((item) => [item[0], item[4], item[5]])).toEqual(
			seven.map((path) => [path, 'gone', false]),
		);
		expect(summaryOf(result).deleteSkipped).toBe(
			`Nothing deleted: after the pages no longer listed were asked, a page the sitemaps list no longer answered HTTP 200 (${site}/p1 answered HTTP 404, ${site}/p2 answered HTTP 404, ${site}/p3 answered HTTP 404), so the site's answers cannot tell a page that is gone: ${NOTHING_FOR_404}`,
		);
		expect(pagesAsked().length).toBe(3 + 7 + 3);
	});

	test('a firewall that answers 403 to bots: the bot-firewall advice; pages sent to another site (another port): "set the Site to" it', async () => {
		seed([...twelve, '/gone']);
		serve(
			{
				'/robots.txt': 'Sitemap: /s.xml',
				'/s.xml': urlset(twelve.map((path) => `${site}${path}`)),
			},
			{
				https: ({ path }) =>
					path.endsWith('.xml') || path.endsWith('.txt') ? undefined : { status: 403 },
			},
		);
		const walled = await run(site);
		expect(summaryOf(walled).deleteSkipped).toBe(
			`Nothing deleted: not every page the sitemaps list answered HTTP 200 to the node's requests (${site}/p1 answered HTTP 403, ${site}/p2 answered HTTP 403, ${site}/p3 answered HTTP 403), so the site's answers cannot tell a page that is gone: a firewall that hides the site from bots answers this way. Let n8n's requests through, then run again`,
		);
		const other = 'https://shop.test:8443';
		serve(
			{
				'/robots.txt': 'Sitemap: /s.xml',
				'/s.xml': urlset(twelve.map((path) => `${site}${path}`)),
			},
			{
				https: ({ path }) =>
					path.endsWith('.xml') || path.endsWith('.txt') ? undefined : redirect(`${other}${path}`),
			},
		);
		const moved = await run(site);
		expect(summaryOf(moved).deleteSkipped).toBe(
			`Nothing deleted: not every page the sitemaps list answered HTTP 200 to the node's requests (${site}/p1 answered HTTP 301 (redirected off the site: ${other}/p1), ${site}/p2 answered HTTP 301 (redirected off the site: ${other}/p2), ${site}/p3 answered HTTP 301 (redirected off the site: ${other}/p3)), so the site's answers cannot tell a page that is gone: the site sends its pages to ${other}: set the Site to ${other}, then run again`,
		);
		expect(deletedPaths()).toEqual([]);
		expect(proxy.tunnels.map((tunnel) => tunnel.target)).not.toContain('shop.test:8443');
	});

	test('Stop while a redirect is followed: the run ends as canceled, nothing is deleted, the connections are closed', async () => {
		seed([...twelve, '/moving']);
		serve({
			'/robots.txt': 'Sitemap: /s.xml',
			'/s.xml': urlset(twelve.map((path) => `${site}${path}`)),
			...webPages(twelve),
			'/moving': redirect('/moved-here'),
			'/moved-here': { silent: true },
		});
		let stop;
		const pressed = new Promise((resolve) => {
			const timer = setInterval(() => {
				if (stop && secure.requests.some((request) => request.path === '/moved-here')) {
					clearInterval(timer);
					setTimeout(() => resolve(stop()), 50);
				}
			}, 10);
		});
		const result = await fixture.run(
			{
				resource: 'project',
				operation: 'auditSite',
				site,
				notListed: 'delete',
				options: { maxAgeHours: 168 },
				requestOptions: { proxy: proxy.url, allowUnauthorizedCerts: true },
			},
			{ control: (execution) => (stop = execution.stop) },
		);
		// a run that never follows the hop never meets Stop: the test fails on it, not waits for ever
		await Promise.race([pressed, new Promise((resolve) => setTimeout(resolve, 5000))]);
		expect(result.error?.message).toBe(
			'The execution was canceled: the node stopped waiting for phpRank and sent nothing more',
		);
		expect(deletedPaths()).toEqual([]);
		expect(fixture.takeRequests()).toEqual([listing()]);
		// nothing asked after Stop: the page after the hop was the last request
		expect(pagesAsked().at(-1)).toBe(`${site}/moved-here`);
		for (let waited = 0; waited < 5000 && secure.openConnections() > 0; waited += 20)
			await new Promise((resolve) => setTimeout(resolve, 20));
		expect(secure.openConnections()).toBe(0);
	});
});
