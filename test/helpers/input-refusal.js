// The refusal an input check throws (shared/inputChecks.ts `InvalidInput`), so each case asserts the
// field and the exact wording.
const { InvalidInput } = require('./built').inputChecks;

function refusal(check) {
	try {
		check();
	} catch (error) {
		expect(error).toBeInstanceOf(InvalidInput);
		return { field: error.field, message: error.message };
	}
	throw new Error('the check accepted the value');
}

module.exports = { refusal };
