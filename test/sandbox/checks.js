'use strict';

// The catalogue of phpRank checks (docs/phprank-api.md, Answers), with
// realistic values for a passed and a failed outcome. Each check offers four variants
// so reports differ; `volatile` checks measure timing/size and may change on a re-run.

const POINTS = { high: 10, medium: 5, low: 0 };
const VARIANTS = 4;

const pick = (list, v) => list[v % list.length];

const TITLES = [
	'Home — Official Website',
	'Pricing & Plans',
	'About Us | Our Story',
	'Blog: Latest Articles',
];
const LONG_TITLE =
	'The Complete Guide to Everything You Ever Wanted to Know About Our Products and Services';
const DESCRIPTIONS = [
	'Discover our products, read customer stories and get started in minutes with a free trial.',
	'Simple, transparent pricing for teams of every size. No hidden fees, cancel anytime.',
	'Meet the team behind the product and learn how we started, what we value and where we are going.',
	'Guides, tutorials and news from our team about search, performance and building for the web.',
];
const LONG_DESCRIPTION =
	'This page describes in great detail every single thing that we offer, including all of our products, services, ' +
	'support plans, partner programmes, events, webinars and a lot more that you may find interesting.';
const KEYWORDS = [
	['free', 'trial', 'products'],
	['pricing', 'plans', 'teams'],
	['team', 'story', 'values'],
	['guides', 'tutorials', 'search'],
];
const IMAGES = [
	'/images/hero.png',
	'/images/team.jpg',
	'/uploads/banner-2021.png',
	'/img/product-shot.jpg',
];
const SCRIPTS = [
	'/js/app.js',
	'/js/vendor.min.js',
	'https://cdn.example-cdn.net/analytics.js',
	'/js/slider.js',
];
const SERVERS = [
	'Apache/2.4.41 (Ubuntu)',
	'nginx/1.18.0',
	'Microsoft-IIS/10.0',
	'LiteSpeed/5.4.12',
];

