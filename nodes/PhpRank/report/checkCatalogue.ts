/**
 * phpRank's 33 checks: key (as reports name them), a readable name, category, importance (phpRank's
 * own: high, medium, low) and how to fix a failure, in this project's words (docs/usage.md lists
 * them). The order is phpRank's report page order, by category. Site health (Project → Get Issues)
 * and the trigger's Check Failed event read it; score.ts takes categories and order from it.
 */

import type { INodePropertyOptions } from 'n8n-workflow';

import type { Importance } from '../shared/constants';

export type { Importance } from '../shared/constants';
export type Category = 'seo' | 'performance' | 'security' | 'miscellaneous';

export interface CheckInfo {
	key: string;
	name: string;
	category: Category;
	importance: Importance;
	howToFix: string;
}

type Row = [key: string, name: string, importance: Importance, howToFix: string];

const ROWS: Record<Category, Row[]> = {
	seo: [
		[
			'title',
			'Title',
			'high',
			'Give the page one <title> of 1 to 60 characters that says what the page is about.',
		],
		[
			'meta_description',
			'Meta Description',
			'high',
			'Add a <meta name="description"> of 1 to 160 characters that sums the page up for search results.',
		],
		[
			'headings',
			'Headings',
			'high',
			'Give the page exactly one <h1>, and structure the rest of the text with <h2> to <h6>.',
		],
		[
			'content_keywords',
			'Content Keywords',
			'high',
			"Use the title's main words in the page's visible text.",
		],
		[
			'image_keywords',
			'Image Keywords',
			'medium',
			'Give every <img> an alt text that describes the image.',
		],
		[
			'seo_friendly_url',
			'SEO Friendly URL',
			'medium',
			'Use short addresses of lower-case words joined by hyphens, without query strings or underscores.',
		],
		[
			'404_page',
			'404 Page',
			'medium',
			'Make unknown addresses answer with status 404 and a helpful page, not a redirect or status 200.',
		],
		[
			'robots',
			'Robots',
			'medium',
			'Remove the robots.txt rule that blocks this page, unless it is meant to stay out of search results.',
		],
		[
			'noindex',
			'Noindex',
			'high',
			'Remove "noindex" from the page\'s robots meta tag and X-Robots-Tag header, unless the page is meant to stay out of search results.',
		],
		[
			'in_page_links',
			'In-Page Links',
			'medium',
			'Keep the links on the page below 150: link to what matters, group the rest on other pages.',
		],
		[
			'language',
			'Language',
			'medium',
			'Declare the page\'s language on the <html> tag, e.g. lang="en".',
		],
		['favicon', 'Favicon', 'low', 'Add a favicon with <link rel="icon" href="...">.'],
	],
	performance: [
		[
			'text_compression',
			'Text Compression',
			'high',
			'Turn on gzip or Brotli compression for HTML, CSS and JavaScript on the web server.',
		],
		[
			'load_time',
			'Load Time',
			'high',
			'Make the page load within 2 seconds: faster hosting, caching, fewer and smaller resources.',
		],
		[
			'page_size',
			'Page Size',
			'medium',
			'Bring the page under 330 kB: compress images, remove unused CSS and JavaScript.',
		],
		[
			'http_requests',
			'HTTP Requests',
			'medium',
			'Load fewer resources (under 50): bundle scripts and styles, drop what the page does not use.',
		],
		[
			'image_format',
			'Image Format',
			'medium',
			'Serve images as WebP or AVIF instead of JPEG, PNG or GIF.',
		],
		[
			'defer_javascript',
			'Defer JavaScript',
			'medium',
			'Add defer (or async) to <script src> tags that the first paint does not need.',
		],
		[
			'dom_size',
			'DOM Size',
			'low',
			'Keep the page under 1,500 HTML elements: simplify the layout, load long lists on demand.',
		],
	],
	security: [
		[
			'https_encryption',
			'HTTPS Encryption',
			'high',
			'Serve the page over HTTPS with a valid certificate, and redirect HTTP to HTTPS.',
		],
		[
			'mixed_content',
			'Mixed Content',
			'medium',
			'Load every image, script and style over https://, not http://.',
		],
		[
			'server_signature',
			'Server Signature',
			'medium',
			'Hide the server name and version from the Server header (nginx: server_tokens off; Apache: ServerTokens Prod).',
		],
		[
			'unsafe_cross_origin_links',
			'Unsafe Cross-Origin Links',
			'medium',
			'Add rel="noopener" to links that open other sites in a new tab (target="_blank").',
		],
		[
			'plaintext_email',
			'Plaintext Email',
			'low',
			'Replace e-mail addresses written in the page with a contact form or an obfuscated link.',
		],
	],
	miscellaneous: [
		[
			'structured_data',
			'Structured Data',
			'low',
			'Describe the page with Schema.org data (JSON-LD), Open Graph or Twitter cards.',
		],
		[
			'meta_viewport',
			'Meta Viewport',
			'medium',
			'Add <meta name="viewport" content="width=device-width, initial-scale=1"> so phones show the page well.',
		],
		[
			'charset',
			'Charset',
			'medium',
			'Declare the encoding first in <head>: <meta charset="utf-8">.',
		],
		[
			'sitemap',
			'Sitemap',
			'low',
			'Publish a sitemap.xml and name it in robots.txt (Sitemap: https://.../sitemap.xml).',
		],
		['social', 'Social', 'low', "Link the site's social media profiles from the page."],
		[
			'content_length',
			'Content Length',
			'low',
			'Write at least 500 words of useful text on the page.',
		],
		[
			'text_html_ratio',
			'Text to HTML Ratio',
			'low',
			'Raise the share of visible text in the HTML to 10 % or more: less markup, inline code and styles.',
		],
		['inline_css', 'Inline CSS', 'low', 'Move style="..." attributes into a stylesheet.'],
		[
			'deprecated_html_tags',
			'Deprecated HTML Tags',
			'low',
			'Replace old tags such as <center>, <font> and <marquee> with CSS.',
		],
	],
};

