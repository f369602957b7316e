// `npm test`: every suite — types, lint, unit, component, API (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set) and the Playwright browser tests against the production build.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, buildIfNeeded, checkNode, fail, findChromium, install, pnpm, run } from './lib.mjs';

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

const out = path.join(ROOT, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const jestReport = path.join(out, 'jest.json');
const JEST_WORKERS = process.env.JEST_WORKERS ?? '1';
const e2eReport = path.join(out, 'e2e.json');

const steps = [];
const step = (name, status) => {
  steps.push({ name, ok: status === 0 });
  console.log(`\n${status === 0 ? '✔' : '✖'} ${name}\n`);
};

step('Type checks', pnpm(['-r', '--workspace-concurrency=2', 'run', 'typecheck']));
step('Lint', pnpm(['-r', '--workspace-concurrency=2', 'run', 'lint']));
step('Docs citations', run('node', ['scripts/check-docs-citations.mjs']));
step('Format (Prettier)', run('npx', ['--no-install', 'prettier', '--check', '--log-level', 'warn', '.']));
// One file at a time unless JEST_WORKERS says more: the suites are independent (each API test has
// its own SQLite file or PostgreSQL schema, and random ports), but on two cores a second worker
// beside the fault suite's server processes and PostgreSQL turned timings into timeouts.
step(
  'Unit, component and API tests (jest)',
  run('npx', [
    '--no-install',
    'jest',
    '--ci',
    JEST_WORKERS === '1' ? '--runInBand' : `--maxWorkers=${JEST_WORKERS}`,
    '--json',
    `--outputFile=${jestReport}`,
  ]),
);
step(
  'Browser tests (Playwright, Chromium)',
  pnpm(['--filter', '@imprest/e2e', 'test'], { env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport } }),
);

/** Counts from the runners' own reports, so the closing line says how many tests ran. */
function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(jestReport)) {
    const jest = JSON.parse(readFileSync(jestReport, 'utf8'));
    passed += jest.numPassedTests;
    failed += jest.numFailedTests + (jest.numRuntimeErrorTestSuites ?? 0);
    skipped += jest.numPendingTests;
  }
  if (existsSync(e2eReport)) {
    const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
  }
  return { passed, failed, skipped };
}

const failedSteps = steps.filter((s) => !s.ok);
const total = counts();
console.log(
  `tests: ${total.passed} passed, ${total.failed + (failedSteps.length && !total.failed ? 1 : 0)} failed, ${total.skipped} skipped`,
);
if (failedSteps.length) fail(`Failed: ${failedSteps.map((s) => s.name).join(', ')}`);
if (total.passed === 0) fail('No test ran.');
