'use strict';
// n8n loads this package through the `n8n` block of package.json; nothing to export here.
module.exports = {};