export const CATEGORIES: readonly Category[] = ['seo', 'performance', 'security', 'miscellaneous'];

/** Every check, in phpRank's order. */
export const CHECK_CATALOGUE: readonly CheckInfo[] = CATEGORIES.flatMap((category) =>
	ROWS[category].map(([key, name, importance, howToFix]) => ({
		key,
		name,
		category,
		importance,
		howToFix,
	})),
);

/**
 * The checks as the editor's options, by readable name (the value is phpRank's key): Validate Fix's
 * Check and the trigger's Checks. Ordered on the lower-cased names, not with localeCompare: its
 * first call loads ICU's collator, about 10 ms of every n8n start that loads this package (bench
 * section 4, bench/findings.md). test/report/checkCatalogue.test.js checks that the order is
 * localeCompare's all the same.
 */
export const CHECK_OPTIONS: readonly INodePropertyOptions[] = CHECK_CATALOGUE.map((check) => ({
	name: check.name,
	value: check.key,
	description: `${check.category}, ${check.importance} importance`,
})).sort((a, b) => {
	const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
	return x < y ? -1 : x > y ? 1 : 0;
});

const BY_KEY = new Map(CHECK_CATALOGUE.map((check, index) => [check.key, { check, index }]));

/** The catalogue's entry of a check key; undefined for a check this package does not know. */
export function checkInfo(key: string): CheckInfo | undefined {
	return BY_KEY.get(key)?.check;
}

/** A check's place in phpRank's order (its index in CHECK_CATALOGUE); undefined when unknown. */
export function checkIndex(key: string): number | undefined {
	return BY_KEY.get(key)?.index;
}

/** What a check unknown to this package (a newer phpRank) is told to fix. */
export const UNKNOWN_CHECK_FIX =
	"A check this package does not know yet: see the report's page in phpRank for what it asks.";

/** Whether a text is one of phpRank's importance words. */
export function isImportance(value: unknown): value is Importance {
	return value === 'high' || value === 'medium' || value === 'low';
}
