'use strict';

/**
 * Jest setup file (plain JS so it may touch `process`). List it in jest.config.js:
 *
 *   setupFiles: ['<rootDir>/test/helpers/jest-setup.js'],
 *
 * It runs before each test file, before any n8n-core code is loaded, and points
 * N8N_USER_FOLDER at a temp dir (n8n-core writes `<folder>/.n8n/config` on first use).
 * test/helpers/n8n-runner.js does the same if this file was not loaded.
 */
const { ensureN8nUserFolder, quietN8nEnvironment } = require('./user-folder');

ensureN8nUserFolder();
quietN8nEnvironment();