/** [check, category, importance, volatile, pass(v, ctx) => value, fail(v, ctx) => {value, errors}] */
const CATALOGUE = [
	// seo
	[
		'title',
		'seo',
		'high',
		false,
		(v) => pick(TITLES, v),
		(v) =>
			v % 2
				? { value: LONG_TITLE, errors: { length: { min: 1, max: 60 } } }
				: { value: null, errors: { missing: null } },
	],
	[
		'meta_description',
		'seo',
		'high',
		false,
		(v) => pick(DESCRIPTIONS, v),
		(v) =>
			v % 2
				? { value: LONG_DESCRIPTION, errors: { length: { min: 1, max: 160 } } }
				: { value: null, errors: { missing: null } },
	],
	[
		'headings',
		'seo',
		'high',
		false,
		(v) => ({
			h1: [pick(TITLES, v)],
			h2: ['Features', 'Testimonials', 'Get started'].slice(0, 1 + (v % 3)),
		}),
		(v) =>
			v % 2
				? {
						value: { h1: [pick(TITLES, v), 'Welcome'], h2: ['Features'] },
						errors: { duplicate: null },
					}
				: { value: { h2: ['Features', 'Contact'] }, errors: { missing: null } },
	],
	[
		'content_keywords',
		'seo',
		'high',
		false,
		(v) => pick(KEYWORDS, v),
		(v) => ({
			value: pick(KEYWORDS, v).slice(0, 1),
			errors: { missing: pick(KEYWORDS, v).slice(1) },
		}),
	],
	[
		'image_keywords',
		'seo',
		'medium',
		false,
		() => [],
		(v) => ({
			value: IMAGES.slice(0, 1 + (v % 3)),
			errors: { missing: IMAGES.slice(0, 1 + (v % 3)) },
		}),
	],
	[
		'seo_friendly_url',
		'seo',
		'medium',
		false,
		(v, ctx) => ctx.href,
		(v, ctx) => ({ value: ctx.href, errors: { bad_format: null } }),
	],
	[
		'404_page',
		'seo',
		'medium',
		false,
		() => true,
		() => ({ value: false, errors: { missing: null } }),
	],
	[
		'robots',
		'seo',
		'medium',
		false,
		() => null,
		() => ({ value: 'Disallow: /', errors: { failed: null } }),
	],
	[
		'noindex',
		'seo',
		'high',
		false,
		() => null,
		(v) => ({ value: v % 2 ? 'noindex, nofollow' : 'noindex', errors: { failed: null } }),
	],
	[
		'in_page_links',
		'seo',
		'medium',
		false,
		(v) => ({ internals: 24 + v * 11, externals: 3 + v * 2 }),
		(v) => ({
			value: { internals: 158 + v * 17, externals: 12 + v },
			errors: { too_many: { max: 150 } },
		}),
	],
	[
		'language',
		'seo',
		'medium',
		false,
		(v) => pick(['en', 'en-US', 'de', 'fr'], v),
		() => ({ value: null, errors: { missing: null } }),
	],
	[
		'favicon',
		'seo',
		'low',
		false,
		(v, ctx) => `${ctx.origin}/favicon.ico`,
		() => ({ value: null, errors: { missing: null } }),
	],
	// performance
	[
		'text_compression',
		'performance',
		'high',
		false,
		(v) => pick(['gzip', 'br', 'gzip', 'br'], v),
		() => ({ value: null, errors: { missing: null } }),
	],
	[
		'load_time',
		'performance',
		'high',
		true,
		(v) => pick([0.38, 0.91, 1.27, 1.86], v),
		(v) => ({ value: pick([2.41, 3.07, 4.62, 2.18], v), errors: { too_slow: { max: 2 } } }),
	],
	[
		'page_size',
		'performance',
		'medium',
		true,
		(v) => pick([48213, 112874, 203551, 287102], v),
		(v) => ({
			value: pick([612734, 401882, 1288301, 356420], v),
			errors: { too_large: { max: 330000 } },
		}),
	],
	[
		'http_requests',
		'performance',
		'medium',
		true,
		(v) => ({ JavaScripts: 4 + v, CSS: 2 + (v % 2), Images: 9 + v * 3 }),
		(v) => ({
			value: { JavaScripts: 21 + v, CSS: 9 + v, Images: 38 + v * 4 },
			errors: { too_many: { max: 50 } },
		}),
	],
	[
		'image_format',
		'performance',
		'medium',
		false,
		() => [],
		(v) => ({ value: IMAGES.slice(v % 2, 3), errors: { bad_format: IMAGES.slice(v % 2, 3) } }),
	],
	[
		'defer_javascript',
		'performance',
		'medium',
		false,
		() => [],
		(v) => ({
			value: SCRIPTS.slice(0, 1 + (v % 3)),
			errors: { missing: SCRIPTS.slice(0, 1 + (v % 3)) },
		}),
	],
	[
		'dom_size',
		'performance',
		'low',
		true,
		(v) => pick([412, 806, 1133, 1379], v),
		(v) => ({ value: pick([1622, 2048, 3310, 1934], v), errors: { too_many: { max: 1500 } } }),
	],
	// security
	[
		'https_encryption',
		'security',
		'high',
		false,
		() => 'https',
		() => ({ value: 'http', errors: { missing: null } }),
	],
	[
		'mixed_content',
		'security',
		'medium',
		false,
		() => [],
		(v) => ({
			value: [`http://cdn.example-cdn.net${pick(IMAGES, v)}`],
			errors: { failed: [`http://cdn.example-cdn.net${pick(IMAGES, v)}`] },
		}),
	],
	[
		'server_signature',
		'security',
		'medium',
		false,
		() => null,
		(v) => ({ value: pick(SERVERS, v), errors: { failed: null } }),
	],
	[
		'unsafe_cross_origin_links',
		'security',
		'medium',
		false,
		() => [],
		(v) => ({
			value: ['https://twitter.com/share', 'https://facebook.com/sharer.php'].slice(0, 1 + (v % 2)),
			errors: {
				failed: ['https://twitter.com/share', 'https://facebook.com/sharer.php'].slice(
					0,
					1 + (v % 2),
				),
			},
		}),
	],
	[
		'plaintext_email',
		'security',
		'low',
		false,
		() => [],
		(v) => ({
			value: [pick(['info@', 'sales@', 'hello@', 'support@'], v) + 'example.org'],
			errors: { failed: [pick(['info@', 'sales@', 'hello@', 'support@'], v) + 'example.org'] },
		}),
	],
	// miscellaneous
	[
		'structured_data',
		'miscellaneous',
		'low',
		false,
		(v) => ({
			'Open Graph': { 'og:type': 'website' },
			'Schema.org': pick(
				[['Organization'], ['WebSite', 'Organization'], ['Product'], ['Article']],
				v,
			),
		}),
		() => ({ value: {}, errors: { missing: null } }),
	],
	[
		'meta_viewport',
		'miscellaneous',
		'medium',
		false,
		() => 'width=device-width, initial-scale=1',
		() => ({ value: null, errors: { missing: null } }),
	],
	[
		'charset',
		'miscellaneous',
		'medium',
		false,
		(v) => pick(['utf-8', 'UTF-8'], v),
		() => ({ value: null, errors: { missing: null } }),
	],
	[
		'sitemap',
		'miscellaneous',
		'low',
		false,
		(v, ctx) => [`${ctx.origin}/sitemap.xml`],
		() => ({ value: [], errors: { missing: null } }),
	],
	[
		'social',
		'miscellaneous',
		'low',
		false,
		(v) =>
			pick(
				[
					{ twitter: ['https://twitter.com/example'] },
					{ facebook: ['https://facebook.com/example'] },
					{ linkedin: ['https://linkedin.com/company/example'] },
					{ instagram: ['https://instagram.com/example'] },
				],
				v,
			),
		() => ({ value: {}, errors: { missing: null } }),
	],
	[
		'content_length',
		'miscellaneous',
		'low',
		false,
		(v) => pick([612, 845, 1290, 2311], v),
		(v) => ({ value: pick([214, 97, 388, 153], v), errors: { too_few: { min: 500 } } }),
	],
	[
		'text_html_ratio',
		'miscellaneous',
		'low',
		true,
		(v) => pick([12.4, 18.9, 23.1, 31.6], v),
		(v) => ({ value: pick([6.2, 8.7, 3.9, 9.4], v), errors: { too_small: { min: 10 } } }),
	],
	[
		'inline_css',
		'miscellaneous',
		'low',
		false,
		() => [],
		(v) => ({
			value: ['<div style="margin-top:20px">', '<p style="color:#333">'].slice(0, 1 + (v % 2)),
			errors: {
				failed: ['<div style="margin-top:20px">', '<p style="color:#333">'].slice(0, 1 + (v % 2)),
			},
		}),
	],
	[
		'deprecated_html_tags',
		'miscellaneous',
		'low',
		false,
		() => [],
		(v) => ({
			value: pick([{ center: 1 }, { font: 3 }, { center: 2, font: 1 }, { marquee: 1 }], v),
			errors: {
				bad_tags: pick([{ center: 1 }, { font: 3 }, { center: 2, font: 1 }, { marquee: 1 }], v),
			},
		}),
	],
];

/** Checks whose value depends on the page's own URL are built per report, the rest are shared. */
const PER_URL = new Set(['seo_friendly_url', 'favicon', 'sitemap']);

const CHECKS = CATALOGUE.map(([name, category, importance, volatile, pass, fail]) => ({
	name,
	category,
	importance,
	points: POINTS[importance],
	volatile,
	perUrl: PER_URL.has(name),
	pass,
	fail,
}));

const CHECK_NAMES = CHECKS.map((check) => check.name);
const TOTAL_POINTS = CHECKS.reduce((sum, check) => sum + check.points, 0);

module.exports = { CHECKS, CHECK_NAMES, POINTS, TOTAL_POINTS, VARIANTS };
