// `npm test`: every suite — types, lint, unit, component, API (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set) and the Playwright browser tests against the production build.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, buildEnv, buildIfNeeded, checkNode, fail, findChromium, install, pnpm, run } from './lib.mjs';

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
const JEST_WORKERS = process.env.JEST_WORKERS ?? '1';
// JEST_BESIDE=0 runs the unit and component suites after the API suites instead of beside them
const JEST_BESIDE = process.env.JEST_BESIDE !== '0';
const e2eReport = path.join(out, 'e2e.json');

const steps = [];
const step = (name, status) => {
  steps.push({ name, ok: status === 0 });
  console.log(`\n${status === 0 ? '✔' : '✖'} ${name}\n`);
};

step('Type checks', pnpm(['-r', '--workspace-concurrency=2', 'run', 'typecheck']));
// the root's own lint too (as `npm run lint`): eslint over scripts/ and the root configs, then knip (dead
// exports, files, dependencies); each part runs when the one before passed (a status of 0)
step(
  'Lint',
  pnpm(['-r', '--workspace-concurrency=2', 'run', 'lint']) ||
    run('npx', ['--no-install', 'eslint', 'scripts', '*.cjs', '*.mjs']) ||
    run('npx', ['--no-install', 'knip', '--no-progress']),
);
step('Docs citations', run('node', ['scripts/check-docs-citations.mjs']));
step('Format (Prettier)', run('npx', ['--no-install', 'prettier', '--check', '--log-level', 'warn', '.']));
// jest in three runs, each one file at a time (JEST_WORKERS for more): on two cores a second worker
// beside the fault suite's server processes and PostgreSQL turned timings into timeouts. The API
// suites use about one core (a test waits on SQLite's disk or on PostgreSQL, a process of its own),
// so the unit and component suites, which need no server, run beside them in a second jest; the
// fault suite (server/src/scale: restarts PostgreSQL, kills Redis, fills a disk) runs last, alone.
const JEST_RUNS = {
  api: ['/server/src/', '--testPathIgnorePatterns', '/node_modules/', '/server/src/scale/'],
  units: ['--testPathIgnorePatterns', '/node_modules/', '/server/src/'],
  faults: ['/server/src/scale/'],
};
const jestReports = Object.keys(JEST_RUNS).map((name) => path.join(out, `jest-${name}.json`));
const jestArgs = (name) => [
  '--no-install',
  'jest',
  '--ci',
  JEST_WORKERS === '1' ? '--runInBand' : `--maxWorkers=${JEST_WORKERS}`,
  '--json',
  `--outputFile=${path.join(out, `jest-${name}.json`)}`,
  ...JEST_RUNS[name],
];
const started = Date.now();
const units = JEST_BESIDE ? besideLogged(jestArgs('units'), path.join(out, 'jest-units.log')) : null;
const apiStatus = run('npx', jestArgs('api'));
const unitsStatus = units ? await units : run('npx', jestArgs('units'));
const faultsStatus = run('npx', jestArgs('faults'));
console.log(`• jest: ${Math.round((Date.now() - started) / 1000)} s`);
step('Unit, component and API tests (jest)', apiStatus || unitsStatus || faultsStatus);
step(
  'Browser tests (Playwright, Chromium)',
  pnpm(['--filter', '@imprest/e2e', 'test'], { env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport } }),
);

/**
 * A jest run beside this process's own: its output goes to `log` (a file the child writes itself,
 * as this process waits in spawnSync meanwhile) and is printed once it ends, so the two runs' lines
 * do not interleave. Resolves with its exit status.
 */
function besideLogged(args, log) {
  const fd = openSync(log, 'w');
  const child = spawn('npx', args, { cwd: ROOT, env: buildEnv(), stdio: ['ignore', fd, fd] });
  closeSync(fd);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => {
    child.on('error', (error) => fail(`jest could not start: ${error.message}`));
    child.on('close', (code) => {
      console.log(`\n── unit and component tests (jest, beside the API tests): ${log} ──\n`);
      process.stdout.write(readFileSync(log, 'utf8'));
      resolve(code ?? 1);
    });
  });
}

/** Counts from the runners' own reports, so the closing line says how many tests ran. */
function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const report of jestReports.filter(existsSync)) {
    const jest = JSON.parse(readFileSync(report, 'utf8'));
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
