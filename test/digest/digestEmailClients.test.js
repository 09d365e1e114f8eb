// Project → Digest's HTML where it is read (issue 58): checked with caniemail's data (the
// doiuse-email package) for Gmail, Outlook, Apple Mail and Yahoo. What they do not support is only
// what decorates (listed here, and in docs/usage.md): the layout (tables, widths, colours, padding,
// font sizes) is supported everywhere, and a long URL wraps within 375 px without overflow-wrap or
// word-break, which most of them ignore.
const { doIUseEmail } = require('doiuse-email');
const { digestItem, combinedItem } = require('../helpers/built').digestOutput;
const { siteInputOf } = require('../helpers/digest-input');

const CLIENTS = ['gmail.*', 'outlook.*', 'apple-mail.*', 'yahoo.*'];

/** What may degrade, and how: each is decoration, the digest reads the same without it. */
const DECORATION = {
	'<body> element': "the page's grey background (the outer table's bgcolor gives it too)",
	'role attribute': 'tells screen readers the tables are layout',
	'border-radius': "the card's and the importance badges' round corners",
	'word-break': 'a second way to wrap long words (zero-width spaces do it everywhere)',
	'overflow-wrap': 'a second way to wrap long words (zero-width spaces do it everywhere)',
	outline: "the logo's focus outline, removed",
};

const LONG = `https://site.test/${'a-very-long-path-segment'.repeat(8)}/${'x'.repeat(100)}`;

const input = (project, extra = {}) =>
	siteInputOf(
		project,
		[
			{ id: 1, url: LONG.replace('site.test', project), reason: 'r' },
			{ id: 2, url: `https://elsewhere.test/${'y'.repeat(150)}`, reason: 'r' },
		],
		extra,
	);

const BRAND = {
	senderName: 'Acme SEO',
	logoUrl: 'https://seo.agency.com/logo.png',
	accentColor: '#0a7f5a',
	footerText: 'Acme SEO',
	reportPageUrl: '',
	language: 'en',
};

const EMAILS = {
	'one site': digestItem(input('site.test')).html,
	'one site, branded': digestItem(input('site.test', { brand: BRAND })).html,
	'Combine Sites, branded, one not read': combinedItem(
		[input('site.test'), input('other.test')],
		'2026-11-30',
		[{ item: 2, project: 'down.test', error: 'phpRank had a server error (HTTP 500)' }],
		BRAND,
	).html,
};

/** The features caniemail says a client does not support, each once. */
function unsupported(html) {
	const { errors = [] } = doIUseEmail(html, { emailClients: CLIENTS });
	return [...new Set(errors.map((error) => /^`([^`]+)`/.exec(error)?.[1] ?? error))].sort();
}

test.each(Object.keys(EMAILS))('%s: what a client does not support only decorates', (name) => {
	const features = unsupported(EMAILS[name]);
	expect(features.filter((feature) => !(feature in DECORATION))).toEqual([]);
	// each feature listed is one the HTML still uses (a list that says what degrades, exactly)
	expect(features.length).toBeGreaterThan(0);
});

test.each(Object.keys(EMAILS))(
	'%s: no run of text over 24 characters without a place to break (a long URL wraps at 375 px)',
	(name) => {
		const text = EMAILS[name]
			.replace(/<[^>]*>/g, ' ')
			.replace(/&#8203;/g, ' ')
			.replace(/&[a-z#0-9]+;/gi, 'x');
		const longest = Math.max(...text.split(/\s+/).map((word) => [...word].length));
		expect(longest).toBeLessThanOrEqual(24);
	},
);
