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
