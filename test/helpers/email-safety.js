// Whether an email's HTML renders the same in Gmail, Outlook and Apple Mail (issue 45): what those
// clients drop or block is not used. Gmail and Outlook remove inline <svg>, `data:` images and
// <style> blocks (Outlook keeps few), run no script, and show no image of another server without the
// reader's leave; every client keeps HTML tables with width/height/bgcolor and inline `style`
// attributes. Used by the jest test of the example's digest (test/node/examples.test.js) and by the
// real-n8n e2e (test/e2e/lib/weeklyDigest.js) on the email that reached the SMTP server.

/** Every start tag of the HTML, lower-cased name and its raw text: [{name, text}]. */
function startTags(html) {
	return [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>/g)].map((m) => ({
		name: m[1].toLowerCase(),
		text: m[0],
	}));
}

/** The value of an attribute in a tag's text (double, single or no quotes), or undefined. */
function attribute(tag, name) {
	const m = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
	return m ? (m[2] ?? m[3] ?? m[4]) : undefined;
}

/** CSS that a mail client drops, or that loads from elsewhere. */
const UNSAFE_CSS = [
	[/url\s*\(/i, 'a CSS url() (an image fetched from elsewhere)'],
	[/position\s*:/i, 'CSS position (Gmail and Outlook drop it)'],
	[/display\s*:\s*(flex|grid)/i, 'CSS flex or grid layout (Outlook ignores it)'],
	[/expression\s*\(/i, 'a CSS expression()'],
];

/**
 * The reasons the HTML is not safe for email, each naming what was found; [] when it is.
 * Rules: no <svg>, no <style>, no <script>, no <link> (stylesheets), no <iframe>/<object>/<embed>/
 * <form>; no `data:` or `javascript:` in any tag; no event handler attribute (on...); an <img> only
 * from a `cid:` attachment (no image of another server); no `class` attribute (there is no style
 * sheet to give it a meaning); inline `style` without url(), position, flex or grid; at least one
 * <table> (the layout is made of tables). `logo`: the one https image the sender chose (Digest's Logo
 * URL), allowed with its alt, width and height (Outlook blocks it until allowed: alt says whose).
 */
function emailSafetyProblems(html, { logo } = {}) {
	const problems = [];
	if (typeof html !== 'string' || html.trim() === '') return ['the HTML is empty'];
	const tags = startTags(html);
	const count = (name) => tags.filter((t) => t.name === name).length;
	for (const name of ['svg', 'style', 'script', 'link', 'iframe', 'object', 'embed', 'form'])
		if (count(name) > 0) problems.push(`<${name}> (${count(name)})`);
	for (const tag of tags) {
		const short = tag.text.length > 120 ? `${tag.text.slice(0, 117)}...` : tag.text;
		if (/data:/i.test(tag.text)) problems.push(`a data: URI in ${short}`);
		if (/javascript:/i.test(tag.text)) problems.push(`a javascript: URL in ${short}`);
		if (/\son[a-z]+\s*=/i.test(tag.text)) problems.push(`an event handler in ${short}`);
		if (attribute(tag.text, 'class') !== undefined) problems.push(`a class attribute in ${short}`);
		const src = attribute(tag.text, 'src') ?? '';
		const isLogo =
			logo !== undefined &&
			src === logo &&
			/^https:/i.test(src) &&
			['alt', 'width', 'height'].every((name) => attribute(tag.text, name));
		if (tag.name === 'img' && !/^cid:/i.test(src) && !isLogo)
			problems.push(`an image that is not a cid: attachment: ${short}`);
		const style = attribute(tag.text, 'style');
		if (style !== undefined)
			for (const [pattern, what] of UNSAFE_CSS)
				if (pattern.test(style)) problems.push(`${what} in ${short}`);
		const background = attribute(tag.text, 'background');
		if (background !== undefined) problems.push(`a background image in ${short}`);
	}
	if (count('table') === 0) problems.push('no <table>: the layout of an email is made of tables');
	return problems;
}

module.exports = { emailSafetyProblems, startTags, attribute };
