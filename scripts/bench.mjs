// `npm run bench`: install and build through the pinned pnpm when sources changed, then run the
// bench (bench/run.mjs) with the Chromium we found, and then the phone-on-a-slow-link timings and
// Lighthouse (bench/speed.mjs, 3 runs, medians), over HTTP/1.1 and again over HTTPS (HTTP/2).
// Options after `--` go to the bench (`npm run bench -- --help`); `--no-build` skips the install
// and build check, `--rebuild` forces a build, `--skip-speed` leaves out bench/speed.mjs (as
// `--skip-browser` does).
import path from 'node:path';
import { ROOT, buildIfNeeded, checkNode, fail, findChromium, install, spawnChild } from './lib.mjs';

checkNode();
const args = process.argv.slice(2);
const own = new Set(['--no-build', '--rebuild', '--skip-speed']);
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
const env = chromium ? { CHROMIUM_PATH: chromium } : {};
const speed = !args.includes('--skip-speed') && !benchArgs.includes('--skip-browser');

function runStep(script, stepArgs, then) {
  const child = spawnChild(process.execPath, [path.join(ROOT, script), ...stepArgs], { cwd: ROOT, env });
  child.on('error', (error) => fail(`the bench could not start ${script}: ${error.message}`));
  child.on('exit', (code, signal) => {
    if (signal) process.exit(130);
    if (code !== 0 || !then) process.exit(code ?? 1);
    then();
  });
}

// the pages twice: as `npm start` serves them (plain HTTP/1.1), then as a deployment with TLS_CERT_FILE
// does (HTTPS over HTTP/2), which a phone needs anyway for the service worker
const speedOverTls = () => runStep('bench/speed.mjs', ['--runs=3', '--tls', '--json=bench/speed-results-tls.json']);
runStep('bench/run.mjs', benchArgs, speed ? () => runStep('bench/speed.mjs', ['--runs=3'], speedOverTls) : undefined);
