'use strict';

// The store and update form requests, with Laravel 9's English messages. Laravel checks
// every rule of a field (no "bail"), except that a failed "required" stops that field,
// and non-required rules skip null values (empty strings became null earlier).

const { parsePageUrl } = require('./store');
const { isPhpInt, looselyEqualsInt } = require('./laravel');

const MAX_URL = 2048;
const MAX_PASSWORD = 128;
const PRIVACY_VALUES = ['0', '1', '2'];
const RESULTS_VALUES = ['0', '1'];

const messages = {
	required: (f) => `The ${f} field is required.`,
	requiredIf: (f, other, value) => `The ${f} field is required when ${other} is ${value}.`,
	url: (f) => `The ${f} must be a valid URL.`,
	string: (f) => `The ${f} must be a string.`,
	maxString: (f, n) => `The ${f} must not be greater than ${n} characters.`,
	minString: (f, n) => `The ${f} must be at least ${n} characters.`,
	integer: (f) => `The ${f} must be an integer.`,
	in: (f) => `The selected ${f} is invalid.`,
};

/** Collects field -> [messages] in the order fields are checked. */
class Errors {
	constructor() {
		this.fields = {};
	}
	add(field, message) {
		(this.fields[field] = this.fields[field] || []).push(message);
	}
	has(field) {
		return field === undefined ? Object.keys(this.fields).length > 0 : Boolean(this.fields[field]);
	}
}

const length = (text) => [...text].length; // mb_strlen counts code points

/** POST /reports: url required|url|max:2048, privacy nullable|integer|in:0,1,2, password required_if:privacy,2|string|min:1|max:128 */
function validateStore(input) {
	const errors = new Errors();
	checkUrl(input.url, errors);
	checkEnum('privacy', input.privacy, PRIVACY_VALUES, errors);
	checkPassword(input, errors);
	return errors;
}

/** PUT/PATCH /reports/{id}: privacy, password as above (all optional), results nullable|integer|in:0,1 */
function validateUpdate(input) {
	const errors = new Errors();
	checkEnum('privacy', input.privacy, PRIVACY_VALUES, errors);
	checkPassword(input, errors);
	checkEnum('results', input.results, RESULTS_VALUES, errors);
	return errors;
}

function checkUrl(value, errors) {
	if (value === null || value === undefined) return errors.add('url', messages.required('url'));
	if (typeof value !== 'string' || !parsePageUrl(value)) errors.add('url', messages.url('url'));
	if (typeof value === 'string' && length(value) > MAX_URL)
		errors.add('url', messages.maxString('url', MAX_URL));
}

function checkEnum(field, value, allowed, errors) {
	if (value === null || value === undefined) return;
	if (!isPhpInt(value)) errors.add(field, messages.integer(field));
	if (!allowed.includes(String(value))) errors.add(field, messages.in(field));
}

function checkPassword(input, errors) {
	const value = input.password;
	const blank =
		value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
	if (looselyEqualsInt(input.privacy, 2) && blank)
		return errors.add('password', messages.requiredIf('password', 'privacy', 2));
	if (value === null || value === undefined) return;
	if (typeof value !== 'string') return errors.add('password', messages.string('password'));
	if (length(value) < 1) errors.add('password', messages.minString('password', 1));
	if (length(value) > MAX_PASSWORD)
		errors.add('password', messages.maxString('password', MAX_PASSWORD));
}

module.exports = { validateStore, validateUpdate, messages, MAX_URL, MAX_PASSWORD };
