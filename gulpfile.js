// tsc compiles the TypeScript; gulp clears the old output first and copies what tsc does not:
// the icons and the codex files.
const fs = require('node:fs');
const { src, dest, task } = require('gulp');

function clean(done) {
	fs.rmSync('dist', { recursive: true, force: true });
	done();
}

function copyAssets() {
	return src(['nodes/**/*.{svg,png,node.json}', 'credentials/**/*.{svg,png}'], {
		base: '.',
		encoding: false,
		allowEmpty: true,
	}).pipe(dest('dist'));
}

task('clean', clean);
task('build:assets', copyAssets);
