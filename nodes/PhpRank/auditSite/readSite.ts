import { sleep } from 'n8n-workflow';

import { PageSet } from '../report/pageSet';
import { siteKey, storedUrl } from '../report/storedUrl';
import { webAddress } from '../shared/webAddress';
import type { FollowVerdict, SiteFetch, SiteFile, SiteSending } from './siteFetch';
import { siteFetch, SiteFileFailure } from './siteFetch';
import { throwIfCanceled } from '../transport/abort';
import { CorruptGzip, fileText, UnreadEncoding } from './fileText';
import { sitemapsOfRobotsTxt } from './robotsTxt';
import type {
	SitePage,
	SitePages,
	SitePagesRequest,
	SkippedSitemap,
	TooLongPages,
} from './sitePageTypes';
import type { SiteProblem } from '../transport/failureWording';
import { truncated } from '../shared/truncate';
import { NotASitemap, SitemapScanner } from './sitemapXml';

/** RFC 9309: a crawler reads at least 500 KiB of robots.txt; the rest is not read. */
export const MAX_ROBOTS_BYTES = 500 * 1024;
/** The sitemap protocol's limit on one file, uncompressed. */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
export const MAX_SITEMAP_FILES = 100;
/** The longest URL phpRank stores (its validation of a Create): a longer page is listed, not audited. */
export const MAX_PAGE_URL_LENGTH = 2048;
/** The pages too long to audit kept (each said in an item); the others only counted. */
export const MAX_TOO_LONG_PAGES = 100;
/** Index files below the first one. */
export const MAX_INDEX_DEPTH = 3;
/** robots.txt's fallbacks: where a sitemap is looked for when the site names none. */
const STANDARD_PLACE = true;
/**
 * The filters run synchronously, page after page of a chunk already received: past this much of
 * it in a row, the reader lets n8n's event loop turn, so Stop is seen within it (urlPattern.ts
 * bounds one URL's matching, not a chunk of many).
 */
export const FILTERING_TURN_MS = 50;

/**
 * A site's pages from its own sitemaps (Project → Audit Site; this file loads with its run,
 * auditSite.ts `auditSiteRun`, not when n8n loads the package). Where the sitemaps are: the `Sitemap:` lines of
 * robots.txt, or where it names none (or cannot be read) `/sitemap.xml`, then `/sitemap_index.xml`
 * (a 404 or 410 at those places is `absent`, no failed read); or the one sitemap the user named.
 * Index files are followed up to 3 deep, each file read at most once (an index that lists itself,
 * A → B → A, a redirect back to a parent end there), at most MAX_SITEMAP_FILES a run (the bounds of
 * a reading, above). Only the site's own host and its `www.` twin count: a sitemap elsewhere is
 * not fetched, a page elsewhere is not kept. Pages are kept in the sitemaps' order, once each (by
 * the URL as phpRank stores it, report/storedUrl.ts), after the caller's filter, until
 * `pagesToRead` (Audit Site's Max Pages in version 1 and List Only; MAX_SITE_PAGES when version 1.1
 * reads the whole site, auditSite/auditPlan.ts chooses from them): then every read stops, the file
 * being read is closed. A file that fails, or is read only in part (cut off, a `<loc>` that is no
 * address), is skipped, named with why; the others go on.
 */

function fileKey(url: string): string {
	const parsed = new URL(url);
	parsed.hash = '';
	return parsed.href;
}

/**
 * A standard place that does not exist (robots.txt, /sitemap.xml, /sitemap_index.xml answering 404
 * or 410): the site has no such file, which is no failed read (most small sites have no robots.txt).
 */
function isAbsent(error: unknown): boolean {
	return (
		error instanceof SiteFileFailure &&
		error.problem.kind === 'status' &&
		(error.problem.status === 404 || error.problem.status === 410)
	);
}

/**
 * A `<loc>` that is not a whole address, resolved against the file's URL as a browser would: only
 * the forms that say they are relative (`/page/3`, `//host/page/3`, `./`, `../`). Any other
 * (`www.example.com/page`, a bare word) is no address: taken as a path it would be another page.
 */
