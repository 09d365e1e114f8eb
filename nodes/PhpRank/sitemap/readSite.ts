import { PageSet } from '../report/pageSet';
import { storedUrl } from '../report/storedUrl';
import { webAddress } from '../shared/webAddress';
import type { FollowVerdict, SiteFetch, SiteFile, SiteSending } from '../transport/siteFetch';
import { siteFetch, SiteFileFailure } from '../transport/siteFetch';
import { CorruptGzip, fileText } from './fileText';
import { sitemapsOfRobotsTxt } from './robotsTxt';
import type { SitePage, SitePages, SitePagesRequest, SkippedSitemap } from './sitePageTypes';
import type { SitemapEntry } from './sitemapXml';
import { NotASitemap, SitemapScanner } from './sitemapXml';

/** RFC 9309: a crawler reads at least 500 KiB of robots.txt; the rest is not read. */
export const MAX_ROBOTS_BYTES = 500 * 1024;
/** The sitemap protocol's limit on one file, uncompressed. */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
export const MAX_SITEMAP_FILES = 100;
/** The longest URL phpRank stores (its validation of a Create): a longer page is not listed. */
export const MAX_PAGE_URL_LENGTH = 2048;
/** Index files below the first one. */
export const MAX_INDEX_DEPTH = 3;

/**
 * A site's pages from its own sitemaps (Project → Audit Site; this file loads at its first read,
 * runModules.ts, not when n8n loads the package). Where the sitemaps are: the
 * `Sitemap:` lines of robots.txt, or where it names none (or cannot be read) `/sitemap.xml`, then
 * `/sitemap_index.xml`; or the one sitemap the user named. Index files are followed up to 3 deep,
 * each file read at most once (an index that lists itself, A → B → A, a redirect back to a parent
 * end there), at most MAX_SITEMAP_FILES a run (the bounds of a reading, above). Only the
 * site's own host and its `www.` twin count: a sitemap elsewhere is not fetched, a page elsewhere is
 * not kept. Pages are kept in the
 * sitemaps' order, once each (by the URL as phpRank stores it, report/storedUrl.ts), after the
 * caller's filter, until Max Pages (Audit Site's first version; the later one reads up to
 * MAX_SITE_PAGES, report/auditPlan.ts chooses from them): then every read stops, the file being read is closed. A file
 * that fails is skipped, named with why; the others go on.
 */

/** The host without a leading `www.`, with its port: a site and its `www.` twin are one. */
function siteKey(url: URL): string {
	return `${url.hostname.replace(/^www\./i, '').toLowerCase()}:${url.port}`;
}

function fileKey(url: string): string {
	const parsed = new URL(url);
	parsed.hash = '';
	return parsed.href;
}

function messageOf(error: unknown, url: string): string {
	if (error instanceof SiteFileFailure) return error.message;
	if (error instanceof NotASitemap) return new SiteFileFailure(url, { kind: 'notSitemap' }).message;
	if (error instanceof CorruptGzip) return new SiteFileFailure(url, { kind: 'corrupt' }).message;
	throw error;
}

class SiteReader {
	private readonly pages: SitePage[] = [];
	/** The pages kept, by a fingerprint of their stored URL (report/pageSet.ts): not a copy of each URL. */
	private readonly seen = new PageSet();
	/** Every page of the site the sitemaps list, filtered out or not (pages that left the site are the others). */
	private readonly listed = new PageSet();
	private readonly read = new Set<string>();
	private readonly sitemaps: string[] = [];
	private readonly skipped: SkippedSitemap[] = [];
	private offSitePages = 0;
	private files = 0;

	constructor(
		private readonly fetch: SiteFetch,
		private readonly request: SitePagesRequest,
	) {}

	async pagesOfSite(): Promise<SitePages> {
		const { site, sitemapUrl } = this.request;
		if (sitemapUrl !== undefined) {
			await this.readSitemap(sitemapUrl, 0);
		} else {
			const listed = await this.robotsSitemaps();
			for (const url of listed) await this.readSitemap(url, 0);
			if (listed.length === 0) {
				await this.readSitemap(new URL('/sitemap.xml', site).href, 0);
				if (this.sitemaps.length === 0)
					await this.readSitemap(new URL('/sitemap_index.xml', site).href, 0);
			}
		}
		const { pages, sitemaps, skipped, offSitePages, listed } = this;
		return { pages, sitemaps, skipped, offSitePages, listed, cutShort: this.full };
	}

	private get full(): boolean {
		return this.pages.length >= this.request.maxPages;
	}

	private onSite(url: URL): boolean {
		return (
			(url.protocol === 'http:' || url.protocol === 'https:') &&
			siteKey(url) === siteKey(this.request.site)
		);
	}

