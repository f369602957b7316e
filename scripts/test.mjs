// `npm test`: every suite — types, unit, component, API (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set) and the Playwright browser tests against the production build.
import { buildIfNeeded, checkNode, fail, findChromium, install, pnpm, run } from './lib.mjs';

checkNode();
const chromium = findChromium();
if (!chromium) {
  fail(
    'Chromium was not found, and the browser tests need it.\n' +
      '  Debian/Ubuntu: sudo apt-get install -y chromium\n' +
      '  Or point CHROMIUM_PATH at a Chrome or Chromium binary.',
  );
}
install();
buildIfNeeded();

const results = [];
const step = (name, status) => {
  results.push({ name, ok: status === 0 });
  console.log(`\n${status === 0 ? '✔' : '✖'} ${name}\n`);
};

step('Type checks', pnpm(['-r', '--workspace-concurrency=2', 'run', 'typecheck']));
step('Unit, component and API tests (jest)', run('npx', ['--no-install', 'jest', '--ci', '--runInBand']));
step('Browser tests (Playwright, Chromium)', pnpm(['--filter', '@imprest/e2e', 'test'], { env: { CHROMIUM_PATH: chromium } }));

const failed = results.filter((r) => !r.ok);
console.log(`${results.length - failed.length} passed, ${failed.length} failed`);
if (failed.length) fail(`Failed: ${failed.map((r) => r.name).join(', ')}`);
