/**
 * A sitemap read as it arrives, text chunk by text chunk, keeping only the entry being read: a
 * 50 MB sitemap never sits in memory. Tolerant of XML as sites write it: a byte-order mark, blank
 * lines, an XSL line or comments before the root, prefixed tags (`<sm:loc>`), CDATA, entities
 * and line breaks inside `<loc>` (`addressOfLoc`). Only the sitemap's own `<loc>` counts: `image:loc` and
 * `xhtml:link` are not pages. The root says what the file is: `<urlset>` (pages) or
 * `<sitemapindex>` (sitemaps); any other root (a web page, a login page) is not a sitemap.
 */

export type SitemapKind = 'urlset' | 'sitemapindex';

export interface SitemapEntry {
	loc: string;
	lastmod: string | null;
}

/** Thrown when the file's root is not a sitemap's. */
export class NotASitemap extends Error {}

/** An entry longer than this (a broken file) is dropped instead of held. */
const MAX_ENTRY_CHARS = 1024 * 1024;
/** Text before the root (XML declaration, XSL line, comments) longer than this: not a sitemap. */
const MAX_PROLOG_CHARS = 64 * 1024;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
	return text.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
		if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
		const code =
			name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
		return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
	});
}

/** An element's text: CDATA kept as it is, entities decoded elsewhere. */
function textOf(content: string): string {
	return content
		.split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
		.map((part) => (part.startsWith('<![CDATA[') ? part.slice(9, -3) : decodeEntities(part)))
		.join('');
}

/**
 * A `<loc>`'s address. The whitespace around it is the file's layout, and so is a line break inside
 * it (a long address wrapped by the sitemap's writer): both are removed, with the indentation
 * around the break, and a tab as a browser does. A space inside is part of the address
 * (`/docs/My Document.pdf`), written `%20` as a browser sends it: that page, not
 * `/docs/MyDocument.pdf` (report/storedUrl.ts counts both spellings as one page).
 */
export function addressOfLoc(text: string): string {
	return text
		.trim()
		.replace(/[ \t]*[\r\n]+[ \t]*/g, '')
		.replace(/\t/g, '')
		.replace(/ /g, '%20');
}

function escaped(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export class SitemapScanner {
	kind: SitemapKind | undefined;
	/**
	 * Whether the root's closing tag came (`</urlset>`): a file that ends without it was cut off (a
	 * PHP fatal error or a proxy's time-out ends a sitemap mid-way with HTTP 200), read only in part.
	 */
	closed = false;
	private buffer = '';
	private rootClose: RegExp | undefined;
	private entryStart: RegExp | undefined;
	private loc: RegExp | undefined;
	private lastmod: RegExp | undefined;
	private closeTag = '';

	/** The entries completed by this chunk of text. */
	feed(text: string): SitemapEntry[] {
		this.buffer += text;
		if (this.kind === undefined && !this.findRoot()) return [];
		return this.entries();
	}

	/** The end of the file: a file whose root never came is not a sitemap. */
	end(): void {
		if (this.kind === undefined) throw new NotASitemap();
		this.buffer = '';
	}

	private findRoot(): boolean {
		const prolog = this.buffer.replace(/<!--[\s\S]*?-->/g, '').replace(/<!--[\s\S]*$/, '');
		// The root's name counts once whole: followed by a space, `>` or `/`.
		const root = /<(?![?!])([\w.-]+:)?([\w.-]+)(?=[\s>/])/.exec(prolog);
		if (!root) {
			if (prolog.length > MAX_PROLOG_CHARS) throw new NotASitemap();
			return false;
		}
		const [, prefix = '', name] = root;
		if (name !== 'urlset' && name !== 'sitemapindex') throw new NotASitemap();
		this.kind = name;
		this.rootClose = new RegExp(`</${escaped(prefix)}${name}\\s*>`);
		const entry = `${escaped(prefix)}${name === 'urlset' ? 'url' : 'sitemap'}`;
		this.entryStart = new RegExp(`<${entry}(?=[\\s>/])`);
		this.closeTag = `</${prefix}${name === 'urlset' ? 'url' : 'sitemap'}>`;
		this.loc = new RegExp(
			`<${escaped(prefix)}loc(?:\\s[^>]*)?>([\\s\\S]*?)</${escaped(prefix)}loc>`,
		);
		this.lastmod = new RegExp(
			`<${escaped(prefix)}lastmod(?:\\s[^>]*)?>([\\s\\S]*?)</${escaped(prefix)}lastmod>`,
		);
		this.buffer = prolog.slice(root.index + root[0].length);
		// an empty sitemap written as one tag, `<urlset xmlns="…"/>`, is whole
		this.closed = /^[^>]*\/>/.test(this.buffer);
		return true;
	}

	private entries(): SitemapEntry[] {
		const found: SitemapEntry[] = [];
		for (;;) {
			const start = this.entryStart!.exec(this.buffer);
			if (!start) {
				this.closed ||= this.rootClose!.test(this.buffer);
				// Keep what may be the beginning of the next entry's tag (or of the root's closing tag).
				this.buffer = this.buffer.slice(-64);
				return found;
			}
			const end = this.buffer.indexOf(this.closeTag, start.index);
			if (end < 0) {
				this.buffer = this.buffer.slice(start.index);
				if (this.buffer.length > MAX_ENTRY_CHARS) this.buffer = this.buffer.slice(1);
				return found;
			}
			found.push(this.entryOf(this.buffer.slice(start.index, end)));
			this.buffer = this.buffer.slice(end + this.closeTag.length);
		}
	}

	/**
	 * An entry without an address (`<loc></loc>`, `<loc> </loc>`, no `<loc>`) is kept with `loc` ''
	 * for the reader to count as not understood: a file of such entries lists no page, yet is no
	 * file read in full (readSite.ts).
	 */
	private entryOf(block: string): SitemapEntry {
		const loc = this.loc!.exec(block);
		const url = loc ? addressOfLoc(textOf(loc[1])) : '';
		const lastmod = this.lastmod!.exec(block);
		const modified = lastmod ? textOf(lastmod[1]).trim() : '';
		return { loc: url, lastmod: modified === '' ? null : modified };
	}
}
