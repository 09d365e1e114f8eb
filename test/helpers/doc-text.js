// The repository's docs as test/unit/docsClaims.test.js reads them: a markdown text's sections and code spans, and
// the file paths every doc names. The fields of the operations are not read from prose: docs/usage.md's field
// reference is written from the code (scripts/docs-tables.js). No dependencies.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');

/** A file of the repository, by its path from the root. */
const readDoc = (file) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The text without its fenced code blocks (``` … ```), each line kept (blank), so line numbers stay. */
function withoutFences(markdown) {
	let fenced = false;
	return markdown
		.split('\n')
		.map((line) => {
			if (/^\s*```/.test(line)) {
				fenced = !fenced;
				return '';
			}
			return fenced ? '' : line;
		})
		.join('\n');
}

/**
 * The sections of a markdown text: each heading with its text up to the next heading of the same level
 * or higher, so a section holds its subsections. Headings inside fenced code blocks are not headings.
 */
function sectionsOf(markdown) {
	const lines = markdown.split('\n');
	const headings = [];
	withoutFences(markdown)
		.split('\n')
		.forEach((line, at) => {
			const heading = /^(#{1,6})\s+(.*)$/.exec(line);
			if (heading) headings.push({ at, level: heading[1].length, heading: heading[2].trim() });
		});
	return headings.map(({ at, level, heading }) => {
		const next = headings.find((other) => other.at > at && other.level <= level);
		return { heading, level, text: lines.slice(at, next ? next.at : lines.length).join('\n') };
	});
}

/** The text of every code span (`like this`) outside fenced blocks. */
function codeSpansOf(markdown) {
	return [...withoutFences(markdown).matchAll(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g)].map((match) =>
		match[2].trim(),
	);
}

/**
 * Whether a text names an output field or value as docs/usage.md writes them: a code span of its own (`pages`,
 * `not in sitemaps`), one that gives it a value (`deleted: true`) or a quoted key inside one (`{ "id", "url" }`).
 */
function namesKey(text, key) {
	return codeSpansOf(text).some(
		(span) => span === key || span.startsWith(`${key}: `) || span.includes(`"${key}"`),
	);
}

// ---- file paths the docs name ----

/** The docs whose paths must exist: every markdown file of the repository but the changelog. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'coverage', 'test-output']);
function markdownFiles(dir = '') {
	return fs
		.readdirSync(path.join(ROOT, dir), { withFileTypes: true })
		.filter((entry) => !SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.cache'))
		.flatMap((entry) => {
			const file = path.posix.join(dir, entry.name);
			if (entry.isDirectory()) return markdownFiles(file);
			return entry.name.endsWith('.md') ? [file] : [];
		})
		.sort();
}

/** A path's segment as a test of a directory entry: `<resource>` stands for any name, `…` ends a prefix. */
function segmentTest(segment) {
	const pattern = segment
		.split(/(<[^>]+>|…)/)
		.map((part) =>
			/^<[^>]+>$/.test(part) || part === '…' ? '.+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
		)
		.join('');
	return new RegExp(`^${pattern}$`);
}

/** Whether `claimed` (segments, as the doc writes them) exists under `base`, placeholders matching any name. */
function existsUnder(base, claimed) {
	const segments = claimed.split('/').filter((segment) => segment !== '');
	let candidates = [path.join(ROOT, base)];
	for (const segment of segments) {
		if (segment === '…') return candidates.length > 0;
		const test = segmentTest(segment);
		candidates = candidates.flatMap((dir) => {
			if (!/[<…]/.test(segment)) {
				const next = path.join(dir, segment);
				return fs.existsSync(next) ? [next] : [];
			}
			if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return [];
			return fs
				.readdirSync(dir)
				.filter((name) => test.test(name))
				.map((name) => path.join(dir, name));
		});
	}
	return candidates.length > 0;
}

const SOURCE_EXTENSIONS = /\.(?:ts|js|mjs|cjs|json|md|ya?ml|svg|png|sh|txt|xml)$/;

/** A word of a doc as a path (`nodes/PhpRank/x.ts`, from `(nodes/PhpRank/x.ts),`), or undefined. */
function pathWord(word) {
	const candidate = word
		.replace(/^[(]+/, '')
		.replace(/[,;:.)]+$/, '')
		.replace(/#.*$/, '');
	return /^[\w.<>…-]+(?:\/[\w.<>…-]*)+$/.test(candidate) ? candidate : undefined;
}

/**
 * The paths a doc names: each word of a code span, and each relative link's target, that is a path of the
 * repository (`nodes/PhpRank/…`, `test/…`: its first segment is one of `topLevel`), or a file path written from a
 * folder the doc abbreviates (`transport/pipeline.ts`, `lib/stop.js`); in a fenced block (a command, the layout),
 * each word that is a path of the repository. `{ path, line, link, anchor }`: a link's `path` is '' for the doc
 * itself, its `anchor` the part after `#`.
 */
function pathsNamedIn(markdown, topLevel) {
	const found = [];
	const fenced = markdown.split('\n');
	withoutFences(markdown)
		.split('\n')
		.forEach((line, at) => {
			const named = (candidate, shorthandToo) => {
				const first = candidate.split('/')[0];
				// a shorthand is a file's path (a folder alone, `createOrRerun/`, may be anything's: `expression/`)
				const shorthand = SOURCE_EXTENSIONS.test(candidate) && !first.includes('.');
				if (topLevel.has(first) || (shorthandToo && shorthand))
					found.push({ path: candidate, line: at + 1, link: false });
			};
			if (line === '' && fenced[at] !== '' && !/^\s*```/.test(fenced[at])) {
				for (const word of fenced[at].trim().split(/\s+/)) {
					const candidate = pathWord(word);
					if (candidate) named(candidate, false);
				}
				return;
			}
			for (const match of line.matchAll(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g)) {
				for (const word of match[2].trim().split(/\s+/)) {
					const candidate = pathWord(word);
					if (candidate) named(candidate, true);
				}
			}
			for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) {
				const [target, anchor] = match[1].split('#');
				if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
				found.push({ path: target, anchor, line: at + 1, link: true });
			}
		});
	return found;
}

/**
 * The anchors a link can name in a markdown file, as GitHub makes them: each heading's text, lower case, without
 * its formatting and punctuation, spaces as `-` (a second heading of the same text gets `-1`), and each
 * `<a id="…">`.
 */
function anchorsOf(markdown) {
	const anchors = new Set();
	const seen = new Map();
	for (const { heading } of sectionsOf(markdown)) {
		const slug = heading
			.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s_-]/gu, '')
			.replace(/\s/g, '-');
		const times = seen.get(slug) ?? 0;
		seen.set(slug, times + 1);
		anchors.add(times === 0 ? slug : `${slug}-${times}`);
	}
	for (const match of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
	return anchors;
}

module.exports = {
	ROOT,
	readDoc,
	sectionsOf,
	codeSpansOf,
	namesKey,
	markdownFiles,
	existsUnder,
	pathsNamedIn,
	anchorsOf,
};
