/**
 * Project → Digest fits every inbox and chat by construction: each channel is rendered at a plan of
 * detail (how many sites of Combine Sites' table, how many of them with their section, how many
 * entries each list shows) and the most detailed plan within the channel's limit is kept. Every
 * site's row comes before any section, sections before their lists' entries: what is cut is said
 * ("details of 12 more sites", "and 8 more") and nothing cut is linked. Each part (a URL, a
 * check's name, an error) is bounded where it is shown (digestLinks.ts, digestWording.ts), so the
 * least detailed plan is small whatever the data.
 */

/** How many entries a list shows before "and N more" (checks, new or fixed issues, pages). */
export const LISTED_AT_MOST = 10;

export interface Plan {
	/** Combine Sites: how many sites the table names (the rest: "and N more sites"). */
	rows: number;
	/** Combine Sites: how many sites, worse first, have their section (the rest: "details of N more sites"). */
	sections: number;
	/** How many entries each list of a section shows. */
	items: number;
}

export const FULL_PLAN: Plan = {
	rows: Number.POSITIVE_INFINITY,
	sections: Number.POSITIVE_INFINITY,
	items: LISTED_AT_MOST,
};

/** The largest n in [low, high] for which `fits(n)` (true up to some n, false above it); undefined when none. */
function largest(low: number, high: number, fits: (n: number) => boolean): number | undefined {
	if (!fits(low)) return undefined;
	let [yes, no] = [low, high + 1];
	while (no - yes > 1) {
		const middle = Math.floor((yes + no) / 2);
		if (fits(middle)) yes = middle;
		else no = middle;
	}
	return yes;
}

/**
 * The most detailed rendering within the limit: every site with its section and full lists if it
 * fits; else the most sections (worse first) with full lists; else one section with the most
 * entries; else the table alone, of as many sites as fit. `sites` 0: one site's digest (its
 * section is always shown, only its lists are cut).
 */
export function fitted(
	render: (plan: Plan) => string,
	fits: (output: string) => boolean,
	sites: number,
): string {
	const full = render(FULL_PLAN);
	if (fits(full)) return full;
	const at = (plan: Plan) => fits(render(plan));
	if (sites > 0) {
		const all = { rows: sites, items: LISTED_AT_MOST };
		const sections = largest(0, sites - 1, (n) => at({ ...all, sections: n }));
		if (sections !== undefined && sections > 0) return render({ ...all, sections });
	}
	const first = { rows: sites, sections: 1 };
	const items = largest(0, LISTED_AT_MOST - 1, (n) => at({ ...first, items: n }));
	if (items !== undefined) return render({ ...first, items });
	if (sites === 0) return render({ ...first, items: 0 });
	const least = { sections: 0, items: 0 };
	const rows = largest(0, sites, (n) => at({ ...least, rows: n })) ?? 0;
	return render({ ...least, rows });
}

/** UTF-8 bytes of a text (an email's size as Gmail counts it). */
export function utf8Bytes(text: string): number {
	let bytes = 0;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code < 0x80) bytes += 1;
		else if (code < 0x800) bytes += 2;
		else if (code >= 0xd800 && code <= 0xdbff) {
			bytes += 4;
			i++;
		} else bytes += 3;
	}
	return bytes;
}

/** A text cut to `max` characters (code points), its end replaced by "…" when cut. */
export function cut(text: string, max: number): string {
	const chars = [...text];
	return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * Lines with a blank line added wherever a part between blank lines would exceed `max` characters
 * (a Slack section block's limit): a list that long goes on in the next part.
 */
export function inParts(lines: string[], max: number): string[] {
	const out: string[] = [];
	let part = 0;
	for (const line of lines) {
		if (line === '') part = 0;
		else if (part > 0 && part + 1 + line.length > max) {
			out.push('');
			part = 0;
		}
		if (line !== '') part += (part > 0 ? 1 : 0) + line.length;
		out.push(line);
	}
	return out;
}
