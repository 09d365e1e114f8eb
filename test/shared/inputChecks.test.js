const { pageUrlFrom, passwordFrom, privacyFrom, projectPathSegment } =
	require('../helpers/built').inputChecks;
const { refusal } = require('../helpers/input-refusal');

describe('pageUrlFrom', () => {
	test('accepts and trims an http(s) URL', () => {
		expect(pageUrlFrom(' https://example.com/about ')).toBe('https://example.com/about');
		expect(pageUrlFrom('http://example.com')).toBe('http://example.com');
	});

	test.each([
		['', 'URL is required, like https://example.com/page'],
		['   ', 'URL is required, like https://example.com/page'],
		[
			'example.com/page',
			'URL must be a full web address starting with http:// or https://, like https://example.com/page (got "example.com/page")',
		],
		[
			'ftp://example.com/file',
			'URL must start with http:// or https:// and name a host, like https://example.com/page (got "ftp://example.com/file")',
		],
		[42, 'URL must be text, like https://example.com/page (got a number)'],
		[['https://a.test'], 'URL must be text, like https://example.com/page (got a list)'],
		[undefined, 'URL must be text, like https://example.com/page (got nothing)'],
	])('refuses %p', (value, message) => {
		expect(refusal(() => pageUrlFrom(value))).toEqual({ field: 'URL', message });
	});

	test('refuses a URL over 2048 characters and accepts one of exactly 2048', () => {
		const base = 'https://example.com/';
		expect(pageUrlFrom(base + 'a'.repeat(2048 - base.length))).toHaveLength(2048);
		expect(refusal(() => pageUrlFrom(base + 'a'.repeat(2049 - base.length)))).toEqual({
			field: 'URL',
			message: 'URL must be at most 2048 characters (got 2049)',
		});
	});

	// Audit Site's Site and Sitemap URL: the same check, each error naming the field and its example
	test.each([
		[42, 'Sitemap URL must be text, like https://example.com/sitemap.xml (got a number)'],
		['', 'Sitemap URL is required, like https://example.com/sitemap.xml'],
		[
			'example.com/sitemap.xml',
			'Sitemap URL must be a full web address starting with http:// or https://, like https://example.com/sitemap.xml (got "example.com/sitemap.xml")',
		],
		[
			'ftp://example.com/sitemap.xml',
			'Sitemap URL must start with http:// or https:// and name a host, like https://example.com/sitemap.xml (got "ftp://example.com/sitemap.xml")',
		],
		[
			`https://example.com/${'a'.repeat(2040)}`,
			'Sitemap URL must be at most 2048 characters (got 2060)',
		],
	])('another field: %j → %s', (value, message) => {
		expect(
			refusal(() => pageUrlFrom(value, 'Sitemap URL', 'https://example.com/sitemap.xml')),
		).toEqual({ field: 'Sitemap URL', message });
	});
});

describe('privacyFrom', () => {
	test.each([
		[0, 0],
		[1, 1],
		[2, 2],
		['2', 2],
		// an AI tool's argument or an expression may name the option instead of its value
		['public', 0],
		['Private', 1],
		[' PASSWORD ', 2],
	])('accepts %p', (value, privacy) => expect(privacyFrom(value)).toBe(privacy));

	test.each([3, -1, 'secret', 'constructor', '__proto__', true, null])('refuses %p', (value) => {
		expect(refusal(() => privacyFrom(value))).toEqual({
			field: 'Privacy',
			message: `Privacy must be 0 (Public), 1 (Private) or 2 (Password), or one of those names (got ${JSON.stringify(value)})`,
		});
	});
});

describe('passwordFrom', () => {
	test('accepts 1 to 128 characters', () => {
		expect(passwordFrom('x')).toBe('x');
		expect(passwordFrom('p'.repeat(128))).toBe('p'.repeat(128));
	});

	test.each([
		[undefined, 'Password is required when Privacy is Password'],
		['', 'Password is required when Privacy is Password'],
		[1234, 'Password must be text (got a number)'],
		['s3cret-'.repeat(19), 'Password must be 1 to 128 characters (got 133)'],
	])('refuses %p without echoing it', (value, message) => {
		const result = refusal(() => passwordFrom(value));
		expect(result).toEqual({ field: 'Password', message });
		if (typeof value === 'string' && value) expect(result.message).not.toContain('s3cret');
	});
});

describe('projectPathSegment', () => {
	test.each([
		['example.com', 'example.com'],
		['a/b', 'a%2Fb'],
		['what?x=1', 'what%3Fx%3D1'],
		['tag#1', 'tag%231'],
		['100%', '100%25'],
		['my site', 'my%20site'],
		['../reports', '..%2Freports'],
		['bücher.de', 'b%C3%BCcher.de'],
		['...', '...'],
	])('encodes %p as one segment', (name, segment) => {
		expect(projectPathSegment(name)).toBe(segment);
	});

	test.each([
		['', 'Project is required, like example.com'],
		['  ', 'Project is required, like example.com'],
		['.', 'Project cannot be ".": name a project, like example.com'],
		['..', 'Project cannot be "..": name a project, like example.com'],
		[7, 'Project must be a project name as text (got a number)'],
	])('refuses %p', (value, message) => {
		expect(refusal(() => projectPathSegment(value))).toEqual({ field: 'Project', message });
	});
});
