import { storedUrl } from './storedUrl';

/**
 * The pages (stored URLs) a site-wide count has met, kept small: each URL as a 53-bit fingerprint in
 * one typed array (open addressing), about 16 bytes a page instead of the URL's own string and a map
 * entry (over 150 bytes). Two different URLs with the same fingerprint would count as one page: for
 * a site of 100,000 pages, a chance of about one in two million. A URL is taken in its one identity
 * (storedUrl.ts): every spelling of a page is the same page here.
 */

/** A 32-bit hash of the text's UTF-16 code units, FNV-1a style, with a final avalanche. */
function hash32(text: string, seed: number): number {
	let hash = seed >>> 0;
	for (let i = 0; i < text.length; i++) {
		hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
	}
	hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
	hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
	return (hash ^ (hash >>> 16)) >>> 0;
}

const HIGH_BITS = 2 ** 21;
const LOW_RANGE = 2 ** 32;
const FIRST_CAPACITY = 1024;

/** A URL's fingerprint, 1 to 2^53 (0 marks an empty slot): two independent 32-bit hashes, 21 + 32 bits. */
export function fingerprint(url: string): number {
	const low = hash32(url, 0x811c9dc5);
	const high = hash32(url, 0x9e3779b9) % HIGH_BITS;
	return high * LOW_RANGE + low + 1;
}

export class PageSet {
	private slots = new Float64Array(FIRST_CAPACITY);
	private count = 0;

	get size(): number {
		return this.count;
	}

	/** Adds the page (any spelling of it); false when it was already there. */
	add(url: string): boolean {
		return this.addStored(storedUrl(url));
	}

	has(url: string): boolean {
		return this.hasStored(storedUrl(url));
	}

	/** `add` of a URL already in its one identity (`storedUrl`): a caller that has it normalises once. */
	addStored(stored: string): boolean {
		if ((this.count + 1) * 2 > this.slots.length) this.grow();
		const added = PageSet.place(this.slots, fingerprint(stored));
		if (added) this.count++;
		return added;
	}

	/** `has` of a URL already in its one identity (`storedUrl`). */
	hasStored(stored: string): boolean {
		const print = fingerprint(stored);
		const mask = this.slots.length - 1;
		for (let i = print % this.slots.length; this.slots[i] !== 0; i = (i + 1) & mask) {
			if (this.slots[i] === print) return true;
		}
		return false;
	}

	/** Puts a fingerprint into its slot (linear probing); false when it is there already. */
	private static place(slots: Float64Array, print: number): boolean {
		const mask = slots.length - 1;
		let i = print % slots.length;
		while (slots[i] !== 0) {
			if (slots[i] === print) return false;
			i = (i + 1) & mask;
		}
		slots[i] = print;
		return true;
	}

	private grow(): void {
		const old = this.slots;
		this.slots = new Float64Array(old.length * 2);
		for (const print of old) if (print !== 0) PageSet.place(this.slots, print);
	}
}
