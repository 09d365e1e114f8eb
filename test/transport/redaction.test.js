// Secrets removed from what the package shows (transport/redaction.ts).
const { redactSecrets } = require('../helpers/built').redaction;

describe('redactSecrets', () => {
	test('a secret in every spelling a server may echo', () => {
		const key = 'k3y/with spaces+';
		const text = `${key} ${encodeURIComponent(key)} ${encodeURIComponent(key).replace(/%20/g, '+')} ${JSON.stringify(key)}`;
		expect(redactSecrets(text, [key])).toBe('[redacted] [redacted] [redacted] "[redacted]"');
	});
	test('password fields and Bearer headers whatever their length; ordinary words stay', () => {
		expect(redactSecrets('password=ab&x=1 "password":"cd" Authorization: Bearer zz', [])).toBe(
			'password=[redacted]&x=1 "password":"[redacted]" Authorization: Bearer [redacted]',
		);
		expect(redactSecrets('Password is required when Privacy is Password', ['ab'])).toBe(
			'Password is required when Privacy is Password',
		);
	});
});
