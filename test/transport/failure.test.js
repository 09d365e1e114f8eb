// What a request that got no answer means, and what each failure decides (transport/failure.ts).
const { transportFailure, retryKind } = require('../helpers/built').failure;

test('transportFailure: never sent (retried or a configuration error) or maybe processed', () => {
	const failure = (code) => transportFailure(Object.assign(new Error('x'), { code }));
	expect(failure('ECONNREFUSED')).toEqual({
		type: 'notSent',
		code: 'ECONNREFUSED',
		configuration: false,
	});
	expect(failure('ENOTFOUND')).toEqual({ type: 'notSent', code: 'ENOTFOUND', configuration: true });
	expect(failure('CERT_HAS_EXPIRED')).toEqual({
		type: 'notSent',
		code: 'CERT_HAS_EXPIRED',
		configuration: true,
	});
	expect(failure('ECONNRESET')).toEqual({ type: 'noAnswer', code: 'ECONNRESET' });
	expect(transportFailure({ cause: { code: 'ETIMEDOUT' } })).toEqual({
		type: 'noAnswer',
		code: 'ETIMEDOUT',
	});
	expect(transportFailure(new Error('socket hang up'))).toEqual({
		type: 'noAnswer',
		code: 'ECONNRESET',
	});
	expect(transportFailure(new TypeError('Invalid URL'))).toEqual({
		type: 'notSent',
		code: 'ERR_INVALID_URL',
		configuration: true,
	});
	expect(
		['ECONNREFUSED', 'ENOTFOUND', 'ECONNRESET'].map((code) => retryKind(failure(code))),
	).toEqual(['resend', 'final', 'resendIfRepeatable']);
});
