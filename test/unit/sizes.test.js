// What a newcomer reads first stays short (issue 56): the README says what a user needs (the rest is in docs/),
// docs/architecture.md is one page, and scripts/demo.js is held to the bound nodes/ has (scripts/lint.js).
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');
const bytesOf = (file) => fs.statSync(path.join(ROOT, file)).size;
const linesOf = (file) => fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1;

test('README.md: at most 12,000 bytes', () => {
	expect(bytesOf('README.md')).toBeLessThanOrEqual(12_000);
});

test('docs/architecture.md: at most 150 lines', () => {
	expect(linesOf('docs/architecture.md')).toBeLessThanOrEqual(150);
});

test('scripts/demo.js: under 450 lines', () => {
	expect(linesOf('scripts/demo.js')).toBeLessThan(450);
});
