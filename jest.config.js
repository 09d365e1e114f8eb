// Tests are plain JavaScript against the built package in dist/ (run `npm run build` first;
// `npm test` does), so they exercise exactly what n8n loads.
module.exports = {
	testEnvironment: 'node',
	testMatch: ['<rootDir>/test/**/*.test.js'],
	setupFiles: ['<rootDir>/test/helpers/jest-setup.js'],
	testTimeout: 30000,
};