	private follow(url: URL): FollowVerdict {
		if (!this.onSite(url)) return 'offSite';
		return this.read.has(fileKey(url.href)) ? 'alreadyRead' : 'follow';
	}

	/** robots.txt's sitemaps; none when it cannot be read (it is then listed as skipped). */
	private async robotsSitemaps(): Promise<string[]> {
		const robotsUrl = new URL('/robots.txt', this.request.site).href;
		try {
			const file = await this.fetch.open(robotsUrl, (url) => this.follow(url));
			return await this.robotsText(file).finally(() => file.close());
		} catch (error) {
			this.skipped.push({ sitemap: robotsUrl, error: messageOf(error, robotsUrl) });
			return [];
		}
	}

	/** robots.txt's sitemaps, read up to MAX_ROBOTS_BYTES. */
	private async robotsText(file: SiteFile): Promise<string[]> {
		const decoder = new TextDecoder();
		let text = '';
		let bytes = 0;
		for await (const chunk of file.chunks) {
			const room = MAX_ROBOTS_BYTES - bytes;
			bytes += chunk.byteLength;
			text += decoder.decode(chunk.subarray(0, Math.max(0, room)), { stream: true });
			if (bytes >= MAX_ROBOTS_BYTES) break;
		}
		return sitemapsOfRobotsTxt(text + decoder.decode(), file.url);
	}

	private skip(sitemap: string, error: string): void {
		this.skipped.push({ sitemap, error });
	}

	private async readSitemap(url: string, depth: number): Promise<void> {
		const address = webAddress(url);
		if (this.full || !address) return;
		const key = fileKey(url);
		if (this.read.has(key)) return;
		if (!this.onSite(address)) {
			return this.skip(url, `${url} is on another host than the site: not read`);
		}
		if (depth > MAX_INDEX_DEPTH)
			return this.skip(url, messageOf(new SiteFileFailure(url, { kind: 'tooDeep' }), url));
		if (this.files >= MAX_SITEMAP_FILES)
			return this.skip(url, messageOf(new SiteFileFailure(url, { kind: 'tooMany' }), url));
		this.read.add(key);
		this.files++;
		let children: SitemapEntry[] = [];
		let fileUrl = url;
		try {
			const file = await this.fetch.open(url, (next) => this.follow(next));
			fileUrl = file.url;
			this.read.add(fileKey(file.url));
			children = await this.entriesOf(file.url, file.chunks).finally(() => file.close());
			this.sitemaps.push(file.url);
		} catch (error) {
			return this.skip(url, messageOf(error, fileUrl));
		}
		for (const child of children) {
			const address = webAddress(child.loc, fileUrl);
			if (address) await this.readSitemap(address.href, depth + 1);
		}
	}

	/** Reads one file: its pages are kept as they come; an index's sitemaps are returned. */
	private async entriesOf(
		sitemap: string,
		chunks: AsyncGenerator<Uint8Array, void, undefined>,
	): Promise<SitemapEntry[]> {
		const scanner = new SitemapScanner();
		const children: SitemapEntry[] = [];
		const tooLarge = () =>
			new SiteFileFailure(sitemap, { kind: 'tooLarge', limitBytes: MAX_SITEMAP_BYTES });
		for await (const text of fileText(chunks, MAX_SITEMAP_BYTES, tooLarge)) {
			for (const entry of scanner.feed(text)) {
				if (scanner.kind === 'sitemapindex') children.push(entry);
				else this.addPage(entry, sitemap);
			}
			if (this.full) return children;
		}
		scanner.end();
		return children;
	}

	private addPage(entry: SitemapEntry, sitemap: string): void {
		const address = webAddress(entry.loc);
		if (this.full || !address) return;
		if (!this.onSite(address)) {
			this.offSitePages++;
			return;
		}
		// phpRank refuses a URL of more than 2,048 characters: such a page can have no report, and the
		// filters' matching time grows with the URL's length.
		if (entry.loc.length > MAX_PAGE_URL_LENGTH) return;
		const page: SitePage = { url: entry.loc, sitemap, lastmod: entry.lastmod };
		const key = storedUrl(entry.loc);
		this.listed.addStored(key);
		if (this.seen.hasStored(key) || !this.request.keep(page)) return;
		this.seen.addStored(key);
		this.pages.push(page);
	}
}

/** A site's pages, read once with `fetch` (or a site fetch made of `fetch`) as `request` asks. */
export async function readSitePages(
	fetch: SiteFetch | SiteSending,
	request: SitePagesRequest,
): Promise<SitePages> {
	const files = 'open' in fetch ? fetch : siteFetch(fetch.send, fetch.cancel, fetch.timeoutMs);
	return await new SiteReader(files, request).pagesOfSite();
}
