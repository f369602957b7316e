// `npm run bench`: install and build through the pinned pnpm when sources changed, then run the
// bench (bench/run.mjs) with the Chromium we found. Options after `--` go to the bench (`npm run
// bench -- --help`); `--no-build` skips the install and build check, `--rebuild` forces a build.
import path from 'node:path';
import { ROOT, buildIfNeeded, checkNode, fail, findChromium, install, spawnChild } from './lib.mjs';

checkNode();
const args = process.argv.slice(2);
const own = new Set(['--no-build', '--rebuild']);
const benchArgs = args.filter((arg) => !own.has(arg));

if (!args.includes('--no-build')) {
  install();
  buildIfNeeded({ force: args.includes('--rebuild') });
}

const chromium = findChromium();
if (!chromium && !benchArgs.includes('--skip-browser')) {
  fail(
    'The bench measures the pages in Chromium and none was found. Install one (Debian/Ubuntu: `apt-get install chromium`) ' +
      'or point CHROMIUM_PATH at a Chromium/Chrome binary; `npm run bench -- --skip-browser` runs only the API part.',
  );
}

// Node directly, not `pnpm run`: pnpm does not pass SIGTERM on, and the bench must get it to stop
// its servers and browser. spawnChild forwards our SIGINT/SIGTERM.
const bench = spawnChild(process.execPath, [path.join(ROOT, 'bench/run.mjs'), ...benchArgs], {
  cwd: ROOT,
  env: chromium ? { CHROMIUM_PATH: chromium } : {},
});
bench.on('error', (error) => fail(`the bench could not start: ${error.message}`));
bench.on('exit', (code, signal) => process.exit(signal ? 130 : (code ?? 1)));
