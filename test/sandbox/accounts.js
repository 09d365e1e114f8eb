'use strict';

// Each API key is one phpRank user. A key may be a plain string or an object
// {key, name?, email?, apiAccess?, maxReports?} to model plan restrictions.

const { isoMicros } = require('./laravel');

const DAY_MS = 24 * 60 * 60 * 1000;

function buildAccounts(apiKeys, { clockStart, maxReports = null }) {
	const list = (apiKeys && apiKeys.length ? apiKeys : ['sandbox-key']).map((entry, index) => {
		const spec = typeof entry === 'string' ? { key: entry } : { ...entry };
		if (typeof spec.key !== 'string' || spec.key === '')
			throw new Error('Every API key must be a non-empty string');
		const n = index + 1;
		return {
			id: n,
			key: spec.key,
			name: spec.name || `Sandbox User ${n}`,
			email: spec.email || `user${n}@sandbox.phprank.test`,
			apiAccess: spec.apiAccess !== false,
			maxReports: spec.maxReports === undefined ? maxReports : spec.maxReports,
			// Accounts predate every report, so they sit a month before the sandbox clock.
			createdAt: clockStart - 30 * DAY_MS + index * 60 * 60 * 1000,
		};
	});
	const byKey = new Map(list.map((account) => [account.key, account]));
	if (byKey.size !== list.length) throw new Error('API keys must be unique');
	return { list, byKey, first: list[0] };
}

/** GET /account's `data`. */
function renderAccount(account) {
	return {
		id: account.id,
		name: account.name,
		email: account.email,
		locale: 'en',
		timezone: 'UTC',
		created_at: isoMicros(account.createdAt),
		updated_at: isoMicros(account.createdAt),
	};
}

module.exports = { buildAccounts, renderAccount };
