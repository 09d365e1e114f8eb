const { apiBaseUrl } = require('../helpers/built').apiBaseUrl;

/** Every form a user may paste, and the API root it must give. */
const BASE_URL_CASES = [
	['https://seo.example.com', 'https://seo.example.com/api/v1'],
	['https://seo.example.com/', 'https://seo.example.com/api/v1'],
	['https://seo.example.com///', 'https://seo.example.com/api/v1'],
	['https://seo.example.com/api/v1', 'https://seo.example.com/api/v1'],
	['https://seo.example.com/api/v1/', 'https://seo.example.com/api/v1'],
	['https://seo.example.com/API/V1', 'https://seo.example.com/api/v1'],
	['  https://seo.example.com  ', 'https://seo.example.com/api/v1'],
	['https://example.com/seo', 'https://example.com/seo/api/v1'],
	['https://example.com/seo/api/v1/', 'https://example.com/seo/api/v1'],
	['http://127.0.0.1:8080', 'http://127.0.0.1:8080/api/v1'],
];

describe('apiBaseUrl', () => {
	test.each(BASE_URL_CASES)('%p -> %p', (siteUrl, expected) => {
		expect(apiBaseUrl(siteUrl)).toBe(expected);
	});
});

test.each([
	'https://user:pass@seo.example.com',
	'https://user@seo.example.com/',
	' http://:pw@127.0.0.1:8080/api/v1',
])('%p has userinfo: refused with a code the transport words, naming no part of it', (url) => {
	let refused;
	try {
		apiBaseUrl(url);
	} catch (error) {
		refused = error;
	}
	expect(refused && [refused.name, refused.code]).toEqual([
		'BaseUrlWithUserinfo',
		'ERR_BASE_URL_USERINFO',
	]);
	expect(refused.message).toBe(
		"The credential's Base URL has a user name or password in it (user:password@ before the host)",
	);
});

test('an @ after the host (in a path) is not userinfo', () => {
	expect(apiBaseUrl('https://seo.example.com/@team')).toBe('https://seo.example.com/@team/api/v1');
});