function relativeAddress(loc: string, file: string): URL | undefined {
	return /^(?:\/|\.\.?\/)/.test(loc) ? webAddress(loc, file) : undefined;
}

function messageOf(error: unknown, url: string): string {
	if (error instanceof SiteFileFailure) return error.message;
	if (error instanceof NotASitemap) return new SiteFileFailure(url, { kind: 'notSitemap' }).message;
	if (error instanceof CorruptGzip) return new SiteFileFailure(url, { kind: 'corrupt' }).message;
	if (error instanceof UnreadEncoding)
		return new SiteFileFailure(url, { kind: 'encoding', encoding: error.encoding }).message;
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
	private readonly absent: SkippedSitemap[] = [];
	private readonly tooLong: TooLongPages = { pages: [], count: 0 };
	private offSitePages = 0;
	private files = 0;
	private turnAt = Date.now();

	constructor(
		private readonly fetch: SiteFetch,
		private readonly request: SitePagesRequest,
		/** The execution's cancel signal (Stop). */
		private readonly cancel: AbortSignal | undefined,
	) {}

	/** Lets the event loop turn once the filters have run FILTERING_TURN_MS in a row; Stop ends the read there. */
	private async letOthersRun(): Promise<void> {
		if (Date.now() - this.turnAt < FILTERING_TURN_MS) return;
		// n8n-workflow's sleep: a timer (n8n's rules for community nodes allow no timer of their own)
		await sleep(0);
		throwIfCanceled(this.cancel);
		this.turnAt = Date.now();
	}

	async pagesOfSite(): Promise<SitePages> {
		const { site, sitemapUrl } = this.request;
		if (sitemapUrl !== undefined) {
			await this.readSitemap(sitemapUrl, 0);
		} else {
			const listed = await this.robotsSitemaps();
			for (const url of listed) await this.readSitemap(url, 0);
			if (listed.length === 0) {
				await this.readSitemap(new URL('/sitemap.xml', site).href, 0, STANDARD_PLACE);
				if (this.sitemaps.length === 0)
					await this.readSitemap(new URL('/sitemap_index.xml', site).href, 0, STANDARD_PLACE);
			}
		}
		const { pages, sitemaps, skipped, absent, offSitePages, listed, tooLong } = this;
		return { pages, sitemaps, skipped, absent, offSitePages, listed, tooLong, cutShort: this.full };
	}

	private get full(): boolean {
		return this.pages.length >= this.request.pagesToRead;
	}

	private onSite(url: URL): boolean {
		const site = siteKey(url);
		return site !== undefined && site === siteKey(this.request.site);
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
			const failed = { sitemap: robotsUrl, error: messageOf(error, robotsUrl) };
			(isAbsent(error) ? this.absent : this.skipped).push(failed);
			return [];
		}
	}

	/**
	 * robots.txt's sitemaps, read up to MAX_ROBOTS_BYTES. A longer file is read in part (named in
	 * `skipped`: a Sitemap line past the bound is not seen, so no page is surely gone); the lines
	 * read are used, the one the bound cuts through is not (half a URL is another file).
	 */
	private async robotsText(file: SiteFile): Promise<string[]> {
		const decoder = new TextDecoder();
		let text = '';
		let bytes = 0;
		for await (const chunk of file.chunks) {
			const room = MAX_ROBOTS_BYTES - bytes;
			bytes += chunk.byteLength;
			text += decoder.decode(chunk.subarray(0, Math.max(0, room)), { stream: true });
			if (bytes > MAX_ROBOTS_BYTES) break;
		}
		text += decoder.decode();
		if (bytes > MAX_ROBOTS_BYTES) {
			text = text.slice(0, Math.max(0, text.search(/[^\r\n]*$/)));
			this.readInPart(file.url, { kind: 'robotsCut', limitBytes: MAX_ROBOTS_BYTES });
		}
		return sitemapsOfRobotsTxt(text, file.url);
	}

	private skip(sitemap: string, error: string): void {
		this.skipped.push({ sitemap, error });
	}

	/** Reads one sitemap file (and what it lists); `standardPlace`: a 404 there is no failed read. */
	private async readSitemap(url: string, depth: number, standardPlace = false): Promise<void> {
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
		let children: URL[] = [];
		let fileUrl = url;
		try {
			const file = await this.fetch.open(url, (next) => this.follow(next));
			fileUrl = file.url;
			this.read.add(fileKey(file.url));
			children = await this.entriesOf(file.url, file.chunks).finally(() => file.close());
			this.sitemaps.push(file.url);
		} catch (error) {
			if (standardPlace && isAbsent(error)) {
				this.absent.push({ sitemap: url, error: messageOf(error, fileUrl) });
				return;
			}
			return this.skip(url, messageOf(error, fileUrl));
		}
		for (const child of children) await this.readSitemap(child.href, depth + 1);
	}

	/**
	 * Reads one file: its pages are kept as they come; an index's sitemaps are returned. A file read
	 * only in part (cut off before its root closed, a `<loc>` empty or no address, or a root that
	 * lists nothing: an index's sitemap served empty by mistake) keeps the pages it gave and is named
	 * in `skipped`: what it did not give may still be on the site.
	 */
	private async entriesOf(
		sitemap: string,
		chunks: AsyncGenerator<Uint8Array, void, undefined>,
	): Promise<URL[]> {
		const scanner = new SitemapScanner();
		const children: URL[] = [];
		const unread: string[] = [];
		const tooLarge = () =>
			new SiteFileFailure(sitemap, { kind: 'tooLarge', limitBytes: MAX_SITEMAP_BYTES });
		let entries = 0;
		for await (const text of fileText(chunks, MAX_SITEMAP_BYTES, tooLarge)) {
			for (const entry of scanner.feed(text)) {
				entries++;
				if (scanner.kind === 'sitemapindex') {
					const child = entry.loc === '' ? undefined : webAddress(entry.loc, sitemap);
					if (child) children.push(child);
					else unread.push(entry.loc);
					continue;
				}
				// a whole address is kept as the sitemap writes it; a relative one as it resolves
				const whole = webAddress(entry.loc);
				const address = whole ?? relativeAddress(entry.loc, sitemap);
				if (!address) unread.push(entry.loc);
				else this.addPage(whole ? entry.loc : address.href, address, entry.lastmod, sitemap);
				await this.letOthersRun();
			}
			if (this.full) return children;
		}
		scanner.end();
		const root = scanner.kind!;
		if (!scanner.closed) this.readInPart(sitemap, { kind: 'cutOff', root });
		else if (entries === 0) this.readInPart(sitemap, { kind: 'listsNothing', root });
		if (unread.length > 0) {
			const shown = unread.find((loc) => loc !== '');
			const example = shown === undefined ? undefined : JSON.stringify(truncated(shown, 80));
			this.readInPart(sitemap, { kind: 'notUnderstood', count: unread.length, example });
		}
		return children;
	}

	private readInPart(sitemap: string, problem: SiteProblem): void {
		this.skip(sitemap, new SiteFileFailure(sitemap, problem).message);
	}

	/** A page of the file: `url` as it is kept, `address` the same read. */
	private addPage(url: string, address: URL, lastmod: string | null, sitemap: string): void {
		if (this.full) return;
		if (!this.onSite(address)) {
			this.offSitePages++;
			return;
		}
		const page: SitePage = { url, sitemap, lastmod };
		const key = storedUrl(url);
		// listed whatever its length: phpRank may store it shorter (decoded), and its report stays
		this.listed.addStored(key);
		if (this.seen.hasStored(key) || !this.request.keep(page)) return;
		this.seen.addStored(key);
		// phpRank refuses to create a report of a URL longer than 2,048 characters: not audited, said
		if (url.length <= MAX_PAGE_URL_LENGTH) this.pages.push(page);
		else if (++this.tooLong.count <= MAX_TOO_LONG_PAGES) this.tooLong.pages.push(page);
	}
}

/** A site's pages, read once with `fetch` (or a site fetch made of `fetch`) as `request` asks. */
export async function readSitePages(
	fetch: SiteFetch | SiteSending,
	request: SitePagesRequest,
): Promise<SitePages> {
	const files = 'open' in fetch ? fetch : siteFetch(fetch);
	const cancel = 'open' in fetch ? undefined : fetch.cancel;
	return await new SiteReader(files, request, cancel).pagesOfSite();
}
