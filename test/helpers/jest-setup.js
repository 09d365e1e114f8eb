'use strict';

/**
 * Jest setup file (plain JS so it may touch `process`). List it in jest.config.js:
 *
 *   setupFiles: ['<rootDir>/test/helpers/jest-setup.js'],
 *
 * It runs before each test file, before any n8n-core code is loaded, and points
 * N8N_USER_FOLDER at a temp dir (n8n-core writes `<folder>/.n8n/config` on first use).
 * Every helper module that loads n8n-core does the same if this file was not loaded.
 */
require('./user-folder').prepareForN8nCore();
